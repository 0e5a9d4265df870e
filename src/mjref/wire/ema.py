"""The EMA pack's JSON shapes: the list import, the warnings about EMA numbers, the EMA
details and the MERS weight (``docs/ema.md``). Weights are strings holding the exact
decimal (``"2.5"``); messages are ``{"key", "params", "text"}`` in the chosen language."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

from mjref.ema.checklist import CheckItem
from mjref.ema.number_check import NumberWarning
from mjref.ema.ranking import Rating
from mjref.i18n import render
from mjref.messages import Message
from mjref.services.ema import (
    READING_CHOICES,
    EmaDetails,
    EmaReadings,
    ListImport,
    NumberReport,
    ObserverReport,
    RankingImport,
    RankingPreview,
    WeightReport,
    reading_names,
)
from mjref.wire.messages import JsonValue, message_json


def list_import_json(report: ListImport, language: str) -> dict[str, JsonValue]:
    return {
        "players": report.players,
        "skipped": [
            {"line": p.line, "reason": message_json(p.reason, language)} for p in report.skipped
        ],
    }


def warning_json(warning: NumberWarning, language: str) -> dict[str, JsonValue]:
    return {
        "player": warning.player,
        "warning": warning.kind.value,
        "ema_number": warning.number,
        "accepted": warning.accepted,
        "message": message_json(warning.message, language),
    }


def warnings_json(report: NumberReport, language: str) -> dict[str, JsonValue]:
    imported: JsonValue = None
    if report.list_import is not None:
        at, actor, players, source = report.list_import
        imported = {"at": at, "actor": actor, "players": players, "source": source}
    return {
        "list": imported,
        "warnings": [warning_json(w, language) for w in report.warnings],
    }


def details_json(details: EmaDetails) -> dict[str, JsonValue]:
    return {
        "days": details.days,
        "qualifying": details.qualifying,
        "host_country": details.host_country,
        "reading": details.reading.value,
        "set_at": details.set_at,
    }


def weight_json(report: WeightReport, language: str) -> dict[str, JsonValue]:
    return {
        "weight": str(report.weight.total),
        "parts": [
            {"part": p.name, "points": str(p.points), "why": message_json(p.why, language)}
            for p in report.weight.parts
        ],
        "players": report.players,
        "substitutes": report.substitutes,
        "countries": report.countries,
        "guests": report.guests,
        "details": details_json(report.details),
        "notes": [message_json(n, language) for n in report.notes],
        "source": "https://mahjong-europe.org/ranking/Basicsranking.html",
    }


def checklist_json(items: tuple[CheckItem, ...], language: str) -> list[JsonValue]:
    return [
        {
            "item": i.name,
            "status": i.status.value,
            "why": message_json(i.why, language),
            "source": message_json(i.source, language),
        }
        for i in items
    ]


def _number(value: Fraction | None) -> JsonValue:
    """A rating or part as a decimal with two places (``None`` stays ``null``)."""
    return None if value is None else f"{float(value):.2f}"


def rating_json(found: Rating) -> dict[str, JsonValue]:
    return {
        "rating": _number(found.value),
        "ranked": found.ranked,
        "part_a": _number(found.part_a),
        "part_b": _number(found.part_b),
        "results": found.results,
        "counted": [
            {
                "tournament": None if c.result is None else c.result.label,
                "end": None if c.result is None else c.result.end,
                "place": None if c.result is None else c.result.place,
                "players": None if c.result is None else c.result.players,
                "padding": c.result is None,
                "base_rank": _number(c.base_rank),
                "age": _number(c.age),
                "weight": _number(c.weight),
                "in_a": c.in_a,
                "in_b": c.in_b,
            }
            for c in found.counted
        ],
    }


def preview_json(preview: RankingPreview) -> dict[str, JsonValue]:
    r = preview.readings
    return {
        "player": preview.player,
        "ema_number": preview.ema_number,
        "family": preview.family,
        "reckoning": preview.reckoning,
        "now": rating_json(preview.now),
        "event": None
        if preview.event is None
        else {
            "place": preview.event.place,
            "players": preview.event.players,
            "weight": _number(preview.event.weight),
        },
        "with_event": None if preview.with_event is None else rating_json(preview.with_event),
        "readings": [
            r.base_rank.value,
            r.age.value,
            r.age_date.value,
            r.tie.value,
            "wc-count" if r.world_championships else "wc-excluded",
        ],
        "source": "https://mahjong-europe.org/ranking/Basicsranking.html",
    }


def ranking_import_json(report: RankingImport, language: str) -> dict[str, JsonValue]:
    return {
        "rows": report.rows,
        "skipped": [
            {"line": p.line, "reason": message_json(p.reason, language)} for p in report.skipped
        ],
    }


def moment(seconds: int | None) -> str | None:
    """A clock time (Unix seconds) as ``YYYY-MM-DD HH:MM`` UTC."""
    if seconds is None:
        return None
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M")


def observer_json(report: ObserverReport, language: str) -> dict[str, JsonValue]:
    return {
        "observer": None,
        "location": None,
        "tournament": report.name,
        "ruleset": report.ruleset,
        "family": report.family,
        "weight": weight_json(report.weight, language),
        "sessions": report.sessions,
        "session_minutes": report.session_minutes,
        "schedule": [
            {"session": s, "start": moment(a), "end": moment(b)} for s, a, b in report.schedule
        ],
        "players": report.players,
        "substitutes": report.substitutes,
        "countries": [{"country": c, "players": n} for c, n in report.countries],
        "referees": [{"account": name, "played": played} for name, played in report.referees],
        "irregularities": [
            {
                "position": i.seq,
                "kind": i.kind,
                "session": i.session,
                "player": i.player,
                "what": i.what,
                "void": i.void,
            }
            for i in report.irregularities
        ],
    }


def readings_json(found: EmaReadings, lang: str) -> dict[str, JsonValue]:
    """The named readings in force: each kind's reading by name with what it does (in
    ``lang``) and its choices, and the entry that set them (``None``: the defaults)."""
    names = reading_names(found)
    return {
        "readings": {
            field: {
                "reading": names[field],
                "text": render(Message(f"ema.reading.{names[field]}", {}), lang),
                "choices": list(choices),
            }
            for field, choices in READING_CHOICES
        },
        "set": None
        if found.set_at is None
        else {"position": found.set_at, "actor": found.actor, "at": found.at},
    }

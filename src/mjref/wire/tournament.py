"""The tournament's JSON shapes (``mjref tournament``, ``players``, ``standings``, ``log`` ...).

Every document is a plain JSON value with keys in the order documented in
``docs/tournament.md``. Numbers that may be fractions (table points, uma, totals) are
written as an integer when whole and otherwise as a string holding the exact fraction
(``"7/3"``): never a rounded decimal. Messages are ``{"key", "params", "text"}`` in the
chosen language.

>>> from fractions import Fraction
>>> exact(Fraction(7, 3)), exact(Fraction(6, 2)), exact(Fraction(-1, 2))
('7/3', 3, '-1/2')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from mjref.players import PlayerId
from mjref.rulings import Ruling
from mjref.services.tournament import (
    ImportReport,
    LogEntry,
    SeatingReport,
    TournamentInfo,
)
from mjref.services.tournament_results import HandEntry, RulingEntry
from mjref.services.tournament_review import Attention, Proposal
from mjref.tournament.codec import encode
from mjref.tournament.events import Recorded
from mjref.tournament.numbers import format_exact
from mjref.tournament.roster import RowProblem
from mjref.tournament.standings import Row, SessionLine, Standings
from mjref.tournament.state import LadderEntry, PlayerView
from mjref.wire.messages import JsonValue, message_json, method_json
from mjref.wire.rulings import ruling_json

SEAT_NAMES = ("E", "S", "W", "N")


def text_number(value: Fraction | int | None) -> str:
    """A number for people: exact (``2 1/3``, ``1.5``), empty for none."""
    return "" if value is None else format_exact(value)


def exact(value: Fraction | int) -> int | str:
    """An exact number for JSON: an integer when whole, else ``"numerator/denominator"``."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def tournament_json(info: TournamentInfo) -> dict[str, JsonValue]:
    return {
        "id": info.id,
        "name": info.name,
        "ruleset": info.ruleset,
        "family": info.family.value,
        "convention": info.convention,
        "sessions": info.sessions,
        "session_minutes": info.session_minutes,
        "starting_points": info.starting_points,
        "players": info.players,
        "checked_in": info.checked_in,
        "published": list(info.published),
        "closed": list(info.closed),
        "position": info.position,
        "created_by": info.created_by,
        "created_at": info.created_at,
    }


def player_json(view: PlayerView) -> dict[str, JsonValue]:
    return {
        "player": int(view.player),
        "first_name": view.first_name,
        "last_name": view.last_name,
        "country": view.country,
        "ema_number": view.ema_number,
        "club": view.club,
        "substitute": view.substitute,
        "checked_in": view.checked_in,
        "withdrawn_from": view.withdrawn_from,
        "struck": view.struck,
        "disqualified": view.disqualified,
    }


def recorded_json(recorded: Recorded) -> dict[str, JsonValue]:
    """An entry appended to the log: its position, kind, who and when, and the event."""
    return {
        "position": recorded.seq,
        "kind": recorded.event.KIND,
        "actor": recorded.actor,
        "at": recorded.at,
        "event": encode(recorded.event),
    }


def entries_json(recorded: Sequence[Recorded]) -> dict[str, JsonValue]:
    return {"recorded": [recorded_json(r) for r in recorded]}


def problem_json(problem: RowProblem, language: str) -> dict[str, JsonValue]:
    return {"line": problem.line, "reason": message_json(problem.reason, language)}


def import_json(report: ImportReport, language: str) -> dict[str, JsonValue]:
    return {
        "added": [player_json(v) for v in report.added],
        "skipped": [problem_json(p, language) for p in report.skipped],
    }


def sessions_json(first: int, sessions: Sequence[Sequence[Sequence[PlayerId]]]) -> list[JsonValue]:
    return [
        {
            "session": first + offset,
            "tables": [
                {"table": t, "seats": {SEAT_NAMES[i]: int(p) for i, p in enumerate(table)}}
                for t, table in enumerate(tables, start=1)
            ],
        }
        for offset, tables in enumerate(sessions)
    ]


def seating_json(report: SeatingReport, language: str) -> dict[str, JsonValue]:
    """A published seating; ``method`` is the text in ``language``, ``method_steps`` its
    steps as messages (:func:`mjref.wire.messages.method_json`)."""
    return {
        "first_session": report.first_session,
        **method_json(report.method, language),
        "substitutes": [int(p) for p in report.substitutes],
        "sessions": sessions_json(report.first_session, report.sessions),
    }


def hand_json(entry: HandEntry) -> dict[str, JsonValue]:
    return {
        "recorded": recorded_json(entry.recorded),
        "points": entry.points,
        "flowers": entry.flowers,
        "payments": {str(int(p)): amount for p, amount in entry.payments.items()},
    }


def ruling_entry_json(entry: RulingEntry, language: str) -> dict[str, JsonValue]:
    ruling: Ruling = entry.ruling
    return {
        "recorded": [recorded_json(r) for r in entry.recorded],
        "ruling": ruling_json(ruling, language),
    }


def row_json(row: Row) -> dict[str, JsonValue]:
    p = row.player
    return {
        "place": row.place,
        "player": int(p.player),
        "first_name": p.first_name,
        "last_name": p.last_name,
        "country": p.country,
        "ema_number": p.ema_number,
        "club": p.club,
        "status": row.status.value,
        "table_points": exact(row.table_points),
        "score": exact(row.score),
        "points": exact(row.points),
        "uma": exact(row.uma),
        "sessions": row.sessions,
        "penalties": row.penalties,
    }


def standings_json(result: Standings) -> dict[str, JsonValue]:
    """MCR: ``table_points`` then ``score`` (after penalties); riichi: ``score`` is the total
    (``table_points`` 0), ``points`` and ``uma`` what it is made of (before the penalties;
    0 under MCR), as the public standings show them."""
    return {
        "family": result.family.value,
        "position": result.position,
        "ranked": [row_json(r) for r in result.ranked],
        "apart": [row_json(r) for r in result.apart],
    }


def line_json(line: SessionLine) -> dict[str, JsonValue]:
    return {
        "session": line.session,
        "status": line.status.value,
        "table": line.table,
        "seat": line.seat,
        "score": line.score,
        "penalty": line.penalty,
        "table_points": exact(line.table_points),
        "points": exact(line.points),
        "uma": exact(line.uma),
        "total": exact(line.total),
        "other": None if line.other is None else int(line.other),
        "clause": line.clause,
    }


def history_json(player: PlayerView, lines: Sequence[SessionLine]) -> dict[str, JsonValue]:
    return {"player": player_json(player), "sessions": [line_json(x) for x in lines]}


def ladder_json(entries: Sequence[LadderEntry]) -> list[JsonValue]:
    return [
        {
            "position": e.seq,
            "player": int(e.player),
            "session": e.session,
            "game": e.game,
            "step": e.step,
            "points": e.points,
            "infraction": e.infraction,
            "clause": e.clause,
        }
        for e in entries
    ]


def log_json(entries: Sequence[LogEntry]) -> list[JsonValue]:
    return [
        {
            "position": e.seq,
            "kind": e.kind,
            "actor": e.actor,
            "at": e.at,
            "origin": e.origin,
            "superseded_by": e.superseded_by,
            "in_force": e.in_force,
            "event": encode(e.event),
        }
        for e in entries
    ]


def proposal_json(p: Proposal) -> dict[str, JsonValue]:
    return {
        "position": p.seq,
        "session": p.session,
        "table": p.table,
        "scores": list(p.scores),
        "sticks": p.sticks,
        "player": p.player,
        "actor": p.actor,
        "at": p.at,
    }


def attention_json(found: Attention) -> dict[str, JsonValue]:
    return {
        "proposals": [proposal_json(p) for p in found.proposals],
        "unreported": [{"session": s, "table": t} for s, t in found.unreported],
        "open_appeals": [
            {"position": seq, "ruling": ruling, "player": player}
            for seq, ruling, player in found.open_appeals
        ],
        "session_in_play": found.in_play,
        "later_sessions": list(found.later),
        "tables_reported": found.reported[0],
        "tables_in_play": found.reported[1],
        "hands_awaiting": [{"session": s, "table": t} for s, t in found.hands_awaiting],
    }

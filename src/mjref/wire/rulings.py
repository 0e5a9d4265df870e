"""The JSON shapes of the rulebook: a ruling request in, a ruling out (every message with
key, params and text in the requested language), the rulesets, a clause, a comparison and
the incident vocabulary; and a ruling explained as lines of text.

A request (``mjref rule --json``)::

    {"incident": "late-arrival", "ruleset": "mers-2008", "facts": {"minutes": 12},
     "player": "A", "session": 2, "game": 1,
     "history": [{"incident": ..., "facts": {...}, "player": ...}, ...]}

>>> request = read_ruling_request({"incident": "late-arrival", "facts": {"minutes": 10}})
>>> request.report.facts, request.ruleset
({'minutes': 10}, None)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mjref.errors import InputError
from mjref.i18n import render
from mjref.mcr.hand import McrHand
from mjref.messages import Message
from mjref.riichi import RiichiHand
from mjref.rules import Clause, Ruleset
from mjref.rules.diff import RulesetDiff, Side, spec_text
from mjref.rules.registry import location_key
from mjref.rulings import Citation, Ruling
from mjref.schema import HandSchema, shown, to_json
from mjref.services.mcr import MCR_SCHEMA
from mjref.services.riichi import RIICHI_SCHEMA
from mjref.services.rulings import MAX_HISTORY, FactInfo, IncidentInfo, IncidentReport
from mjref.tiles import format_hand
from mjref.wire.messages import JsonValue, message_json

_REQUEST_KEYS = ("incident", "ruleset", "facts", "player", "session", "game", "history")
_ENTRY_KEYS = ("incident", "facts", "player", "session", "game")


class RequestError(InputError):
    """A JSON ruling request is malformed (before any fact is looked at)."""


@dataclass(frozen=True, slots=True)
class RulingRequest:
    """A ruling request read from JSON: the incident, the ruleset it names (``None``: the
    caller's default) and the incidents before it."""

    report: IncidentReport
    ruleset: str | None
    history: tuple[IncidentReport, ...]


def read_ruling_request(data: object) -> RulingRequest:
    """A decoded JSON request as typed values; :class:`RequestError` naming the key at fault
    (the facts themselves are read when the incident is ruled on)."""
    where = "the request"
    if not isinstance(data, Mapping):
        raise RequestError(Message("rulings.request.not-object", {"kind": type(data).__name__}))
    _check_keys(data, _REQUEST_KEYS, where)
    history = data.get("history", [])
    if not isinstance(history, list) or not all(isinstance(h, Mapping) for h in history):
        raise _bad_type("history", where, "a list of objects")
    if len(history) > MAX_HISTORY:
        raise _bad_type("history", where, f"a list of at most {MAX_HISTORY} incidents")
    ruleset = _text(data, "ruleset", where) or None
    return RulingRequest(
        _report(data, where),
        ruleset,
        tuple(_report(entry, f"history entry {n}") for n, entry in enumerate(history, 1)),
    )


def read_history(data: object) -> tuple[IncidentReport, ...]:
    """A decoded JSON list of earlier incidents (a history file), as typed values."""
    if not isinstance(data, list) or not all(isinstance(h, Mapping) for h in data):
        raise RequestError(Message("rulings.request.history-not-a-list", {}))
    if len(data) > MAX_HISTORY:
        raise _bad_type("history", "the history", f"a list of at most {MAX_HISTORY} incidents")
    return tuple(_report(entry, f"history entry {n}") for n, entry in enumerate(data, 1))


def _report(data: Mapping[str, Any], where: str) -> IncidentReport:
    if where != "the request":
        _check_keys(data, _ENTRY_KEYS, where)
    return IncidentReport(
        incident=_text(data, "incident", where, required=True),
        facts=_mapping(data, "facts", where),
        player=_optional(data, "player", str, where),
        session=_optional(data, "session", int, where),
        game=_optional(data, "game", int, where),
    )


def _check_keys(data: Mapping[str, Any], known: tuple[str, ...], where: str) -> None:
    unknown = sorted(str(k) for k in set(data) - set(known))
    if unknown:
        raise RequestError(
            Message(
                "rulings.request.unknown-key",
                {"key": shown(unknown[0]), "where": where, "known": ", ".join(known)},
            )
        )


def _bad_type(key: str, where: str, expected: str) -> RequestError:
    return RequestError(
        Message("rulings.request.bad-type", {"key": key, "where": where, "expected": expected})
    )


def _text(data: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> str:
    if key not in data:
        if required:
            raise RequestError(Message("rulings.request.missing-key", {"key": key, "where": where}))
        return ""
    value = data[key]
    if not isinstance(value, str) or not value:
        raise _bad_type(key, where, "a non-empty string")
    return value


def _mapping(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, object]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise _bad_type(key, where, "an object")
    return value


def _optional(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data or data[key] is None:
        return None
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise _bad_type(key, where, "a whole number" if kind is int else "a string")
    return value


# --- a ruling ------------------------------------------------------------------------------


def _hand_json(hand: McrHand | RiichiHand, schema: HandSchema) -> dict[str, JsonValue]:
    """A hand as the object hand facts are given in: the notation and every fact of the
    hand schema (an unknown optional fact left out); reads back as the same hand."""
    shaped: dict[str, JsonValue] = {"tiles": format_hand(hand.tiles)}
    for fact in schema:
        value = getattr(hand, fact.name)
        if value is not None:
            shaped[fact.name] = to_json(fact, value)
    return shaped


def fact_json(value: object) -> JsonValue:
    """A fact's value as the JSON value it is given as (enums by value, hands as objects)."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [fact_json(v) for v in value]
    if isinstance(value, McrHand):
        return _hand_json(value, MCR_SCHEMA)
    if isinstance(value, RiichiHand):
        return _hand_json(value, RIICHI_SCHEMA)
    if isinstance(value, Mapping):
        return {str(k): fact_json(v) for k, v in value.items()}
    return value


def section_text(citation: Citation, language: str) -> str:
    """Where a cited clause stands, as a reader of ``language`` would look it up."""
    printed = citation.section(language)
    if printed is not None:
        number, lang = printed
        text = render(Message("rulings.render.section", {"section": number}), language)
        return text if lang == language else f"{text} ({lang})"
    assert citation.location is not None
    return render(citation.location, language)


def citation_json(citation: Citation, language: str) -> dict[str, JsonValue]:
    printed = citation.section(language)
    return {
        "clause": citation.clause_id,
        "document": citation.document,
        "edition": citation.edition,
        "section": printed[0] if printed else None,
        "section_language": printed[1] if printed else None,
        "sections": dict(citation.sections),
        "location": render(citation.location, language) if citation.location else None,
        "where": section_text(citation, language),
        "summary": message_json(citation.summary, language),
        "in_seeds": citation.in_seeds,
        "source": citation.source,
    }


@dataclass(frozen=True, slots=True)
class Explained:
    """A ruling's explanation as rendered lines: a header, one line per consequence (with
    its clause and section), and the notes."""

    header: str
    consequences: tuple[str, ...]
    notes: tuple[str, ...]

    def lines(self) -> list[str]:
        return [self.header, *self.consequences, *self.notes]


def incident_title(name: str) -> Message:
    return Message(f"rulings.incident.{name}", {})


def explain(ruling: Ruling, language: str) -> Explained:
    by_id = {c.clause_id: c for c in ruling.citations}
    title = render(incident_title(ruling.incident.NAME), language)
    header = render(
        Message("rulings.render.header", {"ruleset": ruling.ruleset, "incident": title}),
        language,
    )
    lines = tuple(
        render(
            Message(
                "rulings.render.consequence",
                {
                    "text": c.message,
                    "clause": c.clause,
                    "section": section_text(by_id[c.clause], language),
                },
            ),
            language,
        )
        for c in ruling.consequences
    )
    return Explained(header, lines, tuple(render(n, language) for n in ruling.notes))


def ruling_json(ruling: Ruling, language: str) -> dict[str, JsonValue]:
    """A ruling as JSON: the incident, every consequence with its clause and explanation,
    the citations, the notes, and the explanation as lines."""
    incident = ruling.incident
    explained = explain(ruling, language)
    consequences = [
        {
            "kind": c.kind.value,
            "party": c.party.value,
            "points": c.points,
            "clause": c.clause,
            "also": list(c.also),
            "params": fact_json(dict(c.params)),
            "situation": c.situation,
            "outcome": c.outcome,
            "explanation": message_json(c.message, language),
        }
        for c in ruling.consequences
    ]
    return {
        "incident": incident.NAME,
        "facts": fact_json(incident.facts()),
        "player": incident.player,
        "session": incident.session,
        "game": incident.game,
        "ruleset": ruling.ruleset,
        "language": language,
        "consequences": consequences,
        "citations": [citation_json(c, language) for c in ruling.citations],
        "notes": [message_json(n, language) for n in ruling.notes],
        "explanation": explained.lines(),
    }


# --- the rulebooks -------------------------------------------------------------------------


def rulesets_json(rulesets: tuple[Ruleset, ...], aliases: Mapping[str, str]) -> JsonValue:
    """``mjref rules list --json``."""
    return {
        "rulesets": [
            {
                "id": r.id,
                "family": r.family.value,
                "document": r.document,
                "edition": r.edition,
                "languages": list(r.languages),
                "clauses": len(r.clauses),
                "aliases": list(r.aliases),
                "base": r.base.id if r.base else None,
                "options": [
                    {
                        "option": name,
                        "title": option.title,
                        "default": option.default,
                        "choices": list(option.choices),
                    }
                    for name, option in r.options.items()
                ],
                "readings": {name: dict(reading) for name, reading in r.readings.items()},
            }
            for r in rulesets
        ],
        "aliases": dict(aliases),
    }


def clause_json(ruleset: Ruleset, clause: Clause, language: str) -> JsonValue:
    """``mjref rules show --json``: one clause with its outcomes."""
    return {
        "clause": clause.id,
        "ruleset": ruleset.id,
        "document": ruleset.document,
        "edition": ruleset.edition,
        "sections": dict(clause.sections),
        "location": message_json(Message(location_key(clause)), language)
        if clause.location
        else None,
        "topic": clause.topic,
        "summary": message_json(Message(clause.summary_key), language),
        "note": clause.note,
        "in_seeds": clause.in_seeds,
        "source": clause.source,
        "when": dict(clause.when),
        "outcomes": [
            {
                "outcome": outcome.name,
                "when": dict(outcome.when),
                "decides": list(outcome.decides),
                "consequences": [
                    {"consequence": spec_text(spec), "clause": spec.clause, "also": list(spec.also)}
                    for spec in outcome.consequences
                ],
            }
            for outcome in clause.outcomes.values()
        ],
    }


def clause_lines(ruleset: Ruleset, clause: Clause, lang: str) -> list[str]:
    """One clause as lines of text for people (``mjref rules show``), in ``lang``."""
    lines = [f"{clause.id}  {ruleset.document}, {ruleset.edition}"]
    if clause.sections:
        printed = ", ".join(f"{code} {number}" for code, number in clause.sections.items())
        lines.append(f"printed as: {printed}")
    if clause.location:
        lines.append(f"where: {render(Message(location_key(clause)), lang)}")
    lines.append(f"topic: {clause.topic}")
    lines.append(render(Message(clause.summary_key), lang))
    if clause.note:
        lines.append(f"note: {clause.note}")
    if not clause.in_seeds:
        lines.append(f"not in the seed texts; source: {clause.source}")
    if clause.when:
        lines.append("only under: " + ", ".join(f"{k}={v}" for k, v in clause.when.items()))
    for outcome in clause.outcomes.values():
        condition = (
            " (only under " + ", ".join(f"{k}={v}" for k, v in outcome.when.items()) + ")"
            if outcome.when
            else ""
        )
        lines.append(f"  outcome {outcome.name}{condition}: decides {', '.join(outcome.decides)}")
        for spec in outcome.consequences:
            extra = f"  [{spec.clause}]" if spec.clause else ""
            also = f"  (also {', '.join(spec.also)})" if spec.also else ""
            lines.append(f"      {spec_text(spec)}{extra}{also}")
    if not clause.outcomes:
        lines.append("  (cited by other clauses: a definition, the ladder or the chombo table)")
    return lines


def _side_json(side: Side | None) -> JsonValue:
    if side is None:
        return None
    return {"clause": side.clause, "consequences": list(side.consequences)}


def diff_json(diff: RulesetDiff) -> JsonValue:
    """``mjref rules diff --json``."""
    return {
        "left": diff.left,
        "right": diff.right,
        "readings": [{"option": o.option, "left": o.left, "right": o.right} for o in diff.options],
        "tables": [{"table": t.option, "left": t.left, "right": t.right} for t in diff.tables],
        "situations": [
            {
                "situation": s.situation,
                "topic": s.topic,
                "left": _side_json(s.left),
                "right": _side_json(s.right),
            }
            for s in diff.situations
        ],
        "same": diff.same,
    }


def _fact_info_json(info: FactInfo) -> JsonValue:
    return {
        "fact": info.name,
        "kind": info.kind,
        "required": info.required,
        "default": fact_json(info.default),
        "doc": info.doc,
    }


def incidents_json(
    incidents: tuple[IncidentInfo, ...], common: tuple[FactInfo, ...], language: str
) -> JsonValue:
    """``mjref rules incidents --json``: the incident types and the facts every one takes."""
    return {
        "incidents": [
            {
                "incident": i.name,
                "title": message_json(incident_title(i.name), language),
                "summary": i.summary,
                "families": list(i.families),
                "covered_by": list(i.covered_by),
                "facts": [_fact_info_json(f) for f in i.facts],
            }
            for i in incidents
        ],
        "common_facts": [_fact_info_json(f) for f in common],
    }

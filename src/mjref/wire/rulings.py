"""The JSON shapes of the rulebook: a ruling request in, a ruling out (every message with
key, params and text in the requested language), the rulesets, a clause, a comparison and
the incident vocabulary; and a ruling explained as lines of text.

A request (``mjref rule --json``)::

    {"incident": "late-arrival", "ruleset": "mers-2008", "convention": "mil",
     "facts": {"minutes": 12},
     "player": "A", "session": 2, "game": 1,
     "history": [{"incident": ..., "facts": {...}, "player": ...}, ...]}

>>> request = read_ruling_request({"incident": "late-arrival", "facts": {"minutes": 10}})
>>> request.report.facts, request.ruleset, request.convention
({'minutes': 10}, None, None)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mjref.errors import InputError
from mjref.i18n import render
from mjref.mcr.hand import SCHEMA as MCR_SCHEMA
from mjref.mcr.hand import McrHand
from mjref.messages import Message
from mjref.riichi import RiichiHand
from mjref.riichi.hand import SCHEMA as RIICHI_SCHEMA
from mjref.rules import Clause, Ruleset
from mjref.rules.registry import location_key, note_key
from mjref.rulings import Citation, Ruling
from mjref.schema import HandSchema, shown, to_json
from mjref.services.rulings import MAX_HISTORY, FactInfo, IncidentInfo, IncidentReport
from mjref.tiles import format_hand
from mjref.wire import _messages  # noqa: F401  (registers the wording)
from mjref.wire.messages import JsonValue, message_json
from mjref.wire.options import option_text

if TYPE_CHECKING:
    from mjref.rules.diff import RulesetDiff, Side

_REQUEST_KEYS = (
    "incident",
    "ruleset",
    "convention",
    "facts",
    "player",
    "session",
    "game",
    "history",
)
_ENTRY_KEYS = ("incident", "facts", "player", "session", "game")
_REQUEST = Message("rulings.request.where.request")


class RequestError(InputError):
    """A JSON ruling request is malformed (before any fact is looked at)."""


@dataclass(frozen=True, slots=True)
class RulingRequest:
    """A ruling request read from JSON: the incident, the ruleset and the scoring convention
    it names (``None``: the caller's default) and the incidents before it."""

    report: IncidentReport
    ruleset: str | None
    convention: str | None
    history: tuple[IncidentReport, ...]


def read_ruling_request(data: object) -> RulingRequest:
    """A decoded JSON request as typed values; :class:`RequestError` naming the key at fault
    (the facts themselves are read when the incident is ruled on)."""
    if not isinstance(data, Mapping):
        raise RequestError(Message("rulings.request.not-object", {"kind": type(data).__name__}))
    _check_keys(data, _REQUEST_KEYS, _REQUEST)
    history = data.get("history", [])
    if not isinstance(history, list) or not all(isinstance(h, Mapping) for h in history):
        raise _bad_type("history", _REQUEST, Message("rulings.request.expect.objects"))
    return RulingRequest(
        _report(data, _REQUEST, _REQUEST_KEYS),
        _text(data, "ruleset", _REQUEST) or None,
        _text(data, "convention", _REQUEST) or None,
        _history(history, _REQUEST),
    )


def read_history(data: object) -> tuple[IncidentReport, ...]:
    """A decoded JSON list of earlier incidents (a history file), as typed values."""
    if not isinstance(data, list) or not all(isinstance(h, Mapping) for h in data):
        raise RequestError(Message("rulings.request.history-not-a-list", {}))
    return _history(data, Message("rulings.request.where.history-file"))


def _history(entries: list[Any], where: Message) -> tuple[IncidentReport, ...]:
    if len(entries) > MAX_HISTORY:
        expected = Message("rulings.request.expect.history", {"limit": MAX_HISTORY})
        raise _bad_type("history", where, expected)
    return tuple(
        _report(entry, Message("rulings.request.where.history", {"index": n}), _ENTRY_KEYS)
        for n, entry in enumerate(entries, 1)
    )


def _report(data: Mapping[str, Any], where: Message, known: tuple[str, ...]) -> IncidentReport:
    _check_keys(data, known, where)
    return IncidentReport(
        incident=_text(data, "incident", where, required=True),
        facts=_mapping(data, "facts", where),
        player=_optional(data, "player", int, where),
        session=_optional(data, "session", int, where),
        game=_optional(data, "game", int, where),
    )


def _check_keys(data: Mapping[str, Any], known: tuple[str, ...], where: Message) -> None:
    unknown = sorted(str(k) for k in set(data) - set(known))
    if unknown:
        raise RequestError(
            Message(
                "rulings.request.unknown-key",
                {"key": shown(unknown[0]), "where": where, "known": ", ".join(known)},
            )
        )


def _bad_type(key: str, where: Message, expected: Message) -> RequestError:
    return RequestError(
        Message("rulings.request.bad-type", {"key": key, "where": where, "expected": expected})
    )


def _text(data: Mapping[str, Any], key: str, where: Message, *, required: bool = False) -> str:
    if data.get(key) is None:  # left out or null: not given (no string stands for it)
        if required:
            raise RequestError(Message("rulings.request.missing-key", {"key": key, "where": where}))
        return ""
    value = data[key]
    if not isinstance(value, str) or not value:
        raise _bad_type(key, where, Message("rulings.request.expect.text"))
    return value


def _mapping(data: Mapping[str, Any], key: str, where: Message) -> Mapping[str, object]:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _bad_type(key, where, Message("rulings.request.expect.object"))
    return value


def _optional(data: Mapping[str, Any], key: str, kind: type, where: Message) -> Any:
    if key not in data or data[key] is None:
        return None
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        expected = "rulings.request.expect.int" if kind is int else "rulings.request.expect.string"
        raise _bad_type(key, where, Message(expected))
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
        "convention": ruling.convention,
        "language": language,
        "consequences": consequences,
        "citations": [citation_json(c, language) for c in ruling.citations],
        "notes": [message_json(n, language) for n in ruling.notes],
        "explanation": explained.lines(),
    }


# --- the rules registry --------------------------------------------------------------------


def riichi_settings(ruleset: Ruleset) -> dict[str, str]:
    """A riichi ruleset's judge settings in short form (empty for other entries)."""
    from mjref.rules.diff import riichi_settings_text  # here: a ruling never needs it

    return riichi_settings_text(ruleset)


def rulesets_json(rulesets: tuple[Ruleset, ...]) -> JsonValue:
    """``mjref rules list --json``: every entry, and the alias table (any case)."""
    return {
        "rulesets": [
            {
                "id": r.id,
                "kind": r.kind.value,
                "family": r.family.value,
                "document": r.document,
                "edition": r.edition,
                "languages": list(r.languages),
                "clauses": len(r.clauses),
                "aliases": list(r.aliases),
                "base": r.base.id if r.base else None,
                "riichi_judge": riichi_settings(r) or None,
                "options": [
                    {
                        "option": name,
                        "title": option.title,
                        "reading": r.choice(name),
                        "choices": list(option.choices),
                    }
                    for name, option in r.options.items()
                ],
                "reads": {o: c for o, c in r.choices.items() if o not in r.options},
                "readings": {name: dict(reading) for name, reading in r.readings.items()},
            }
            for r in rulesets
        ],
        "aliases": dict(sorted((a, r.id) for r in rulesets for a in r.aliases)),
    }


def _document(ruleset: Ruleset, clause: Clause) -> Ruleset:
    doc = ruleset
    while doc.id != clause.ruleset and doc.base is not None:
        doc = doc.base  # a convention's clause may be its base's (mil:D1 is green-book:D1)
    return doc


def clause_lines(ruleset: Ruleset, clause: Clause, lang: str) -> list[str]:
    """One clause as lines of text for people (``mjref rules show``), in ``lang``, as
    ``ruleset`` (an entry with its readings applied) applies it."""
    from mjref.rules.diff import spec_text  # here: only the rulebook's listings need it

    def say(key: str, **params: object) -> str:
        return render(Message(f"rules.show.{key}", params), lang)

    def conditions(when: Mapping[str, str]) -> str:
        return ", ".join(f"{k}={v}" for k, v in when.items())

    doc = _document(ruleset, clause)
    lines = [f"{clause.id}  {doc.document}, {doc.edition}"]
    if ruleset.spec != doc.id:
        lines.append(say("read-under", spec=ruleset.spec))
    if clause.sections:
        printed = ", ".join(f"{code} {number}" for code, number in clause.sections.items())
        lines.append(say("printed-as", printed=printed))
    if clause.location:
        lines.append(say("where", where=Message(location_key(clause))))
    lines.append(say("topic", topic=clause.topic))
    lines.append(render(Message(clause.summary_key), lang))
    if clause.note:
        lines.append(say("note", note=Message(note_key(clause))))
    if not clause.in_seeds:
        lines.append(say("not-in-seeds", source=clause.source))
    if clause.when:
        lines.append(say("only-under", conditions=conditions(clause.when)))
    for option in ruleset.options_of(clause):
        chosen = ruleset.applied(option.name)
        others = ", ".join(c for c in option.choices if c != chosen.name)
        reading = say(
            "reading",
            option=option.name,
            choice=chosen.name,
            description=option_text(ruleset.spec, option.name, chosen.name),
            source=chosen.source,
        )
        lines.append(reading + (" " + say("other-readings", others=others) if others else ""))
    if clause.when and not ruleset.active(clause.when):
        lines.append("  " + say("does-not-apply"))
        return lines
    hidden: list[str] = []
    for outcome in clause.outcomes.values():
        if not ruleset.active(outcome.when):
            hidden.append(outcome.name)
            continue
        decides = ", ".join(outcome.decides)
        head = (
            say(
                "outcome-only-under",
                name=outcome.name,
                conditions=conditions(outcome.when),
                decides=decides,
            )
            if outcome.when
            else say("outcome", name=outcome.name, decides=decides)
        )
        lines.append(f"  {head}")
        for spec in outcome.consequences:
            if not ruleset.active(spec.when):
                continue
            extra = f"  [{spec.clause}]" if spec.clause else ""
            also = "  " + say("also", also=", ".join(spec.also)) if spec.also else ""
            lines.append(f"      {spec_text(spec)}{extra}{also}")
    if hidden:
        lines.append("  " + say("hidden-outcomes", names=", ".join(hidden)))
    if not clause.outcomes:
        lines.append("  " + say("no-outcomes"))
    return lines


def clause_json(ruleset: Ruleset, clause: Clause, language: str) -> JsonValue:
    """``mjref rules show --json``: one clause, its readings and its outcomes as the spec it
    was asked under applies them."""
    from mjref.rules.diff import spec_text  # here: only the rulebook's listings need it

    doc = _document(ruleset, clause)
    applies = not clause.when or ruleset.active(clause.when)
    return {
        "clause": clause.id,
        "ruleset": doc.id,
        "spec": ruleset.spec,
        "document": doc.document,
        "edition": doc.edition,
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
        "applies": applies,
        "readings": [
            {
                "option": option.name,
                "reading": ruleset.applied(option.name).name,
                "description": ruleset.applied(option.name).description,
                "choices": list(option.choices),
            }
            for option in ruleset.options_of(clause)
        ],
        "outcomes": [
            {
                "outcome": outcome.name,
                "when": dict(outcome.when),
                "decides": list(outcome.decides),
                "consequences": [
                    {"consequence": spec_text(spec), "clause": spec.clause, "also": list(spec.also)}
                    for spec in outcome.consequences
                    if ruleset.active(spec.when)
                ],
            }
            for outcome in clause.outcomes.values()
            if applies and ruleset.active(outcome.when)
        ],
    }


def _side_json(side: Side | None) -> JsonValue:
    if side is None:
        return None
    return {"clause": side.clause, "consequences": list(side.consequences)}


def _table_side(side: object, language: str) -> JsonValue:
    return message_json(side, language) if isinstance(side, Message) else side


def diff_json(diff: RulesetDiff, language: str = "en") -> JsonValue:
    """``mjref rules diff --json``."""
    return {
        "left": diff.left,
        "right": diff.right,
        "readings": [{"option": o.option, "left": o.left, "right": o.right} for o in diff.options],
        "tables": [
            {
                "table": t.option,
                "left": _table_side(t.left, language),
                "right": _table_side(t.right, language),
            }
            for t in diff.tables
        ],
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


def _fact_info_json(info: FactInfo, language: str) -> JsonValue:
    return {
        "fact": info.name,
        "kind": message_json(info.kind, language),
        "required": info.required,
        "default": fact_json(info.default),
        "doc": message_json(info.doc, language),
    }


def incidents_json(
    incidents: tuple[IncidentInfo, ...], common: tuple[FactInfo, ...], language: str
) -> JsonValue:
    """``mjref rules incidents --json``: the incident types and the facts every one takes."""
    return {
        "incidents": [
            {
                "incident": i.name,
                "title": message_json(i.title, language),
                "summary": message_json(i.summary, language),
                "families": list(i.families),
                "covered_by": list(i.covered_by),
                "facts": [_fact_info_json(f, language) for f in i.facts],
            }
            for i in incidents
        ],
        "common_facts": [_fact_info_json(f, language) for f in common],
    }

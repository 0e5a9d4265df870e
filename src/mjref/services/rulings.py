"""Use cases of the rulebook: rule on an incident (from facts or a JSON request), and look
the rulesets up (list them, show a clause, compare two, list the incident types).

Pure: values in, values out. Rendering in a language is passed in as a function
(``render``), so the CLI and the web share the shapes here and keep translation to
themselves.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mjref.errors import InputError
from mjref.mcr.conventions import DEFAULT_CONVENTION
from mjref.mcr.hand import McrHand
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.riichi import RiichiHand
from mjref.riichi.hand import BOOLEAN_FACTS
from mjref.rules import RULEBOOKS, Clause, Family, Ruleset, get_rulebook, resolve_clause, rulesets
from mjref.rules.diff import RulesetDiff, diff_rulesets
from mjref.rulings import (
    Citation,
    Ruling,
    decide,
    describe_type,
    fact_doc,
    fact_fields,
    incident_from_facts,
    incident_summary,
    incident_type,
    incident_types,
)
from mjref.tiles import format_hand, format_tiles

Render = Callable[[Message], str]

DEFAULT_RULESET = "mers"


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


class RequestError(InputError):
    """A JSON ruling request is malformed (before any fact is looked at)."""


def rule(
    incident: str,
    facts: Mapping[str, object],
    ruleset: str = DEFAULT_RULESET,
    *,
    convention: str = DEFAULT_CONVENTION,
    player: PlayerId | None = None,
    session: int | None = None,
    game: int | None = None,
    history: Sequence[Mapping[str, Any]] = (),
) -> Ruling:
    """Rule on one incident; ``history`` holds earlier incidents (same shape as a request
    without ruleset and history), decided in order under the same ruleset first.

    ``convention`` is the MCR scoring convention a declared hand is judged under (a false
    hu, a winning tile not shown); the default is the Green Book."""
    rs = get_rulebook(ruleset)
    earlier: list[Ruling] = []
    for index, entry in enumerate(history, 1):
        where = Message("rulings.request.where.history", {"index": index})
        _check_keys(entry, _ENTRY_KEYS, where)
        step = incident_from_facts(
            _text(entry, "incident", where, required=True),
            _mapping(entry, "facts", where),
            player=_optional(entry, "player", int, where),
            session=_optional(entry, "session", int, where),
            game=_optional(entry, "game", int, where),
        )
        earlier.append(decide(step, rs, earlier, convention=convention))
    current = incident_from_facts(incident, facts, player=player, session=session, game=game)
    return decide(current, rs, earlier, convention=convention)


def rule_request(request: object) -> Ruling:
    """Rule on a parsed JSON request:
    ``{"incident": ..., "ruleset": ..., "convention": ..., "facts": {...}, "player": ...,
    "session": ..., "game": ..., "history": [{"incident": ..., "facts": ...}, ...]}``."""
    where = Message("rulings.request.where.request")
    if not isinstance(request, Mapping):
        raise RequestError(Message("rulings.request.not-object", {"kind": type(request).__name__}))
    _check_keys(request, _REQUEST_KEYS, where)
    history = request.get("history", [])
    if not isinstance(history, list) or not all(isinstance(h, Mapping) for h in history):
        raise _bad_type("history", where, Message("rulings.request.expect.objects"))
    return rule(
        _text(request, "incident", where, required=True),
        _mapping(request, "facts", where),
        _text(request, "ruleset", where) or DEFAULT_RULESET,
        convention=_text(request, "convention", where) or DEFAULT_CONVENTION,
        player=_optional(request, "player", int, where),
        session=_optional(request, "session", int, where),
        game=_optional(request, "game", int, where),
        history=history,
    )


def _check_keys(data: Mapping[str, Any], known: tuple[str, ...], where: Message) -> None:
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise RequestError(
            Message(
                "rulings.request.unknown-key",
                {"key": unknown[0], "where": where, "known": ", ".join(known)},
            )
        )


def _bad_type(key: str, where: Message, expected: Message) -> RequestError:
    return RequestError(
        Message("rulings.request.bad-type", {"key": key, "where": where, "expected": expected})
    )


def _text(data: Mapping[str, Any], key: str, where: Message, *, required: bool = False) -> str:
    if key not in data:
        if required:
            raise RequestError(Message("rulings.request.missing-key", {"key": key, "where": where}))
        return ""
    value = data[key]
    if not isinstance(value, str) or not value:
        raise _bad_type(key, where, Message("rulings.request.expect.text"))
    return value


def _mapping(data: Mapping[str, Any], key: str, where: Message) -> Mapping[str, object]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise _bad_type(key, where, Message("rulings.request.expect.object"))
    return value


def _optional(data: Mapping[str, Any], key: str, kind: type, where: Message) -> Any:
    if key not in data:
        return None
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        expected = "rulings.request.expect.int" if kind is int else "rulings.request.expect.string"
        raise _bad_type(key, where, Message(expected))
    return value


# --- JSON shapes --------------------------------------------------------------------------


def _jsonable(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, McrHand):
        return {
            "tiles": format_hand(value.tiles),
            "self_drawn": value.self_drawn,
            "seat_wind": value.seat_wind.value,
            "prevalent_wind": value.prevalent_wind.value,
            "flowers": value.flowers,
            "last_tile": value.last_tile,
            "kong_win": value.kong_win,
            "wall_last": value.wall_last,
            "winning_tile_shown": value.winning_tile_shown,
        }
    if isinstance(value, RiichiHand):
        return _riichi_hand_json(value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _riichi_hand_json(hand: RiichiHand) -> dict[str, object]:
    """A riichi hand as the object ``riichi_hand`` facts are given in (round-trips)."""
    shaped: dict[str, object] = {"tiles": format_hand(hand.tiles)}
    shaped.update({name: getattr(hand, name) for name in BOOLEAN_FACTS})
    shaped.update(
        seat_wind=hand.seat_wind.value,
        prevalent_wind=hand.prevalent_wind.value,
        dora=format_tiles(hand.dora_indicators) if hand.dora_indicators else "",
        ura=format_tiles(hand.ura_indicators) if hand.ura_indicators else "",
        red_fives="".join(s.value for s in hand.red_fives),
        honba=hand.honba,
        riichi_sticks=hand.riichi_sticks,
    )
    if hand.discards is not None:
        shaped["discards"] = format_tiles(hand.discards) if hand.discards else ""
    return shaped


def section_text(citation: Citation, language: str, render: Render) -> str:
    """Where a cited clause stands, as a reader of ``language`` would look it up."""
    printed = citation.section(language)
    if printed is not None:
        number, lang = printed
        text = render(Message("rulings.render.section", {"section": number}))
        return text if lang == language else f"{text} ({lang})"
    assert citation.location is not None
    return render(citation.location)


def citation_json(citation: Citation, language: str, render: Render) -> dict[str, object]:
    printed = citation.section(language)
    return {
        "clause": citation.clause_id,
        "document": citation.document,
        "edition": citation.edition,
        "section": printed[0] if printed else None,
        "section_language": printed[1] if printed else None,
        "sections": dict(citation.sections),
        "location": render(citation.location) if citation.location else None,
        "where": section_text(citation, language, render),
        "summary": render(citation.summary),
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


def explain(ruling: Ruling, language: str, render: Render) -> Explained:
    by_id = {c.clause_id: c for c in ruling.citations}
    title = render(_title(ruling.incident.NAME))
    header = render(
        Message("rulings.render.header", {"ruleset": ruling.ruleset, "incident": title})
    )
    lines = tuple(
        render(
            Message(
                "rulings.render.consequence",
                {
                    "text": render(c.message),
                    "clause": c.clause,
                    "section": section_text(by_id[c.clause], language, render),
                },
            )
        )
        for c in ruling.consequences
    )
    return Explained(header, lines, tuple(render(n) for n in ruling.notes))


def ruling_json(ruling: Ruling, language: str, render: Render) -> dict[str, object]:
    """A ruling as JSON: the incident, every consequence with its clause and explanation,
    the citations, the notes, and the explanation as lines."""
    incident = ruling.incident
    explained = explain(ruling, language, render)
    consequences = [
        {
            "kind": c.kind.value,
            "party": c.party.value,
            "points": c.points,
            "clause": c.clause,
            "also": list(c.also),
            "params": _jsonable(dict(c.params)),
            "situation": c.situation,
            "outcome": c.outcome,
            "explanation": render(c.message),
        }
        for c in ruling.consequences
    ]
    return {
        "incident": incident.NAME,
        "facts": _jsonable(incident.facts()),
        "player": incident.player,
        "session": incident.session,
        "game": incident.game,
        "ruleset": ruling.ruleset,
        "convention": ruling.convention,
        "language": language,
        "consequences": consequences,
        "citations": [citation_json(c, language, render) for c in ruling.citations],
        "notes": list(explained.notes),
        "explanation": explained.lines(),
    }


def _title(name: str) -> Message:
    return Message(f"rulings.incident.{name}", {})


# --- Look-ups -----------------------------------------------------------------------------


def list_rulesets() -> tuple[Ruleset, ...]:
    """Every entry of the rules registry (regulations, riichi rulesets, scoring
    conventions) with its default readings."""
    return tuple(rulesets().values())


def show_clause(clause_id: str) -> tuple[Ruleset, Clause]:
    """A clause by id and the entry it was asked under, with that spec's readings applied
    (``mers-2008+italian:2.3``; the entry part may be an alias, in any case): what the
    readings change is :meth:`Ruleset.options_of` the clause, read by :meth:`Ruleset.applied`."""
    return resolve_clause(clause_id)


def compare(left: str, right: str) -> RulesetDiff:
    """What differs between two rulesets or readings, situation by situation."""
    return diff_rulesets(left, right)


@dataclass(frozen=True, slots=True)
class FactInfo:
    name: str
    kind: Message
    required: bool
    default: object
    doc: Message


@dataclass(frozen=True, slots=True)
class IncidentInfo:
    name: str
    title: Message
    summary: Message
    families: tuple[str, ...]
    covered_by: tuple[str, ...]
    facts: tuple[FactInfo, ...]


_COMMON = ("player", "session", "game", "dealer")


def incident_catalogue(family: str | None = None) -> tuple[IncidentInfo, ...]:
    """The incident vocabulary: each type, its facts and the rulesets of its family."""
    found = []
    for name, cls in incident_types().items():
        families = tuple(sorted(f.value for f in cls.FAMILIES))
        if family is not None and family not in families:
            continue
        facts = tuple(
            FactInfo(fname, describe_type(kind), required, _jsonable(default), fact_doc(cls, fname))
            for fname, kind, _, required, default in fact_fields(cls)
            if fname not in _COMMON
        )
        found.append(
            IncidentInfo(
                name=name,
                title=_title(name),
                summary=incident_summary(cls),
                families=families,
                covered_by=tuple(
                    r.id
                    for r in rulesets().values()
                    if r.family in cls.FAMILIES and r.kind in RULEBOOKS
                ),
                facts=facts,
            )
        )
    return tuple(found)


def common_facts() -> tuple[FactInfo, ...]:
    """The facts every incident takes (who and when; the dealer for riichi chombo)."""
    cls = incident_type("late-arrival")
    return tuple(
        FactInfo(fname, describe_type(kind), required, _jsonable(default), fact_doc(cls, fname))
        for fname, kind, _, required, default in fact_fields(cls)
        if fname in _COMMON
    )


__all__ = [
    "DEFAULT_CONVENTION",
    "DEFAULT_RULESET",
    "Explained",
    "FactInfo",
    "Family",
    "IncidentInfo",
    "RequestError",
    "citation_json",
    "common_facts",
    "compare",
    "explain",
    "incident_catalogue",
    "list_rulesets",
    "rule",
    "rule_request",
    "ruling_json",
    "section_text",
    "show_clause",
]

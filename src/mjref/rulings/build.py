"""Incidents from facts given as JSON values (a JSON request) or as text (the CLI's
``--fact name=value``, read by :func:`facts_from_text` into JSON values first).

Each fact is read as the type its incident declares, JSON types as JSON types, and every
problem is an :class:`IncidentError` naming the incident and the fact: an unknown
incident type, an unknown fact, a missing one, a repeated one, a value of the wrong type
or outside the allowed values.

>>> incident_from_facts("late-arrival", {"minutes": 12}).minutes
12
>>> incident_from_facts("late-arrival", {"minutes": "12"})
Traceback (most recent call last):
...
mjref.rulings.errors.IncidentError: late-arrival: minutes = '12' is wrong; expected a number
>>> incident_from_facts("late-arrival", {})
Traceback (most recent call last):
...
mjref.rulings.errors.IncidentError: late-arrival: the fact 'minutes' is missing (Minutes late, ...)
"""

from __future__ import annotations

import enum
import math
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, fields
from typing import Any

from mjref.errors import InputError
from mjref.mcr.hand import SCHEMA as MCR_SCHEMA
from mjref.mcr.hand import McrHand
from mjref.messages import Message
from mjref.players import MAX_PLAYERS, PlayerId
from mjref.riichi import RiichiHand
from mjref.riichi.hand import SCHEMA as RIICHI_SCHEMA
from mjref.rulings import incidents
from mjref.rulings.errors import IncidentError
from mjref.rulings.incident import REGISTRY, Incident, fact_doc
from mjref.schema import HandSchema, read_json, read_text, shown, to_json
from mjref.tiles import parse_hand

_TRUE = frozenset({"true", "yes", "1", "y", "on"})
_FALSE = frozenset({"false", "no", "0", "n", "off"})

HAND_FLAGS = MCR_SCHEMA.types
"""Keys an MCR hand object may carry besides ``tiles`` (the notation); see McrHand."""

RIICHI_FLAGS = RIICHI_SCHEMA.types
"""Keys a riichi hand object may carry besides ``tiles``; see RiichiHand."""


def incident_types() -> Mapping[str, type[Incident]]:
    """Every incident type by name, in the order they are listed (every area is read)."""
    incidents.load_all()
    return types.MappingProxyType({name: REGISTRY[name] for name in incidents.NAMES})


def incident_type(name: str) -> type[Incident]:
    """An incident type by name (only its area's module is read)."""
    if incidents.load(name):
        return REGISTRY[name]
    raise IncidentError(
        Message("rulings.incident.unknown", {"name": name, "known": ", ".join(incidents.NAMES)})
    )


def fact_fields(cls: type[Incident]) -> list[tuple[str, Any, str, bool, object]]:
    """The facts of an incident type: (name, type, doc, required, default)."""
    hints = typing.get_type_hints(cls)
    found = []
    for f in fields(cls):
        required = f.default is MISSING and f.default_factory is MISSING
        default = None if required else f.default
        found.append((f.name, hints[f.name], str(f.metadata.get("doc", "")), required, default))
    return found


def describe_type(kind: Any) -> Message:
    """A short description of a fact's type for people (``true/false``, the enum values)."""
    args = typing.get_args(kind)
    if typing.get_origin(kind) in (types.UnionType, typing.Union):
        inner = [a for a in args if a is not type(None)]
        return describe_type(inner[0]) if len(inner) == 1 else Message("rulings.type.value")
    if typing.get_origin(kind) is tuple:
        return Message("rulings.type.list", {"item": describe_type(args[0])})
    if kind is PlayerId:
        return Message("rulings.type.player", {"limit": MAX_PLAYERS})
    if kind is bool:
        return Message("rulings.type.bool")
    if kind is int:
        return Message("rulings.type.int")
    if kind is float:
        return Message("rulings.type.number")
    if kind is McrHand:
        return Message("rulings.type.mcr-hand")
    if kind is RiichiHand:
        return Message("rulings.type.riichi-hand")
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return Message("rulings.type.choice", {"values": " | ".join(str(m.value) for m in kind)})
    return Message("rulings.type.text")


def incident_from_facts(
    name: str,
    facts: Mapping[str, object],
    *,
    player: PlayerId | None = None,
    session: int | None = None,
    game: int | None = None,
) -> Incident:
    """Build an incident of type ``name`` from loose facts (strings or JSON values)."""
    cls = incident_type(name)
    spec = {f[0]: f for f in fact_fields(cls)}
    given = dict(facts)
    for fact_name, value in (("player", player), ("session", session), ("game", game)):
        if value is not None:
            given[fact_name] = value
    unknown = sorted(set(given) - set(spec))
    if unknown:
        raise IncidentError(
            Message(
                "rulings.fact.unknown",
                {"incident": name, "fact": unknown[0], "known": ", ".join(spec)},
            )
        )
    values: dict[str, object] = {}
    for fact_name, (_, kind, _doc, required, _default) in spec.items():
        # Absence is a fact left out (or JSON null); no string stands for it: 'none' is a
        # value like any other (RCR 5.1.3 ``revealed=none``), and '' is a wrong value.
        if given.get(fact_name) is None:
            if required:
                raise IncidentError(
                    Message(
                        "rulings.fact.missing",
                        {"incident": name, "fact": fact_name, "doc": fact_doc(cls, fact_name)},
                    )
                )
            continue
        values[fact_name] = _convert(name, fact_name, kind, given[fact_name])
    return cls(**values)  # type: ignore[arg-type]


MAX_NUMBER = 100_000
"""The largest number any fact of an incident may hold (minutes, seconds, a count)."""


def _in_range(key: str) -> Message:
    return Message(key, {"low": 0, "high": MAX_NUMBER})


def _bad(incident: str, fact: str, value: object, expected: Message) -> IncidentError:
    return IncidentError(
        Message(
            "rulings.fact.bad-value",
            {"incident": incident, "fact": fact, "value": shown(value), "expected": expected},
        )
    )


def _convert(incident: str, fact: str, kind: Any, value: object) -> object:
    """``value`` (a JSON value) as the type ``kind`` of the fact: JSON types as JSON types
    (a number for a number, ``true``/``false`` for yes or no, a list for a list)."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _convert(incident, fact, inner[0], value)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise _bad(incident, fact, value, describe_type(kind))
        return tuple(_convert(incident, fact, args[0], item) for item in value)
    if kind is bool:
        if isinstance(value, bool):
            return value
        raise _bad(incident, fact, value, Message("rulings.expect.bool"))
    if kind is PlayerId:
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_PLAYERS:
            return PlayerId(value)
        raise _bad(incident, fact, value, Message("rulings.expect.player", {"limit": MAX_PLAYERS}))
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= MAX_NUMBER:
                raise _bad(incident, fact, value, _in_range("rulings.expect.int-range"))
            return value
        raise _bad(incident, fact, value, Message("rulings.expect.int"))
    if kind is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            if not (math.isfinite(value) and 0 <= value <= MAX_NUMBER):
                raise _bad(incident, fact, value, _in_range("rulings.expect.number-range"))
            return float(value)
        raise _bad(incident, fact, value, Message("rulings.expect.number"))
    if kind is str:
        if isinstance(value, str):
            return value
        raise _bad(incident, fact, value, Message("rulings.expect.text"))
    if kind is McrHand:
        return _hand(incident, fact, value, MCR_SCHEMA)
    if kind is RiichiHand:
        return _hand(incident, fact, value, RIICHI_SCHEMA)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        text = value.strip().lower() if isinstance(value, str) else value
        for member in kind:
            if member.value == text:
                return member
        values = ", ".join(str(m.value) for m in kind)
        raise _bad(incident, fact, value, Message("rulings.expect.one-of", {"values": values}))
    raise TypeError(f"no conversion for the fact {fact} of {incident}: {kind!r}")


def _hand(incident: str, fact: str, value: object, schema: HandSchema) -> McrHand | RiichiHand:
    """A hand from its notation, or from ``{"tiles": notation, fact: value ...}`` with the
    facts of the hand family's schema (:mod:`mjref.schema`) as JSON values."""
    what = Message(
        "rulings.expect.mcr-hand" if schema is MCR_SCHEMA else "rulings.expect.riichi-hand"
    )
    if isinstance(value, str):
        spec: dict[str, object] = {"tiles": value}
    elif isinstance(value, Mapping):
        spec = dict(value)
    else:
        raise _bad(incident, fact, value, what)
    tiles = spec.pop("tiles", None)
    if not isinstance(tiles, str):
        raise _bad(incident, f"{fact}.tiles", tiles, Message("rulings.expect.notation"))
    unknown = sorted(set(spec) - set(schema.names))
    if unknown:
        raise IncidentError(
            Message(
                "rulings.fact.unknown",
                {
                    "incident": incident,
                    "fact": f"{fact}.{shown(unknown[0])}",
                    "known": ", ".join(schema.names),
                },
            )
        )
    facts: dict[str, Any] = {}
    for name, raw in spec.items():
        if raw is None:
            continue  # JSON null: the fact is not given (its default applies)
        try:
            facts[name] = read_json(schema[name], raw)
        except InputError as error:
            raise _bad_fact(incident, f"{fact}.{name}", error) from None
    try:
        parsed = parse_hand(tiles)
    except InputError as error:
        raise _bad_hand(incident, fact, error) from None
    if schema is MCR_SCHEMA:
        return McrHand(tiles=parsed, **facts)
    return RiichiHand(tiles=parsed, **facts)


def _bad_fact(incident: str, fact: str, error: InputError) -> IncidentError:
    return IncidentError(
        Message(
            "rulings.fact.bad-hand-fact",
            {"incident": incident, "fact": fact, "problem": error.message},
        )
    )


def _bad_hand(incident: str, fact: str, error: InputError) -> IncidentError:
    return IncidentError(
        Message(
            "rulings.fact.bad-hand",
            {"incident": incident, "fact": fact, "problem": _problem(error)},
        )
    )


def _problem(error: InputError) -> Message:
    """What is wrong with a hand and where, as one message (``column 3 of '...': ...``)."""
    if error.where is None:
        return error.message
    return Message("where.at", {"where": error.where, "problem": error.message})


# --- facts written as text (the command line's --fact NAME=VALUE) ----------------------------


def facts_from_text(name: str, pairs: Sequence[str]) -> dict[str, object]:
    """JSON values from ``NAME=VALUE`` texts, each read as the type its fact declares:
    ``minutes=12`` is the number 12, ``discarded=yes`` is true, ``completed_by=right,left``
    a list, ``hand.flowers=2`` the member ``flowers`` of the hand object ``hand`` (the hand
    family's schema says its type). A fact given twice is an error, never a silent choice.

    >>> facts_from_text("false-hu", ["tiles_shown=yes", "hand.tiles=[123s]...", "hand.flowers=2"])
    {'tiles_shown': True, 'hand': {'tiles': '[123s]...', 'flowers': 2}}
    """
    cls = incident_type(name)
    spec = {f[0]: f[1] for f in fact_fields(cls)}
    facts: dict[str, object] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise IncidentError(
                Message("rulings.fact.not-a-pair", {"incident": name, "pair": shown(pair)})
            )
        head, dot, member = key.partition(".")
        if head not in spec:
            raise IncidentError(
                Message(
                    "rulings.fact.unknown",
                    {"incident": name, "fact": shown(key), "known": ", ".join(spec)},
                )
            )
        kind = spec[head]
        if dot:
            schema = _schema_of(kind)
            group = facts.setdefault(head, {})
            if schema is None or not isinstance(group, dict):
                if schema is None:
                    raise _bad(name, head, key, Message("rulings.expect.no-parts"))
                raise _repeated(name, head)
            if member in group:
                raise _repeated(name, key)
            if member == "tiles":
                group[member] = text.strip()
            elif member in schema:
                try:
                    group[member] = to_json(schema[member], read_text(schema[member], text))
                except InputError as error:
                    raise _bad_fact(name, key, error) from None
            else:
                group[member] = text
        else:
            if head in facts:
                raise _repeated(name, head)
            facts[head] = _from_text(name, head, kind, text)
    return facts


def _repeated(incident: str, fact: str) -> IncidentError:
    return IncidentError(Message("rulings.fact.repeated", {"incident": incident, "fact": fact}))


def _schema_of(kind: Any) -> HandSchema | None:
    inner = [a for a in typing.get_args(kind) if a is not type(None)] or [kind]
    if inner[0] is McrHand:
        return MCR_SCHEMA
    if inner[0] is RiichiHand:
        return RIICHI_SCHEMA
    return None


def _from_text(incident: str, fact: str, kind: Any, text: str) -> object:
    """The JSON value a fact written as text stands for (checked again by the JSON reading)."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    value = text.strip()
    if origin in (types.UnionType, typing.Union):
        # No text stands for an unknown fact (leave the fact out): 'none' is a value of its
        # own where the fact has it (RCR 5.1.3 revealed=none), a wrong value elsewhere.
        inner = [a for a in args if a is not type(None)]
        return _from_text(incident, fact, inner[0], text)
    if origin is tuple:
        return [_from_text(incident, fact, args[0], v) for v in value.split(",") if v.strip()]
    if kind is bool:
        if value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise _bad(incident, fact, text, Message("rulings.expect.bool"))
    if kind is int or kind is PlayerId:
        digits = value.removeprefix("-")
        if digits.isascii() and digits.isdigit() and len(digits) <= 9:
            return int(value)
        raise _bad(incident, fact, text, Message("rulings.expect.int"))
    if kind is float:
        if len(value) <= 30:
            try:
                number = float(value)
            except ValueError:
                pass
            else:
                if math.isfinite(number):
                    return number
        raise _bad(incident, fact, text, Message("rulings.expect.number"))
    return value if kind is not str else text

"""Incidents from loose facts (the CLI's ``--fact name=value``, a JSON object).

Each fact is converted to the type its incident declares, and every problem is an
:class:`IncidentError` naming the incident and the fact: an unknown incident type, an
unknown fact, a missing one, a value of the wrong type or outside the allowed values.

>>> incident_from_facts("late-arrival", {"minutes": "12"}).minutes
12
>>> incident_from_facts("late-arrival", {})
Traceback (most recent call last):
...
mjref.rulings.errors.IncidentError: late-arrival: the fact 'minutes' is missing (Minutes late, ...)
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import Any

from mjref.errors import InputError
from mjref.mcr.hand import FACT_TYPES as MCR_FACT_TYPES
from mjref.mcr.hand import McrHand
from mjref.messages import Message
from mjref.riichi import RiichiHand
from mjref.riichi.hand import FACT_TYPES as RIICHI_FACT_TYPES
from mjref.rulings import incidents  # noqa: F401  (registers the incident types)
from mjref.rulings.errors import IncidentError
from mjref.rulings.incident import REGISTRY, Incident, fact_doc
from mjref.tiles import Wind

_TRUE = {"true", "yes", "1", "y", "on"}
_FALSE = {"false", "no", "0", "n", "off"}

HAND_FLAGS = MCR_FACT_TYPES
"""Keys an MCR hand object may carry besides ``tiles`` (the notation); see McrHand."""

RIICHI_FLAGS = RIICHI_FACT_TYPES
"""Keys a riichi hand object may carry besides ``tiles``; see RiichiHand."""
"""Keys a riichi hand object may carry besides ``tiles``; see RiichiHand.from_notation."""


def incident_types() -> Mapping[str, type[Incident]]:
    """Every incident type by name, in the order they are defined."""
    return types.MappingProxyType(REGISTRY)


def incident_type(name: str) -> type[Incident]:
    """An incident type by name."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise IncidentError(
            Message("rulings.incident.unknown", {"name": name, "known": ", ".join(REGISTRY)})
        ) from None


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
    player: str | None = None,
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


def _bad(incident: str, fact: str, value: object, expected: Message) -> IncidentError:
    return IncidentError(
        Message(
            "rulings.fact.bad-value",
            {"incident": incident, "fact": fact, "value": value, "expected": expected},
        )
    )


def _convert(incident: str, fact: str, kind: Any, value: object) -> object:
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _convert(incident, fact, inner[0], value)
    if origin is tuple:
        if isinstance(value, str):
            items: list[object] = [v.strip() for v in value.split(",") if v.strip()]
        elif isinstance(value, list | tuple):
            items = list(value)
        else:
            raise _bad(incident, fact, value, describe_type(kind))
        return tuple(_convert(incident, fact, args[0], item) for item in items)
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise _bad(incident, fact, value, Message("rulings.expect.bool"))
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value)
        raise _bad(incident, fact, value, Message("rulings.expect.int"))
    if kind is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                pass
        raise _bad(incident, fact, value, Message("rulings.expect.number"))
    if kind is str:
        if isinstance(value, str):
            return value
        raise _bad(incident, fact, value, Message("rulings.expect.text"))
    if kind is McrHand:
        return _hand(incident, fact, value)
    if kind is RiichiHand:
        return _riichi_hand(incident, fact, value)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        text = value.strip().lower() if isinstance(value, str) else value
        for member in kind:
            if member.value == text:
                return member
        values = tuple(str(m.value) for m in kind)
        raise _bad(incident, fact, value, Message("rulings.expect.one-of", {"values": values}))
    raise TypeError(f"no conversion for the fact {fact} of {incident}: {kind!r}")


def _hand(incident: str, fact: str, value: object) -> McrHand:
    """An MCR hand from its notation, or from ``{"tiles": notation, flag: value ...}``."""
    tiles, flags = _hand_spec(incident, fact, value, Message("rulings.expect.mcr-hand"), HAND_FLAGS)
    try:
        return McrHand.from_notation(tiles, **flags)
    except InputError as error:
        raise _bad_hand(incident, fact, error) from None


def _riichi_hand(incident: str, fact: str, value: object) -> RiichiHand:
    """A riichi hand from its notation, or ``{"tiles": notation, fact: value ...}``."""
    tiles, flags = _hand_spec(
        incident, fact, value, Message("rulings.expect.riichi-hand"), RIICHI_FLAGS
    )
    try:
        return RiichiHand.from_notation(tiles, **flags)
    except InputError as error:
        raise _bad_hand(incident, fact, error) from None


def _hand_spec(
    incident: str, fact: str, value: object, what: Message, known: Mapping[str, type]
) -> tuple[str, dict[str, Any]]:
    """The notation and the typed flags of a hand given as notation or as an object."""
    if isinstance(value, str):
        spec: dict[str, object] = {"tiles": value}
    elif isinstance(value, Mapping):
        spec = dict(value)
    else:
        raise _bad(incident, fact, value, what)
    tiles = spec.pop("tiles", None)
    if not isinstance(tiles, str):
        raise _bad(incident, f"{fact}.tiles", tiles, Message("rulings.expect.notation"))
    unknown = sorted(set(spec) - set(known))
    if unknown:
        raise IncidentError(
            Message(
                "rulings.fact.unknown",
                {"incident": incident, "fact": f"{fact}.{unknown[0]}", "known": ", ".join(known)},
            )
        )
    flags: dict[str, Any] = {}
    for flag, raw in spec.items():
        if raw is None:
            continue  # JSON null: the flag is not given (its default applies)
        where = f"{fact}.{flag}"
        if known[flag] is Wind:
            try:
                flags[flag] = Wind.from_code(str(raw).strip().upper())
            except InputError:
                raise _bad(incident, where, raw, Message("rulings.expect.wind")) from None
        else:
            flags[flag] = _convert(incident, where, known[flag], raw)
    return tiles, flags


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

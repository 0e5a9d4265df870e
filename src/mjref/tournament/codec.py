"""Events to plain JSON-able values and back (what the store keeps).

``encode(event)`` gives a dict of plain values (str, int, bool, None, lists, dicts);
``decode(kind, data)`` rebuilds the frozen event and checks every field's type, so a
damaged or foreign row is an error naming the field, never a wrong value.

>>> from mjref.players import PlayerId
>>> from mjref.tournament.events import CheckedIn
>>> encode(CheckedIn(PlayerId(7)))
{'player': 7}
>>> decode("checked-in", {"player": 7})
CheckedIn(player=7)
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from mjref.tournament import events as ev

Decoder = Callable[[object, str], Any]
Encoder = Callable[[Any], object]


class CodecError(ValueError):
    """A stored event that does not fit its type (a damaged or foreign log row)."""


def encode(event: ev.Event) -> dict[str, object]:
    """The event's fields as plain values."""
    kind: Any = type(event)
    value = _encoder(kind)(event)
    assert isinstance(value, dict)
    return value


def decode(kind: str, data: object) -> ev.Event:
    """The event of type ``kind`` from plain values (``CodecError`` when they do not fit)."""
    cls: Any = ev.BY_KIND.get(kind)
    if cls is None:
        raise CodecError(f"unknown event kind {kind!r}")
    value = _decoder(cls)(data, kind)
    assert isinstance(value, ev.Event)
    return value


def encode_any_event(event: ev.Event | None) -> object:
    if event is None:
        return None
    return {"kind": event.KIND, "data": encode(event)}


def _decode_any_event(data: object, where: str) -> ev.Event | None:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != {"kind", "data"}:
        raise CodecError(f"{where}: expected an event object")
    kind = data["kind"]
    if not isinstance(kind, str):
        raise CodecError(f"{where}: the event kind must be a string")
    return decode(kind, data["data"])


def plain(value: object) -> object:
    """A JSON-able value frozen for an event field: lists become tuples, dicts read-only."""
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): plain(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(plain(v) for v in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise CodecError(f"not a JSON value: {type(value).__name__}")


def thaw(value: object) -> object:
    """The JSON form of a :func:`plain` value (tuples to lists, mappings to dicts)."""
    if isinstance(value, Mapping):
        return {str(k): thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(ev))


@cache
def _encoder(kind: Any) -> Encoder:
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        parts = [(f.name, _encoder(hints[f.name])) for f in dataclasses.fields(kind)]
        return lambda value: {name: enc(getattr(value, name)) for name, enc in parts}
    return _leaf_encoder(kind)


def _leaf_encoder(kind: Any) -> Encoder:
    origin = typing.get_origin(kind)
    if kind == ev.Event | None:
        return encode_any_event
    if origin in (types.UnionType, typing.Union):
        inner = [_encoder(a) for a in typing.get_args(kind) if a is not type(None)]
        assert len(inner) == 1, kind
        only = inner[0]
        return lambda value: None if value is None else only(value)
    if origin is tuple:
        item = _encoder(typing.get_args(kind)[0])
        return lambda value: [item(v) for v in value]
    if origin is Mapping or kind is Mapping:
        return thaw
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return lambda value: value.value
    return lambda value: value


def _bad(where: str, expected: str, value: object) -> CodecError:
    return CodecError(f"{where}: expected {expected}, found {value!r}")


@cache
def _decoder(kind: Any) -> Decoder:
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_decoder(kind)
    return _leaf_decoder(kind)


def _dataclass_decoder(cls: type) -> Decoder:
    hints = _hints(cls)
    parts = [
        (f.name, _decoder(hints[f.name]), f.default is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
    ]
    names = {name for name, _, _ in parts}

    def decode_object(data: object, where: str) -> object:
        if not isinstance(data, dict):
            raise _bad(where, "an object", data)
        unknown = set(data) - names
        if unknown:
            raise CodecError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        values: dict[str, object] = {}
        for name, dec, required in parts:
            if name in data:
                values[name] = dec(data[name], f"{where}.{name}")
            elif required:
                raise CodecError(f"{where}: field {name!r} is missing")
        return cls(**values)

    return decode_object


def _leaf_decoder(kind: Any) -> Decoder:
    origin = typing.get_origin(kind)
    if kind == ev.Event | None:
        return _decode_any_event
    if origin in (types.UnionType, typing.Union):
        inner = [_decoder(a) for a in typing.get_args(kind) if a is not type(None)]
        assert len(inner) == 1, kind
        only = inner[0]
        return lambda value, where: None if value is None else only(value, where)
    if origin is tuple:
        item = _decoder(typing.get_args(kind)[0])

        def decode_tuple(value: object, where: str) -> tuple[object, ...]:
            if not isinstance(value, list):
                raise _bad(where, "a list", value)
            return tuple(item(v, f"{where}[{i}]") for i, v in enumerate(value))

        return decode_tuple
    if origin is Mapping or kind is Mapping:

        def decode_mapping(value: object, where: str) -> object:
            if not isinstance(value, dict):
                raise _bad(where, "an object", value)
            return plain(value)

        return decode_mapping
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        enum_type = kind

        def decode_enum(value: object, where: str) -> object:
            try:
                return enum_type(value)
            except ValueError:
                raise _bad(where, f"one of {[m.value for m in enum_type]}", value) from None

        return decode_enum
    base = getattr(kind, "__supertype__", kind)  # NewType (PlayerId) -> int
    if base is bool:
        return _typed(bool, "true or false")
    if base is int:
        return _typed(int, "a whole number")
    if base is str:
        return _typed(str, "a string")
    raise TypeError(f"no decoder for {kind!r}")


def _typed(expected: type, words: str) -> Decoder:
    def check(value: object, where: str) -> object:
        if type(value) is not expected:
            raise _bad(where, words, value)
        return value

    return check

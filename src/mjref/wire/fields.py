"""Field problems of a JSON object read with a pydantic model, as message keys.

Every problem pydantic finds is reported (not only the first), each as a stable code and a
:class:`~mjref.messages.Message` naming the field by its path (``melds[1].tiles[2]``).
Custom checks (tile codes, winds, melds, conventions ...) raise :func:`field_error` with
their own code and message key; the field's path is added as the parameter ``field``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from pydantic import AfterValidator, ValidationError
from pydantic_core import ErrorDetails, PydanticCustomError

from mjref.errors import InputError
from mjref.messages import Message
from mjref.schema import shown
from mjref.tiles import TILES, Tile
from mjref.wire import _messages  # noqa: F401  (registers the wording)


@dataclass(frozen=True, slots=True)
class FieldProblem:
    """One problem with the input, before anything is judged."""

    code: str
    message: Message


def field_error(
    finding_code: str, key: str, params: dict[str, object] | None = None
) -> PydanticCustomError:
    """A custom check's error: the finding's code, and the message ``key`` with ``params``
    (the field's path is added as ``field``)."""
    return PydanticCustomError(
        "mjref", "{code}", {"code": finding_code, "key": key, "params": dict(params or {})}
    )


def path_text(loc: Sequence[int | str]) -> str:
    """``("melds", 1, "tiles", 2)`` -> ``melds[1].tiles[2]``; the whole line is ``line``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "line"


_SIMPLE = {
    "missing": "json.missing",
    "bool_type": "json.bool",
    "int_type": "json.int",
    "int_from_float": "json.int",
    "string_type": "json.string",
    "list_type": "json.list",
    "tuple_type": "json.list",
    "model_type": "json.object",
    "model_attributes_type": "json.object",
    "dict_type": "json.object",
}


def problem_of(error: ErrorDetails) -> FieldProblem:
    """One pydantic error as a :class:`FieldProblem`."""
    field = path_text(error["loc"])
    kind = error["type"]
    ctx = error.get("ctx", {})
    if kind == "mjref":
        params = {"field": field, **ctx["params"]}
        return FieldProblem(ctx["code"], Message(ctx["key"], params))
    if kind in _SIMPLE:
        return FieldProblem("bad-field", Message(_SIMPLE[kind], {"field": field}))
    if kind == "greater_than_equal":
        return FieldProblem(
            "bad-field", Message("json.at-least", {"field": field, "limit": ctx["ge"]})
        )
    if kind == "less_than_equal":
        return FieldProblem(
            "bad-field", Message("json.at-most", {"field": field, "limit": ctx["le"]})
        )
    if kind == "too_long":
        return FieldProblem(
            "bad-field", Message("json.too-many", {"field": field, "limit": ctx["max_length"]})
        )
    if kind == "literal_error":
        return FieldProblem(
            "bad-field", Message("json.one-of", {"field": field, "expected": ctx["expected"]})
        )
    return FieldProblem(
        "bad-field", Message("json.invalid", {"field": field, "problem": error["msg"]})
    )


def problems_of(error: ValidationError) -> tuple[FieldProblem, ...]:
    """Every problem of a failed validation, in the order of the fields."""
    return tuple(problem_of(e) for e in error.errors(include_url=False))


def _tile_code(code: str) -> str:
    if code not in TILE_CODES:
        raise field_error("bad-tile", "json.bad-tile", {"code": shown(code)})
    return code


def _wind_code(code: str) -> str:
    if code not in ("E", "S", "W", "N"):
        raise field_error("bad-wind", "json.bad-wind", {"code": shown(code)})
    return code


def _suit_code(code: str) -> str:
    if code not in ("m", "p", "s"):
        raise field_error("bad-suit", "json.bad-suit", {"code": shown(code)})
    return code


TILE_CODES = frozenset([t.code for t in TILES] + [f"{n}z" for n in range(1, 8)])
"""The tile codes :data:`TileCode` accepts."""

TileCode = Annotated[str, AfterValidator(_tile_code)]
"""A tile code of the JSON contract (``1m``-``9s``, ``E S W N P F C``, ``1z``-``7z``)."""
WindCode = Annotated[str, AfterValidator(_wind_code)]
SuitCode = Annotated[str, AfterValidator(_suit_code)]


def tiles_of(codes: Sequence[str]) -> tuple[Tile, ...]:
    """The tiles of checked tile codes."""
    return tuple(Tile.from_code(c) for c in codes)


def input_problem(error: InputError, code: str) -> FieldProblem:
    """An :class:`InputError` raised while building a value, as a problem naming its field."""
    if error.where:
        message = Message("json.field-problem", {"field": error.where, "problem": error.message})
        return FieldProblem(code, message)
    return FieldProblem(code, error.message)

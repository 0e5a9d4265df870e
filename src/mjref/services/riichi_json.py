"""The riichi half of the judges' JSON-lines contract (``shared/spec/judge-contract.md``).

:func:`hand_from_json` turns one decoded JSON object into a :class:`RiichiHand` and the
ruleset name, or into findings saying exactly which field is wrong and why;
:func:`verdict_to_json` and :func:`unjudged_to_json` write the output object. Beyond the
contract's keys the input may carry ``red_fives`` (suit letters, RCR 2012) and
``discards`` (the player's own discards, for furiten); the output adds ``ruleset``,
``fu_parts``, ``limit``, ``payments``, ``corrections``, ``penalty`` and ``furiten``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from mjref.errors import InputError
from mjref.messages import Message
from mjref.riichi import RiichiHand, RiichiVerdict
from mjref.riichi.ruleset import riichi_rules
from mjref.services import _messages  # noqa: F401  (registers the wording)
from mjref.tiles import TILES, HandTiles, Meld, MeldKind, Suit, Tile, Wind

JsonObject = dict[str, object]


def _tile_code(code: str) -> str:
    if code not in _TILE_CODES:
        raise PydanticCustomError("tile_code", "not a tile code", {"code": code})
    return code


def _wind_code(code: str) -> str:
    if code not in ("E", "S", "W", "N"):
        raise PydanticCustomError("wind_code", "not a wind", {"code": code})
    return code


def _suit_code(code: str) -> str:
    if code not in ("m", "p", "s"):
        raise PydanticCustomError("suit_code", "not a suit with a red five", {"code": code})
    return code


def _ruleset_name(name: str) -> str:
    try:
        riichi_rules(name)
    except InputError as error:
        raise PydanticCustomError("ruleset", "unknown ruleset", {"name": name}) from error
    return name


_TILE_CODES = frozenset(t.code for t in TILES)
TileCode = Annotated[str, AfterValidator(_tile_code)]
WindCode = Annotated[str, AfterValidator(_wind_code)]
SuitCode = Annotated[str, AfterValidator(_suit_code)]
RulesetName = Annotated[str, AfterValidator(_ruleset_name)]


class _MeldIn(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    type: Literal["chow", "pung", "kong"]
    tiles: list[TileCode]
    concealed: bool = False
    claimed: int | None = None

    @model_validator(mode="after")
    def _is_a_meld(self) -> _MeldIn:
        try:
            self.to_meld()
        except InputError as error:
            raise PydanticCustomError(
                "meld", "not a meld", {"problem": error.message.english()}
            ) from error
        return self

    def to_meld(self) -> Meld:
        tiles = tuple(Tile.from_code(c) for c in self.tiles)
        return Meld(MeldKind(self.type), tiles, concealed=self.concealed, claimed=self.claimed)


class _RiichiIn(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    melds: list[_MeldIn] = Field(default_factory=list)
    concealed: list[TileCode]
    win_tile: TileCode
    self_drawn: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: WindCode = "E"
    prevalent_wind: WindCode = "E"
    dora_indicators: list[TileCode] = Field(default_factory=list)
    ura_indicators: list[TileCode] = Field(default_factory=list)
    red_fives: list[SuitCode] = Field(default_factory=list)
    discards: list[TileCode] | None = None
    honba: int = Field(0, ge=0)
    riichi_sticks: int = Field(0, ge=0)
    furiten: bool = False
    ruleset: RulesetName | None = None


@dataclass(frozen=True, slots=True)
class JsonFinding:
    """A problem with a JSON line, before any judging."""

    code: str
    message: Message


@dataclass(frozen=True, slots=True)
class ParsedLine:
    hand: RiichiHand
    ruleset: str


def _path(loc: Sequence[int | str]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out or "line"


_SIMPLE_ERRORS = {
    "missing": "json.missing",
    "bool_type": "json.bool",
    "int_type": "json.int",
    "string_type": "json.string",
    "list_type": "json.list",
    "model_type": "json.object",
    "model_attributes_type": "json.object",
    "dict_type": "json.object",
}
_CODE_ERRORS = {
    "tile_code": ("bad-tile", "json.bad-tile"),
    "wind_code": ("bad-wind", "json.bad-wind"),
    "suit_code": ("bad-suit", "json.bad-suit"),
}


def _from_pydantic(error: ErrorDetails) -> JsonFinding:
    field = _path(error["loc"])
    kind = error["type"]
    ctx = error.get("ctx", {})
    if kind in _SIMPLE_ERRORS:
        return JsonFinding("bad-field", Message(_SIMPLE_ERRORS[kind], {"field": field}))
    if kind in _CODE_ERRORS:
        code, key = _CODE_ERRORS[kind]
        return JsonFinding(code, Message(key, {"field": field, "code": ctx["code"]}))
    if kind == "meld":
        return JsonFinding(
            "bad-meld", Message("json.bad-meld", {"field": field, "problem": ctx["problem"]})
        )
    if kind == "ruleset":
        try:
            riichi_rules(ctx["name"])
        except InputError as refused:  # the registry's own words: unknown, or not riichi
            return JsonFinding("unknown-ruleset", refused.message)
        raise AssertionError(f"ruleset {ctx['name']!r} was refused, then accepted")
    if kind == "greater_than_equal":
        return JsonFinding(
            "bad-field", Message("json.at-least", {"field": field, "limit": ctx["ge"]})
        )
    if kind == "literal_error":
        return JsonFinding(
            "bad-field", Message("json.one-of", {"field": field, "expected": ctx["expected"]})
        )
    return JsonFinding(
        "bad-field", Message("json.invalid", {"field": field, "problem": error["msg"]})
    )


def _tiles(codes: Sequence[str]) -> tuple[Tile, ...]:
    return tuple(Tile.from_code(c) for c in codes)


def hand_from_json(data: object, *, default_ruleset: str) -> ParsedLine | tuple[JsonFinding, ...]:
    """A hand and ruleset name from one decoded JSON value, or every problem with it."""
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else type(data).__name__
        return (JsonFinding("not-an-object", Message("json.not-an-object", {"kind": kind})),)
    try:
        line = _RiichiIn.model_validate(data)
    except ValidationError as error:
        return tuple(_from_pydantic(e) for e in error.errors())
    hand = RiichiHand(
        tiles=HandTiles(
            tuple(m.to_meld() for m in line.melds),
            _tiles(line.concealed),
            Tile.from_code(line.win_tile),
        ),
        tsumo=line.self_drawn,
        riichi=line.riichi,
        double_riichi=line.double_riichi,
        ippatsu=line.ippatsu,
        rinshan=line.rinshan,
        chankan=line.chankan,
        haitei=line.haitei,
        houtei=line.houtei,
        tenhou=line.tenhou,
        chiihou=line.chiihou,
        renhou=line.renhou,
        seat_wind=Wind(line.seat_wind),
        prevalent_wind=Wind(line.prevalent_wind),
        dora_indicators=_tiles(line.dora_indicators),
        ura_indicators=_tiles(line.ura_indicators),
        red_fives=tuple(Suit(c) for c in line.red_fives),
        honba=line.honba,
        riichi_sticks=line.riichi_sticks,
        furiten=line.furiten,
        discards=None if line.discards is None else _tiles(line.discards),
    )
    return ParsedLine(hand, line.ruleset if line.ruleset is not None else default_ruleset)


def unjudged_to_json(findings: Sequence[JsonFinding]) -> JsonObject:
    """The output object for a line that could not be judged."""
    return {
        "valid": False,
        "findings": [
            {"code": f.code, "message": f.message.english(), "clause": None} for f in findings
        ],
        "yaku": [],
        "han": 0,
        "fu": 0,
        "hand_points": 0,
        "chombo": False,
        "dead_hand": False,
        "ruleset": None,
        "fu_parts": [],
        "limit": "",
        "payments": None,
        "corrections": [],
        "penalty": None,
        "furiten": False,
    }


def verdict_to_json(verdict: RiichiVerdict) -> JsonObject:
    """The output object for a judged line (the contract's keys first)."""
    payments: Mapping[str, object] | None = None
    if verdict.payments is not None:
        p = verdict.payments
        payments = {
            "tsumo": p.tsumo,
            "discarder": p.discarder,
            "dealer": p.dealer,
            "non_dealer": p.non_dealer,
            "honba": p.honba,
            "riichi_sticks": p.riichi_sticks,
            "total": p.total,
        }
    penalty: Mapping[str, object] | None = None
    if verdict.chombo is not None:
        c = verdict.chombo
        penalty = {
            "kind": "chombo",
            "timing": c.timing.value,
            "points": c.points,
            "to_dealer": c.to_dealer,
            "to_each_non_dealer": c.to_each_non_dealer,
            "clause": c.clause,
            "message": c.message.english(),
        }
    return {
        "valid": verdict.valid,
        "findings": [
            {"code": f.code, "message": f.message.english(), "clause": f.clause}
            for f in verdict.findings
        ],
        "yaku": [{"name": y.name, "han": y.han} for y in verdict.yaku],
        "han": verdict.han,
        "fu": verdict.fu,
        "hand_points": verdict.hand_points,
        "chombo": verdict.chombo is not None,
        "dead_hand": verdict.dead_hand,
        "ruleset": verdict.ruleset,
        "fu_parts": [{"reason": p.reason, "fu": p.fu} for p in verdict.fu_parts],
        "limit": verdict.limit,
        "payments": payments,
        "corrections": [
            {"rule": c.rule, "clause": c.clause, "message": c.message.english()}
            for c in verdict.corrections
        ],
        "penalty": penalty,
        "furiten": verdict.furiten,
    }

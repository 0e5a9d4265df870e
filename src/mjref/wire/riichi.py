"""The JSON shapes of riichi hands and verdicts (``docs/judge-contract.md``), shared by the
CLI, the web and bulk I/O.

- :class:`RiichiHandIn` reads one hand object (strict types; every field problem
  reported); its facts follow the hand schema (:data:`mjref.services.riichi.RIICHI_SCHEMA`,
  a test checks). Beyond the contract's keys it reads ``red_fives`` (suit letters) and
  ``discards`` (the player's own discards, for furiten).
- :func:`riichi_hand_from_json` builds the :class:`~mjref.riichi.RiichiHand` and names
  the ruleset, or returns every problem.
- :func:`riichi_verdict_json` writes a verdict; :class:`RiichiVerdictOut` is its schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from mjref.errors import InputError
from mjref.riichi import FindingKind, RiichiFinding
from mjref.schema import MAX_TILE_LIST, shown
from mjref.services.riichi import RIICHI_SCHEMA, RiichiHand, RiichiVerdict, riichi_ruleset
from mjref.tiles import HandTiles, Meld, MeldKind, Suit, Wind
from mjref.wire.fields import (
    FieldProblem,
    SuitCode,
    TileCode,
    WindCode,
    field_error,
    problems_of,
    tiles_of,
)
from mjref.wire.messages import JsonValue, message_json


def _ruleset_name(name: str) -> str:
    try:
        riichi_ruleset(name)
    except InputError as error:
        raise field_error(
            "unknown-ruleset", error.message.key, {**error.message.params, "name": shown(name)}
        ) from None
    return name


RulesetName = Annotated[str, AfterValidator(_ruleset_name)]


class RiichiMeldIn(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")

    type: Literal["chow", "pung", "kong"]
    tiles: list[TileCode] = Field(max_length=4)
    concealed: bool = False
    claimed: int | None = Field(None, ge=1, le=3)

    @model_validator(mode="after")
    def _is_a_meld(self) -> RiichiMeldIn:
        try:
            self.to_meld()
        except InputError as error:
            raise field_error("bad-meld", "json.bad-meld", {"problem": error.message}) from None
        return self

    def to_meld(self) -> Meld:
        return Meld(
            MeldKind(self.type),
            tiles_of(self.tiles),
            concealed=self.concealed,
            claimed=self.claimed,
        )


_honba = RIICHI_SCHEMA["honba"]
_sticks = RIICHI_SCHEMA["riichi_sticks"]


class RiichiHandIn(BaseModel):
    """One riichi hand object of the JSON contract (plus ``red_fives`` and ``discards``)."""

    model_config = ConfigDict(strict=True, extra="ignore")

    melds: list[RiichiMeldIn] = Field(default_factory=list, max_length=16)
    concealed: list[TileCode] = Field(max_length=MAX_TILE_LIST)
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
    dora_indicators: list[TileCode] = Field(default_factory=list, max_length=MAX_TILE_LIST)
    ura_indicators: list[TileCode] = Field(default_factory=list, max_length=MAX_TILE_LIST)
    red_fives: list[SuitCode] = Field(default_factory=list, max_length=3)
    honba: int = Field(0, ge=_honba.low, le=_honba.high)
    riichi_sticks: int = Field(0, ge=_sticks.low, le=_sticks.high)
    furiten: bool = False
    discards: list[TileCode] | None = Field(None, max_length=MAX_TILE_LIST)
    ruleset: RulesetName | None = None

    def to_hand(self) -> RiichiHand:
        return RiichiHand(
            tiles=HandTiles(
                tuple(m.to_meld() for m in self.melds),
                tiles_of(self.concealed),
                tiles_of([self.win_tile])[0],
            ),
            self_drawn=self.self_drawn,
            riichi=self.riichi,
            double_riichi=self.double_riichi,
            ippatsu=self.ippatsu,
            rinshan=self.rinshan,
            chankan=self.chankan,
            haitei=self.haitei,
            houtei=self.houtei,
            tenhou=self.tenhou,
            chiihou=self.chiihou,
            renhou=self.renhou,
            seat_wind=Wind(self.seat_wind),
            prevalent_wind=Wind(self.prevalent_wind),
            dora_indicators=tiles_of(self.dora_indicators),
            ura_indicators=tiles_of(self.ura_indicators),
            red_fives=tuple(Suit(c) for c in self.red_fives),
            honba=self.honba,
            riichi_sticks=self.riichi_sticks,
            furiten=self.furiten,
            discards=None if self.discards is None else tiles_of(self.discards),
        )


@dataclass(frozen=True, slots=True)
class RiichiRequest:
    """A hand read from JSON, and the ruleset it names (``None``: the caller's default)."""

    hand: RiichiHand
    ruleset: str | None


def riichi_hand_from_json(data: Mapping[str, Any]) -> RiichiRequest | tuple[FieldProblem, ...]:
    """The hand in one decoded JSON object, or every problem with it."""
    try:
        read = RiichiHandIn.model_validate(data)
    except ValidationError as error:
        return problems_of(error)
    return RiichiRequest(read.to_hand(), read.ruleset)


def riichi_hand_json(hand: RiichiHand, ruleset: str | None = None) -> dict[str, JsonValue]:
    """The contract's input object for a declared win (read back by
    :func:`riichi_hand_from_json`)."""
    data: dict[str, JsonValue] = {
        "melds": [
            {
                "type": m.kind.value,
                "tiles": [t.code for t in m.tiles],
                "concealed": m.concealed,
                "claimed": m.claimed,
            }
            for m in hand.tiles.melds
        ],
        "concealed": [t.code for t in hand.tiles.concealed],
        "win_tile": hand.tiles.winning_tile.code if hand.tiles.winning_tile else None,
    }
    for fact in RIICHI_SCHEMA:
        value = getattr(hand, fact.name)
        if isinstance(value, Wind | Suit):
            data[fact.name] = value.value
        elif isinstance(value, tuple):
            data[fact.name] = [v.value if isinstance(v, Suit) else v.code for v in value]
        else:
            data[fact.name] = value
    if ruleset is not None:
        data["ruleset"] = ruleset
    return data


# --- the verdict ---------------------------------------------------------------------------


_SEVERITY = {
    FindingKind.INPUT: "error",
    FindingKind.NOT_A_WIN: "error",
    FindingKind.DEAD_HAND: "error",
}


def riichi_finding_json(finding: RiichiFinding, language: str) -> dict[str, JsonValue]:
    shaped = message_json(
        finding.message, language, code=finding.code, severity=_SEVERITY[finding.kind]
    )
    shaped["kind"] = finding.kind.value
    shaped["clause"] = finding.clause
    return shaped


def riichi_unjudged_json(problems: tuple[FieldProblem, ...], language: str) -> dict[str, JsonValue]:
    """The output object for a hand that could not be read at all."""
    return {
        "valid": False,
        "judged": False,
        "findings": [
            message_json(p.message, language, code=p.code, severity="error") for p in problems
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


def riichi_verdict_json(verdict: RiichiVerdict, language: str = "en") -> dict[str, JsonValue]:
    """The output object for a judged line (the contract's keys first)."""
    payments: dict[str, JsonValue] | None = None
    if verdict.payments is not None:
        p = verdict.payments
        payments = {
            "self_drawn": p.self_drawn,
            "discarder": p.discarder,
            "dealer": p.dealer,
            "non_dealer": p.non_dealer,
            "honba": p.honba,
            "riichi_sticks": p.riichi_sticks,
            "total": p.total,
        }
    penalty: dict[str, JsonValue] | None = None
    if verdict.chombo is not None:
        c = verdict.chombo
        penalty = {
            "kind": "chombo",
            "timing": c.timing.value,
            "points": c.points,
            "to_dealer": c.to_dealer,
            "to_each_non_dealer": c.to_each_non_dealer,
            "clause": c.clause,
            "message": message_json(c.message, language),
        }
    return {
        "valid": verdict.valid,
        "judged": not verdict.is_input_error,
        "findings": [riichi_finding_json(f, language) for f in verdict.findings],
        "yaku": [{"name": y.name, "han": y.han} for y in verdict.yaku],
        "han": verdict.han,
        "fu": verdict.fu,
        "hand_points": verdict.hand_points,
        "chombo": verdict.chombo is not None,
        "dead_hand": verdict.dead_hand,
        "ruleset": verdict.ruleset,
        "fu_parts": [
            {"reason": p.reason, "fu": p.fu, "message": message_json(p.message, language)}
            for p in verdict.fu_parts
        ],
        "limit": verdict.limit,
        "payments": payments,
        "corrections": [
            {"rule": c.rule, "clause": c.clause, "message": message_json(c.message, language)}
            for c in verdict.corrections
        ],
        "penalty": penalty,
        "furiten": verdict.furiten,
    }

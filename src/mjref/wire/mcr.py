"""The JSON shapes of MCR hands and verdicts (``docs/judge-contract.md``), the fans and the
conventions, shared by the CLI, the web and bulk I/O.

- :class:`McrHandIn` reads one hand object (strict types; every field problem reported);
  its facts follow the hand schema (:data:`mjref.services.mcr.MCR_SCHEMA`, a test checks).
- :func:`mcr_hand_from_json` builds the :class:`~mjref.mcr.hand.McrHand` and names the
  convention, or returns every problem; :func:`mcr_hand_json` is its inverse.
- :func:`mcr_verdict_json` writes a verdict (messages with key, params and text in the
  requested language); :class:`mjref.wire.shapes.McrVerdictOut` is its schema.
- The plain-hand reader and the verdict writer live in :mod:`mjref.wire.mcr_plain`,
  which declares no pydantic model (so mypyc can compile it); their names are re-exported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from mjref.errors import InputError
from mjref.schema import MAX_TILE_LIST, shown
from mjref.services.mcr import (
    MCR_SCHEMA,
    Convention,
    DisputedPoint,
    Fan,
    McrHand,
    mcr_convention,
)
from mjref.tiles import HandTiles, Meld, MeldKind, Wind
from mjref.wire.fields import (
    FieldProblem,
    TileCode,
    WindCode,
    field_error,
    problems_of,
    tiles_of,
)
from mjref.wire.mcr_plain import MAX_MELDS as MAX_MELDS
from mjref.wire.mcr_plain import McrRequest as McrRequest
from mjref.wire.mcr_plain import finding_json as finding_json
from mjref.wire.mcr_plain import mcr_unjudged_json as mcr_unjudged_json
from mjref.wire.mcr_plain import mcr_verdict_json as mcr_verdict_json
from mjref.wire.mcr_plain import plain_request as _plain_request
from mjref.wire.mcr_plain import problem_json as problem_json
from mjref.wire.messages import JsonValue


def _convention_name(name: str) -> str:
    try:
        mcr_convention(name)
    except InputError as error:
        raise field_error(
            "unknown-convention", error.message.key, {**error.message.params, "name": shown(name)}
        ) from None
    return name


ConventionName = Annotated[str, AfterValidator(_convention_name)]


class MeldIn(BaseModel):
    """A declared set: ``type``, ``tiles``, ``concealed`` (a concealed kong), ``claimed``."""

    model_config = ConfigDict(strict=True, extra="ignore")

    type: Literal["chow", "pung", "kong"]
    tiles: list[TileCode] = Field(max_length=4)
    concealed: bool = False
    claimed: int | None = Field(None, ge=1, le=3)

    @model_validator(mode="after")
    def _is_a_meld(self) -> MeldIn:
        try:
            self.to_meld()
        except InputError as error:
            raise field_error("bad-meld", "json.bad-meld", {"problem": error.message}) from None
        return self

    def to_meld(self) -> Meld:
        return Meld(MeldKind(self.type), tiles_of(self.tiles), self.concealed, self.claimed)


_flowers = MCR_SCHEMA["flowers"]


class McrHandIn(BaseModel):
    """One MCR hand object of the JSON contract (plus the extension ``visible``)."""

    model_config = ConfigDict(strict=True, extra="ignore")

    melds: list[MeldIn] = Field(default_factory=list, max_length=MAX_MELDS)
    concealed: list[TileCode] = Field(max_length=MAX_TILE_LIST)
    win_tile: TileCode
    self_drawn: bool = False
    seat_wind: WindCode = "E"
    prevalent_wind: WindCode = "E"
    flowers: int = Field(0, ge=_flowers.low, le=_flowers.high)
    last_tile: bool = False
    kong_win: bool = False
    wall_last: bool = False
    winning_tile_shown: bool = True
    visible: list[TileCode] = Field(default_factory=list, max_length=MAX_TILE_LIST)
    convention: ConventionName | None = None

    def to_hand(self) -> McrHand:
        return McrHand(
            tiles=HandTiles(
                melds=tuple(m.to_meld() for m in self.melds),
                concealed=tiles_of(self.concealed),
                winning_tile=tiles_of([self.win_tile])[0],
            ),
            self_drawn=self.self_drawn,
            seat_wind=Wind(self.seat_wind),
            prevalent_wind=Wind(self.prevalent_wind),
            flowers=self.flowers,
            last_tile=self.last_tile,
            kong_win=self.kong_win,
            wall_last=self.wall_last,
            winning_tile_shown=self.winning_tile_shown,
            visible=tiles_of(self.visible),
        )


def mcr_hand_from_json(data: Mapping[str, Any]) -> McrRequest | tuple[FieldProblem, ...]:
    """The hand in one decoded JSON object, or every problem with it."""
    quick = _plain_request(data)
    if quick is not None:
        return quick
    try:
        read = McrHandIn.model_validate(data)
    except ValidationError as error:
        return problems_of(error)
    return McrRequest(read.to_hand(), read.convention)


def mcr_hand_json(hand: McrHand, convention: str | None = None) -> dict[str, JsonValue]:
    """The contract's input object for a declared hand (read back by
    :func:`mcr_hand_from_json`)."""
    assert hand.winning_tile is not None
    data: dict[str, JsonValue] = {
        "melds": [
            {
                "type": m.kind.value,
                "tiles": [t.code for t in m.tiles],
                "concealed": m.concealed,
                "claimed": m.claimed,
            }
            for m in hand.melds
        ],
        "concealed": [t.code for t in hand.concealed],
        "win_tile": hand.winning_tile.code,
    }
    for fact in MCR_SCHEMA:
        value = getattr(hand, fact.name)
        if fact.name == "visible":
            if value:
                data["visible"] = [t.code for t in value]
        else:
            data[fact.name] = value.value if isinstance(value, Wind) else value
    if convention is not None:
        data["convention"] = convention
    return data


# --- listings ------------------------------------------------------------------------------


def fans_json(fans: tuple[Fan, ...]) -> dict[str, JsonValue]:
    """``mjref mcr fans --json``: every fan with its number, names and Green Book points."""
    return {
        "fans": [
            {
                "number": fan.number,
                "name": fan.title,
                "chinese": fan.chinese,
                "points": fan.points,
                "green_book": fan.number != 0,
            }
            for fan in fans
        ]
    }


def conventions_json(
    conventions: tuple[Convention, ...], points: tuple[DisputedPoint, ...]
) -> dict[str, JsonValue]:
    """``mjref mcr conventions --json``: the conventions and the disputed points."""
    return {
        "conventions": [
            {
                "id": c.id,
                "title": c.title,
                "aliases": list(c.aliases),
                "readings": dict(c.choices),
            }
            for c in conventions
        ],
        "disputed_points": [
            {
                "point": p.id,
                "clause": p.clause,
                "question": p.question,
                "readings": [
                    {
                        "reading": choice,
                        "explanation": explanation,
                        "conventions": [c.id for c in conventions if c.choice(p.id) == choice],
                    }
                    for choice, explanation in p.choices.items()
                ],
            }
            for p in points
        ],
    }

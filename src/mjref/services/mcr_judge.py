"""Use cases of the MCR judge: judge a hand given in notation or as a JSON object.

The JSON shapes are those of ``docs/judge-contract.md`` (the bulk interface). The
functions here are pure: strings and values in, values out; the CLI and the web do
the reading and writing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mjref.errors import InputError
from mjref.mcr.conventions import DEFAULT_CONVENTION, Convention, get_convention
from mjref.mcr.hand import McrHand
from mjref.mcr.judge import judge
from mjref.mcr.regulation import DEFAULT_REGULATION
from mjref.mcr.verdict import Verdict
from mjref.tiles import HandTiles, Meld, MeldKind, Tile, Wind, tiles_from_codes


def resolve_convention(name: str, overrides: Mapping[str, str] | None = None) -> Convention:
    """A convention by name, some disputed points read differently (``{"D6": "self-drawn"}``)."""
    convention = get_convention(name)
    return convention.with_choices(**overrides) if overrides else convention


def judge_notation(
    text: str,
    *,
    convention: str | Convention = DEFAULT_CONVENTION,
    self_drawn: bool = False,
    seat_wind: str = "E",
    prevalent_wind: str = "E",
    flowers: int = 0,
    last_tile: bool = False,
    kong_win: bool = False,
    wall_last: bool = False,
    winning_tile_shown: bool = True,
    visible: str = "",
    regulation: str = DEFAULT_REGULATION,
) -> Verdict:
    """Judge a hand written in the compact notation under a scoring convention and the
    regulation whose false-hu classes apply. Raises :class:`InputError` for bad input."""
    hand = McrHand.from_notation(
        text,
        self_drawn=self_drawn,
        seat_wind=Wind.from_code(seat_wind),
        prevalent_wind=Wind.from_code(prevalent_wind),
        flowers=flowers,
        last_tile=last_tile,
        kong_win=kong_win,
        wall_last=wall_last,
        winning_tile_shown=winning_tile_shown,
        visible=visible,
    )
    return judge(hand, convention, regulation=regulation)


# --- the JSON contract ------------------------------------------------------------------

TileCode = Annotated[str, Field(min_length=1, max_length=2)]


class MeldIn(BaseModel):
    """A declared set as the contract writes it."""

    model_config = ConfigDict(strict=True, extra="ignore")

    type: Literal["chow", "pung", "kong"]
    tiles: list[TileCode]
    concealed: bool = False
    claimed: int | None = None


class McrJudgeIn(BaseModel):
    """One input line of ``mjref mcr judge --jsonl``."""

    model_config = ConfigDict(strict=True, extra="ignore")

    id: Any = None
    melds: list[MeldIn] = Field(default_factory=list)
    concealed: list[TileCode]
    win_tile: TileCode
    self_drawn: bool = False
    last_tile: bool = False
    kong_win: bool = False
    wall_last: bool = False
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    flowers: int = 0
    convention: str | None = None
    winning_tile_shown: bool = True
    visible: list[TileCode] = Field(default_factory=list)


_KIND = {"chow": MeldKind.CHOW, "pung": MeldKind.PUNG, "kong": MeldKind.KONG}


def _tiles(codes: list[str], where: str) -> tuple[Tile, ...]:
    found = tiles_from_codes(codes)
    if isinstance(found, int):
        raise InputError.of("notation.bad-tile-code", f"{where}[{found}]", code=codes[found])
    return found


def hand_from_json(data: McrJudgeIn) -> McrHand:
    """Build the declared hand; raises :class:`InputError` naming the field at fault."""
    melds = []
    for n, meld in enumerate(data.melds):
        tiles = _tiles(meld.tiles, f"melds[{n}].tiles")
        try:
            melds.append(Meld(_KIND[meld.type], tiles, meld.concealed, meld.claimed))
        except InputError as error:
            raise InputError(error.message, where=f"melds[{n}]") from None
    win = _tiles([data.win_tile], "win_tile")[0]
    return McrHand(
        tiles=HandTiles(
            melds=tuple(melds),
            concealed=_tiles(data.concealed, "concealed"),
            winning_tile=win,
        ),
        self_drawn=data.self_drawn,
        seat_wind=_wind(data.seat_wind, "seat_wind"),
        prevalent_wind=_wind(data.prevalent_wind, "prevalent_wind"),
        flowers=data.flowers,
        last_tile=data.last_tile,
        kong_win=data.kong_win,
        wall_last=data.wall_last,
        winning_tile_shown=data.winning_tile_shown,
        visible=_tiles(data.visible, "visible") if data.visible else (),
    )


def _wind(code: str, where: str) -> Wind:
    try:
        return Wind.from_code(code)
    except InputError as error:
        raise InputError(error.message, where=where) from None


def hand_to_json(hand: McrHand, convention: str | None = None) -> dict[str, Any]:
    """The contract's input object for a declared hand (the inverse of :func:`hand_from_json`)."""
    assert hand.winning_tile is not None
    data: dict[str, Any] = {
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
        "self_drawn": hand.self_drawn,
        "last_tile": hand.last_tile,
        "kong_win": hand.kong_win,
        "wall_last": hand.wall_last,
        "seat_wind": hand.seat_wind.value,
        "prevalent_wind": hand.prevalent_wind.value,
        "flowers": hand.flowers,
        "winning_tile_shown": hand.winning_tile_shown,
    }
    if hand.visible:
        data["visible"] = [t.code for t in hand.visible]
    if convention is not None:
        data["convention"] = convention
    return data


def verdict_to_json(verdict: Verdict) -> dict[str, Any]:
    """The contract's output object (plus the extra keys documented in docs/judge-contract.md)."""
    return {
        "valid": verdict.valid,
        "findings": [
            {
                "code": f.code,
                "message": f.message.english(),
                "severity": f.severity.value,
                "clause": f.clause,
            }
            for f in verdict.findings
        ],
        "fans": [
            {
                "name": s.fan.title,
                "points": s.points,
                "count": s.count,
                "sets": [[g.text for g in instance] for instance in s.groups],
            }
            for s in verdict.fans
        ],
        "total": verdict.total,
        "total_ex_flowers": verdict.total_ex_flowers,
        "reaches_8": verdict.reaches_8,
        "false_hu": None
        if verdict.false_hu is None
        else {
            "per_opponent": verdict.false_hu.per_opponent,
            "reason": verdict.false_hu.reason.english(),
            "clause": verdict.false_hu.clause,
        },
        "convention": verdict.convention,
        "shape": verdict.shape,
        "reading": [g.text for g in verdict.groups],
        "voided": [
            {"name": s.fan.title, "points": s.points, "count": s.count} for s in verdict.voided
        ],
        "disputed": [
            {
                "point": d.point,
                "reading": d.choice,
                "explanation": d.explanation,
                "clause": d.clause,
            }
            for d in verdict.disputed
        ],
        "payments": None
        if verdict.payments is None
        else {
            "self_drawn": verdict.payments.self_drawn,
            "from_discarder": verdict.payments.from_discarder,
            "from_each_other": verdict.payments.from_each_other,
            "clause": verdict.payments.clause,
        },
        "regulation": verdict.regulation,
        "citations": list(verdict.citations),
    }


def _unjudged(code: str, message: str) -> dict[str, Any]:
    return {
        "valid": False,
        "judged": False,
        "findings": [{"code": code, "message": message, "severity": "error"}],
        "fans": [],
        "total": 0,
        "total_ex_flowers": 0,
        "reaches_8": False,
        "false_hu": None,
    }


def unreadable_line(code: str, message: str) -> str:
    """The output line for an input line that cannot be read at all."""
    return _dump(_unjudged(code, message))


def _pydantic_problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "line"
    return f"{where}: {first['msg']}"


def judge_json_line(line: str, default_convention: Convention | str = DEFAULT_CONVENTION) -> str:
    """Judge one line of the bulk interface; always returns exactly one JSON line.

    A line that cannot be read as a hand (bad JSON, a missing or mistyped field, an
    unknown tile code or convention) is answered with ``"valid": false``,
    ``"judged": false`` and a finding saying what and where. An input ``id`` is echoed.
    A line without ``convention`` is judged under ``default_convention``.
    """
    try:
        data = McrJudgeIn.model_validate_json(line)
    except ValidationError as error:
        return _dump(_unreadable(line, error))
    try:
        hand = hand_from_json(data)
        convention = get_convention(
            default_convention if data.convention is None else data.convention
        )
    except InputError as error:
        return _dump(_echo(data, _unjudged("bad-input", str(error))))
    return _dump(_echo(data, verdict_to_json(judge(hand, convention))))


def _unreadable(line: str, error: ValidationError) -> dict[str, Any]:
    """The answer to a line pydantic refused: not JSON at all, or a field at fault."""
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as bad:
        return _unjudged("bad-json", f"not valid JSON: {bad.msg} at column {bad.colno}")
    out = _unjudged("bad-input", _pydantic_problem(error))
    if isinstance(raw, dict) and "id" in raw:
        return {"id": raw["id"], **out}
    return out


def _echo(data: McrJudgeIn, out: dict[str, Any]) -> dict[str, Any]:
    return {"id": data.id, **out} if "id" in data.model_fields_set else out


def _dump(obj: dict[str, Any]) -> str:
    return orjson.dumps(obj).decode()

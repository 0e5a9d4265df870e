"""The bulk path's MCR hand reader and verdict writer, without pydantic.

:func:`plain_request` reads a plain, well-formed hand object directly (the bulk judge
reads mostly such lines); :func:`mjref.wire.mcr.mcr_hand_from_json` gives anything else
to the full pydantic reader. :func:`mcr_verdict_json` and :func:`mcr_unjudged_json` write
the output objects. Declaring no pydantic model, this module can also be compiled with
mypyc (``benchmarks/compiled.py``); :mod:`mjref.wire.mcr` re-exports its names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mjref.mcr.verdict import McrFinding
from mjref.schema import MAX_TILE_LIST
from mjref.services.mcr import MCR_SCHEMA, McrHand, McrVerdict, mcr_convention
from mjref.tiles import HandTiles, Meld, MeldKind, Tile, Wind
from mjref.wire.fields import TILE_CODES, FieldProblem
from mjref.wire.messages import JsonValue, message_json

MAX_MELDS = 16
"""The most declared sets a JSON hand may list (a hand has at most 4; more is judged)."""


@dataclass(frozen=True, slots=True)
class McrRequest:
    """A hand read from JSON, and the convention it names (``None``: the caller's default)."""

    hand: McrHand
    convention: str | None


_MELD_KINDS = {kind.value: kind for kind in MeldKind}
_WINDS = {wind.value: wind for wind in Wind}


def plain_request(data: Mapping[str, Any]) -> McrRequest | None:
    """The request of a plain, well-formed hand object, read without pydantic (the bulk
    judge reads mostly such lines); ``None`` for anything else, which
    :class:`mjref.wire.mcr.McrHandIn` then reads and reports on. Exactly what that accepts
    and builds (a property test in ``tests/wire/test_mcr_fast_path.py`` compares the two
    on any object).
    """
    if type(data) is not dict:
        return None
    try:
        return _plain_request_of(data)
    except Exception:  # anything unusual: the full reader says what (or raises it)
        return None


def _plain_tiles(codes: object, limit: int) -> tuple[Tile, ...] | None:
    if type(codes) is not list or len(codes) > limit:
        return None
    try:
        return tuple([_TILE_OF[code] for code in codes])
    except (KeyError, TypeError):  # not a tile code, or not a string at all
        return None


def _plain_meld(meld: object) -> Meld | None:
    if type(meld) is not dict:
        return None
    kind = meld.get("type")
    codes = meld.get("tiles")
    concealed = meld.get("concealed", False)
    claimed = meld.get("claimed")
    if (
        type(kind) is not str
        or type(codes) is not list
        or type(concealed) is not bool
        or (claimed is not None and type(claimed) is not int)
    ):
        return None
    key = (kind, tuple(codes), concealed, claimed)
    found = _MELDS.get(key)
    if found is None:
        meld_kind = _MELD_KINDS.get(kind)
        tiles = _plain_tiles(codes, 4)
        if meld_kind is None or tiles is None or (claimed is not None and not 1 <= claimed <= 3):
            return None
        found = Meld(meld_kind, tiles, concealed, claimed)
        if len(_MELDS) < _MAX_MELDS_KEPT:
            _MELDS[key] = found
    return found


_MELDS: dict[tuple[str, tuple[object, ...], bool, int | None], Meld] = {}
"""Melds read, by what the object says (types checked first, so ``True`` is never ``1``):
a meld is immutable and bulk input repeats the same few hundred a lot."""
_MAX_MELDS_KEPT = 20_000


def _plain_request_of(data: dict[str, Any]) -> McrRequest | None:
    get = data.get
    melds_in = get("melds", _ABSENT_LIST)
    if type(melds_in) is not list or len(melds_in) > MAX_MELDS:
        return None
    melds = []
    for meld_in in melds_in:
        meld = _plain_meld(meld_in)
        if meld is None:
            return None
        melds.append(meld)
    concealed_tiles = _plain_tiles(get("concealed"), MAX_TILE_LIST)
    win_tile = get("win_tile")
    winning = _TILE_OF.get(win_tile) if type(win_tile) is str else None
    visible = _plain_tiles(get("visible", _ABSENT_LIST), MAX_TILE_LIST)
    if concealed_tiles is None or winning is None or visible is None:
        return None
    self_drawn = get("self_drawn", False)
    last_tile = get("last_tile", False)
    kong_win = get("kong_win", False)
    wall_last = get("wall_last", False)
    shown_flag = get("winning_tile_shown", True)
    if not (
        type(self_drawn)
        is type(last_tile)
        is type(kong_win)
        is type(wall_last)
        is type(shown_flag)
        is bool
    ):
        return None
    seat = _WINDS.get(get("seat_wind", "E"))
    prevalent = _WINDS.get(get("prevalent_wind", "E"))
    flowers = get("flowers", 0)
    if (
        seat is None
        or prevalent is None
        or type(flowers) is not int
        or not _FLOWERS_LOW <= flowers <= _FLOWERS_HIGH
    ):
        return None
    convention = get("convention")
    if convention is not None:
        if type(convention) is not str:
            return None
        mcr_convention(convention)  # an unknown name raises: the full reader reports it
    hand = McrHand(
        tiles=HandTiles(melds=tuple(melds), concealed=concealed_tiles, winning_tile=winning),
        self_drawn=self_drawn,
        seat_wind=seat,
        prevalent_wind=prevalent,
        flowers=flowers,
        last_tile=last_tile,
        kong_win=kong_win,
        wall_last=wall_last,
        winning_tile_shown=shown_flag,
        visible=visible,
    )
    return McrRequest(hand, convention)


_flowers = MCR_SCHEMA["flowers"]
_ABSENT_LIST: list[str] = []
_TILE_OF = {code: Tile.from_code(code) for code in TILE_CODES}
_FLOWERS_LOW = 0 if _flowers.low is None else _flowers.low
_FLOWERS_HIGH = _FLOWERS_LOW if _flowers.high is None else _flowers.high


def finding_json(finding: McrFinding, language: str) -> dict[str, JsonValue]:
    shaped = message_json(
        finding.message, language, code=finding.code, severity=finding.severity.value
    )
    shaped["clause"] = finding.clause
    return shaped


def problem_json(problem: FieldProblem, language: str) -> dict[str, JsonValue]:
    """A problem with the input as a finding (severity ``error``)."""
    return message_json(problem.message, language, code=problem.code, severity="error")


def mcr_unjudged_json(problems: tuple[FieldProblem, ...], language: str) -> dict[str, JsonValue]:
    """The output object for a hand that could not be read at all."""
    return {
        "valid": False,
        "judged": False,
        "findings": [problem_json(p, language) for p in problems],
        "fans": [],
        "total": 0,
        "total_ex_flowers": 0,
        "reaches_8": False,
        "false_hu": None,
    }


def mcr_verdict_json(verdict: McrVerdict, language: str = "en") -> dict[str, JsonValue]:
    """The contract's output object (with the extensions of ``docs/judge-contract.md``)."""
    false_hu = verdict.false_hu
    payments = verdict.payments
    return {
        "valid": verdict.valid,
        "judged": verdict.judged,
        "findings": [finding_json(f, language) for f in verdict.findings],
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
        if false_hu is None
        else {
            "per_opponent": false_hu.per_opponent,
            "reason": message_json(false_hu.reason, language),
            "clause": false_hu.clause,
        },
        "convention": verdict.convention,
        "shape": verdict.shape,
        "reading": list(verdict.division),
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
        if payments is None
        else {
            "self_drawn": payments.self_drawn,
            "from_discarder": payments.from_discarder,
            "from_each_other": payments.from_each_other,
            "clause": payments.clause,
        },
        "regulation": verdict.regulation,
        "citations": list(verdict.citations),
    }

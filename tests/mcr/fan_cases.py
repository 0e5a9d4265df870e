"""Loader for the per-fan cases in ``tests/mcr/data/fan_cases.toml``.

Each case is a hand that scores one fan (``kind = "scores"``, with the expected count) or a
near miss that does not; the file's header documents the keys. Loading is strict: an unknown
key, an unknown fan title or convention, a missing ``why``, a count on a near miss or a hand
that does not parse (or is not in canonical spelling) is an error naming the case.

>>> cases = load()
>>> first = cases[0]
>>> first.fan.title, first.kind, first.count
('Big Four Winds', 'scores', 1)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjref.mcr.conventions import conventions, disputed_points
from mjref.mcr.fans import Fan
from mjref.mcr.hand import McrHand
from mjref.tiles import Wind, format_hand, parse_hand

FAN_CASES = Path(__file__).parent / "data" / "fan_cases.toml"

KINDS = ("scores", "near-miss")
_FLAGS = {"self_drawn", "last_tile", "kong_win", "wall_last"}
_WINDS = {"seat_wind", "prevalent_wind"}
_KEYS = {
    "fan",
    "kind",
    "hand",
    "why",
    "count",
    "instead",
    "valid",
    "source",
    "convention",
    "green_book_only",
    "xfail_reason",
    "flowers",
    *_FLAGS,
    *_WINDS,
}


class FanCaseError(ValueError):
    """A fan case that does not follow the format."""


@dataclass(frozen=True, slots=True)
class FanCase:
    """One hand and what it should score of one fan."""

    position: int
    fan: Fan
    kind: str
    notation: str
    hand: McrHand
    count: int
    """Expected count of ``fan`` (0 for a near miss)."""
    why: str
    source: str | None
    convention: str
    instead: tuple[Fan, ...]
    valid: bool
    green_book_only: str | None
    xfail_reason: str | None

    @property
    def id(self) -> str:
        number = f"{self.fan.number:02d}" if self.fan.number else "MIL"
        return f"{number}-{self.fan.title}-{self.kind}-{self.position}"

    @property
    def checked_against_oracle(self) -> bool:
        """Whether PyMahjongGB (the MIL reading) must agree with this case's expectation."""
        return self.green_book_only is None


def _get(raw: dict[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
    if key not in raw:
        return default
    value = raw[key]
    if type(value) is not kind:
        raise FanCaseError(f"{where}: {key} must be a {kind.__name__}")
    return value


def _fan(title: str, where: str) -> Fan:
    try:
        return Fan.by_title(title)
    except KeyError:
        raise FanCaseError(f"{where}: unknown fan title {title!r}") from None


def _case(raw: dict[str, Any], position: int) -> FanCase:
    where = f"case {position} ({raw.get('fan', '?')}, {raw.get('kind', '?')})"
    unknown = set(raw) - _KEYS
    if unknown:
        raise FanCaseError(f"{where}: unknown keys {sorted(unknown)}")
    for key in ("fan", "kind", "hand", "why"):
        if key not in raw:
            raise FanCaseError(f"{where}: missing {key}")
    fan = _fan(_get(raw, "fan", str, where), where)
    kind = _get(raw, "kind", str, where)
    if kind not in KINDS:
        raise FanCaseError(f"{where}: kind must be one of {KINDS}")
    why = _get(raw, "why", str, where)
    if len(why) < 10:
        raise FanCaseError(f"{where}: why must explain the case")
    if kind == "scores":
        count = _get(raw, "count", int, where)
        if count is None or count < 1:
            raise FanCaseError(f"{where}: a scoring case needs count >= 1")
        if "instead" in raw or "valid" in raw:
            raise FanCaseError(f"{where}: instead/valid are for near misses only")
    else:
        if "count" in raw:
            raise FanCaseError(f"{where}: a near miss has no count (it is 0)")
        count = 0
    notation = _get(raw, "hand", str, where)
    try:
        tiles = parse_hand(notation)
    except ValueError as error:
        raise FanCaseError(f"{where}: {error}") from error
    if format_hand(tiles) != notation:
        raise FanCaseError(f"{where}: write the hand canonically as {format_hand(tiles)!r}")
    convention = _get(raw, "convention", str, where, "green-book")
    if convention not in conventions():
        raise FanCaseError(f"{where}: unknown convention {convention!r}")
    point = _get(raw, "green_book_only", str, where)
    if point is not None and point not in disputed_points():
        raise FanCaseError(f"{where}: green_book_only must name a disputed point D1-D8")
    if point is not None and convention != "green-book":
        raise FanCaseError(f"{where}: green_book_only is for green-book cases")
    instead = tuple(_fan(t, where) for t in raw.get("instead", ()))
    hand = McrHand(
        tiles=tiles,
        flowers=_get(raw, "flowers", int, where, 0),
        **{flag: _get(raw, flag, bool, where, False) for flag in _FLAGS},
        **{w: Wind.from_code(_get(raw, w, str, where, "E")) for w in _WINDS},
    )
    return FanCase(
        position=position,
        fan=fan,
        kind=kind,
        notation=notation,
        hand=hand,
        count=count,
        why=why,
        source=_get(raw, "source", str, where),
        convention=convention,
        instead=instead,
        valid=_get(raw, "valid", bool, where, True),
        green_book_only=point,
        xfail_reason=_get(raw, "xfail_reason", str, where),
    )


def load(path: Path = FAN_CASES) -> tuple[FanCase, ...]:
    """Read and check the fan cases."""
    with path.open("rb") as stream:
        data = tomllib.load(stream)
    if set(data) != {"case"}:
        raise FanCaseError(f"{path.name}: expected only [[case]] tables")
    return tuple(_case(raw, i) for i, raw in enumerate(data["case"], 1))

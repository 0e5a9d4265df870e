"""Loader for the golden MCR cases in ``tests/mcr/data/*.toml``.

Each file has a ``[source]`` table (repository, path, commit, licence, reading) and one
``[[case]]`` per worked example: the hand in mjref's notation, its win facts, the fans the
source states, the fans PyMahjongGB 1.4.0 gives (``oracle``) and a note explaining any
difference. Loading is strict: an unknown key, an unknown fan title, a missing field or a
hand that does not parse is an error naming the case.

>>> cases = load(CHMH).cases
>>> cases[0].id, cases[0].stated_fans()[Fan.BIG_FOUR_WINDS]
('chmh-01-1', 1)
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjref.mcr.fans import Fan
from mjref.mcr.hand import McrHand
from mjref.tiles import Wind, parse_hand

DATA = Path(__file__).parent / "data"
CHMH = DATA / "chmh_score_definition.toml"
GB_MAHJONG = DATA / "gb_mahjong_unit_test.toml"
ALL_FILES = (CHMH, GB_MAHJONG)

FanTable = tuple[tuple[Fan, int], ...]

_SOURCE_KEYS = {"repository", "path", "commit", "licence", "reading"}
_CASE_KEYS = {
    "id",
    "where",
    "hand",
    "self_drawn",
    "seat_wind",
    "prevalent_wind",
    "flowers",
    "last_tile",
    "kong_win",
    "wall_last",
    "stated",
    "stated_alternative",
    "oracle",
    "note",
}
_OPTIONAL_CASE_KEYS = {"stated_alternative"}


class GoldenDataError(ValueError):
    """A golden data file that does not follow the format."""


@dataclass(frozen=True, slots=True)
class GoldenSource:
    repository: str
    path: str
    commit: str
    licence: str
    reading: str


@dataclass(frozen=True, slots=True)
class GoldenCase:
    """One worked example: the declared hand and the fans its source states."""

    id: str
    where: str
    hand: str  # mjref notation, canonical
    self_drawn: bool
    seat_wind: Wind
    prevalent_wind: Wind
    flowers: int
    last_tile: bool
    kong_win: bool
    wall_last: bool
    stated: FanTable
    stated_alternative: FanTable | None
    oracle: FanTable
    note: str

    def mcr_hand(self) -> McrHand:
        """The declared hand as the judge takes it."""
        return McrHand(
            tiles=parse_hand(self.hand),
            self_drawn=self.self_drawn,
            seat_wind=self.seat_wind,
            prevalent_wind=self.prevalent_wind,
            flowers=self.flowers,
            last_tile=self.last_tile,
            kong_win=self.kong_win,
            wall_last=self.wall_last,
        )

    def stated_fans(self) -> Counter[Fan]:
        return Counter(dict(self.stated))

    def accepted_fan_sets(self) -> tuple[Counter[Fan], ...]:
        """Every result the source accepts (the stated one and its alternative, if any)."""
        if self.stated_alternative is None:
            return (self.stated_fans(),)
        return (self.stated_fans(), Counter(dict(self.stated_alternative)))

    def oracle_fans(self) -> Counter[Fan]:
        return Counter(dict(self.oracle))


@dataclass(frozen=True, slots=True)
class GoldenFile:
    path: Path
    source: GoldenSource
    cases: tuple[GoldenCase, ...]


def _fan_table(value: object, where: str) -> FanTable:
    if not isinstance(value, dict):
        raise GoldenDataError(f"{where}: expected a table of fan titles and counts")
    rows: list[tuple[Fan, int]] = []
    for title, count in value.items():
        try:
            fan = Fan.by_title(title)
        except KeyError:
            raise GoldenDataError(f"{where}: unknown fan title {title!r}") from None
        if type(count) is not int or count < 1:
            raise GoldenDataError(f"{where}: count of {title!r} must be a positive integer")
        rows.append((fan, count))
    return tuple(sorted(rows, key=lambda row: (row[0].number or 100, row[0].title)))


def _typed(raw: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = raw[key]
    if type(value) is not kind:
        raise GoldenDataError(f"{where}: {key} must be a {kind.__name__}")
    return value


def _case(raw: dict[str, Any], index: int) -> GoldenCase:
    where = f"case {index} ({raw.get('id', '?')})"
    keys = set(raw)
    if keys - _CASE_KEYS or (_CASE_KEYS - _OPTIONAL_CASE_KEYS) - keys:
        extra, missing = keys - _CASE_KEYS, (_CASE_KEYS - _OPTIONAL_CASE_KEYS) - keys
        raise GoldenDataError(f"{where}: unknown keys {sorted(extra)}, missing {sorted(missing)}")
    hand = _typed(raw, "hand", str, where)
    try:
        parse_hand(hand)
    except ValueError as error:
        raise GoldenDataError(f"{where}: {error}") from error
    alternative = raw.get("stated_alternative")
    return GoldenCase(
        id=_typed(raw, "id", str, where),
        where=_typed(raw, "where", str, where),
        hand=hand,
        self_drawn=_typed(raw, "self_drawn", bool, where),
        seat_wind=Wind.from_code(_typed(raw, "seat_wind", str, where)),
        prevalent_wind=Wind.from_code(_typed(raw, "prevalent_wind", str, where)),
        flowers=_typed(raw, "flowers", int, where),
        last_tile=_typed(raw, "last_tile", bool, where),
        kong_win=_typed(raw, "kong_win", bool, where),
        wall_last=_typed(raw, "wall_last", bool, where),
        stated=_fan_table(raw["stated"], f"{where} stated"),
        stated_alternative=(
            None if alternative is None else _fan_table(alternative, f"{where} alternative")
        ),
        oracle=_fan_table(raw["oracle"], f"{where} oracle"),
        note=_typed(raw, "note", str, where),
    )


def load(path: Path) -> GoldenFile:
    """Read and check one golden data file."""
    with path.open("rb") as stream:
        data = tomllib.load(stream)
    if set(data) != {"source", "case"}:
        raise GoldenDataError(f"{path.name}: expected exactly [source] and [[case]]")
    source = data["source"]
    if set(source) != _SOURCE_KEYS:
        raise GoldenDataError(f"{path.name}: [source] needs exactly {sorted(_SOURCE_KEYS)}")
    cases = tuple(_case(raw, i) for i, raw in enumerate(data["case"], 1))
    ids = [c.id for c in cases]
    if len(set(ids)) != len(ids):
        raise GoldenDataError(f"{path.name}: duplicate case ids")
    return GoldenFile(path, GoldenSource(**source), cases)

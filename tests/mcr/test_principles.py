"""The combination principles of the Green Book (3.9.1.5), Chicken Hand, flowers and payments.

Hands and their exact fan tables are data (``tests/mcr/data/principles.toml``); each is also
checked against PyMahjongGB 1.4.0, which must give the same table (none of these hands
touches a disputed point). Payments (Green Book 3.9.1.2-3) are tested below.
"""

import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mjref.mcr.fans import Fan
from mjref.mcr.hand import McrHand
from mjref.mcr.judging import MINIMUM, judge
from mjref.tiles import Wind, format_hand, parse_hand
from tests.mcr.oracle import oracle_fans

DATA = Path(__file__).parent / "data" / "principles.toml"
PRINCIPLES = (
    "non-repeat",
    "non-separation",
    "non-identical",
    "high-versus-low",
    "account-once",
    "chicken-hand",
    "flowers",
)
_FLAGS = ("self_drawn", "last_tile", "kong_win", "wall_last")
_KEYS = {
    "principle",
    "hand",
    "fans",
    "not_scored",
    "division",
    "total",
    "total_ex_flowers",
    "false_hu",
    "why",
    "source",
    "flowers",
    "seat_wind",
    "prevalent_wind",
    *_FLAGS,
}


@dataclass(frozen=True, slots=True)
class PrincipleCase:
    position: int
    principle: str
    hand: McrHand
    fans: Counter[Fan]
    not_scored: tuple[Fan, ...]
    division: tuple[str, ...] | None
    total: int | None
    total_ex_flowers: int | None
    false_hu: int | None
    why: str

    @property
    def id(self) -> str:
        return f"{self.principle}-{self.position}"


def _case(raw: dict[str, Any], position: int) -> PrincipleCase:
    where = f"principles case {position}"
    assert set(raw) <= _KEYS, f"{where}: unknown keys {sorted(set(raw) - _KEYS)}"
    assert raw["principle"] in PRINCIPLES, where
    assert len(raw["why"]) > 20, where
    text = raw["hand"]
    assert format_hand(parse_hand(text)) == text, f"{where}: not canonical"
    hand = McrHand(
        tiles=parse_hand(text),
        flowers=raw.get("flowers", 0),
        seat_wind=Wind.from_code(raw.get("seat_wind", "E")),
        prevalent_wind=Wind.from_code(raw.get("prevalent_wind", "E")),
        **{flag: raw.get(flag, False) for flag in _FLAGS},
    )
    division = raw.get("division")
    return PrincipleCase(
        position=position,
        principle=raw["principle"],
        hand=hand,
        fans=Counter({Fan.by_title(t): n for t, n in raw["fans"].items()}),
        not_scored=tuple(Fan.by_title(t) for t in raw["not_scored"]),
        division=None if division is None else tuple(division),
        total=raw.get("total"),
        total_ex_flowers=raw.get("total_ex_flowers"),
        false_hu=raw.get("false_hu"),
        why=raw["why"],
    )


with DATA.open("rb") as _stream:
    CASES = tuple(_case(raw, i) for i, raw in enumerate(tomllib.load(_stream)["case"], 1))


def test_every_principle_is_shown() -> None:
    assert {case.principle for case in CASES} == set(PRINCIPLES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_principle_case(case: PrincipleCase) -> None:
    verdict = judge(case.hand)
    assert verdict.valid
    scored = Counter({f.fan: f.count for f in verdict.fans})
    assert scored == case.fans
    for fan in case.not_scored:
        assert fan not in scored, fan.title
    if case.division is not None:
        assert sorted(verdict.division) == sorted(case.division)
    if case.total is not None:
        assert verdict.total == case.total
    if case.total_ex_flowers is not None:
        assert verdict.total_ex_flowers == case.total_ex_flowers
    if case.false_hu is None:
        assert verdict.false_hu is None
        assert verdict.reaches_8
    else:
        assert verdict.false_hu is not None
        assert verdict.false_hu.per_opponent == case.false_hu


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_mil_reading_agrees(case: PrincipleCase) -> None:
    assert oracle_fans(case.hand) == case.fans
    assert Counter({f.fan: f.count for f in judge(case.hand, "mil").fans}) == case.fans


# Payments (Green Book 3.9.1.2-3): 8 from each opponent plus the hand's value from the
# discarder, or from everyone when self-drawn. Flowers are part of the value.

MIXED_STRAIGHT = "[888p][789m]45p123sPP+6p"  # chmh-39-3: Mixed Straight, 8 points


def test_payment_on_a_discard() -> None:
    verdict = judge(McrHand.from_notation(MIXED_STRAIGHT, flowers=2))
    assert verdict.total == 10
    payments = verdict.payments
    assert payments is not None
    assert not payments.self_drawn
    assert payments.from_discarder == MINIMUM + 10 == 18
    assert payments.from_each_other == MINIMUM == 8
    assert payments.total == 18 + 8 + 8


def test_payment_self_drawn() -> None:
    verdict = judge(McrHand.from_notation(MIXED_STRAIGHT, flowers=2, self_drawn=True))
    assert verdict.total == 11  # Mixed Straight 8 + Self-Drawn 1 + 2 flowers
    payments = verdict.payments
    assert payments is not None
    assert payments.self_drawn
    assert payments.from_discarder is None
    assert payments.from_each_other == MINIMUM + 11 == 19
    assert payments.total == 3 * 19


def test_no_payment_for_a_false_hu() -> None:
    # 7 points and 3 flowers: the flowers would make 10, but a hand under 8 without them
    # is a false hu and is not paid.
    verdict = judge(McrHand.from_notation("[1111m][5555p][888s]234m6p+6p", flowers=3))
    assert verdict.total == 10
    assert verdict.payments is None
    assert verdict.false_hu is not None
    assert verdict.false_hu.per_opponent == 10
    assert not verdict.is_valid_win

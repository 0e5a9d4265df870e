"""Findings for facts that cannot be judged, and for tile counts; every problem is reported."""

from __future__ import annotations

import pytest

from mjref.riichi import FindingKind, RiichiHand, judge
from mjref.tiles import HandTiles, Suit, Tile, parse_hand
from tests.riichi.helpers import hand

GOOD = "123m456p789s55p23m+4m"


def codes(declared: RiichiHand, rules: str = "rcr-2016") -> list[str]:
    return [f.code for f in judge(declared, rules).findings]


@pytest.mark.parametrize(
    ("facts", "expected"),
    [
        ({"ippatsu": True}, ["ippatsu-without-riichi"]),
        ({"rinshan": True, "self_drawn": True}, ["rinshan-without-kong"]),
        ({"rinshan": True}, ["rinshan-ron", "rinshan-without-kong"]),
        ({"haitei": True}, ["haitei-ron"]),
        ({"houtei": True, "self_drawn": True}, ["houtei-tsumo"]),
        ({"chankan": True, "self_drawn": True}, ["chankan-tsumo"]),
        ({"haitei": True, "houtei": True}, ["haitei-ron", "houtei-tsumo"][:1]),
        ({"tenhou": True, "self_drawn": True}, ["tenhou-non-dealer"]),
        ({"tenhou": True}, ["tenhou-ron", "tenhou-non-dealer"]),
        ({"chiihou": True, "self_drawn": True, "seat_wind": "E"}, ["chiihou-dealer"]),
        ({"renhou": True, "self_drawn": True}, ["renhou-tsumo"]),
        ({"renhou": True, "seat_wind": "E"}, ["renhou-dealer"]),
        ({"renhou": True, "riichi": True}, ["renhou-with-riichi"]),
        (
            {"tenhou": True, "chiihou": True, "self_drawn": True, "seat_wind": "E"},
            ["tenhou-with-chiihou", "chiihou-dealer"],
        ),
        ({"ura_indicators": "1m", "dora_indicators": "2m"}, ["ura-without-riichi"]),
        (
            {"riichi": True, "ura_indicators": "1m2m", "dora_indicators": "3m"},
            ["too-many-ura-indicators"],
        ),
        ({"dora_indicators": "1m2m3m4m5m6m"}, ["too-many-dora-indicators"]),
    ],
)
def test_impossible_facts(facts: dict[str, object], expected: list[str]) -> None:
    found = judge(hand(GOOD, **facts), "rcr-2016")
    assert [f.code for f in found.findings] == expected
    assert all(f.kind is FindingKind.INPUT for f in found.findings)
    assert not found.valid
    assert found.chombo is None
    assert not found.dead_hand


def test_haitei_and_houtei_on_a_discard() -> None:
    assert codes(hand(GOOD, haitei=True, houtei=True)) == ["haitei-ron"]


def test_haitei_with_rinshan_and_houtei_with_chankan() -> None:
    assert "haitei-with-rinshan" in codes(
        hand("(1111p)123m789s55p23m+4m", self_drawn=True, haitei=True, rinshan=True)
    )
    assert codes(hand(GOOD, houtei=True, chankan=True)) == ["houtei-with-chankan"]


def test_first_turn_wins_with_declared_sets() -> None:
    assert codes(hand("(1111p)123m789s55p23m+4m", self_drawn=True, chiihou=True)) == [
        "chiihou-with-meld"
    ]


def test_chankan_on_a_tile_the_hand_holds() -> None:
    assert codes(hand("123m456p789s55p34m+4m", chankan=True)) == ["chankan-tile-in-hand"]
    assert codes(hand(GOOD, chankan=True)) == []


def test_fifth_copies_across_hand_indicators_and_discards() -> None:
    declared = hand("1111m456p789s55p2m+3m", dora_indicators="1m", discards="9s")
    found = judge(declared, "rcr-2016")
    assert [(f.code, f.message.params) for f in found.findings if f.code == "fifth-copy"] == [
        ("fifth-copy", {"tile": "1m", "count": 5})
    ]
    assert found.chombo is None


def test_fifth_copy_built_without_the_notation_parser() -> None:
    one = Tile.from_code("1m")
    tiles = HandTiles((), (one,) * 4 + tuple(parse_hand("456p789s55p23m").concealed), one)
    assert "fifth-copy" in codes(RiichiHand(tiles))


def test_negative_counters_are_reported() -> None:
    declared = RiichiHand(parse_hand(GOOD), honba=-1, riichi_sticks=-2)
    assert codes(declared) == ["negative", "negative"]


def test_missing_winning_tile() -> None:
    declared = RiichiHand(HandTiles((), parse_hand("123m456p789s55p23m").concealed, None))
    assert codes(declared) == ["no-winning-tile"]
    assert judge(declared).chombo is None


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("123m456p789s55p2m+4m", 12),
        ("123m456p789s55p234m+4m", 14),
        ("[123m][456p][789s][EEE]+E", 12),
    ],
)
def test_wrong_tile_counts_are_a_dead_hand(text: str, count: int) -> None:
    verdict = judge(hand(text))
    assert [(f.code, f.kind, f.message.params) for f in verdict.findings] == [
        ("tile-count", FindingKind.DEAD_HAND, {"count": count})
    ]
    assert verdict.dead_hand
    assert verdict.chombo is not None


def test_every_problem_at_once() -> None:
    declared = hand(
        "1111m456p789s55p2m+3m", dora_indicators="1m", ippatsu=True, haitei=True, honba=-1
    )
    assert codes(declared) == ["fifth-copy", "negative", "ippatsu-without-riichi", "haitei-ron"]


class TestRedFives:
    def test_listed_twice_or_absent(self) -> None:
        declared = RiichiHand(parse_hand(GOOD), red_fives=(Suit.DOTS, Suit.DOTS, Suit.BAMBOO))
        assert codes(declared, "rcr-2012") == [
            "red-five-twice",
            "red-five-not-in-hand",
        ]

    def test_four_fives_include_the_red_one(self) -> None:
        declared = hand("123m555p567p789s1s+1s", self_drawn=True)
        assert codes(declared, "rcr-2012") == ["red-five-unlisted"]
        assert (
            codes(hand("123m555p567p789s1s+1s", self_drawn=True, red_fives="p"), "rcr-2012") == []
        )
        assert codes(declared, "rcr-2016") == []

    def test_not_used_in_2016(self) -> None:
        assert codes(hand(GOOD, red_fives="p"), "rcr-2016") == ["red-fives-not-used"]
        assert codes(hand(GOOD, red_fives="p"), "rcr-2012") == []

    def test_red_five_in_a_meld_counts(self) -> None:
        verdict = judge(hand("[555p]123m789s11s23m+4m", red_fives="p"), "rcr-2012")
        assert [f.code for f in verdict.findings] == ["no-yaku"]
        tsumo = judge(hand("(5555p)123m789s11s23m+4m", self_drawn=True, red_fives="p"), "rcr-2012")
        assert ("Aka Dora", 1) in [(y.name, y.han) for y in tsumo.yaku]

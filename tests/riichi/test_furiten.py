"""Furiten: stated, or derived from the player's own discards (RCR 3.4.5)."""

from __future__ import annotations

import pytest

from mjref.riichi import judge
from mjref.riichi.furiten import waits_in_discards
from mjref.riichi.library import waits
from mjref.tiles import parse_tiles
from tests.riichi.helpers import hand

TWO_SIDED = "123m456p789s55p23m+4m"  # waits on 1m and 4m


@pytest.mark.parametrize(
    ("concealed", "expected"),
    [
        ("123m456p789s55p23m", "14m"),
        ("1112345678999m", "123456789m"),
        ("19m19p19sESWNPFC", "19m19p19sESWNPFC"),
        ("19m19p19sESWNPFF", "C"),
        ("1133557799m22pE", "E"),
        ("123m456p789s1111s", ""),
    ],
)
def test_waits(concealed: str, expected: str) -> None:
    assert waits(parse_tiles(concealed)) == (parse_tiles(expected) if expected else ())


def test_discarding_the_other_wait_is_furiten() -> None:
    verdict = judge(hand(TWO_SIDED, riichi=True, discards="9s1m"))
    assert verdict.furiten
    assert [(f.code, f.message.params) for f in verdict.findings] == [
        ("furiten-ron-discards", {"tiles": "1m"})
    ]
    assert verdict.findings[0].clause == "rcr-2016:3.4.5"
    assert verdict.han == 2
    assert verdict.payments is None
    assert verdict.chombo is not None


def test_discarding_the_winning_tile_itself_is_furiten() -> None:
    assert waits_in_discards(hand(TWO_SIDED, discards="4m")) == parse_tiles("4m")


def test_discards_without_a_wait_are_not_furiten() -> None:
    verdict = judge(hand(TWO_SIDED, riichi=True, discards="9s2m5m"))
    assert verdict.valid
    assert not verdict.furiten


def test_unknown_and_empty_discards() -> None:
    assert waits_in_discards(hand(TWO_SIDED)) == ()
    assert waits_in_discards(hand(TWO_SIDED, discards="")) == ()


def test_stated_furiten_forbids_ron() -> None:
    verdict = judge(hand(TWO_SIDED, riichi=True, furiten=True))
    assert [f.code for f in verdict.findings] == ["furiten-ron"]


def test_stated_and_derived_are_both_reported() -> None:
    verdict = judge(hand(TWO_SIDED, riichi=True, furiten=True, discards="1m"))
    assert [f.code for f in verdict.findings] == ["furiten-ron", "furiten-ron-discards"]


def test_furiten_tsumo_is_a_valid_win() -> None:
    verdict = judge(hand(TWO_SIDED, riichi=True, self_drawn=True, discards="1m"), "rcr-2012")
    assert verdict.valid
    assert verdict.furiten


def test_furiten_with_a_wait_only_seen_in_seven_pairs() -> None:
    verdict = judge(hand("1133557799m22pE+E", riichi=True, discards="E"))
    assert [f.code for f in verdict.findings] == ["furiten-ron-discards"]

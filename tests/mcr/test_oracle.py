"""The PyMahjongGB adapter, on hands whose answer was worked out by hand.

Each expected table below was checked tile by tile against the Chinese/MIL rules (the
comments say why each fan is there and why nothing else is), not copied from the oracle.
"""

from collections import Counter

import pytest

from mjref.mcr.fans import Fan
from mjref.mcr.hand import McrHand
from mjref.tiles import TILES, Wind, parse_meld
from tests.mcr.oracle import (
    OracleNameError,
    fan_of,
    oracle_fans,
    oracle_rows,
    oracle_total,
    pack_of,
    tile_code,
)


def test_tile_codes_are_distinct_and_in_the_binding_alphabet() -> None:
    codes = [tile_code(t) for t in TILES]
    assert len(set(codes)) == 34
    assert codes[:3] == ["W1", "W2", "W3"]  # characters
    assert codes[9] == "B1"
    assert codes[18] == "T1"
    assert codes[27:] == ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]  # E S W N, white green red


def test_packs_carry_claimed_and_concealment() -> None:
    assert pack_of(parse_meld("[345m]", claimed=3)) == ("CHI", "W4", 3)
    assert pack_of(parse_meld("[345m]")) == ("CHI", "W4", 1)
    assert pack_of(parse_meld("[CCC]", claimed=2)) == ("PENG", "J1", 2)
    assert pack_of(parse_meld("[7777s]")) == ("GANG", "T7", 1)
    assert pack_of(parse_meld("(7777s)")) == ("GANG", "T7", 0)


def test_chicken_hand() -> None:
    # 123m 345m (melded) 678p 567s WW: two-sided 56s wait, three suits and a wind pair,
    # no chow pattern between the sets -> nothing scores.
    hand = McrHand.from_notation("[123m][345m]678p56sWW+7s")
    assert oracle_fans(hand) == Counter({Fan.CHICKEN_HAND: 1})


def test_green_dragon_and_bamboo_codes_via_all_green() -> None:
    # 234s (melded) 666s (melded) 333s 888s FFF, self-drawn F: All Green (no Half Flush),
    # Dragon Pung, two concealed pungs (888s and FFF), Self-Drawn.
    hand = McrHand.from_notation("[234s][666s]33888sFF+F", self_drawn=True)
    assert oracle_fans(hand) == Counter(
        {
            Fan.ALL_GREEN: 1,
            Fan.DRAGON_PUNG: 1,
            Fan.TWO_CONCEALED_PUNGS: 1,
            Fan.SELF_DRAWN: 1,
        }
    )


def test_red_dragon_is_not_green() -> None:
    # The same hand with red dragons instead is a Half Flush, never All Green.
    fans = oracle_fans(McrHand.from_notation("[234s][666s]33888sCC+C", self_drawn=True))
    assert fans is not None
    assert Fan.ALL_GREEN not in fans
    assert fans[Fan.HALF_FLUSH] == 1


def test_white_dragon_and_dots_codes_via_reversible_tiles() -> None:
    # Seven pairs 22 33 44 55 88p PP PP, self-drawn: Reversible Tiles (dots 1-5,8,9 and
    # white), Half Flush, one Tile Hog (PPPP), Self-Drawn (a special hand: not Fully
    # Concealed Hand in MIL).
    hand = McrHand.from_notation("223344558pPPPP+8p", self_drawn=True)
    assert oracle_fans(hand) == Counter(
        {
            Fan.SEVEN_PAIRS: 1,
            Fan.REVERSIBLE_TILES: 1,
            Fan.HALF_FLUSH: 1,
            Fan.TILE_HOG: 1,
            Fan.SELF_DRAWN: 1,
        }
    )


@pytest.mark.parametrize(
    ("prevalent", "seat", "expected"),
    [
        (Wind.NORTH, Wind.SOUTH, {Fan.SEAT_WIND: 1}),
        (Wind.SOUTH, Wind.NORTH, {Fan.PREVALENT_WIND: 1}),
        (Wind.WEST, Wind.EAST, {Fan.PUNG_OF_TERMINALS_OR_HONORS: 1}),
    ],
)
def test_wind_numbering(prevalent: Wind, seat: Wind, expected: dict[Fan, int]) -> None:
    # 345m 456p 567s (Mixed Shifted Chows), SSS melded, 11s pair; a South pung scores as
    # the seat or prevalent wind, or else as a Pung of Terminals or Honors.
    hand = McrHand.from_notation("[SSS]345m11567s45p+6p", prevalent_wind=prevalent, seat_wind=seat)
    assert oracle_fans(hand) == Counter({Fan.MIXED_SHIFTED_CHOWS: 1, **expected})


def test_names_that_differ_from_the_green_book_are_mapped() -> None:
    # 345m (melded) 567m 345s 456p 55p; 5s robbed from a kong (no other 5s in the hand).
    # All Fives, Mixed Shifted Chows (345s 456p 567m), All Chows, Mixed Double Chow
    # (345m 345s), Robbing the Kong.
    robbed = McrHand.from_notation("[345m]567m34s45556p+5s", kong_win=True)
    assert oracle_fans(robbed) == Counter(
        {
            Fan.ALL_FIVES: 1,
            Fan.MIXED_SHIFTED_CHOWS: 1,
            Fan.ALL_CHOWS: 1,
            Fan.MIXED_DOUBLE_CHOW: 1,
            Fan.ROBBING_THE_KONG: 1,
        }
    )
    # PPP FFF melded, 999s 345p 33p self-drawn on 4p (3335p also waits on 5p: no wait fan).
    dragons = McrHand.from_notation("[PPP][FFF]999s3335p+4p", self_drawn=True, flowers=3)
    assert oracle_fans(dragons) == Counter(
        {
            Fan.TWO_DRAGON_PUNGS: 1,
            Fan.PUNG_OF_TERMINALS_OR_HONORS: 1,
            Fan.ONE_VOIDED_SUIT: 1,
            Fan.SELF_DRAWN: 1,
            Fan.FLOWER_TILES: 3,
        }
    )
    assert oracle_total(dragons) == 6 + 1 + 1 + 1 + 3


def test_kong_fans_and_their_mil_values() -> None:
    # Two concealed kongs score 6 in PyMahjongGB (the 1998 value; D1).
    two_concealed = McrHand.from_notation("(PPPP)(1111s)[345m]6789p+9p")
    rows = oracle_rows(two_concealed)
    assert rows is not None
    assert {(r.fan, r.points, r.count) for r in rows} == {
        (Fan.TWO_CONCEALED_KONGS, 6, 1),
        (Fan.DRAGON_PUNG, 2, 1),
        (Fan.PUNG_OF_TERMINALS_OR_HONORS, 1, 1),
    }
    # One concealed and one melded kong: the MIL fan 'Concealed Kong and Melded Kong' (D2).
    mixed = oracle_fans(McrHand.from_notation("(1111m)[1111p]1113444s+5s", self_drawn=True))
    assert mixed is not None
    assert mixed[Fan.CONCEALED_KONG_AND_MELDED_KONG] == 1
    assert Fan.CONCEALED_KONG not in mixed
    assert Fan.MELDED_KONG not in mixed


def test_not_a_win_is_none() -> None:
    assert oracle_fans(McrHand.from_notation("123456789m123p4s+E")) is None
    assert oracle_total(McrHand.from_notation("123456789m123p4s+E")) is None


def test_other_errors_are_raised() -> None:
    with pytest.raises(TypeError, match="ERROR_WRONG_TILES_COUNT"):
        oracle_fans(McrHand.from_notation("123456789m12p+E"))
    with pytest.raises(ValueError, match="winning tile"):
        oracle_fans(McrHand.from_notation("123456789m123p4s"))


def test_unknown_or_inconsistent_names_fail_loudly() -> None:
    assert fan_of("All Five", "全带五") is Fan.ALL_FIVES
    assert fan_of("Edge Wait", "独听・边张") is Fan.EDGE_WAIT
    with pytest.raises(OracleNameError):
        fan_of("Blessing of Heaven", "天和")
    with pytest.raises(OracleNameError):
        fan_of("Edge Wait", "独听・嵌张")

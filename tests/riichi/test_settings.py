"""Ruleset settings the mahjong package expresses itself: its defaults next to ours."""

from __future__ import annotations

from mjref.riichi import judge, riichi_rules
from mjref.riichi.library import estimate, options_for
from tests.riichi.helpers import hand, library_defaults

KOKUSHI_13_WAIT = "19m19p19sESWNPFC+1m"


def test_no_double_yakuman_in_2016_thirteen_sided_kokushi() -> None:
    declared = hand(KOKUSHI_13_WAIT)
    default = library_defaults(declared)
    assert [y.name for y in default.yaku or []] == ["Kokushi Musou Juusanmen Matchi"]
    assert default.han == 26
    ours = judge(declared, "rcr-2016")
    assert (ours.han, ours.hand_points) == (13, 32000)


def test_thirteen_sided_kokushi_is_single_in_2012_too() -> None:
    assert judge(hand(KOKUSHI_13_WAIT), "rcr-2012").hand_points == 32000


def test_open_tanyao_2016_but_not_2012() -> None:
    declared = hand("[234m]567p33s678s44p+4p")
    assert library_defaults(declared).error == "no_yaku"
    assert judge(declared, "rcr-2016").valid
    assert [f.code for f in judge(declared, "rcr-2012").findings] == ["no-yaku"]


def test_red_fives_count_in_2012_only() -> None:
    declared = hand("123m456p789s55p23m+4m", riichi=True, red_fives="p")
    assert library_defaults(declared).han == 2
    assert judge(declared, "rcr-2012").han == 3
    assert options_for(riichi_rules("rcr-2016")).has_aka_dora is False


def test_thirteen_han_sanbaiman_2016_counted_yakuman_2012() -> None:
    declared = hand("2233445566788m+7m", self_drawn=True, riichi=True)
    default = library_defaults(declared)
    assert (default.han, default.cost and default.cost["total"]) == (13, 32000)
    assert judge(declared, "rcr-2016").hand_points == 24000
    assert judge(declared, "rcr-2012").hand_points == 32000


def test_no_rounding_up_to_mangan() -> None:
    # RCR 4.3 example 2: 4 han 30 minipoints is 7,700 (WRC 2015 would pay 8,000).
    declared = hand("123456s78s234m55p+9s", riichi=True)
    for name in ("rcr-2016", "rcr-2012"):
        ours = judge(declared, name)
        assert (ours.han, ours.fu, ours.hand_points) == (4, 30, 7700)
    three_sixty = judge(hand("111m999p111s234s5p+5p", riichi=True), "rcr-2016")
    assert (three_sixty.han, three_sixty.fu, three_sixty.hand_points) == (3, 60, 7700)


def test_double_wind_pair_is_4_fu_in_the_package_already() -> None:
    declared = hand("234m456p678s12sEE+3s", riichi=True, seat_wind="E", prevalent_wind="E")
    default = library_defaults(declared)
    assert {"fu": 4, "reason": "double_valued_pair"} in (default.fu_details or [])
    ours = judge(declared, "rcr-2016")
    assert ("double_valued_pair", 4) in [(p.reason, p.fu) for p in ours.fu_parts]
    assert ours.fu == 40


def test_renhou_yakuman_in_2012_is_a_setting() -> None:
    declared = hand("234m345567p23s88s+4s", renhou=True, seat_wind="W")
    assert next(y.name for y in library_defaults(declared).yaku or []) == "Renhou"
    assert [y.name for y in estimate(declared, riichi_rules("rcr-2012")).yaku or []] == [
        "Renhou (yakuman)"
    ]


def test_every_minipoint_reason_of_the_package_has_our_wording() -> None:
    from mahjong.hand_calculating.fu import FuCalculator

    from mjref.riichi.verdict import FuPart

    reasons = [v for k, v in vars(FuCalculator).items() if k.isupper() and isinstance(v, str)]
    assert len(reasons) >= 15
    for reason in reasons:
        assert FuPart(reason, 2).message.key == f"riichi.fu.{reason}"
    assert FuPart("something-new", 2).message.english() == "something-new"

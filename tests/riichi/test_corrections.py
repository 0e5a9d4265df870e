"""One case per correction of the mahjong package: its bare answer next to ours.

"Bare" is the package run with the ruleset's own options (mjref.riichi.library.estimate),
so each test fails if the package changes its answer as well as if the correction does.
"""

from __future__ import annotations

from mahjong.hand_calculating.hand_config import HandConfig

from mjref.riichi import judge, riichi_rules
from mjref.riichi.corrections import RULES
from mjref.riichi.library import estimate
from mjref.rules.kinds import RIICHI_CORRECTIONS
from tests.riichi.helpers import hand


def _names(response: object) -> list[str]:
    return [y.name for y in getattr(response, "yaku", None) or []]


def test_every_correction_named_in_the_data_is_implemented() -> None:
    assert set(RULES) == RIICHI_CORRECTIONS
    for rules in (riichi_rules("rcr-2016"), riichi_rules("rcr-2012")):
        assert set(rules.settings.corrections) <= set(RULES)


def test_yakuman_not_cumulative_2016() -> None:
    declared = hand("PPPFFFCCCEEES+S", seat_wind="W")
    bare = estimate(declared, riichi_rules("rcr-2016"))
    assert _names(bare) == ["Daisangen", "Tsuu Iisou", "Suu Ankou Tanki"]
    assert (bare.han, bare.cost and bare.cost["total"]) == (39, 96000)
    ours = judge(declared, "rcr-2016")
    assert [(y.name, y.han) for y in ours.yaku] == [("Daisangen", 13)]
    assert (ours.han, ours.hand_points, ours.limit) == (13, 32000, "yakuman")
    assert [c.rule for c in ours.corrections] == ["yakuman-not-cumulative"]
    assert ours.corrections[0].clause == "rcr-2016:4.2.5"


def test_yakuman_not_cumulative_2012_tenhou_with_a_yakuman() -> None:
    declared = hand("111m999pEEE33s88s+8s", self_drawn=True, tenhou=True, seat_wind="E")
    bare = estimate(declared, riichi_rules("rcr-2012"))
    assert _names(bare) == ["Suu Ankou", "Tenhou"]
    assert (bare.han, bare.cost and bare.cost["total"]) == (26, 96000)
    ours = judge(declared, "rcr-2012")
    assert (ours.han, ours.hand_points) == (13, 48000)
    assert [c.rule for c in ours.corrections] == ["yakuman-not-cumulative"]


def test_daisuushii_is_the_only_double_yakuman_2012() -> None:
    declared = hand("EEESSSWWWNN11m+N")
    bare = estimate(declared, riichi_rules("rcr-2012"))
    assert _names(bare) == ["Dai Suushii"]
    assert (bare.han, bare.cost and bare.cost["total"]) == (13, 32000)
    ours = judge(declared, "rcr-2012")
    assert (ours.han, ours.hand_points, ours.limit) == (26, 64000, "2x yakuman")
    assert [c.rule for c in ours.corrections] == ["daisuushii-double-yakuman"]


def test_daisuushii_with_other_yakuman_2012_counts_double_once() -> None:
    declared = hand("EEESSSWWWNNNP+P")
    bare = estimate(declared, riichi_rules("rcr-2012"))
    assert _names(bare) == ["Tsuu Iisou", "Dai Suushii", "Suu Ankou Tanki"]
    assert bare.han == 39
    ours = judge(declared, "rcr-2012")
    assert [(y.name, y.han) for y in ours.yaku] == [("Dai Suushii", 26)]
    assert ours.hand_points == 64000
    assert [c.rule for c in ours.corrections] == [
        "daisuushii-double-yakuman",
        "yakuman-not-cumulative",
    ]


def test_renhou_is_a_mangan_not_added_to_other_yaku_2016() -> None:
    declared = hand("234m345567p23s88s+4s", renhou=True, seat_wind="W", dora_indicators="7s")
    bare = estimate(declared, riichi_rules("rcr-2016"))
    assert _names(bare) == ["Renhou", "Pinfu", "Tanyao", "Dora"]
    assert (bare.han, bare.cost and bare.cost["total"]) == (9, 16000)
    ours = judge(declared, "rcr-2016")
    assert [(y.name, y.han) for y in ours.yaku] == [("Renhou", 5)]
    assert (ours.han, ours.hand_points, ours.limit) == (5, 8000, "mangan")
    assert [c.rule for c in ours.corrections] == ["renhou-mangan-not-cumulative"]
    assert ours.corrections[0].message.key == "riichi.correction.renhou-mangan"


def test_renhou_gives_way_to_a_hand_worth_more_2016() -> None:
    declared = hand("234m345567p23s88s+4s", renhou=True, seat_wind="W", dora_indicators="7s3s4p")
    bare = estimate(declared, riichi_rules("rcr-2016"))
    assert (bare.han, bare.cost and bare.cost["total"]) == (12, 24000)
    ours = judge(declared, "rcr-2016")
    assert "Renhou" not in [y.name for y in ours.yaku]
    assert (ours.han, ours.hand_points, ours.limit) == (7, 12000, "haneman")
    assert ours.corrections[0].message.key == "riichi.correction.renhou-own-value-higher"


def test_renhou_alone_needs_no_correction_2016() -> None:
    declared = hand("123m456p789s11z23m+4m", renhou=True, seat_wind="W")
    bare = estimate(declared, riichi_rules("rcr-2016"))
    assert (_names(bare), bare.han) == (["Renhou"], 5)
    ours = judge(declared, "rcr-2016")
    assert (ours.han, ours.hand_points, ours.corrections) == (5, 8000, ())


def test_two_han_minimum_with_five_counters_2012() -> None:
    declared = hand("[PPP]234m567p33s67s+8s", honba=5, dora_indicators="2s")
    bare = estimate(declared, riichi_rules("rcr-2012"))
    assert bare.error is None
    assert (_names(bare), bare.han) == (["Yakuhai (haku)", "Dora"], 3)
    ours = judge(declared, "rcr-2012")
    assert not ours.valid
    assert [f.code for f in ours.findings] == ["two-han-minimum"]
    assert ours.findings[0].clause == "rcr-2012:3.4.11"
    assert [c.rule for c in ours.corrections] == ["two-han-minimum-with-counters"]
    assert ours.chombo is not None
    assert ours.chombo.points == 8000


def test_two_han_minimum_does_not_apply_below_five_counters_or_in_2016() -> None:
    four = judge(hand("[PPP]234m567p33s67s+8s", honba=4, dora_indicators="2s"), "rcr-2012")
    assert four.valid
    assert four.hand_points == 3900
    in_2016 = judge(hand("[PPP]234m567p33s67s+8s", honba=5, dora_indicators="2s"), "rcr-2016")
    assert in_2016.valid
    assert in_2016.hand_points == 3900


def test_the_library_default_config_is_not_what_we_run() -> None:
    # Guard: the package's defaults differ from both rulesets in the ways the settings
    # tests below rely on; if its defaults change, these tests are worth re-reading.
    defaults = HandConfig().options
    assert (defaults.has_open_tanyao, defaults.has_double_yakuman) == (False, True)
    assert (defaults.renhou_as_yakuman, defaults.kiriage) == (False, False)

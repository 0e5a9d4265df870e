"""What the judge finds about a declared hand, the false-hu classes, and MERS 1.9.

Every finding code of ``mjref.mcr._messages`` is triggered by a hand and checked with its
severity and wording: errors about facts no table can produce (no winning tile, a fifth
copy, flowers out of range) mean nothing is judged (no false hu: a typo is never a
penalty); other errors make the hand invalid (false hu, 20 to each opponent, MERS
2.10.2); warnings are declared facts the tiles contradict (not applied), notes are facts the
judge inferred or rules it applied. MERS 1.9: a winning tile not shown clearly voids the wait
fans, Last Tile and Nine Gates.
"""

from dataclasses import dataclass

import pytest

from mjref.mcr.fans import Fan
from mjref.mcr.hand import McrHand
from mjref.mcr.judging import judge
from mjref.mcr.regulation import regulation_terms
from mjref.mcr.verdict import Severity, Verdict
from mjref.messages import registered_keys
from mjref.tiles import HandTiles, Tile, parse_meld, parse_tiles

CHICKEN = "[123m][345m]678p56sWW+7s"  # chmh-43-1: nothing scores but Chicken Hand


def unparsed(melds: tuple[str, ...], concealed: str, winning: str, **facts: object) -> McrHand:
    """A hand built without the notation parser, which would refuse a fifth copy."""
    tiles = HandTiles(
        melds=tuple(parse_meld(m) for m in melds),
        concealed=parse_tiles(concealed),
        winning_tile=Tile.from_code(winning),
    )
    return McrHand(tiles=tiles, **facts)  # type: ignore[arg-type]


@dataclass(frozen=True)
class FindingCase:
    code: str
    severity: Severity
    hand: McrHand
    message: str
    why: str
    regulation: str = "mers-2008"


FINDINGS = (
    FindingCase(
        "no-winning-tile",
        Severity.ERROR,
        McrHand.from_notation("123m456p789s1122s"),
        "no winning tile is given",
        "Thirteen tiles and no '+' tile: there is nothing to judge a win on.",
    ),
    FindingCase(
        "too-many-melds",
        Severity.ERROR,
        McrHand.from_notation("[123m][456m][789m][123p][456p]+5s"),
        "5 declared melds; a hand has at most 4",
        "Five declared melds.",
    ),
    FindingCase(
        "tile-count",
        Severity.ERROR,
        McrHand.from_notation("[123m]456p+5p"),
        "3 concealed tiles besides the winning tile with 1 declared melds; a complete hand has 10",
        "One meld and three concealed tiles, where ten are needed besides the winning tile.",
    ),
    FindingCase(
        "fifth-copy",
        Severity.ERROR,
        unparsed(("[1111m]",), "1m23m456p789s5s", "5s"),
        "5 copies of 1m; a set has only 4",
        "A kong of 1m and another 1m in the hand.",
    ),
    FindingCase(
        "visible-fifth-copy",
        Severity.ERROR,
        McrHand.from_notation(CHICKEN, visible="7777s"),
        "5 copies of 7s in the hand and among the tiles given as visible; a set has only 4",
        "The winning 7s and four more 7s given as visible on the table.",
    ),
    FindingCase(
        "flowers-out-of-range",
        Severity.ERROR,
        McrHand.from_notation(CHICKEN, flowers=9),
        "9 flowers; a set has 8 (0 to 8 allowed)",
        "Nine flowers.",
    ),
    FindingCase(
        "not-a-winning-shape",
        Severity.ERROR,
        McrHand.from_notation("[123m][345m]678p56sWW+8s"),
        "the tiles form no winning shape (four sets and a pair, or a special hand)",
        "56s + 8s is no set.",
    ),
    FindingCase(
        "replacement-without-kong",
        Severity.WARNING,
        McrHand.from_notation(CHICKEN, self_drawn=True, kong_win=True),
        "Out with Replacement Tile was declared but the hand has no kong; not scored",
        "A replacement tile is only drawn after a kong, and the hand has none.",
    ),
    FindingCase(
        "robbing-own-tile",
        Severity.WARNING,
        McrHand.from_notation("[123m][345m]678p5677s+7s", kong_win=True),
        "Robbing the Kong was declared but the hand itself holds 2 more 7s; the kong could"
        " not have been of that tile, so it is not scored",
        "Robbing the Kong of 7s while holding two 7s: nobody can have had a pung of 7s.",
    ),
    FindingCase(
        "robbing-last-tile",
        Severity.WARNING,
        McrHand.from_notation(CHICKEN, kong_win=True, wall_last=True),
        "Robbing the Kong and Last Tile Claim were both declared, but no kong can be declared"
        " on the last tile of the wall; neither is scored",
        "A kong needs a replacement tile, so none is declared on the last tile.",
    ),
    FindingCase(
        "last-tile-own-copy",
        Severity.WARNING,
        McrHand.from_notation("[123m][345m]678p5677s+7s", last_tile=True),
        "Last Tile was declared but the concealed hand holds 2 more 7s; not scored",
        "The winner holds other 7s, so the 7s won is not the last one.",
    ),
    FindingCase(
        "last-tile-implied",
        Severity.NOTE,
        McrHand.from_notation("[123m][345m][777s]56sWW+7s"),
        "the other three copies of the winning tile 7s are visible (3 in the winner's melds,"
        " 0 elsewhere): Last Tile applies",
        "The winner's own exposed pung holds the other three 7s.",
    ),
    FindingCase(
        "winning-tile-not-shown",
        Severity.NOTE,
        McrHand.from_notation("[456p][789s]12m55pNNN+3m", winning_tile_shown=False),
        "the winning tile was not shown clearly (mers-2008:1.9 as mers-2008 reads it): not"
        " scored: Edge Wait",
        "An edge wait won without showing the winning tile.",
    ),
    FindingCase(
        "winning-tile-not-shown-kept",
        Severity.NOTE,
        McrHand.from_notation(
            "[123p][456m][789p]22m78m+9m", last_tile=True, winning_tile_shown=False
        ),
        "the winning tile was not shown clearly, but mers-2008:1.9 as mers-2008+hungarian reads"
        " it does not void Last Tile: scored",
        "Last Tile won without showing the tile, under the Hungarian reading of 1.9.",
        "mers-2008+hungarian",
    ),
)


IMPOSSIBLE = {"no-winning-tile", "fifth-copy", "visible-fifth-copy", "flowers-out-of-range"}
"""Findings about facts no real table can produce: the hand is not judged."""


def _codes(verdict: Verdict) -> list[str]:
    return [f.code for f in verdict.findings]


def test_every_finding_code_has_a_case() -> None:
    prefix = "mcr.finding."
    codes = {key.removeprefix(prefix) for key in registered_keys() if key.startswith(prefix)}
    assert codes == {case.code for case in FINDINGS}


@pytest.mark.parametrize("case", FINDINGS, ids=lambda c: c.code)
def test_finding(case: FindingCase) -> None:
    verdict = judge(case.hand, regulation=case.regulation)
    (finding,) = [f for f in verdict.findings if f.code == case.code]
    assert finding.severity is case.severity
    assert finding.message.key == f"mcr.finding.{case.code}"
    assert finding.message.english() == case.message
    if case.code in IMPOSSIBLE:
        assert not verdict.valid
        assert not verdict.judged
        assert verdict.false_hu is None
        assert verdict.fans == ()
        assert verdict.total == 0
    elif case.severity is Severity.ERROR:
        assert not verdict.valid
        assert verdict.judged
        assert verdict.false_hu is not None
        assert verdict.false_hu.per_opponent == 20
        assert verdict.fans == ()
        assert verdict.total == 0
    else:
        assert verdict.valid
        assert verdict.judged


# ------------------------------------------------------------------- all problems at once


def test_every_error_is_listed_not_just_the_first() -> None:
    hand = unparsed(("[1111m]",), "1m23m456p789s55s", "5s", flowers=9)
    verdict = judge(hand)
    assert _codes(verdict) == ["tile-count", "fifth-copy", "flowers-out-of-range"]
    assert all(f.severity is Severity.ERROR for f in verdict.findings)
    assert not verdict.judged
    assert verdict.false_hu is None


def test_a_wrong_tile_count_alone_is_a_judged_false_hu() -> None:
    verdict = judge(McrHand.from_notation("123s456p789m11p9s+9s"))
    assert _codes(verdict) == ["tile-count"]
    assert verdict.judged
    assert verdict.false_hu is not None
    assert verdict.false_hu.per_opponent == 20


def test_two_fifth_copies_are_two_findings() -> None:
    hand = unparsed(("[1111m]", "[9999p]"), "123m9p456s", "7s")
    messages = [f.message.english() for f in judge(hand).findings]
    assert messages == ["5 copies of 1m; a set has only 4", "5 copies of 9p; a set has only 4"]


def test_a_fifth_copy_in_the_hand_is_not_reported_again_for_visible_tiles() -> None:
    hand = unparsed(("[1111m]",), "1m23m456p789s5s", "5s", visible=parse_tiles("1m"))
    assert _codes(judge(hand)) == ["fifth-copy"]


def test_two_contradicted_flags_are_both_reported_and_neither_scored() -> None:
    hand = McrHand.from_notation("[123m][345m]678p5677s+7s", kong_win=True, last_tile=True)
    verdict = judge(hand)
    assert _codes(verdict) == ["robbing-own-tile", "last-tile-own-copy"]
    assert verdict.valid
    assert verdict.count(Fan.ROBBING_THE_KONG) == 0
    assert verdict.count(Fan.LAST_TILE) == 0
    assert {f.fan for f in verdict.fans} == {Fan.ALL_CHOWS}


# -------------------------------------------------------------------------- false-hu classes


def test_invalid_hand_pays_20_to_each_opponent() -> None:
    verdict = judge(McrHand.from_notation("[123m][345m]678p56sWW+8s"))
    assert not verdict.valid
    assert not verdict.is_valid_win
    assert verdict.false_hu is not None
    assert verdict.false_hu.per_opponent == 20
    assert verdict.false_hu.clause == "mers-2008:2.10.2"
    assert verdict.false_hu.reason.key == "mcr.false-hu.not-a-shape"
    assert verdict.payments is None


def test_illegal_declaration_pays_20_and_names_the_first_problem() -> None:
    verdict = judge(McrHand.from_notation("[123m]456p+5p"))
    assert verdict.false_hu is not None
    assert verdict.false_hu.per_opponent == 20
    assert verdict.false_hu.reason.key == "mcr.false-hu.invalid"
    assert "3 concealed tiles" in verdict.false_hu.reason.english()


def test_valid_hand_under_8_pays_10_to_each_opponent() -> None:
    verdict = judge(McrHand.from_notation(CHICKEN, self_drawn=True))  # Self-Drawn only: 1
    assert verdict.valid
    assert not verdict.reaches_8
    assert not verdict.is_valid_win
    assert verdict.false_hu is not None
    assert verdict.false_hu.per_opponent == 10
    assert verdict.false_hu.reason.english() == (
        "valid hand, but worth 1 points without flowers, under the minimum of 8"
    )
    assert verdict.payments is None


def test_seven_points_is_a_false_hu_and_eight_is_a_win() -> None:
    seven = judge(McrHand.from_notation("[1111m][5555p][888s]234m6p+6p"))
    assert seven.total_ex_flowers == 7
    assert seven.false_hu is not None
    assert seven.false_hu.per_opponent == 10
    eight = judge(McrHand.from_notation(CHICKEN))
    assert eight.total_ex_flowers == 8
    assert eight.false_hu is None
    assert eight.is_valid_win


# ----------------------------------------------------------------- MERS 1.9: tile not shown


@pytest.mark.parametrize(
    ("hand", "wait", "total_shown"),
    [
        ("[456p][789s]12m55pNNN+3m", Fan.EDGE_WAIT, 10),
        ("[456p][789s]13m55pNNN+2m", Fan.CLOSED_WAIT, 10),
        ("[456p][789s]123m5pNNN+5p", Fan.SINGLE_WAIT, 10),
    ],
)
def test_wait_fans_are_voided(hand: str, wait: Fan, total_shown: int) -> None:
    shown = judge(McrHand.from_notation(hand))
    assert shown.count(wait) == 1
    assert shown.total == total_shown
    unshown = judge(McrHand.from_notation(hand, winning_tile_shown=False))
    assert unshown.count(wait) == 0
    assert [(v.fan, v.count) for v in unshown.voided] == [(wait, 1)]
    assert unshown.total == total_shown - 1
    assert "winning-tile-not-shown" in _codes(unshown)


def test_last_tile_is_voided_whether_declared_or_implied() -> None:
    declared = judge(McrHand.from_notation(CHICKEN, last_tile=True, winning_tile_shown=False))
    assert declared.count(Fan.LAST_TILE) == 0
    assert [v.fan for v in declared.voided] == [Fan.LAST_TILE]
    implied = judge(McrHand.from_notation("[123m][345m][777s]56sWW+7s", winning_tile_shown=False))
    assert _codes(implied) == ["last-tile-implied", "winning-tile-not-shown"]
    assert implied.count(Fan.LAST_TILE) == 0
    assert [v.fan for v in implied.voided] == [Fan.LAST_TILE]
    assert {f.fan for f in implied.fans} == {Fan.TILE_HOG, Fan.ONE_VOIDED_SUIT}


def test_the_hungarian_reading_keeps_last_tile() -> None:
    """The Hungarian 1.9 does not name Last Tile: under mers-2008+hungarian a winning tile
    not shown clearly voids the waits and Nine Gates only, and the finding says which
    reading applied."""
    hand = McrHand.from_notation(CHICKEN, last_tile=True, winning_tile_shown=False)
    english = judge(hand, regulation="mers-2008")
    hungarian = judge(hand, regulation="mers-2008+hungarian")
    assert english.count(Fan.LAST_TILE) == 0
    assert hungarian.count(Fan.LAST_TILE) == 1
    assert hungarian.voided == ()
    assert Fan.LAST_TILE not in regulation_terms("mers-2008+hungarian").not_shown.voids
    edge = McrHand.from_notation("[456p][789s]12m55pNNN+3m", winning_tile_shown=False)
    found = judge(edge, regulation="Mers-2008+Hungarian")
    assert [v.fan for v in found.voided] == [Fan.EDGE_WAIT]
    (finding,) = [f for f in found.findings if f.code == "winning-tile-not-shown"]
    assert finding.clause == "mers-2008:1.9"
    assert finding.message.params["regulation"] == "mers-2008+hungarian"
    assert found.regulation == "mers-2008+hungarian"
    (kept,) = [f for f in hungarian.findings if f.code == "winning-tile-not-shown-kept"]
    assert (kept.clause, kept.message.params["fans"]) == ("mers-2008:1.9", "Last Tile")
    assert "winning-tile-not-shown-kept" not in _codes(english)
    assert regulation_terms("mers-2008+hungarian").not_shown.kept == {Fan.LAST_TILE}
    assert regulation_terms("mers-2008").not_shown.kept == frozenset()


def test_a_hand_whose_only_fan_was_a_wait_is_not_a_chicken_hand() -> None:
    hand = "[234m][567p][678s]12mWW+3m"  # nothing but the edge wait on 3m
    assert [(f.fan, f.count) for f in judge(McrHand.from_notation(hand)).fans] == [
        (Fan.EDGE_WAIT, 1)
    ]
    verdict = judge(McrHand.from_notation(hand, winning_tile_shown=False))
    assert verdict.fans == ()
    assert verdict.total == 0
    assert verdict.count(Fan.CHICKEN_HAND) == 0
    assert verdict.false_hu is not None
    assert verdict.false_hu.per_opponent == 10


@pytest.mark.parametrize(
    ("hand", "self_drawn", "fallback", "total"),
    [
        # chmh-04-2 won on 2p: 111p 22p 345p 678p 999p.
        (
            "1112345678999p+2p",
            False,
            {
                Fan.FULL_FLUSH: 1,
                Fan.CONCEALED_HAND: 1,
                Fan.TWO_CONCEALED_PUNGS: 1,
                Fan.SHORT_STRAIGHT: 1,
                Fan.PUNG_OF_TERMINALS_OR_HONORS: 2,
            },
            31,
        ),
        # chmh-04-1 won on 9m: 11m 123m 456m 789m 999m.
        (
            "1112345678999m+9m",
            True,
            {
                Fan.FULL_FLUSH: 1,
                Fan.PURE_STRAIGHT: 1,
                Fan.FULLY_CONCEALED_HAND: 1,
                Fan.TILE_HOG: 1,
                Fan.PUNG_OF_TERMINALS_OR_HONORS: 1,
            },
            47,
        ),
    ],
)
def test_nine_gates_falls_back_to_its_best_other_reading(
    hand: str, self_drawn: bool, fallback: dict[Fan, int], total: int
) -> None:
    assert judge(McrHand.from_notation(hand, self_drawn=self_drawn)).count(Fan.NINE_GATES) == 1
    verdict = judge(McrHand.from_notation(hand, self_drawn=self_drawn, winning_tile_shown=False))
    assert verdict.valid
    assert verdict.shape == "regular"
    assert {f.fan: f.count for f in verdict.fans} == fallback
    assert verdict.total == total


def test_a_voided_nine_gates_is_reported() -> None:
    verdict = judge(McrHand.from_notation("1112345678999p+2p", winning_tile_shown=False))
    assert Fan.NINE_GATES in [v.fan for v in verdict.voided]
    assert "winning-tile-not-shown" in _codes(verdict)


def test_fans_outside_mers_1_9_are_not_voided() -> None:
    five = {Fan.SINGLE_WAIT, Fan.EDGE_WAIT, Fan.CLOSED_WAIT, Fan.LAST_TILE, Fan.NINE_GATES}
    for regulation in ("mers-2008", "mers-2010", "ema-2009"):
        assert regulation_terms(regulation).not_shown.voids == five
    for text in ("3355m5p335588sNN+5p", "[234m][345p][234s][CCCC]1m+1m", CHICKEN):
        shown = judge(McrHand.from_notation(text))
        unshown = judge(McrHand.from_notation(text, winning_tile_shown=False))
        assert unshown.fans == shown.fans
        assert unshown.voided == ()
        assert "winning-tile-not-shown" not in _codes(unshown)


def test_mil_voids_the_same_fans() -> None:
    hand = McrHand.from_notation("[456p][789s]12m55pNNN+3m", winning_tile_shown=False)
    verdict = judge(hand, "mil")
    assert verdict.count(Fan.EDGE_WAIT) == 0
    assert [v.fan for v in verdict.voided] == [Fan.EDGE_WAIT]


# ------------------------------------------------------------- Last Tile from the tiles


@pytest.mark.parametrize(
    ("hand", "visible", "in_melds", "elsewhere"),
    [
        ("[123m][345m][777s]56sWW+7s", "", 3, 0),  # the winner's own pung
        (CHICKEN, "777s", 0, 3),  # three 7s given as visible (discards, others' melds)
        ("[123m][789s]678p56sWW+7s", "77s", 1, 2),  # one in the winner's chow, two visible
    ],
)
def test_last_tile_implied(hand: str, visible: str, in_melds: int, elsewhere: int) -> None:
    verdict = judge(McrHand.from_notation(hand, visible=visible))
    assert verdict.count(Fan.LAST_TILE) == 1
    (note,) = [f for f in verdict.findings if f.code == "last-tile-implied"]
    assert note.severity is Severity.NOTE
    assert note.message.params["melds"] == in_melds
    assert note.message.params["visible"] == elsewhere


def test_last_tile_not_implied_by_two_visible_copies() -> None:
    verdict = judge(McrHand.from_notation(CHICKEN, visible="77s"))
    assert verdict.count(Fan.LAST_TILE) == 0
    assert verdict.findings == ()


def test_declared_last_tile_that_the_tiles_confirm_needs_no_note() -> None:
    verdict = judge(McrHand.from_notation(CHICKEN, last_tile=True, visible="777s"))
    assert verdict.count(Fan.LAST_TILE) == 1
    assert verdict.findings == ()


# ------------------------------------------------------------------- contradicted flags


@pytest.mark.parametrize(
    ("hand", "facts", "code", "not_scored"),
    [
        # Robbing the Kong while holding the winning tile: in the concealed hand ...
        ("[123m][345m]678p5677s+7s", {"kong_win": True}, "robbing-own-tile", Fan.ROBBING_THE_KONG),
        # ... or in a declared meld.
        ("[123m][789s]678p56sWW+7s", {"kong_win": True}, "robbing-own-tile", Fan.ROBBING_THE_KONG),
        (
            CHICKEN,
            {"kong_win": True, "self_drawn": True},
            "replacement-without-kong",
            Fan.OUT_WITH_REPLACEMENT_TILE,
        ),
        (
            CHICKEN,
            {"kong_win": True, "wall_last": True},
            "robbing-last-tile",
            Fan.ROBBING_THE_KONG,
        ),
        (
            CHICKEN,
            {"kong_win": True, "wall_last": True},
            "robbing-last-tile",
            Fan.LAST_TILE_CLAIM,
        ),
        ("[123m][345m]678p5677s+7s", {"last_tile": True}, "last-tile-own-copy", Fan.LAST_TILE),
    ],
)
def test_contradicted_flag_is_a_warning_and_not_scored(
    hand: str, facts: dict[str, bool], code: str, not_scored: Fan
) -> None:
    verdict = judge(McrHand.from_notation(hand, **facts))  # type: ignore[arg-type]
    assert verdict.valid
    assert [(f.code, f.severity) for f in verdict.findings] == [(code, Severity.WARNING)]
    assert verdict.count(not_scored) == 0


def test_uncontradicted_flags_are_scored_without_findings() -> None:
    for facts, fan in [
        ({"kong_win": True}, Fan.ROBBING_THE_KONG),
        ({"wall_last": True}, Fan.LAST_TILE_CLAIM),
        ({"wall_last": True, "self_drawn": True}, Fan.LAST_TILE_DRAW),
        ({"last_tile": True}, Fan.LAST_TILE),
    ]:
        verdict = judge(McrHand.from_notation(CHICKEN, **facts))  # type: ignore[arg-type]
        assert verdict.findings == ()
        assert verdict.count(fan) == 1
    kong = McrHand.from_notation("[1111m][345m]678p56sWW+7s", self_drawn=True, kong_win=True)
    assert judge(kong).findings == ()
    assert judge(kong).count(Fan.OUT_WITH_REPLACEMENT_TILE) == 1

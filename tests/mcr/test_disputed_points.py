"""The disputed points D1-D8 (docs/mcr-conventions.md; spec mcr-fans.md), each both ways.

For each point a hand where the readings differ is judged under ``green-book``, under ``mil``
and under ``green-book`` with only that point switched; the exact fans with their points and
the total are asserted each way, and the verdict must list the point with the reading
applied. D2 is shown with all three readings, D7 with the ``additive`` reading no convention
uses by default, D8 with the other wait exhausted by the winner's own tiles and by tiles
given as visible. The ``mil`` results must also be PyMahjongGB 1.4.0's. Then the registry:
aliases, unknown names, ``with_choices`` validation.
"""

from collections import Counter
from dataclasses import dataclass

import pytest

from mjref.errors import InputError
from mjref.mcr.conventions import Convention, conventions, disputed_points, get_convention
from mjref.mcr.fans import Fan
from mjref.mcr.hand import McrHand
from mjref.mcr.judging import judge
from mjref.mcr.verdict import DisputedReading
from tests.mcr.oracle import oracle_fans

FanTable = dict[str, tuple[int, int]]  # fan title -> (count, points each)


@dataclass(frozen=True)
class Reading:
    """The expected verdict under one convention, written ``base`` or ``base+Dn=choice``."""

    convention: str
    fans: FanTable
    total: int
    """Why the verdict is expected (wrongly) not to list the point under this reading."""


@dataclass(frozen=True)
class Disputed:
    point: str
    hand: str
    why: str
    readings: tuple[Reading, ...]
    source: str | None = None
    self_drawn: bool = False
    visible: str = ""

    def mcr_hand(self) -> McrHand:
        return McrHand.from_notation(self.hand, self_drawn=self.self_drawn, visible=self.visible)

    @property
    def id(self) -> str:
        return f"{self.point}-{self.hand}" + (f"-visible-{self.visible}" if self.visible else "")


def resolve(spec: str) -> Convention:
    """``green-book`` or ``green-book+D6=self-drawn`` (any number of switches)."""
    base, *switches = spec.split("+")
    convention = get_convention(base)
    if switches:
        convention = convention.with_choices(**dict(s.split("=", 1) for s in switches))
    return convention


_TCK = {"Dragon Pung": (1, 2), "Pung of Terminals or Honors": (1, 1)}
_THREE_KONGS_REST = {
    "Three Kongs": (1, 32),
    "Pung of Terminals or Honors": (1, 1),
    "No Honors": (1, 1),
    "Single Wait": (1, 1),
}

CASES: tuple[Disputed, ...] = (
    Disputed(
        point="D1",
        hand="(PPPP)(1111s)[345m]6789p+9p",
        source="chmh-48-1",
        why="Two Concealed Kongs: 8 in the Green Book 2006, 6 in MIL.",
        readings=(
            Reading("green-book", {"Two Concealed Kongs": (1, 8), **_TCK}, 11),
            Reading("mil", {"Two Concealed Kongs": (1, 6), **_TCK}, 9),
            Reading("green-book+D1=6", {"Two Concealed Kongs": (1, 6), **_TCK}, 9),
            Reading("mil+D1=8", {"Two Concealed Kongs": (1, 8), **_TCK}, 11),
        ),
    ),
    Disputed(
        point="D2",
        hand="(PPPP)[1111s][345m]6789p+9p",
        why="One melded and one concealed kong: Two Melded Kongs + Concealed Kong (6, Green"
        " Book), the MIL fan Concealed Kong and Melded Kong (5), or Melded Kong + Concealed"
        " Kong (3, 1998 Chinese rules).",
        readings=(
            Reading(
                "green-book",
                {"Two Melded Kongs": (1, 4), "Concealed Kong": (1, 2), **_TCK},
                9,
            ),
            Reading("mil", {"Concealed Kong and Melded Kong": (1, 5), **_TCK}, 8),
            Reading(
                "green-book+D2=concealed-and-melded-kong-5",
                {"Concealed Kong and Melded Kong": (1, 5), **_TCK},
                8,
            ),
            Reading(
                "green-book+D2=separate-3",
                {"Melded Kong": (1, 1), "Concealed Kong": (1, 2), **_TCK},
                6,
            ),
            Reading(
                "mil+D2=two-melded-kongs-6",
                {"Two Melded Kongs": (1, 4), "Concealed Kong": (1, 2), **_TCK},
                9,
            ),
        ),
    ),
    Disputed(
        point="D3",
        hand="258m23469p14788s+3p",
        source="gbm-081 (zheng-fan/GB-Mahjong unit_test.cpp)",
        why="The winning 3p completes the knitted straight (369p) and is also the middle of"
        " 234p: Closed Wait in MIL, none per the WMCC 2006 clarification and GB-Mahjong.",
        readings=(
            Reading(
                "green-book",
                {"Knitted Straight": (1, 12), "Concealed Hand": (1, 2), "All Chows": (1, 2)},
                16,
            ),
            Reading(
                "mil",
                {
                    "Knitted Straight": (1, 12),
                    "Concealed Hand": (1, 2),
                    "All Chows": (1, 2),
                    "Closed Wait": (1, 1),
                },
                17,
            ),
            Reading(
                "green-book+D3=counted",
                {
                    "Knitted Straight": (1, 12),
                    "Concealed Hand": (1, 2),
                    "All Chows": (1, 2),
                    "Closed Wait": (1, 1),
                },
                17,
            ),
        ),
    ),
    Disputed(
        point="D4",
        hand="2233334466888s+8s",
        source="chmh-03-2",
        why="Seven Pairs with All Green holding four 3s and four 8s: Tile Hog x2 in MIL, not"
        " per WMCC 2006.",
        readings=(
            Reading(
                "green-book",
                {
                    "All Green": (1, 88),
                    "Seven Pairs": (1, 24),
                    "Full Flush": (1, 24),
                    "All Simples": (1, 2),
                },
                138,
            ),
            Reading(
                "mil",
                {
                    "All Green": (1, 88),
                    "Seven Pairs": (1, 24),
                    "Full Flush": (1, 24),
                    "All Simples": (1, 2),
                    "Tile Hog": (2, 2),
                },
                142,
            ),
            Reading(
                "green-book+D4=yes",
                {
                    "All Green": (1, 88),
                    "Seven Pairs": (1, 24),
                    "Full Flush": (1, 24),
                    "All Simples": (1, 2),
                    "Tile Hog": (2, 2),
                },
                142,
            ),
        ),
    ),
    Disputed(
        point="D4",
        hand="1199m119999p199s+1s",
        why="Seven Pairs with All Terminals holding four 9p (chmh-08-3 won on a discard"
        " instead of self-drawn, to keep D6 out): Tile Hog in MIL, not per WMCC 2006.",
        readings=(
            Reading("green-book", {"All Terminals": (1, 64), "Seven Pairs": (1, 24)}, 88),
            Reading(
                "mil",
                {"All Terminals": (1, 64), "Seven Pairs": (1, 24), "Tile Hog": (1, 2)},
                90,
            ),
            Reading(
                "green-book+D4=yes",
                {"All Terminals": (1, 64), "Seven Pairs": (1, 24), "Tile Hog": (1, 2)},
                90,
            ),
        ),
    ),
    Disputed(
        point="D5",
        hand="1112345678999p+2p",
        source="chmh-04-2",
        why="Nine Gates won on 2p leaves 111p and 999p as pungs: MIL adds one Pung of"
        " Terminals or Honors (for 999p), WMCC 2006 gives no terminal-pung points with Nine"
        " Gates.",
        readings=(
            Reading(
                "green-book",
                {"Nine Gates": (1, 88), "Two Concealed Pungs": (1, 2), "Short Straight": (1, 1)},
                91,
            ),
            Reading(
                "mil",
                {
                    "Nine Gates": (1, 88),
                    "Two Concealed Pungs": (1, 2),
                    "Short Straight": (1, 1),
                    "Pung of Terminals or Honors": (1, 1),
                },
                92,
            ),
            Reading(
                "green-book+D5=yes",
                {
                    "Nine Gates": (1, 88),
                    "Two Concealed Pungs": (1, 2),
                    "Short Straight": (1, 1),
                    "Pung of Terminals or Honors": (1, 1),
                },
                92,
            ),
        ),
    ),
    Disputed(
        point="D6",
        hand="3355m5p335588sNN+5p",
        self_drawn=True,
        source="chmh-19-1",
        why="A self-drawn Seven Pairs: Fully Concealed Hand (4) in the English Green Book"
        " reading, Self-Drawn (1) in MIL.",
        readings=(
            Reading("green-book", {"Seven Pairs": (1, 24), "Fully Concealed Hand": (1, 4)}, 28),
            Reading("mil", {"Seven Pairs": (1, 24), "Self-Drawn": (1, 1)}, 25),
            Reading("green-book+D6=self-drawn", {"Seven Pairs": (1, 24), "Self-Drawn": (1, 1)}, 25),
        ),
    ),
    Disputed(
        point="D6",
        hand="19m119p19sESWNPF+C",
        self_drawn=True,
        source="chmh-07-1",
        why="A self-drawn Thirteen Orphans.",
        readings=(
            Reading(
                "green-book", {"Thirteen Orphans": (1, 88), "Fully Concealed Hand": (1, 4)}, 92
            ),
            Reading("mil", {"Thirteen Orphans": (1, 88), "Self-Drawn": (1, 1)}, 89),
            Reading(
                "green-book+D6=self-drawn",
                {"Thirteen Orphans": (1, 88), "Self-Drawn": (1, 1)},
                89,
            ),
        ),
    ),
    Disputed(
        point="D6",
        hand="14m369p25sESWNPF+C",
        self_drawn=True,
        source="chmh-20-1",
        why="A self-drawn Greater Honors and Knitted Tiles.",
        readings=(
            Reading(
                "green-book",
                {"Greater Honors and Knitted Tiles": (1, 24), "Fully Concealed Hand": (1, 4)},
                28,
            ),
            Reading("mil", {"Greater Honors and Knitted Tiles": (1, 24), "Self-Drawn": (1, 1)}, 25),
            Reading(
                "green-book+D6=self-drawn",
                {"Greater Honors and Knitted Tiles": (1, 24), "Self-Drawn": (1, 1)},
                25,
            ),
        ),
    ),
    Disputed(
        point="D7",
        hand="[1111m](5555p)(8888s)234m6p+6p",
        why="Three kongs, two of them concealed. One kong-series fan plus one concealed-pung"
        " fan (Three Kongs + Two Concealed Pungs) in both conventions; the additive reading"
        " adds Two Concealed Kongs (which implies the Two Concealed Pungs) to Three Kongs.",
        readings=(
            Reading("green-book", {**_THREE_KONGS_REST, "Two Concealed Pungs": (1, 2)}, 37),
            Reading("mil", {**_THREE_KONGS_REST, "Two Concealed Pungs": (1, 2)}, 37),
            Reading(
                "green-book+D7=additive",
                {**_THREE_KONGS_REST, "Two Concealed Kongs": (1, 8)},
                43,
            ),
            Reading("mil+D7=additive", {**_THREE_KONGS_REST, "Two Concealed Kongs": (1, 6)}, 41),
        ),
    ),
    Disputed(
        point="D7",
        hand="[1111m](5555p)[8888s]222m6p+6p",
        why="Three kongs, one concealed, and a concealed pung: Three Kongs + Two Concealed"
        " Pungs (the concealed kong counts as a concealed pung); additive: plus Concealed Kong.",
        readings=(
            Reading(
                "green-book",
                {**_THREE_KONGS_REST, "All Pungs": (1, 6), "Two Concealed Pungs": (1, 2)},
                43,
            ),
            Reading(
                "mil",
                {**_THREE_KONGS_REST, "All Pungs": (1, 6), "Two Concealed Pungs": (1, 2)},
                43,
            ),
            Reading(
                "green-book+D7=additive",
                {
                    **_THREE_KONGS_REST,
                    "All Pungs": (1, 6),
                    "Two Concealed Pungs": (1, 2),
                    "Concealed Kong": (1, 2),
                },
                45,
            ),
        ),
    ),
    Disputed(
        point="D7",
        hand="[1111m][2222p](3333s)[NNNN]5m+5m",
        why="Four Kongs with one concealed: nothing more in both conventions; additive: plus"
        " Concealed Kong.",
        readings=(
            Reading(
                "green-book",
                {
                    "Four Kongs": (1, 88),
                    "Mixed Shifted Pungs": (1, 8),
                    "Pung of Terminals or Honors": (2, 1),
                },
                98,
            ),
            Reading(
                "mil",
                {
                    "Four Kongs": (1, 88),
                    "Mixed Shifted Pungs": (1, 8),
                    "Pung of Terminals or Honors": (2, 1),
                },
                98,
            ),
            Reading(
                "green-book+D7=additive",
                {
                    "Four Kongs": (1, 88),
                    "Mixed Shifted Pungs": (1, 8),
                    "Pung of Terminals or Honors": (2, 1),
                    "Concealed Kong": (1, 2),
                },
                100,
            ),
        ),
    ),
    Disputed(
        point="D8",
        hand="[111m][456p]1333mNNN+2m",
        why="1333m waits formally on 1m (11m + 333m) and 2m (123m + 33m), but all four 1m are"
        " the winner's own (the exposed pung and one in the hand): effectively only 2m, a"
        " Closed Wait. MIL counts formal waits: two, no wait fan.",
        readings=(
            Reading(
                "green-book",
                {
                    "Tile Hog": (1, 2),
                    "Pung of Terminals or Honors": (2, 1),
                    "One Voided Suit": (1, 1),
                    "Closed Wait": (1, 1),
                },
                6,
            ),
            Reading(
                "mil",
                {
                    "Tile Hog": (1, 2),
                    "Pung of Terminals or Honors": (2, 1),
                    "One Voided Suit": (1, 1),
                },
                5,
            ),
            Reading(
                "green-book+D8=formal",
                {
                    "Tile Hog": (1, 2),
                    "Pung of Terminals or Honors": (2, 1),
                    "One Voided Suit": (1, 1),
                },
                5,
            ),
        ),
    ),
    Disputed(
        point="D8",
        hand="[456p][789s]1333mNNN+2m",
        visible="111m",
        why="The same wait with the other three 1m visible on the table (given as visible):"
        " effectively a Closed Wait on 2m.",
        readings=(
            Reading(
                "green-book",
                {
                    "Mixed Straight": (1, 8),
                    "Pung of Terminals or Honors": (1, 1),
                    "Closed Wait": (1, 1),
                },
                10,
            ),
            Reading(
                "mil",
                {"Mixed Straight": (1, 8), "Pung of Terminals or Honors": (1, 1)},
                9,
            ),
            Reading(
                "green-book+D8=formal",
                {"Mixed Straight": (1, 8), "Pung of Terminals or Honors": (1, 1)},
                9,
            ),
        ),
    ),
    Disputed(
        point="D8",
        hand="[456p][789s]1234mNNN+4m",
        visible="111m",
        why="1234m waits on 1m (11m + 234m) or 4m (123m + 44m); with the other three 1m"
        " visible only 4m can come, to pair: Single Wait under the effective reading.",
        readings=(
            Reading(
                "green-book",
                {
                    "Mixed Straight": (1, 8),
                    "Pung of Terminals or Honors": (1, 1),
                    "Single Wait": (1, 1),
                },
                10,
            ),
            Reading(
                "mil",
                {"Mixed Straight": (1, 8), "Pung of Terminals or Honors": (1, 1)},
                9,
            ),
            Reading(
                "green-book+D8=formal",
                {"Mixed Straight": (1, 8), "Pung of Terminals or Honors": (1, 1)},
                9,
            ),
        ),
    ),
)

PAIRS = [(case, reading) for case in CASES for reading in case.readings]


def _pair_id(pair: tuple[Disputed, Reading]) -> str:
    case, reading = pair
    return f"{case.id}-{reading.convention}"


def _fan_table(spec: str, hand: McrHand) -> FanTable:
    verdict = judge(hand, resolve(spec))
    assert verdict.valid
    return {f.fan.title: (f.count, f.points) for f in verdict.fans}


@pytest.mark.parametrize("pair", PAIRS, ids=_pair_id)
def test_fans_and_points(pair: tuple[Disputed, Reading]) -> None:
    case, reading = pair
    verdict = judge(case.mcr_hand(), resolve(reading.convention))
    assert {f.fan.title: (f.count, f.points) for f in verdict.fans} == reading.fans
    assert verdict.total == reading.total
    assert verdict.convention == resolve(reading.convention).id


def _listed_params() -> list[object]:
    return [pytest.param((case, reading), id=_pair_id((case, reading))) for case, reading in PAIRS]


@pytest.mark.parametrize("pair", _listed_params())
def test_verdict_lists_the_point_with_the_reading_applied(pair: tuple[Disputed, Reading]) -> None:
    case, reading = pair
    convention = resolve(reading.convention)
    verdict = judge(case.mcr_hand(), convention)
    choice = convention.choice(case.point)
    point = disputed_points()[case.point]
    clause = f"green-book:{case.point}"
    expected = DisputedReading(case.point, choice, point.choices[choice], clause)
    assert expected in verdict.disputed
    assert point.clause in verdict.citations


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_readings_really_differ(case: Disputed) -> None:
    """Each case has the Green Book, MIL and the Green Book with only this point switched,
    and switching the point alone changes the verdict."""
    specs = [r.convention for r in case.readings]
    assert "green-book" in specs
    assert "mil" in specs
    switched = [s for s in specs if s.startswith(f"green-book+{case.point}=")]
    assert switched
    hand = case.mcr_hand()
    for spec in switched:
        assert _fan_table(spec, hand) != _fan_table("green-book", hand)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_mil_result_is_pymahjonggb(case: Disputed) -> None:
    # PyMahjongGB takes no visible tiles; the formal D8 reading ignores them anyway.
    (mil,) = [r for r in case.readings if r.convention == "mil"]
    expected = Counter({Fan.by_title(t): n for t, (n, _) in mil.fans.items()})
    assert oracle_fans(case.mcr_hand()) == expected


def test_every_point_has_a_case() -> None:
    assert {case.point for case in CASES} == set(disputed_points())


def test_d2_is_shown_with_all_three_readings() -> None:
    readings = {
        resolve(r.convention).choice("D2") for c in CASES if c.point == "D2" for r in c.readings
    }
    assert readings == set(disputed_points()["D2"].choices)


def test_d7_additive_is_no_default() -> None:
    assert all(c.choice("D7") != "additive" for c in conventions().values())
    assert any(
        resolve(r.convention).choice("D7") == "additive"
        for c in CASES
        if c.point == "D7"
        for r in c.readings
    )


def test_d8_shown_with_own_tiles_and_with_visible_tiles() -> None:
    d8 = [c for c in CASES if c.point == "D8"]
    assert any(c.visible for c in d8)
    assert any(not c.visible for c in d8)


def test_a_hand_touching_no_disputed_point_lists_none() -> None:
    hand = McrHand.from_notation("[123m][345m]678p56sWW+7s")  # chmh-43-1, Chicken Hand
    assert judge(hand).disputed == ()
    assert judge(hand, "mil").disputed == ()


# ------------------------------------------------------------------------------ registry


def test_default_readings_are_the_documented_ones() -> None:
    # mcr-fans.md, "Disputed points": the Green Book (with the 2006 WMCC clarifications)
    # and the MIL conventions as PyMahjongGB 1.4.0 scores them.
    assert dict(get_convention("green-book").choices) == {
        "D1": "8",
        "D2": "two-melded-kongs-6",
        "D3": "not-counted",
        "D4": "no",
        "D5": "no",
        "D6": "fully-concealed-hand",
        "D7": "one-each",
        "D8": "effective",
    }
    assert dict(get_convention("mil").choices) == {
        "D1": "6",
        "D2": "concealed-and-melded-kong-5",
        "D3": "counted",
        "D4": "yes",
        "D5": "yes",
        "D6": "self-drawn",
        "D7": "one-each",
        "D8": "formal",
    }
    assert get_convention("green-book").points[Fan.TWO_CONCEALED_KONGS] == 8
    assert get_convention("mil").points[Fan.TWO_CONCEALED_KONGS] == 6


def test_the_default_convention_is_the_green_book() -> None:
    hand = McrHand.from_notation("(PPPP)(1111s)[345m]6789p+9p")
    assert judge(hand).convention == "green-book"
    assert judge(hand).total == judge(hand, "green-book").total == 11


@pytest.mark.parametrize(
    ("alias", "convention"),
    [
        ("green-book", "green-book"),
        ("gb", "green-book"),
        ("GB", "green-book"),
        ("green-book-2006", "green-book"),
        ("mil", "mil"),
        ("chinese", "mil"),
        ("pymahjonggb", "mil"),
        ("Chinese", "mil"),
    ],
)
def test_aliases(alias: str, convention: str) -> None:
    assert get_convention(alias).id == convention
    assert get_convention(alias) is get_convention(convention)
    hand = McrHand.from_notation("(PPPP)(1111s)[345m]6789p+9p")
    assert judge(hand, alias).convention == convention


def test_unknown_convention_names_the_known_ones() -> None:
    with pytest.raises(InputError) as caught:
        get_convention("wrc")
    assert caught.value.message.key == "rules.unknown.convention"
    text = str(caught.value)
    assert text.startswith("unknown scoring convention 'wrc' (known: green-book, mil; aliases: ")
    for alias in ("gb", "green-book-2006", "chinese", "pymahjonggb"):
        assert alias in text


def test_ema_is_the_penalty_overview_not_a_convention() -> None:
    """One name, one meaning: ``ema`` names the EMA's MCR penalty overview (ema-2009)."""
    with pytest.raises(InputError) as caught:
        get_convention("ema")
    assert caught.value.message.key == "rules.not-a.convention"
    assert str(caught.value) == (
        "'ema' is ema-2009, not a scoring convention (scoring conventions: green-book, mil)"
    )


def test_judge_with_an_unknown_convention_raises() -> None:
    hand = McrHand.from_notation("[123m][345m]678p56sWW+7s")
    with pytest.raises(InputError, match="unknown scoring convention 'Green Book'"):
        judge(hand, "Green Book")


def test_with_choices_unknown_point() -> None:
    with pytest.raises(InputError) as caught:
        get_convention("green-book").with_choices(D9="yes")
    assert caught.value.message.key == "rules.unknown-reading"
    assert str(caught.value) == (
        "green-book has no reading or option 'D9' (readings: none; "
        "options: D1, D2, D3, D4, D5, D6, D7, D8)"
    )


def test_with_choices_bad_reading() -> None:
    with pytest.raises(InputError) as caught:
        get_convention("green-book").with_choices(D6="always")
    assert caught.value.message.key == "rules.bad-choice"
    assert str(caught.value) == (
        "'always' is not a reading of D6 (choose one of: fully-concealed-hand, self-drawn)"
    )


def test_a_spec_reads_points_in_any_case() -> None:
    assert get_convention("MIL+d3=NOT-COUNTED") is get_convention("mil").with_choices(
        D3="not-counted"
    )


def test_with_choices_makes_a_new_named_convention() -> None:
    gb = get_convention("green-book")
    switched = gb.with_choices(D6="self-drawn", D1="6")
    assert switched.id == "green-book+D1=6+D6=self-drawn"
    assert switched.choice("D6") == "self-drawn"
    assert switched.points[Fan.TWO_CONCEALED_KONGS] == 6
    # The original is untouched, and a choice equal to the current one changes nothing.
    assert gb.choice("D6") == "fully-concealed-hand"
    assert gb.points[Fan.TWO_CONCEALED_KONGS] == 8
    assert gb.with_choices(D6="fully-concealed-hand").id == "green-book"
    assert dict(gb.with_choices(D6="fully-concealed-hand").choices) == dict(gb.choices)


def test_every_point_has_a_question_and_readings() -> None:
    points = disputed_points()
    assert list(points) == [f"D{i}" for i in range(1, 9)]
    for point in points.values():
        assert point.question
        assert len(point.choices) >= 2
        assert all(explanation for explanation in point.choices.values())


def test_every_convention_reads_every_disputed_point() -> None:
    """A convention's readings come from its own entry (and its base); each one must read
    all eight disputed points, as the list of points gathers them from every convention."""
    from mjref.mcr.conventions import conventions, disputed_points

    assert list(disputed_points()) == [f"D{n}" for n in range(1, 9)]
    for convention in conventions().values():
        assert set(convention.choices) == set(disputed_points()), convention.id

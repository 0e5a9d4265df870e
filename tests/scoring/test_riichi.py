"""Riichi session results: uma (RCR 2016 / 2012), ties, leftover sticks, penalty timing
(RCR 2016 5.5 and 5.7 after uma; 2012 5.5 and 5.6 at once) and substitutes (RCR 2016
5.8, 2012 5.7), with the figures worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.players import PlayerId
from mjref.rules.kinds import Timing
from mjref.scoring import ScoringError
from mjref.scoring.riichi import (
    LEFTOVER_SOURCE,
    Entry,
    check_final_scores,
    missed_line,
    riichi_scheme,
    score_table,
)

A, B, C, D = (PlayerId(n) for n in (1, 2, 3, 4))
R16 = riichi_scheme("rcr-2016")
R12 = riichi_scheme("rcr-2012")


def test_schemes_from_the_rules_data() -> None:
    assert R16.uma == (15000, 5000, -5000, -15000)
    assert R12.uma == (30000, 10000, -10000, -30000)
    assert (R16.substitute, R16.missed) == ((-15000, -15000), (-15000, -15000))
    assert (R12.substitute, R12.missed) == ((0, -30000), (0, -30000))
    assert (R16.timing, R12.timing) == (Timing.AFTER_UMA, Timing.AT_ONCE)
    assert (R16.substitute_clause, R12.substitute_clause) == ("rcr-2016:5.8", "rcr-2012:5.7")
    assert (R16.lateness_clause, R12.lateness_clause) == ("rcr-2016:5.7", "rcr-2012:5.6")
    assert riichi_scheme("rcr").ruleset == "rcr-2016"
    assert "3.6" in LEFTOVER_SOURCE


def totals(lines: dict[PlayerId, object]) -> list[Fraction]:
    return [line.total for line in lines.values()]  # type: ignore[attr-defined]


def test_uma_2016_and_2012() -> None:
    finals = {A: 45000, B: 32000, C: 25000, D: 18000}
    l16 = score_table(finals, R16, start=30000)
    assert [(x.points, x.uma) for x in l16.values()] == [
        (15000, 15000),
        (2000, 5000),
        (-5000, -5000),
        (-12000, -15000),
    ]
    l12 = score_table(finals, R12, start=30000)
    assert totals(l12) == [45000, 12000, -15000, -42000]


@pytest.mark.parametrize(
    ("finals", "uma"),
    [
        ((40000, 40000, 20000, 20000), (10000, 10000, -10000, -10000)),
        ((50000, 30000, 30000, 10000), (15000, 0, 0, -15000)),
        ((35000, 35000, 35000, 15000), (5000, 5000, 5000, -15000)),
        ((45000, 25000, 25000, 25000), (15000, -5000, -5000, -5000)),
        ((30000, 30000, 30000, 30000), (0, 0, 0, 0)),
    ],
)
def test_tied_players_share_uma_exactly(finals: tuple[int, ...], uma: tuple[int, ...]) -> None:
    lines = score_table(dict(zip((A, B, C, D), finals, strict=True)), R16, start=30000)
    assert tuple(line.uma for line in lines.values()) == uma


def test_the_scores_and_sticks_must_make_up_the_starting_points() -> None:
    check_final_scores((40000, 30000, 29000, 20000), 1, 30000)
    with pytest.raises(ScoringError) as caught:
        check_final_scores((40000, 30000, 29000, 20000), 0, 30000)
    text = str(caught.value)
    assert "40000, 30000, 29000, 20000" in text
    assert "add up to 119000, not 120000" in text


def test_leftover_sticks_go_to_first_place_and_tied_firsts_share_them() -> None:
    lines = score_table({A: 40000, B: 30000, C: 28000, D: 20000}, R16, start=30000, sticks=2)
    assert lines[A].points == 12000
    assert [x.total for x in lines.values()] == [27000, 5000, -7000, -25000]
    shared = score_table({A: 35000, B: 35000, C: 29000, D: 20000}, R16, start=30000, sticks=1)
    assert (shared[A].points, shared[B].points) == (5500, 5500)
    assert shared[A].uma == 10000
    three = score_table({A: 30000, B: 30000, C: 30000, D: 29000}, R16, start=30000, sticks=1)
    assert three[A].points == Fraction(1000, 3)
    assert sum(x.total for x in three.values()) == 0


def test_penalties_after_uma_in_2016_do_not_change_the_places() -> None:
    finals = {A: 40000, B: 38000, C: 22000, D: 20000}
    lines = score_table(finals, R16, start=30000, after_uma={A: 8000})
    assert (lines[A].uma, lines[A].after_uma, lines[A].total) == (15000, 8000, 17000)
    assert lines[B].uma == 5000


def test_penalties_at_once_in_2012_can_change_the_places() -> None:
    finals = {A: 40000, B: 38000, C: 22000, D: 20000}
    lines = score_table(finals, R12, start=30000, at_once={A: 8000})
    # A drops to 32,000 - below B's 38,000: B takes first place's uma.
    assert (lines[A].points, lines[A].uma, lines[A].total) == (2000, 10000, 12000)
    assert lines[B].uma == 30000


def test_substitute_from_the_start_counts_for_the_uma_2016() -> None:
    # RCR 2016 5.8: the substitute wins the table; the others get 5,000, -5,000 and
    # -15,000; nobody gets the winner's 15,000; the substitute is entered as -15,000 points
    # and -15,000 uma.
    finals = {A: 50000, B: 35000, C: 20000, D: 15000}
    lines = score_table(finals, R16, start=30000, substitutes={A: Entry.FROM_START})
    assert (lines[A].points, lines[A].uma, lines[A].total) == (-15000, -15000, -30000)
    assert [lines[p].uma for p in (B, C, D)] == [5000, -5000, -15000]


def test_substitute_from_the_start_counts_for_the_uma_2012() -> None:
    finals = {A: 50000, B: 35000, C: 20000, D: 15000}
    lines = score_table(finals, R12, start=30000, substitutes={A: Entry.FROM_START})
    assert (lines[A].points, lines[A].uma) == (0, -30000)
    assert [lines[p].uma for p in (B, C, D)] == [10000, -10000, -30000]


@pytest.mark.parametrize(
    ("scheme", "uma"), [(R16, [15000, 5000, -5000]), (R12, [30000, 10000, -10000])]
)
def test_substitute_after_play_began_is_left_out_of_the_uma(scheme: object, uma: list[int]) -> None:
    finals = {A: 50000, B: 35000, C: 20000, D: 15000}
    lines = score_table(finals, scheme, start=30000, substitutes={A: Entry.AFTER_START})  # type: ignore[arg-type]
    assert [lines[p].uma for p in (B, C, D)] == uma
    assert lines[A].substitute is Entry.AFTER_START


def test_missed_sessions() -> None:
    assert (missed_line(R16).points, missed_line(R16).uma, missed_line(R16).total) == (
        -15000,
        -15000,
        -30000,
    )
    assert (missed_line(R12).points, missed_line(R12).uma, missed_line(R12).total) == (
        0,
        -30000,
        -30000,
    )


finals = st.lists(st.integers(-50, 150).map(lambda k: k * 100), min_size=3, max_size=3)


@given(finals, st.integers(0, 5), st.sampled_from(["rcr-2016", "rcr-2012"]))
def test_uma_sums_to_zero_and_points_to_the_starting_total(
    first: list[int], sticks: int, ruleset: str
) -> None:
    start = 30000
    last = 4 * start - sum(first) - sticks * 1000
    lines = score_table(
        dict(zip((A, B, C, D), [*first, last], strict=True)),
        riichi_scheme(ruleset),
        start=start,
        sticks=sticks,
    )
    assert sum(x.uma for x in lines.values()) == 0
    assert sum(x.points for x in lines.values()) == 0
    assert sum(x.total for x in lines.values()) == 0

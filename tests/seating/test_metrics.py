"""The checker on hand-made schedules with known defects, one metric at a time."""

import pytest

from mjref.seating.limits import repeat_free_limit, repeat_lower_bound, revisit_lower_bound
from mjref.seating.metrics import measure, meeting_counts
from mjref.seating.schedule import Schedule

from . import brute

# Two tables of four; the second session reshuffles so that everyone meets two new players.
FIRST = ((1, 2, 3, 4), (5, 6, 7, 8))
MIXED = ((5, 1, 6, 2), (3, 7, 4, 8))


def test_a_clean_schedule_measures_zero_defects() -> None:
    metrics = measure(Schedule(8, (FIRST,)))
    assert metrics.repeated_meetings == 0
    assert metrics.pairs_meeting_more_than_twice == 0
    assert metrics.wind_spread == 1  # one session: each player sat one seat once
    assert metrics.table_revisits == 0
    assert metrics.min_common_opponents == 0  # 1 and 5 never meet and share nobody
    assert metrics.byes == 0


def test_repeated_meetings_count_every_meeting_after_the_first() -> None:
    twice = Schedule(8, (FIRST, FIRST))
    thrice = Schedule(8, (FIRST, FIRST, FIRST))
    assert measure(twice).repeated_meetings == 12  # 12 pairs, each once too often
    assert measure(twice).pairs_meeting_more_than_twice == 0
    assert measure(thrice).repeated_meetings == 24
    assert measure(thrice).pairs_meeting_more_than_twice == 12


def test_a_single_repeated_pair_is_counted_once() -> None:
    # Session 2 keeps the pairs 1-2, 3-4, 5-6 and 7-8 together; the other pairs are new.
    second = ((1, 2, 5, 6), (3, 4, 7, 8))
    counts = meeting_counts(Schedule(8, (FIRST, second)))
    assert counts[1, 2] == 2
    assert counts[3, 4] == 2
    assert counts[5, 6] == 2
    assert counts[7, 8] == 2
    assert measure(Schedule(8, (FIRST, second))).repeated_meetings == 4


def test_wind_spread_is_the_worst_player_gap_between_seats() -> None:
    always_east = tuple(((1, 2, 3, 4), (5, 6, 7, 8)) for _ in range(4))
    assert measure(Schedule(8, always_east)).wind_spread == 4
    rotating = tuple(
        (tuple((1, 2, 3, 4)[(i + k) % 4] for i in range(4)), (5, 6, 7, 8)[k:] + (5, 6, 7, 8)[:k])
        for k in range(4)
    )
    assert measure(Schedule(8, rotating)).wind_spread == 0


def test_table_revisits_count_each_extra_visit_to_a_table_number() -> None:
    swapped = ((5, 6, 7, 8), (1, 2, 3, 4))
    assert measure(Schedule(8, (FIRST, swapped))).table_revisits == 0
    assert measure(Schedule(8, (FIRST, FIRST))).table_revisits == 8
    assert measure(Schedule(8, (FIRST, FIRST, FIRST))).table_revisits == 16


def test_common_opponents_of_players_who_never_meet() -> None:
    # After FIRST and MIXED, e.g. 1 and 7 never met; both met 3, 4, 5 and 6.
    assert measure(Schedule(8, (FIRST, MIXED))).min_common_opponents == 4
    # When every pair meets there is no such pair.
    assert measure(Schedule(4, (((1, 2, 3, 4),),))).min_common_opponents is None


def test_byes_count_player_sessions_without_a_seat() -> None:
    schedule = Schedule(9, (FIRST, ((9, 1, 2, 3), (4, 5, 6, 7))))
    assert measure(schedule).byes == 2
    assert schedule.byes(0) == (9,)
    assert schedule.byes(1) == (8,)


@pytest.mark.parametrize(
    "sessions",
    [(FIRST,), (FIRST, FIRST), (FIRST, MIXED), (FIRST, MIXED, FIRST, MIXED, FIRST)],
)
def test_checker_agrees_with_a_brute_force_count(sessions: tuple) -> None:
    metrics = measure(Schedule(8, sessions))
    assert metrics.repeated_meetings == brute.repeated_meetings(8, sessions)
    assert metrics.pairs_meeting_more_than_twice == brute.pairs_over_twice(8, sessions)
    assert metrics.wind_spread == brute.wind_spread(8, sessions)
    assert metrics.table_revisits == brute.table_revisits(8, sessions)
    assert metrics.min_common_opponents == brute.min_common_opponents(8, sessions)


def test_limits() -> None:
    assert [repeat_free_limit(n) for n in (16, 20, 24, 32, 48, 52)] == [5, 6, 7, 10, 15, 17]
    assert repeat_lower_bound(16, 5) == 0
    assert repeat_lower_bound(16, 6) == 24
    assert repeat_lower_bound(24, 8) == 8 * 6 * 6 - 276
    assert revisit_lower_bound(32, 8) == 0
    assert revisit_lower_bound(32, 10) == 64

"""Seat winds (equitable colouring) and table numbering, on arbitrary groupings."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.seating.generate import generate
from mjref.seating.limits import revisit_lower_bound
from mjref.seating.schedule import Schedule
from mjref.seating.tables import number_tables
from mjref.seating.winds import assign_winds, assign_winds_by_blocks, seat_with_history

from . import brute
from .groupings import random_grouping


@settings(max_examples=40, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=12),
    sessions=st.integers(min_value=1, max_value=11),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_any_grouping_gets_winds_within_one_of_even(tables: int, sessions: int, seed: int) -> None:
    players = 4 * tables
    grouping = random_grouping(players, sessions, seed)
    for seat in (assign_winds, assign_winds_by_blocks):
        seated = seat(grouping, seed)
        assert [[sorted(t) for t in s] for s in seated] == [[list(t) for t in s] for s in grouping]
        assert brute.wind_spread(players, seated) == (0 if sessions % 4 == 0 else 1)


@settings(max_examples=25, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=8),
    sessions=st.integers(min_value=1, max_value=9),
    out=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_winds_stay_within_one_with_byes(tables: int, sessions: int, out: int, seed: int) -> None:
    players = 4 * tables + out
    rng = random.Random(seed)
    grouping = []
    for _ in range(sessions):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        grouping.append(tuple(tuple(order[i : i + 4]) for i in range(0, 4 * tables, 4)))
    seated = assign_winds_by_blocks(tuple(grouping), seed)
    assert brute.wind_spread(players, seated) <= 1


def test_seating_with_history_evens_out_the_winds_so_far() -> None:
    counts = {1: [2, 0, 0, 0], 2: [0, 2, 0, 0], 3: [0, 0, 2, 0], 4: [0, 0, 0, 2]}
    (table,) = seat_with_history([(1, 2, 3, 4)], counts)
    assert table[0] != 1
    assert table[1] != 2
    assert table[2] != 3
    assert table[3] != 4
    kept = seat_with_history([(1, 2, 3, 4)], counts, keep=[0])
    assert kept == ((1, 2, 3, 4),)


def test_numbering_only_reorders_tables_and_avoids_revisits_when_it_can() -> None:
    grouping = random_grouping(40, 3, seed=5)
    numbered = number_tables(grouping)
    assert [sorted(s) for s in numbered] == [sorted(s) for s in grouping]
    assert brute.table_revisits(40, numbered) == 0


def test_numbering_keeps_played_sessions() -> None:
    grouping = random_grouping(40, 6, seed=5)
    numbered = number_tables(grouping, fixed=2)
    assert numbered[:2] == grouping[:2]
    assert [sorted(s) for s in numbered] == [sorted(s) for s in grouping]


def test_numbering_finds_a_latin_square_when_the_same_tables_meet_again() -> None:
    # The same four tables in every session: only a Latin-square numbering avoids
    # revisits (4 sessions), or keeps every visit count at 2 (8 sessions).
    same = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))
    rng = random.Random(1)
    for sessions, revisits in ((4, 0), (8, 16 * 4)):
        grouping = tuple(tuple(rng.sample(same, 4)) for _ in range(sessions))
        numbered = number_tables(grouping)
        assert brute.table_revisits(16, numbered) == revisits
        visits = [sum(1 for s in numbered if p in s[t]) for p in range(1, 17) for t in range(4)]
        assert max(visits) == sessions // 4


def test_revisits_of_a_generated_schedule_respect_the_lower_bound() -> None:
    schedule = generate(16, 8, seed=3).schedule
    assert brute.table_revisits(16, schedule.sessions) >= revisit_lower_bound(16, 8)


def test_schedules_with_fewer_tables_in_a_session_number_from_one() -> None:
    grouping = (((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 5, 9, 6),))
    numbered = number_tables(grouping)
    assert len(numbered[1]) == 1
    Schedule(9, numbered)  # still a valid schedule

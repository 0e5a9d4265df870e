"""One connected field and indirect meetings: the checker against a naive count, and the
plans connected for two sessions or more (the generator's, and the library's where that is
what a tournament gets)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.seating.affine import affine_groupings
from mjref.seating.generate import generate
from mjref.seating.metrics import measure
from mjref.seating.mixing import choose_sessions, connect, score
from mjref.seating.schedule import Schedule, as_sessions
from mjref.seating.sizes import Fill, plan

from . import brute


@st.composite
def small_plans(draw: st.DrawFn) -> Schedule:
    """Any plan of 4 to 20 players and 1 to 4 sessions, with byes."""
    players = draw(st.integers(4, 20))
    sessions = []
    for _ in range(draw(st.integers(1, 4))):
        order = draw(st.permutations(list(range(1, players + 1))))
        tables = draw(st.integers(1, players // 4))
        sessions.append([order[4 * t : 4 * t + 4] for t in range(tables)])
    return Schedule(players, as_sessions(sessions))


@settings(max_examples=120, deadline=None)
@given(schedule=small_plans())
def test_indirect_meetings_and_components_match_a_naive_count(schedule: Schedule) -> None:
    metrics = measure(schedule)
    counts = brute.common_opponents_of_unmet_pairs(schedule.players, schedule.sessions)
    if counts:
        assert metrics.min_common_opponents == min(counts)
        assert metrics.mean_common_opponents == round(sum(counts) / len(counts), 3)
    else:
        assert metrics.min_common_opponents is None
        assert metrics.mean_common_opponents is None
    assert metrics.components == brute.components(schedule.players, schedule.sessions)


def test_two_separate_halves_are_two_components() -> None:
    halves = as_sessions([[(1, 2, 3, 4), (5, 6, 7, 8)], [(2, 1, 4, 3), (6, 5, 8, 7)]])
    assert measure(Schedule(8, halves)).components == 2


def test_the_first_affine_directions_fall_apart_and_chosen_ones_do_not() -> None:
    pool = affine_groupings(64)
    assert score(64, pool[:4]).components == 4  # the 64 x 4: four groups of 16
    chosen = choose_sessions(64, pool, 4, random.Random(0))
    assert score(64, chosen).components == 1
    assert score(64, connect(64, pool[:4])).components == 1


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(4, 36),
    sessions=st.integers(2, 4),
    seed=st.integers(0, 1000),
    fill=st.sampled_from(list(Fill)),
)
def test_every_generated_plan_is_one_connected_field(
    players: int, sessions: int, seed: int, fill: Fill
) -> None:
    schedule = plan(players, sessions, seed, fill, effort=0.05).generated.schedule
    assert measure(schedule).components == 1


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(4, 100),
    sessions=st.integers(2, 6),
    seed=st.integers(0, 1000),
    fill=st.sampled_from(list(Fill)),
)
def test_every_generated_plan_is_one_connected_field_at_full_effort(
    players: int, sessions: int, seed: int, fill: Fill
) -> None:
    # What the organiser gets: a size the library holds comes from it (each stored plan,
    # the generator's at full effort, is checked connected in test_library.py); byes and
    # sizes outside it run the generator.
    schedule = plan(players, sessions, seed, fill).generated.schedule
    assert measure(schedule).components == 1


# The two tests below are about the plan an organiser of 64 or 256 players gets, which is
# the library's: the generator's seed-0 plan, stored by scripts/build_seat_plans.py and
# relabelled by the tournament's seed (every figure kept). That the stored plans are still
# what the generator makes is test_generate.py's "same seed, same schedule" (and was
# checked for these four sizes at stop 26); the generator's own searches at these sizes
# are test_generate.py's and test_generate_keeps_the_better_affine_plan below.


def test_64_players_4_sessions_is_connected_and_repeat_free() -> None:
    served = plan(64, 4, seed=5).generated
    assert served.method[-1].key == "seating.method.library"
    metrics = measure(served.schedule)
    assert metrics.components == 1
    assert metrics.repeated_meetings == 0
    assert metrics.mean_common_opponents is not None
    assert metrics.mean_common_opponents >= 2.0  # the published plan has 2.118


@pytest.mark.parametrize("sessions", [4, 5, 8])
def test_256_players_are_one_connected_field(sessions: int) -> None:
    served = plan(256, sessions, seed=5).generated
    assert served.method[-1].key == "seating.method.library"
    metrics = measure(served.schedule)
    assert metrics.components == 1
    assert metrics.repeated_meetings == 0


def test_restarts_find_the_quadrangle_at_64_players_6_sessions() -> None:
    # Six classes of AG(3, 4) whose directions form a hyperoval give a generalised
    # quadrangle: every pair who never meet has exactly six common opponents, the best
    # minimum and mean of all C(21, 6) choices (benchmarks/affine_front.py). One start
    # of the exchange stops at (4, 5.2) for seed 0; the restarts reach it.
    pool = affine_groupings(64)
    single = score(64, choose_sessions(64, pool, 6, random.Random(0)))
    restarted = score(64, choose_sessions(64, pool, 6, random.Random(0), restarts=8))
    assert (single.minimum, single.mean) == (4, 5.2)
    assert (restarted.minimum, restarted.mean) == (6, 6.0)


def test_restarts_leave_the_callers_random_numbers_alone() -> None:
    pool = affine_groupings(64)
    first, second = random.Random(5), random.Random(5)
    choose_sessions(64, pool, 7, first)
    choose_sessions(64, pool, 7, second, restarts=3)
    assert first.random() == second.random()


def test_generate_keeps_the_better_affine_plan() -> None:
    # 64 x 6: the restarted choice wins (the published plan has 2 and 5.2).
    metrics = measure(generate(64, 6, seed=0).schedule)
    assert (metrics.min_common_opponents, metrics.mean_common_opponents) == (6, 6.0)
    assert (metrics.repeated_meetings, metrics.table_revisits, metrics.components) == (0, 0, 1)

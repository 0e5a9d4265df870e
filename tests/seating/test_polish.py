"""The final polish: never a repeat, a revisit, a component or a worse pair more, and its
incremental counts equal counts made afresh."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.seating.affine import affine_groupings
from mjref.seating.generate import _quick_cyclic, designs, finish, generate, renumber
from mjref.seating.known import Grouping
from mjref.seating.metrics import measure
from mjref.seating.mixing import choose_sessions
from mjref.seating.polish import LIFT, _potential, _State, eligible, indirect, polish
from mjref.seating.schedule import Schedule, as_sessions
from mjref.seating.tables import number_tables
from mjref.seating.winds import assign_winds_by_blocks

from . import brute


def _numbered(schedule: Schedule) -> Grouping:
    return tuple(tuple(tuple(sorted(t)) for t in session) for session in schedule.sessions)


def _plan(players: int, sessions: int, seed: int) -> Grouping:
    """A repeat-free plan with numbered tables, not yet polished: affine sessions for 64
    players, else the generator's design (found with a small effort), finished."""
    if players == 64:
        pool = affine_groupings(64)
        chosen = choose_sessions(64, pool, sessions, random.Random(seed))
        return number_tables(chosen, seed=seed)
    grouping = designs(players, sessions, random.Random(seed), effort=0.05)[0][0]
    return _numbered(finish(players, grouping, seed=seed))


def _seated(players: int, grouping: Grouping) -> Schedule:
    return Schedule(players, as_sessions(assign_winds_by_blocks(grouping)))


def _unmet_counts(players: int, grouping: Grouping) -> list[int]:
    schedule = Schedule(players, as_sessions(grouping))
    return brute.common_opponents_of_unmet_pairs(players, schedule.sessions)


def _never_worse(players: int, sessions: int, seed: int, steps: int, lift: bool = False) -> None:
    before_plan = _plan(players, sessions, seed % 4)
    after_plan = polish(players, before_plan, random.Random(seed), steps, lift=lift)
    before, after = measure(_seated(players, before_plan)), measure(_seated(players, after_plan))
    assert after.repeated_meetings == before.repeated_meetings == 0
    assert after.table_revisits <= before.table_revisits
    assert after.components <= before.components
    counts_before = _unmet_counts(players, before_plan)
    counts_after = _unmet_counts(players, after_plan)
    assert len(counts_after) == len(counts_before)
    if counts_before:
        assert (min(counts_after), sum(counts_after)) >= (min(counts_before), sum(counts_before))
    # every table keeps its place: each session still seats everyone at as many tables
    assert [len(s) for s in after_plan] == [len(s) for s in before_plan]


@pytest.mark.parametrize("lift", [False, True])
@pytest.mark.parametrize(("players", "sessions"), [(32, 6), (64, 5)])
def test_the_polish_never_makes_a_plan_worse(players: int, sessions: int, lift: bool) -> None:
    _never_worse(players, sessions, seed=0, steps=3000, lift=lift)


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(
    size=st.sampled_from([(28, 4), (32, 6), (40, 5), (48, 4), (64, 5), (64, 7)]),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 600),
    lift=st.booleans(),
)
def test_the_polish_never_makes_any_plan_worse(
    size: tuple[int, int], seed: int, steps: int, lift: bool
) -> None:
    _never_worse(*size, seed=seed, steps=steps, lift=lift)


def test_the_lifting_potential_charges_each_missing_opponent_and_rewards_the_mean() -> None:
    floor, top = 2, 6
    lifted = _potential(floor, top, raise_mean=False, lift=True)
    # below floor + 1, each missing common opponent costs LIFT; every one counts -1
    assert lifted.tolist() == [
        LIFT * (floor + 1 - c) - c if c <= floor else -float(c) for c in range(top + 1)
    ]
    # a pair lifted to floor + 1 is worth more than any gain in the mean an exchange
    # can make elsewhere with one pair falling below it
    assert lifted[floor] - lifted[floor + 1] == LIFT + 1


def test_the_lifting_polish_moves_a_cyclic_design_that_a_descent_leaves() -> None:
    # 56 players, 4 sessions: a quick cyclic design has pairs without a common opponent.
    # The descent cannot lift them all; the annealing does (seed 0 at the time of
    # writing: the worst pair from 0 to 1 common opponent, the mean 2.21 to 2.32).
    players, sessions = 56, 4
    rng = random.Random(0)
    found = _quick_cyclic(players, sessions, rng, effort=1.0)
    assert found is not None
    plan = _numbered(finish(players, renumber(found[0], players, rng), seed=0))
    start = indirect(players, plan)
    assert start.minimum == 0
    descent = indirect(players, polish(players, plan, random.Random(1), 20_000))
    lifted = indirect(players, polish(players, plan, random.Random(1), 20_000, lift=True))
    assert descent.minimum == 0
    assert lifted.minimum >= 1
    assert lifted > descent


def _afresh(players: int, plan: Grouping) -> npt.NDArray[np.int64]:
    """Who met whom, counted from the plan's tables."""
    met = np.zeros((players, players), dtype=np.int64)
    for session in plan:
        for table in session:
            for a in table:
                for b in table:
                    if a != b:
                        met[a - 1, b - 1] += 1
    return met


def _potential_afresh(players: int, plan: Grouping, phi: npt.NDArray[np.float64]) -> float:
    met = _afresh(players, plan)
    common = met @ met
    return float(phi[common[np.triu(met == 0, k=1)]].sum())


@pytest.mark.parametrize(("players", "sessions"), [(32, 6), (40, 7), (64, 6)])
def test_the_running_counts_equal_counts_made_afresh(players: int, sessions: int) -> None:
    state = _State(players, _plan(players, sessions, 1))
    rng = random.Random(7)
    swaps = 0
    for _ in range(3000):
        s, p = rng.randrange(sessions), rng.randrange(players)
        partners = state.partners(s, p)
        if not partners:
            continue
        q = rng.choice(partners)
        _, index, met_rows, common_rows = state.delta(s, p, q)
        state.apply(s, p, q, index, met_rows, common_rows)
        swaps += 1
    assert swaps > 20
    plan = state.snapshot()
    met = _afresh(players, plan)
    assert int(met.max()) == 1  # no exchange made anyone meet twice
    assert (state.met == met).all()
    assert (state.common == met @ met).all()
    counts = _unmet_counts(players, plan)
    found = indirect(players, plan)
    assert (found.minimum, found.total) == (min(counts), sum(counts))


def test_the_potential_change_is_the_change_of_the_sum() -> None:
    players, sessions = 40, 6
    state = _State(players, _plan(players, sessions, 2))
    rng = random.Random(3)
    checked = 0
    for _ in range(1000):
        if checked == 25:
            break
        s, p = rng.randrange(sessions), rng.randrange(players)
        partners = state.partners(s, p)
        if not partners:
            continue
        q = rng.choice(partners)
        before = _potential_afresh(players, state.snapshot(), state.phi)
        change, index, met_rows, common_rows = state.delta(s, p, q)
        state.apply(s, p, q, index, met_rows, common_rows)
        after = _potential_afresh(players, state.snapshot(), state.phi)
        assert change == pytest.approx(after - before, rel=1e-9, abs=1e-6)
        checked += 1
    assert checked == 25


def test_plans_with_repeats_or_byes_are_left_alone() -> None:
    repeats = (((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 5, 6), (3, 4, 7, 8)))
    byes = (((1, 2, 3, 4),), ((5, 6, 7, 8),))
    assert not eligible(8, repeats)
    assert not eligible(8, byes)
    assert polish(8, repeats, random.Random(0), 1000) == repeats
    assert polish(8, byes, random.Random(0), 1000) == byes


def test_the_polish_raises_a_weak_pair_of_a_generated_plan() -> None:
    # the generator's 40 x 5 design before the polish has pairs who share few
    # opponents; a short polish lifts the fewest common opponents or their mean.
    players, sessions = 40, 5
    plan = _plan(players, sessions, 0)
    found = polish(players, plan, random.Random(0), 4000)
    assert indirect(players, found) > indirect(players, plan)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "sessions", "published"),
    # the fewest common opponents of a pair who never meet in Smith's published plan
    # (benchmarks/data/aim_published.csv); before the polish mjref had 7 and 1
    [(84, 11, 8), (104, 8, 2)],
)
def test_generated_plans_are_polished_to_the_published_worst_pair(
    players: int, sessions: int, published: int
) -> None:
    generated = generate(players, sessions, seed=0)
    metrics = measure(generated.schedule)
    assert "seating.method.polished" in {step.key for step in generated.method}
    assert metrics.repeated_meetings == 0
    assert metrics.components == 1
    assert metrics.min_common_opponents is not None
    assert metrics.min_common_opponents >= published


@pytest.mark.slow
def test_fifty_six_players_four_sessions_mix_as_well_as_the_published_plan() -> None:
    """Issue 9: the best choice of the published 56-player design by the generator's
    order mixes at (1, 2.093), more than 2% under the published plan's mean (its plan:
    0, 2.22); a cyclic design polished by annealing reaches a worst pair of 1 with a
    mean above the published one."""
    generated = generate(56, 4, seed=0)
    metrics = measure(generated.schedule)
    assert [step.key for step in generated.method] == [
        "seating.method.cyclic",
        "seating.method.polished",
    ]
    assert (metrics.repeated_meetings, metrics.table_revisits, metrics.components) == (0, 0, 1)
    assert metrics.wind_spread == 0
    assert metrics.min_common_opponents is not None
    assert metrics.mean_common_opponents is not None
    assert metrics.min_common_opponents >= 1
    assert metrics.mean_common_opponents >= 2.22

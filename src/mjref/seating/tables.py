"""Row numbers: each player at a different table number each session where possible.

A session's tables can be numbered in any order without changing who meets whom,
so numbering is an assignment problem per session: seating the group ``g`` at
number ``t`` costs the number of other visits of ``g``'s players to ``t`` (the
extra revisits it makes). Each session is renumbered optimally given all the
others (Kuhn-Munkres, via SciPy's
``linear_sum_assignment``) until no session improves. This minimises the sum
over players and tables of ``v * (v - 1) / 2`` for ``v`` visits, which is zero
exactly when nobody revisits a table and, past ``sessions > tables``, spreads the
unavoidable revisits so nobody sits at one table three times needlessly. Between
two rounds of that exact descent, simulated annealing on swaps of two table
numbers within a session escapes the descent's local optima. When that still leaves
a revisit where none is forced, an exact search (:mod:`mjref.seating.exact_tables`)
looks for a numbering without any: of the whole plan, or, when that is too large to
settle, of a few sessions at a time.

>>> numbered = number_tables((((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 3, 4), (5, 6, 7, 8))))
>>> numbered[0][0] != numbered[1][0]  # nobody at the same table twice
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

from mjref.seating.exact_tables import Budget, number_exactly, repair_exactly
from mjref.seating.known import Row

Sessions = Sequence[Sequence[Row]]

ROUNDS = 4
"""Annealing rounds at most; another runs while the last one improved, or while the
result is within :data:`NEARLY` of the least possible cost (a last revisit or two is
often avoidable)."""

NEARLY = 4

EXACT_STEPS = 500_000
"""Steps of the exact search (:mod:`mjref.seating.exact_tables`) when the annealing
leaves an unforced revisit, and again for the search a few sessions at a time: enough
for the numberings the benchmark finds (48 x 7 took about 310,000), and a search that
fails costs well under a second of CPU."""

MOVES_PER_TABLE = 2500
"""Annealing moves per table of the schedule in one round (at most ``effort``)."""


def _visits(sessions: Sessions, players: int, width: int) -> list[list[int]]:
    visits = [[0] * width for _ in range(players + 1)]
    for session in sessions:
        for t, table in enumerate(session):
            for p in table:
                visits[p][t] += 1
    return visits


def _cost(visits: list[list[int]]) -> int:
    return sum(v * (v - 1) // 2 for row in visits for v in row)


def _least_cost(players: int, sessions: int, width: int) -> int:
    """The least possible sum of ``v * (v - 1) / 2`` when everyone plays every session."""
    q, r = divmod(sessions, width)
    return players * (r * (q + 1) * q // 2 + (width - r) * q * (q - 1) // 2)


def _anneal(
    current: list[list[Row]],
    visits: list[list[int]],
    fixed: int,
    rng: random.Random,
    moves: int,
    floor: int,
) -> int:
    """Simulated annealing on swaps of two table numbers within a session.

    Half the moves start from a table where someone revisits (the list is renewed
    every 500 moves), the others anywhere.
    """
    cost = _cost(visits)
    best_cost, best = cost, [list(session) for session in current]
    free = [s for s in range(fixed, len(current)) if len(current[s]) > 1]
    if not free:
        return cost
    hot, cold = 1.5, 0.05
    clashing: list[tuple[int, int]] = []
    # rng.randrange(n) is inlined below with the same draws (getrandbits of n's bit
    # length until one is below n), and the temperature is computed only for a move
    # that would raise the cost: the same moves as with the plain calls, faster.
    getrandbits, uniform, exp = rng.getrandbits, rng.random, math.exp
    free_count = len(free)
    free_bits = free_count.bit_length()
    width = [len(session) for session in current]  # a swap keeps a session's width
    for step in range(moves):
        if best_cost <= floor:
            break
        if step % 500 == 0:  # tables with a player who sits at that number again
            clashing = []
            for s in free:
                for t, table in enumerate(current[s]):
                    for p in table:
                        if visits[p][t] > 1:
                            clashing.append((s, t))
                            break
        if clashing and uniform() < 0.5:
            n = len(clashing)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            s, a = clashing[r]
        else:
            r = getrandbits(free_bits)
            while r >= free_count:
                r = getrandbits(free_bits)
            s = free[r]
            n = width[s]
            k = n.bit_length()
            a = getrandbits(k)
            while a >= n:
                a = getrandbits(k)
        session = current[s]
        n = width[s] - 1
        k = n.bit_length()
        b = getrandbits(k)
        while b >= n:
            b = getrandbits(k)
        if b >= a:
            b += 1
        first, second = session[a], session[b]
        delta = len(first) + len(second)
        for p in first:
            row = visits[p]
            delta += row[b] - row[a]
        for p in second:
            row = visits[p]
            delta += row[a] - row[b]
        if delta <= 0 or uniform() < exp(-delta / (hot * (cold / hot) ** (step / moves))):
            for p in first:
                row = visits[p]
                row[a] -= 1
                row[b] += 1
            for p in second:
                row = visits[p]
                row[b] -= 1
                row[a] += 1
            session[a], session[b] = second, first
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [list(s) for s in current]
    current[:] = best
    for row in visits:
        row[:] = [0] * len(row)
    for session in current:
        for t, table in enumerate(session):
            for p in table:
                visits[p][t] += 1
    return best_cost


def _descend(current: list[list[Row]], visits: list[list[int]], fixed: int) -> None:
    """Renumber each session optimally given the others until nothing improves."""
    # Imported here: SciPy's optimiser takes most of the seating's import time, and a plan
    # served from the library of seat plans never numbers tables.
    from scipy.optimize import linear_sum_assignment

    best = _cost(visits)
    for _ in range(20):
        for s in range(fixed, len(current)):
            session = current[s]
            for t, table in enumerate(session):
                for p in table:
                    visits[p][t] -= 1
            size = len(session)
            matrix = np.array(
                [[sum(visits[p][t] for p in table) for t in range(size)] for table in session]
            )
            rows, columns = linear_sum_assignment(matrix)
            renumbered = list(session)
            for row, column in zip(rows.tolist(), columns.tolist(), strict=True):
                renumbered[column] = session[row]
            current[s] = renumbered
            for t, table in enumerate(renumbered):
                for p in table:
                    visits[p][t] += 1
        cost = _cost(visits)
        if cost >= best:
            return
        best = cost


def number_tables(
    sessions: Sessions, fixed: int = 0, seed: int = 0, effort: int = 200_000
) -> tuple[tuple[Row, ...], ...]:
    """Reorder the tables of sessions ``fixed ..`` to avoid table revisits.

    Sessions before ``fixed`` keep their numbering (already played); a session
    with fewer tables than others (byes) uses the lowest numbers. ``effort`` bounds
    the annealing moves of one round; the result is deterministic for a given
    ``seed``.
    """
    players = max((p for session in sessions for table in session for p in table), default=0)
    width = max(len(session) for session in sessions)
    current = [list(session) for session in sessions]
    visits = _visits(current, players, width)
    _descend(current, visits, fixed)
    full = all(len(session) == width for session in sessions)
    floor = _least_cost(players, len(sessions), width) if full else 0
    rng = random.Random(seed)
    moves = min(effort, MOVES_PER_TABLE * len(sessions) * width)
    cost = _cost(visits)
    for _ in range(ROUNDS):  # annealing rounds from the best so far, while they help
        if cost <= floor:
            break
        _anneal(current, visits, fixed, rng, moves, floor)
        _descend(current, visits, fixed)
        before, cost = cost, _cost(visits)
        if cost >= before and cost - floor > NEARLY:
            break
    if cost > 0:  # the exact search itself declines byes and more sessions than tables
        exact = number_exactly(current, fixed, Budget(EXACT_STEPS))
        if exact.sessions is not None:
            return exact.sessions
        if not exact.impossible:  # too large to settle at once: a few sessions at a time
            repaired = repair_exactly(current, fixed, rng, Budget(EXACT_STEPS))
            if repaired is not None:
                return repaired
    return tuple(tuple(session) for session in current)

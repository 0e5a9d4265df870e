"""Local search on whole schedules: fewer repeated meetings, groups kept apart.

The schedule's tables are improved by swapping two players between tables of
one session (so every session stays a partition of its players). The cost of a
schedule is, over pairs meeting ``m`` times,

* ``repeat_weight * m * (m - 1) / 2`` (zero when no pair meets twice, and convex,
  so past the repeat-free limit the meetings are spread as evenly as possible),
* plus ``apart_weight * m`` for pairs that should be kept apart (same club, ...),

plus, when given, a cost for each player's table in each session (used by
re-seating to keep changes few, and by Swiss seating to keep players near their
rank). Sessions before ``frozen`` are fixed but count for meetings.

The search is a tabu search in the style of Dotú and Van Hentenryck's local
search for the social golfer problem: each step takes a player in a costly pair,
in a session where the pair meets, and makes the best swap of that player with
someone at another table; a player may not return to a table it just left for a
few steps unless that gives a new best schedule; after a long stall the search
restarts from the best schedule with a few random swaps. It is deterministic for
a given random generator and number of steps.

>>> import random
>>> start = (((0, 1, 2, 3), (4, 5, 6, 7)), ((0, 1, 2, 3), (4, 5, 6, 7)))
>>> better = improve(8, start, rng=random.Random(0), max_iterations=100)
>>> better.cost  # 8 players, 2 sessions: the best has 4 repeated pairs (cost 4)
4
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

Tables = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Improved:
    """The best schedule found (tables of 0-based players), its cost and the steps taken."""

    sessions: tuple[Tables, ...]
    cost: int
    iterations: int


def improve(
    players: int,
    sessions: Sequence[Tables],
    *,
    rng: random.Random,
    max_iterations: int,
    frozen: int = 0,
    repeat_weight: int = 1,
    apart: Sequence[tuple[int, int]] = (),
    apart_weight: int = 0,
    table_cost: Sequence[Sequence[Sequence[int]] | None] | None = None,
) -> Improved:
    """Improve ``sessions`` (tables of players ``0 .. players - 1``) by tabu search.

    ``table_cost[s][p][t]``, when given for session ``s``, is the cost of seating
    player ``p`` at table ``t`` in that session.
    """
    n = players
    session_count = len(sessions)
    width = max(len(s) for s in sessions)
    tables = [[list(t) for t in s] for s in sessions]
    where = [[-1] * n for _ in range(session_count)]
    for s, session in enumerate(tables):
        for t, table in enumerate(session):
            for p in table:
                where[s][p] = t
    quad = [[repeat_weight] * n for _ in range(n)]  # a: weight of m * (m - 1) / 2
    line = [[0] * n for _ in range(n)]  # b: weight of m
    for p, q in apart:
        line[p][q] = line[q][p] = apart_weight
    meet = [[0] * n for _ in range(n)]
    free = [[0] * n for _ in range(n)]
    for s, session in enumerate(tables):
        for table in session:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    meet[p][q] += 1
                    meet[q][p] += 1
                    if s >= frozen:
                        free[p][q] += 1
                        free[q][p] += 1
    costs = [None] * session_count if table_cost is None else list(table_cost)

    def pair_cost(p: int, q: int) -> int:
        m = meet[p][q]
        return quad[p][q] * m * (m - 1) // 2 + line[p][q] * m

    cost = sum(pair_cost(p, q) for p in range(n) for q in range(p + 1, n))
    for s in range(frozen, session_count):
        session_costs = costs[s]
        if session_costs is not None:
            cost += sum(session_costs[p][where[s][p]] for p in range(n) if where[s][p] >= 0)

    # Pairs whose next meeting costs something and who meet in a free session.
    bad: list[tuple[int, int]] = []
    bad_index: dict[tuple[int, int], int] = {}

    def refresh(p: int, q: int) -> None:
        key = (p, q) if p < q else (q, p)
        m = meet[p][q]
        is_bad = free[p][q] > 0 and quad[p][q] * (m - 1) + line[p][q] > 0
        if is_bad and key not in bad_index:
            bad_index[key] = len(bad)
            bad.append(key)
        elif not is_bad and key in bad_index:
            i = bad_index.pop(key)
            last = bad.pop()
            if i < len(bad):
                bad[i] = last
                bad_index[last] = i

    for p in range(n):
        for q in range(p + 1, n):
            if free[p][q]:
                refresh(p, q)

    def move(s: int, p: int, q: int) -> None:
        """Swap p and q (different tables of free session s), keeping counts and `bad`."""
        a_t, b_t = where[s][p], where[s][q]
        a_table, b_table = tables[s][a_t], tables[s][b_t]
        for x in a_table:
            if x != p:
                for u, v, d in ((p, x, -1), (q, x, 1)):
                    meet[u][v] += d
                    meet[v][u] += d
                    free[u][v] += d
                    free[v][u] += d
                    refresh(u, v)
        for x in b_table:
            if x != q:
                for u, v, d in ((q, x, -1), (p, x, 1)):
                    meet[u][v] += d
                    meet[v][u] += d
                    free[u][v] += d
                    free[v][u] += d
                    refresh(u, v)
        a_table[a_table.index(p)] = q
        b_table[b_table.index(q)] = p
        where[s][p], where[s][q] = b_t, a_t

    def delta_of(s: int, p: int, q: int) -> int:
        a_t, b_t = where[s][p], where[s][q]
        delta = 0
        mp, mq, qp, qq, lp, lq = meet[p], meet[q], quad[p], quad[q], line[p], line[q]
        for x in tables[s][a_t]:
            if x != p:
                delta -= qp[x] * (mp[x] - 1) + lp[x]
                delta += qq[x] * mq[x] + lq[x]
        for x in tables[s][b_t]:
            if x != q:
                delta -= qq[x] * (mq[x] - 1) + lq[x]
                delta += qp[x] * mp[x] + lp[x]
        session_costs = costs[s]
        if session_costs is not None:
            cp, cq = session_costs[p], session_costs[q]
            delta += cp[b_t] - cp[a_t] + cq[a_t] - cq[b_t]
        return delta

    def snapshot() -> list[list[list[int]]]:
        return [[list(t) for t in session] for session in tables]

    best_cost = cost
    best = snapshot()
    tabu = [[0] * (n * width) for _ in range(session_count)]
    stall = 0
    stall_limit = 300 + 10 * n
    iteration = 0
    while bad and iteration < max_iterations:
        iteration += 1
        p, q = bad[rng.randrange(len(bad))]
        shared = [s for s in range(frozen, session_count) if where[s][p] == where[s][q] >= 0]
        s = shared[rng.randrange(len(shared))]
        if rng.random() < 0.5:
            p = q
        a_t = where[s][p]
        row = tabu[s]
        mp, qp, lp = meet[p], quad[p], line[p]
        a_others = [x for x in tables[s][a_t] if x != p]
        leave = 0
        for x in a_others:
            leave -= qp[x] * (mp[x] - 1) + lp[x]
        session_costs = costs[s]
        best_delta: int | None = None
        choices: list[int] = []
        for b_t, b_table in enumerate(tables[s]):
            if b_t == a_t:
                continue
            join = 0
            for x in b_table:
                join += qp[x] * mp[x] + lp[x]
            p_tabu = row[p * width + b_t] > iteration
            for q in b_table:
                mq, qq, lq = meet[q], quad[q], line[q]
                delta = leave + join - (qp[q] * mp[q] + lp[q])
                for x in b_table:
                    if x != q:
                        delta -= qq[x] * (mq[x] - 1) + lq[x]
                for x in a_others:
                    delta += qq[x] * mq[x] + lq[x]
                if session_costs is not None:
                    cp, cq = session_costs[p], session_costs[q]
                    delta += cp[b_t] - cp[a_t] + cq[a_t] - cq[b_t]
                if (p_tabu or row[q * width + a_t] > iteration) and cost + delta >= best_cost:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta = delta
                    choices = [q]
                elif delta == best_delta:
                    choices.append(q)
        if not choices:
            continue
        q = choices[rng.randrange(len(choices))]
        b_t = where[s][q]
        cost += delta_of(s, p, q)
        move(s, p, q)
        row[p * width + a_t] = iteration + rng.randint(3, 10)
        row[q * width + b_t] = iteration + rng.randint(3, 10)
        if cost < best_cost:
            best_cost, best, stall = cost, snapshot(), 0
        else:
            stall += 1
            if stall > stall_limit:
                stall = 0
                for s2 in range(frozen, session_count):  # back to the best schedule
                    for t, target in enumerate(best[s2]):
                        wanted = set(target)
                        for x in target:
                            if where[s2][x] != t:
                                y = next(v for v in tables[s2][t] if v not in wanted)
                                cost += delta_of(s2, x, y)
                                move(s2, x, y)
                for _ in range(max(2, n // 8)):
                    s2 = rng.randrange(frozen, session_count)
                    x, y = rng.randrange(n), rng.randrange(n)
                    if where[s2][x] >= 0 and where[s2][y] >= 0 and where[s2][x] != where[s2][y]:
                        cost += delta_of(s2, x, y)
                        move(s2, x, y)
    if cost < best_cost:
        best_cost, best = cost, snapshot()
    if table_cost is not None:
        # Back to the best schedule, then take every swap that still lowers the
        # cost (the tabu steps above only start from costly pairs, so they never
        # undo a move that merely costs a table change).
        for s2 in range(frozen, session_count):
            for t, target in enumerate(best[s2]):
                wanted = set(target)
                for x in target:
                    if where[s2][x] != t:
                        y = next(v for v in tables[s2][t] if v not in wanted)
                        cost += delta_of(s2, x, y)
                        move(s2, x, y)
        for _ in range(10):
            improved = False
            for s2 in range(frozen, session_count):
                seated = [p for table in tables[s2] for p in table]
                for i, x in enumerate(seated):
                    for y in seated[i + 1 :]:
                        if where[s2][x] != where[s2][y]:
                            delta = delta_of(s2, x, y)
                            if delta < 0:
                                cost += delta
                                move(s2, x, y)
                                improved = True
            if not improved:
                break
        best_cost, best = cost, snapshot()
    result = tuple(tuple(tuple(t) for t in session) for session in best)
    return Improved(result, best_cost, iteration)

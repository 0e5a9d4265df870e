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
search for the social golfer problem. Its steps, each a method of a private
search state:

1. *pick* a player in a costly pair, in a free session where the pair meets;
2. *scan* every swap of that player with someone at another table and keep the
   best ones that are not tabu (a player may not return to a table it just left
   for a few steps unless that gives a new best schedule);
3. *swap*, updating the meeting counts and the set of costly pairs;
4. after a long stall, *restart* from the best schedule with a few random swaps;
5. with table costs, *polish*: from the best schedule, take every swap that still
   lowers the cost (the tabu steps only start from costly pairs, so they never
   undo a move that merely costs a table change).

It is deterministic for a given random generator and number of steps. Players are
numbered from 1, as everywhere in seating.

>>> import random
>>> start = (((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 3, 4), (5, 6, 7, 8)))
>>> better = improve(8, start, rng=random.Random(0), max_iterations=100)
>>> better.cost  # 8 players, 2 sessions: the best has 4 repeated pairs (cost 4)
4
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mjref.players import PlayerId

Tables = tuple[tuple[int, ...], ...]
"""The tables of one session: player numbers from 1, in any order."""

TableCost = Mapping[PlayerId, Sequence[int]]
"""For one session: a player's cost of sitting at table ``t`` (0-based position), by player.
Players not listed cost nothing anywhere."""


@dataclass(frozen=True, slots=True)
class Improved:
    """The best schedule found (tables of players from 1), its cost and the steps taken."""

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
    table_cost: Sequence[TableCost | None] | None = None,
) -> Improved:
    """Improve ``sessions`` (tables of players ``1 .. players``) by tabu search.

    ``table_cost[s]``, when given for session ``s``, is each player's cost of each
    table in that session; ``apart`` are pairs of players to keep apart.
    """
    search = _Search(players, sessions, frozen, repeat_weight, apart, apart_weight, table_cost)
    iterations = search.run(rng, max_iterations)
    if table_cost is not None:
        search.polish()
    best = tuple(tuple(tuple(p + 1 for p in t) for t in session) for session in search.best)
    return Improved(best, search.best_cost, iterations)


def _table_costs(
    players: int, session_count: int, table_cost: Sequence[TableCost | None] | None
) -> list[list[list[int]] | None]:
    """``[s][p][t]`` with 0-based players (rows of zeros for players without costs)."""
    if table_cost is None:
        return [None] * session_count
    found: list[list[list[int]] | None] = []
    for session_costs in table_cost:
        if session_costs is None:
            found.append(None)
            continue
        width = max((len(row) for row in session_costs.values()), default=0)
        rows = [[0] * width for _ in range(players)]
        for player, row in session_costs.items():
            rows[player - 1] = list(row)
        found.append(rows)
    return found


class _Search:
    """The search state: tables, who sits where, meeting counts and the costly pairs.

    Inside, players are 0-based indexes into the count matrices.
    """

    def __init__(
        self,
        players: int,
        sessions: Sequence[Tables],
        frozen: int,
        repeat_weight: int,
        apart: Sequence[tuple[int, int]],
        apart_weight: int,
        table_cost: Sequence[TableCost | None] | None,
    ) -> None:
        n = self.n = players
        self.frozen = frozen
        self.session_count = len(sessions)
        self.width = max(len(s) for s in sessions)
        self.tables = [[[p - 1 for p in t] for t in s] for s in sessions]
        self.where = [[-1] * n for _ in range(self.session_count)]
        for s, session in enumerate(self.tables):
            for t, table in enumerate(session):
                for p in table:
                    self.where[s][p] = t
        self.quad = [[repeat_weight] * n for _ in range(n)]  # a: weight of m * (m - 1) / 2
        self.line = [[0] * n for _ in range(n)]  # b: weight of m
        for p, q in apart:
            self.line[p - 1][q - 1] = self.line[q - 1][p - 1] = apart_weight
        self.costs = _table_costs(n, self.session_count, table_cost)
        self._count_meetings()
        self.cost = self._initial_cost()
        # Pairs whose next meeting costs something and who meet in a free session.
        self.bad: list[tuple[int, int]] = []
        self.bad_index: dict[tuple[int, int], int] = {}
        for p in range(n):
            for q in range(p + 1, n):
                if self.free[p][q]:
                    self.refresh(p, q)
        self.best_cost = self.cost
        self.best = self.snapshot()

    def _count_meetings(self) -> None:
        n = self.n
        self.meet = meet = [[0] * n for _ in range(n)]
        self.free = free = [[0] * n for _ in range(n)]
        for s, session in enumerate(self.tables):
            for table in session:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        meet[p][q] += 1
                        meet[q][p] += 1
                        if s >= self.frozen:
                            free[p][q] += 1
                            free[q][p] += 1

    def _initial_cost(self) -> int:
        n, meet, quad, line, where = self.n, self.meet, self.quad, self.line, self.where
        cost = 0
        for p in range(n):
            for q in range(p + 1, n):
                m = meet[p][q]
                cost += quad[p][q] * m * (m - 1) // 2 + line[p][q] * m
        for s in range(self.frozen, self.session_count):
            session_costs = self.costs[s]
            if session_costs is not None:
                cost += sum(session_costs[p][where[s][p]] for p in range(n) if where[s][p] >= 0)
        return cost

    def refresh(self, p: int, q: int) -> None:
        """Put the pair in (or take it out of) the costly pairs, as its counts say."""
        key = (p, q) if p < q else (q, p)
        m = self.meet[p][q]
        is_bad = self.free[p][q] > 0 and self.quad[p][q] * (m - 1) + self.line[p][q] > 0
        bad_index = self.bad_index
        if is_bad and key not in bad_index:
            bad_index[key] = len(self.bad)
            self.bad.append(key)
        elif not is_bad and key in bad_index:
            bad = self.bad
            i = bad_index.pop(key)
            last = bad.pop()
            if i < len(bad):
                bad[i] = last
                bad_index[last] = i

    def move(self, s: int, p: int, q: int) -> None:
        """Swap p and q (different tables of free session s), keeping counts and `bad`."""
        where, meet, free, refresh = self.where[s], self.meet, self.free, self.refresh
        a_t, b_t = where[p], where[q]
        a_table, b_table = self.tables[s][a_t], self.tables[s][b_t]
        meet_p, meet_q, free_p, free_q = meet[p], meet[q], free[p], free[q]
        for x in a_table:
            if x != p:
                meet_p[x] -= 1
                meet[x][p] -= 1
                free_p[x] -= 1
                free[x][p] -= 1
                refresh(p, x)
                meet_q[x] += 1
                meet[x][q] += 1
                free_q[x] += 1
                free[x][q] += 1
                refresh(q, x)
        for x in b_table:
            if x != q:
                meet_q[x] -= 1
                meet[x][q] -= 1
                free_q[x] -= 1
                free[x][q] -= 1
                refresh(q, x)
                meet_p[x] += 1
                meet[x][p] += 1
                free_p[x] += 1
                free[x][p] += 1
                refresh(p, x)
        a_table[a_table.index(p)] = q
        b_table[b_table.index(q)] = p
        where[p], where[q] = b_t, a_t

    def delta_of(self, s: int, p: int, q: int) -> int:
        """The change in cost if p and q (different tables of session s) swapped."""
        where = self.where[s]
        a_t, b_t = where[p], where[q]
        delta = 0
        mp, mq, qp, qq = self.meet[p], self.meet[q], self.quad[p], self.quad[q]
        lp, lq = self.line[p], self.line[q]
        for x in self.tables[s][a_t]:
            if x != p:
                delta -= qp[x] * (mp[x] - 1) + lp[x]
                delta += qq[x] * mq[x] + lq[x]
        for x in self.tables[s][b_t]:
            if x != q:
                delta -= qq[x] * (mq[x] - 1) + lq[x]
                delta += qp[x] * mp[x] + lp[x]
        session_costs = self.costs[s]
        if session_costs is not None:
            cp, cq = session_costs[p], session_costs[q]
            delta += cp[b_t] - cp[a_t] + cq[a_t] - cq[b_t]
        return delta

    def swap(self, s: int, p: int, q: int) -> None:
        """Apply the swap of p and q in session s, cost included."""
        self.cost += self.delta_of(s, p, q)
        self.move(s, p, q)

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(t) for t in session] for session in self.tables]

    def pick(self, rng: random.Random) -> tuple[int, int]:
        """A free session and a player in a costly pair meeting there."""
        # rng.randrange is inlined (the same draws: getrandbits of n's bit length until
        # one is below n); neither list is empty
        getrandbits, bad = rng.getrandbits, self.bad
        n = len(bad)
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        p, q = bad[r]
        shared = []
        for s, where in enumerate(self.where[self.frozen :], self.frozen):
            if where[p] == where[q] >= 0:
                shared.append(s)
        n = len(shared)
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        s = shared[r]
        if rng.random() < 0.5:
            p = q
        return s, p

    def scan(self, s: int, p: int, iteration: int, tabu_row: list[int]) -> list[int]:
        """The best partners for p in session s that the tabu rule allows (ties all kept)."""
        width, cost, best_cost = self.width, self.cost, self.best_cost
        a_t = self.where[s][p]
        meet, quad, line = self.meet, self.quad, self.line
        mp, qp, lp = meet[p], quad[p], line[p]
        a_others = [x for x in self.tables[s][a_t] if x != p]
        leave = 0
        for x in a_others:
            leave -= qp[x] * (mp[x] - 1) + lp[x]
        session_costs = self.costs[s]
        best_delta: int | None = None
        choices: list[int] = []
        for b_t, b_table in enumerate(self.tables[s]):
            if b_t == a_t:
                continue
            join = 0
            for x in b_table:
                join += qp[x] * mp[x] + lp[x]
            p_tabu = tabu_row[p * width + b_t] > iteration
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
                if (p_tabu or tabu_row[q * width + a_t] > iteration) and cost + delta >= best_cost:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta = delta
                    choices = [q]
                elif delta == best_delta:
                    choices.append(q)
        return choices

    def back_to_best(self) -> None:
        """Swap players until every free session is the best schedule found again."""
        for s in range(self.frozen, self.session_count):
            where, tables = self.where[s], self.tables[s]
            for t, target in enumerate(self.best[s]):
                wanted = set(target)
                for x in target:
                    if where[x] != t:
                        y = next(v for v in tables[t] if v not in wanted)
                        self.swap(s, x, y)

    def restart(self, rng: random.Random) -> None:
        """Back to the best schedule, then a few random swaps."""
        self.back_to_best()
        for _ in range(max(2, self.n // 8)):
            s = rng.randrange(self.frozen, self.session_count)
            x, y = rng.randrange(self.n), rng.randrange(self.n)
            where = self.where[s]
            if where[x] >= 0 and where[y] >= 0 and where[x] != where[y]:
                self.swap(s, x, y)

    def run(self, rng: random.Random, max_iterations: int) -> int:
        """The tabu search; returns the steps taken."""
        width = self.width
        tabu = [[0] * (self.n * width) for _ in range(self.session_count)]
        stall = 0
        stall_limit = 300 + 10 * self.n
        iteration = 0
        getrandbits = rng.getrandbits
        while self.bad and iteration < max_iterations:
            iteration += 1
            s, p = self.pick(rng)
            row = tabu[s]
            choices = self.scan(s, p, iteration, row)
            if not choices:
                continue
            # rng.randrange and rng.randint inlined, the same draws (randint(3, 10) is 3
            # plus a draw below 8, of four bits)
            n = len(choices)
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            q = choices[r]
            a_t, b_t = self.where[s][p], self.where[s][q]
            self.swap(s, p, q)
            r = getrandbits(4)
            while r >= 8:
                r = getrandbits(4)
            row[p * width + a_t] = iteration + 3 + r
            r = getrandbits(4)
            while r >= 8:
                r = getrandbits(4)
            row[q * width + b_t] = iteration + 3 + r
            if self.cost < self.best_cost:
                self.best_cost, self.best, stall = self.cost, self.snapshot(), 0
            else:
                stall += 1
                if stall > stall_limit:
                    stall = 0
                    self.restart(rng)
        if self.cost < self.best_cost:
            self.best_cost, self.best = self.cost, self.snapshot()
        return iteration

    def polish(self) -> None:
        """From the best schedule, take every swap that lowers the cost (up to 10 rounds)."""
        self.back_to_best()
        for _ in range(10):
            improved = False
            for s in range(self.frozen, self.session_count):
                where = self.where[s]
                seated = [p for table in self.tables[s] for p in table]
                for i, x in enumerate(seated):
                    for y in seated[i + 1 :]:
                        if where[x] != where[y] and self.delta_of(s, x, y) < 0:
                            self.swap(s, x, y)
                            improved = True
            if not improved:
                break
        self.best_cost, self.best = self.cost, self.snapshot()

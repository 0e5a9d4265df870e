"""Cyclic schedules: one base session developed by adding 0, 1, 2, ... modulo M.

The players are split into ``k`` orbits of ``M`` players, ``(c, a)`` with ``a``
in Z_M, plus ``f`` fixed players. Session ``j`` is the base session with every
``(c, a)`` replaced by ``(c, a + j)`` (fixed players stay). A pair meets in
session ``j`` exactly when the pair shifted back by ``j`` shares a table of the
base session, so over any ``S <= M`` sessions no pair meets twice as long as the
pairs sharing base tables lie in different *orbits* of pairs under the shift and
no table holds two fixed players or two players of one orbit at distance
``M / 2``. The search therefore looks for one partition of the players into
tables of four (the base session) whose pairs all lie in distinct pair orbits: a
much smaller problem than the whole schedule (this is the classical
difference-family method for resolvable designs, here searched by tabu search).

>>> import random
>>> base = search_base(Structure(5, 4, 0), random.Random(1), 2000)
>>> base.conflicts
0
>>> grouping = develop(Structure(5, 4, 0), base.tables, 5)
>>> len(grouping), len(grouping[0])
(5, 5)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mjref.seating.known import Grouping


@dataclass(frozen=True, slots=True)
class Structure:
    """``orbits`` orbits of ``modulus`` players plus ``fixed`` fixed players."""

    modulus: int
    orbits: int
    fixed: int

    @property
    def players(self) -> int:
        return self.modulus * self.orbits + self.fixed

    def capacity(self, sessions: int) -> int:
        """How many distinct pair orbits the base tables may use (``sessions <= modulus``)."""
        m, k = self.modulus, self.orbits
        pure = (m - 1) // 2  # distances 1 .. (m - 1) // 2; m / 2 is forbidden
        return k * pure + k * (k - 1) // 2 * m + self.fixed * k

    def slack(self, sessions: int, ghosts: int = 0) -> int:
        """Spare pair orbits: capacity minus the pairs of the base tables that need one.

        ``ghosts`` fixed players share one table (see :func:`search_base`), so
        their pairs need no orbit.
        """
        return self.capacity(sessions) - 6 * (self.players // 4) + ghosts * (ghosts - 1) // 2


def structures(players: int, sessions: int, ghosts: int = 0) -> list[Structure]:
    """Cyclic structures for ``players`` and ``sessions``, most spare room first.

    Fixed players need a table each (ghosts excepted) and distinct orbits at it,
    so there are at most ``players // 4`` of them; three orbits at least are
    needed to have room for the pairs. ``ghosts`` is the least number of fixed
    players.
    """
    found = []
    for modulus in range(max(sessions, 2), players // 3 + 1):
        for fixed in range(ghosts, players // 4 + ghosts + 1):
            if (players - fixed) % modulus:
                continue
            orbits = (players - fixed) // modulus
            if orbits < 3 or fixed - max(0, ghosts - 1) > players // 4:
                continue
            structure = Structure(modulus, orbits, fixed)
            if structure.slack(sessions, ghosts) >= 0:
                found.append(structure)
    found.sort(key=lambda s: (-s.slack(sessions, ghosts), s.modulus, s.fixed))
    return found


def _orbit_ids(structure: Structure, ghosts: int = 0) -> tuple[list[list[int]], list[int]]:
    """Pair -> orbit id (a matrix) and each orbit's capacity (1, or 0 if forbidden).

    The first ``ghosts`` fixed players may share a table (their pairs cost nothing).
    """
    m, k, n = structure.modulus, structure.orbits, structure.players
    cyclic = m * k
    ids: dict[tuple[int, ...], int] = {}
    capacity: list[int] = []

    def orbit(key: tuple[int, ...], cap: int = 1) -> int:
        if key not in ids:
            ids[key] = len(capacity)
            capacity.append(cap)
        return ids[key]

    forbidden = orbit((-1,), 0)
    together = orbit((-2,), n * n)
    table = [[forbidden] * n for _ in range(n)]
    for p in range(n):
        for q in range(p + 1, n):
            if q >= cyclic:
                if p < cyclic:
                    oid = orbit((2, q - cyclic, p // m))
                elif q < cyclic + ghosts:
                    oid = together
                else:
                    oid = forbidden  # two fixed players would meet every session
            else:
                cp, ap = divmod(p, m)
                cq, aq = divmod(q, m)
                if cp == cq:
                    d = (aq - ap) % m
                    d = min(d, m - d)
                    oid = forbidden if 2 * d == m else orbit((0, cp, d))
                else:
                    oid = orbit((1, cp, cq, (aq - ap) % m))
            table[p][q] = table[q][p] = oid
    return table, capacity


@dataclass(frozen=True, slots=True)
class Base:
    """A base session found by :func:`search_base` and its remaining pair-orbit clashes."""

    tables: tuple[tuple[int, ...], ...]
    conflicts: int
    iterations: int


def search_base(
    structure: Structure, rng: random.Random, max_iterations: int, ghosts: int = 0
) -> Base:
    """Tabu search for a base session whose pairs lie in distinct pair orbits.

    The cost is the number of pair-orbit clashes (a pair orbit used ``c`` times
    with capacity ``cap`` costs ``max(0, c - cap)``). Each step takes a player in
    a clash and makes the best swap with a player at another table that is not
    tabu (a player may not go back to a table it left for a few steps, unless that
    gives a new best); after a long stall the search restarts from the best state
    with a few random swaps.

    The first ``ghosts`` fixed players start at one table and never move (for
    byes: the real players at the ghosts' table sit the session out, and they
    rotate through the orbits).
    """
    n = structure.players
    table_count = n // 4
    oid, cap = _orbit_ids(structure, ghosts)
    count = [0] * len(cap)
    cyclic = structure.modulus * structure.orbits
    pinned = set(range(cyclic, cyclic + ghosts))
    order = [p for p in range(n) if p not in pinned]
    rng.shuffle(order)
    order = sorted(pinned) + order
    blocks = [order[4 * t : 4 * t + 4] for t in range(table_count)]
    where = [0] * n
    for t, block in enumerate(blocks):
        for p in block:
            where[p] = t
        for i in range(4):
            row = oid[block[i]]
            for j in range(i + 1, 4):
                count[row[block[j]]] += 1
    cost = sum(max(0, c - k) for c, k in zip(count, cap, strict=True))
    best_cost = cost
    best_blocks = [list(b) for b in blocks]
    tabu = [0] * (n * table_count)
    stall = 0
    stall_limit = 200 + 20 * table_count
    iteration = 0

    def swap(p: int, q: int) -> int:
        """Swap players p and q (different tables); returns the change in cost."""
        a_t, b_t = where[p], where[q]
        a_block, b_block = blocks[a_t], blocks[b_t]
        delta = 0
        row_p, row_q = oid[p], oid[q]
        for x in a_block:
            if x != p:
                o = row_p[x]
                c = count[o]
                delta -= c > cap[o]
                count[o] = c - 1
                o = row_q[x]
                c = count[o]
                delta += c >= cap[o]
                count[o] = c + 1
        for x in b_block:
            if x != q:
                o = row_q[x]
                c = count[o]
                delta -= c > cap[o]
                count[o] = c - 1
                o = row_p[x]
                c = count[o]
                delta += c >= cap[o]
                count[o] = c + 1
        a_block[a_block.index(p)] = q
        b_block[b_block.index(q)] = p
        where[p], where[q] = b_t, a_t
        return delta

    while cost > 0 and iteration < max_iterations:
        iteration += 1
        clashing = [
            p
            for p in range(n)
            if p not in pinned
            and any(count[oid[p][x]] > cap[oid[p][x]] for x in blocks[where[p]] if x != p)
        ]
        p = clashing[rng.randrange(len(clashing))]
        a_t = where[p]
        a_others = [x for x in blocks[a_t] if x != p]
        row_p = oid[p]
        # Take p out of its table once; every candidate swap starts from there.
        base_delta = 0
        for x in a_others:
            o = row_p[x]
            c = count[o]
            base_delta -= c > cap[o]
            count[o] = c - 1
        best_delta = None
        choices: list[int] = []
        for b_t in range(table_count):
            if b_t == a_t:
                continue
            b_block = blocks[b_t]
            p_tabu = tabu[p * table_count + b_t] > iteration
            for q in b_block:
                if q in pinned:
                    continue
                delta = base_delta
                row_q = oid[q]
                changed = []
                for x in b_block:
                    if x != q:
                        o = row_q[x]
                        c = count[o]
                        delta -= c > cap[o]
                        count[o] = c - 1
                        changed.append(o)
                for x in b_block:
                    if x != q:
                        o = row_p[x]
                        c = count[o]
                        delta += c >= cap[o]
                        count[o] = c + 1
                for x in a_others:
                    o = row_q[x]
                    c = count[o]
                    delta += c >= cap[o]
                    count[o] = c + 1
                for x in a_others:
                    count[row_q[x]] -= 1
                for x in b_block:
                    if x != q:
                        count[row_p[x]] -= 1
                for o in changed:
                    count[o] += 1
                if (p_tabu or tabu[q * table_count + a_t] > iteration) and (
                    cost + delta >= best_cost
                ):
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta = delta
                    choices = [q]
                elif delta == best_delta:
                    choices.append(q)
        for x in a_others:
            count[row_p[x]] += 1
        if not choices:
            q = rng.randrange(n)
            if where[q] == a_t or q in pinned:
                continue
        else:
            q = choices[rng.randrange(len(choices))]
        b_t = where[q]
        cost += swap(p, q)
        tabu[p * table_count + a_t] = iteration + rng.randint(4, 12)
        tabu[q * table_count + b_t] = iteration + rng.randint(4, 12)
        if cost < best_cost:
            best_cost = cost
            best_blocks = [list(b) for b in blocks]
            stall = 0
        else:
            stall += 1
            if stall > stall_limit:
                stall = 0
                for t, target in enumerate(best_blocks):  # back to the best state
                    wanted = set(target)
                    for x in target:
                        if where[x] != t:
                            cost += swap(x, next(y for y in blocks[t] if y not in wanted))
                for _ in range(max(2, table_count // 4)):
                    x, y = rng.randrange(n), rng.randrange(n)
                    if where[x] != where[y] and x not in pinned and y not in pinned:
                        cost += swap(x, y)
    if cost < best_cost:
        best_cost, best_blocks = cost, blocks
    tables = tuple(tuple(sorted(b)) for b in best_blocks)
    return Base(tables, best_cost, iteration)


def develop(structure: Structure, tables: tuple[tuple[int, ...], ...], sessions: int) -> Grouping:
    """Sessions ``0 .. sessions - 1`` of the base ``tables`` (players numbered from 1)."""
    m, cyclic = structure.modulus, structure.modulus * structure.orbits
    developed = []
    for j in range(sessions):
        session = []
        for table in tables:
            session.append(
                tuple(
                    sorted(
                        p + 1 if p >= cyclic else (p // m) * m + (p % m + j) % m + 1 for p in table
                    )
                )
            )
        developed.append(tuple(sorted(session)))
    return tuple(developed)

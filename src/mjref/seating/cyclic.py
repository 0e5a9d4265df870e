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
    """A base session found by :func:`search_base` and its remaining pair-orbit clashes.

    ``tables`` hold the structure's points, numbered from 1 like players: the orbits'
    points first (orbit by orbit), then the fixed points.
    """

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
    search = _BaseSearch(structure, ghosts, rng)
    iterations = search.run(rng, max_iterations)
    tables = tuple(tuple(sorted(p + 1 for p in b)) for b in search.best_blocks)
    return Base(tables, search.best_cost, iterations)


class _BaseSearch:
    """The state of :func:`search_base`: tables of points (0-based inside) and the number
    of times each pair orbit is used."""

    def __init__(self, structure: Structure, ghosts: int, rng: random.Random) -> None:
        n = self.n = structure.players
        self.table_count = n // 4
        self.oid, self.cap = _orbit_ids(structure, ghosts)
        self.count = [0] * len(self.cap)
        cyclic = structure.modulus * structure.orbits
        self.pinned = set(range(cyclic, cyclic + ghosts))
        order = [p for p in range(n) if p not in self.pinned]
        rng.shuffle(order)
        order = sorted(self.pinned) + order
        self.blocks = [order[4 * t : 4 * t + 4] for t in range(self.table_count)]
        self.where = [0] * n
        for t, block in enumerate(self.blocks):
            for p in block:
                self.where[p] = t
            for i in range(4):
                row = self.oid[block[i]]
                for j in range(i + 1, 4):
                    self.count[row[block[j]]] += 1
        self.cost = sum(max(0, c - k) for c, k in zip(self.count, self.cap, strict=True))
        self.best_cost = self.cost
        self.best_blocks = [list(b) for b in self.blocks]

    def swap(self, p: int, q: int) -> None:
        """Swap players p and q (different tables), updating the counts and the cost."""
        where, count, cap = self.where, self.count, self.cap
        a_t, b_t = where[p], where[q]
        a_block, b_block = self.blocks[a_t], self.blocks[b_t]
        delta = 0
        row_p, row_q = self.oid[p], self.oid[q]
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
        self.cost += delta

    def clashing(self) -> list[int]:
        """The players (not pinned) who share a clashing pair orbit with a table mate."""
        oid, count, cap, blocks, where = self.oid, self.count, self.cap, self.blocks, self.where
        pinned = self.pinned
        found = []
        for p in range(self.n):
            if p in pinned:
                continue
            row = oid[p]
            for x in blocks[where[p]]:
                if x != p:
                    o = row[x]
                    if count[o] > cap[o]:
                        found.append(p)
                        break
        return found

    def scan(self, p: int, iteration: int, tabu: list[int]) -> list[int]:
        """The best partners for p that the tabu rule allows (ties all kept)."""
        count, cap, oid, pinned = self.count, self.cap, self.oid, self.pinned
        table_count, cost, best_cost = self.table_count, self.cost, self.best_cost
        a_t = self.where[p]
        a_others = [x for x in self.blocks[a_t] if x != p]
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
            b_block = self.blocks[b_t]
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
        return choices

    def restart(self, rng: random.Random) -> None:
        """Back to the best state, then a few random swaps."""
        for t, target in enumerate(self.best_blocks):
            wanted = set(target)
            for x in target:
                if self.where[x] != t:
                    self.swap(x, next(y for y in self.blocks[t] if y not in wanted))
        for _ in range(max(2, self.table_count // 4)):
            x, y = rng.randrange(self.n), rng.randrange(self.n)
            if self.where[x] != self.where[y] and x not in self.pinned and y not in self.pinned:
                self.swap(x, y)

    def run(self, rng: random.Random, max_iterations: int) -> int:
        """The tabu search; returns the steps taken."""
        n, table_count = self.n, self.table_count
        tabu = [0] * (n * table_count)
        stall = 0
        stall_limit = 200 + 20 * table_count
        iteration = 0
        # rng.randrange and rng.randint are inlined (the same draws: getrandbits of the
        # range's bit length until one is inside it; randint(4, 12) is 4 + a draw below 9)
        getrandbits = rng.getrandbits
        while self.cost > 0 and iteration < max_iterations:
            iteration += 1
            clashing = self.clashing()
            size = len(clashing)
            if not size:
                raise ValueError("empty range for randrange()")  # as rng.randrange(0)
            bits = size.bit_length()
            r = getrandbits(bits)
            while r >= size:
                r = getrandbits(bits)
            p = clashing[r]
            a_t = self.where[p]
            choices = self.scan(p, iteration, tabu)
            if not choices:
                bits = n.bit_length()
                q = getrandbits(bits)
                while q >= n:
                    q = getrandbits(bits)
                if self.where[q] == a_t or q in self.pinned:
                    continue
            else:
                size = len(choices)
                bits = size.bit_length()
                r = getrandbits(bits)
                while r >= size:
                    r = getrandbits(bits)
                q = choices[r]
            b_t = self.where[q]
            self.swap(p, q)
            r = getrandbits(4)
            while r >= 9:
                r = getrandbits(4)
            tabu[p * table_count + a_t] = iteration + 4 + r
            r = getrandbits(4)
            while r >= 9:
                r = getrandbits(4)
            tabu[q * table_count + b_t] = iteration + 4 + r
            if self.cost < self.best_cost:
                self.best_cost = self.cost
                self.best_blocks = [list(b) for b in self.blocks]
                stall = 0
            else:
                stall += 1
                if stall > stall_limit:
                    stall = 0
                    self.restart(rng)
        if self.cost < self.best_cost:
            self.best_cost, self.best_blocks = self.cost, self.blocks
        return iteration


def develop(structure: Structure, tables: tuple[tuple[int, ...], ...], sessions: int) -> Grouping:
    """The first ``sessions`` sessions of the base ``tables`` (points and players from 1)."""
    m, cyclic = structure.modulus, structure.modulus * structure.orbits

    def shifted(point: int, j: int) -> int:
        p = point - 1
        return point if p >= cyclic else (p // m) * m + (p % m + j) % m + 1

    developed = []
    for j in range(sessions):
        session = []
        for table in tables:
            session.append(tuple(sorted(shifted(point, j) for point in table)))
        developed.append(tuple(sorted(session)))
    return tuple(developed)

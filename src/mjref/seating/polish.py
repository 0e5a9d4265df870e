"""Polishing a numbered plan: more indirect meetings by exchanging two players of a session.

Runs on a finished repeat-free design whose tables are already numbered (position in
the session = table number) and in which everyone plays every session. An *exchange*
swaps two players of one session between their tables; it is allowed only when

* nobody meets anyone twice afterwards (the plan stays repeat-free), and
* the table revisits do not rise (each player's visits to table numbers are counted).

Among allowed exchanges the search lowers a potential over the pairs who never meet,
in two halves of its budget. First ``sum(BASE ** (m - c))``, with ``c`` a pair's
common opponents and ``m`` the fewest at the start: convex and falling, it makes the
pair with the fewest common opponents the dearest (half the tries move a player of
such a pair). Then ``-sum(c)``, which raises the mean, with any count below the
worst pair's forbidden, so the second half never undoes the first. Exchanges that
keep the potential are accepted too (the search walks along plateaus). The best plan
seen by :func:`indirect` (the fewest common opponents of a pair who never meet, then
their sum, which fixes the mean) is returned; it is never worse than the plan given.

The counts are kept up to date, not recomputed: with ``A`` the who-met-whom matrix,
``C = A @ A`` counts common opponents, and an exchange changes ``A`` by
``D = w u' + u w'`` (``w`` marks the two players +1/-1, ``u`` their new and old
table mates), so ``C`` changes by ``A D + D A + D D``, which touches only the rows
and columns of the eight players involved: one exchange is scored in ``O(8 N)``.

With ``lift=True`` the search is an annealing instead (for a plan that a descent
cannot move, such as a cyclic design whose worst pairs share no opponent): the first
half lowers ``sum(LIFT * max(0, m + 1 - c) - c)``, which asks every pair for one
common opponent more than the worst has now without giving up the mean, the second
half the same ``-sum(c)`` as above; in both, an exchange that raises the potential by
``x`` is still taken with probability ``exp(-x / T)``, the temperature ``T`` falling
from :data:`TEMPERATURE` to 0 over the half. The best plan seen is returned, as above.

Winds are not kept: the caller seats the polished tables again. Deterministic for a
given random generator.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mjref.seating.known import Grouping

BASE = 2.0
"""How much dearer a pair with one common opponent fewer is (the potential's base)."""

LIFT = 30.0
"""With ``lift``: the cost of each common opponent a pair lacks below the worst pair's
count plus one, against 1 for each common opponent of any pair (the mean)."""

TEMPERATURE = 3.0
"""With ``lift``: the annealing's starting temperature, in units of the potential (one
common opponent of one pair)."""

IntMatrix = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True, order=True)
class UnmetPairs:
    """The indirect meetings of pairs who never meet; a larger value is better."""

    minimum: int
    """The fewest common opponents of such a pair (a large number if there is none)."""
    total: int
    """The sum of their common opponents (with a fixed number of such pairs, the mean)."""


def _meetings(players: int, grouping: Sequence[Sequence[Sequence[int]]]) -> IntMatrix:
    met = np.zeros((players, players), dtype=np.int64)
    for session in grouping:
        for table in session:
            index = [p - 1 for p in table]
            met[np.ix_(index, index)] += 1
    np.fill_diagonal(met, 0)
    return met


def indirect(players: int, grouping: Sequence[Sequence[Sequence[int]]]) -> UnmetPairs:
    """The fewest and the sum of common opponents over pairs who never meet."""
    met = np.minimum(_meetings(players, grouping), 1)
    return _indirect(met, met @ met)


def _indirect(met: IntMatrix, common: IntMatrix) -> UnmetPairs:
    unmet = np.triu(met == 0, k=1)
    values = common[unmet]
    if values.size == 0:
        return UnmetPairs(1 << 20, 0)
    return UnmetPairs(int(values.min()), int(values.sum()))


def eligible(players: int, grouping: Sequence[Sequence[Sequence[int]]]) -> bool:
    """Whether ``grouping`` can be polished: at least two sessions, everyone seated at a
    table of four in every session, and nobody meeting anyone twice."""
    everyone = list(range(1, players + 1))
    if len(grouping) < 2:
        return False
    for session in grouping:
        if any(len(table) != 4 for table in session):
            return False
        if sorted(p for table in session for p in table) != everyone:
            return False
    return int(_meetings(players, grouping).max()) <= 1


class _State:
    """Tables, who met whom (as bitsets and as a matrix), common opponents, visits."""

    def __init__(self, players: int, grouping: Grouping) -> None:
        self.players = players
        self.tables = [[[p - 1 for p in table] for table in session] for session in grouping]
        self.where = [[0] * players for _ in grouping]
        self.visits = [[0] * max(len(s) for s in grouping) for _ in range(players)]
        self.near = [0] * players
        self.masks = [[sum(1 << p for p in table) for table in session] for session in self.tables]
        for s, session in enumerate(self.tables):
            for t, table in enumerate(session):
                for p in table:
                    self.where[s][p] = t
                    self.visits[p][t] += 1
                    for q in table:
                        if q != p:
                            self.near[p] |= 1 << q
        self.met = np.minimum(_meetings(players, grouping), 1)
        # the exchange's vectors u (new minus old table mates) and w (+p, -q), read at
        # the eight players [p, q, p's three mates, q's three mates]
        self.u_index = np.array([0, 0, -1, -1, -1, 1, 1, 1], dtype=np.int64)
        self.w_index = np.array([1, -1, 0, 0, 0, 0, 0, 0], dtype=np.int64)
        self.uu = np.outer(self.u_index, self.u_index)
        self.ww = np.outer(self.w_index, self.w_index)
        self.d_block = np.outer(self.w_index, self.u_index) + np.outer(self.u_index, self.w_index)
        # the same as (w, u) and (u, w) stacked, for the matrix products in delta
        self.wu = np.stack([self.w_index, self.u_index])
        self.uw_columns = np.stack([self.u_index, self.w_index], axis=1)
        self.wu_rows = self.uw_columns.T.copy()
        self.constant_block = 6 * self.ww + 2 * self.uu
        self.half_block = np.full((8, 8), 0.5)
        np.fill_diagonal(self.half_block, 0.0)
        self.weights = np.ones((8, players))
        self.common = self.met @ self.met
        floor = _indirect(self.met, self.common).minimum
        self.phi = _potential(floor, int(self.common.max()) + 8, raise_mean=False)

    def snapshot(self) -> Grouping:
        return tuple(
            tuple(tuple(sorted(p + 1 for p in table)) for table in session)
            for session in self.tables
        )

    def mates(self, s: int, p: int) -> list[int]:
        return [x for x in self.tables[s][self.where[s][p]] if x != p]

    def partners(self, s: int, p: int) -> list[int]:
        """The players ``p`` may swap with in session ``s``: nobody would meet anyone
        twice, and the two players' table revisits would not rise."""
        t1 = self.where[s][p]
        near_p, leave_p = self.near[p], self.masks[s][t1] & ~(1 << p)
        vp = self.visits[p]
        stay = vp[t1] >= 2
        found = []
        for t2, mask in enumerate(self.masks[s]):
            if t2 == t1:
                continue
            clash = near_p & mask
            if clash & (clash - 1):
                continue  # two of that table met p already
            gain_p = (vp[t2] >= 1) - stay
            for q in self.tables[s][t2]:
                if clash and clash != 1 << q:
                    continue
                if self.near[q] & leave_p:
                    continue
                vq = self.visits[q]
                if gain_p + (vq[t1] >= 1) - (vq[t2] >= 2) <= 0:
                    found.append(q)
        return found

    def delta(self, s: int, p: int, q: int) -> tuple[float, list[int], IntMatrix, IntMatrix]:
        """The potential's change, and the new rows of ``met`` and ``common`` for the
        eight players involved, if ``p`` and ``q`` swap."""
        old_p, old_q = self.mates(s, p), self.mates(s, q)
        index = [p, q, *old_p, *old_q]
        at = np.array(index)
        old_met = self.met[at]
        old_common = self.common[at]
        # a = met[p] - met[q] and b = the old mates of q minus those of p, as two rows;
        # common_rows = old_common + u a + w b, and at the eight columns a D + D D too
        ab = self.wu @ old_met
        common_rows = old_common + self.uw_columns @ ab
        common_rows[:, at] += ab[:, at].T @ self.wu_rows + self.constant_block
        met_rows = old_met.copy()
        met_rows[:, at] += self.d_block
        # each pair's share of the potential, a pair of two of the eight seen from both
        # rows at half its weight, and nobody paired with themselves
        weights = self.weights
        weights[:, at] = self.half_block
        before = (old_met == 0) * weights
        after = (met_rows == 0) * weights
        weights[:, at] = 1.0
        phi = self.phi
        change = float((phi[common_rows] * after).sum() - (phi[old_common] * before).sum())
        return change, index, met_rows, common_rows

    def apply(
        self, s: int, p: int, q: int, index: list[int], met_rows: IntMatrix, common_rows: IntMatrix
    ) -> None:
        t1, t2 = self.where[s][p], self.where[s][q]
        old_p, old_q = self.mates(s, p), self.mates(s, q)
        first, second = self.tables[s][t1], self.tables[s][t2]
        first[first.index(p)] = q
        second[second.index(q)] = p
        self.masks[s][t1] += (1 << q) - (1 << p)
        self.masks[s][t2] += (1 << p) - (1 << q)
        self.where[s][p], self.where[s][q] = t2, t1
        self.visits[p][t1] -= 1
        self.visits[p][t2] += 1
        self.visits[q][t2] -= 1
        self.visits[q][t1] += 1
        for x in old_p:
            self.near[x] = self.near[x] & ~(1 << p) | 1 << q
        for x in old_q:
            self.near[x] = self.near[x] & ~(1 << q) | 1 << p
        mask_p, mask_q = sum(1 << x for x in old_p), sum(1 << x for x in old_q)
        self.near[p] = self.near[p] & ~mask_p | mask_q
        self.near[q] = self.near[q] & ~mask_q | mask_p
        self.met[index] = met_rows
        self.met[:, index] = met_rows.T
        self.common[index] = common_rows
        self.common[:, index] = common_rows.T

    def worst_pair(self, rng: random.Random) -> tuple[int, int]:
        unmet = np.triu(self.met == 0, k=1)
        values = np.where(unmet, self.common, 1 << 20)
        rows, cols = np.nonzero(values == values.min())
        pick = rng.randrange(len(rows))
        return int(rows[pick]), int(cols[pick])


def polish(
    players: int, grouping: Grouping, rng: random.Random, steps: int, lift: bool = False
) -> Grouping:
    """``grouping`` (numbered tables, see the module) with more indirect meetings.

    Tries ``steps`` exchanges, half to raise the worst pair, half to raise the mean
    without lowering the worst pair; returns ``grouping`` itself when it cannot be
    polished (:func:`eligible`) or nothing better is found. Table positions are kept,
    so the tables keep their numbers; the players at them change. With ``lift``, the
    search anneals (see the module).
    """
    if steps <= 0 or not eligible(players, grouping):
        return grouping
    found = grouping
    best = indirect(players, grouping)
    for raise_mean in (False, True):
        state = _State(players, found)
        top = int(state.common.max()) + 8
        state.phi = _potential(best.minimum, top, raise_mean, lift)
        temperature = TEMPERATURE if lift else 0.0
        found, best = _search(state, rng, steps // 2, (found, best), not raise_mean, temperature)
    return found


def _potential(
    floor: int, top: int, raise_mean: bool, lift: bool = False
) -> npt.NDArray[np.float64]:
    """A pair's share of the potential for each count of common opponents.

    To raise the worst pair: ``BASE ** (floor - c)``, or with ``lift``
    ``LIFT * max(0, floor + 1 - c) - c``. To raise the mean: ``-c``, and a prohibitive
    cost below ``floor`` (the worst pair never falls).
    """
    counts = np.arange(top + 1, dtype=np.float64)
    if raise_mean:
        return np.where(counts < floor, PROHIBITIVE, -counts)
    if lift:
        return LIFT * np.maximum(0.0, floor + 1 - counts) - counts
    return np.power(BASE, np.clip(floor - counts, -30, 30))


PROHIBITIVE = 1e9


def _search(
    state: _State,
    rng: random.Random,
    steps: int,
    start: tuple[Grouping, UnmetPairs],
    focused: bool,
    temperature: float = 0.0,
) -> tuple[Grouping, UnmetPairs]:
    """Exchanges that do not raise the potential, and at a positive ``temperature``
    (falling to 0 over the steps) some that do; the best plan seen (or ``start``)."""
    found, best = start
    players, sessions = state.players, len(state.tables)
    focus: tuple[int, int] | None = None
    # rng.randrange(n) is inlined (the same draws: getrandbits of n's bit length until
    # one is below n)
    getrandbits = rng.getrandbits
    session_bits, player_bits = sessions.bit_length(), players.bit_length()
    partners_of, delta, apply = state.partners, state.delta, state.apply
    for step in range(steps):
        heat = temperature * (1 - step / steps)
        s = getrandbits(session_bits)
        while s >= sessions:
            s = getrandbits(session_bits)
        if focus is None or step % 2:
            p = getrandbits(player_bits)
            while p >= players:
                p = getrandbits(player_bits)
        else:
            r = getrandbits(2)  # randrange(2) draws two bits
            while r >= 2:
                r = getrandbits(2)
            p = focus[r]
        partners = partners_of(s, p)
        if not partners:
            continue
        n = len(partners)
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        q = partners[r]
        change, index, met_rows, common_rows = delta(s, p, q)
        if change > 1e-9 and not (heat > 0 and rng.random() < math.exp(-change / heat)):
            continue
        apply(s, p, q, index, met_rows, common_rows)
        now = _indirect(state.met, state.common)
        if now > best:
            best, found = now, state.snapshot()
        if focused:
            focus = state.worst_pair(rng)
    return found, best

"""Mixing: one connected field and the most indirect meetings, by choosing sessions.

Two players who never meet can still be compared through the players who met both
(their *common opponents*, or indirect meetings). A repeat-free design often has more
sessions than an event plays (an affine plane of 64 players has 21, a published
solution up to 17, a cyclic design one per shift), and which sessions are kept decides
how well the field mixes: the first five directions of AG(3, 4) lie in one sub-plane
and leave four groups of 16 who never interact.

:func:`choose_sessions` picks ``sessions`` of a design's sessions to maximise, in this
order, connectedness (fewest components), the smallest number of common opponents over
pairs who never meet, and then their mean. The steps:

1. *score* a choice: the meetings matrix is the sum of the chosen sessions' matrices,
   its square counts common opponents (:func:`score`);
2. *start* from the best of a few random choices (and the first sessions);
3. *exchange* one chosen session for one left out while that improves the score, in
   random order, within a budget of scored choices.

Deterministic for a given random generator.

>>> from mjref.seating.affine import affine_groupings
>>> pool = affine_groupings(64)
>>> score(64, pool[:4]).components  # the first four directions span only a plane
4
>>> import random
>>> chosen = choose_sessions(64, pool, 4, random.Random(0))
>>> score(64, chosen).components
1
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from mjref.seating.known import Grouping, Row

Matrix = npt.NDArray[np.float32]

MAX_SCORED = 400
"""Choices scored by :func:`choose_sessions` at most (each is one matrix product)."""

LARGE = 400
"""From this many players on, a choice is scored by its components only (the matrix
product would cost too much per choice)."""


@dataclass(frozen=True, slots=True, order=True)
class MixingScore:
    """How well a choice of sessions mixes; a larger score is better."""

    connected: int
    """Minus the number of components."""
    minimum: int
    """The fewest common opponents of a pair who never meet (a large number if none)."""
    mean: float
    """Their mean, rounded to three decimals."""

    @property
    def components(self) -> int:
        return -self.connected


def session_matrix(players: int, session: Sequence[Row]) -> Matrix:
    """Who meets whom in one session: 1 for two players at one table, else 0."""
    met = np.zeros((players, players), dtype=np.float32)
    for table in session:
        index = [p - 1 for p in table]
        met[np.ix_(index, index)] = 1.0
    np.fill_diagonal(met, 0.0)
    return met


def _components(players: int, sessions: Sequence[Sequence[Row]]) -> int:
    parent = list(range(players + 1))

    def root(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    seated: set[int] = set()
    for session in sessions:
        for table in session:
            seated.update(table)
            first = root(table[0])
            for p in table[1:]:
                parent[root(p)] = first
    return len({root(p) for p in seated})


def _score_matrix(players: int, met: Matrix, components: int) -> MixingScore:
    common = met @ met
    unmet = np.triu(met == 0, k=1)
    values = common[unmet]
    if values.size == 0:
        return MixingScore(-components, players, float(players))
    return MixingScore(
        -components, int(values.min()), round(int(values.astype(np.int64).sum()) / values.size, 3)
    )


def score(players: int, sessions: Sequence[Sequence[Row]]) -> MixingScore:
    """How well ``sessions`` (a repeat-free design's sessions) mix the field."""
    if players >= LARGE:
        return MixingScore(-_components(players, sessions), 0, 0.0)
    met = np.zeros((players, players), dtype=np.float32)
    for session in sessions:
        met += session_matrix(players, session)
    return _score_matrix(players, np.minimum(met, 1.0), _components(players, sessions))


class _Choice:
    """Chosen session indexes, their summed meetings matrix and the score."""

    def __init__(self, players: int, pool: Sequence[Sequence[Row]]) -> None:
        self.players, self.pool = players, pool
        self.matrices = [session_matrix(players, s) for s in pool] if players < LARGE else []
        self.scored = 0

    def summed(self, chosen: Sequence[int]) -> Matrix | None:
        if not self.matrices:
            return None
        return sum((self.matrices[i] for i in chosen), np.zeros_like(self.matrices[0]))

    def evaluate(self, chosen: Sequence[int], met: Matrix | None = None) -> MixingScore:
        self.scored += 1
        components = _components(self.players, [self.pool[i] for i in chosen])
        if met is None:
            met = self.summed(chosen)
        if met is None:
            return MixingScore(-components, 0, 0.0)
        return _score_matrix(self.players, np.minimum(met, 1.0), components)

    def start(self, sessions: int, rng: random.Random, tries: int) -> tuple[list[int], MixingScore]:
        """The best of the first sessions and a few random choices."""
        size = len(self.pool)
        options = [list(range(sessions))]
        options += [sorted(rng.sample(range(size), sessions)) for _ in range(tries)]
        scored = [(self.evaluate(option), option) for option in options]
        best_score, best = max(scored, key=lambda item: item[0])
        return best, best_score

    def exchange(
        self, chosen: list[int], current: MixingScore, rng: random.Random, budget: int
    ) -> list[int]:
        """Swap a chosen session for one left out while the score improves."""
        met = self.summed(chosen)
        improved = True
        while improved and self.scored < budget:
            improved = False
            moves = [
                (a, b) for a in range(len(chosen)) for b in range(len(self.pool)) if b not in chosen
            ]
            rng.shuffle(moves)
            for a, b in moves:
                if self.scored >= budget:
                    break
                trial = None if met is None else met - self.matrices[chosen[a]] + self.matrices[b]
                option = [*chosen[:a], b, *chosen[a + 1 :]]
                found = self.evaluate(option, trial)
                if found > current:
                    chosen, current, met, improved = option, found, trial, True
                    break
        return sorted(chosen)


def ranked_choices(
    players: int, pool: Sequence[Sequence[Row]], sessions: int
) -> list[tuple[int, ...]]:
    """Every choice of ``sessions`` of the sessions in ``pool``, best mixing first (ties
    in the order of their indexes). Scores ``C(len(pool), sessions)`` choices: for
    small pools only."""
    choice = _Choice(players, pool)
    scored = [
        (choice.evaluate(chosen), chosen)
        for chosen in itertools.combinations(range(len(pool)), sessions)
    ]
    scored.sort(key=lambda item: item[0], reverse=True)  # stable: ties keep index order
    return [chosen for _, chosen in scored]


def choose_sessions(
    players: int,
    pool: Sequence[Sequence[Row]],
    sessions: int,
    rng: random.Random,
    budget: int = MAX_SCORED,
    restarts: int = 0,
) -> Grouping:
    """``sessions`` of the sessions in ``pool`` that mix the field best (see the module).

    With ``restarts``, the exchange is run again from that many other random choices,
    each with ``budget`` scored choices of its own, and the best choice is kept. Their
    random numbers come from generators seeded by the size and the restart's number,
    not from ``rng``, so ``rng`` is left as without them.
    """
    if sessions >= len(pool):
        return tuple(tuple(session) for session in pool)
    choice = _Choice(players, pool)
    chosen, current = choice.start(sessions, rng, tries=4)
    chosen = choice.exchange(chosen, current, rng, budget)
    best, best_score = chosen, choice.evaluate(chosen)
    for restart in range(restarts):
        own = random.Random(f"mixing:{players}:{len(pool)}:{sessions}:{restart}")
        choice.scored = 0
        start = sorted(own.sample(range(len(pool)), sessions))
        found = choice.exchange(start, choice.evaluate(start), own, budget)
        found_score = choice.evaluate(found)
        if found_score > best_score:
            best, best_score = found, found_score
    return tuple(tuple(pool[i]) for i in best)


def _labels(players: int, sessions: Sequence[Sequence[Sequence[int]]]) -> list[int]:
    """Each player's component (the root of a union-find over the tables)."""
    parent = list(range(players + 1))

    def root(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for session in sessions:
        for table in session:
            first = root(table[0])
            for p in table[1:]:
                parent[root(p)] = first
    return [root(p) for p in range(players + 1)]


def _repeats_if_swapped(
    pair: tuple[int, int], first: list[int], second: list[int], met: set[tuple[int, int]]
) -> int:
    """Meetings that would repeat if ``a`` (at ``first``) and ``b`` (at ``second``) swapped."""
    a, b = pair
    into_second = sum((min(a, x), max(a, x)) in met for x in second if x != b)
    into_first = sum((min(b, x), max(b, x)) in met for x in first if x != a)
    return into_first + into_second


def connect(players: int, grouping: Grouping) -> Grouping:
    """``grouping`` made one connected field (the hard rule for two sessions or more).

    While the players fall apart into groups that never interact, two tables of one
    session that belong to different groups exchange one player each (the latest such
    session, the exchange that causes the fewest repeated meetings): both tables then
    link the two groups. A design that is connected already is returned unchanged.
    """
    if len(grouping) < 2:
        return grouping
    sessions = [[list(table) for table in session] for session in grouping]
    for _ in range(players):
        labels = _labels(players, sessions)
        if len({labels[p] for s in sessions for t in s for p in t}) <= 1:
            break
        met: set[tuple[int, int]] = set()
        for session in sessions:
            for table in session:
                met.update((a, b) for a in table for b in table if a < b)
        for s in range(len(sessions) - 1, -1, -1):
            tables = sessions[s]
            split = [
                (i, j)
                for i in range(len(tables))
                for j in range(i + 1, len(tables))
                if labels[tables[i][0]] != labels[tables[j][0]]
            ]
            if split:
                break
        i, j = split[0]
        first, second = tables[i], tables[j]
        a, b = min(
            ((a, b) for a in first for b in second),
            key=lambda pair: _repeats_if_swapped(pair, first, second, met),
        )
        first[first.index(a)] = b
        second[second.index(b)] = a
    return tuple(tuple(tuple(sorted(t)) for t in session) for session in sessions)


MIXING_STEPS = 200_000
"""Exchanges tried by :func:`spread_meetings` (most are refused at once: they would
create a repeated meeting)."""


def _triangles_at(p: int, near: list[int]) -> int:
    """Twice the triangles through ``p``: for each neighbour, the neighbours they share."""
    mine = near[p]
    total = 0
    rest = mine
    while rest:
        low = rest & -rest
        total += (near[low.bit_length() - 1] & mine).bit_count()
        rest ^= low
    return total


def spread_meetings(players: int, grouping: Grouping, rng: random.Random, steps: int) -> Grouping:
    """A repeat-free design whose players' opponents overlap less: more indirect meetings.

    For a repeat-free design in which everyone plays every session, each player meets
    ``d = 3 S`` others and the common opponents over all pairs add up to a constant;
    what pairs who meet share is lost to pairs who never meet. Two players who meet
    share their two table mates, and beyond that every *triangle* of three players who
    met each other in three different sessions takes one common opponent from three
    pairs. So the mean of the common opponents of pairs who never meet rises exactly as
    the triangles fall. This local search exchanges two players of one session (never
    creating a repeated meeting) when that removes triangles (or, half the time, keeps
    their number), and keeps the design that mixes best by :func:`score` (the worst
    pair first, then the mean). Any other design is returned unchanged.
    """
    sessions = [[list(t) for t in s] for s in grouping]
    everyone = list(range(1, players + 1))
    if len(sessions) < 2 or any(sorted(p for t in s for p in t) != everyone for s in sessions):
        return grouping
    near = [0] * (players + 1)
    for session in sessions:
        for table in session:
            for a in table:
                for b in table:
                    if a != b:
                        if near[a] >> b & 1:
                            return grouping  # not repeat-free
                        near[a] |= 1 << b
    where = [[0] * (players + 1) for _ in sessions]
    for s, session in enumerate(sessions):
        for t, table in enumerate(session):
            for p in table:
                where[s][p] = t
    best_score = score(players, grouping)
    best = grouping
    accepted = 0
    # rng.randrange is inlined (the same draws: getrandbits of the range's bit length
    # until one is inside it)
    getrandbits = rng.getrandbits
    session_count, session_bits = len(sessions), len(sessions).bit_length()
    player_bits = players.bit_length()
    for _ in range(steps):
        s = getrandbits(session_bits)
        while s >= session_count:
            s = getrandbits(session_bits)
        p = getrandbits(player_bits)
        while p >= players:
            p = getrandbits(player_bits)
        q = getrandbits(player_bits)
        while q >= players:
            q = getrandbits(player_bits)
        p += 1
        q += 1
        a_t, b_t = where[s][p], where[s][q]
        if a_t == b_t:
            continue
        first, second = sessions[s][a_t], sessions[s][b_t]
        leave_p = leave_q = 0
        for x in first:
            if x != p:
                leave_p |= 1 << x
        for x in second:
            if x != q:
                leave_q |= 1 << x
        if (near[p] & leave_q) or (near[q] & leave_p):
            continue  # someone p (or q) would join has met them in another session
        before = _triangles_at(p, near) + _triangles_at(q, near)
        _rewire(near, p, leave_p, leave_q)
        _rewire(near, q, leave_q, leave_p)
        after = _triangles_at(p, near) + _triangles_at(q, near)
        if after > before or (after == before and rng.random() < 0.5):
            _rewire(near, p, leave_q, leave_p)
            _rewire(near, q, leave_p, leave_q)
            continue
        first[first.index(p)] = q
        second[second.index(q)] = p
        where[s][p], where[s][q] = b_t, a_t
        accepted += 1
        if accepted % 100 == 0:
            current = tuple(tuple(tuple(t) for t in session) for session in sessions)
            found = score(players, current)
            if found > best_score:
                best_score, best = found, current
    current = tuple(tuple(tuple(t) for t in session) for session in sessions)
    if score(players, current) > best_score:
        best = current
    return tuple(tuple(tuple(sorted(t)) for t in session) for session in best)


def _rewire(near: list[int], p: int, old: int, new: int) -> None:
    """Player ``p`` leaves the players in bitset ``old`` for those in ``new``."""
    near[p] = (near[p] & ~old) | new
    rest = old
    while rest:
        low = rest & -rest
        near[low.bit_length() - 1] &= ~(1 << p)
        rest ^= low
    rest = new
    while rest:
        low = rest & -rest
        near[low.bit_length() - 1] |= 1 << p
        rest ^= low

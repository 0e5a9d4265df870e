"""Table numbers without any revisit, found exactly (an exact cover), or proved impossible.

:mod:`mjref.seating.tables` numbers tables by a heuristic. When it leaves a revisit
where none is forced (every session full, no more sessions than tables), this module
searches for a numbering without any revisit:

* the tables that get one number, one per session, must share no player: call such a
  choice of tables a *transversal*;
* a numbering without revisits is a partition of all the tables into transversals,
  one per number: an exact cover, which Knuth's Algorithm X solves by backtracking on
  the table with the fewest transversals left.

The numbers are interchangeable, so the first session keeps its order (or, when
sessions are already played, each number keeps the tables it had in them). The
search is bounded by step counts, never by time, and says which of three things it
found: a numbering, a proof that none exists, or neither within its budget.

When the whole plan is too large to settle at once, :func:`repair_exactly` starts from
a numbering with a few revisits and renumbers a few sessions at a time exactly, the
others kept (a large-neighbourhood search), until no revisit is left or its budget is
spent.

>>> first = ((1, 2, 3, 4), (5, 6, 7, 8))
>>> found = number_exactly((first, first))
>>> found.sessions
(((1, 2, 3, 4), (5, 6, 7, 8)), ((5, 6, 7, 8), (1, 2, 3, 4)))
>>> number_exactly((first, first, first)).impossible  # three sessions, two tables
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjref.seating.known import Row

Numbered = tuple[tuple[Row, ...], ...]

STEPS = 2_000_000
"""Steps of one search at most, unless the caller gives a budget. Listing transversals
costs one step per session still open for each table tried; the cover costs one step
per node and one per transversal it strikes off."""

TRANSVERSAL_LIMIT = 50_000
"""Transversals at most; beyond, the cover is not attempted."""


class Budget:
    """Steps left to one search or to several in turn (see :data:`STEPS`)."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, steps: int) -> bool:
        """Take ``steps`` from what is left; False once it is exhausted."""
        self.left -= steps
        return self.left >= 0


@dataclass(frozen=True)
class ExactNumbering:
    """What the exact search found."""

    sessions: Numbered | None
    """The sessions renumbered without any revisit, if found."""
    impossible: bool
    """Whether it proved that no numbering without revisits exists."""


UNKNOWN = ExactNumbering(None, impossible=False)
IMPOSSIBLE = ExactNumbering(None, impossible=True)


def _mask(table: Row) -> int:
    bits = 0
    for p in table:
        bits |= 1 << p
    return bits


def _anchors(sessions: Sequence[Sequence[Row]], kept: Sequence[int]) -> list[int] | None:
    """Per number, the players the kept sessions seat at it (``None`` if they revisit)."""
    anchors = [0] * len(sessions[0])
    for s in kept:
        for t, table in enumerate(sessions[s]):
            bits = _mask(table)
            if anchors[t] & bits:
                return None
            anchors[t] |= bits
    return anchors


def _transversals(
    anchors: list[int], free: list[list[int]], budget: Budget
) -> list[tuple[int, ...]] | None:
    """Every transversal as (number, table of each free session), ``None`` past the bounds.

    Forward checking: the session with the fewest tables still open comes next, and a
    branch stops as soon as some session has none.
    """
    found: list[tuple[int, ...]] = []
    chosen = [0] * (len(free) + 1)  # the number, then a table of each free session

    def extend(open_tables: dict[int, list[int]], used: int) -> bool:
        if not open_tables:
            found.append(tuple(chosen))
            return len(found) <= TRANSVERSAL_LIMIT
        # the session with the fewest open tables, the lowest first among equals (the
        # keys are always in increasing order: narrowing keeps the order it is given)
        level, fewest = -1, 0
        for k, tables in open_tables.items():
            if level < 0 or len(tables) < fewest:
                level, fewest = k, len(tables)
        masks = free[level]
        others = [(k, tables, free[k]) for k, tables in open_tables.items() if k != level]
        steps = len(open_tables)
        for t in open_tables[level]:
            if not budget.spend(steps):
                return False
            now = used | masks[t]
            narrowed: dict[int, list[int]] = {}
            for k, tables, bits in others:
                left = [u for u in tables if not now & bits[u]]
                if not left:
                    break
                narrowed[k] = left
            else:
                chosen[level + 1] = t
                if not extend(narrowed, now):
                    return False
        return True

    for number, used in enumerate(anchors):
        chosen[0] = number
        start = {
            k: [t for t, bits in enumerate(session) if not used & bits]
            for k, session in enumerate(free)
        }
        if all(start.values()) and not extend(start, used):
            return None
    return found


class _Cover:
    """Algorithm X over items ``0 .. width - 1`` (numbers) and the free sessions' tables."""

    def __init__(self, width: int, options: list[tuple[int, ...]], budget: Budget) -> None:
        self.budget = budget
        # An option covers its number and, for free session k, the item width * (k + 1) + t.
        self.options = [
            (option[0], *(width * (k + 1) + t for k, t in enumerate(option[1:])))
            for option in options
        ]
        items = width * len(options[0]) if options else width
        self.containing: list[list[int]] = [[] for _ in range(items)]
        for index, option in enumerate(self.options):
            for item in option:
                self.containing[item].append(index)
        self.live = [len(found) for found in self.containing]
        self.alive = [True] * len(self.options)
        self.uncovered = set(range(items))
        self.chosen: list[int] = []

    def _take(self, index: int) -> list[int]:
        removed: list[int] = []
        for item in self.options[index]:
            self.uncovered.discard(item)
            for other in self.containing[item]:
                if self.alive[other]:
                    self.alive[other] = False
                    removed.append(other)
                    for covered in self.options[other]:
                        self.live[covered] -= 1
        self.budget.spend(len(removed))
        return removed

    def _give_back(self, index: int, removed: list[int]) -> None:
        for other in removed:
            self.alive[other] = True
            for covered in self.options[other]:
                self.live[covered] += 1
        self.uncovered.update(self.options[index])

    def solve(self) -> bool | None:
        """True when covered, False when proved impossible, None out of steps."""
        if not self.budget.spend(1):
            return None
        if not self.uncovered:
            return True
        item = min(self.uncovered, key=lambda i: (self.live[i], i))
        for index in [i for i in self.containing[item] if self.alive[i]]:
            removed = self._take(index)
            self.chosen.append(index)
            found = self.solve()
            if found:
                return True
            self.chosen.pop()
            self._give_back(index, removed)
            if found is None:
                return None
        return False


def _renumber(
    sessions: Sequence[Sequence[Row]], moved: Sequence[int], budget: Budget
) -> ExactNumbering:
    """Renumber the sessions ``moved`` (indexes, increasing), the others kept as numbered."""
    moved_set = set(moved)
    anchors = _anchors(sessions, [s for s in range(len(sessions)) if s not in moved_set])
    if anchors is None:
        return IMPOSSIBLE
    free = [[_mask(table) for table in sessions[s]] for s in moved]
    options = _transversals(anchors, free, budget)
    if options is None:
        return UNKNOWN
    if not options:
        return IMPOSSIBLE
    cover = _Cover(len(anchors), options, budget)
    found = cover.solve()
    if found is None:
        return UNKNOWN
    if not found:
        return IMPOSSIBLE
    renumbered = [list(session) for session in sessions]
    for index in cover.chosen:
        number, *tables = options[index]
        for s, t in zip(moved, tables, strict=True):
            renumbered[s][number] = sessions[s][t]
    return ExactNumbering(tuple(tuple(s) for s in renumbered), impossible=False)


def _uniform(sessions: Sequence[Sequence[Row]]) -> bool:
    """Whether there are sessions and every one has the same number of tables."""
    return bool(sessions) and all(len(s) == len(sessions[0]) for s in sessions)


def number_exactly(
    sessions: Sequence[Sequence[Row]], fixed: int = 0, budget: Budget | None = None
) -> ExactNumbering:
    """Renumber sessions ``max(fixed, 1) ..`` so that nobody sits at a number twice.

    Only for sessions of equal width; more sessions than tables is impossible at once.
    ``budget`` (by default :data:`STEPS`) is spent by the search, and may be shared
    by several searches in turn.
    """
    if not sessions:
        return ExactNumbering((), impossible=False)
    if not _uniform(sessions):
        return UNKNOWN
    if len(sessions) > len(sessions[0]):
        return IMPOSSIBLE
    moved = list(range(max(fixed, 1), len(sessions)))
    if not moved:
        found = _anchors(sessions, range(len(sessions))) is not None
        return (
            ExactNumbering(tuple(tuple(s) for s in sessions), impossible=False)
            if found
            else IMPOSSIBLE
        )
    return _renumber(sessions, moved, Budget(STEPS) if budget is None else budget)


NEIGHBOURHOOD = 4
"""Sessions renumbered together by one step of :func:`repair_exactly`."""


def _clashes(sessions: Sequence[Sequence[Row]]) -> list[tuple[int, int]]:
    """Pairs of sessions (earlier, later) in which someone sits at the same number."""
    seen: dict[tuple[int, int], int] = {}
    pairs: set[tuple[int, int]] = set()
    for s, session in enumerate(sessions):
        for t, table in enumerate(session):
            for p in table:
                if (p, t) in seen:
                    pairs.add((seen[(p, t)], s))
                seen[(p, t)] = s
    return sorted(pairs)


def repair_exactly(
    sessions: Sequence[Sequence[Row]], fixed: int, rng: random.Random, budget: Budget
) -> Numbered | None:
    """A numbering without revisits near ``sessions``, or ``None`` within ``budget``.

    A large-neighbourhood search: each step keeps all sessions but a few as they are
    numbered and renumbers those few exactly. The few hold a session of every pair
    that clashes (someone at the same number in both), chosen at random among the
    sessions after ``fixed``, and more at random up to :data:`NEIGHBOURHOOD`.
    """
    if not _uniform(sessions) or len(sessions) > len(sessions[0]):
        return None
    movable = list(range(fixed, len(sessions)))
    clashes = _clashes(sessions)
    if not clashes:
        return tuple(tuple(s) for s in sessions)
    while budget.spend(NEIGHBOURHOOD):
        moved: set[int] = set()
        for pair in clashes:
            if moved.isdisjoint(pair):
                choices = [s for s in pair if s >= fixed]
                if not choices:
                    return None  # played sessions clash: no numbering can help
                moved.add(rng.choice(choices))
        others = [s for s in movable if s not in moved]
        rng.shuffle(others)
        moved.update(others[: max(0, NEIGHBOURHOOD - len(moved))])
        found = _renumber(sessions, sorted(moved), budget)
        if found.sessions is not None:
            return found.sessions
        if found.impossible and len(moved) == len(movable):
            return None
    return None

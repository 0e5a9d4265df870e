"""Seat winds: each player in each seat as often as the others, give or take one.

Think of a bipartite multigraph with an edge from every player to every table
they sit at. Giving each edge one of four seats so that every table gets each
seat once and every player gets each seat ``d // 4`` or ``d // 4 + 1`` times
(``d`` = the player's sessions) is an *equitable edge colouring*, which bipartite
graphs always have (de Werra, 1971). With four colours it is found by splitting
twice: an Euler circuit of a graph whose degrees are all even, coloured
alternately, splits every vertex's edges into two equal halves (a bipartite
graph's circuits have even length). Odd-degree players are first joined to one
extra vertex on the table side, so every degree is even; tables have degree 4,
then 2, so each gets one edge of each final colour.

>>> seated = assign_winds(((((1, 2, 3, 4), (5, 6, 7, 8)),) * 4), seed=0)
>>> sorted(table[0] for session in seated for table in session)  # East once each
[1, 2, 3, 4, 5, 6, 7, 8]

:func:`assign_winds_by_blocks` seats blocks of four sessions separately, so the
winds are also balanced part-way through an event. When earlier sessions are
fixed (re-seating, Swiss), :func:`seat_with_history` chooses each table's seat
order to even out the counts so far instead.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence

from mjref.seating.known import Grouping, Row
from mjref.seating.schedule import TABLE_SIZE


def _halve(edges: Sequence[tuple[int, int]], side: int, rng: random.Random) -> list[int]:
    """Label each edge 0 or 1 so every vertex has equally many of each, give or take one.

    Vertices ``< side`` are players, the others tables; ``edges`` are (player, table).
    """
    degree: dict[int, int] = {}
    for u, v in edges:
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    dummy = -1  # a vertex on the table side, joined to each odd-degree player
    all_edges = list(edges) + [(u, dummy) for u in sorted(degree) if u < side and degree[u] % 2]
    adjacency: dict[int, list[int]] = {}
    for e, (u, v) in enumerate(all_edges):
        adjacency.setdefault(u, []).append(e)
        adjacency.setdefault(v, []).append(e)
    for incident in adjacency.values():
        rng.shuffle(incident)
    used = [False] * len(all_edges)
    label = [0] * len(all_edges)
    pointer = dict.fromkeys(adjacency, 0)
    for start in sorted(adjacency):
        circuit: list[int] = []
        stack: list[tuple[int, int]] = [(start, -1)]
        while stack:
            vertex, arrived_by = stack[-1]
            incident = adjacency[vertex]
            i = pointer[vertex]
            while i < len(incident) and used[incident[i]]:
                i += 1
            pointer[vertex] = i
            if i < len(incident):
                e = incident[i]
                used[e] = True
                u, v = all_edges[e]
                stack.append((v if u == vertex else u, e))
            else:
                stack.pop()
                if arrived_by >= 0:
                    circuit.append(arrived_by)
        for position, e in enumerate(circuit):
            label[e] = position % 2
    return label[: len(edges)]


def assign_winds(grouping: Grouping, seed: int = 0) -> tuple[tuple[Row, ...], ...]:
    """Seat order (East, South, West, North) for every table of ``grouping``.

    Every player gets each seat ``d // 4`` or ``d // 4 + 1`` times, so the wind
    spread is at most 1 (0 when every player plays a multiple of four sessions).
    """
    rng = random.Random(seed)
    tables = [table for session in grouping for table in session]
    side = 1 + max((p for table in tables for p in table), default=0)
    edges = [(p, side + t) for t, table in enumerate(tables) for p in table]
    first = _halve(edges, side, rng)
    seat = [0] * len(edges)
    for half in (0, 1):
        chosen = [e for e in range(len(edges)) if first[e] == half]
        second = _halve([edges[e] for e in chosen], side, rng)
        for e, bit in zip(chosen, second, strict=True):
            seat[e] = 2 * half + bit
    seated: list[list[int]] = [[0] * TABLE_SIZE for _ in tables]
    for e, (p, t) in enumerate(edges):
        seated[t - side][seat[e]] = p
    result: list[tuple[Row, ...]] = []
    index = 0
    for session in grouping:
        result.append(tuple(tuple(seated[index + t]) for t in range(len(session))))
        index += len(session)
    return tuple(result)


def assign_winds_by_blocks(grouping: Grouping, seed: int = 0) -> tuple[tuple[Row, ...], ...]:
    """Seat orders such that every four consecutive sessions give each seat once.

    Sessions 1-4, 5-8, ... are seated as separate blocks: when every player plays
    every session of a block, the block's graph is 4-regular and the colouring gives
    each player each seat exactly once, so the wind spread is at most 1 after *any*
    number of sessions (a player who drops out mid-event has balanced winds too).
    With byes that can fail over the whole event; then the whole schedule is seated
    at once (:func:`assign_winds`), which keeps the final spread at most 1.
    """
    blocks: list[tuple[Row, ...]] = []
    for start in range(0, len(grouping), TABLE_SIZE):
        blocks.extend(assign_winds(grouping[start : start + TABLE_SIZE], seed + start))
    counts: dict[int, list[int]] = {}
    for session in blocks:
        for table in session:
            for seat, p in enumerate(table):
                counts.setdefault(p, [0, 0, 0, 0])[seat] += 1
    if all(max(c) - min(c) <= 1 for c in counts.values()):
        return tuple(blocks)
    return assign_winds(grouping, seed)


def wind_spread_of(counts: Iterable[Sequence[int]]) -> int:
    """The largest ``max - min`` of the given seat counts (0 for none)."""
    return max((max(c) - min(c) for c in counts), default=0)


_ORDERS = tuple(itertools.permutations(range(TABLE_SIZE)))


def seat_with_history(
    tables: Sequence[Row],
    counts: Mapping[int, Sequence[int]],
    keep: Iterable[int] = (),
    reorder: bool = True,
) -> tuple[Row, ...]:
    """Seat orders for ``tables`` (one session each, or several) given seat counts so far.

    ``counts[p]`` is how often player ``p`` sat East, South, West, North already;
    tables in ``keep`` (indices into ``tables``) stay as they are. First each other
    table in turn gets the order that most evens out the counts (least sum of
    ``4 ** count``, so the largest counts weigh most), until nothing improves; a
    table keeps its order unless another is strictly better. Then, while some
    player's seats differ by two or more, an alternating chain fixes it: the player
    gives a seat they have too often (``a``) for one they lack (``b``) at a table
    where someone else holds ``b``; that player takes ``a`` and, if that unbalances
    them, gives ``a`` up at another table, and so on (the Kempe chains of edge
    colouring). Every player on the chain but the two ends keeps the same counts.
    With ``reorder`` false only the chains run (the fewest seat orders change).
    """
    kept = set(keep)
    totals = {p: list(counts.get(p, (0, 0, 0, 0))) for table in tables for p in table}
    seated = [list(table) for table in tables]
    for table in seated:
        for seat, p in enumerate(table):
            totals[p][seat] += 1

    def cost(table: Sequence[int]) -> int:
        return sum(4 ** totals[p][seat] for seat, p in enumerate(table))

    for _ in range(20 if reorder else 0):
        changed = False
        for t, table in enumerate(seated):
            if t in kept:
                continue
            for seat, p in enumerate(table):
                totals[p][seat] -= 1
            best = table
            for order in _ORDERS:
                candidate = [table[i] for i in order]
                if cost(candidate) < cost(best):
                    best = candidate
            if best != table:
                changed = True
                seated[t] = best
            for seat, p in enumerate(seated[t]):
                totals[p][seat] += 1
        if not changed:
            break
    _balance_by_chains(seated, totals, [t for t in range(len(seated)) if t not in kept])
    return tuple(tuple(table) for table in seated)


def _balance_by_chains(
    seated: list[list[int]], totals: dict[int, list[int]], free: Sequence[int]
) -> None:
    """Alternating chains (see :func:`seat_with_history`) until no player can be helped."""
    holds: dict[int, list[int]] = {}
    for t in free:
        for p in seated[t]:
            holds.setdefault(p, []).append(t)
    for _ in range(4 * len(totals)):
        unbalanced = [p for p in sorted(holds) if max(totals[p]) - min(totals[p]) >= 2]
        fixed_one = False
        for start in unbalanced:
            c = totals[start]
            a, b = c.index(max(c)), c.index(min(c))
            chain = _find_chain(seated, totals, holds, start, a, b)
            if chain is None:
                continue
            for t in chain:  # swap the holders of seats a and b at each table
                table = seated[t]
                x, y = table[a], table[b]
                table[a], table[b] = y, x
                totals[x][a] -= 1
                totals[x][b] += 1
                totals[y][b] -= 1
                totals[y][a] += 1
            fixed_one = True
            break
        if not fixed_one:
            return


def _find_chain(
    seated: list[list[int]],
    totals: dict[int, list[int]],
    holds: dict[int, list[int]],
    start: int,
    a: int,
    b: int,
) -> list[int] | None:
    """Tables of a shortest chain from ``start`` giving up seat ``a`` for seat ``b``."""
    came_from: dict[int, tuple[int, int] | None] = {start: None}
    frontier = [start]
    used: set[int] = set()
    while frontier:
        following = []
        for player in frontier:
            for t in holds.get(player, ()):
                if t in used or seated[t][a] != player:
                    continue
                other = seated[t][b]
                if other in came_from:
                    continue
                used.add(t)
                came_from[other] = (player, t)
                if totals[other][a] < totals[other][b]:
                    chain = []
                    step = came_from[other]
                    while step is not None:
                        previous, table = step
                        chain.append(table)
                        step = came_from[previous]
                    return chain
                following.append(other)
        frontier = following
    return None

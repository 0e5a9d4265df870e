"""Affine geometry over the field of four elements: repeat-free for 4**k players.

The points of AG(k, 4) are the 4**k vectors over GF(4); a line is a point plus
all multiples of a direction, so it has four points, and the lines with one
direction partition the points (one session). Two points lie on exactly one line,
so the (4**k - 1) / 3 directions give that many sessions in which every pair
meets exactly once: 5 sessions for 16 players, 21 for 64, 85 for 256.

>>> g = affine_groupings(16)
>>> len(g), len(g[0]), g[0][0]
(5, 4, (1, 2, 3, 4))
"""

from __future__ import annotations

from mjref.seating.known import Grouping

# GF(4) = {0, 1, w, w+1} coded 0, 1, 2, 3: addition is XOR, multiplication by table.
_MUL = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)


def affine_dimension(players: int) -> int | None:
    """``k`` when ``players`` is 4**k with k >= 1, else ``None``."""
    k, size = 0, 1
    while size < players:
        size *= 4
        k += 1
    return k if size == players and k >= 1 else None


def affine_groupings(players: int) -> Grouping:
    """All parallel classes of AG(k, 4) for ``players`` = 4**k (players numbered from 1)."""
    k = affine_dimension(players)
    if k is None:
        raise ValueError(f"{players} is not a power of 4")

    def digits(index: int) -> tuple[int, ...]:
        return tuple(index >> (2 * i) & 3 for i in range(k))

    def number(vector: tuple[int, ...]) -> int:
        return sum(c << (2 * i) for i, c in enumerate(vector))

    directions = []
    for index in range(1, players):
        vector = digits(index)
        leading = next(c for c in reversed(vector) if c)
        if leading == 1:  # one representative per direction
            directions.append(vector)
    sessions = []
    for direction in directions:
        covered = [False] * players
        tables = []
        for start in range(players):
            if covered[start]:
                continue
            point = digits(start)
            line = []
            for t in range(4):
                member = number(
                    tuple(p ^ _MUL[t][d] for p, d in zip(point, direction, strict=True))
                )
                covered[member] = True
                line.append(member + 1)
            tables.append(tuple(sorted(line)))
        sessions.append(tuple(tables))
    return tuple(sessions)

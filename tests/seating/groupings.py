"""Random groupings (sessions of tables of four, without seat order) for the tests."""

from __future__ import annotations

import random

Grouping = tuple[tuple[tuple[int, ...], ...], ...]


def random_grouping(players: int, sessions: int, seed: int) -> Grouping:
    """``sessions`` sessions of ``players`` (a multiple of four) seated at random."""
    rng = random.Random(seed)
    result = []
    for _ in range(sessions):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        result.append(tuple(tuple(sorted(order[i : i + 4])) for i in range(0, players, 4)))
    return tuple(result)

"""Byes: when the players do not fill tables of four, some sit out each session.

With ``n = 4 * t + r`` players (``r`` = 1, 2 or 3), ``r`` players sit out each
session. The schedule is made from a design for ``n + 4 - r`` players in which
``4 - r`` numbers are ghosts; the real players at a ghost's table sit out.

* First choice: a cyclic design (:mod:`mjref.seating.cyclic`) in which the
  ghosts are fixed players sharing one table of the base session; the ``r``
  players with them rotate through the orbits, so nobody sits out twice while
  the design lasts and the seated players never meet twice.
* Otherwise, any design: each session the table of the first ghost is
  dissolved, its real players fill the other ghosts' seats and the rest (exactly
  ``r``) sit out. In a repeat-free design the first ghost meets each player at
  most once, so nobody sits out twice; moving into a ghost's seat can make a
  repeated meeting, which local search then removes where it can (byes stay
  fixed).

>>> g = generate_with_byes(22, 4, seed=0)
>>> [len(g.schedule.byes(s)) for s in range(4)]
[2, 2, 2, 2]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from mjref.messages import Message
from mjref.seating import cyclic
from mjref.seating.constraints import ApartGroup, check_groups, place_apart
from mjref.seating.generate import (
    CYCLIC_BUDGET,
    Generated,
    Method,
    check_size,
    design,
    finish,
    local_steps,
    renumber,
)
from mjref.seating.improve import improve
from mjref.seating.known import Grouping
from mjref.seating.limits import repeat_free_limit
from mjref.seating.schedule import TABLE_SIZE


def _dissolve(grouping: Grouping, players: int) -> Grouping:
    """Remove the ghosts ``players + 1 ..`` from each session as described above."""
    ghost = players + 1
    meet: dict[tuple[int, int], int] = {}
    byes = [0] * (players + 1)
    result = []
    for session in grouping:
        dissolved = next(t for t in session if ghost in t)
        stay = [list(t) for t in session if t is not dissolved]
        seats = [(i, j) for i, t in enumerate(stay) for j, p in enumerate(t) if p > players]
        real = [p for p in dissolved if p <= players]
        best: tuple[tuple[int, int], tuple[int, ...]] | None = None
        for movers in itertools.permutations(real, len(seats)):
            out = [p for p in real if p not in movers]
            met = sum(
                meet.get((min(m, q), max(m, q)), 0)
                for m, (i, _) in zip(movers, seats, strict=True)
                for q in stay[i]
                if q <= players
            )
            score = (sum(byes[p] for p in out), met)
            if best is None or score < best[0]:
                best = (score, movers)
        assert best is not None
        for mover, (i, j) in zip(best[1], seats, strict=True):
            stay[i][j] = mover
        for p in real:
            if p not in best[1]:
                byes[p] += 1
        for table in stay:
            for a, b in itertools.combinations(sorted(table), 2):
                meet[a, b] = meet.get((a, b), 0) + 1
        result.append(tuple(tuple(sorted(t)) for t in stay))
    return tuple(result)


def _cyclic_with_ghosts(
    players: int, sessions: int, rng: random.Random, effort: float
) -> tuple[Grouping, Method] | None:
    """A repeat-free cyclic design whose ghosts share a table, renumbered, if found."""
    ghosts = TABLE_SIZE - players % TABLE_SIZE
    padded = players + ghosts
    if ghosts == 1 or padded < 16 or sessions > repeat_free_limit(padded):
        return None  # one ghost needs no search: its table simply sits out
    for structure in cyclic.structures(padded, sessions, ghosts)[:2]:
        steps = max(50, int(CYCLIC_BUDGET * effort) // (16 * padded))
        base = cyclic.search_base(structure, rng, steps, ghosts=ghosts)
        if base.conflicts:
            continue
        grouping = cyclic.develop(structure, base.tables, sessions)
        first = structure.modulus * structure.orbits + 1
        numbering = list(range(1, players + 1))
        rng.shuffle(numbering)
        numbering[first - 1 : first - 1] = range(players + 1, padded + 1)
        renamed = tuple(
            tuple(tuple(sorted(numbering[p - 1] for p in table)) for table in session)
            for session in grouping
        )
        name = Message(
            "seating.method.cyclic-ghosts",
            {
                "orbits": structure.orbits,
                "modulus": structure.modulus,
                "fixed": structure.fixed,
                "ghosts": ghosts,
            },
        )
        return renamed, (name,)
    return None


def generate_with_byes(
    players: int,
    sessions: int,
    seed: int = 0,
    effort: float = 1.0,
    groups: Sequence[ApartGroup] = (),
) -> Generated:
    """A schedule in which ``players % 4`` players sit out each session."""
    check_size(players, sessions)
    check_groups(groups, players)
    spare = players % TABLE_SIZE
    if spare == 0:
        raise ValueError("no byes are needed for a multiple of four")
    padded = players + TABLE_SIZE - spare
    rng = random.Random(seed)
    ghosted = _cyclic_with_ghosts(players, sessions, rng, effort)
    if ghosted is not None:
        grouping, method = ghosted
    else:
        grouping, method = design(padded, sessions, rng, effort)
        grouping = renumber(grouping, padded, rng)
    grouping = _dissolve(grouping, players)
    steps = local_steps(players, sessions, effort)
    if groups:
        grouping = place_apart(grouping, players, groups, rng, steps)
    else:
        found = improve(players, grouping, rng=rng, max_iterations=steps)
        grouping = tuple(tuple(tuple(sorted(t)) for t in session) for session in found.sessions)
    ghost_players = Message("seating.method.ghost-players", {"count": TABLE_SIZE - spare})
    byes = Message("seating.method.byes", {"count": spare, "ghosts": ghost_players})
    method = (*method, byes)
    return Generated(finish(players, grouping, seed), method)

"""Keeping groups apart (same club, country or team) and reporting what is unmet.

Two steps, cheapest first:

1. *Renumbering.* A schedule's meetings do not depend on which person gets which
   number, so the design's numbers are first assigned to people such that members
   of a group sit on numbers that never meet: a min-conflicts search over swaps of
   two people's numbers (this keeps a repeat-free design repeat-free).
2. *Local search.* If some group members still meet, the whole-schedule local
   search (:mod:`mjref.seating.improve`) moves players with a cost of
   :data:`APART_WEIGHT` per meeting of two group members on top of the cost of
   repeated meetings, so keeping groups apart comes first but a group meeting is
   not bought with many repeats.

Whatever cannot be met is reported by :func:`unmet` (the checker for groups).

>>> groups = (ApartGroup("club", (1, 2)),)
>>> grouping = (((1, 2, 3, 4), (5, 6, 7, 8)),)
>>> unmet_in(grouping, groups)[0].players
(1, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjref.messages import Message
from mjref.players import PlayerId
from mjref.seating.errors import SeatingError
from mjref.seating.improve import improve
from mjref.seating.known import Grouping

APART_WEIGHT = 4
"""Cost of one meeting of two members of a group, against 1 for a pair's second meeting."""

MAX_APART_PAIRS = 100_000
"""The most pairs of players the groups may ask to keep apart, in all."""


@dataclass(frozen=True, slots=True)
class ApartGroup:
    """Players to keep apart: no two of them should share a table."""

    name: str
    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class Unmet:
    """Two members of a group at one table."""

    group: str
    players: tuple[PlayerId, PlayerId]
    session: int
    """The session's position in the schedule, from 0."""
    table: int
    """The table's position in the session, from 0."""


def check_groups(groups: Sequence[ApartGroup], players: int) -> None:
    """Every member is a player of the schedule and listed once per group."""
    for group in groups:
        where = Message("seating.where.group", {"group": group.name})
        seen: set[int] = set()
        for player in group.players:
            if not 1 <= player <= players:
                raise SeatingError.of(
                    "seating.unknown-player",
                    where=where,
                    player=player,
                    players=players,
                )
            if player in seen:
                raise SeatingError.of("seating.player-listed-twice", where=where, player=player)
            seen.add(player)


def apart_pairs(groups: Sequence[ApartGroup]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """Every pair of players who share a group, ``(a, b)`` with a < b, once."""
    pairs = {
        (min(a, b), max(a, b))
        for group in groups
        for i, a in enumerate(group.players)
        for b in group.players[i + 1 :]
    }
    return tuple(sorted(pairs))


def unmet_in(
    sessions: Sequence[Sequence[Sequence[int]]], groups: Sequence[ApartGroup]
) -> tuple[Unmet, ...]:
    """Every place where two members of a group share a table (once per group)."""
    by_pair: dict[tuple[int, int], list[str]] = {}
    for group in groups:
        for i, a in enumerate(group.players):
            for b in group.players[i + 1 :]:
                by_pair.setdefault((min(a, b), max(a, b)), []).append(group.name)
    found = []
    for s, session in enumerate(sessions):
        for t, table in enumerate(session):
            for i, x in enumerate(table):
                for y in table[i + 1 :]:
                    pair = (PlayerId(min(x, y)), PlayerId(max(x, y)))
                    for name in by_pair.get(pair, ()):
                        found.append(Unmet(name, pair, s, t))
    order = {group.name: g for g, group in reversed(list(enumerate(groups)))}
    found.sort(key=lambda u: (u.session, u.table, order[u.group], u.players))
    return tuple(found)


def _renumber(
    grouping: Grouping,
    players: int,
    pairs: Sequence[tuple[int, int]],
    rng: random.Random,
    steps: int,
) -> list[int]:
    """``number[person]``: the design number given to each person (both 1-based)."""
    meet = [[0] * (players + 1) for _ in range(players + 1)]
    for session in grouping:
        for table in session:
            for a in table:
                for b in table:
                    if a != b:
                        meet[a][b] += 1
    mates: list[list[int]] = [[] for _ in range(players + 1)]
    for a, b in pairs:
        mates[a].append(b)
        mates[b].append(a)
    number = list(range(players + 1))
    order = number[1:]
    rng.shuffle(order)
    number[1:] = order

    def clashes() -> list[tuple[int, int]]:
        return [(a, b) for a, b in pairs if meet[number[a]][number[b]]]

    for _ in range(steps):
        bad = clashes()
        if not bad:
            break
        x = bad[rng.randrange(len(bad))][rng.randrange(2)]
        if rng.random() < 0.1:
            y = rng.randrange(1, players + 1)
        else:
            best, choices = None, []
            for y in range(1, players + 1):
                if y == x:
                    continue
                nx, ny = number[x], number[y]
                delta = 0
                for z in mates[x]:
                    if z != y:
                        delta += meet[ny][number[z]] - meet[nx][number[z]]
                for z in mates[y]:
                    if z != x:
                        delta += meet[nx][number[z]] - meet[ny][number[z]]
                if best is None or delta < best:
                    best, choices = delta, [y]
                elif delta == best:
                    choices.append(y)
            y = choices[rng.randrange(len(choices))]
        number[x], number[y] = number[y], number[x]
    return number


def place_apart(
    grouping: Grouping,
    players: int,
    groups: Sequence[ApartGroup],
    rng: random.Random,
    local_steps: int,
) -> Grouping:
    """``grouping`` with its players renumbered and moved to keep ``groups`` apart."""
    pairs = apart_pairs(groups)
    number = _renumber(grouping, players, pairs, rng, 20 * players)
    person = [0] * (players + 1)
    for p in range(1, players + 1):
        person[number[p]] = p
    renamed = tuple(
        tuple(tuple(sorted(person[p] for p in table)) for table in session) for session in grouping
    )
    if not unmet_in(renamed, groups):
        return renamed
    found = improve(
        players,
        renamed,
        rng=rng,
        max_iterations=local_steps,
        apart=pairs,
        apart_weight=APART_WEIGHT,
    )
    return tuple(tuple(tuple(sorted(table)) for table in session) for session in found.sessions)

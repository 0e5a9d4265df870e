"""Schedule generation: repeat-free where possible, then as even as possible.

For ``players`` (a multiple of four) and ``sessions``, with ``limit`` =
``(players - 1) // 3`` the most sessions that can be repeat-free:

1. Repeat-free meetings for ``min(sessions, limit)`` sessions, from the first
   source that has them: a published schedule (:mod:`mjref.seating.known`), the
   affine geometry over GF(4) for 16, 64, 256 ... players
   (:mod:`mjref.seating.affine`), or a cyclic schedule found by search
   (:mod:`mjref.seating.cyclic`). If none is found within the search budget, a
   cyclic schedule for one or two sessions fewer is extended as in step 2; failing
   that, the closest cyclic attempt is finished by local search
   (:mod:`mjref.seating.improve`).
2. Past the limit (or past the sessions of a published design that stops
   short), further sessions are added block by block: a copy of the design under
   another numbering of the players, improved by local search with the earlier
   sessions fixed, so the meetings are spread as evenly as possible.
3. The players are renumbered at random (so each seed gives another schedule),
   tables are numbered to avoid revisits (:mod:`mjref.seating.tables`) and seats
   are balanced (:mod:`mjref.seating.winds`).
4. A published or affine design can force table revisits (in AG(2, 4) any two
   tables of different sessions share a player). When the numbering leaves
   revisits above the simple lower bound, a cyclic design is also tried (with a
   tenth of the search budget) and the schedule with fewer revisits is kept.

Everything is deterministic for a given seed; the searches are bounded by step
counts, not by time.

>>> g = generate(16, 5, seed=1)
>>> g.method
'affine geometry AG(2, 4)'
>>> from mjref.seating.metrics import measure
>>> measure(g.schedule).repeated_meetings
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjref.seating import affine, cyclic
from mjref.seating.constraints import ApartGroup, check_groups, place_apart
from mjref.seating.errors import SeatingError
from mjref.seating.improve import improve
from mjref.seating.known import SOURCE, Grouping, known_groupings
from mjref.seating.limits import repeat_free_limit, revisit_lower_bound
from mjref.seating.metrics import meeting_counts, min_common_opponents, table_visits
from mjref.seating.schedule import TABLE_SIZE, Schedule, as_sessions
from mjref.seating.tables import number_tables
from mjref.seating.winds import assign_winds_by_blocks

MAX_PLAYERS = 1000
MAX_SESSIONS = 60

CYCLIC_BUDGET = 6_000_000
"""Candidate swaps the cyclic search may evaluate (about 15 s of search at most)."""

LOCAL_BUDGET = 3_000_000
"""About how many candidate swaps a whole-schedule local search may evaluate."""

MAX_LOCAL_STEPS = 30_000
"""Steps of one local search at most (small schedules would otherwise get very many)."""


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated schedule and how its meetings were obtained."""

    schedule: Schedule
    method: str


def local_steps(players: int, sessions: int, effort: float = 1.0) -> int:
    """Steps of a whole-schedule local search: about :data:`LOCAL_BUDGET` candidate
    swaps, at least 100 and at most :data:`MAX_LOCAL_STEPS` steps."""
    return max(100, min(MAX_LOCAL_STEPS, int(LOCAL_BUDGET * effort) // (players * sessions)))


def check_size(players: int, sessions: int) -> None:
    """Reject sizes outside what the generator handles, naming the limit."""
    if players < TABLE_SIZE:
        raise SeatingError.of("seating.too-few-players", players=players)
    if players > MAX_PLAYERS:
        raise SeatingError.of("seating.too-many-players", players=players, limit=MAX_PLAYERS)
    if sessions < 1:
        raise SeatingError.of("seating.no-sessions")
    if sessions > MAX_SESSIONS:
        raise SeatingError.of("seating.too-many-sessions", sessions=sessions, limit=MAX_SESSIONS)


def _random_grouping(players: int, sessions: int, rng: random.Random) -> Grouping:
    result = []
    for _ in range(sessions):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        result.append(tuple(tuple(order[i : i + 4]) for i in range(0, players, 4)))
    return tuple(result)


def _cyclic_search(
    players: int, sessions: int, rng: random.Random, budget: int
) -> tuple[int, Grouping, str] | None:
    """The cyclic design with the fewest clashes over the best three structures.

    Returns ``(clashes, grouping, name)``; stops at the first clash-free one.
    """
    best: tuple[int, Grouping, str] | None = None
    candidates = cyclic.structures(players, sessions)[:3]
    for index, structure in enumerate(candidates):
        share = budget // 2 if index == 0 else budget // (2 * max(1, len(candidates) - 1))
        steps = max(50, share // max(1, players))
        base = cyclic.search_base(structure, rng, steps)
        name = (
            f"cyclic: {structure.orbits} orbits of {structure.modulus} "
            f"and {structure.fixed} fixed players"
        )
        if best is None or base.conflicts < best[0]:
            best = (base.conflicts, cyclic.develop(structure, base.tables, sessions), name)
        if base.conflicts == 0:
            break
    return best


def _common(players: int, grouping: Grouping) -> int:
    """The fewest common opponents of two players who never meet (-1: all pairs meet)."""
    schedule = Schedule(players, as_sessions(grouping))
    found = min_common_opponents(schedule, meeting_counts(schedule))
    return -1 if found is None else found


def _better_connected(
    players: int, sessions: int, grouping: Grouping, name: str, rng: random.Random, budget: int
) -> tuple[Grouping, str]:
    """Among a few repeat-free cyclic designs, one whose non-meeting pairs share opponents.

    Cyclic designs can leave two players who never meet without a single common
    opponent (two fixed players whose tables hold other orbits, say). When that
    happens (from four sessions on), up to four other structures are tried, those
    with at most one fixed player first, each with a tenth of the budget, and the
    design with the most common opponents for its worst pair is kept.
    """
    best = (_common(players, grouping), grouping, name)
    if sessions < 4 or best[0] != 0:
        return grouping, name
    others = cyclic.structures(players, sessions)[1:]
    others.sort(key=lambda structure: structure.fixed > 1)
    for structure in others[:4]:
        base = cyclic.search_base(structure, rng, max(50, budget // (10 * players)))
        if base.conflicts:
            continue
        other = cyclic.develop(structure, base.tables, sessions)
        common = _common(players, other)
        if common > best[0]:
            best = (
                common,
                other,
                f"cyclic: {structure.orbits} orbits of {structure.modulus} "
                f"and {structure.fixed} fixed players",
            )
    return best[1], best[2]


def repeat_free(
    players: int, sessions: int, rng: random.Random, effort: float = 1.0
) -> tuple[Grouping, str]:
    """Meetings for at most ``sessions`` sessions, repeat-free when a source has them.

    May return fewer sessions: a published design that stops short, or a cyclic
    design for one or two sessions fewer when none was found for all of them (the
    caller extends it by local search). As a last resort, ``sessions`` sessions with
    a few repeats: the closest cyclic attempt, finished by local search.
    """
    if players < 16:
        # With 3 tables or fewer, a table of the second session needs two players
        # from one table of the first: only one session can be repeat-free.
        first = tuple(tuple(range(t + 1, t + 5)) for t in range(0, players, TABLE_SIZE))
        return (first,), "one session (fewer than 16 players)"
    known = known_groupings(players)
    if known is not None:
        return known[:sessions], f"published solution ({SOURCE})"
    k = affine.affine_dimension(players)
    if k is not None and (players - 1) // 3 >= sessions:
        return affine.affine_groupings(players)[:sessions], f"affine geometry AG({k}, 4)"
    budget = int(CYCLIC_BUDGET * effort)
    best = _cyclic_search(players, sessions, rng, budget)
    if best is not None and best[0] == 0:
        return _better_connected(players, sessions, best[1], best[2], rng, budget)
    for fewer, share in ((sessions - 1, budget // 2), (sessions - 2, budget // 4)):
        if fewer < 1:
            break
        shorter = _cyclic_search(players, fewer, rng, share)
        if shorter is not None and shorter[0] == 0:
            return shorter[1], shorter[2]
    start = best[1] if best is not None else _random_grouping(players, sessions, rng)
    name = best[2] + ", finished by local search" if best is not None else "local search"
    steps = local_steps(players, sessions, effort)
    found = improve(players, start, rng=rng, max_iterations=steps)
    return found.sessions, name


def extend(
    design: Grouping, players: int, sessions: int, rng: random.Random, effort: float = 1.0
) -> Grouping:
    """Add sessions to ``design`` block by block, each block as even as possible.

    A block is a copy of the design (or its first sessions) under a random
    numbering of the players; local search then improves the block with every
    earlier session fixed, so it covers pairs that have met least (the cost
    ``m * (m - 1) / 2`` makes every further meeting of a pair dearer).
    """
    result = list(design)
    while len(result) < sessions:
        numbering = list(range(1, players + 1))
        rng.shuffle(numbering)
        block = [
            tuple(tuple(numbering[p - 1] for p in table) for table in session)
            for session in design[: sessions - len(result)]
        ]
        steps = local_steps(players, sessions, effort)
        found = improve(
            players, (*result, *block), rng=rng, max_iterations=steps, frozen=len(result)
        )
        result = list(found.sessions)
    return tuple(result)


def design(
    players: int, sessions: int, rng: random.Random, effort: float = 1.0
) -> tuple[Grouping, str]:
    """The meetings (tables without seat order or numbers) and how they were found."""
    limit = repeat_free_limit(players)
    grouping, method = repeat_free(players, max(1, min(sessions, limit)), rng, effort)
    if sessions > len(grouping):
        grouping = extend(grouping, players, sessions, rng, effort)
        method += "; further sessions spread by local search"
    return grouping, method


def renumber(grouping: Grouping, players: int, rng: random.Random) -> Grouping:
    """``grouping`` with the players renumbered at random."""
    numbering = list(range(1, players + 1))
    rng.shuffle(numbering)
    return tuple(
        tuple(tuple(sorted(numbering[p - 1] for p in table)) for table in session)
        for session in grouping
    )


def finish(players: int, grouping: Grouping, seed: int) -> Schedule:
    """Number the tables and seat the winds."""
    numbered = number_tables(grouping, seed=seed)
    return Schedule(players, as_sessions(assign_winds_by_blocks(numbered, seed=seed)))


def generate(
    players: int,
    sessions: int,
    seed: int = 0,
    effort: float = 1.0,
    groups: Sequence[ApartGroup] = (),
) -> Generated:
    """A schedule for ``players`` (a multiple of four) over ``sessions`` sessions.

    With ``groups``, members of a group are kept apart where possible (see
    :mod:`mjref.seating.constraints`; what remains is reported by the checker).
    """
    check_size(players, sessions)
    if players % TABLE_SIZE:
        raise ValueError("generate() needs a multiple of four; see mjref.seating.sizes")
    check_groups(groups, players)
    rng = random.Random(seed)
    grouping, method = design(players, sessions, rng, effort)
    if groups:
        steps = local_steps(players, sessions, effort)
        grouping = place_apart(grouping, players, groups, rng, steps)
        method += "; groups kept apart by renumbering and local search"
    else:
        grouping = renumber(grouping, players, rng)
    schedule = finish(players, grouping, seed)
    if (
        not groups
        and not method.startswith("cyclic")
        and sessions <= repeat_free_limit(players)
        and _revisits(schedule) > revisit_lower_bound(players, sessions)
    ):
        # A published or affine design can force table revisits that another
        # repeat-free design avoids: try a quick cyclic one and keep the better.
        other = _quick_cyclic(players, sessions, rng, effort)
        if other is not None:
            alternative = finish(players, renumber(other[0], players, rng), seed)
            if _revisits(alternative) < _revisits(schedule):
                return Generated(alternative, other[1])
    return Generated(schedule, method)


def _revisits(schedule: Schedule) -> int:
    return sum(v - 1 for v in table_visits(schedule).values() if v > 1)


def _quick_cyclic(
    players: int, sessions: int, rng: random.Random, effort: float
) -> tuple[Grouping, str] | None:
    """A repeat-free cyclic design found within a tenth of the usual budget, if any."""
    for structure in cyclic.structures(players, sessions)[:1]:
        steps = max(50, int(CYCLIC_BUDGET * effort) // (10 * players))
        base = cyclic.search_base(structure, rng, steps)
        if base.conflicts == 0:
            name = (
                f"cyclic: {structure.orbits} orbits of {structure.modulus} "
                f"and {structure.fixed} fixed players"
            )
            return cyclic.develop(structure, base.tables, sessions), name
    return None

"""Schedule generation: repeat-free where possible, then as even as possible.

For ``players`` (a multiple of four) and ``sessions``, with ``limit`` =
``(players - 1) // 3`` the most sessions that can be repeat-free:

1. Repeat-free meetings for ``min(sessions, limit)`` sessions, from the first source
   that has them: a published schedule (:mod:`mjref.seating.known`; above 52 players
   only one with all the sessions asked for), the affine geometry over GF(4) for 16,
   64, 256 ... players (:mod:`mjref.seating.affine`), or a cyclic schedule found by
   search (:mod:`mjref.seating.cyclic`). If none is found within the search budget, a
   cyclic schedule for one or two sessions fewer is extended as in step 2; failing
   that, the closest cyclic attempt is finished by local search
   (:mod:`mjref.seating.improve`).
2. Past the limit (or past the sessions of a published design that stops
   short), further sessions are added block by block: a copy of the design under
   another numbering of the players, improved by local search with the earlier
   sessions fixed, so the meetings are spread as evenly as possible.
3. The players are renumbered at random (so each seed gives another schedule),
   tables are numbered to avoid revisits (:mod:`mjref.seating.tables`) and seats
   are balanced (:mod:`mjref.seating.winds`). While the table revisits stay above
   the simple lower bound, up to :data:`REVISIT_TRIES` further designs (other
   choices of sessions; past the limit, other extensions) are numbered too, and a
   schedule is kept only if it is better by :func:`quality`. If a revisit remains
   where none is forced, the best-mixing choice of a small design's sessions that
   numbers without any (:mod:`mjref.seating.numberable`) is finished as well.
4. A published or affine design can force table revisits (in AG(2, 4) any two
   tables of different sessions share a player). When the numbering leaves
   revisits above the simple lower bound, a cyclic design is also tried (with a
   tenth of the search budget) and the schedule with fewer revisits is kept.
5. Last, without groups, the indirect meetings of the chosen plan are polished
   (:mod:`mjref.seating.polish`: exchanges of two players of a session that keep it
   repeat-free and do not add table revisits); the winds are seated again and the
   polished plan is kept if it is better by :func:`quality`.
6. For an affine design of at most 64 players, the sessions are chosen a second time
   with :data:`AFFINE_RESTARTS` further starts; that plan is finished and polished the
   same way, and kept if it is better by :func:`quality`.
7. Up to :data:`LIFT_PLAYERS` players, unless the plan is already a cyclic design, a
   cyclic design is found quickly (a tenth of the search budget), finished, and
   polished by annealing (``lift``): a published or affine choice of sessions is
   often a rigid plan that exchanges cannot improve, while a cyclic design can be
   moved to one whose worst pair shares more opponents. It is kept on the terms of
   step 4: better mixing with no more table revisits, or fewer revisits at no cost in
   mixing.

Everything is deterministic for a given seed; the searches are bounded by step
counts, not by time.

>>> g = generate(16, 5, seed=1)
>>> [step.english() for step in g.method]
['affine geometry AG(2, 4)']
>>> from mjref.seating.metrics import measure
>>> measure(g.schedule).repeated_meetings
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjref.messages import Message
from mjref.seating import affine, cyclic
from mjref.seating.constraints import ApartGroup, check_groups, place_apart
from mjref.seating.errors import SeatingError
from mjref.seating.improve import improve
from mjref.seating.known import KNOWN, SOURCE, Grouping, known_groupings
from mjref.seating.limits import repeat_free_limit, revisit_lower_bound
from mjref.seating.metrics import Metrics, measure, table_visits
from mjref.seating.mixing import (
    LARGE,
    MIXING_STEPS,
    choose_sessions,
    connect,
    score,
    spread_meetings,
)
from mjref.seating.numberable import numberable_choice
from mjref.seating.polish import polish
from mjref.seating.schedule import TABLE_SIZE, Schedule, as_sessions
from mjref.seating.tables import number_tables
from mjref.seating.winds import assign_winds_by_blocks

Method = tuple[Message, ...]
"""How a schedule was made: its steps, first to last (adapters join them with "; ")."""

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
    """A generated schedule and how its meetings were obtained: the steps of the method,
    each a message (keys ``seating.method.*``), in the order they were taken."""

    schedule: Schedule
    method: Method


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


def _cyclic_name(structure: cyclic.Structure) -> Message:
    return Message(
        "seating.method.cyclic",
        {"orbits": structure.orbits, "modulus": structure.modulus, "fixed": structure.fixed},
    )


def _cyclic_search(
    players: int, sessions: int, rng: random.Random, budget: int
) -> tuple[int, Grouping, Message] | None:
    """The cyclic design with the fewest clashes over the best three structures.

    Returns ``(clashes, grouping, name)``; stops at the first clash-free one, whose
    grouping holds all its ``modulus`` sessions (every shift is repeat-free), for
    :func:`~mjref.seating.mixing.choose_sessions` to pick from.
    """
    best: tuple[int, Grouping, Message] | None = None
    candidates = cyclic.structures(players, sessions)[:3]
    for index, structure in enumerate(candidates):
        share = budget // 2 if index == 0 else budget // (2 * max(1, len(candidates) - 1))
        steps = max(50, share // max(1, players))
        base = cyclic.search_base(structure, rng, steps)
        if base.conflicts == 0:
            pool = cyclic.develop(structure, base.tables, structure.modulus)
            return 0, pool, _cyclic_name(structure)
        if best is None or base.conflicts < best[0]:
            developed = cyclic.develop(structure, base.tables, sessions)
            best = (base.conflicts, developed, _cyclic_name(structure))
    return best


AFFINE_RESTARTS = 8
"""Further starts of the choice of an affine plane's sessions, tried as a second plan
(the choices have sharp local optima: at 64 x 6 the six classes that give every pair who
never meet six common opponents, a generalised quadrangle, are found from some starts
only)."""

AFFINE_RESTART_PLAYERS = 64
"""The largest affine design chosen with restarts: at 64 players the restarted choice
takes under a second and the whole second plan (numbered and polished) about 7 s; at 256
one scored choice costs about sixty times more (and restarts found nothing better at 4,
5, 8 or 12 sessions)."""

CANDIDATE_STRUCTURES = 4
"""Other cyclic structures tried as candidates once one design is found."""


def _cyclic_candidates(
    players: int,
    sessions: int,
    found: tuple[Grouping, Message],
    rng: random.Random,
    budget: int,
) -> tuple[Grouping, Message]:
    """Several repeat-free cyclic designs; the sessions that mix the field best.

    Besides the design found, up to :data:`CANDIDATE_STRUCTURES` other structures are
    searched (those with at most one fixed player first, each with a tenth of the
    budget). From each design's sessions (one per shift) the best ``sessions`` are
    chosen (:func:`~mjref.seating.mixing.choose_sessions`), and the design that mixes
    best is kept (connected first, then the most common opponents for the worst pair,
    then on average).
    """
    pool, name = found
    chosen = choose_sessions(players, pool, sessions, rng)
    best = (score(players, chosen), chosen, name)
    if sessions < 2:
        return chosen, name
    others = cyclic.structures(players, sessions)[1:]
    others.sort(key=lambda structure: structure.fixed > 1)
    for structure in others[:CANDIDATE_STRUCTURES]:
        base = cyclic.search_base(structure, rng, max(50, budget // (10 * players)))
        if base.conflicts:
            continue
        other_pool = cyclic.develop(structure, base.tables, structure.modulus)
        other = choose_sessions(players, other_pool, sessions, rng)
        mixed = score(players, other)
        if mixed > best[0]:
            best = (mixed, other, _cyclic_name(structure))
    return best[1], best[2]


def _pool(players: int, sessions: int) -> tuple[Grouping, Message] | None:
    """The design whose sessions are chosen from, when there is one: a published design
    or an affine geometry (for 16 players or more; the caller seats fewer itself)."""
    known = known_groupings(players)
    if known is not None and (len(known) >= sessions or players in KNOWN):
        # Up to 52 players the published design is the longest known; a larger one
        # that stops short is passed over for a cyclic design, which may reach further.
        return known, Message("seating.method.published", {"source": SOURCE})
    k = affine.affine_dimension(players)
    if k is not None and (players - 1) // 3 >= sessions:
        return affine.affine_groupings(players), Message("seating.method.affine", {"dimension": k})
    return None


def repeat_free(
    players: int, sessions: int, rng: random.Random, effort: float = 1.0
) -> tuple[Grouping, Method]:
    """Meetings for at most ``sessions`` sessions, repeat-free when a source has them.

    When a source has more sessions than needed (a published design, the affine
    plane's parallel classes, the shifts of a cyclic design), the sessions kept are
    those that mix the field best (:mod:`mjref.seating.mixing`), never simply the first.

    May return fewer sessions: a published design that stops short, or a cyclic
    design for one or two sessions fewer when none was found for all of them (the
    caller extends it by local search). As a last resort, ``sessions`` sessions with
    a few repeats: the closest cyclic attempt, finished by local search.
    """
    if players < 16:
        # With 3 tables or fewer, a table of the second session needs two players
        # from one table of the first: only one session can be repeat-free.
        first = tuple(tuple(range(t + 1, t + 5)) for t in range(0, players, TABLE_SIZE))
        return (first,), (Message("seating.method.one-session"),)
    pooled = _pool(players, sessions)
    if pooled is not None:
        pool, source = pooled
        return choose_sessions(players, pool, sessions, rng), (source,)
    budget = int(CYCLIC_BUDGET * effort)
    best = _cyclic_search(players, sessions, rng, budget)
    if best is not None and best[0] == 0:
        grouping, cyclic_name = _cyclic_candidates(players, sessions, best[1:], rng, budget)
        return grouping, (cyclic_name,)
    for fewer, share in ((sessions - 1, budget // 2), (sessions - 2, budget // 4)):
        if fewer < 1:
            break
        shorter = _cyclic_search(players, fewer, rng, share)
        if shorter is not None and shorter[0] == 0:
            return choose_sessions(players, shorter[1], fewer, rng), (shorter[2],)
    start = best[1] if best is not None else _random_grouping(players, sessions, rng)
    method: Method = (
        (best[2], Message("seating.method.finished-by-local-search"))
        if best is not None
        else (Message("seating.method.local-search"),)
    )
    steps = local_steps(players, sessions, effort)
    found = improve(players, start, rng=rng, max_iterations=steps)
    return found.sessions, method


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


def designs(
    players: int, sessions: int, rng: random.Random, effort: float = 1.0
) -> list[tuple[Grouping, Method]]:
    """Candidate meetings (tables without seat order or numbers) and how they were found.

    The repeat-free design with its opponents spread out
    (:func:`~mjref.seating.mixing.spread_meetings`) comes first; when spreading changed
    it, the design as found follows (its tables may be easier to number without
    revisits). Past the repeat-free limit there is one candidate, extended.
    """
    limit = repeat_free_limit(players)
    grouping, method = repeat_free(players, max(1, min(sessions, limit)), rng, effort)
    found = [(grouping, method)]
    if len(grouping) >= 2:
        spread = spread_meetings(players, grouping, rng, int(MIXING_STEPS * effort))
        if spread != grouping:
            found.insert(0, (spread, (*method, Message("seating.method.opponents-spread"))))
    if sessions > len(grouping):
        grouping, method = found[0]
        grouping = extend(grouping, players, sessions, rng, effort)
        return [(grouping, (*method, Message("seating.method.extended")))]
    return found


def design(
    players: int, sessions: int, rng: random.Random, effort: float = 1.0
) -> tuple[Grouping, Method]:
    """The meetings (tables without seat order or numbers) and how they were found."""
    return designs(players, sessions, rng, effort)[0]


def renumber(grouping: Grouping, players: int, rng: random.Random) -> Grouping:
    """``grouping`` with the players renumbered at random."""
    numbering = list(range(1, players + 1))
    rng.shuffle(numbering)
    return tuple(
        tuple(tuple(sorted(numbering[p - 1] for p in table)) for table in session)
        for session in grouping
    )


def finish(players: int, grouping: Grouping, seed: int) -> Schedule:
    """Make the field one connected field, number the tables and seat the winds."""
    numbered = number_tables(connect(players, grouping), seed=seed)
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
    candidates = designs(players, sessions, rng, effort)
    grouping, method = candidates[0]
    if groups:
        steps = local_steps(players, sessions, effort)
        grouping = place_apart(grouping, players, groups, rng, steps)
        method = (*method, Message("seating.method.groups-apart"))
    else:
        grouping = renumber(grouping, players, rng)
    schedule = finish(players, grouping, seed)
    if not groups:
        spares = list(candidates[1:])
        tries = 0
        while True:
            for spare, spare_method in spares:
                alternative = finish(players, renumber(spare, players, rng), seed)
                if quality(measure(alternative)) < quality(measure(schedule)):
                    schedule, method = alternative, spare_method
            if tries >= REVISIT_TRIES or _revisits(schedule) <= revisit_lower_bound(
                players, sessions
            ):
                break
            # Table revisits above the bound: other choices of sessions (past the limit,
            # another extension) may number better; a design is kept only if better.
            tries += 1
            spares = designs(players, sessions, rng, effort)
    if not groups and revisit_lower_bound(players, sessions) == 0 < _revisits(schedule):
        schedule, method = _numbered_exactly(schedule, method, rng, seed)
    if (
        not groups
        and method[0].key != "seating.method.cyclic"
        and sessions <= repeat_free_limit(players)
        and _revisits(schedule) > revisit_lower_bound(players, sessions)
    ):
        # A published or affine design can force table revisits that another
        # repeat-free design avoids: try a quick cyclic one and keep the better.
        other = _quick_cyclic(players, sessions, rng, effort)
        if other is not None:
            alternative = finish(players, renumber(other[0], players, rng), seed)
            if _preferred(measure(alternative), measure(schedule)):
                schedule, method = alternative, other[1]
    if not groups:
        schedule, method = _polished(schedule, method, rng, effort, seed)
        if method[0].key == "seating.method.affine":
            schedule, method = _affine_restarted(schedule, method, effort, seed)
        schedule, method = _cyclic_lifted(schedule, method, effort, seed)
    return Generated(schedule, method)


def _numbered_exactly(
    schedule: Schedule, method: Method, rng: random.Random, seed: int
) -> tuple[Schedule, Method]:
    """The best-mixing choice of the design's sessions that numbers without any table
    revisit (:mod:`mjref.seating.numberable`), finished; kept if better by
    :func:`quality`, which ranks revisits before mixing."""
    players, sessions = schedule.players, len(schedule.sessions)
    pooled = _pool(players, sessions) if players >= 16 else None
    if pooled is None:
        return schedule, method
    pool, source = pooled
    chosen = numberable_choice(players, pool, sessions)
    if chosen is None:
        return schedule, method
    other = finish(players, renumber(chosen, players, rng), seed)
    if quality(measure(other)) < quality(measure(schedule)):
        return other, (source, Message("seating.method.numbered-without-revisits"))
    return schedule, method


def _affine_restarted(
    schedule: Schedule, method: Method, effort: float, seed: int
) -> tuple[Schedule, Method]:
    """The affine plan again, its sessions chosen with :data:`AFFINE_RESTARTS` further
    starts, finished and polished the same way; kept only if better by :func:`quality`.

    Its random numbers come from a generator of its own (seeded by ``seed``), so every
    other plan is exactly as without this step.
    """
    players, sessions = schedule.players, len(schedule.sessions)
    if players > AFFINE_RESTART_PLAYERS or sessions > repeat_free_limit(players):
        return schedule, method
    own = random.Random(f"affine-restarts:{seed}")
    pool = affine.affine_groupings(players)
    chosen = choose_sessions(players, pool, sessions, own, restarts=AFFINE_RESTARTS)
    other = finish(players, renumber(chosen, players, own), seed)
    other, other_method = _polished(other, method[:1], own, effort, seed)
    if quality(measure(other)) < quality(measure(schedule)):
        return other, other_method
    return schedule, method


LIFT_PLAYERS = 100
"""The most players for which a lifted cyclic design is also tried (step 7). Above, it
is not run, to bound the time (with it, 172 x 7 took 33 s of CPU); whether it would
help there is not measured."""


def _cyclic_lifted(
    schedule: Schedule, method: Method, effort: float, seed: int
) -> tuple[Schedule, Method]:
    """A quick cyclic design (:func:`_quick_cyclic`), finished and polished with
    ``lift`` (:mod:`mjref.seating.polish`); kept only if :func:`_preferred`: better
    mixing with no more table revisits, or fewer revisits at no cost in mixing.

    Its random numbers come from a generator of its own (seeded by ``seed``), so a plan
    it does not replace is exactly as without this step.
    """
    players, sessions = schedule.players, len(schedule.sessions)
    if (
        method[0].key == "seating.method.cyclic"
        or players > LIFT_PLAYERS
        or sessions > repeat_free_limit(players)
    ):
        return schedule, method
    own = random.Random(f"cyclic-lifted:{seed}")
    found = _quick_cyclic(players, sessions, own, effort)
    if found is None:
        return schedule, method
    finished = finish(players, renumber(found[0], players, own), seed)
    lifted = polish(players, _tables(finished), own, int(POLISH_STEPS * effort), lift=True)
    other = Schedule(players, as_sessions(assign_winds_by_blocks(lifted, seed=seed)))
    if _preferred(measure(other), measure(schedule)):
        return other, (*found[1], Message("seating.method.polished"))
    return schedule, method


def _tables(schedule: Schedule) -> Grouping:
    """The numbered tables of ``schedule``, each table's players in order."""
    return tuple(tuple(tuple(sorted(table)) for table in session) for session in schedule.sessions)


POLISH_STEPS = 60_000
"""Exchanges the final polish tries (:mod:`mjref.seating.polish`), times the effort."""


def _polished(
    schedule: Schedule, method: Method, rng: random.Random, effort: float, seed: int
) -> tuple[Schedule, Method]:
    """``schedule`` after :func:`~mjref.seating.polish.polish` (tables re-seated), if that
    is better by :func:`quality`; otherwise ``schedule`` itself."""
    players = schedule.players
    if players >= LARGE:
        return schedule, method
    numbered = _tables(schedule)
    polished = polish(players, numbered, rng, int(POLISH_STEPS * effort))
    if polished == numbered:
        return schedule, method
    seated = Schedule(players, as_sessions(assign_winds_by_blocks(polished, seed=seed)))
    if quality(measure(seated)) < quality(measure(schedule)):
        return seated, (*method, Message("seating.method.polished"))
    return schedule, method


def quality(metrics: Metrics) -> tuple[int, int, int, int, int, float]:
    """The order in which plans are compared (smaller is better): repeated meetings, wind
    spread, components, table revisits, then the most common opponents for the worst pair
    who never meet, then on average."""
    least = metrics.min_common_opponents
    mean = metrics.mean_common_opponents
    return (
        metrics.repeated_meetings,
        metrics.wind_spread,
        metrics.components,
        metrics.table_revisits,
        -(least if least is not None else 1 << 20),
        -(mean if mean is not None else float(1 << 20)),
    )


REVISIT_TRIES = 4
"""Further designs tried when the table numbering leaves revisits above the bound."""

MEAN_TOLERANCE = 0.02
"""How much lower a plan's mean of common opponents may be for fewer table revisits."""


def _preferred(other: Metrics, current: Metrics) -> bool:
    """Whether ``other`` (a repeat-free alternative) beats ``current``: fewer table
    revisits at no cost in mixing (as connected, a worst pair as good, a mean at most
    :data:`MEAN_TOLERANCE` lower), or better mixing with no more revisits."""
    if (other.repeated_meetings, other.wind_spread) != (
        current.repeated_meetings,
        current.wind_spread,
    ):
        return quality(other) < quality(current)
    mixing, now = quality(other)[2:], quality(current)[2:]
    no_worse = (
        other.components <= current.components
        and mixing[2] <= now[2]
        and -mixing[3] >= -now[3] * (1 - MEAN_TOLERANCE)
    )
    if other.table_revisits < current.table_revisits:
        return no_worse
    better = (mixing[0], mixing[2], mixing[3]) < (now[0], now[2], now[3])
    return other.table_revisits == current.table_revisits and better


def _revisits(schedule: Schedule) -> int:
    return sum(v - 1 for v in table_visits(schedule).values() if v > 1)


def _quick_cyclic(
    players: int, sessions: int, rng: random.Random, effort: float
) -> tuple[Grouping, Method] | None:
    """A repeat-free cyclic design found within a tenth of the usual budget, if any."""
    for structure in cyclic.structures(players, sessions)[:1]:
        steps = max(50, int(CYCLIC_BUDGET * effort) // (10 * players))
        base = cyclic.search_base(structure, rng, steps)
        if base.conflicts == 0:
            pool = cyclic.develop(structure, base.tables, structure.modulus)
            return choose_sessions(players, pool, sessions, rng), (_cyclic_name(structure),)
    return None

"""Re-seating after a drop-out, a substitute or a late arrival, with least change.

Three steps, each callable on its own (a service runs them on every substitution):
:func:`validate` checks the request against the schedule, :func:`plan_repair` decides
who leaves, who arrives, who sits out and where everyone sits before any search (a
:class:`RepairPlan`), and :func:`apply_repair` removes the repeats that plan causes
and seats the winds. :func:`repair` runs all three.

The sessions already played stay exactly as they were. For the rest:

1. A substitute who takes over a player's place (``replaced``) simply takes that
   player's seats: nothing else changes, and since the substitute has met nobody,
   no pair meets twice because of it.
2. Dropped players leave empty seats; new players need seats. When the players
   left do not fill tables of four, the remedy asked for is applied: new
   substitutes take dropped players' seats first (again changing nothing else), or
   the players left sit out in turn (byes: fewest byes so far first, and among
   those, players of the tables given up in step 3, so fewer players move).
3. Each remaining session keeps its lowest-numbered tables (as many as the
   players now fill) and the players of the tables given up, with the new
   players, fill the empty seats, each where they have met the fewest of the
   table so far.
4. Local search (:mod:`mjref.seating.improve`) then removes repeated meetings
   this caused, with each player seated away from their planned table costing 1
   and a pair's second meeting costing :data:`REPEAT_WEIGHT`, so players are
   moved only to avoid repeats.
5. Tables whose players and number are unchanged keep their seat order; the
   others get seat orders that even out each player's winds so far
   (:func:`~mjref.seating.winds.seat_with_history`). If that leaves someone's
   winds further apart than one, the seat orders of that player's tables may
   change too, and only if that is not enough, those of all re-seated tables
   (seats change, tables do not).

>>> from mjref.seating.schedule import Schedule
>>> plan = Schedule(8, (((1, 2, 3, 4), (5, 6, 7, 8)), ((6, 1, 8, 3), (2, 5, 4, 7))))
>>> fixed = repair(plan, played=1, replaced=((2, 9),))
>>> fixed.schedule.sessions[1], fixed.moved
(((6, 1, 8, 3), (9, 5, 4, 7)), 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjref.messages import Message
from mjref.players import PlayerId, check_player_id
from mjref.seating.constraints import ApartGroup, apart_pairs, check_groups
from mjref.seating.errors import SeatingError
from mjref.seating.improve import Improved, TableCost, improve
from mjref.seating.schedule import TABLE_SIZE, Schedule, Session, Table, as_session
from mjref.seating.sizes import Fill, advise
from mjref.seating.winds import seat_with_history, wind_spread_of

_DROP_OUTS = Message("seating.where.drop-outs")
_NEW_PLAYERS = Message("seating.where.new-players")

REPEAT_WEIGHT = 20
"""Cost of a pair's second meeting, against 1 for a player moved from the plan."""

LOCAL_STEPS = 20_000


@dataclass(frozen=True, slots=True)
class Changes:
    """What happened: players who leave, substitutes who take a player's place, newcomers."""

    dropped: tuple[PlayerId, ...] = ()
    replaced: tuple[tuple[PlayerId, PlayerId], ...] = ()
    """``(leaving, substitute)`` pairs: the substitute takes over the seats."""
    added: tuple[PlayerId, ...] = ()
    fill: Fill | None = None
    """The remedy when the players left do not fill tables of four."""


@dataclass(frozen=True, slots=True)
class RepairPlan:
    """Who plays which remaining session where, before the search removes repeats."""

    players: int
    """The highest player number after the changes."""
    history: tuple[Session, ...]
    """The sessions played (never changed)."""
    planned: tuple[Session, ...]
    """The remaining sessions as planned, substitutes in their predecessors' seats."""
    rebuilt: tuple[Session, ...]
    """The remaining sessions with the players who left taken out and the seats refilled."""
    roster: tuple[PlayerId, ...]
    """Everyone who plays on."""
    substitutes: tuple[PlayerId, ...]
    """New substitutes brought in by the remedy."""
    byes: int
    """Player-sessions sat out in the remaining sessions."""

    @property
    def played(self) -> int:
        return len(self.history)


@dataclass(frozen=True, slots=True)
class Repaired:
    """The re-seated schedule and what changed."""

    schedule: Schedule
    substitutes: tuple[PlayerId, ...]
    """New substitute numbers brought in by the remedy."""
    moved: int
    """Player-sessions seated at another table than planned (new players not counted)."""
    byes: int
    """Player-sessions sat out in the re-seated sessions."""


def validate(schedule: Schedule, played: int, changes: Changes) -> None:
    """Refuse a request that cannot apply to ``schedule`` after ``played`` sessions."""
    sessions = schedule.session_count
    if not 0 <= played <= sessions:
        raise SeatingError.of("seating.played-range", played=played, sessions=sessions)
    if played == sessions:
        raise SeatingError.of("seating.no-sessions-left", sessions=sessions)
    if not (changes.dropped or changes.replaced or changes.added):
        raise SeatingError.of("seating.nothing-to-repair")
    leavers = [*changes.dropped, *(out for out, _ in changes.replaced)]
    newcomers = [*(new for _, new in changes.replaced), *changes.added]
    for player in leavers:
        check_player_id(player, "--drop")
    for player in newcomers:
        check_player_id(player, "--add")
    later = {p for session in schedule.sessions[played:] for table in session for p in table}
    leaving: set[int] = set()
    for player in leavers:
        if player not in later:
            raise SeatingError.of(
                "seating.not-playing", where=_DROP_OUTS, player=player, played=played
            )
        if player in leaving:
            raise SeatingError.of("seating.drop-twice", where=_DROP_OUTS, player=player)
        leaving.add(player)
    arriving: set[int] = set()
    for player in newcomers:
        if player <= schedule.players or player in arriving:
            raise SeatingError.of("seating.substitute-in-use", where=_NEW_PLAYERS, player=player)
        if player > schedule.players + len(newcomers):
            raise SeatingError.of(
                "seating.new-number",
                where=_NEW_PLAYERS,
                player=player,
                first=schedule.players + 1,
                last=schedule.players + len(newcomers),
            )
        arriving.add(player)


def _renamed(sessions: Sequence[Session], renames: dict[PlayerId, PlayerId]) -> tuple[Session, ...]:
    return tuple(
        as_session(tuple(renames.get(p, p) for p in table) for table in session)
        for session in sessions
    )


def _roster(
    planned: Sequence[Session], dropped: Sequence[PlayerId], added: Sequence[PlayerId]
) -> tuple[PlayerId, ...]:
    seated = {p for session in planned for table in session for p in table}
    return tuple(sorted((seated - set(dropped)) | set(added)))


def _bye_counts(roster: Sequence[PlayerId], history: Sequence[Session]) -> dict[PlayerId, int]:
    """How many of the played sessions each player of ``roster`` sat out."""
    byes = dict.fromkeys(roster, 0)
    for session in history:
        seated = {p for table in session for p in table}
        for p in roster:
            if p not in seated:
                byes[p] += 1
    return byes


class _Meetings:
    """How often each pair has met so far (played sessions and the sessions refilled)."""

    def __init__(self) -> None:
        self.counts: dict[tuple[int, int], int] = {}

    def add(self, tables: Sequence[Sequence[int]]) -> None:
        counts = self.counts
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    key = (min(a, b), max(a, b))
                    counts[key] = counts.get(key, 0) + 1

    def with_table(self, p: int, table: Sequence[int]) -> int:
        counts = self.counts
        return sum(counts.get((min(p, q), max(p, q)), 0) for q in table)


def _refill(
    session: Session,
    roster: Sequence[PlayerId],
    out: set[PlayerId],
    width: int,
    meetings: _Meetings,
) -> Session:
    """Keep the first ``width`` tables' players who play on; seat the others where they have
    met the fewest of the table so far."""
    present = [p for p in roster if p not in out]
    here = set(present)
    tables = [[p for p in table if p in here] for table in session[:width]]
    tables += [[] for _ in range(width - len(tables))]
    kept = {p for table in tables for p in table}
    for p in (p for p in present if p not in kept):
        open_tables = [t for t in tables if len(t) < TABLE_SIZE]
        min(open_tables, key=lambda t: meetings.with_table(p, t)).append(p)
    meetings.add(tables)
    return as_session(tuple(table) for table in tables)


def plan_repair(
    schedule: Schedule, played: int, changes: Changes, groups: Sequence[ApartGroup] = ()
) -> RepairPlan:
    """Decide who plays on, who sits out and a first seating (``changes`` validated)."""
    renames = dict(changes.replaced)
    dropped, added = list(changes.dropped), list(changes.added)
    history = schedule.sessions[:played]
    planned = _renamed(schedule.sessions[played:], renames)
    roster = _roster(planned, dropped, added)
    substitutes: list[PlayerId] = []
    advice = advise(len(roster))
    per_session_byes = 0
    if advice is not None:
        if changes.fill is None:
            raise SeatingError(advice.message(), where=Message("seating.where.after-changes"))
        if changes.fill is Fill.SUBSTITUTES:
            top = max([schedule.players, *roster, *dropped])
            substitutes = [PlayerId(p) for p in range(top + 1, top + 1 + advice.substitutes)]
            for substitute in substitutes:
                if dropped:  # the substitute takes a dropped player's seats
                    renames[dropped.pop(0)] = substitute
                else:
                    added.append(substitute)
            planned = _renamed(schedule.sessions[played:], renames)
            roster = _roster(planned, dropped, added)
        else:
            per_session_byes = advice.byes
    players = max([schedule.players, *roster])
    check_groups(groups, players)
    byes_so_far = _bye_counts(roster, history)
    meetings = _Meetings()
    for session in history:
        meetings.add(session)
    rebuilt: list[Session] = []
    byes = 0
    width = (len(roster) - per_session_byes) // TABLE_SIZE
    for session in planned:
        # Byes: fewest so far first, then players of the tables given up (fewer moves).
        given_up = {p for table in session[width:] for p in table}
        ranked = sorted(roster, key=lambda p: (byes_so_far[p], p not in given_up, p))
        out = set(ranked[:per_session_byes])
        for p in out:
            byes_so_far[p] += 1
        byes += len(out)
        rebuilt.append(_refill(session, roster, out, width, meetings))
    return RepairPlan(
        players=players,
        history=history,
        planned=planned,
        rebuilt=tuple(rebuilt),
        roster=roster,
        substitutes=tuple(substitutes),
        byes=byes,
    )


def _search(plan: RepairPlan, groups: Sequence[ApartGroup], seed: int) -> tuple[Session, ...]:
    """Local search with the played sessions fixed: repeats cost :data:`REPEAT_WEIGHT`,
    each player away from their planned table 1."""
    costs: list[TableCost | None] = [None] * plan.played
    for s, session in enumerate(plan.planned):
        origin = {p: t for t, table in enumerate(session) for p in table}
        width = len(plan.rebuilt[s])
        costs.append(
            {
                PlayerId(p): [0 if t == origin.get(PlayerId(p), t) else 1 for t in range(width)]
                for p in range(1, plan.players + 1)
            }
        )
    apart = apart_pairs(groups)

    def search(start: Sequence[Sequence[Sequence[int]]], weight: int, key: int) -> Improved:
        return improve(
            plan.players,
            [*plan.history, *(tuple(tuple(t) for t in s) for s in start)],
            rng=random.Random(key),
            max_iterations=LOCAL_STEPS,
            frozen=plan.played,
            repeat_weight=weight,
            apart=apart,
            apart_weight=weight,
            table_cost=costs,
        )

    found = search(plan.rebuilt, REPEAT_WEIGHT, seed).sessions[plan.played :]
    best = (_method_cost(plan, found, costs, apart), found)
    if _repeats(plan, found):
        # Repeats are left: search again weighing them heavily (a repeat-free seating
        # first, then fewer moves), and keep whichever costs least by the method's weights.
        for extra in range(1, STRICT_TRIES + 1):
            start = best[1] if extra % 2 else plan.rebuilt
            strict = search(start, STRICT_WEIGHT, seed + extra).sessions[plan.played :]
            cost = _method_cost(plan, strict, costs, apart)
            if cost < best[0]:
                best = (cost, strict)
            if not _repeats(plan, best[1]):
                break
    return tuple(as_session(session) for session in best[1])


STRICT_WEIGHT = 5_000
"""The repeat weight of the second searches when the first leaves repeats."""

STRICT_TRIES = 6
"""Second searches at most (from the best result and from the first seating, in turn),
until one leaves no repeat."""


def _meetings(
    plan: RepairPlan, free: Sequence[Sequence[Sequence[int]]]
) -> dict[tuple[int, int], int]:
    counts: dict[tuple[int, int], int] = {}
    for session in (*plan.history, *free):
        for table in session:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    key = (min(a, b), max(a, b))
                    counts[key] = counts.get(key, 0) + 1
    return counts


def _repeats(plan: RepairPlan, free: Sequence[Sequence[Sequence[int]]]) -> int:
    """Repeated meetings in the re-seated sessions (the played ones cannot change)."""
    before = _meetings(plan, ())
    after = _meetings(plan, free)
    return sum(max(0, m - 1) - max(0, before.get(pair, 0) - 1) for pair, m in after.items())


def _method_cost(
    plan: RepairPlan,
    free: Sequence[Sequence[Sequence[int]]],
    costs: Sequence[TableCost | None],
    apart: Sequence[tuple[PlayerId, PlayerId]],
) -> int:
    """The cost :func:`_search` minimises, by the method's own weights."""
    counts = _meetings(plan, free)
    total = sum(REPEAT_WEIGHT * m * (m - 1) // 2 for m in counts.values())
    total += sum(REPEAT_WEIGHT * counts.get(pair, 0) for pair in apart)
    for s, session in enumerate(free):
        session_costs = costs[plan.played + s]
        if session_costs is not None:
            for t, table in enumerate(session):
                total += sum(session_costs[PlayerId(p)][t] for p in table)
    return total


def _counts(tables: Sequence[Sequence[int]], before: dict[int, list[int]]) -> dict[int, list[int]]:
    """Seat counts after ``tables`` on top of the counts ``before``."""
    counts = {p: list(c) for p, c in before.items()}
    for table in tables:
        for seat, p in enumerate(table):
            counts.setdefault(p, [0, 0, 0, 0])[seat] += 1
    return counts


def _spread(
    tables: Sequence[Sequence[int]], before: dict[int, list[int]], players: Sequence[int]
) -> int:
    """The wind spread over ``players`` after ``tables`` on top of the counts ``before``."""
    counts = _counts(tables, before)
    return wind_spread_of(counts.get(p, [0, 0, 0, 0]) for p in players)


def _seat(plan: RepairPlan, found: Sequence[Session]) -> tuple[tuple[Session, ...], int]:
    """Seat orders for the re-seated sessions, and the player-sessions moved.

    Unchanged tables keep their seat order unless a player's winds would be two apart.
    """
    seat_counts = _counts((), {})
    for session in plan.history:
        seat_counts = _counts(session, seat_counts)
    moved = 0
    all_tables: list[Table] = []
    keep: list[int] = []
    for intended, session in zip(plan.planned, found, strict=True):
        where = {p: u for u, table in enumerate(intended) for p in table}
        for t, table in enumerate(session):
            members = set(table)
            if t < len(intended) and set(intended[t]) == members:
                keep.append(len(all_tables))
                all_tables.append(intended[t])
            else:
                all_tables.append(tuple(sorted(members)))
            moved += sum(1 for p in members if p in where and where[p] != t)
    seated = seat_with_history(all_tables, seat_counts, keep)
    roster = plan.roster
    if _spread(seated, seat_counts, roster) > 1:
        # Keeping every seat order costs balance: first only alternating chains (a few
        # seat orders change), then free the tables of the players concerned, then (if
        # that is not enough) all re-seated tables.
        chained = seat_with_history(seated, seat_counts, (), reorder=False)
        if _spread(chained, seat_counts, roster) < _spread(seated, seat_counts, roster):
            seated = chained
    if _spread(seated, seat_counts, roster) > 1:
        counts = _counts(seated, seat_counts)
        concerned = {p for p in roster if max(counts[p]) - min(counts[p]) > 1}
        fewer = [t for t in keep if not concerned & set(all_tables[t])]
        for attempt in (fewer, []):
            reseated = seat_with_history(all_tables, seat_counts, attempt)
            if _spread(reseated, seat_counts, roster) < _spread(seated, seat_counts, roster):
                seated = reseated
            if _spread(seated, seat_counts, roster) <= 1:
                break
    result: list[Session] = []
    index = 0
    for session in found:
        result.append(as_session(seated[index : index + len(session)]))
        index += len(session)
    return tuple(result), moved


def apply_repair(plan: RepairPlan, groups: Sequence[ApartGroup] = (), seed: int = 0) -> Repaired:
    """Remove the repeats ``plan`` causes (least change) and seat the winds."""
    found = _search(plan, groups, seed)
    sessions, moved = _seat(plan, found)
    return Repaired(
        schedule=Schedule(plan.players, (*plan.history, *sessions)),
        substitutes=plan.substitutes,
        moved=moved,
        byes=plan.byes,
    )


def repair(
    schedule: Schedule,
    played: int,
    dropped: Sequence[PlayerId] = (),
    replaced: Sequence[tuple[PlayerId, PlayerId]] = (),
    added: Sequence[PlayerId] = (),
    fill: Fill | None = None,
    groups: Sequence[ApartGroup] = (),
    seed: int = 0,
) -> Repaired:
    """Re-seat sessions ``played ..`` of ``schedule`` (see the module docstring).

    ``dropped`` players leave, ``replaced`` = ``(leaving, substitute)`` pairs,
    ``added`` players join. ``fill`` is the remedy when the players then left do
    not fill tables of four (without one, the error names both remedies).
    """
    changes = Changes(tuple(dropped), tuple(replaced), tuple(added), fill)
    validate(schedule, played, changes)
    return apply_repair(plan_repair(schedule, played, changes, groups), groups, seed)

"""Re-seating after a drop-out, a substitute or a late arrival, with least change.

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
from mjref.seating.constraints import Group, apart_pairs, check_groups
from mjref.seating.errors import SeatingError
from mjref.seating.improve import improve
from mjref.seating.schedule import TABLE_SIZE, Schedule, Session, Table
from mjref.seating.sizes import Fill, advise
from mjref.seating.winds import seat_with_history, wind_spread_of

_DROP_OUTS = Message("seating.where.drop-outs")
_NEW_PLAYERS = Message("seating.where.new-players")

REPEAT_WEIGHT = 20
"""Cost of a pair's second meeting, against 1 for a player moved from the plan."""

LOCAL_STEPS = 20_000


@dataclass(frozen=True, slots=True)
class Repaired:
    """The re-seated schedule and what changed."""

    schedule: Schedule
    substitutes: tuple[int, ...]
    """New substitute numbers brought in by the remedy."""
    moved: int
    """Player-sessions seated at another table than planned (new players not counted)."""
    byes: int
    """Player-sessions sat out in the re-seated sessions."""


def _validate(
    schedule: Schedule,
    played: int,
    dropped: Sequence[int],
    replaced: Sequence[tuple[int, int]],
    added: Sequence[int],
) -> None:
    sessions = schedule.session_count
    if not 0 <= played <= sessions:
        raise SeatingError.of("seating.played-range", played=played, sessions=sessions)
    if played == sessions:
        raise SeatingError.of("seating.no-sessions-left", sessions=sessions)
    if not (dropped or replaced or added):
        raise SeatingError.of("seating.nothing-to-repair")
    later = {p for session in schedule.sessions[played:] for table in session for p in table}
    leaving: set[int] = set()
    for player in [*dropped, *(out for out, _ in replaced)]:
        if player not in later:
            raise SeatingError.of(
                "seating.not-playing", where=_DROP_OUTS, player=player, played=played
            )
        if player in leaving:
            raise SeatingError.of("seating.drop-twice", where=_DROP_OUTS, player=player)
        leaving.add(player)
    arriving: set[int] = set()
    newcomers = [*(new for _, new in replaced), *added]
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


def _bye_counts(roster: Sequence[int], history: Sequence[Session]) -> dict[int, int]:
    """How many of the played sessions each player of ``roster`` sat out."""
    byes = dict.fromkeys(roster, 0)
    for session in history:
        seated = {p for table in session for p in table}
        for p in roster:
            if p not in seated:
                byes[p] += 1
    return byes


def _counts(tables: Sequence[Table], before: dict[int, list[int]]) -> dict[int, list[int]]:
    """Seat counts after ``tables`` on top of the counts ``before``."""
    counts = {p: list(c) for p, c in before.items()}
    for table in tables:
        for seat, p in enumerate(table):
            counts.setdefault(p, [0, 0, 0, 0])[seat] += 1
    return counts


def _spread(tables: Sequence[Table], before: dict[int, list[int]], players: Sequence[int]) -> int:
    """The wind spread over ``players`` after ``tables`` on top of the counts ``before``."""
    counts = _counts(tables, before)
    return wind_spread_of(counts.get(p, [0, 0, 0, 0]) for p in players)


def repair(
    schedule: Schedule,
    played: int,
    dropped: Sequence[int] = (),
    replaced: Sequence[tuple[int, int]] = (),
    added: Sequence[int] = (),
    fill: Fill | None = None,
    groups: Sequence[Group] = (),
    seed: int = 0,
) -> Repaired:
    """Re-seat sessions ``played ..`` of ``schedule`` (see the module docstring).

    ``dropped`` players leave, ``replaced`` = ``(leaving, substitute)`` pairs,
    ``added`` players join. ``fill`` is the remedy when the players then left do
    not fill tables of four (without one, the error names both remedies).
    """
    _validate(schedule, played, dropped, replaced, added)
    renames = dict(replaced)
    dropped = list(dropped)
    added = list(added)
    history = schedule.sessions[:played]
    planned = [
        tuple(tuple(renames.get(p, p) for p in table) for table in session)
        for session in schedule.sessions[played:]
    ]
    roster = sorted(
        ({p for session in planned for table in session for p in table} - set(dropped)) | set(added)
    )
    substitutes: list[int] = []
    advice = advise(len(roster))
    per_session_byes = 0
    if advice is not None:
        if fill is None:
            raise SeatingError(advice.message(), where=Message("seating.where.after-changes"))
        if fill is Fill.SUBSTITUTES:
            top = max([schedule.players, *roster, *dropped])
            substitutes = list(range(top + 1, top + 1 + advice.substitutes))
            for substitute in substitutes:
                if dropped:  # the substitute takes a dropped player's seats
                    renames[dropped.pop(0)] = substitute
                else:
                    added.append(substitute)
            planned = [
                tuple(tuple(renames.get(p, p) for p in table) for table in session)
                for session in schedule.sessions[played:]
            ]
            roster = sorted(
                ({p for session in planned for table in session for p in table} - set(dropped))
                | set(added)
            )
        else:
            per_session_byes = advice.byes
    players = max([schedule.players, *roster])
    check_groups(groups, players)
    byes_so_far = _bye_counts(roster, history)
    sitting_out: list[set[int]] = []
    meet: dict[tuple[int, int], int] = {}

    def count(tables: Sequence[Table]) -> None:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    key = (min(a, b), max(a, b))
                    meet[key] = meet.get(key, 0) + 1

    for session in history:
        count(session)
    rebuilt: list[list[list[int]]] = []
    for s, session in enumerate(planned):
        width = (len(roster) - per_session_byes) // TABLE_SIZE
        # Byes: fewest so far first, then players of the tables given up (fewer moves).
        given_up = {p for table in session[width:] for p in table}
        out = sorted(roster, key=lambda p: (byes_so_far[p], p not in given_up, p))
        sitting_out.append(set(out[:per_session_byes]))
        for p in sitting_out[-1]:
            byes_so_far[p] += 1
        present = [p for p in roster if p not in sitting_out[s]]
        here = set(present)
        tables = [[p for p in table if p in here] for table in session[:width]]
        tables += [[] for _ in range(width - len(tables))]
        kept = {p for table in tables for p in table}
        loose = [p for p in present if p not in kept]
        for p in loose:
            open_tables = [t for t in tables if len(t) < TABLE_SIZE]
            best = min(
                open_tables, key=lambda t: sum(meet.get((min(p, q), max(p, q)), 0) for q in t)
            )
            best.append(p)
        count([tuple(t) for t in tables])
        rebuilt.append(tables)
    # Local search with the played sessions fixed; player numbers become 0-based.
    frozen = [tuple(tuple(p - 1 for p in table) for table in s) for s in history]
    free = [tuple(tuple(p - 1 for p in table) for table in s) for s in rebuilt]
    costs: list[list[list[int]] | None] = [None] * played
    for s, session in enumerate(planned):
        origin = {p: t for t, table in enumerate(session) for p in table}
        width = len(rebuilt[s])
        costs.append(
            [[0 if t == origin.get(p + 1, t) else 1 for t in range(width)] for p in range(players)]
        )
    pairs = apart_pairs(groups)
    found = improve(
        players,
        frozen + free,
        rng=random.Random(seed),
        max_iterations=LOCAL_STEPS,
        frozen=played,
        repeat_weight=REPEAT_WEIGHT,
        apart=[(a - 1, b - 1) for a, b in pairs],
        apart_weight=REPEAT_WEIGHT,
        table_cost=costs,
    )
    seat_counts: dict[int, list[int]] = {}
    for session in history:
        for table in session:
            for seat, p in enumerate(table):
                seat_counts.setdefault(p, [0, 0, 0, 0])[seat] += 1
    result: list[Session] = []
    moved = 0
    all_tables: list[Table] = []
    keep: list[int] = []
    for s, session in enumerate(found.sessions[played:]):
        intended = planned[s]
        where = {p: u for u, table in enumerate(intended) for p in table}
        for t, table in enumerate(session):
            members = {p + 1 for p in table}
            if t < len(intended) and set(intended[t]) == members:
                keep.append(len(all_tables))
                all_tables.append(intended[t])
            else:
                all_tables.append(tuple(sorted(members)))
            moved += sum(1 for p in members if p in where and where[p] != t)
    seated = seat_with_history(all_tables, seat_counts, keep)
    if _spread(seated, seat_counts, roster) > 1:
        # Keeping every seat order costs balance: free the tables of the players
        # concerned, then (if that is not enough) all re-seated tables.
        counts = _counts(seated, seat_counts)
        concerned = {p for p in roster if max(counts[p]) - min(counts[p]) > 1}
        fewer = [t for t in keep if not concerned & set(all_tables[t])]
        for attempt in (fewer, []):
            reseated = seat_with_history(all_tables, seat_counts, attempt)
            if _spread(reseated, seat_counts, roster) < _spread(seated, seat_counts, roster):
                seated = reseated
            if _spread(seated, seat_counts, roster) <= 1:
                break
    index = 0
    for session in found.sessions[played:]:
        result.append(tuple(seated[index : index + len(session)]))
        index += len(session)
    return Repaired(
        schedule=Schedule(players, (*history, *result)),
        substitutes=tuple(substitutes),
        moved=moved,
        byes=sum(len(out) for out in sitting_out),
    )

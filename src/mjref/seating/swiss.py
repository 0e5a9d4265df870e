"""Swiss seating: a later session seated from the standings, strongest together.

The players are taken in standings order. The first table is the leader and the
three highest-ranked players who can join them (no two of the four have met,
and, if asked, no two share a group); the next table likewise from the players
left, and so on. When a choice leaves the players below unable to fill their
tables, the search backs up and takes the next choice (depth-first, candidates
in rank order). The result is the seating that keeps the strongest players
together as far up the standings as possible.

If no such seating is found within :data:`NODE_BUDGET` steps (late in an event,
when most pairs have met), the local search of :mod:`mjref.seating.improve`
seats the session with a repeated meeting costing :data:`REPEAT_WEIGHT` and each
table a player sits away from their rank's table costing 1, and the repeats it
could not avoid are reported.

Tables are numbered in standings order (table 1 = the top table) and each
table's seats are chosen to even out every player's winds so far.

>>> history = (((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)),)
>>> [sorted(table) for table in swiss_session(history, range(1, 17)).tables]
[[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjref.errors import InputError
from mjref.messages import Message
from mjref.players import PlayerId, check_player_id
from mjref.seating.constraints import ApartGroup, apart_pairs
from mjref.seating.errors import SeatingError
from mjref.seating.improve import TableCost, improve
from mjref.seating.known import Row
from mjref.seating.schedule import TABLE_SIZE, Session, Table, as_session
from mjref.seating.winds import seat_with_history

_STANDINGS = Message("seating.where.standings")

NODE_BUDGET = 200_000
"""Steps of the depth-first search before the local search takes over."""

REPEAT_WEIGHT = 50
"""Cost of a repeated meeting in the fallback, against 1 per table of displacement."""


@dataclass(frozen=True, slots=True)
class SwissSession:
    """The Swiss-seated session and what it cost."""

    tables: tuple[Table, ...]
    repeats: int
    """Pairs at these tables who have met before."""
    group_meetings: int
    """Pairs at these tables who share a group (when groups were given)."""
    displacement: int
    """Sum over players of how many tables away from their rank's table they sit."""
    method: str


class _OutOfBudgetError(Exception):
    pass


MAX_LISTED = 10
"""How many missing players an error names before it says how many more there are."""


def check_standings(standings: Sequence[int], players: int) -> None:
    """The standings rank exactly the schedule's ``players`` (numbers 1 to ``players``),
    each once; substitutes numbered on from ``players`` may complete the last table."""
    room = players + (TABLE_SIZE - players % TABLE_SIZE) % TABLE_SIZE
    seen: set[int] = set()
    for position, player in enumerate(standings, start=1):
        where = Message("seating.where.item", {"list": _STANDINGS, "item": position})
        try:
            check_player_id(player, where)
        except InputError as error:
            raise SeatingError(error.message, where=where) from None
        if player > room:
            raise SeatingError.of(
                "seating.unknown-player", where=where, player=player, players=players
            )
        if player in seen:
            raise SeatingError.of("seating.player-listed-twice", where=where, player=player)
        seen.add(player)
    missing = [p for p in range(1, players + 1) if p not in seen]
    if missing:
        listed = ", ".join(map(str, missing[:MAX_LISTED]))
        if len(missing) > MAX_LISTED:
            listed += f" (+{len(missing) - MAX_LISTED})"
        raise SeatingError.of("seating.standings-incomplete", where=_STANDINGS, missing=listed)
    spare = len(standings) % TABLE_SIZE
    if spare or not standings:
        raise SeatingError.of(
            "seating.swiss-count",
            where=_STANDINGS,
            players=len(standings),
            substitutes=(TABLE_SIZE - spare) % TABLE_SIZE,
            drop=spare,
        )


def _ranked_search(
    standings: Sequence[int], avoid: set[tuple[int, int]], budget: int
) -> list[Row] | None:
    nodes = 0

    def clear(a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) not in avoid

    def search(remaining: list[int]) -> list[Row] | None:
        nonlocal nodes
        if not remaining:
            return []
        anchor, rest = remaining[0], remaining[1:]
        window = [p for p in rest if clear(anchor, p)]
        for trio in itertools.combinations(window, TABLE_SIZE - 1):
            nodes += 1
            if nodes > budget:
                raise _OutOfBudgetError
            if not all(clear(a, b) for a, b in itertools.combinations(trio, 2)):
                continue
            below = search([p for p in rest if p not in trio])
            if below is not None:
                return [(anchor, *trio), *below]
        return None

    try:
        return search(list(standings))
    except _OutOfBudgetError:
        return None


def swiss_session(
    history: Sequence[Session],
    standings: Sequence[PlayerId],
    groups: Sequence[ApartGroup] = (),
    seed: int = 0,
    players: int | None = None,
) -> SwissSession:
    """Seat the next session from ``standings`` (player numbers, leader first).

    ``players``: the schedule's players (default: the highest number seated so far or
    ranked); the standings must rank each of them (see :func:`check_standings`).
    """
    if players is None:
        before = (p for session in history for t in session for p in t)
        players = max((*before, *(p for p in standings if isinstance(p, int))), default=0)
    check_standings(standings, players)
    met: set[tuple[int, int]] = set()
    for session in history:
        for table in session:
            for a, b in itertools.combinations(table, 2):
                met.add((min(a, b), max(a, b)))
    grouped: set[tuple[int, int]] = set(apart_pairs(groups))
    rank: dict[int, int] = {p: i for i, p in enumerate(standings)}
    found = _ranked_search(standings, met | grouped, NODE_BUDGET)
    method = "ranked search"
    if found is None:
        method = "local search (the ranked search found no seating in its budget)"
        found = _fallback(history, standings, grouped, seed)
    found.sort(key=lambda table: min(rank[p] for p in table))
    counts: dict[int, list[int]] = {}
    for session in history:
        for table in session:
            for seat, p in enumerate(table):
                counts.setdefault(p, [0, 0, 0, 0])[seat] += 1
    seated = as_session(
        seat_with_history([tuple(sorted(t, key=rank.__getitem__)) for t in found], counts)
    )
    pairs = [
        (min(a, b), max(a, b)) for table in seated for a, b in itertools.combinations(table, 2)
    ]
    return SwissSession(
        tables=seated,
        repeats=sum(1 for pair in pairs if pair in met),
        group_meetings=sum(1 for pair in pairs if pair in grouped),
        displacement=sum(
            abs(t - rank[p] // TABLE_SIZE) for t, table in enumerate(seated) for p in table
        ),
        method=method,
    )


def _fallback(
    history: Sequence[Session],
    standings: Sequence[int],
    grouped: set[tuple[int, int]],
    seed: int,
) -> list[Row]:
    """Local search over the new session, earlier sessions fixed."""
    people = sorted({p for s in history for t in s for p in t} | set(standings))
    index = {p: i + 1 for i, p in enumerate(people)}  # compact numbers for the search
    width = len(standings) // TABLE_SIZE
    new = tuple(
        tuple(index[p] for p in standings[t * TABLE_SIZE : (t + 1) * TABLE_SIZE])
        for t in range(width)
    )
    sessions = [tuple(tuple(index[p] for p in table) for table in s) for s in history]
    away = {PlayerId(index[p]): [0] * width for p in people}
    for r, p in enumerate(standings):
        away[PlayerId(index[p])] = [abs(t - r // TABLE_SIZE) for t in range(width)]
    costs: list[TableCost | None] = [*([None] * len(sessions)), away]
    found = improve(
        len(people),
        [*sessions, new],
        rng=random.Random(seed),
        max_iterations=20_000,
        frozen=len(sessions),
        repeat_weight=REPEAT_WEIGHT,
        apart=[(index[a], index[b]) for a, b in grouped if a in index and b in index],
        apart_weight=REPEAT_WEIGHT,
        table_cost=costs,
    )
    return [tuple(people[i - 1] for i in table) for table in found.sessions[-1]]

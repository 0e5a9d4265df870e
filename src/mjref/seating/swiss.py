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
    method: tuple[Message, ...]
    """How the tables were found: the steps (keys ``seating.method.*``)."""

    @property
    def repeat_weight(self) -> int:
        """What a repeated meeting (or a group meeting) costs against a table of rank."""
        return REPEAT_WEIGHT

    @property
    def cost(self) -> int:
        """The cost terms traded, added up by the method's weights."""
        return REPEAT_WEIGHT * (self.repeats + self.group_meetings) + self.displacement


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


def _any_repeat_free(
    standings: Sequence[int], avoid: set[tuple[int, int]], budget: int
) -> list[Row] | None:
    """Any seating with no pair from ``avoid`` at a table, by a complete search.

    Depth-first, the player with the fewest possible table mates first (so dead ends
    show early); ``None`` when none exists or the budget of steps runs out.
    """
    players = list(standings)
    allowed = {
        p: frozenset(q for q in players if q != p and (min(p, q), max(p, q)) not in avoid)
        for p in players
    }
    steps = 0

    def search(left: frozenset[int]) -> list[Row] | None:
        nonlocal steps
        if not left:
            return []
        anchor = min(left, key=lambda p: (len(allowed[p] & left), p))
        for trio in itertools.combinations(sorted(allowed[anchor] & left), TABLE_SIZE - 1):
            steps += 1
            if steps > budget:
                raise _OutOfBudgetError
            a, b, c = trio
            if b in allowed[a] and c in allowed[a] and c in allowed[b]:
                below = search(left - {anchor, a, b, c})
                if below is not None:
                    return [(anchor, *trio), *below]
        return None

    try:
        return search(frozenset(players))
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
    method: tuple[Message, ...] = (Message("seating.method.ranked-search"),)
    if found is None:
        start = _any_repeat_free(standings, met | grouped, NODE_BUDGET)
        found, method = _fallback(history, standings, met, grouped, seed, start)
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


FALLBACK_STEPS = 20_000
"""Steps of each local search of the fallback."""

STRICT_WEIGHT = 5_000
"""The repeat weight of the fallback's searches for a repeat-free seating."""


def _cost(
    tables: Sequence[Row],
    met: set[tuple[int, int]],
    grouped: set[tuple[int, int]],
    rank: dict[int, int],
) -> tuple[int, int]:
    """The method's cost of a seating (:data:`REPEAT_WEIGHT` per repeated meeting or
    group meeting, 1 per table a player sits from their rank's table; tables in
    standings order), and its repeats."""
    ordered = sorted(tables, key=lambda table: min(rank[p] for p in table))
    repeats = groups = away = 0
    for t, table in enumerate(ordered):
        for a, b in itertools.combinations(table, 2):
            pair = (min(a, b), max(a, b))
            repeats += pair in met
            groups += pair in grouped
        away += sum(abs(t - rank[p] // TABLE_SIZE) for p in table)
    return REPEAT_WEIGHT * (repeats + groups) + away, repeats


def _fallback(
    history: Sequence[Session],
    standings: Sequence[int],
    met: set[tuple[int, int]],
    grouped: set[tuple[int, int]],
    seed: int,
    repeat_free: list[Row] | None,
) -> tuple[list[Row], tuple[Message, ...]]:
    """The cheapest of a few local searches over the new session, earlier sessions fixed.

    One starts from the standings and weighs a repeat as the method does
    (:data:`REPEAT_WEIGHT`); one weighs it as :data:`STRICT_WEIGHT`, so it looks for a
    repeat-free seating first; and when the complete search found a repeat-free
    seating (``repeat_free``), one starts there and only brings players nearer their
    rank without a repeat. The seating with the least cost by the method's own weights
    is kept, so a repeat-free seating within that cost is never passed over for one
    with a repeat.
    """
    rank = {p: i for i, p in enumerate(standings)}
    searched = (Message("seating.method.swiss-local-search"),)
    found = [
        (_local_search(history, standings, grouped, seed, REPEAT_WEIGHT), searched),
        (_local_search(history, standings, grouped, seed + 1, STRICT_WEIGHT), searched),
    ]
    if repeat_free is not None:
        tables = _local_search(history, standings, grouped, seed + 2, STRICT_WEIGHT, repeat_free)
        found.append((tables, (Message("seating.method.swiss-complete-search"),)))
    return min(found, key=lambda option: _cost(option[0], met, grouped, rank))


def _local_search(
    history: Sequence[Session],
    standings: Sequence[int],
    grouped: set[tuple[int, int]],
    seed: int,
    weight: int,
    start: Sequence[Row] | None = None,
) -> list[Row]:
    """Local search over the new session, earlier sessions fixed, repeats costing
    ``weight`` and each table away from the rank's table 1; from ``start`` (tables in
    standings order) or from the standings themselves."""
    people = sorted({p for s in history for t in s for p in t} | set(standings))
    index = {p: i + 1 for i, p in enumerate(people)}  # compact numbers for the search
    width = len(standings) // TABLE_SIZE
    rank = {p: i for i, p in enumerate(standings)}
    if start is None:
        start = [tuple(standings[t * TABLE_SIZE : (t + 1) * TABLE_SIZE]) for t in range(width)]
    ordered = sorted(start, key=lambda table: min(rank[p] for p in table))
    new = tuple(tuple(index[p] for p in table) for table in ordered)
    sessions = [tuple(tuple(index[p] for p in table) for table in s) for s in history]
    away = {PlayerId(index[p]): [0] * width for p in people}
    for r, p in enumerate(standings):
        away[PlayerId(index[p])] = [abs(t - r // TABLE_SIZE) for t in range(width)]
    costs: list[TableCost | None] = [*([None] * len(sessions)), away]
    found = improve(
        len(people),
        [*sessions, new],
        rng=random.Random(seed),
        max_iterations=FALLBACK_STEPS,
        frozen=len(sessions),
        repeat_weight=weight,
        apart=[(index[a], index[b]) for a, b in grouped if a in index and b in index],
        apart_weight=weight,
        table_cost=costs,
    )
    return [tuple(people[i - 1] for i in table) for table in found.sessions[-1]]

"""The checker: measures a schedule's quality, independent of how it was made.

Definitions (``m(p, q)`` = sessions in which players ``p`` and ``q`` share a table):

* ``repeated_meetings``: the sum over all pairs of ``max(0, m(p, q) - 1)``.
* ``pairs_meeting_more_than_twice``: pairs with ``m(p, q) > 2``.
* ``wind_spread``: over players, the largest difference between the seat a player
  took most often and the seat taken least often (East, South, West, North).
* ``table_revisits``: the sum over players and table numbers of
  ``max(0, sessions at that table - 1)``.
* ``min_common_opponents`` and ``mean_common_opponents`` (*indirect meetings*): over
  pairs who never meet, the smallest and the mean number of players who met both
  (their common opponents, which make their results comparable); ``None`` when every
  pair meets. The mean is rounded to three decimals.
* ``components``: the number of groups of players who are connected by meetings
  (``p`` met ``q``, who met ``r`` ...), over the players seated at least once; 1 when the
  field is one connected field, as standings need.
* ``byes``: player-sessions sat out (players not seated in a session).

>>> from mjref.seating.schedule import Schedule, as_sessions
>>> s = Schedule(8, as_sessions((((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 5, 6), (3, 4, 7, 8)))))
>>> m = measure(s)
>>> m.repeated_meetings, m.wind_spread, m.table_revisits, m.min_common_opponents
(4, 2, 4, 4)
>>> m.mean_common_opponents, m.components
(4.0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from mjref.seating.schedule import TABLE_SIZE, Schedule


@dataclass(frozen=True, slots=True)
class Metrics:
    """What the checker measured (see the module docstring for the definitions)."""

    repeated_meetings: int
    pairs_meeting_more_than_twice: int
    wind_spread: int
    table_revisits: int
    min_common_opponents: int | None
    byes: int
    mean_common_opponents: float | None = None
    components: int = 1

    def as_dict(self) -> dict[str, int | float | None]:
        return {
            "repeated_meetings": self.repeated_meetings,
            "pairs_meeting_more_than_twice": self.pairs_meeting_more_than_twice,
            "wind_spread": self.wind_spread,
            "table_revisits": self.table_revisits,
            "min_common_opponents": self.min_common_opponents,
            "mean_common_opponents": self.mean_common_opponents,
            "components": self.components,
            "byes": self.byes,
        }


def meeting_counts(schedule: Schedule) -> dict[tuple[int, int], int]:
    """``m(p, q)`` for every pair that meets at least once, keyed ``(p, q)`` with p < q."""
    counts: dict[tuple[int, int], int] = {}
    for session in schedule.sessions:
        for table in session:
            for i in range(TABLE_SIZE):
                for j in range(i + 1, TABLE_SIZE):
                    a, b = table[i], table[j]
                    key = (a, b) if a < b else (b, a)
                    counts[key] = counts.get(key, 0) + 1
    return counts


def seat_counts(schedule: Schedule) -> dict[int, tuple[int, int, int, int]]:
    """How often each player sat East, South, West and North."""
    counts = {p: [0, 0, 0, 0] for p in range(1, schedule.players + 1)}
    for session in schedule.sessions:
        for table in session:
            for seat, player in enumerate(table):
                counts[player][seat] += 1
    return {p: (c[0], c[1], c[2], c[3]) for p, c in counts.items()}


def table_visits(schedule: Schedule) -> dict[tuple[int, int], int]:
    """How often each player sat at each table number, keyed ``(player, table)``."""
    visits: dict[tuple[int, int], int] = {}
    for session in schedule.sessions:
        for t, table in enumerate(session):
            for player in table:
                visits[player, t] = visits.get((player, t), 0) + 1
    return visits


@dataclass(frozen=True, slots=True)
class Indirect:
    """Common opponents over the pairs who never meet (``None``: every pair meets)."""

    minimum: int | None
    mean: float | None
    pairs: int
    """How many pairs never meet."""


def indirect_meetings(players: int, counts: Mapping[tuple[int, int], int]) -> Indirect:
    """Common opponents of the pairs who never meet, from the meeting counts.

    The count for ``p`` and ``q`` is entry ``(p, q)`` of the square of the 0/1 matrix of
    who met whom (a matrix product: fast even for 1,000 players).
    """
    met = np.zeros((players, players), dtype=np.float32)
    for a, b in counts:
        met[a - 1, b - 1] = met[b - 1, a - 1] = 1.0
    common = met @ met
    unmet = np.triu(met == 0, k=1)
    values = common[unmet]
    if values.size == 0:
        return Indirect(None, None, 0)
    return Indirect(
        int(values.min()),
        round(int(values.astype(np.int64).sum()) / values.size, 3),
        int(values.size),
    )


def min_common_opponents(schedule: Schedule, counts: Mapping[tuple[int, int], int]) -> int | None:
    """The smallest number of common opponents over pairs who never meet."""
    return indirect_meetings(schedule.players, counts).minimum


def components(players: int, tables: Iterable[Sequence[int]]) -> int:
    """Groups of players connected by meetings, over the players seated at least once."""
    parent = list(range(players + 1))

    def root(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    seated: set[int] = set()
    for table in tables:
        first = root(table[0])
        seated.update(table)
        for p in table[1:]:
            parent[root(p)] = first
            first = root(first)
    return len({root(p) for p in seated})


def measure(schedule: Schedule) -> Metrics:
    """Measure ``schedule`` (the checker)."""
    counts = meeting_counts(schedule)
    indirect = indirect_meetings(schedule.players, counts)
    seats = seat_counts(schedule)
    visits = table_visits(schedule)
    seated = sum(len(session) * TABLE_SIZE for session in schedule.sessions)
    return Metrics(
        repeated_meetings=sum(m - 1 for m in counts.values() if m > 1),
        pairs_meeting_more_than_twice=sum(1 for m in counts.values() if m > 2),
        wind_spread=max(max(c) - min(c) for c in seats.values()),
        table_revisits=sum(v - 1 for v in visits.values() if v > 1),
        min_common_opponents=indirect.minimum,
        byes=schedule.players * schedule.session_count - seated,
        mean_common_opponents=indirect.mean,
        components=components(schedule.players, (t for s in schedule.sessions for t in s)),
    )

"""The checker: measures a schedule's quality, independent of how it was made.

Definitions (``m(p, q)`` = sessions in which players ``p`` and ``q`` share a table):

* ``repeated_meetings``: the sum over all pairs of ``max(0, m(p, q) - 1)``.
* ``pairs_meeting_more_than_twice``: pairs with ``m(p, q) > 2``.
* ``wind_spread``: over players, the largest difference between the seat a player
  took most often and the seat taken least often (East, South, West, North).
* ``table_revisits``: the sum over players and table numbers of
  ``max(0, sessions at that table - 1)``.
* ``min_common_opponents``: over pairs who never meet, the smallest number of
  players who met both; ``None`` when every pair meets.
* ``byes``: player-sessions sat out (players not seated in a session).

>>> from mjref.seating.schedule import Schedule
>>> s = Schedule(8, (((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 2, 5, 6), (3, 4, 7, 8))))
>>> m = measure(s)
>>> m.repeated_meetings, m.wind_spread, m.table_revisits, m.min_common_opponents
(4, 2, 4, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

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

    def as_dict(self) -> dict[str, int | None]:
        return {
            "repeated_meetings": self.repeated_meetings,
            "pairs_meeting_more_than_twice": self.pairs_meeting_more_than_twice,
            "wind_spread": self.wind_spread,
            "table_revisits": self.table_revisits,
            "min_common_opponents": self.min_common_opponents,
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


def min_common_opponents(schedule: Schedule, counts: Mapping[tuple[int, int], int]) -> int | None:
    """The smallest number of common opponents over pairs who never meet."""
    n = schedule.players
    opponents = [0] * (n + 1)
    for a, b in counts:
        opponents[a] |= 1 << b
        opponents[b] |= 1 << a
    best: int | None = None
    for a in range(1, n + 1):
        met = opponents[a]
        for b in range(a + 1, n + 1):
            if met >> b & 1:
                continue
            common = (met & opponents[b]).bit_count()
            if best is None or common < best:
                best = common
                if best == 0:
                    return 0
    return best


def measure(schedule: Schedule) -> Metrics:
    """Measure ``schedule`` (the checker)."""
    counts = meeting_counts(schedule)
    seats = seat_counts(schedule)
    visits = table_visits(schedule)
    seated = sum(len(session) * TABLE_SIZE for session in schedule.sessions)
    return Metrics(
        repeated_meetings=sum(m - 1 for m in counts.values() if m > 1),
        pairs_meeting_more_than_twice=sum(1 for m in counts.values() if m > 2),
        wind_spread=max(max(c) - min(c) for c in seats.values()),
        table_revisits=sum(v - 1 for v in visits.values() if v > 1),
        min_common_opponents=min_common_opponents(schedule, counts),
        byes=schedule.players * schedule.session_count - seated,
    )

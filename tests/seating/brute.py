"""An independent, deliberately naive count of the seating metrics (test oracle).

It works on plain lists and shares no code with :mod:`mjref.seating.metrics`.
"""

from __future__ import annotations

from collections.abc import Sequence

Sessions = Sequence[Sequence[Sequence[int]]]


def meetings(sessions: Sessions, a: int, b: int) -> int:
    return sum(1 for session in sessions for table in session if a in table and b in table)


def repeated_meetings(players: int, sessions: Sessions) -> int:
    total = 0
    for a in range(1, players + 1):
        for b in range(a + 1, players + 1):
            total += max(0, meetings(sessions, a, b) - 1)
    return total


def pairs_over_twice(players: int, sessions: Sessions) -> int:
    return sum(
        1
        for a in range(1, players + 1)
        for b in range(a + 1, players + 1)
        if meetings(sessions, a, b) > 2
    )


def wind_spread(players: int, sessions: Sessions) -> int:
    worst = 0
    for p in range(1, players + 1):
        seats = [0, 0, 0, 0]
        for session in sessions:
            for table in session:
                if p in table:
                    seats[list(table).index(p)] += 1
        worst = max(worst, max(seats) - min(seats))
    return worst


def table_revisits(players: int, sessions: Sessions) -> int:
    total = 0
    for p in range(1, players + 1):
        numbers = [t for session in sessions for t, table in enumerate(session) if p in table]
        total += len(numbers) - len(set(numbers))
    return total


def min_common_opponents(players: int, sessions: Sessions) -> int | None:
    def opponents(p: int) -> set[int]:
        return {q for session in sessions for table in session if p in table for q in table} - {p}

    found = [
        len(opponents(a) & opponents(b))
        for a in range(1, players + 1)
        for b in range(a + 1, players + 1)
        if b not in opponents(a)
    ]
    return min(found) if found else None


def each_player_once(players: int, sessions: Sessions) -> bool:
    return all(
        sorted(p for table in s for p in table) == list(range(1, players + 1)) for s in sessions
    )


def common_opponents_of_unmet_pairs(players: int, sessions: Sessions) -> list[int]:
    """For every pair who never meet, how many players met both (a naive count)."""

    def opponents(p: int) -> set[int]:
        return {q for session in sessions for table in session if p in table for q in table} - {p}

    return [
        len(opponents(a) & opponents(b))
        for a in range(1, players + 1)
        for b in range(a + 1, players + 1)
        if b not in opponents(a)
    ]


def components(players: int, sessions: Sessions) -> int:
    """Groups of seated players linked by meetings, by growing each group until it stops."""
    seated = {p for session in sessions for table in session for p in table}
    left = set(seated)
    found = 0
    while left:
        group = {left.pop()}
        grew = True
        while grew:
            grew = False
            for session in sessions:
                for table in session:
                    if group & set(table) and not set(table) <= group:
                        group |= set(table)
                        grew = True
        left -= group
        found += 1
    return found

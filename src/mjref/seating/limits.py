"""Theoretical limits of seating schedules for tables of four.

Each session a player meets three others, so with ``n`` players at most
``(n - 1) // 3`` sessions can be free of repeated meetings.

>>> repeat_free_limit(32)
10
>>> repeat_lower_bound(16, 6)  # 6 sessions of 16 players: 144 meetings, 120 pairs
24
>>> revisit_lower_bound(16, 5)  # 4 tables, 5 sessions: each player revisits once
16
"""

from __future__ import annotations


def repeat_free_limit(players: int) -> int:
    """The most sessions in which ``players`` can all meet only new opponents."""
    return max(0, (players - 1) // 3)


def repeat_lower_bound(players: int, sessions: int) -> int:
    """The fewest repeated meetings any schedule of full tables can have.

    A session seats ``players // 4`` tables of six pairs; once every one of the
    ``players * (players - 1) / 2`` pairs has met, each further meeting repeats one.
    """
    meetings = sessions * (players // 4) * 6
    return max(0, meetings - players * (players - 1) // 2)


def revisit_lower_bound(players: int, sessions: int) -> int:
    """The fewest table revisits: a player with more sessions than tables must revisit."""
    return players * max(0, sessions - players // 4)


def wind_spread_bound(sessions: int) -> int:
    """The smallest possible wind spread: 0 when sessions divide by four, else 1."""
    return 0 if sessions % 4 == 0 else 1

"""Building small tournaments for tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from mjref.players import PlayerId
from mjref.services import tournament as ts
from mjref.services.tournament import EventLog
from mjref.tournament.roster import check_details

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
KW = {"actor": "referee", "now": NOW}


def P(n: int) -> PlayerId:  # noqa: N802 - reads like the players' numbers in the tests
    return PlayerId(n)


def make(
    log: EventLog,
    tid: str = "t",
    *,
    ruleset: str = "mers-2010",
    players: int = 8,
    substitutes: int = 0,
    sessions: int = 2,
    seating: Sequence[Sequence[Sequence[int]]] | None = None,
    start: int | None = None,
) -> None:
    """A tournament with ``players`` registered and checked in (numbers 1..players),
    ``substitutes`` after them, and (optionally) a seating given per session."""
    ts.create_tournament(
        log, tid, name="Test Cup", ruleset=ruleset, sessions=sessions, starting_points=start, **KW
    )
    for n in range(1, players + 1):
        ts.add_player(
            log,
            tid,
            check_details(f"First{n}", f"Last{n}", "HU", f"0600{n:04d}"),
            check_in=True,
            **KW,
        )
    for n in range(1, substitutes + 1):
        ts.add_player(log, tid, check_details(f"Sub{n}", "Stitute", "NL"), substitute=True, **KW)
    if seating is not None:
        ts.publish_plan(log, tid, [[[P(p) for p in table] for table in s] for s in seating], **KW)

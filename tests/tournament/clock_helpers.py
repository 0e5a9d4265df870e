"""Tournaments folded straight from events (no store, no services), for the clock tests."""

from __future__ import annotations

from collections.abc import Sequence

from mjref.players import PlayerId
from mjref.tournament import events as ev
from mjref.tournament.state import Tournament

T0 = 1_780_300_800
"""2026-06-01 08:00:00 UTC: the moment the tests' sessions start."""

MINUTE = 60


def base(ruleset: str = "rcr-2016", *, minutes: int = 90, tables: int = 2) -> Tournament:
    """A tournament of three sessions with ``4 * tables`` players seated for the first two,
    session 1 open."""
    riichi = ruleset.startswith("rcr")
    t = Tournament("t")
    players = [PlayerId(n) for n in range(1, 4 * tables + 1)]
    seating = tuple(tuple(players[i : i + 4]) for i in range(0, len(players), 4))
    events: list[ev.Event] = [
        ev.TournamentCreated(
            "Clock Cup",
            ruleset,
            None if riichi else "green-book",
            3,
            minutes,
            30_000 if riichi else None,
        ),
        *(ev.PlayerRegistered(p, f"F{p}", f"L{p}", "HU", "", "") for p in players),
        ev.SeatingPublished(1, (seating, seating[::-1])),
        ev.SessionOpened(1),
    ]
    append(t, *events)
    return t


def append(t: Tournament, *events: ev.Event, actor: str = "referee") -> None:
    """Check and fold each event, as a service would."""
    for event in events:
        t.check(event)
        t.apply(ev.Recorded(t.position + 1, event, actor, "2026-06-01T08:00:00+00:00"))


def refold(t: Tournament) -> Tournament:
    """The same log folded afresh (a restarted process)."""
    fresh = Tournament(t.id)
    fresh.extend(list(t.records()))
    return fresh


def at(minutes: float) -> int:
    """The moment ``minutes`` after :data:`T0`."""
    return T0 + round(minutes * MINUTE)


def started(
    ruleset: str = "rcr-2016", *, minutes: int = 90, more: Sequence[ev.Event] = ()
) -> Tournament:
    """Session 1 started at T0 for ``minutes``, then ``more``."""
    t = base(ruleset, minutes=minutes)
    append(t, ev.SessionStarted(1, T0, minutes), *more)
    return t

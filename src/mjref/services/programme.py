"""A player's programme: their table and seat in every published session, the session
they play next, and the start of each session as far as the tournament knows it.

The tournament keeps no timetable: a session's start is known once its clock has been
started (``SessionStarted``, :mod:`mjref.tournament.timeline`); before that a session has
no time. The player's page, their calendar file and the printed programmes read these
views (``docs/web.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from mjref.players import PlayerId
from mjref.services.tournament import EventLog, load
from mjref.tournament.state import Tournament
from mjref.tournament.timeline import ClockPhase

SEATS = ("E", "S", "W", "N")
"""The seats of a table in the order the seating lists them."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where a player sits in one session: table number (from 1) and seat (``E``..``N``)."""

    session: int
    table: int
    seat: str


@dataclass(frozen=True, slots=True)
class SessionTime:
    """A session whose clock was started: its start (UTC), its length in minutes and, once
    its play is over, its end."""

    session: int
    start: datetime
    minutes: int
    end: datetime | None


def _places(t: Tournament, player: PlayerId) -> tuple[Place, ...]:
    found = []
    for session in sorted(t.seating):
        for number, table in enumerate(t.seating[session], start=1):
            if player in table:
                found.append(Place(session, number, SEATS[table.index(player)]))
    return tuple(found)


def places(log: EventLog, tournament: str, player: PlayerId) -> tuple[Place, ...]:
    """The player's table and seat in each published session, by session (sessions where
    they do not play left out)."""
    return _places(load(log, tournament), player)


def all_places(log: EventLog, tournament: str) -> dict[PlayerId, tuple[Place, ...]]:
    """:func:`places` of every registered player, by player number."""
    t = load(log, tournament)
    return {v.player: _places(t, v.player) for v in t.player_views()}


def _over(t: Tournament, session: int) -> bool:
    return session in t.closed or t.timeline(session).phase is ClockPhase.ENDED


def next_place(log: EventLog, tournament: str, player: PlayerId) -> Place | None:
    """Where the player sits in the first published session whose play is not over (not
    closed, its clock not ended): the one in play, else the next one; ``None`` when they
    have no such session."""
    return next_place_in(load(log, tournament), player)


def next_place_in(t: Tournament, player: PlayerId) -> Place | None:
    """:func:`next_place` in the folded tournament ``t`` (for the other services)."""
    for place in _places(t, player):
        if not _over(t, place.session):
            return place
    return None


def session_times(log: EventLog, tournament: str) -> tuple[SessionTime, ...]:
    """The sessions whose clock was started, by session, with their start and length (and
    end, when the clock has ended)."""
    t = load(log, tournament)
    found = []
    for session in sorted(t.clock_log):
        line = t.timeline(session)
        if line.start is None or line.minutes is None:
            continue
        end = None if line.end is None else datetime.fromtimestamp(line.end, UTC)
        start = datetime.fromtimestamp(line.start, UTC)
        found.append(SessionTime(session, start, line.minutes, end))
    return tuple(found)

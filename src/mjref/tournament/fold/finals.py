"""Finals and hidden standings in the fold: a final session seated from the standings, and
the standings hidden from the public from a session on until they are revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjref.players import PlayerId
from mjref.tournament import _finals_messages  # noqa: F401  (registers the wording)
from mjref.tournament import events as ev
from mjref.tournament.finals import TABLE, finals_count, finals_tables
from mjref.tournament.fold.base import Reducer, err
from mjref.tournament.fold.seating import SeatingReducer

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament


def hidden_from(t: Tournament) -> int | None:
    """The session from which the standings are hidden from the public, or ``None``."""
    found: int | None = None
    for recorded in t.log:
        event = recorded.event
        if isinstance(event, ev.StandingsHidden):
            found = event.from_session
        elif isinstance(event, ev.StandingsRevealed):
            found = None
    return found


def ranked_players(t: Tournament) -> tuple[PlayerId, ...]:
    """The ranked players in standings order (the order a final is seated from)."""
    from mjref.tournament.standings import Standing, standings

    return tuple(row.player.player for row in standings(t).ranked if row.status is Standing.RANKED)


def finals_for(
    t: Tournament, session: int, mode: ev.FinalsMode, count: int
) -> tuple[tuple[PlayerId, ...], ...]:
    """The tables a final of ``session`` gets now, or the error why it cannot be seated:
    every earlier session played, this one not, and enough ranked players."""
    t.require_session(session, published=False)
    played = t.played_sessions()
    if session in played:
        raise err("tournament.finals.played", session=session)
    missing = [s for s in range(1, session) if s not in played]
    if missing:
        raise err("tournament.finals.earlier-unplayed", session=session, earlier=missing[0])
    wanted = finals_count(mode, count)
    if wanted < TABLE or wanted % TABLE:
        raise err("tournament.finals.count", count=wanted)
    ranked = ranked_players(t)
    if wanted > len(ranked):
        raise err("tournament.finals.too-few", count=wanted, ranked=len(ranked))
    return finals_tables(ranked, mode, count)


class FinalsSeatedReducer(Reducer[ev.FinalsSeated]):
    """A final session seated from the standings: the tables must be the standings' own
    (recomputed here), for a session not yet played after every earlier one."""

    def check(self, t: Tournament, event: ev.FinalsSeated) -> None:
        tables = finals_for(t, event.session, event.mode, event.count)
        if event.tables != tables:
            raise err("tournament.finals.not-standings", session=event.session)
        if event.session > len(t.seating) + 1:
            raise err(
                "tournament.seating-count",
                first=event.session,
                last=event.session,
                sessions=t.sessions,
            )

    def add(self, t: Tournament, origin: int, seq: int, event: ev.FinalsSeated) -> None:
        published = ev.SeatingPublished(first_session=event.session, sessions=(event.tables,))
        SeatingReducer(ev.SeatingPublished).add(t, origin, seq, published)


class StandingsHiddenReducer(Reducer[ev.StandingsHidden]):
    """The standings hidden from a session on (a session of the tournament)."""

    def check(self, t: Tournament, event: ev.StandingsHidden) -> None:
        t.require_session(event.from_session, published=False)


class StandingsRevealedReducer(Reducer[ev.StandingsRevealed]):
    """The standings shown again: only while they are hidden."""

    def check(self, t: Tournament, event: ev.StandingsRevealed) -> None:
        if hidden_from(t) is None:
            raise err("tournament.standings-not-hidden")


REDUCERS = (
    FinalsSeatedReducer(ev.FinalsSeated),
    StandingsHiddenReducer(ev.StandingsHidden),
    StandingsRevealedReducer(ev.StandingsRevealed),
)

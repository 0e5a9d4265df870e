"""Use cases of finals and hidden standings: seat a final session from the standings,
hide the standings from the public from a session on, reveal them again; and what the
public may see meanwhile (officials see everything).

While the standings are hidden from session ``k``, the public sees no place, total or
score of anyone, no result of session ``k`` or later (player pages keep the lines of the
sessions before it), and no running chart; the seating stays public (a final's tables
show who is in it, not the scores). Every public reader - the pages, the venue screen,
the API's public reads and the static site - asks :func:`hidden_from` and masks with the
helpers below.
"""

from __future__ import annotations

from datetime import datetime

from mjref.services.tournament import EventLog, load
from mjref.services.tournament_results import record_one
from mjref.tournament import events as ev
from mjref.tournament.finals import hidden_session
from mjref.tournament.fold import finals as fold
from mjref.tournament.standings import SessionLine
from mjref.tournament.state import Tournament


def seat_finals(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    mode: ev.FinalsMode,
    count: int,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Seat ``session`` from the standings as they are now (``mode`` top-4, or by-rank
    with ``count`` players)."""

    def make(t: Tournament) -> ev.Event:
        tables = fold.finals_for(t, session, mode, count)
        return ev.FinalsSeated(session=session, mode=mode, count=len(tables) * 4, tables=tables)

    return record_one(log, tournament, make, actor=actor, now=now)


def parse_mode(value: str, where: str) -> ev.FinalsMode:
    """A final's seating mode as typed (``top-4`` or ``by-rank``, any case), or the error
    naming the choices."""
    from mjref.services.catalogue import parse_choice

    found: ev.FinalsMode = parse_choice(ev.FinalsMode, value, where)
    return found


def hide_standings(
    log: EventLog, tournament: str, *, from_session: int, actor: str, now: datetime
) -> ev.Recorded:
    """Hide the standings from the public from ``from_session`` on."""
    return record_one(
        log, tournament, lambda t: ev.StandingsHidden(from_session), actor=actor, now=now
    )


def reveal_standings(log: EventLog, tournament: str, *, actor: str, now: datetime) -> ev.Recorded:
    """Show the hidden standings to the public again."""
    return record_one(log, tournament, lambda t: ev.StandingsRevealed(), actor=actor, now=now)


def hidden_from(log: EventLog, tournament: str) -> int | None:
    """The session from which the standings are hidden from the public, or ``None``."""
    return fold.hidden_from(load(log, tournament))


def public_history(lines: tuple[SessionLine, ...], hidden: int | None) -> tuple[SessionLine, ...]:
    """A player's session lines as the public may see them: none of a hidden session."""
    return tuple(line for line in lines if not hidden_session(hidden, line.session))


def session_hidden(log: EventLog, tournament: str, session: int) -> bool:
    """Whether the public may not see ``session``'s results."""
    return hidden_session(hidden_from(log, tournament), session)

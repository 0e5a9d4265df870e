"""Use cases of the session clock: start, pause, resume and end a session, give a table
extra time, and read the clock at a moment (:mod:`mjref.tournament.clock`).

Each change is an event in the log with who recorded it and when (``actor``, ``now``),
checked against the tournament as folded from the log like every entry
(:func:`mjref.services.tournament.record`). A change takes effect at ``now``, or at
``at`` when the caller says it happened a little earlier (the referee started the
session on a whistle and types it in a minute later): ``at`` may be up to
:data:`MAX_BACKDATE` old, never in the future, and never before the clock's last entry.
Without ``at`` a change never goes before the clock's last entry either: a process whose
clock is a second behind another's still records a moment after it.

The clock state is a pure function of the log and ``now``, so it is the same in every
process and after a restart; :func:`log_position` tells a reader cheaply whether the log
has moved since it last looked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from mjref.errors import InputError
from mjref.messages import Message
from mjref.services.tournament import EventLog, load, record, seconds
from mjref.tournament import events as ev
from mjref.tournament.clock import ClockState, current_session
from mjref.tournament.clock import clock_state as fold_clock
from mjref.tournament.errors import TournamentError
from mjref.tournament.roster import check_text
from mjref.tournament.state import Tournament

MAX_BACKDATE = timedelta(hours=24)
"""How long ago a change given with ``at`` may have happened."""

FUTURE_SLACK = timedelta(seconds=60)
"""How far ahead of ``now`` an ``at`` may be (two computers' clocks differ a little)."""


class PositionedLog(Protocol):
    """A log that tells its last position without reading the events."""

    def position(self, tournament: str) -> int: ...


@dataclass(frozen=True, slots=True)
class ClockChange:
    """A change of the clock as recorded (the session's opening too, when starting opened
    it) and the clock right after it."""

    recorded: tuple[ev.Recorded, ...]
    state: ClockState


def _moment(t: Tournament, session: int, at: datetime | None, now: datetime) -> int:
    """The moment a change takes effect (see the module's description)."""
    if at is None:
        return max(seconds(now), t.timeline(session).last or 0)
    shown = at.isoformat(timespec="seconds")
    if at > now + FUTURE_SLACK:
        raise InputError.of("clock.at-future", "--at", value=shown)
    if at < now - MAX_BACKDATE:
        hours = int(MAX_BACKDATE.total_seconds() // 3600)
        raise InputError.of("clock.at-too-old", "--at", value=shown, hours=hours)
    return seconds(at)


Make = Callable[[Tournament, int], Iterator[ev.Event]]
"""Yields the events of a change taking effect at the given moment."""


def _change(
    log: EventLog,
    tournament: str,
    session: int,
    make: Make,
    *,
    at: datetime | None,
    now: datetime,
    actor: str,
) -> ClockChange:
    moments: list[int] = []

    def build(t: Tournament) -> Iterator[ev.Event]:
        moment = _moment(t, session, at, now)
        moments.append(moment)
        yield from make(t, moment)

    recorded = record(log, tournament, build, actor=actor, now=now)
    t = load(log, tournament)
    return ClockChange(recorded, fold_clock(t, session, max(seconds(now), moments[-1])))


def start_session(
    log: EventLog,
    tournament: str,
    session: int,
    *,
    minutes: int | None = None,
    at: datetime | None = None,
    actor: str,
    now: datetime,
) -> ClockChange:
    """The start signal of ``session``: its clock runs for ``minutes`` (default: the
    tournament's session length). The session is opened first if it was not; it must
    have a published seating, and no other session may be on the clock."""

    def make(t: Tournament, moment: int) -> Iterator[ev.Event]:
        t.require_session(session)
        if session not in t.opened:
            yield ev.SessionOpened(session)
        length = t.settings.session_minutes if minutes is None else minutes
        yield ev.SessionStarted(session, moment, length)

    return _change(log, tournament, session, make, at=at, now=now, actor=actor)


def pause_session(
    log: EventLog,
    tournament: str,
    session: int,
    *,
    reason: str = "",
    at: datetime | None = None,
    actor: str,
    now: datetime,
) -> ClockChange:
    """Stop the clock of ``session`` (the whole room waits); it must be running."""
    text = check_text(reason, "reason", required=False)

    def make(t: Tournament, moment: int) -> Iterator[ev.Event]:
        yield ev.SessionPaused(session, moment, text)

    return _change(log, tournament, session, make, at=at, now=now, actor=actor)


def resume_session(
    log: EventLog,
    tournament: str,
    session: int,
    *,
    at: datetime | None = None,
    actor: str,
    now: datetime,
) -> ClockChange:
    """Let the clock of ``session`` run again; it must be paused."""

    def make(t: Tournament, moment: int) -> Iterator[ev.Event]:
        yield ev.SessionResumed(session, moment)

    return _change(log, tournament, session, make, at=at, now=now, actor=actor)


def end_session(
    log: EventLog,
    tournament: str,
    session: int,
    *,
    reason: str = "",
    at: datetime | None = None,
    actor: str,
    now: datetime,
) -> ClockChange:
    """Play of ``session`` is over: its clock stops for good (closing the session for
    results is :func:`mjref.services.tournament.close_session`)."""
    text = check_text(reason, "reason", required=False)

    def make(t: Tournament, moment: int) -> Iterator[ev.Event]:
        yield ev.SessionEnded(session, moment, text)

    return _change(log, tournament, session, make, at=at, now=now, actor=actor)


def grant_extra_time(
    log: EventLog,
    tournament: str,
    session: int,
    table: int,
    minutes: int,
    *,
    reason: str,
    at: datetime | None = None,
    actor: str,
    now: datetime,
) -> ClockChange:
    """Give ``table`` of ``session`` ``minutes`` more (1 to
    :data:`~mjref.tournament.events.MAX_EXTRA_MINUTES` at a time, at most
    :data:`~mjref.tournament.events.MAX_TABLE_EXTRA_MINUTES` in all), with the reason:
    e.g. the time its play was frozen for a ruling (MERS 2.1). Only that table's end
    moves. A grant made by mistake is corrected or voided with ``mjref correct``."""
    text = check_text(reason, "reason", required=True)

    def make(t: Tournament, moment: int) -> Iterator[ev.Event]:
        yield ev.ExtraTimeGranted(session, table, minutes, text, moment)

    return _change(log, tournament, session, make, at=at, now=now, actor=actor)


def clock_state(log: EventLog, tournament: str, session: int | None, now: datetime) -> ClockState:
    """The clock of ``session`` at ``now`` (``None``: the session in play, see
    :func:`mjref.tournament.clock.current_session`)."""
    t = load(log, tournament)
    if session is None:
        session = current_session(t)
        if session is None:
            raise TournamentError(Message("clock.no-session", {}))
    return fold_clock(t, session, seconds(now))


def next_session(log: EventLog, tournament: str, now: datetime) -> int | None:
    """The session the room waits for when none is in play: the first published session
    not yet closed (after the one whose play has ended, if any); ``None`` while a session
    is running or paused, or when none is left. The venue screen shows its seating."""
    t = load(log, tournament)
    playing = current_session(t)
    if playing is not None:
        phase = fold_clock(t, playing, seconds(now)).phase.value
        if phase in ("running", "paused"):
            return None
    upcoming = [s for s in sorted(t.seating) if s not in t.closed]
    if playing is not None:
        upcoming = [s for s in upcoming if s > playing] if phase == "ended" else upcoming
    return upcoming[0] if upcoming else None


def log_position(log: PositionedLog, tournament: str) -> int:
    """The position of the last entry of ``tournament`` (0: none), read without reading
    the entries: a live page compares it with the ``position`` of the state it shows."""
    return log.position(tournament)

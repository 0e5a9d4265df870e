"""The clock in the fold: each session's start, pauses, resumption, end and the extra time
given to its tables, kept in log order for :mod:`mjref.tournament.timeline`, and the notice
on the venue screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.fold.base import Reducer, conflict, err
from mjref.tournament.timeline import ClockEntry, ClockPhase, Timeline

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament

ClockEvent = (
    ev.SessionStarted | ev.SessionPaused | ev.SessionResumed | ev.SessionEnded | ev.ExtraTimeGranted
)
"""An event a session's clock is folded from (:data:`~mjref.tournament.events.CLOCK_EVENTS`)."""


def clock_entries(t: Tournament, session: int) -> tuple[ClockEntry, ...]:
    """The clock events of ``session`` in force, in log order (a corrected grant of
    extra time as corrected, a voided one left out)."""
    found = []
    for origin in t.clock_log.get(session, ()):
        if origin in t.live:
            event = t.live[origin]
            if event is None:
                continue
            seq = t.chain(origin)[-1]
        else:
            event, seq = t.log[origin - 1].event, origin
        found.append(ClockEntry(seq, event, t.log[seq - 1].actor))
    return tuple(found)


def _check_grant(
    t: Tournament, event: ev.ExtraTimeGranted, line: Timeline, *, replacing: int = 0
) -> None:
    """Extra time for a table that exists: 1 to MAX_EXTRA_MINUTES at a time, the
    table's total bounded, with a reason; ``replacing``: the minutes of the grant a
    correction replaces."""
    t.require_table(event.session, event.table)
    if not 1 <= event.minutes <= ev.MAX_EXTRA_MINUTES:
        raise err(
            "clock.bad-extra-minutes",
            "--minutes",
            value=event.minutes,
            limit=ev.MAX_EXTRA_MINUTES,
        )
    total = line.extra(event.table) - replacing + event.minutes
    if total > ev.MAX_TABLE_EXTRA_MINUTES:
        raise err(
            "clock.too-much-extra",
            "--minutes",
            table=event.table,
            session=event.session,
            total=total,
            limit=ev.MAX_TABLE_EXTRA_MINUTES,
        )
    if not event.reason.strip():
        raise err("clock.reason-missing", "--reason")


class ClockReducer(Reducer[ClockEvent]):
    """A clock event: the session published and not closed, its moment not before the
    clock's last one, and the clock where the event can happen; folded in as a place in
    the session's clock log (a correction keeps its origin's place)."""

    def check(self, t: Tournament, event: ClockEvent) -> None:
        session = event.session
        t.require_session(session)
        if session in t.closed:
            raise err("tournament.session-closed", session=session)
        if not 0 <= event.time <= ev.MAX_CLOCK_TIME:
            raise err("clock.bad-time", session=session)
        line = t.timeline(session)
        if line.last is not None and event.time < line.last:
            raise err("clock.time-before", session=session)
        phase = line.phase
        if isinstance(event, ev.SessionStarted):
            if session not in t.opened:
                raise err("clock.not-opened", session=session)
            if not 1 <= event.minutes <= ev.MAX_SESSION_MINUTES:
                raise err(
                    "tournament.bad-minutes",
                    "--minutes",
                    value=event.minutes,
                    limit=ev.MAX_SESSION_MINUTES,
                )
            for other in sorted(t.clock_log):
                if other != session and t.timeline(other).phase in (
                    ClockPhase.RUNNING,
                    ClockPhase.PAUSED,
                ):
                    raise err("clock.other-running", session=session, other=other)
            return
        if phase is ClockPhase.ENDED:
            raise err("clock.ended", session=session)
        if isinstance(event, ev.ExtraTimeGranted):
            _check_grant(t, event, line)
            return
        if phase is ClockPhase.NOT_STARTED:
            raise err("clock.not-started", session=session)
        if isinstance(event, ev.SessionPaused) and phase is ClockPhase.PAUSED:
            raise err("clock.already-paused", session=session)
        if isinstance(event, ev.SessionResumed) and phase is ClockPhase.RUNNING:
            raise err("clock.not-paused", session=session)

    def conflict(
        self, t: Tournament, event: ClockEvent, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        if isinstance(event, ev.SessionStarted):
            return conflict("start", winner, session=event.session)
        if isinstance(event, ev.SessionEnded):
            return conflict("end", winner, session=event.session)
        return None

    def add(self, t: Tournament, origin: int, seq: int, event: ClockEvent) -> None:
        if origin == seq:  # a correction keeps its origin's place
            t.clock_log.setdefault(event.session, []).append(origin)
            notice = t.announcement
            if (
                isinstance(event, ev.SessionStarted)
                and notice is not None
                and notice[2] not in (None, event.session)
            ):
                t.announcement = None  # a notice of the last session's play goes

    def check_replacement(
        self, t: Tournament, replacement: ClockEvent, original: ClockEvent, target: int
    ) -> None:
        if not isinstance(replacement, ev.ExtraTimeGranted):
            return
        assert isinstance(original, ev.ExtraTimeGranted)
        current = t.live.get(t.origin.get(target, target))
        replacing = current.minutes if isinstance(current, ev.ExtraTimeGranted) else 0
        if (replacement.session, replacement.table, replacement.time) != (
            original.session,
            original.table,
            original.time,
        ):
            raise err("clock.correction-keeps")
        line = t.timeline(replacement.session)
        _check_grant(t, replacement, line, replacing=replacing)


class AnnouncedReducer(Reducer[ev.Announced]):
    """The notice on the venue screen (an empty text clears it), with the session in play
    when it was given: a notice given during a session's play goes when another session
    starts; one given between sessions stays into the next (:class:`ClockReducer`)."""

    def check(self, t: Tournament, event: ev.Announced) -> None:
        if len(event.text) > ev.MAX_ANNOUNCEMENT or not event.text.isprintable():
            raise err("tournament.bad-announcement", limit=ev.MAX_ANNOUNCEMENT)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.Announced) -> None:
        t.announcement = (seq, event.text, on_clock(t)) if event.text else None


def on_clock(t: Tournament) -> int | None:
    """The session whose clock runs or stands paused (at most one), else ``None``."""
    for session in sorted(t.clock_log):
        if t.timeline(session).phase in (ClockPhase.RUNNING, ClockPhase.PAUSED):
            return session
    return None


REDUCERS: tuple[Reducer[Any], ...] = (
    ClockReducer(ev.SessionStarted),
    ClockReducer(ev.SessionPaused),
    ClockReducer(ev.SessionResumed),
    ClockReducer(ev.SessionEnded),
    ClockReducer(ev.ExtraTimeGranted),
    AnnouncedReducer(ev.Announced),
)
"""The clock's reducers, one per event type."""

"""A session's clock events laid out in time: when it ran, when it stood still, the extra
time given to tables.

The clock events (:data:`mjref.tournament.events.CLOCK_EVENTS`) carry the moment they took
effect as Unix time in whole seconds. :func:`timeline` reads the events of one session in
log order and keeps those that had taken effect by a given moment; the result answers
the arithmetic: how long the clock has run by a moment (:meth:`Timeline.elapsed`) and at
which moment it had run (or, running on, will have run) a given time
(:meth:`Timeline.moment`).

>>> from mjref.tournament.events import SessionPaused, SessionResumed, SessionStarted
>>> line = timeline([SessionStarted(1, 1000, 90), SessionPaused(1, 1600), SessionResumed(1, 1900)])
>>> line.phase, line.elapsed(2000), line.moment(900, 2000)
(<ClockPhase.RUNNING: 'running'>, 700, 2200)
>>> line.running
((1000, 1600), (1900, None))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from mjref.tournament import events as ev


class ClockPhase(enum.StrEnum):
    """Where a session's clock is."""

    NOT_STARTED = "not-started"
    RUNNING = "running"
    PAUSED = "paused"
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class Pause:
    """A time the clock stood still: from ``start`` to ``end`` (``None``: still paused)."""

    start: int
    end: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class Grant:
    """Extra time given to a table, by whom (``actor``), at which log position (``seq``)."""

    table: int
    minutes: int
    reason: str
    time: int
    seq: int
    actor: str


@dataclass(frozen=True, slots=True)
class ClockEntry:
    """A clock event in force with its log position (the last correction's, if corrected)
    and who recorded it."""

    seq: int
    event: ev.Event
    actor: str


@dataclass(frozen=True, slots=True)
class Timeline:
    """The clock of one session as its events had it by a moment (see the module)."""

    start: int | None = None
    minutes: int | None = None
    end: int | None = None
    running: tuple[tuple[int, int | None], ...] = ()
    """The stretches the clock ran: (from, to); the last one open while it runs."""
    pauses: tuple[Pause, ...] = ()
    grants: tuple[Grant, ...] = ()
    last: int | None = None
    """The moment of the latest event counted (a new event may not be earlier)."""

    @property
    def phase(self) -> ClockPhase:
        if self.start is None:
            return ClockPhase.NOT_STARTED
        if self.end is not None:
            return ClockPhase.ENDED
        if self.pauses and self.pauses[-1].end is None:
            return ClockPhase.PAUSED
        return ClockPhase.RUNNING

    def elapsed(self, now: int) -> int:
        """Seconds the clock has run by ``now`` (not before the last event counted)."""
        if self.last is not None:
            now = max(now, self.last)
        return sum((now if b is None else b) - a for a, b in self.running)

    def moment(self, target: int, now: int) -> int | None:
        """The moment the clock had run ``target`` seconds (0 or less: its start). When it
        has not yet: the moment it will, if it runs on from ``now`` without a pause; ``None``
        when it is not running (not started, paused, ended)."""
        if self.start is None:
            return None
        target = max(target, 0)
        done = 0
        for a, b in self.running:
            if b is None:
                return a + (target - done)
            if done + (b - a) >= target:
                return a + (target - done)
            done += b - a
        return None

    def extra(self, table: int) -> int:
        """The extra minutes given to ``table``."""
        return sum(g.minutes for g in self.grants if g.table == table)


def timeline(entries: Iterable[ClockEntry | ev.Event], until: int | None = None) -> Timeline:
    """The clock of one session from its clock events in log order (``None`` entries of
    voided corrections are not passed), counting only those whose moment is at or before
    ``until`` (all of them when ``until`` is ``None``)."""
    start = minutes = end = last = None
    running: list[tuple[int, int | None]] = []
    pauses: list[Pause] = []
    grants: list[Grant] = []
    for entry in entries:
        if isinstance(entry, ClockEntry):
            event, seq, actor = entry.event, entry.seq, entry.actor
        else:
            event, seq, actor = entry, 0, ""
        time = getattr(event, "time", None)
        if not isinstance(time, int) or (until is not None and time > until):
            continue
        last = time if last is None else max(last, time)
        match event:
            case ev.SessionStarted():
                start, minutes = time, event.minutes
                running.append((time, None))
            case ev.SessionPaused():
                if running and running[-1][1] is None:
                    running[-1] = (running[-1][0], time)
                pauses.append(Pause(time, None, event.reason))
            case ev.SessionResumed():
                if pauses and pauses[-1].end is None:
                    pauses[-1] = Pause(pauses[-1].start, time, pauses[-1].reason)
                running.append((time, None))
            case ev.SessionEnded():
                end = time
                if running and running[-1][1] is None:
                    running[-1] = (running[-1][0], time)
                if pauses and pauses[-1].end is None:
                    pauses[-1] = Pause(pauses[-1].start, time, pauses[-1].reason)
            case ev.ExtraTimeGranted():
                grants.append(Grant(event.table, event.minutes, event.reason, time, seq, actor))
    return Timeline(start, minutes, end, tuple(running), tuple(pauses), tuple(grants), last)

"""The session clock at a moment: a pure function of the log and ``now``.

A session's clock is folded from its clock events (started, paused, resumed, ended, extra
time for a table; :mod:`mjref.tournament.timeline`) and read at ``now``, Unix time in
whole seconds passed in by the caller - the core has no clock. Only the events whose
moment is at or before ``now`` count, so the same log and the same ``now`` give the same
state in every process, after a restart too, and a past ``now`` shows the clock as it
stood then.

What the players must do comes from the rules data, never from a branch on the ruleset:

- the **signal** before the end of a timed session: how long before the end and which
  clause requires it (``[clock]`` of the ruleset's data file: RCR 2016 5.9 and 2012 5.8,
  15 minutes; the MERS texts and the 2009 overview set none, so MCR sessions have no
  signal);
- **what happens now**: the ruleset's ruling (:func:`mjref.rulings.decide`) on the
  incident of the stage the session is in - before the start signal ``early-start``
  (RCR: the walls may be built, the dice not thrown); after the signal ``time-signal``
  in its three cases (the hand in play and one more; only the hand about to start; only
  the hand in play when the game is complete); when the time is up ``time-expired``
  (RCR: no final signal, the hands are played to the end; ``mers-2008+italian``: the game
  ends at once, no discard owed, no call after time). A ruleset with no rule for the time
  running out (the English, Hungarian and French MERS texts, the Dutch overview) says so:
  the head referee decides.

Per table, the extra time granted moves the table's end (and its own signal) later; the
session's own remaining time never changes with it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from mjref.messages import Message
from mjref.rules.registry import get_ruleset
from mjref.rulings import NotCoveredError, decide, incident_from_facts
from mjref.tournament import _clock_messages  # noqa: F401  (registers the wording)
from mjref.tournament.fold.clock import on_clock
from mjref.tournament.state import Tournament
from mjref.tournament.timeline import ClockPhase, Grant, Pause, Timeline


class Stage(enum.StrEnum):
    """Where a session stands in its time, as the rules see it."""

    BEFORE_START = "before-start"
    """Not started: waiting for the start signal."""
    PLAYING = "playing"
    """Running (or paused) before the signal."""
    SIGNAL = "signal"
    """The signal has sounded; the time is not up."""
    TIME_UP = "time-up"
    """The time has run out (the session has not been ended)."""
    ENDED = "ended"
    """The session was ended: play is over."""


@dataclass(frozen=True, slots=True)
class RuleNow:
    """What the ruleset says in one case of the current stage: the clauses it cites and
    what they require (messages); ``covered`` is false when the ruleset has no rule."""

    case: str
    covered: bool
    clauses: tuple[str, ...]
    says: tuple[Message, ...]
    notes: tuple[Message, ...] = ()


@dataclass(frozen=True, slots=True)
class ClockSignal:
    """The time signal: ``minutes`` before the end, required by ``clause``; ``at`` the
    moment it sounded (or will, if the clock runs on without a pause; ``None`` while that
    is not known); ``passed`` whether the clock has reached it."""

    minutes: int
    clause: str
    at: int | None
    passed: bool


@dataclass(frozen=True, slots=True)
class TableClock:
    """A table given extra time: its total, the grants, and its own end."""

    table: int
    extra_minutes: int
    grants: tuple[Grant, ...]
    stage: Stage
    remaining: int
    overtime: int
    ends_at: int | None
    signal: ClockSignal | None
    rules: tuple[RuleNow, ...]


@dataclass(frozen=True, slots=True)
class ClockState:
    """A session's clock at ``now`` (all moments Unix time in seconds, durations in
    seconds).

    - ``phase``: not started, running, paused or ended; ``stage``: where the time stands
      by the rules (before the start, playing, after the signal, time up, ended).
    - ``elapsed``: how long the clock has run; ``remaining`` what is left of the session's
      ``minutes`` (0 once the time is up) and ``overtime`` how far past the end it has run;
      ``paused_for`` the time spent paused.
    - ``ends_at``: the moment the time runs (ran) out, if known - not while paused or
      before the start, and not for a session ended before its time.
    - ``tables``: the tables given extra time, each with its own end.
    - ``rules``: what the ruleset says in the current stage.
    - ``position``: the log position the state was read at.
    """

    tournament: str
    session: int
    position: int
    now: int
    ruleset: str
    phase: ClockPhase
    stage: Stage
    opened: bool
    closed: bool
    minutes: int
    started_at: int | None
    ended_at: int | None
    paused_at: int | None
    elapsed: int
    remaining: int
    overtime: int
    paused_for: int
    ends_at: int | None
    signal: ClockSignal | None
    pauses: tuple[Pause, ...]
    tables: tuple[TableClock, ...]
    rules: tuple[RuleNow, ...]

    def table(self, table: int) -> TableClock | None:
        """The clock of a table given extra time (``None``: it follows the session's)."""
        return next((c for c in self.tables if c.table == table), None)


_CASES: Mapping[Stage, tuple[tuple[str, str, Mapping[str, object]], ...]] = {
    Stage.BEFORE_START: (
        ("before-start/walls", "early-start", {"dice_thrown": False}),
        ("before-start/dice", "early-start", {"dice_thrown": True}),
    ),
    Stage.SIGNAL: (
        ("signal/dice-thrown", "time-signal", {"dice_thrown": True}),
        ("signal/dice-not-thrown", "time-signal", {"dice_thrown": False}),
        ("signal/game-complete", "time-signal", {"dice_thrown": True, "game_complete": True}),
    ),
    Stage.TIME_UP: (("time-up", "time-expired", {}),),
}
"""For each stage, the incidents whose rulings say what the tables do: (case, incident
type, facts). The stages without an entry need no rule."""


@lru_cache(maxsize=256)
def rules_now(ruleset: str, stage: Stage) -> tuple[RuleNow, ...]:
    """What ``ruleset`` says in ``stage`` (rulings are decided once per ruleset and stage).
    A case the ruleset has no rule for is left out, except the time running out: then the
    answer is that the ruleset does not say (the head referee decides)."""
    found = []
    for case, incident, facts in _CASES.get(stage, ()):
        try:
            ruling = decide(incident_from_facts(incident, facts), ruleset)
        except NotCoveredError as error:
            if stage is Stage.TIME_UP:
                says = (Message("clock.rule.not-stated", {"ruleset": ruleset}),)
                found.append(RuleNow(case, False, (), says, (error.message,)))
            continue
        found.append(
            RuleNow(
                case,
                True,
                tuple(c.clause_id for c in ruling.citations),
                tuple(c.message for c in ruling.consequences),
                ruling.notes,
            )
        )
    return tuple(found)


def _stage(phase: ClockPhase, elapsed: int, length: int, lead: int | None) -> Stage:
    if phase is ClockPhase.NOT_STARTED:
        return Stage.BEFORE_START
    if phase is ClockPhase.ENDED:
        return Stage.ENDED
    if elapsed >= length:
        return Stage.TIME_UP
    if lead is not None and elapsed >= length - lead:
        return Stage.SIGNAL
    return Stage.PLAYING


def _signal(
    line: Timeline, now: int, elapsed: int, length: int, lead: tuple[str, int] | None
) -> ClockSignal | None:
    if lead is None:
        return None
    clause, minutes = lead
    target = max(length - minutes * 60, 0)
    started = line.start is not None
    return ClockSignal(minutes, clause, line.moment(target, now), started and elapsed >= target)


def clock_state(t: Tournament, session: int, now: int) -> ClockState:
    """The clock of ``session`` of ``t`` at ``now`` (see the module's description).
    Raises :class:`~mjref.tournament.errors.TournamentError` for a session that does not
    exist or has no published seating."""
    t.require_session(session)
    spec = t.settings.ruleset
    line = t.timeline(session, until=now)
    phase = line.phase
    minutes = line.minutes if line.minutes is not None else t.settings.session_minutes
    length = minutes * 60
    found = get_ruleset(spec).clock_rules()
    lead = None if found is None else (found[0].qualified(found[1].clause), found[1].signal_minutes)
    lead_seconds = None if lead is None else lead[1] * 60
    elapsed = line.elapsed(now) if line.start is not None else 0
    stage = _stage(phase, elapsed, length, lead_seconds)
    paused_for = sum(
        (p.end if p.end is not None else max(now, p.start)) - p.start for p in line.pauses
    )
    tables = []
    for table in sorted({g.table for g in line.grants}):
        extra = line.extra(table)
        own = length + extra * 60
        own_stage = _stage(phase, elapsed, own, lead_seconds)
        tables.append(
            TableClock(
                table=table,
                extra_minutes=extra,
                grants=tuple(g for g in line.grants if g.table == table),
                stage=own_stage,
                remaining=max(own - elapsed, 0),
                overtime=max(elapsed - own, 0) if line.start is not None else 0,
                ends_at=line.moment(own, now),
                signal=_signal(line, now, elapsed, own, lead),
                rules=rules_now(spec, own_stage),
            )
        )
    return ClockState(
        tournament=t.id,
        session=session,
        position=t.position,
        now=now,
        ruleset=spec,
        phase=phase,
        stage=stage,
        opened=session in t.opened,
        closed=session in t.closed,
        minutes=minutes,
        started_at=line.start,
        ended_at=line.end,
        paused_at=line.pauses[-1].start if phase is ClockPhase.PAUSED else None,
        elapsed=elapsed,
        remaining=max(length - elapsed, 0),
        overtime=max(elapsed - length, 0) if line.start is not None else 0,
        paused_for=paused_for,
        ends_at=line.moment(length, now),
        signal=_signal(line, now, elapsed, length, lead),
        pauses=line.pauses,
        tables=tuple(tables),
        rules=rules_now(spec, stage),
    )


def current_session(t: Tournament) -> int | None:
    """The session the clock is about: the one on the clock (running or paused); else the
    last one started (ended, not yet closed); else the first published session not closed;
    else the last published one; ``None`` when nothing is published."""
    playing = on_clock(t)
    if playing is not None:
        return playing
    started = [
        session
        for session in sorted(t.clock_log)
        if t.timeline(session).phase is not ClockPhase.NOT_STARTED and session not in t.closed
    ]
    if started:
        return started[-1]
    published = sorted(t.seating)
    open_ones = [s for s in published if s not in t.closed]
    if open_ones:
        return open_ones[0]
    return published[-1] if published else None

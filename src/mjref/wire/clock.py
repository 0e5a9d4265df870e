"""The session clock's JSON shape (``mjref clock ... --json``, the venue screen).

:func:`clock_json` writes a :class:`~mjref.tournament.clock.ClockState`;
:class:`ClockOut` is its schema (a test validates the output against it). Moments are
ISO 8601 times in UTC with the offset (``2026-06-01T09:00:00+00:00``), ``null`` when not
known; durations are whole seconds. Messages are ``{"key", "params", "text"}`` in the
chosen language. Keys in this order:

``tournament, session, position, now, ruleset, phase, stage, opened, closed, minutes,
started_at, ended_at, paused_at, elapsed, remaining, overtime, paused_for, ends_at,
signal {minutes, clause, at, passed} | null, pauses [{from, to, reason}], tables [{table,
extra_minutes, stage, remaining, overtime, ends_at, signal, grants [{minutes, reason, at,
position, actor}], rules}], rules [{case, label, covered, clauses, says, notes}]``.

``phase`` is ``not-started``, ``running``, ``paused`` or ``ended``; ``stage`` is
``before-start``, ``playing``, ``signal``, ``time-up`` or ``ended``; ``position`` is the
log position the state was read at (compare it with
:func:`mjref.services.tournament_clock.log_position` to know whether to read again).

>>> moment(1_780_300_800), moment(None)
('2026-06-01T08:00:00+00:00', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, time
from typing import Literal

from pydantic import Field

from mjref.errors import InputError
from mjref.messages import Message
from mjref.services.tournament_clock import ClockChange
from mjref.tournament.clock import ClockSignal, ClockState, RuleNow, TableClock
from mjref.tournament.timeline import Grant, Pause
from mjref.wire.messages import JsonValue, message_json
from mjref.wire.shapes import JsonShape, MessageOut
from mjref.wire.tournament import recorded_json

MAX_MOMENT_TEXT = 40
"""The longest time a user may type."""


def parse_moment(text: str, now: datetime, *, where: str) -> datetime:
    """A time typed by a user: ISO 8601 (``2026-06-01T14:05:00+02:00``, ``...Z``, a space
    for the ``T``), or ``HH:MM[:SS]`` on ``now``'s date; without an offset, in this
    computer's time zone. Between 1970 and 9999; anything else is an
    :class:`~mjref.errors.InputError` naming ``where``.

    >>> from datetime import UTC, datetime
    >>> now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    >>> parse_moment("2026-06-01T14:05:00+02:00", now, where="--at").isoformat()
    '2026-06-01T14:05:00+02:00'
    >>> parse_moment("2026-06-01 12:05Z", now, where="--at").isoformat()
    '2026-06-01T12:05:00+00:00'
    >>> parse_moment("14:05", now, where="--at").tzinfo is not None
    True
    >>> parse_moment("soon", now, where="--at")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mjref.errors.InputError: --at: 'soon' is not a time (ISO 8601 such as ...)
    """
    value = text.strip()
    shown = value[:MAX_MOMENT_TEXT]
    bad = InputError.of("clock.bad-at", where, value=shown)
    if not value or len(value) > MAX_MOMENT_TEXT or not value.isascii():
        raise bad
    try:
        if len(value) <= 8 and ":" in value and "-" not in value:
            clock = time.fromisoformat(value)
            local = now.astimezone()
            found = datetime.combine(local.date(), clock).replace(tzinfo=None)
        else:
            found = datetime.fromisoformat(value)
    except ValueError:
        raise bad from None
    if found.tzinfo is None:
        found = found.astimezone()
    if not 1970 <= found.astimezone(UTC).year <= 9998:
        raise bad
    return found


def moment(value: int | None) -> str | None:
    """A clock moment (Unix time in seconds) as ISO 8601 in UTC."""
    if value is None:
        return None
    return datetime.fromtimestamp(value, UTC).isoformat(timespec="seconds")


def signal_json(signal: ClockSignal | None) -> JsonValue:
    if signal is None:
        return None
    return {
        "minutes": signal.minutes,
        "clause": signal.clause,
        "at": moment(signal.at),
        "passed": signal.passed,
    }


def rule_json(rule: RuleNow, language: str) -> dict[str, JsonValue]:
    return {
        "case": rule.case,
        "label": message_json(Message(f"clock.case.{rule.case}", {}), language),
        "covered": rule.covered,
        "clauses": list(rule.clauses),
        "says": [message_json(m, language) for m in rule.says],
        "notes": [message_json(m, language) for m in rule.notes],
    }


def rules_json(rules: Sequence[RuleNow], language: str) -> list[JsonValue]:
    return [rule_json(r, language) for r in rules]


def grant_json(grant: Grant) -> dict[str, JsonValue]:
    return {
        "minutes": grant.minutes,
        "reason": grant.reason,
        "at": moment(grant.time),
        "position": grant.seq,
        "actor": grant.actor,
    }


def pause_json(pause: Pause) -> dict[str, JsonValue]:
    return {"from": moment(pause.start), "to": moment(pause.end), "reason": pause.reason}


def table_json(table: TableClock, language: str) -> dict[str, JsonValue]:
    return {
        "table": table.table,
        "extra_minutes": table.extra_minutes,
        "stage": table.stage.value,
        "remaining": table.remaining,
        "overtime": table.overtime,
        "ends_at": moment(table.ends_at),
        "signal": signal_json(table.signal),
        "grants": [grant_json(g) for g in table.grants],
        "rules": rules_json(table.rules, language),
    }


def clock_json(state: ClockState, language: str = "en") -> dict[str, JsonValue]:
    """The clock state (see the module's description for the keys)."""
    return {
        "tournament": state.tournament,
        "session": state.session,
        "position": state.position,
        "now": moment(state.now),
        "ruleset": state.ruleset,
        "phase": state.phase.value,
        "stage": state.stage.value,
        "opened": state.opened,
        "closed": state.closed,
        "minutes": state.minutes,
        "started_at": moment(state.started_at),
        "ended_at": moment(state.ended_at),
        "paused_at": moment(state.paused_at),
        "elapsed": state.elapsed,
        "remaining": state.remaining,
        "overtime": state.overtime,
        "paused_for": state.paused_for,
        "ends_at": moment(state.ends_at),
        "signal": signal_json(state.signal),
        "pauses": [pause_json(p) for p in state.pauses],
        "tables": [table_json(t, language) for t in state.tables],
        "rules": rules_json(state.rules, language),
    }


def change_json(change: ClockChange, language: str = "en") -> dict[str, JsonValue]:
    """A change of the clock: ``{"recorded": [entry], "clock": state}``."""
    return {
        "recorded": [recorded_json(r) for r in change.recorded],
        "clock": clock_json(change.state, language),
    }


# --- the schema --------------------------------------------------------------------------

PhaseName = Literal["not-started", "running", "paused", "ended"]
StageName = Literal["before-start", "playing", "signal", "time-up", "ended"]


class SignalOut(JsonShape):
    minutes: int
    clause: str
    at: str | None
    passed: bool


class RuleOut(JsonShape):
    case: str
    label: MessageOut
    covered: bool
    clauses: list[str]
    says: list[MessageOut]
    notes: list[MessageOut]


class GrantOut(JsonShape):
    minutes: int
    reason: str
    at: str
    position: int
    actor: str


class PauseOut(JsonShape):
    from_: str = Field(alias="from")
    to: str | None
    reason: str


class TableClockOut(JsonShape):
    table: int
    extra_minutes: int
    stage: StageName
    remaining: int
    overtime: int
    ends_at: str | None
    signal: SignalOut | None
    grants: list[GrantOut]
    rules: list[RuleOut]


class ClockOut(JsonShape):
    """The schema of :func:`clock_json`."""

    tournament: str
    session: int
    position: int
    now: str
    ruleset: str
    phase: PhaseName
    stage: StageName
    opened: bool
    closed: bool
    minutes: int
    started_at: str | None
    ended_at: str | None
    paused_at: str | None
    elapsed: int
    remaining: int
    overtime: int
    paused_for: int
    ends_at: str | None
    signal: SignalOut | None
    pauses: list[PauseOut]
    tables: list[TableClockOut]
    rules: list[RuleOut]

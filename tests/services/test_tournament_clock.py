"""The clock's use cases: each change an entry with who and when, ``at`` within bounds,
moments that never go back, closing a session ends its clock, the session in play, the
log position."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from mjref.errors import InputError
from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from mjref.services import tournament_results as results
from mjref.services.tournament import seconds
from mjref.tournament import events as ev
from mjref.tournament.clock import Stage
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.timeline import ClockPhase
from tests.tournament.helpers import NOW, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]


def _log(ruleset: str = "rcr-2016") -> MemoryLog:
    log = MemoryLog()
    make(log, ruleset=ruleset, seating=SEATING, start=30_000 if ruleset.startswith("rcr") else None)
    return log


def minutes(n: float) -> datetime:
    return NOW + timedelta(minutes=n)


def test_starting_opens_the_session_and_records_who_and_when() -> None:
    log = _log()
    change = clock.start_session(log, "t", 1, actor="head referee", now=NOW)
    assert [r.event.KIND for r in change.recorded] == ["session-opened", "session-started"]
    started = change.recorded[-1]
    assert started.event == ev.SessionStarted(1, seconds(NOW), 120)
    assert (started.actor, started.at) == ("head referee", "2026-06-01T09:00:00+00:00")
    assert change.state.phase is ClockPhase.RUNNING
    assert change.state.remaining == 120 * 60


def test_a_second_session_waits_for_the_first_to_end() -> None:
    log = _log()
    clock.start_session(log, "t", 1, actor="head referee", now=NOW)
    with pytest.raises(TournamentError) as error:
        clock.start_session(log, "t", 2, actor="head referee", now=minutes(1))
    assert error.value.message.key == "clock.other-running"
    with pytest.raises(ConflictError):
        clock.start_session(log, "t", 1, actor="another referee", now=minutes(1))
    clock.end_session(log, "t", 1, reason="early", actor="head referee", now=minutes(2))
    change = clock.start_session(log, "t", 2, minutes=90, actor="head referee", now=minutes(3))
    assert change.state.minutes == 90
    assert change.state.session == 2


def test_at_says_when_it_happened() -> None:
    log = _log()
    change = clock.start_session(log, "t", 1, at=minutes(-2), actor="r", now=NOW)
    assert change.state.started_at == seconds(minutes(-2))
    assert change.state.elapsed == 120  # read at now, two minutes after the start
    with pytest.raises(InputError) as ahead:
        clock.pause_session(log, "t", 1, at=minutes(5), actor="r", now=NOW)
    assert (ahead.value.message.key, ahead.value.where) == ("clock.at-future", "--at")
    with pytest.raises(InputError) as old:
        clock.pause_session(log, "t", 1, at=NOW - timedelta(hours=25), actor="r", now=NOW)
    assert old.value.message.key == "clock.at-too-old"
    with pytest.raises(TournamentError) as before:
        clock.pause_session(log, "t", 1, at=minutes(-3), actor="r", now=NOW)
    assert before.value.message.key == "clock.time-before"
    clock.pause_session(log, "t", 1, at=NOW + timedelta(seconds=30), actor="r", now=NOW)


def test_a_computer_whose_clock_is_behind_never_records_a_moment_back() -> None:
    log = _log()
    clock.start_session(log, "t", 1, actor="r", now=minutes(10))
    change = clock.pause_session(log, "t", 1, actor="r", now=minutes(9))  # 1 minute behind
    assert change.recorded[0].event == ev.SessionPaused(1, seconds(minutes(10)), "")
    assert change.state.phase is ClockPhase.PAUSED


def test_bad_input_names_what_and_where() -> None:
    log = _log()
    with pytest.raises(TournamentError) as not_started:
        clock.pause_session(log, "t", 1, actor="r", now=NOW)
    assert not_started.value.message.key == "clock.not-started"
    clock.start_session(log, "t", 1, actor="r", now=NOW)
    clock.pause_session(log, "t", 1, reason="fire alarm", actor="r", now=minutes(5))
    with pytest.raises(TournamentError) as twice:
        clock.pause_session(log, "t", 1, actor="r", now=minutes(6))
    assert twice.value.message.key == "clock.already-paused"
    assert twice.value.message.params == {"session": 1}
    with pytest.raises(TournamentError) as table:
        clock.grant_extra_time(log, "t", 1, 3, 5, reason="frozen", actor="r", now=minutes(6))
    assert table.value.message.key == "tournament.bad-table"
    assert table.value.message.params == {"session": 1, "table": 3, "tables": 2}
    with pytest.raises(TournamentError) as absurd:
        clock.grant_extra_time(log, "t", 1, 1, 600, reason="frozen", actor="r", now=minutes(6))
    assert (absurd.value.message.key, absurd.value.where) == (
        "clock.bad-extra-minutes",
        "--minutes",
    )
    with pytest.raises(InputError) as no_reason:
        clock.grant_extra_time(log, "t", 1, 1, 5, reason="  ", actor="r", now=minutes(6))
    assert (no_reason.value.message.key, no_reason.value.where) == (
        "tournament.field-missing",
        "reason",
    )
    with pytest.raises(TournamentError) as unknown:
        clock.start_session(log, "t", 7, actor="r", now=NOW)
    assert unknown.value.message.key == "tournament.bad-session"
    with pytest.raises(TournamentError) as absent:
        clock.clock_state(log, "nope", None, NOW)
    assert absent.value.message.key == "tournament.unknown"


def test_starting_a_session_without_a_seating_is_refused() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", start=30_000, sessions=3, seating=SEATING)
    with pytest.raises(TournamentError) as error:
        clock.start_session(log, "t", 3, actor="r", now=NOW)
    assert error.value.message.key == "tournament.session-not-published"
    assert log.position("t") == 18  # created, 8 players registered and checked in, seating
    bare = MemoryLog()
    make(bare, ruleset="rcr-2016", start=30_000)
    with pytest.raises(TournamentError) as nothing:
        clock.clock_state(bare, "t", None, NOW)
    assert nothing.value.message.key == "clock.no-session"


def test_extra_time_is_one_tables_and_can_be_voided() -> None:
    log = _log()
    clock.start_session(log, "t", 1, minutes=90, actor="r", now=NOW)
    change = clock.grant_extra_time(
        log, "t", 1, 2, 4, reason="play frozen (MERS 2.1)", actor="Anna", now=minutes(30)
    )
    table = change.state.table(2)
    assert table is not None
    assert table.extra_minutes == 4
    assert table.grants[0].actor == "Anna"
    assert table.ends_at == seconds(minutes(94))
    assert change.state.ends_at == seconds(minutes(90))
    position = change.recorded[0].seq
    results.correct(log, "t", target=position, reason="wrong table", actor="r", now=minutes(31))
    assert clock.clock_state(log, "t", 1, minutes(32)).tables == ()


def test_closing_a_session_ends_its_clock() -> None:
    log = _log()
    clock.start_session(log, "t", 1, minutes=90, actor="r", now=NOW)
    clock.pause_session(log, "t", 1, actor="r", now=minutes(50))
    for table in (1, 2):
        results.record_riichi_result(
            log,
            "t",
            session=1,
            table=table,
            scores=(40_000, 30_000, 25_000, 25_000),
            actor="r",
            now=minutes(95),
        )
    closed = ts.close_session(log, "t", 1, actor="r", now=minutes(96))
    assert closed.event == ev.SessionClosed(1)
    kinds = [e.kind for e in ts.read_log(log, "t", session=1)][-2:]
    assert kinds == ["session-ended", "session-closed"]
    state = clock.clock_state(log, "t", 1, minutes(100))
    assert (state.phase, state.stage, state.closed) == (ClockPhase.ENDED, Stage.ENDED, True)
    assert state.elapsed == 50 * 60  # it was paused when closed


def test_the_session_in_play_and_the_log_position() -> None:
    log = _log()
    assert clock.clock_state(log, "t", None, NOW).session == 1
    assert clock.log_position(log, "t") == 18
    clock.start_session(log, "t", 1, actor="r", now=NOW)
    clock.end_session(log, "t", 1, actor="r", now=minutes(60))
    clock.start_session(log, "t", 2, actor="r", now=minutes(70))
    state = clock.clock_state(log, "t", None, minutes(75))
    assert (state.session, state.elapsed) == (2, 300)
    assert state.position == clock.log_position(log, "t") == 18 + 5


def test_a_moment_needs_its_time_zone() -> None:
    assert seconds(datetime(1970, 1, 1, 0, 1, tzinfo=UTC)) == 60
    with pytest.raises(ValueError, match="time zone"):
        seconds(datetime(2026, 6, 1, 9, 0))


def test_the_session_the_room_waits_for() -> None:
    """The venue screen shows the next session's seating between sessions: the first
    published session not closed, after the one whose play ended; none while one runs."""
    log = _log()
    assert clock.next_session(log, "t", NOW) == 1
    clock.start_session(log, "t", 1, minutes=90, actor="ref", now=NOW)
    assert clock.next_session(log, "t", minutes(10)) is None  # running
    clock.pause_session(log, "t", 1, reason="ruling", actor="ref", now=minutes(20))
    assert clock.next_session(log, "t", minutes(21)) is None  # paused
    clock.resume_session(log, "t", 1, actor="ref", now=minutes(22))
    clock.end_session(log, "t", 1, actor="ref", now=minutes(80))
    assert clock.next_session(log, "t", minutes(81)) == 2  # session 1's play has ended
    assert clock.next_session(log, "t", minutes(200)) == 2

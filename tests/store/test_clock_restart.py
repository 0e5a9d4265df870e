"""The session clock survives a restart and is the same on every worker: the state is
rebuilt from the stored log (SQLite and PostgreSQL) and equals the state read before the
restart, the state another process reads at the same moment, and the state of the same
entries in memory."""

from __future__ import annotations

from datetime import datetime, timedelta

from mjref.services import tournament_clock as clock
from mjref.store import SqlEventLog
from mjref.tournament.events import NewEntry
from mjref.tournament.timeline import ClockPhase
from tests.tournament.helpers import NOW, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]
LOOK = (-1, 0, 10, 15, 40, 76, 80, 91, 95, 99, 120)
"""Minutes after the start at which the clock is read."""


def minutes(n: float) -> datetime:
    return NOW + timedelta(minutes=n)


def test_a_restart_in_the_middle_of_a_session(database: str, tid: str) -> None:
    log = SqlEventLog.open(database)
    make(log, tid, ruleset="rcr-2016", seating=SEATING, start=30_000)
    clock.start_session(log, tid, 1, minutes=90, actor="head referee", now=NOW)
    clock.pause_session(log, tid, 1, reason="fire alarm", actor="head referee", now=minutes(10))
    clock.resume_session(log, tid, 1, actor="head referee", now=minutes(15))
    clock.grant_extra_time(
        log, tid, 1, 2, 4, reason="frozen for a ruling (MERS 2.1)", actor="Anna", now=minutes(30)
    )
    before = {m: clock.clock_state(log, tid, 1, minutes(m)) for m in LOOK}
    log.close()

    # The server restarts in the middle of the session: nothing is kept but the database.
    restarted = SqlEventLog.open(database)
    for m in LOOK:
        assert clock.clock_state(restarted, tid, 1, minutes(m)) == before[m]
    assert before[80].stage.value == "signal"
    assert before[80].signal.passed
    assert before[99].table(2).stage.value == "time-up"  # type: ignore[union-attr]

    # The same entries in memory give the same clock (the engine plays no part).
    memory = MemoryLog()
    memory.append(tid, 0, [NewEntry(r.event, r.actor, r.at) for r in restarted.read(tid)])
    for m in LOOK:
        assert clock.clock_state(memory, tid, 1, minutes(m)) == before[m]

    # Two workers: a pause recorded through one is what the other reads.
    other = SqlEventLog.open(database)
    clock.clock_state(other, tid, 1, minutes(40))  # the other worker has folded the log
    clock.pause_session(restarted, tid, 1, actor="referee", now=minutes(41))
    seen = clock.clock_state(other, tid, 1, minutes(42))
    assert seen.phase is ClockPhase.PAUSED
    assert seen == clock.clock_state(restarted, tid, 1, minutes(42))
    assert seen.position == clock.log_position(other, tid) == clock.log_position(restarted, tid)
    restarted.close()
    other.close()

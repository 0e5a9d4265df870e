"""Properties of the session clock over random sessions (hypothesis): the time left never
grows while the session runs, the clock never runs faster than real time, a pause freezes
it, extra time only adds to the table it was given to, and a state folded again from the
log is the same."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.tournament import events as ev
from mjref.tournament.clock import ClockState, clock_state
from mjref.tournament.state import Tournament
from mjref.tournament.timeline import ClockPhase
from tests.tournament.clock_helpers import MINUTE, T0, append, base, refold


@dataclass(frozen=True)
class Session:
    """A random session: its log folded, its length, the moment of its last event and the
    moments worth looking at."""

    t: Tournament
    minutes: int
    last: int
    horizon: int


Step = tuple[int, str, int, int]
"""(seconds after the previous event, what, table, minutes)."""

steps = st.lists(
    st.tuples(
        st.integers(0, 40 * MINUTE),
        st.sampled_from(["toggle", "toggle", "grant"]),
        st.integers(1, 2),
        st.integers(1, 10),
    ),
    max_size=12,
)


def build(minutes: int, plan: list[Step], end: bool) -> Session:
    t = base("rcr-2016", minutes=minutes)
    append(t, ev.SessionStarted(1, T0, minutes))
    now, paused = T0, False
    for gap, what, table, extra in plan:
        now += gap
        if what == "grant":
            append(t, ev.ExtraTimeGranted(1, table, extra, "frozen for a ruling", now))
        elif paused:
            append(t, ev.SessionResumed(1, now))
            paused = False
        else:
            append(t, ev.SessionPaused(1, now, ""))
            paused = True
    if end:
        now += MINUTE
        append(t, ev.SessionEnded(1, now))
    return Session(t, minutes, now, now + (minutes + 60) * MINUTE)


sessions = st.builds(build, st.integers(10, 180), steps, st.booleans())


def _moments(session: Session, data: st.DataObject, count: int = 6) -> list[int]:
    moment = st.integers(T0 - MINUTE, session.horizon)
    return sorted(data.draw(st.lists(moment, min_size=2, max_size=count)))


@settings(max_examples=150, deadline=None)
@given(sessions, st.data())
def test_the_time_left_never_grows_and_never_runs_fast(
    session: Session, data: st.DataObject
) -> None:
    states = [clock_state(session.t, 1, now) for now in _moments(session, data)]
    for a, b in itertools.pairwise(states):
        assert b.remaining <= a.remaining
        assert a.elapsed <= b.elapsed <= a.elapsed + (b.now - a.now)
        assert b.paused_for >= a.paused_for
        for table in (1, 2):
            early, late = a.table(table), b.table(table)
            if early is not None and late is not None and late.grants == early.grants:
                assert late.remaining <= early.remaining
    for s in states:
        length = session.minutes * MINUTE
        if s.started_at is not None:
            assert s.elapsed + s.remaining - s.overtime == length
            assert s.elapsed + s.paused_for == min(s.now, s.ended_at or s.now) - T0
        for table in s.tables:
            assert table.remaining >= s.remaining
            assert table.remaining - s.remaining <= table.extra_minutes * MINUTE


@settings(max_examples=150, deadline=None)
@given(sessions, st.data())
def test_a_pause_freezes_the_clock(session: Session, data: st.DataObject) -> None:
    line = session.t.timeline(1)
    for pause in line.pauses:
        end = pause.end if pause.end is not None else session.horizon
        frozen = clock_state(session.t, 1, pause.start)
        inside = data.draw(st.integers(pause.start, end))
        during = clock_state(session.t, 1, inside)
        assert (during.elapsed, during.remaining, during.overtime) == (
            frozen.elapsed,
            frozen.remaining,
            frozen.overtime,
        )
        if inside < end:
            assert during.phase in (ClockPhase.PAUSED, ClockPhase.ENDED)
            # the end is not known while paused, unless the time ran out before
            assert during.ends_at is None or during.ends_at <= pause.start


def _without(state: ClockState, table: int) -> ClockState:
    from dataclasses import replace

    return replace(
        state,
        position=0,
        tables=tuple(c for c in state.tables if c.table != table),
    )


@settings(max_examples=150, deadline=None)
@given(sessions, st.integers(1, 2), st.integers(1, 30), st.data())
def test_extra_time_only_adds_to_its_table(
    session: Session, table: int, minutes: int, data: st.DataObject
) -> None:
    t = session.t
    if t.timeline(1).phase is ClockPhase.ENDED or t.timeline(1).extra(table) + minutes > 240:
        return
    more = refold(t)
    append(more, ev.ExtraTimeGranted(1, table, minutes, "frozen", session.last))
    for now in _moments(session, data):
        before, after = clock_state(t, 1, now), clock_state(more, 1, now)
        assert _without(after, table) == _without(before, table)
        if now < session.last:
            assert after.table(table) == before.table(table)
            continue
        old, new = before.table(table), after.table(table)
        assert new is not None
        old_remaining = before.remaining if old is None else old.remaining
        old_extra = 0 if old is None else old.extra_minutes
        assert new.extra_minutes == old_extra + minutes
        assert 0 <= new.remaining - old_remaining <= minutes * MINUTE
        old_end = before.ends_at if old is None else old.ends_at
        if old_end is not None and new.ends_at is not None:
            # later by the extra minutes, and by any pause between the two ends
            assert new.ends_at >= old_end + minutes * MINUTE


@settings(max_examples=100, deadline=None)
@given(sessions, st.data())
def test_a_state_folded_again_is_the_same(session: Session, data: st.DataObject) -> None:
    again = refold(session.t)
    for now in _moments(session, data, 3):
        assert clock_state(again, 1, now) == clock_state(session.t, 1, now)

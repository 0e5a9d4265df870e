"""The session clock as a pure function of the log and ``now``: the RCR signal 15 minutes
before the end and "the hand in play and one more", pause and resume arithmetic, extra
time for one table, the Italian MERS end at once, the other MERS texts' silence, a state
rebuilt from the log, and the entries the clock refuses."""

from __future__ import annotations

import pytest

from mjref.errors import InputError
from mjref.tournament import events as ev
from mjref.tournament.clock import ClockState, Stage, clock_state, current_session, rules_now
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.timeline import ClockPhase
from tests.tournament.clock_helpers import MINUTE, T0, append, at, base, refold, started


def _says(state: ClockState) -> dict[str, tuple[str, ...]]:
    return {r.case: tuple(m.key for m in r.says) for r in state.rules}


def _key(error: pytest.ExceptionInfo[InputError]) -> str:
    return error.value.message.key


# --- the RCR signal ----------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "clause"), [("rcr-2016", "5.9"), ("rcr-2012", "5.8")])
def test_the_rcr_signal_sounds_15_minutes_before_the_end(ruleset: str, clause: str) -> None:
    t = started(ruleset, minutes=90)
    before = clock_state(t, 1, at(75) - 1)
    assert (before.phase, before.stage) == (ClockPhase.RUNNING, Stage.PLAYING)
    assert before.signal is not None
    assert not before.signal.passed
    assert before.signal.at == at(75)  # due 15 minutes before the end, known in advance
    assert before.signal.clause == f"{ruleset}:{clause}"
    assert before.signal.minutes == 15
    assert before.rules == ()
    assert before.remaining == 15 * MINUTE + 1

    signal = clock_state(t, 1, at(75))
    assert signal.stage is Stage.SIGNAL
    assert signal.signal is not None
    assert signal.signal.passed
    assert signal.signal.at == at(75)
    assert signal.remaining == 15 * MINUTE
    assert signal.ends_at == at(90)


def test_after_the_signal_the_hand_in_play_and_one_more() -> None:
    state = clock_state(started("rcr-2016"), 1, at(80))
    assert _says(state) == {
        "signal/dice-thrown": ("rulings.must.finish-hand-and-one-more",),
        "signal/dice-not-thrown": ("rulings.must.play-current-hand-only",),
        "signal/game-complete": ("rulings.must.finish-current-hand",),
    }
    assert {c for r in state.rules for c in r.clauses} == {"rcr-2016:5.9"}
    assert all(r.covered for r in state.rules)


def test_rcr_has_no_final_signal_the_hands_are_played_out() -> None:
    state = clock_state(started("rcr-2012"), 1, at(93))
    assert (state.phase, state.stage) == (ClockPhase.RUNNING, Stage.TIME_UP)
    assert (state.remaining, state.overtime, state.elapsed) == (0, 3 * MINUTE, 93 * MINUTE)
    assert _says(state) == {"time-up": ("rulings.must.finish-hands",)}
    assert state.rules[0].clauses == ("rcr-2012:5.8",)


def test_before_the_start_signal_walls_but_no_dice() -> None:
    state = clock_state(base("rcr-2016", minutes=90), 1, T0)
    assert (state.phase, state.stage, state.elapsed, state.remaining) == (
        ClockPhase.NOT_STARTED,
        Stage.BEFORE_START,
        0,
        90 * MINUTE,
    )
    assert state.started_at is None
    assert state.ends_at is None
    assert state.signal is not None
    assert state.signal.at is None
    assert not state.signal.passed
    assert _says(state)["before-start/walls"] == ("rulings.may.build-walls-early",)
    assert _says(state)["before-start/dice"][0] == "rulings.may-not.start-before-signal"


# --- MERS ----------------------------------------------------------------------------------


def test_the_italian_mers_text_ends_the_game_at_once() -> None:
    t = started("mers-2008+italian", minutes=120)
    playing = clock_state(t, 1, at(119))
    assert playing.signal is None  # MERS sets no signal
    assert playing.stage is Stage.PLAYING
    assert playing.rules == ()
    up = clock_state(t, 1, at(120))
    assert up.stage is Stage.TIME_UP
    assert _says(up) == {
        "time-up": (
            "rulings.must.end-game-now",
            "rulings.may.skip-final-discard",
            "rulings.may-not.call-after-time",
        )
    }
    assert up.rules[0].clauses == ("mers-2008:time-expiry",)
    assert [n.key for n in up.rules[0].notes] == ["rulings.note.reading"]


@pytest.mark.parametrize("ruleset", ["mers-2008", "mers-2010", "ema-2009", "mers-2008+hungarian"])
def test_the_other_mers_texts_do_not_say_what_happens(ruleset: str) -> None:
    up = clock_state(started(ruleset, minutes=120), 1, at(121))
    assert up.stage is Stage.TIME_UP
    assert up.signal is None
    (rule,) = up.rules
    assert (rule.case, rule.covered, rule.clauses) == ("time-up", False, ())
    assert [m.key for m in rule.says] == ["clock.rule.not-stated"]
    assert rule.says[0].params["ruleset"] == ruleset
    assert rule.notes[0].key.startswith("rulings.not-covered")


def test_a_reading_chosen_for_the_tournament_applies() -> None:
    up = clock_state(started("ema-2009+time-expiry=immediate-end"), 1, at(91))
    assert _says(up)["time-up"][0] == "rulings.must.end-game-now"


# --- pauses ---------------------------------------------------------------------------------


def test_pause_and_resume_arithmetic_over_several_pauses() -> None:
    t = started(
        "rcr-2016",
        minutes=90,
        more=(
            ev.SessionPaused(1, at(10), "fire alarm"),
            ev.SessionResumed(1, at(14)),
            ev.SessionPaused(1, at(30)),
            ev.SessionResumed(1, at(31.5)),
        ),
    )
    paused = clock_state(t, 1, at(12))
    assert paused.phase is ClockPhase.PAUSED
    assert paused.paused_at == at(10)
    assert (paused.elapsed, paused.remaining, paused.paused_for) == (600, 80 * MINUTE, 120)
    assert paused.ends_at is None  # not known while the clock stands still
    assert paused.signal is not None
    assert paused.signal.at is None
    assert clock_state(t, 1, at(13.9)).remaining == paused.remaining  # frozen

    later = clock_state(t, 1, at(60))
    assert later.phase is ClockPhase.RUNNING
    assert later.paused_at is None
    assert later.paused_for == 5.5 * MINUTE
    assert later.elapsed == 60 * MINUTE - 5.5 * MINUTE
    assert later.remaining == 90 * MINUTE - later.elapsed
    assert later.ends_at == at(95.5)
    assert later.signal is not None
    assert later.signal.at == at(80.5)
    assert [(p.start, p.end, p.reason) for p in later.pauses] == [
        (at(10), at(14), "fire alarm"),
        (at(30), at(31.5), ""),
    ]


def test_a_signal_that_sounded_before_a_pause_keeps_its_moment() -> None:
    t = started(
        "rcr-2016",
        minutes=90,
        more=(ev.SessionPaused(1, at(80)), ev.SessionResumed(1, at(84))),
    )
    state = clock_state(t, 1, at(86))
    assert state.signal is not None
    assert state.signal.at == at(75)
    assert state.signal.passed
    assert state.ends_at == at(94)


def test_ending_stops_the_clock_for_good() -> None:
    t = started("rcr-2016", more=(ev.SessionEnded(1, at(50), "power cut"),))
    state = clock_state(t, 1, at(200))
    assert (state.phase, state.stage) == (ClockPhase.ENDED, Stage.ENDED)
    assert (state.elapsed, state.remaining, state.overtime) == (50 * MINUTE, 40 * MINUTE, 0)
    assert state.ended_at == at(50)
    assert state.ends_at is None
    assert state.rules == ()


# --- extra time -----------------------------------------------------------------------------


def test_extra_time_moves_one_tables_end_only() -> None:
    t = started(
        "rcr-2016",
        minutes=90,
        more=(
            ev.ExtraTimeGranted(1, 2, 4, "play frozen for a ruling (MERS 2.1)", at(20)),
            ev.ExtraTimeGranted(1, 2, 3, "frozen again", at(40)),
        ),
    )
    state = clock_state(t, 1, at(92))
    assert state.stage is Stage.TIME_UP
    assert state.ends_at == at(90)
    assert [c.table for c in state.tables] == [2]  # table 1 follows the session
    table = state.table(2)
    assert table is not None
    assert state.table(1) is None
    assert table.extra_minutes == 7
    assert (table.stage, table.remaining, table.ends_at) == (Stage.SIGNAL, 5 * MINUTE, at(97))
    assert table.signal is not None
    assert table.signal.at == at(82)
    assert next(r.case for r in table.rules) == "signal/dice-thrown"
    assert [(g.minutes, g.reason, g.time, g.actor) for g in table.grants] == [
        (4, "play frozen for a ruling (MERS 2.1)", at(20), "referee"),
        (3, "frozen again", at(40), "referee"),
    ]
    assert clock_state(t, 1, at(97)).table(2).stage is Stage.TIME_UP  # type: ignore[union-attr]


def test_extra_time_before_the_start_counts_once_the_clock_runs() -> None:
    t = base("rcr-2016", minutes=90)
    append(t, ev.ExtraTimeGranted(1, 1, 10, "table started late", T0 - 60))
    waiting = clock_state(t, 1, T0)
    assert waiting.table(1).remaining == 100 * MINUTE  # type: ignore[union-attr]
    append(t, ev.SessionStarted(1, T0, 90))
    assert clock_state(t, 1, at(95)).table(1).remaining == 5 * MINUTE  # type: ignore[union-attr]


def test_a_correction_voids_or_changes_a_grant() -> None:
    t = started("rcr-2016", more=(ev.ExtraTimeGranted(1, 1, 5, "frozen", at(10)),))
    grant = t.position
    append(
        t, ev.Corrected(grant, ev.ExtraTimeGranted(1, 1, 2, "frozen: 2 minutes", at(10)), "typo")
    )
    table = clock_state(t, 1, at(20)).table(1)
    assert table is not None
    assert table.extra_minutes == 2
    assert table.grants[0].seq == grant + 1
    append(t, ev.Corrected(grant + 1, None, "no extra time after all"))
    assert clock_state(t, 1, at(20)).tables == ()
    append(t, ev.Corrected(grant + 2, ev.ExtraTimeGranted(1, 1, 1, "after all", at(10)), "x"))
    restored = clock_state(t, 1, at(20)).table(1)
    assert restored is not None
    assert restored.extra_minutes == 1
    with pytest.raises(ConflictError):  # the first correction already took its place
        t.check(ev.Corrected(grant, ev.ExtraTimeGranted(1, 1, 2, "x", at(10)), "typo"))
    other = started("rcr-2016", more=(ev.ExtraTimeGranted(1, 1, 5, "frozen", at(10)),))
    with pytest.raises(TournamentError) as keeps:
        other.check(ev.Corrected(other.position, ev.ExtraTimeGranted(1, 2, 5, "x", at(10)), "t"))
    assert _key(keeps) == "clock.correction-keeps"


# --- the log and now ------------------------------------------------------------------------


def test_the_state_is_a_function_of_the_log_and_now() -> None:
    t = started(
        "rcr-2016",
        more=(
            ev.SessionPaused(1, at(10)),
            ev.SessionResumed(1, at(12)),
            ev.ExtraTimeGranted(1, 1, 3, "frozen", at(30)),
        ),
    )
    again = refold(t)  # a restarted server, or another worker
    for minute in (-5, 0, 11, 12, 45, 76, 90, 93, 94, 200):
        assert clock_state(again, 1, at(minute)) == clock_state(t, 1, at(minute))


def test_a_past_now_shows_the_clock_as_it_stood() -> None:
    t = started("rcr-2016", more=(ev.SessionPaused(1, at(10)), ev.SessionResumed(1, at(12))))
    assert clock_state(t, 1, at(5)).phase is ClockPhase.RUNNING
    assert clock_state(t, 1, at(5)).pauses == ()
    assert clock_state(t, 1, T0 - 1).phase is ClockPhase.NOT_STARTED


def test_the_current_session() -> None:
    t = base("rcr-2016")
    assert current_session(t) == 1
    append(t, ev.SessionStarted(1, T0, 90), ev.SessionEnded(1, at(90)))
    assert current_session(t) == 1  # ended, not yet closed
    append(
        t,
        ev.RiichiResultRecorded(1, 1, (30_000,) * 4),
        ev.RiichiResultRecorded(1, 2, (30_000,) * 4),
    )
    append(t, ev.SessionClosed(1), ev.SessionOpened(2), ev.SessionStarted(2, at(120), 90))
    assert current_session(t) == 2


def test_rulings_are_decided_once_per_ruleset_and_stage() -> None:
    assert rules_now("rcr-2016", Stage.SIGNAL) is rules_now("rcr-2016", Stage.SIGNAL)
    assert rules_now("rcr-2016", Stage.PLAYING) == ()


# --- what the clock refuses -----------------------------------------------------------------


def _refused(t: object, event: ev.Event) -> str:
    assert hasattr(t, "check")
    with pytest.raises(InputError) as error:
        t.check(event)
    return _key(error)


def test_entries_the_clock_refuses() -> None:
    t = started("rcr-2016", more=(ev.SessionPaused(1, at(10)),))
    assert _refused(t, ev.SessionPaused(1, at(11))) == "clock.already-paused"
    assert _refused(t, ev.SessionResumed(1, at(9))) == "clock.time-before"
    append(t, ev.SessionResumed(1, at(11)))
    assert _refused(t, ev.SessionResumed(1, at(12))) == "clock.not-paused"
    assert _refused(t, ev.ExtraTimeGranted(1, 3, 5, "x", at(12))) == "tournament.bad-table"
    assert _refused(t, ev.ExtraTimeGranted(1, 1, 0, "x", at(12))) == "clock.bad-extra-minutes"
    assert _refused(t, ev.ExtraTimeGranted(1, 1, -5, "x", at(12))) == "clock.bad-extra-minutes"
    assert _refused(t, ev.ExtraTimeGranted(1, 1, 61, "x", at(12))) == "clock.bad-extra-minutes"
    assert _refused(t, ev.ExtraTimeGranted(1, 1, 5, " ", at(12))) == "clock.reason-missing"
    append(t, *(ev.ExtraTimeGranted(1, 1, 60, "long freeze", at(12)) for _ in range(4)))
    assert _refused(t, ev.ExtraTimeGranted(1, 1, 1, "x", at(12))) == "clock.too-much-extra"
    assert _refused(t, ev.SessionStarted(1, at(12), 90)) == "tournament.conflict"
    assert _refused(t, ev.SessionStarted(2, at(12), 90)) == "clock.not-opened"
    append(t, ev.SessionOpened(2))
    assert _refused(t, ev.SessionStarted(2, at(12), 90)) == "clock.other-running"
    assert _refused(t, ev.SessionClosed(1)) == "clock.close-running"
    append(t, ev.SessionEnded(1, at(100)))
    assert _refused(t, ev.SessionPaused(1, at(101))) == "clock.ended"
    assert _refused(t, ev.ExtraTimeGranted(1, 1, 1, "x", at(101))) == "clock.ended"
    assert _refused(t, ev.SessionEnded(1, at(101))) == "tournament.conflict"
    assert _refused(t, ev.SessionStarted(2, at(101), 0)) == "tournament.bad-minutes"
    assert _refused(t, ev.SessionStarted(2, -1, 90)) == "clock.bad-time"
    assert _refused(t, ev.SessionStarted(2, ev.MAX_CLOCK_TIME + 1, 90)) == "clock.bad-time"
    append(t, ev.SessionStarted(2, at(101), 90))


def test_a_second_start_names_the_first() -> None:
    t = started("rcr-2016")
    with pytest.raises(ConflictError) as error:
        t.check(ev.SessionStarted(1, at(1), 90))
    assert error.value.winner == t.position
    assert error.value.message.params["what"].key == "tournament.what-start"  # type: ignore[union-attr]


def test_a_clock_needs_a_published_session() -> None:
    t = base("rcr-2016")
    with pytest.raises(TournamentError) as unknown:
        clock_state(t, 4, T0)
    assert _key(unknown) == "tournament.bad-session"  # type: ignore[arg-type]
    with pytest.raises(TournamentError) as unpublished:
        clock_state(t, 3, T0)
    assert _key(unpublished) == "tournament.session-not-published"  # type: ignore[arg-type]
    assert _refused(t, ev.SessionOpened(3)) == "tournament.session-not-published"
    assert _refused(t, ev.SessionStarted(3, T0, 90)) == "tournament.session-not-published"


def test_a_clock_not_started_cannot_pause_resume_or_end() -> None:
    t = base("rcr-2016")
    assert _refused(t, ev.SessionPaused(1, T0)) == "clock.not-started"
    assert _refused(t, ev.SessionResumed(1, T0)) == "clock.not-started"
    assert _refused(t, ev.SessionEnded(1, T0)) == "clock.not-started"


def test_a_session_on_the_clock_is_ended_before_it_is_closed() -> None:
    t = started("rcr-2016")
    append(
        t,
        ev.RiichiResultRecorded(1, 1, (30_000,) * 4),
        ev.RiichiResultRecorded(1, 2, (30_000,) * 4),
    )
    assert _refused(t, ev.SessionClosed(1)) == "clock.close-running"
    append(t, ev.SessionEnded(1, at(90)), ev.SessionClosed(1))
    assert _refused(t, ev.ExtraTimeGranted(1, 1, 1, "x", at(91))) == "tournament.session-closed"

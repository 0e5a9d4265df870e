"""The rules that keep a tournament's record true, checked where the log is folded (so
the same in the CLI, the web and the API): a withdrawal, a substitution or a
disqualification never rewrites a game that was played; a withdrawal starts by default at
the next session not yet played. Each rule is tried both ways."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mjref.scoring import HandOutcome
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]], [[1, 7, 4, 6], [5, 3, 2, 8]]]


@pytest.fixture
def log() -> MemoryLog:
    make(log := MemoryLog(), seating=SEATING, sessions=3, substitutes=2)
    return log


def totals(log: MemoryLog, session: int, table: int, values: list[int]) -> int:
    return tr.record_totals(log, "t", session=session, table=table, scores=values, **KW).seq


def hand(log: MemoryLog, session: int, table: int, number: int = 1) -> None:
    tr.record_hand(
        log, "t", session=session, table=table, hand=number, outcome=HandOutcome.DRAW, **KW
    )


def points(log: MemoryLog, player: int) -> tuple[Fraction, Fraction]:
    row = next(
        r
        for r in (*ts.current_standings(log, "t").ranked, *ts.current_standings(log, "t").apart)
        if r.player.player == P(player)
    )
    return row.table_points, row.score


def refused(key: str) -> pytest.RaisesExc[TournamentError]:
    return pytest.raises(TournamentError, check=lambda e: e.message.key == key)


def test_a_withdrawal_never_erases_a_played_session(log: MemoryLog) -> None:
    """The defect: ``players withdraw 1 --from-session 1`` after session 1 was recorded
    took player 1's 30 points and 4 table points out of the standings."""
    totals(log, 1, 1, [30, -10, -5, -15])
    before = points(log, 1)
    assert before == (4, 30)
    for struck in (False, True):  # striking the name (MERS 2010 4.3) is no exception
        with refused("tournament.withdraw-played"):
            ts.withdraw_player(log, "t", P(1), from_session=1, struck=struck, **KW)
    assert points(log, 1) == before
    view = ts.withdraw_player(log, "t", P(1), **KW)  # the next session not yet played
    assert view.withdrawn_from == 2
    assert points(log, 1) == before


def test_a_withdrawal_waits_for_a_game_in_progress(log: MemoryLog) -> None:
    hand(log, 1, 2)  # table 2 has begun; player 5 sits there
    with refused("tournament.withdraw-played"):
        ts.withdraw_player(log, "t", P(5), from_session=1, **KW)
    assert ts.withdraw_player(log, "t", P(5), **KW).withdrawn_from == 2
    # A player whose table has not begun may leave from this session.
    assert ts.withdraw_player(log, "t", P(1), **KW).withdrawn_from == 1


def test_a_closed_session_counts_as_played(log: MemoryLog) -> None:
    totals(log, 1, 1, [30, -10, -5, -15])
    totals(log, 1, 2, [0, 0, 0, 0])
    ts.close_session(log, "t", 1, **KW)
    totals(log, 2, 1, [30, -10, -5, -15])
    with refused("tournament.withdraw-played"):
        ts.withdraw_player(log, "t", P(1), from_session=2, **KW)
    assert ts.withdraw_player(log, "t", P(3), **KW).withdrawn_from == 2  # table 2 not begun


def test_a_correction_cannot_move_a_withdrawal_onto_a_played_session(log: MemoryLog) -> None:
    view = ts.withdraw_player(log, "t", P(2), from_session=3, **KW)
    assert view.withdrawn_from == 3
    (entry,) = ts.read_log(log, "t", kinds=["player-withdrawn"])
    totals(log, 1, 1, [30, -10, -5, -15])
    replacement = ev.PlayerWithdrawn(P(2), 1, ev.Withdrawal.OTHER)
    with refused("tournament.withdraw-played"):
        ts.record(
            log,
            "t",
            lambda t: iter([ev.Corrected(entry.seq, replacement, "earlier")]),
            **KW,
        )
    later = ev.PlayerWithdrawn(P(2), 2, ev.Withdrawal.OTHER)
    ts.record(log, "t", lambda t: iter([ev.Corrected(entry.seq, later, "one sooner")]), **KW)
    assert ts.show_player(log, "t", P(2)).withdrawn_from == 2


def _sub(log: MemoryLog, session: int, player: int, *, during: bool) -> None:
    tr.substitute(
        log,
        "t",
        session=session,
        player=P(player),
        substitute=P(9),
        reason=ev.SubstitutionReason.ILLNESS,
        during_play=during,
        **KW,
    )


def test_a_substitute_never_takes_a_seat_in_a_finished_game(log: MemoryLog) -> None:
    totals(log, 1, 1, [30, -10, -5, -15])
    for during in (False, True):
        with refused("tournament.table-has-result"):
            _sub(log, 1, 2, during=during)
    assert points(log, 2) == (1, -10)
    _sub(log, 1, 6, during=False)  # table 2 has not begun: from the start
    assert ts.load(log, "t").substitutions.keys() == {(1, P(6))}


def test_a_substitute_after_hands_comes_in_during_play(log: MemoryLog) -> None:
    hand(log, 1, 1)
    with refused("tournament.table-has-hands"):
        _sub(log, 1, 2, during=False)
    _sub(log, 1, 2, during=True)  # MERS 2010 4.1.2: the seat's hands stand
    assert (1, P(2)) in ts.load(log, "t").substitutions


def test_nothing_is_substituted_in_a_closed_session(log: MemoryLog) -> None:
    totals(log, 1, 1, [30, -10, -5, -15])
    totals(log, 1, 2, [0, 0, 0, 0])
    ts.close_session(log, "t", 1, **KW)
    with refused("tournament.session-closed"):
        _sub(log, 1, 6, during=True)


def test_a_disqualification_never_rewrites_a_played_game(log: MemoryLog) -> None:
    totals(log, 1, 1, [30, -10, -5, -15])
    with refused("tournament.table-has-result"):
        tr.disqualify(log, "t", player=P(2), session=1, scope=ev.Scope.SESSION, **KW)
    totals(log, 2, 1, [30, -10, -5, -15])
    with refused("tournament.disqualify-played"):
        tr.disqualify(log, "t", player=P(1), session=1, scope=ev.Scope.TOURNAMENT, **KW)
    # From the tournament in the session just played: it stands, MERS 2010 4.4 then
    # takes the player's table points for the whole tournament (the text decides).
    tr.disqualify(log, "t", player=P(1), session=2, scope=ev.Scope.TOURNAMENT, **KW)
    assert points(log, 1) == (0, 60)
    assert ts.show_player(log, "t", P(1)).disqualified == 2


def test_a_disqualification_during_play_keeps_the_hands(log: MemoryLog) -> None:
    hand(log, 1, 2)
    tr.disqualify(log, "t", player=P(5), session=1, scope=ev.Scope.SESSION, **KW)
    assert ts.show_player(log, "t", P(5)).disqualified is None  # for the session only

"""Results proposed by a table's player count only once a second person confirms them;
rejected ones do not count and the table reports again; what needs attention."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as rv
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]


@pytest.fixture
def log() -> MemoryLog:
    make(log := MemoryLog(), seating=SEATING)
    return log


def propose(log: MemoryLog, scores: list[int], player: int = 1, table: int = 1) -> int:
    return rv.propose_result(
        log, "t", session=1, table=table, scores=scores, player=P(player), **KW
    ).seq


def points(log: MemoryLog, player: int) -> Fraction:
    return ts.player_history(log, "t", P(player))[0].table_points


def test_a_proposal_counts_only_once_confirmed(log: MemoryLog) -> None:
    seq = propose(log, [30, -10, -5, -15])
    assert points(log, 1) == 0
    assert [p.seq for p in rv.pending_results(log, "t")] == [seq]
    found = rv.attention(log, "t", 1)
    assert found.unreported == ((1, 2),)  # table 1 awaits confirmation, not a report
    rv.confirm_result(log, "t", proposal=seq, player=P(3), **KW)
    assert points(log, 1) == 4
    assert rv.pending_results(log, "t") == ()
    assert rv.attention(log, "t", 1).unreported == ((1, 2),)


def test_the_proposer_cannot_confirm_nor_someone_from_another_table(log: MemoryLog) -> None:
    seq = propose(log, [30, -10, -5, -15], player=2)
    with pytest.raises(TournamentError, match="another person must confirm"):
        rv.confirm_result(log, "t", proposal=seq, player=P(2), **KW)
    with pytest.raises(TournamentError, match="player 5 does not play at table 1"):
        rv.confirm_result(log, "t", proposal=seq, player=P(5), **KW)
    with pytest.raises(TournamentError, match="player 6 does not play at table 1"):
        propose(log, [30, -10, -5, -15], player=6)


def test_a_rejected_result_does_not_count_and_the_table_reports_again(log: MemoryLog) -> None:
    seq = propose(log, [30, -10, -5, -15])
    rv.reject_result(log, "t", proposal=seq, reason="wrong sheet", player=P(4), **KW)
    assert points(log, 1) == 0
    assert rv.attention(log, "t", 1).unreported == ((1, 1), (1, 2))
    with pytest.raises(TournamentError, match="already decided at position"):
        rv.confirm_result(log, "t", proposal=seq, **KW)
    again = propose(log, [-15, -10, -5, 30])
    rv.confirm_result(log, "t", proposal=again, **KW)  # an official confirms
    assert points(log, 4) == 4


def test_a_confirmed_result_changes_only_by_a_correction(log: MemoryLog) -> None:
    seq = propose(log, [30, -10, -5, -15])
    confirmed = rv.confirm_result(log, "t", proposal=seq, player=P(2), **KW).seq
    with pytest.raises(TournamentError, match="already decided"):
        rv.reject_result(log, "t", proposal=seq, reason="late objection", **KW)
    with pytest.raises(ConflictError):  # the table has its result
        propose(log, [-15, -10, -5, 30])
    with pytest.raises(ConflictError):
        tr.record_totals(log, "t", session=1, table=1, scores=[0, 0, 0, 0], **KW)
    tr.record_totals(
        log,
        "t",
        session=1,
        table=1,
        scores=[-15, -10, -5, 30],
        correcting=confirmed,
        reason="sheet misread",
        **KW,
    )
    assert (points(log, 1), points(log, 4)) == (0, 4)


def test_two_proposals_for_a_table_only_one_is_confirmed(log: MemoryLog) -> None:
    first = propose(log, [30, -10, -5, -15])
    second = propose(log, [30, -15, -5, -10], player=2)
    rv.confirm_result(log, "t", proposal=second, player=P(1), **KW)
    assert rv.pending_results(log, "t") == ()
    with pytest.raises(ConflictError):
        rv.confirm_result(log, "t", proposal=first, player=P(3), **KW)


def test_refusals_name_what(log: MemoryLog) -> None:
    with pytest.raises(TournamentError, match="position 3 is not a proposed result"):
        rv.confirm_result(log, "t", proposal=3, **KW)
    with pytest.raises(InputError, match="add up to 5"):
        propose(log, [30, -10, -5, -10])
    seq = propose(log, [30, -10, -5, -15])
    with pytest.raises(InputError):
        rv.reject_result(log, "t", proposal=seq, reason="  ", **KW)
    with pytest.raises(TournamentError, match="sticks are for riichi"):
        rv.propose_result(
            log, "t", session=1, table=2, scores=[0, 0, 0, 0], player=P(5), sticks=1, **KW
        )


def test_riichi_proposals_check_the_sum() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING)
    with pytest.raises(InputError, match="add up to"):
        rv.propose_result(
            log, "t", session=1, table=1, scores=[30000] * 4, player=P(1), sticks=1, **KW
        )
    seq = rv.propose_result(
        log,
        "t",
        session=1,
        table=1,
        scores=[45000, 32000, 24000, 18000],
        player=P(1),
        sticks=1,
        **KW,
    ).seq
    rv.confirm_result(log, "t", proposal=seq, player=P(2), **KW)
    assert ts.player_history(log, "t", P(1))[0].total == 31000


def test_open_appeals_need_attention(log: MemoryLog) -> None:
    entry = tr.record_lateness(log, "t", player=P(1), session=1, minutes=3, **KW)
    ruling = entry.recorded[0].seq
    appeal = tr.file_appeal(log, "t", ruling=ruling, player=P(1), **KW).seq
    assert rv.attention(log, "t").open_appeals == ((appeal, ruling, P(1)),)


@settings(max_examples=60, deadline=None)
@given(
    scores=st.lists(st.integers(-(10**6), 10**6), min_size=0, max_size=6),
    player=st.integers(-3, 12),
    table=st.integers(-1, 3),
)
def test_any_proposal_is_recorded_or_refused_cleanly(
    scores: list[int], player: int, table: int
) -> None:
    log = MemoryLog()
    make(log, seating=SEATING)
    try:
        rv.propose_result(log, "t", session=1, table=table, scores=scores, player=P(player), **KW)
    except InputError:
        assert ts.load(log, "t").proposals == {}
        return
    found = ts.load(log, "t").proposals
    assert [p.scores for p in found.values()] == [tuple(scores)]
    assert isinstance(next(iter(found.values())), ev.ResultProposed)

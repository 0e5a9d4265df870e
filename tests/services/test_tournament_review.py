"""Results proposed by a table's player count only once a second person confirms them;
rejected ones do not count and the table reports again; what needs attention."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.services import player_codes as pc
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as rv
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]
SECRET = "the installation's secret"


@pytest.fixture
def log() -> MemoryLog:
    make(log := MemoryLog(), seating=SEATING)
    return log


def code(log: MemoryLog, player: int) -> str:
    """The player's code in force (what their slip says)."""
    return pc.player_codes(log, "t", SECRET, P(player))[0].code


def by(log: MemoryLog, player: int) -> dict[str, object]:
    """A player deciding, with their own code."""
    return {"player": P(player), "code": code(log, player), "secret": SECRET}


def propose(log: MemoryLog, scores: list[int], player: int = 1, table: int = 1) -> int:
    return rv.propose_result(
        log, "t", session=1, table=table, scores=scores, **by(log, player), **KW
    ).seq


def points(log: MemoryLog, player: int) -> Fraction:
    return ts.player_history(log, "t", P(player))[0].table_points


def test_a_proposal_counts_only_once_confirmed(log: MemoryLog) -> None:
    seq = propose(log, [30, -10, -5, -15])
    assert points(log, 1) == 0
    assert [p.seq for p in rv.pending_results(log, "t")] == [seq]
    found = rv.attention(log, "t", 1)
    assert found.unreported == ((1, 2),)  # table 1 awaits confirmation, not a report
    rv.confirm_result(log, "t", proposal=seq, **by(log, 3), **KW)
    assert points(log, 1) == 4
    assert rv.pending_results(log, "t") == ()
    assert rv.attention(log, "t", 1).unreported == ((1, 2),)


def test_the_proposer_cannot_confirm_nor_someone_from_another_table(log: MemoryLog) -> None:
    seq = propose(log, [30, -10, -5, -15], player=2)
    with pytest.raises(TournamentError, match="another person must confirm"):
        rv.confirm_result(log, "t", proposal=seq, **by(log, 2), **KW)
    with pytest.raises(TournamentError, match="player 5 does not play at table 1"):
        rv.confirm_result(log, "t", proposal=seq, **by(log, 5), **KW)
    with pytest.raises(TournamentError, match="player 6 does not play at table 1"):
        propose(log, [30, -10, -5, -15], player=6)


def test_a_rejected_result_does_not_count_and_the_table_reports_again(log: MemoryLog) -> None:
    seq = propose(log, [30, -10, -5, -15])
    rv.reject_result(log, "t", proposal=seq, reason="wrong sheet", **by(log, 4), **KW)
    assert points(log, 1) == 0
    assert rv.attention(log, "t", 1).unreported == ((1, 1), (1, 2))
    with pytest.raises(TournamentError, match="already decided at position"):
        rv.confirm_result(log, "t", proposal=seq, **KW)
    again = propose(log, [-15, -10, -5, 30])
    rv.confirm_result(log, "t", proposal=again, **KW)  # an official confirms
    assert points(log, 4) == 4


def test_a_confirmed_result_changes_only_by_a_correction(log: MemoryLog) -> None:
    seq = propose(log, [30, -10, -5, -15])
    confirmed = rv.confirm_result(log, "t", proposal=seq, **by(log, 2), **KW).seq
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


def test_a_table_has_at_most_one_pending_proposal(log: MemoryLog) -> None:
    first = propose(log, [30, -10, -5, -15])
    with pytest.raises(TournamentError, match=f"already proposed at position {first}"):
        propose(log, [30, -15, -5, -10], player=2)
    assert [p.seq for p in rv.pending_results(log, "t")] == [first]
    propose(log, [0, 0, 0, 0], table=2, player=5)  # another table is another matter
    rv.reject_result(log, "t", proposal=first, reason="wrong sheet", **by(log, 2), **KW)
    second = propose(log, [30, -15, -5, -10], player=2)
    rv.confirm_result(log, "t", proposal=second, **by(log, 1), **KW)
    assert (points(log, 1), points(log, 4)) == (4, 1)
    with pytest.raises(ConflictError):  # the table has its result
        rv.confirm_result(log, "t", proposal=first, **by(log, 3), **KW)


def test_a_player_decides_only_with_their_own_code(log: MemoryLog) -> None:
    """The table's link proves nothing: whoever proposes, confirms or rejects as a player
    gives that player's code; a code of someone else, none, or a made-up one is refused."""
    with pytest.raises(TournamentError, match="give your confirmation code"):
        rv.propose_result(
            log, "t", session=1, table=1, scores=[0] * 4, player=P(1), code="", secret=SECRET, **KW
        )
    with pytest.raises(TournamentError, match="not the confirmation code of player 1"):
        rv.propose_result(
            log,
            "t",
            session=1,
            table=1,
            scores=[0] * 4,
            player=P(1),
            code=code(log, 2),
            secret=SECRET,
            **KW,
        )
    seq = propose(log, [30, -10, -5, -15])
    for typed in (None, "", code(log, 1), code(log, 4), "ABCDEF"):
        with pytest.raises(TournamentError, match="confirmation code"):
            rv.confirm_result(log, "t", proposal=seq, player=P(3), code=typed, secret=SECRET, **KW)
        with pytest.raises(TournamentError, match="confirmation code"):
            rv.reject_result(
                log, "t", proposal=seq, reason="no", player=P(3), code=typed, secret=SECRET, **KW
            )
    with pytest.raises(TournamentError, match="not the confirmation code"):  # another secret
        rv.confirm_result(
            log, "t", proposal=seq, player=P(3), code=code(log, 3), secret="other", **KW
        )
    assert points(log, 1) == 0
    assert ts.load(log, "t").verdicts == {}
    typed = " " + code(log, 3).lower()[:3] + "-" + code(log, 3)[3:] + " "
    rv.confirm_result(log, "t", proposal=seq, player=P(3), code=typed, secret=SECRET, **KW)
    assert points(log, 1) == 4


def test_a_new_code_makes_the_old_one_useless(log: MemoryLog) -> None:
    old = code(log, 3)
    pc.issue_code(log, "t", player=P(3), **KW)
    new = code(log, 3)
    assert new != old
    assert ts.show_player(log, "t", P(3)).codes_issued == 1
    seq = propose(log, [30, -10, -5, -15])
    with pytest.raises(TournamentError, match="not the confirmation code of player 3"):
        rv.confirm_result(log, "t", proposal=seq, player=P(3), code=old, secret=SECRET, **KW)
    rv.confirm_result(log, "t", proposal=seq, player=P(3), code=new, secret=SECRET, **KW)
    with pytest.raises(TournamentError, match="no player 99"):
        pc.issue_code(log, "t", player=P(99), **KW)


def test_codes_differ_between_players_and_tournaments(log: MemoryLog) -> None:
    codes = {c.code for c in pc.player_codes(log, "t", SECRET)}
    assert len(codes) == len(ts.list_players(log, "t"))
    other = MemoryLog()
    make(other, seating=SEATING)
    assert pc.player_codes(other, "t", SECRET) == pc.player_codes(log, "t", SECRET)
    assert {c.code for c in pc.player_codes(log, "t", "another secret")}.isdisjoint(codes)


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
            log, "t", session=1, table=2, scores=[0, 0, 0, 0], sticks=1, **by(log, 5), **KW
        )


def test_riichi_proposals_check_the_sum() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING)
    with pytest.raises(InputError, match="add up to"):
        rv.propose_result(
            log, "t", session=1, table=1, scores=[30000] * 4, sticks=1, **by(log, 1), **KW
        )
    seq = rv.propose_result(
        log,
        "t",
        session=1,
        table=1,
        scores=[45000, 32000, 24000, 18000],
        sticks=1,
        **by(log, 1),
        **KW,
    ).seq
    rv.confirm_result(log, "t", proposal=seq, **by(log, 2), **KW)
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
    typed = code(log, player) if 1 <= player <= 8 else "ABCDEF"
    try:
        rv.propose_result(
            log,
            "t",
            session=1,
            table=table,
            scores=scores,
            player=P(player),
            code=typed,
            secret=SECRET,
            **KW,
        )
    except InputError:
        assert ts.load(log, "t").proposals == {}
        return
    found = ts.load(log, "t").proposals
    assert [p.scores for p in found.values()] == [tuple(scores)]
    assert isinstance(next(iter(found.values())), ev.ResultProposed)


@settings(max_examples=80, deadline=None)
@given(typed=st.text(max_size=60))
def test_no_typed_text_but_the_code_confirms(typed: str) -> None:
    log = MemoryLog()
    make(log, seating=SEATING)
    seq = propose(log, [30, -10, -5, -15])
    right = code(log, 3)
    try:
        rv.confirm_result(log, "t", proposal=seq, player=P(3), code=typed, secret=SECRET, **KW)
    except TournamentError:
        assert rv.pending_results(log, "t") != ()
        return
    assert "".join(c for c in typed.upper() if c not in " -\t") == right


def test_attention_is_about_the_session_in_play_not_the_seated_ones_after(
    log: MemoryLog,
) -> None:
    from mjref.services import tournament_clock as clock

    found = rv.attention(log, "t")
    # Before any clock: the first published session not closed is the one in play;
    # session 2 is seated but nobody has played it, so its tables are not missing.
    assert (found.in_play, found.later, found.reported) == (1, (2,), (0, 2))
    assert found.unreported == ((1, 1), (1, 2))
    tr.record_totals(log, "t", session=1, table=1, scores=[30, -10, -5, -15], **KW)
    clock.start_session(log, "t", 2, **KW)  # the room moved on with table 2 unreported
    found = rv.attention(log, "t")
    assert (found.in_play, found.later, found.reported) == (2, (), (0, 2))
    # The forgotten table of session 1 is still listed, with session 2's tables.
    assert found.unreported == ((1, 2), (2, 1), (2, 2))
    assert rv.attention(log, "t", 2).unreported == ((2, 1), (2, 2))  # one session asked for

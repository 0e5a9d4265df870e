"""MCR tournaments through the services: hands, totals, table points, MERS 2010 section 4,
MERS 2.3, penalties from rulings, appeals and corrections (figures worked by hand)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mjref.errors import InputError
from mjref.scoring import HandOutcome, ScoringError
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.standings import LineStatus, Standing
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]


@pytest.fixture
def log() -> MemoryLog:
    return MemoryLog()


def tp(log: MemoryLog, tid: str = "t") -> dict[int, Fraction]:
    result = ts.current_standings(log, tid)
    return {int(r.player.player): r.table_points for r in (*result.ranked, *result.apart)}


def scores(log: MemoryLog, tid: str = "t") -> dict[int, Fraction]:
    result = ts.current_standings(log, tid)
    return {int(r.player.player): r.score for r in (*result.ranked, *result.apart)}


def totals(log: MemoryLog, session: int, table: int, values: list[int], tid: str = "t") -> None:
    tr.record_totals(log, tid, session=session, table=table, scores=values, **KW)


def test_hand_by_hand_with_a_false_hu_then_won_by_another(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    # Hand 1: 2 wins 12 points on 1's discard.   1: -20, 2: +36, 3: -8, 4: -8
    tr.record_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=1,
        outcome=HandOutcome.DISCARD,
        winner=P(2),
        discarder=P(1),
        points=12,
        **KW,
    )
    # Hand 2: 3 declares a false hu (under 8: 10 to each), play goes on, 4 self-draws 8
    # points plus 1 flower (9).  1: -17 + 10, 2: -17 + 10, 3: -17 - 30, 4: +51 + 10
    entry = tr.record_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=2,
        outcome=HandOutcome.SELF_DRAWN,
        winner=P(4),
        points=9,
        flowers=1,
        false_hus=[tr.FalseHuEntry(P(3), per_opponent=10)],
        **KW,
    )
    assert entry.payments == {P(1): -7, P(2): -7, P(3): -47, P(4): 61}
    history = ts.player_history(log, "t", P(1))
    assert history[0].score == -27
    result = {
        r.seat.playing: (r.score, r.table_points) for r in ts.load(log, "t").result(1, 1) or ()
    }
    assert result == {P(1): (-27, 1), P(2): (29, 2), P(3): (-55, 0), P(4): (53, 4)}


def test_the_judge_values_a_hand_given_in_notation(log: MemoryLog) -> None:
    from mjref.mcr.hand import McrHand
    from mjref.tiles import Wind

    make(log, seating=SEATING)
    declared = McrHand.from_notation(
        "[123s](7777p)EE45678s+9s", flowers=2, prevalent_wind=Wind.SOUTH
    )
    entry = tr.record_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=1,
        outcome=HandOutcome.DISCARD,
        winner=P(3),
        discarder=P(4),
        declared=declared,
        **KW,
    )
    assert (entry.points, entry.flowers) == (21, 2)
    hand = ts.load(log, "t").hands(1, 1)[0]
    assert (hand.notation, hand.convention) == ("[123s](7777p)45678sEE+9s", "green-book")
    # A declared hand that is no win is refused: it is a false hu, not a result.
    not_a_win = McrHand.from_notation("[123s][456p]678m11p99s+9s")
    with pytest.raises(TournamentError) as caught:
        tr.record_hand(
            log,
            "t",
            session=1,
            table=1,
            hand=2,
            outcome=HandOutcome.DISCARD,
            winner=P(1),
            discarder=P(4),
            declared=not_a_win,
            **KW,
        )
    assert caught.value.message.key == "tournament.hand-not-a-win"
    # Its class as a false hu (10: four sets and a pair under 8) comes from the judge.
    entry = tr.record_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=2,
        outcome=HandOutcome.DRAW,
        false_hus=[tr.FalseHuEntry(P(1), hand=not_a_win)],
        **KW,
    )
    assert entry.payments[P(1)] == -30


def test_session_totals_that_do_not_balance_are_refused_with_the_numbers(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    with pytest.raises(ScoringError, match=r"30, 10, -20, -10 add up to 10, not 0"):
        totals(log, 1, 1, [30, 10, -20, -10])
    assert ts.load(log, "t").result(1, 1) is None


def test_table_points_with_ties_are_exact_fractions(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    totals(log, 1, 1, [20, 20, 20, -60])
    totals(log, 1, 2, [30, -10, -10, -10])
    points = tp(log)
    assert points == {
        1: Fraction(7, 3),
        2: Fraction(7, 3),
        3: Fraction(7, 3),
        4: 0,
        5: 4,
        6: 1,
        7: 1,
        8: 1,
    }
    assert sum(points.values()) == 14


def test_ladder_penalties_count_in_the_table_ranking_by_default(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    for _ in range(3):  # warning, then 5, then 10 (MERS 3.1): 15 off player 1's score
        tr.record_ruling(
            log, "t", player=P(1), session=1, incident="false-set", facts={"discarded": False}, **KW
        )
    totals(log, 1, 1, [20, 10, -10, -20])
    steps = [(e.step, e.points) for e in ts.foul_ladder(log, "t", P(1))]
    assert steps == [(1, 0), (2, 5), (3, 10)]
    line = ts.player_history(log, "t", P(1))[0]
    assert (line.score, line.penalty, line.total, line.table_points) == (20, 15, 5, 2)
    assert ts.player_history(log, "t", P(2))[0].table_points == 4


def test_penalties_apart_is_a_named_reading(log: MemoryLog) -> None:
    make(log, ruleset="mers-2010+penalties-apart", seating=SEATING)
    for _ in range(3):
        tr.record_ruling(
            log, "t", player=P(1), session=1, incident="false-set", facts={"discarded": False}, **KW
        )
    totals(log, 1, 1, [20, 10, -10, -20])
    line = ts.player_history(log, "t", P(1))[0]
    assert (line.total, line.table_points) == (5, 4)


def test_the_ladder_starts_again_each_session(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    for session in (1, 1, 2):
        tr.record_ruling(
            log,
            "t",
            player=P(3),
            session=session,
            incident="false-set",
            facts={"discarded": False},
            **KW,
        )
    assert [(e.session, e.points) for e in ts.foul_ladder(log, "t", P(3))] == [
        (1, 0),
        (1, 5),
        (2, 0),
    ]


@pytest.mark.parametrize(
    ("ruleset", "minutes", "points"),
    [
        ("mers-2008", 9, 10),
        ("mers-2008", 10, 20),  # English: "under 10 minutes" is 10, so 10 is 20
        ("mers-2008", 15, 20),
        ("mers-2008+italian", 10, 10),  # Italian: up to and including 10
        ("mers-2008+italian", 11, 20),
        ("mers-2010", 9, 10),
        ("mers-2010", 10, 20),  # French: "de 10 a 15 minutes"
        ("ema-2009", 10, 10),  # Dutch: at most 10
        ("ema-2009", 11, 20),
    ],
)
def test_lateness_bands_through_the_rulings(
    log: MemoryLog, ruleset: str, minutes: int, points: int
) -> None:
    make(log, ruleset=ruleset, seating=SEATING)
    entry = tr.record_lateness(log, "t", player=P(2), session=1, minutes=minutes, **KW)
    assert entry.ruling.compact()[0].startswith(f"deduction:{points} @")
    totals(log, 1, 1, [20, 10, -10, -20])
    line = ts.player_history(log, "t", P(2))[0]
    assert (line.score, line.penalty, line.total) == (10, points, 10 - points)


@pytest.mark.parametrize("ruleset", ["mers-2008", "mers-2010", "ema-2009"])
def test_more_than_15_minutes_late_needs_a_substitute_and_costs_the_table_points(
    log: MemoryLog, ruleset: str
) -> None:
    # MERS 2.3: disqualified for the session, a substitute plays, no table points for the
    # late player; MERS 2010 4.1.1: the substitute's table points are normal (he wins 4).
    make(log, ruleset=ruleset, substitutes=1, seating=SEATING)
    with pytest.raises(TournamentError) as caught:
        tr.record_lateness(log, "t", player=P(2), session=1, minutes=16, **KW)
    assert caught.value.message.key == "tournament.substitute-needed"
    tr.record_lateness(log, "t", player=P(2), session=1, minutes=16, substitute=P(9), **KW)
    totals(log, 1, 1, [10, 40, -20, -30])
    totals(log, 1, 2, [10, 5, -5, -10])
    points = tp(log)
    assert (points[9], points[1], points[3], points[4]) == (4, 2, 1, 0)
    missed = ts.player_history(log, "t", P(2))[0]
    assert (missed.status, missed.table_points, missed.total, missed.other) == (
        LineStatus.MISSED,
        0,
        0,
        P(9),
    )
    sub = ts.player_history(log, "t", P(9))[0]
    assert (sub.status, sub.score, sub.other) == (LineStatus.SUBSTITUTE, 40, P(2))
    standing = ts.current_standings(log, "t")
    assert [r.player.player for r in standing.apart] == [P(9)]


def test_4_1_2_illness_before_the_session_table_points_are_normal(log: MemoryLog) -> None:
    make(log, substitutes=1, seating=SEATING)
    tr.substitute(
        log,
        "t",
        session=1,
        player=P(2),
        substitute=P(9),
        reason=ev.SubstitutionReason.ILLNESS,
        during_play=False,
        **KW,
    )
    totals(log, 1, 1, [10, 40, -20, -30])
    assert ts.player_history(log, "t", P(9))[0].table_points == 4


def test_4_1_2_illness_during_the_session_the_substitute_gets_nothing(log: MemoryLog) -> None:
    make(log, substitutes=1, seating=SEATING)
    tr.substitute(
        log,
        "t",
        session=1,
        player=P(2),
        substitute=P(9),
        reason=ev.SubstitutionReason.ILLNESS,
        during_play=True,
        **KW,
    )
    totals(log, 1, 1, [10, 40, -20, -30])
    sub = ts.player_history(log, "t", P(9))[0]
    assert (sub.table_points, sub.clause) == (0, "mers-2010:4.1.2")
    points = tp(log)
    assert (points[1], points[3], points[4], points[2]) == (4, 2, 1, 0)


def test_without_section_4_the_table_is_ranked_normally(log: MemoryLog) -> None:
    make(log, ruleset="mers-2008", substitutes=1, seating=SEATING)
    tr.substitute(
        log,
        "t",
        session=1,
        player=P(2),
        substitute=P(9),
        reason=ev.SubstitutionReason.ILLNESS,
        during_play=True,
        **KW,
    )
    totals(log, 1, 1, [10, 40, -20, -30])
    assert ts.player_history(log, "t", P(9))[0].table_points == 4


def test_4_2_disqualified_substitute_gets_nothing_then_plays_normally(log: MemoryLog) -> None:
    make(log, substitutes=1, seating=SEATING)
    tr.disqualify(
        log, "t", player=P(2), session=1, incident="cheating", facts={}, substitute=P(9), **KW
    )
    totals(log, 1, 1, [10, 40, -20, -30])
    totals(log, 1, 2, [10, 5, -5, -10])
    sub = ts.player_history(log, "t", P(9))[0]
    assert (sub.table_points, sub.clause) == (0, "mers-2010:4.2")
    assert (tp(log)[1], tp(log)[3], tp(log)[4]) == (4, 2, 1)
    # Session 2 still seats player 2: results there are refused until re-seated.
    with pytest.raises(TournamentError) as caught:
        totals(log, 2, 1, [10, 20, -10, -20])
    assert caught.value.message.key == "tournament.seat-gone"
    report = ts.republish_seating(log, "t", replaced=[(P(2), P(9))], **KW)
    assert report.first_session == 2
    table = report.sessions[0][0]
    assert set(table) == {P(1), P(5), P(9), P(6)}  # 9 takes 2's seat; winds may turn
    totals(log, 2, 1, [60 if p == P(9) else -20 for p in table])
    assert ts.player_history(log, "t", P(9))[1].table_points == 4


def test_4_4_disqualified_player_has_no_table_points_and_is_ranked_last(log: MemoryLog) -> None:
    make(log, substitutes=1, seating=SEATING)
    totals(log, 1, 1, [10, 40, -20, -30])  # player 2 wins session 1: 4 table points
    totals(log, 1, 2, [10, 5, -5, -10])
    tr.disqualify(log, "t", player=P(2), session=2, scope=ev.Scope.TOURNAMENT, **KW)
    standing = ts.current_standings(log, "t")
    last = standing.ranked[-1]
    assert (last.player.player, last.status, last.table_points, last.place) == (
        P(2),
        Standing.DISQUALIFIED,
        0,
        8,
    )
    assert last.score == 40  # the score stays; the result counts for the EMA ranking


def test_disqualified_last_also_under_mers_2008_but_table_points_kept(log: MemoryLog) -> None:
    make(log, ruleset="mers-2008", seating=SEATING)
    totals(log, 1, 1, [10, 40, -20, -30])
    totals(log, 1, 2, [10, 5, -5, -10])
    tr.disqualify(log, "t", player=P(2), session=2, incident="cheating", facts={}, **KW)
    last = ts.current_standings(log, "t").ranked[-1]
    assert (last.player.player, last.table_points) == (P(2), 4)


def test_4_3_replaced_player_gets_nothing_for_missed_sessions_or_is_struck(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    totals(log, 1, 1, [10, 40, -20, -30])
    totals(log, 1, 2, [10, 5, -5, -10])
    ts.withdraw_player(log, "t", P(2), from_session=2, reason=ev.Withdrawal.ILLNESS, **KW)
    ts.republish_seating(log, "t", **KW)  # a substitute is brought in for player 2
    seating = ts.seating(log, "t", 2)
    assert P(2) not in {p for table in seating for p in table}
    totals(log, 2, 1, [10, 20, -10, -20])
    totals(log, 2, 2, [10, 20, -10, -20])
    lines = ts.player_history(log, "t", P(2))
    assert [(line.status, line.table_points) for line in lines] == [
        (LineStatus.PLAYED, 4),
        (LineStatus.MISSED, 0),
    ]
    row = next(r for r in ts.current_standings(log, "t").ranked if r.player.player == P(2))
    assert (row.table_points, row.sessions) == (4, 2)
    (withdrawal,) = ts.read_log(log, "t", kinds=["player-withdrawn"])
    struck = withdrawal.seq
    tr.correct(
        log,
        "t",
        target=struck,
        reason="organisers removed the name",
        replacement=ev.PlayerWithdrawn(P(2), 2, ev.Withdrawal.ILLNESS, struck=True),
        **KW,
    )
    standing = ts.current_standings(log, "t")
    assert P(2) not in [r.player.player for r in standing.ranked]
    assert [(r.player.player, r.status) for r in standing.apart if r.status is Standing.STRUCK] == [
        (P(2), Standing.STRUCK)
    ]


def test_appeal_upheld_takes_the_penalty_away_rejected_keeps_it(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    tr.record_ruling(
        log, "t", player=P(1), session=1, incident="false-set", facts={"discarded": False}, **KW
    )
    second = (
        tr.record_ruling(
            log, "t", player=P(1), session=1, incident="false-set", facts={"discarded": False}, **KW
        )
        .recorded[0]
        .seq
    )
    appeal = tr.file_appeal(log, "t", ruling=second, player=P(1), **KW).seq
    totals(log, 1, 1, [20, 10, -10, -20])
    totals(log, 1, 2, [20, 10, -10, -20])
    with pytest.raises(TournamentError) as caught:  # heard after the session (MERS 2.2)
        tr.decide_appeal(log, "t", appeal=appeal, upheld=True, **KW)
    assert caught.value.message.key == "tournament.appeal-before-end"
    assert ts.player_history(log, "t", P(1))[0].penalty == 5
    ts.close_session(log, "t", 1, **KW)
    tr.decide_appeal(log, "t", appeal=appeal, upheld=True, **KW)
    assert ts.player_history(log, "t", P(1))[0].penalty == 0
    entries = ts.read_log(log, "t", kinds=["ruling-recorded"])
    assert [(e.seq, e.in_force) for e in entries] == [(entries[0].seq, True), (second, False)]
    with pytest.raises(ConflictError):
        tr.decide_appeal(log, "t", appeal=appeal, upheld=False, **KW)


def test_corrections_supersede_and_keep_the_chain(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    first = tr.record_totals(log, "t", session=1, table=1, scores=[20, 10, -10, -20], **KW).seq
    fixed = tr.record_totals(
        log,
        "t",
        session=1,
        table=1,
        scores=[10, 20, -10, -20],
        correcting=first,
        reason="East and South swapped",
        **KW,
    ).seq
    assert ts.player_history(log, "t", P(2))[0].table_points == 4
    # A second correction of the same entry names the one that got there first.
    with pytest.raises(ConflictError) as conflict:
        tr.record_totals(
            log, "t", session=1, table=1, scores=[0, 0, 0, 0], correcting=first, reason="x", **KW
        )
    assert conflict.value.winner == fixed
    again = tr.correct(log, "t", target=fixed, reason="entered twice by mistake", **KW).seq
    assert ts.load(log, "t").result(1, 1) is None
    assert ts.load(log, "t").chain(first) == (first, fixed, again)
    entries = {e.seq: e for e in ts.read_log(log, "t", table=1, session=1)}
    assert (entries[first].superseded_by, entries[fixed].superseded_by) == (fixed, again)
    with pytest.raises(TournamentError) as caught:
        tr.correct(log, "t", target=999, reason="nothing there", **KW)
    assert caught.value.message.key == "tournament.no-such-event"
    with pytest.raises(TournamentError) as caught:
        tr.correct(log, "t", target=1, reason="the creation", **KW)
    assert caught.value.message.key == "tournament.not-correctable"


def test_conflicting_entries_name_the_entry_that_won(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    won = tr.record_hand(
        log, "t", session=1, table=1, hand=3, outcome=HandOutcome.DRAW, **KW
    ).recorded
    with pytest.raises(ConflictError) as caught:
        tr.record_hand(log, "t", session=1, table=1, hand=3, outcome=HandOutcome.DRAW, **KW)
    assert caught.value.winner == won.seq
    assert f"position {won.seq} by referee" in str(caught.value)
    with pytest.raises(ConflictError) as caught:
        totals(log, 1, 1, [0, 0, 0, 0])
    assert caught.value.message.key == "tournament.mode-conflict"


@pytest.mark.parametrize(
    ("call", "key"),
    [
        (lambda log: totals(log, 3, 1, [0, 0, 0, 0]), "tournament.bad-session"),
        (lambda log: totals(log, 1, 3, [0, 0, 0, 0]), "tournament.bad-table"),
        (
            lambda log: tr.record_ruling(
                log,
                "t",
                player=P(77),
                session=1,
                incident="false-set",
                facts={"discarded": False},
                **KW,
            ),
            "tournament.unknown-player",
        ),
        (
            lambda log: ts.publish_plan(
                log, "t", [[[P(1), P(2), P(3), P(4)], [P(1), P(6), P(7), P(8)]]], **KW
            ),
            "tournament.seating-twice",
        ),
        (
            lambda log: tr.record_riichi_result(
                log, "t", session=1, table=1, scores=[1, 2, 3, 4], **KW
            ),
            "tournament.wrong-family",
        ),
    ],
)
def test_bad_entries_are_refused_and_nothing_is_written(
    log: MemoryLog, call: object, key: str
) -> None:
    make(log, seating=SEATING)
    before = len(log.rows["t"])
    with pytest.raises(InputError) as caught:
        call(log)  # type: ignore[operator]
    assert caught.value.message.key == key
    assert len(log.rows["t"]) == before


def test_a_result_for_a_session_not_yet_published(log: MemoryLog) -> None:
    make(log)
    with pytest.raises(TournamentError) as caught:
        totals(log, 1, 1, [0, 0, 0, 0])
    assert caught.value.message.key == "tournament.session-not-published"


def test_the_fold_is_incremental_and_equals_a_fresh_one(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    totals(log, 1, 1, [20, 10, -10, -20])
    cached = ts.load(log, "t")
    ts.current_standings(log, "t")
    reads = log.reads
    tr.record_hand(
        log,
        "t",
        session=1,
        table=2,
        hand=1,
        outcome=HandOutcome.SELF_DRAWN,
        winner=P(5),
        points=8,
        **KW,
    )
    assert ts.load(log, "t") is cached
    assert cached._dirty == {(1, 2)}  # only the table the hand touched is computed again
    assert log.reads - reads <= 3
    fresh = ts.Tournament("t")
    fresh.extend(log.read("t"))
    from mjref.tournament.standings import standings

    assert standings(fresh).ranked == ts.current_standings(log, "t").ranked


def test_an_appeal_upheld_lifts_a_disqualification(log: MemoryLog) -> None:
    make(log, seating=SEATING)
    (dq,) = tr.disqualify(log, "t", player=P(2), session=1, scope=ev.Scope.TOURNAMENT, **KW)
    assert ts.load(log, "t").player(P(2)).disqualified == 1
    appeal = tr.file_appeal(log, "t", ruling=dq.seq, player=P(2), **KW).seq
    totals(log, 1, 1, [10, 40, -20, -30])
    totals(log, 1, 2, [10, 5, -5, -10])
    ts.close_session(log, "t", 1, **KW)
    tr.decide_appeal(log, "t", appeal=appeal, upheld=True, **KW)
    assert ts.load(log, "t").player(P(2)).disqualified is None
    assert ts.current_standings(log, "t").ranked[0].player.player == P(2)
    totals(log, 2, 1, [10, 20, -10, -20])  # player 2 plays session 2 again


def test_disqualified_for_the_session_cannot_play_it(log: MemoryLog) -> None:
    make(log, substitutes=1, seating=SEATING)
    tr.disqualify(log, "t", player=P(3), session=1, scope=ev.Scope.SESSION, **KW)
    with pytest.raises(TournamentError) as caught:
        totals(log, 1, 1, [10, 40, -20, -30])
    assert caught.value.message.key == "tournament.seat-gone"
    tr.substitute(
        log,
        "t",
        session=1,
        player=P(3),
        substitute=P(9),
        reason=ev.SubstitutionReason.DISQUALIFIED,
        during_play=False,
        **KW,
    )
    totals(log, 1, 1, [10, 40, -20, -30])
    assert ts.player_history(log, "t", P(3))[0].status is LineStatus.MISSED
    totals(log, 2, 2, [10, 40, -20, -30])  # the next session as usual
    assert ts.player_history(log, "t", P(3))[1].status is LineStatus.PLAYED

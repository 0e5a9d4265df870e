"""Riichi tournaments through the services (RCR 2016 and 2012): uma, leftover sticks,
penalty timing through the rulings, lateness, every substitute case of RCR 2016 5.8 /
2012 5.7, disqualification and illness (figures worked by hand)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mjref.errors import InputError
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.standings import LineStatus, Standing
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]


@pytest.fixture
def log() -> MemoryLog:
    return MemoryLog()


def result(log: MemoryLog, session: int, table: int, scores: list[int], sticks: int = 0) -> None:
    tr.record_riichi_result(
        log, "t", session=session, table=table, scores=scores, sticks=sticks, **KW
    )


def line(log: MemoryLog, player: int, session: int = 1) -> tuple[Fraction, Fraction, Fraction]:
    found = ts.player_history(log, "t", P(player))[session - 1]
    return found.points, found.uma, found.total


def test_uma_and_a_leftover_stick(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2016", seating=SEATING)
    result(log, 1, 1, [45000, 32000, 24000, 18000], sticks=1)
    assert [line(log, p) for p in (1, 2, 3, 4)] == [
        (16000, 15000, 31000),
        (2000, 5000, 7000),
        (-6000, -5000, -11000),
        (-12000, -15000, -27000),
    ]
    with pytest.raises(InputError, match="add up to 119000, not 120000"):
        result(log, 1, 2, [45000, 32000, 24000, 18000])


def test_the_starting_points_are_the_tournaments(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2012", seating=SEATING, start=25000)
    result(log, 1, 1, [40000, 30000, 20000, 10000])
    assert line(log, 1) == (15000, 30000, 45000)


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [("rcr-2016", (3000, 15000, 13000)), ("rcr-2012", (-2000, -10000, -12000))],
)
def test_lateness_1000_a_minute_after_uma_or_at_once(
    log: MemoryLog, ruleset: str, expected: tuple[int, int, int]
) -> None:
    make(log, ruleset=ruleset, seating=SEATING)
    entry = tr.record_lateness(log, "t", player=P(1), session=1, minutes=5, **KW)
    assert entry.ruling.compact()[0].startswith("deduction:5000/")
    result(log, 1, 1, [33000, 31000, 28000, 28000])
    # 2016: first on the table, 5,000 off after uma.  2012: 5,000 off at once, so 28,000
    # ties with two others for second to fourth: (10,000 - 10,000 - 30,000) / 3 each.
    assert line(log, 1) == expected


def test_ten_minutes_is_the_limit(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2016", seating=SEATING)
    assert (
        tr.record_lateness(log, "t", player=P(1), session=1, minutes=10, **KW).ruling.compact()[0]
        == "deduction:10000/after-uma @rcr-2016:5.7"
    )
    with pytest.raises(TournamentError):
        tr.record_lateness(log, "t", player=P(2), session=1, minutes=11, **KW)


def test_late_over_10_substitute_from_the_start_counts_for_uma_2016(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2016", substitutes=1, seating=SEATING)
    tr.record_lateness(log, "t", player=P(2), session=1, minutes=11, substitute=P(9), **KW)
    result(log, 1, 1, [30000, 50000, 22000, 18000])
    # The substitute wins the table: the others get 5,000, -5,000 and -15,000.
    assert [line(log, p)[1] for p in (1, 3, 4)] == [5000, -5000, -15000]
    assert line(log, 9) == (-15000, -15000, -30000)
    missed = ts.player_history(log, "t", P(2))[0]
    assert (missed.status, missed.total, missed.clause) == (
        LineStatus.MISSED,
        -30000,
        "rcr-2016:5.8",
    )


def test_illness_during_play_substitute_left_out_of_uma_2012(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2012", substitutes=1, seating=SEATING)
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
    result(log, 1, 1, [25000, 50000, 25000, 20000])
    # The substitute scored most but is left out: 1 and 3 tie for first of three and
    # share 30,000 + 10,000; 4 gets -10,000.
    assert [line(log, p)[1] for p in (1, 3, 4)] == [20000, 20000, -10000]
    assert line(log, 9) == (0, -30000, -30000)
    assert line(log, 2) == (0, -30000, -30000)


def test_illness_before_the_session_substitute_counts_2012(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2012", substitutes=1, seating=SEATING)
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
    result(log, 1, 1, [30000, 50000, 22000, 18000])
    assert [line(log, p)[1] for p in (1, 3, 4)] == [10000, -10000, -30000]


def test_disqualified_player_is_ranked_at_the_bottom_and_counts(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2016", substitutes=1, seating=SEATING)
    result(log, 1, 1, [60000, 20000, 20000, 20000])
    result(log, 1, 2, [30000, 30000, 30000, 30000])
    tr.disqualify(
        log,
        "t",
        player=P(1),
        session=2,
        incident="cheating",
        facts={"evidence_clear": True},
        substitute=P(9),
        **KW,
    )
    result(log, 2, 1, [40000, 30000, 30000, 20000])  # seats 1 (9 plays), 5, 2, 6
    ranked = ts.current_standings(log, "t").ranked
    assert (ranked[-1].player.player, ranked[-1].status, ranked[-1].place) == (
        P(1),
        Standing.DISQUALIFIED,
        8,
    )
    # Session 1: 30,000 + 15,000 uma; session 2 missed: -15,000 and -15,000.
    assert ranked[-1].score == 45000 - 30000
    # The substitute came in after play began and is left out: 5 and 2 tie for first of
    # three and share 15,000 + 5,000; 6 gets -5,000.
    assert [line(log, p, 2)[1] for p in (5, 2, 6)] == [10000, 10000, -5000]


def test_chombo_2016_after_uma_2012_in_the_table_scores(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2016", seating=SEATING)
    entry = tr.record_ruling(
        log,
        "t",
        player=P(3),
        session=1,
        incident="false-hu",
        facts={"tiles_shown": True, "reason": "no-yaku"},
        **KW,
    )
    assert entry.ruling.compact()[0] == "chombo:20000/after-uma @rcr-2016:3.4.6"
    result(log, 1, 1, [40000, 30000, 28000, 22000])
    assert line(log, 3) == (-2000, -5000, -27000)

    other = MemoryLog()
    make(other, ruleset="rcr-2012", seating=SEATING)
    tr.record_ruling(
        other,
        "t",
        player=P(3),
        session=1,
        incident="false-hu",
        facts={"tiles_shown": True, "reason": "no-yaku", "dealer": False},
        **KW,
    )
    tr.record_riichi_result(
        other, "t", session=1, table=1, scores=[40000, 30000, 28000, 22000], **KW
    )
    assert ts.player_history(other, "t", P(3))[0].penalty == 0


def test_obstruction_amount_set_by_the_referee_within_the_clause(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2016", seating=SEATING)
    with pytest.raises(InputError) as caught:
        tr.record_ruling(
            log,
            "t",
            player=P(4),
            session=1,
            incident="obstruction",
            facts={},
            discretion=9000,
            **KW,
        )
    assert caught.value.message.key == "tournament.discretion-choice"
    tr.record_ruling(
        log, "t", player=P(4), session=1, incident="obstruction", facts={}, discretion=8000, **KW
    )
    # A second obstruction on record: 12,000-48,000 (RCR 5.5).
    entry = tr.record_ruling(
        log, "t", player=P(4), session=1, incident="obstruction", facts={}, discretion=20000, **KW
    )
    assert entry.ruling.compact() == ("discretion:12000-48000/after-uma @rcr-2016:5.5",)
    result(log, 1, 1, [40000, 30000, 28000, 22000])
    assert line(log, 4) == (-8000, -15000, -51000)


def test_withdrawn_player_misses_sessions_or_is_removed(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2016", seating=SEATING)
    result(log, 1, 1, [40000, 30000, 28000, 22000])
    result(log, 1, 2, [40000, 30000, 28000, 22000])
    ts.withdraw_player(log, "t", P(4), from_session=2, reason=ev.Withdrawal.ILLNESS, **KW)
    ts.republish_seating(log, "t", **KW)
    table = ts.seating(log, "t", 2)[1]
    result(log, 2, 2, [30000, 30000, 30000, 30000])
    lines = ts.player_history(log, "t", P(4))
    assert [(x.status, x.total) for x in lines] == [
        (LineStatus.PLAYED, -23000),
        (LineStatus.MISSED, -30000),
    ]
    assert P(4) not in table
    rows = {r.player.player: r for r in ts.current_standings(log, "t").ranked}
    assert rows[P(4)].score == -53000

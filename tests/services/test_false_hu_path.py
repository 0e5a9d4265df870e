"""A false hu is one path whoever enters it: a false-hu ruling recorded with its session,
table and hand puts its payments (MERS 2.10.2: 10 or 20 to each other player) into that
hand and the table's totals, once - whether the hand was entered before or after the
ruling, and whether the hand also names the ruling (``ruling=POSITION``). A ruling voided
or overturned on appeal takes its payments with it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mjref.scoring import HandOutcome
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament.errors import TournamentError
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]]]
FALSE_HU = {"tiles_shown": True, "hand": "[123s][456p]678m11p99s+9s"}  # not a win: 10 each
# Hand 1: player 1 wins 8 points on player 2's discard: 1 +32, 2 -16, 3 -8, 4 -8.
# Player 3's false hu during it: 3 pays 10 to each other player.
WITH_FALSE_HU = {1: 42, 2: -6, 3: -38, 4: 2}
WITHOUT = {1: 32, 2: -16, 3: -8, 4: -8}


@pytest.fixture
def log() -> MemoryLog:
    make(log := MemoryLog(), seating=SEATING, sessions=1)
    return log


def hand(log: MemoryLog, **extra: object) -> int:
    return tr.record_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=1,
        outcome=HandOutcome.DISCARD,
        winner=P(1),
        discarder=P(2),
        points=8,
        **extra,  # type: ignore[arg-type]
        **KW,
    ).recorded.seq


def rule(log: MemoryLog, **where: int) -> int:
    entry = tr.record_ruling(
        log, "t", player=P(3), session=1, incident="false-hu", facts=FALSE_HU, **where, **KW
    )
    return entry.recorded[0].seq


def scores(log: MemoryLog) -> dict[int, Fraction]:
    return {
        int(r.player.player): r.score
        for r in ts.current_standings(log, "t").ranked
        if r.player.player <= 4
    }


def test_a_ruling_with_its_hand_pays_in_that_hand(log: MemoryLog) -> None:
    hand(log)
    assert scores(log) == WITHOUT
    rule(log, table=1, hand=1)
    assert scores(log) == WITH_FALSE_HU
    t = ts.load(log, "t")
    assert t.hand_payments(t.hands(1, 1)[0]) == WITH_FALSE_HU


def test_the_ruling_first_then_the_hand(log: MemoryLog) -> None:
    rule(log, table=1, hand=1)
    hand(log)
    assert scores(log) == WITH_FALSE_HU


def test_a_hand_naming_the_ruling_is_not_paid_twice(log: MemoryLog) -> None:
    position = rule(log, table=1, hand=1)
    hand(log, false_hus=[tr.FalseHuEntry(P(3), ruling=position)])
    assert scores(log) == WITH_FALSE_HU


def test_a_ruling_without_a_hand_is_not_paid_by_itself(log: MemoryLog) -> None:
    """Its payments are entered with the hand (``ruling=POSITION``) or are in the score
    sheet's totals; the fold does not guess the hand."""
    position = rule(log, table=1)
    first = hand(log)
    assert scores(log) == WITHOUT
    hand(
        log,
        false_hus=[tr.FalseHuEntry(P(3), ruling=position)],
        correcting=first,
        reason="the false hu was in this hand",
    )
    assert scores(log) == WITH_FALSE_HU


def test_voided_or_overturned_the_payments_go(log: MemoryLog) -> None:
    hand(log)
    position = rule(log, table=1, hand=1)
    tr.correct(log, "t", target=position, reason="wrong player", **KW)
    assert scores(log) == WITHOUT
    again = rule(log, table=1, hand=1)
    assert scores(log) == WITH_FALSE_HU
    appeal = tr.file_appeal(log, "t", ruling=again, player=P(3), **KW).seq
    tr.record_totals(log, "t", session=1, table=2, scores=[0, 0, 0, 0], **KW)
    ts.close_session(log, "t", 1, **KW)
    tr.decide_appeal(log, "t", appeal=appeal, upheld=True, **KW)
    assert scores(log) == WITHOUT


def test_a_ruling_at_a_table_concerns_one_of_its_players(log: MemoryLog) -> None:
    with pytest.raises(TournamentError, check=lambda e: e.message.key == "tournament.not-at-table"):
        tr.record_ruling(
            log, "t", player=P(5), session=1, incident="false-hu", facts=FALSE_HU, table=1, **KW
        )
    with pytest.raises(
        TournamentError, check=lambda e: e.message.key == "tournament.hand-without-table"
    ):
        tr.record_ruling(
            log, "t", player=P(3), session=1, incident="false-hu", facts=FALSE_HU, hand=1, **KW
        )

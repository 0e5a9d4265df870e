"""A hand given as tiles is judged with the winds of its hand number at its table
(mjref.tournament.hand_winds): derived by the service, stored with the hand, replaced only
with a reason (figures from the MCR judge, worked out in the comments)."""

from __future__ import annotations

import pytest

from mjref.mcr.hand import McrHand
from mjref.scoring import HandOutcome
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tiles import Wind
from mjref.tournament.errors import TournamentError
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

# Session 1, table 1: players 1, 2, 3, 4 start East, South, West, North.
SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]
# A pung of South: Pure Straight 16, One Voided Suit 1, Single Wait 1, and either Pung of
# Terminals or Honors 1 (no wind of the hand: 19), Prevalent Wind 2 (20), or Prevalent
# Wind 2 and Seat Wind 2 (22).
SOUTH_PUNG = "[SSS]123m456m789m1p+1p"


@pytest.fixture
def log() -> MemoryLog:
    log = MemoryLog()
    make(log, seating=SEATING)
    return log


def record(log: MemoryLog, hand: int, winner: int, **extra: object) -> tr.HandEntry:
    return tr.record_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=hand,
        outcome=HandOutcome.DISCARD,
        winner=P(winner),
        discarder=P(4 if winner != 4 else 1),
        declared=McrHand.from_notation(SOUTH_PUNG),
        **extra,  # type: ignore[arg-type]
        **KW,
    )


def fans(log: MemoryLog, hand: int, winner: int) -> list[str]:
    _judged, verdict = tr.judge_table_hand(
        log,
        "t",
        McrHand.from_notation(SOUTH_PUNG),
        session=1,
        table=1,
        hand=hand,
        player=P(winner),
    )
    return [f.fan.title for f in verdict.fans]


def test_the_winds_of_a_tables_hands_come_from_the_seating(log: MemoryLog) -> None:
    winds = tr.table_hand_winds(log, "t", session=1, table=1, hand=5)
    assert winds.prevalent is Wind.SOUTH
    assert dict(winds.seats) == {
        P(1): Wind.SOUTH,
        P(2): Wind.EAST,
        P(3): Wind.NORTH,
        P(4): Wind.WEST,
    }
    # Session 2, table 2 seats 3, 7, 4, 8: hand 13 (North round) puts them at W N S E.
    later = tr.table_hand_winds(log, "t", session=2, table=2, hand=13)
    assert later.prevalent is Wind.NORTH
    assert [w.value for _, w in later.seats] == ["W", "N", "S", "E"]


def test_a_pung_of_the_prevalent_wind_scores_from_hand_5_not_at_hand_1(log: MemoryLog) -> None:
    """Player 3 (seat West at hand 1, North at hand 5) wins with a pung of South."""
    assert "Prevalent Wind" not in fans(log, 1, 3)
    assert "Prevalent Wind" in fans(log, 5, 3)
    first = record(log, 1, 3)
    fifth = record(log, 5, 3)
    assert (first.points, fifth.points) == (19, 20)
    hands = {h.hand: h for h in ts.load(log, "t").hands(1, 1)}
    assert (hands[1].seat_wind, hands[1].prevalent_wind) == (Wind.WEST, Wind.EAST)
    assert (hands[5].seat_wind, hands[5].prevalent_wind) == (Wind.NORTH, Wind.SOUTH)
    assert hands[5].winds_reason == ""


def test_the_winners_seat_wind_is_theirs_in_that_hand(log: MemoryLog) -> None:
    """Hand 5: player 1 moved to the South seat (the seat change after the East round) and
    has seat wind South: Prevalent Wind and Seat Wind, 22."""
    assert record(log, 5, 1).points == 22
    # Hand 2: player 2 is East, player 1 North: no wind fan for a pung of South.
    assert record(log, 2, 1).points == 19
    assert "Seat Wind" in fans(log, 1, 2)


def test_the_declared_hands_own_winds_are_not_used(log: MemoryLog) -> None:
    declared = McrHand.from_notation(SOUTH_PUNG, seat_wind=Wind.SOUTH, prevalent_wind=Wind.SOUTH)
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
    assert entry.points == 19


def test_other_winds_need_a_reason_and_it_is_stored(log: MemoryLog) -> None:
    with pytest.raises(TournamentError) as caught:
        record(log, 1, 3, prevalent_wind=Wind.SOUTH)
    assert caught.value.message.key == "tournament.winds-reason-needed"
    with pytest.raises(TournamentError) as caught:
        record(log, 1, 3, prevalent_wind=Wind.SOUTH, winds_reason="   ")
    assert caught.value.message.key == "tournament.winds-reason-needed"
    with pytest.raises(TournamentError) as caught:
        record(log, 1, 3, winds_reason="the table played the South round first")
    assert caught.value.message.key == "tournament.winds-reason-alone"
    entry = record(
        log, 1, 3, prevalent_wind=Wind.SOUTH, winds_reason=" the table played South first "
    )
    assert entry.points == 20
    (hand,) = ts.load(log, "t").hands(1, 1)
    assert (hand.seat_wind, hand.prevalent_wind) == (Wind.WEST, Wind.SOUTH)
    assert hand.winds_reason == "the table played South first"


def test_winds_without_a_hand_in_notation_are_refused(log: MemoryLog) -> None:
    with pytest.raises(TournamentError) as caught:
        tr.record_hand(
            log,
            "t",
            session=1,
            table=1,
            hand=1,
            outcome=HandOutcome.DISCARD,
            winner=P(3),
            discarder=P(4),
            points=10,
            seat_wind=Wind.SOUTH,
            winds_reason="why not",
            **KW,
        )
    assert caught.value.message.key == "tournament.winds-without-hand"


def test_after_the_16th_hand_the_winds_are_given_with_a_reason(log: MemoryLog) -> None:
    with pytest.raises(TournamentError) as caught:
        record(log, 17, 3)
    assert caught.value.message.key == "tournament.winds-beyond-game"
    with pytest.raises(TournamentError) as caught:
        tr.table_hand_winds(log, "t", session=1, table=1, hand=17)
    assert caught.value.message.key == "tournament.winds-beyond-game"
    entry = record(
        log, 17, 3, seat_wind=Wind.SOUTH, prevalent_wind=Wind.EAST, winds_reason="extra hand"
    )
    assert entry.points == 20  # Seat Wind
    # A hand given by its points needs no winds.
    tr.record_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=18,
        outcome=HandOutcome.SELF_DRAWN,
        winner=P(2),
        points=8,
        **KW,
    )


def test_a_winner_not_at_the_table_is_refused(log: MemoryLog) -> None:
    with pytest.raises(TournamentError) as caught:
        tr.judge_table_hand(
            log, "t", McrHand.from_notation(SOUTH_PUNG), session=1, table=1, hand=1, player=P(5)
        )
    assert caught.value.message.key == "tournament.not-at-table"
    with pytest.raises(TournamentError) as caught:
        tr.judge_table_hand(
            log, "t", McrHand.from_notation(SOUTH_PUNG), session=1, table=1, hand=1, player=None
        )
    assert caught.value.message.key == "tournament.winds-no-player"
    with pytest.raises(TournamentError) as caught:
        tr.table_hand_winds(log, "t", session=1, table=3, hand=1)
    assert caught.value.message.key == "tournament.bad-table"


# A false hu's tiles are judged with the winds of the hand it happened in, as a hand
# recorded there: pungs of South and West, 123m 456m, a pair of 1p. Player 1 at hand 1
# (East seat, East round): Short Straight 1, Pung of Terminals or Honors 1 (twice), One
# Voided Suit 1, Single Wait 1: 5 points, a false hu (10 to each other player, MERS
# 2.10.2). At hand 5 (player 1 South, South round): Prevalent Wind 2 and Seat Wind 2
# more, 8 points: a valid win, no false hu.
WIND_FALSE_HU = "[SSS][WWW]123m456m1p+1p"


def false_hu_ruling(log: MemoryLog, hand: int, tiles: object = WIND_FALSE_HU) -> tr.RulingEntry:
    return tr.record_ruling(
        log,
        "t",
        player=P(1),
        session=1,
        incident="false-hu",
        facts={"tiles_shown": True, "hand": tiles},
        table=1,
        hand=hand,
        **KW,
    )


def payments(entry: tr.RulingEntry) -> list[int | None]:
    return [c.points for c in entry.ruling.consequences if c.kind == "payment-each"]


def test_a_false_hu_ruling_is_judged_with_the_winds_of_its_hand(log: MemoryLog) -> None:
    first = false_hu_ruling(log, 1)
    assert payments(first) == [10]
    fifth = false_hu_ruling(log, 5)
    assert payments(fifth) == []
    stored = ts.load(log, "t").rulings[fifth.recorded[0].seq].ruling.facts
    assert stored["hand"] == {"tiles": WIND_FALSE_HU, "seat_wind": "S", "prevalent_wind": "S"}
    # The preview (the web's "show the ruling first") judges the same way.
    preview = tr.preview_ruling(
        log,
        "t",
        "false-hu",
        {"tiles_shown": True, "hand": WIND_FALSE_HU},
        player=P(1),
        session=1,
        table=1,
        hand=5,
    )
    assert [c.points for c in preview.consequences if c.kind == "payment-each"] == []


def test_a_false_hu_ruling_with_other_winds_typed_is_refused(log: MemoryLog) -> None:
    typed = {"tiles": WIND_FALSE_HU, "seat_wind": "E", "prevalent_wind": "E"}
    with pytest.raises(TournamentError) as caught:
        false_hu_ruling(log, 5, typed)
    assert caught.value.message.key == "tournament.ruling-winds"
    assert caught.value.where == "hand.seat_wind"
    # The same winds as the seating's are accepted.
    same = {"tiles": WIND_FALSE_HU, "seat_wind": "S", "prevalent_wind": "S"}
    assert payments(false_hu_ruling(log, 5, same)) == []


def test_a_false_hu_ruling_without_its_hand_keeps_the_facts_as_given(log: MemoryLog) -> None:
    entry = tr.record_ruling(
        log,
        "t",
        player=P(1),
        session=1,
        incident="false-hu",
        facts={"tiles_shown": True, "hand": WIND_FALSE_HU},
        **KW,
    )
    assert payments(entry) == [10]  # judged as typed: East, East


@pytest.mark.parametrize(("session", "table"), [(1, 3), (4, 1)])
def test_a_false_hu_ruling_at_a_table_the_seating_has_not(
    log: MemoryLog, session: int, table: int
) -> None:
    """Found by the model-based test: a ruling on a hand of a table that does not exist
    was an IndexError; it is the table's (or the session's) error, nothing recorded."""
    before = log.position("t")
    with pytest.raises(TournamentError) as caught:
        tr.record_ruling(
            log,
            "t",
            player=P(1),
            session=session,
            incident="false-hu",
            facts={"tiles_shown": True, "hand": WIND_FALSE_HU},
            table=table,
            hand=1,
            **KW,
        )
    assert caught.value.message.key == (
        "tournament.bad-table" if session == 1 else "tournament.bad-session"
    )
    assert log.position("t") == before

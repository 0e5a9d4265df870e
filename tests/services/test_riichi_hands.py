"""Riichi hands entered hand by hand through the services: the same game entered hand by
hand at table 1 and as a score sheet (final scores and sticks) at table 2 gives the same
session results, under both editions; corrections, order, the family and the table's mode.

The games are the ones worked by hand in ``tests/scoring/test_riichi_game.py``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.scoring.riichi_game import Ending, HandPlay, HandValue, Win
from mjref.services import riichi_hands as rh
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from tests.scoring.test_riichi_game import HANCHAN_2012, HANCHAN_2016, Walk
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]]]


def _enter(
    log: MemoryLog,
    number: int,
    hand: HandPlay,
    *,
    correcting: int | None = None,
    **by: Any,
) -> rh.RiichiHandEntry:
    """Hand ``number`` of table 1 as an official enters it (or, with ``by``, a player with
    their code); table 1 seats players 1-4 in order: seat s is player s + 1."""
    return rh.record_riichi_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=number,
        outcome=ev.RiichiHandOutcome(hand.outcome.value),
        wins=[
            rh.WinEntry(P(w.seat + 1), w.value.han, w.value.fu, w.value.yakuman) for w in hand.wins
        ],
        discarder=None if hand.discarder is None else P(hand.discarder + 1),
        riichi=[P(s + 1) for s in sorted(hand.riichi)],
        tenpai=[P(s + 1) for s in sorted(hand.tenpai)],
        offender=None if hand.offender is None else P(hand.offender + 1),
        correcting=correcting,
        reason="entered wrongly" if correcting else "",
        **by,
        **KW,
    )


def _line(log: MemoryLog, player: int) -> tuple[Fraction, Fraction, Fraction]:
    found = ts.player_history(log, "t", P(player))[0]
    return found.points, found.uma, found.total


@pytest.mark.parametrize(
    ("ruleset", "walk", "chombo_after_uma"),
    [("rcr-2016", HANCHAN_2016, (0, 0, 0, 20000)), ("rcr-2012", HANCHAN_2012, (0, 0, 0, 0))],
)
def test_hand_by_hand_gives_the_score_sheets_result(
    ruleset: str,
    walk: Walk,
    chombo_after_uma: tuple[int, ...],
) -> None:
    log = MemoryLog()
    make(log, ruleset=ruleset, seating=SEATING, sessions=1, start=30000)
    entry = None
    for number, (hand, scores, _, _, _) in enumerate(walk, start=1):
        entry = _enter(log, number, hand)
        assert entry.result.after.scores == scores
    assert entry is not None
    game = rh.table_game(log, "t", session=1, table=1)
    assert game.final.over
    # The same game as a score sheet at table 2 (players 5-8 in the same seats).
    tr.record_riichi_result(
        log,
        "t",
        session=1,
        table=2,
        scores=list(game.final.scores),
        sticks=len(game.final.sticks),
        **KW,
    )
    for seat in range(4):
        by_hand, by_sheet = _line(log, seat + 1), _line(log, seat + 5)
        assert by_hand[:2] == by_sheet[:2]  # points (with the sticks left) and uma
        # The hands carry the 2016 chombo (20,000 after uma); the score sheet has none.
        assert by_hand[2] == by_sheet[2] - chombo_after_uma[seat]
    if ruleset == "rcr-2016":
        assert [_line(log, p)[2] for p in (1, 2, 3, 4)] == [25900, -7100, -29100, -9700]
    else:
        assert [_line(log, p)[2] for p in (1, 2, 3, 4)] == [900, -76200, 49200, 26100]
    # The south round is over: no further hand.
    with pytest.raises(TournamentError, match="the game is over"):
        _enter(log, len(walk) + 1, walk[-1][0])


def test_a_correction_replays_the_game() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING, sessions=1, start=30000)
    first = _enter(log, 1, HANCHAN_2016[0][0])
    _enter(log, 2, HANCHAN_2016[1][0])
    assert rh.table_game(log, "t", session=1, table=1).final.scores == (34500, 28500, 29500, 26500)
    # Hand 1 was really a 1 han 30 fu tsumo by the dealer without riichi: 500 from each.
    fixed = HandPlay(Ending.TSUMO, wins=(Win(0, HandValue(1, 30)),))
    _enter(log, 1, fixed, correcting=first.recorded.seq)
    # 31,500 / 29,500 x 3, then the draw (A, D pay 1,500; B's stick) as before.
    assert rh.table_game(log, "t", session=1, table=1).final.scores == (30000, 30000, 31000, 28000)


def test_hands_come_in_order_at_an_open_table_of_a_riichi_tournament() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING, sessions=1, start=30000)
    with pytest.raises(TournamentError, match="the next hand is 1"):
        _enter(log, 2, HANCHAN_2016[0][0])
    _enter(log, 1, HANCHAN_2016[0][0])
    with pytest.raises(ConflictError):
        _enter(log, 1, HANCHAN_2016[1][0])
    with pytest.raises(ConflictError):  # entered hand by hand: no score sheet for it
        tr.record_riichi_result(log, "t", session=1, table=1, scores=[30000] * 4, **KW)
    with pytest.raises(TournamentError, match="does not play at table 1"):
        rh.record_riichi_hand(
            log,
            "t",
            session=1,
            table=1,
            hand=2,
            outcome=ev.RiichiHandOutcome.TSUMO,
            wins=[rh.WinEntry(P(5), 1, 30)],
            **KW,
        )
    mcr = MemoryLog()
    make(mcr, ruleset="mers-2010", seating=SEATING, sessions=1)
    with pytest.raises(InputError, match="the tournament plays mcr"):
        _enter(mcr, 1, HANCHAN_2016[0][0])


def test_a_win_given_as_tiles_is_judged_with_the_tables_winds_and_counters() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING, sessions=1, start=30000)
    _enter(log, 1, HANCHAN_2016[1][0])  # a draw, B and C tenpai, B riichi: B deals, 1 counter
    entry = rh.record_riichi_hand(
        log,
        "t",
        session=1,
        table=1,
        hand=2,
        outcome=ev.RiichiHandOutcome.RON,
        wins=[rh.WinEntry(P(3), tiles="[PPP]234m567p33s67s+8s")],
        discarder=P(1),
        **KW,
    )
    event = entry.recorded.event
    assert isinstance(event, ev.RiichiHandRecorded)
    assert (event.wins[0].han, event.wins[0].fu) == (1, 30)  # docs/riichi.md's example
    # 1,000 + 300 for the counter, and B's stick: C +2,300, A -1,300.
    assert entry.result.changes == (-1300, 0, 2300, 0)
    with pytest.raises(TournamentError, match="not a valid win"):
        rh.record_riichi_hand(
            log,
            "t",
            session=1,
            table=1,
            hand=3,
            outcome=ev.RiichiHandOutcome.RON,
            wins=[rh.WinEntry(P(3), tiles="123m456p789s1122z+2z")],
            discarder=P(1),
            **KW,
        )


def test_player_statistics_from_the_hands() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING, sessions=1, start=30000)
    for number, (hand, *_) in enumerate(HANCHAN_2016, start=1):
        _enter(log, number, hand)
    stats = rh.player_stats(log, "t")
    # Worked from the hands' comments: 13 hands (the chombo's is dealt again). A won E1
    # (tsumo, 6,000), E3 (1,000) and E4-1 (8,000); B E3 (5,200) and S3-1 (1,000); C S2-2
    # (tsumo, 2,000); D E2-2 (2,600), E4 (tsumo, 11,700) and S4 (2,900). Deal-ins: C at
    # E2-2, E3 and S4; D at E4-1; A at S3-1. Riichi: A in E1, E3 (the chombo hand) and
    # S4-1; B in E1-1 and E3; C in E2-2 and S3.
    expected = {
        1: (13, 3, 1, 1, 3, 0, 15000),
        2: (13, 2, 0, 0, 2, 0, 6200),
        3: (13, 1, 1, 3, 2, 0, 2000),
        4: (13, 3, 1, 1, 0, 1, 17200),
    }
    for player, (hands, wins, tsumo, deal_ins, riichi, chombo, points) in expected.items():
        s = stats[P(player)]
        assert (s.hands, s.wins, s.self_drawn, s.deal_ins, s.riichi, s.chombo) == (
            hands,
            wins,
            tsumo,
            deal_ins,
            riichi,
            chombo,
        )
        assert s.win_points == points
        assert s.average_win == Fraction(points, wins)
    assert P(5) not in stats  # table 2 was not entered hand by hand
    assert rh.player_stats(log, "t", P(5)) == {}
    assert set(rh.player_stats(log, "t", P(3))) == {P(3)}


def test_the_log_of_a_player_lists_the_riichi_hands_they_took_part_in() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING, sessions=1, start=30000)
    for number, (hand, *_) in enumerate(HANCHAN_2016[:4], start=1):
        _enter(log, number, hand)

    def hands_of(player: int) -> list[int]:
        entries = ts.read_log(log, "t", player=P(player), kinds=["riichi-hand-recorded"])
        return [e.event.hand for e in entries]  # type: ignore[attr-defined]

    # E1: A's riichi and tsumo; E1-1: B's riichi, B and C tenpai; E2-2: C's riichi and
    # discard, D's win; E3: D's chombo, A's riichi.
    assert hands_of(1) == [1, 4]
    assert hands_of(2) == [2]
    assert hands_of(3) == [2, 3]
    assert hands_of(4) == [3, 4]


def test_nagashi_mangan_and_a_liable_player_through_the_services() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2012", seating=SEATING, sessions=1, start=30000)

    def record(
        number: int, outcome: ev.RiichiHandOutcome, *wins: rh.WinEntry, **more: object
    ) -> rh.RiichiHandEntry:
        return rh.record_riichi_hand(
            log, "t", session=1, table=1, hand=number, outcome=outcome, wins=wins, **more, **KW
        )

    # A winner of nagashi mangan is given without a value; one with a value is refused.
    with pytest.raises(TournamentError, match="without a value"):
        record(1, ev.RiichiHandOutcome.NAGASHI, rh.WinEntry(P(3), 5, 30))
    entry = record(1, ev.RiichiHandOutcome.NAGASHI, rh.WinEntry(P(3)))
    # Player 3 (seat C, not East): a self-drawn mangan, 4,000 from East, 2,000 from each.
    assert entry.result.changes == (-4000, -2000, 8000, -2000)
    # A win without a value is refused with what to give.
    with pytest.raises(TournamentError, match="needs its value"):
        record(2, ev.RiichiHandOutcome.RON, rh.WinEntry(P(2)), discarder=P(1))
    # Big Three Dragons given as tiles, player 4 liable: judged, and the hand split.
    dragons = "[PPP][FFF]CC123m55p+C"
    entry = record(
        2,
        ev.RiichiHandOutcome.RON,
        rh.WinEntry(P(2), tiles=dragons, liable=P(4)),
        discarder=P(1),
    )
    event = entry.recorded.event
    assert isinstance(event, ev.RiichiHandRecorded)
    assert (event.wins[0].yakuman, event.wins[0].liable) == (1, P(4))
    # East (A) did not have the nagashi mangan, so the deal passed to B: B wins a
    # dealer's yakuman on A's discard, 48,000, and A and the liable D pay 24,000 each.
    assert entry.result.changes == (-24000, 48000, 0, -24000)
    # A liable player for a hand that is not Big Three Dragons or Big Four Winds.
    with pytest.raises(TournamentError, match="nobody is liable"):
        record(
            3,
            ev.RiichiHandOutcome.TSUMO,
            rh.WinEntry(P(1), tiles="123m456p789s11z22z+2z", liable=P(2)),
        )


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_typed_winner_is_read_or_refused_clearly(text: str) -> None:
    from mjref.services.catalogue import parse_win

    refused: InputError | None = None
    try:
        entry = parse_win(text)
    except InputError as error:
        refused = error
    if refused is not None:
        assert (refused.message.key, refused.where) == ("tournament.riichi-hand.bad-win", "win")
        return
    assert entry.player >= 0
    assert entry.liable is None or ",pao=" in text.replace(" ", "").lower()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3:2:30", rh.WinEntry(P(3), 2, 30)),
        ("3", rh.WinEntry(P(3))),
        ("3:yakuman,pao=4", rh.WinEntry(P(3), yakuman=1, liable=P(4))),
        ("3:tiles=[PPP]123m+4m, pao = 2", rh.WinEntry(P(3), tiles="[PPP]123m+4m", liable=P(2))),
        ("3:2xyakuman,PAO=1", rh.WinEntry(P(3), yakuman=2, liable=P(1))),
    ],
)
def test_the_written_winners(text: str, expected: rh.WinEntry) -> None:
    from mjref.services.catalogue import parse_win

    assert parse_win(text) == expected


SECRET = "the installation's secret"


def _by(log: MemoryLog, player: int) -> dict[str, object]:
    """A player of table 1 entering or confirming, with their own code."""
    from mjref.services import player_codes as pc

    found = pc.player_codes(log, "t", SECRET, P(player))[0].code
    return {"player": P(player), "code": found, "secret": SECRET}


def _propose(log: MemoryLog, number: int, hand: HandPlay, player: int, **more: Any) -> int:
    return _enter(log, number, hand, **_by(log, player), **more).recorded.seq


def test_hands_a_player_enters_count_once_another_person_confirms_them() -> None:
    from mjref.services import tournament_review as rv

    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING, sessions=1, start=30000)
    walk = HANCHAN_2016
    # Player 1 (the table's scorer) enters the first three hands with their code.
    positions = [
        _propose(log, number, hand, player=1) for number, (hand, *_) in enumerate(walk[:3], start=1)
    ]
    shown = rh.table_hands(log, "t", session=1, table=1)
    assert shown is not None
    assert (shown.unconfirmed, shown.entered_by) == ((1, 2, 3), (P(1),))
    # Nothing counts yet: the table has no result and awaits confirmation.
    assert ts.player_history(log, "t", P(1))[0].total == 0
    assert rv.attention(log, "t", 1).hands_awaiting == ((1, 1),)
    # A wrong code, the player who entered them, a stale count: refused with why.
    with pytest.raises(TournamentError, match="code"):
        rh.confirm_riichi_hands(
            log, "t", session=1, table=1, hands=3, player=P(2), code="nope", secret=SECRET, **KW
        )
    with pytest.raises(TournamentError, match="another player"):
        rh.confirm_riichi_hands(log, "t", session=1, table=1, hands=3, **_by(log, 1), **KW)
    with pytest.raises(TournamentError, match="has 3 hand"):
        rh.confirm_riichi_hands(log, "t", session=1, table=1, hands=2, **_by(log, 2), **KW)
    with pytest.raises(TournamentError, match=r"not at table|does not play"):
        rh.confirm_riichi_hands(log, "t", session=1, table=1, hands=3, **_by(log, 5), **KW)
    # The session cannot close while the table's hands await confirmation: table 1 has
    # no result yet, as table 2, which has no entry at all.
    with pytest.raises(TournamentError) as caught:
        ts.close_session(log, "t", session=1, **KW)
    assert caught.value.message.params["tables"] == "1, 2"
    rh.confirm_riichi_hands(log, "t", session=1, table=1, hands=3, **_by(log, 2), **KW)
    assert rv.attention(log, "t", 1).hands_awaiting == ()
    counted = ts.player_history(log, "t", P(1))[0].total
    # The rest of the game is entered by player 3 and confirmed by a referee.
    for number, (hand, *_) in enumerate(walk[3:], start=4):
        _propose(log, number, hand, player=3)
    assert ts.player_history(log, "t", P(1))[0].total == 0  # awaiting again
    with pytest.raises(TournamentError, match="no hands awaiting"):
        rh.confirm_riichi_hands(log, "t", session=1, table=2, hands=0, **KW)
    rh.confirm_riichi_hands(log, "t", session=1, table=1, hands=len(walk), **KW)
    with pytest.raises(TournamentError, match="no hands awaiting"):
        rh.confirm_riichi_hands(log, "t", session=1, table=1, hands=len(walk), **KW)
    # The same game as the score sheet of table 2 gives the same lines.
    final = rh.table_game(log, "t", session=1, table=1).final
    tr.record_riichi_result(
        log, "t", session=1, table=2, scores=final.scores, sticks=len(final.sticks), **KW
    )
    for seat in range(4):
        hands_line, sheet_line = _line(log, seat + 1), _line(log, seat + 5)
        assert hands_line[:2] == sheet_line[:2]
    assert counted != 0
    counted_after = ts.player_history(log, "t", P(1))[0].total
    # A player's correction of a confirmed hand awaits confirmation again.
    _propose(log, 1, walk[0][0], player=4, correcting=positions[0])
    again = rh.table_hands(log, "t", session=1, table=1)
    assert again is not None
    assert (again.unconfirmed, again.entered_by) == ((1,), (P(4),))
    assert ts.player_history(log, "t", P(1))[0].total == 0
    rh.confirm_riichi_hands(log, "t", session=1, table=1, hands=len(walk), **_by(log, 1), **KW)
    assert ts.player_history(log, "t", P(1))[0].total == counted_after

"""A riichi hanchan hand by hand (mjref.scoring.riichi_game), worked by hand from the RCR.

Every expected number below was worked out by hand from the cited sections and the
standard payment table (RCR 2016 4.1.3): the comments give the arithmetic. Seats are
0-3 in the table's order; seat 0 (A) deals first, then B, C, D.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.riichi import RiichiHand, judge
from mjref.scoring import riichi as riichi_scoring
from mjref.scoring.riichi_game import (
    MANGAN,
    Ending,
    Game,
    HandPlay,
    HandValue,
    Win,
    game_rules,
    hand_points,
    judged_value,
    play,
    start_state,
    step,
)
from mjref.tiles import Wind

A, B, C, D = 0, 1, 2, 3
START = 30000


def ron(winner: int, discarder: int, han: int, fu: int, riichi: set[int] | None = None) -> HandPlay:
    return HandPlay(
        Ending.RON,
        wins=(Win(winner, HandValue(han, fu)),),
        discarder=discarder,
        riichi=frozenset(riichi or ()),
    )


def tsumo(winner: int, han: int, fu: int, riichi: set[int] | None = None) -> HandPlay:
    return HandPlay(
        Ending.TSUMO, wins=(Win(winner, HandValue(han, fu)),), riichi=frozenset(riichi or ())
    )


def draw(tenpai: set[int], riichi: set[int] | None = None) -> HandPlay:
    return HandPlay(Ending.DRAW, tenpai=frozenset(tenpai), riichi=frozenset(riichi or ()))


def chombo(offender: int, riichi: set[int] | None = None) -> HandPlay:
    return HandPlay(Ending.CHOMBO, offender=offender, riichi=frozenset(riichi or ()))


HANCHAN_2016: Walk = [
    # E1 (A deals): A riichi, tsumo 3 han 30 fu by the dealer, 2,000 from each (3.4.9);
    # A's own stick comes back. A +6,000, others -2,000. A stays, 1 counter (3.4.10, 3.4.11).
    (tsumo(A, 3, 30, {A}), (36000, 28000, 28000, 28000), A, 1, ()),
    # E1-1: B riichi; exhaustive draw, B and C tenpai: A and D pay 1,500 each (3.4.2); B's
    # stick stays (3.4.4). A noten: the deal passes to B, counters 2 (3.4.2, 3.4.11).
    (draw({B, C}, {B}), (34500, 28500, 29500, 26500), B, 2, (B,)),
    # E2-2: C riichi; D wins on C's discard, 2 han 40 fu = 2,600 + 2 counters x 300; D takes
    # both sticks. A non-dealer win: counters gone, the deal passes to C.
    (ron(D, C, 2, 40, {C}), (34500, 28500, 25300, 31700), C, 0, ()),
    # E3: D's chombo (20,000 after uma, 3.4.6): A's riichi stick of this hand goes back,
    # nothing else changes, no counter, no rotation.
    (chombo(D, {A}), (34500, 28500, 25300, 31700), C, 0, ()),
    # E3 again: B riichi; A (1 han 30 fu, 1,000) and B (3 han 40 fu, 5,200) both win on the
    # dealer C's discard. A is first after C in turn order (D, A, B) and takes B's stick
    # (3.3.14). East did not win: the deal passes to D.
    (
        HandPlay(
            Ending.RON,
            wins=(Win(A, HandValue(1, 30)), Win(B, HandValue(3, 40))),
            discarder=C,
            riichi=frozenset({B}),
        ),
        (36500, 32700, 19100, 31700),
        D,
        0,
        (),
    ),
    # E4: D (dealer) tsumo 4 han 30 fu: 3,900 from each (no rounding to mangan, 4.1.3).
    (tsumo(D, 4, 30), (32600, 28800, 15200, 43400), D, 1, ()),
    # E4-1: A wins on D's discard, 5 han (mangan) 8,000 + 300. The deal passes to A: south round.
    (ron(A, D, 5, 30), (40900, 28800, 15200, 35100), A, 0, ()),
    # S1: exhaustive draw, nobody tenpai: no payments; A noten, the deal passes to B.
    (draw(set()), (40900, 28800, 15200, 35100), B, 1, ()),
    # S2-1: exhaustive draw, all four tenpai: no payments; B tenpai stays.
    (draw({A, B, C, D}), (40900, 28800, 15200, 35100), B, 2, ()),
    # S2-2: C tsumo 2 han 30 fu: 1,000 from the dealer B, 500 from A and D, each +200 for
    # 2 counters. The deal passes to C.
    (tsumo(C, 2, 30), (40200, 27600, 17800, 34400), C, 0, ()),
    # S3: C riichi, exhaustive draw with C alone tenpai: 1,000 from each other player.
    (draw({C}, {C}), (39200, 26600, 19800, 33400), C, 1, (C,)),
    # S3-1: B wins on A's discard, 1 han 30 fu = 1,000 + 300, and takes C's stick.
    (ron(B, A, 1, 30), (37900, 28900, 19800, 33400), D, 0, ()),
    # S4: the dealer D wins on C's discard, 2 han 30 fu = 2,900: no agari yame (3.6), D deals again.
    (ron(D, C, 2, 30), (37900, 28900, 16900, 36300), D, 1, ()),
    # S4-1: A riichi, exhaustive draw with A alone tenpai; D noten: the deal leaves the last
    # dealer of the south round and the game ends (3.5). A's stick is left on the table.
    (draw({A}, {A}), (39900, 27900, 15900, 35300), A, 2, (A,)),
]


Walk = Sequence[tuple[HandPlay, tuple[int, ...], int, int, tuple[int, ...]]]


def _check_walk(game: Game, expected: Walk) -> None:
    for number, (result, (_, scores, dealer, honba, sticks)) in enumerate(
        zip(game.hands, expected, strict=True), start=1
    ):
        state = result.after
        assert (state.scores, state.dealer, state.honba, state.sticks) == (
            scores,
            dealer,
            honba,
            sticks,
        ), f"hand {number}"
        # The running totals and the sticks always make up 4 x the starting points.
        assert sum(state.scores) + 1000 * len(state.sticks) == 4 * START


def test_a_2016_hanchan() -> None:
    rules = game_rules("rcr-2016", start=START)
    game = play(rules, [h for h, *_ in HANCHAN_2016])
    _check_walk(game, HANCHAN_2016)
    final = game.final
    assert final.over
    assert final.deals == 8
    assert not game.hands[-2].after.over  # S4 with the dealer's win: the game went on
    assert game.after_uma == (0, 0, 0, 20000)  # D's chombo, 3.4.6
    # The table's result as a score sheet gives it: the stick left goes to the first (A,
    # 3.6), uma 15/5/-5/-15 (3.6.1), D's chombo 20,000 after uma.
    players = [PlayerId(n) for n in (1, 2, 3, 4)]
    lines = riichi_scoring.score_table(
        dict(zip(players, final.scores, strict=True)),
        riichi_scoring.riichi_scheme("rcr-2016"),
        start=START,
        sticks=len(final.sticks),
        after_uma=dict(zip(players, game.after_uma, strict=True)),
    )
    # A: 9,900 + 1,000 stick + 15,000; D: 5,300 + 5,000 - 20,000; B: -2,100 - 5,000;
    # C: -14,100 - 15,000.
    assert [lines[p].total for p in players] == [
        Fraction(25900),
        Fraction(-7100),
        Fraction(-29100),
        Fraction(-9700),
    ]
    with pytest.raises(InputError) as caught:
        step(rules, final, draw(set()))
    assert caught.value.message.key == "scoring.riichi-game.game-over"


HANCHAN_2012: Walk = [
    # E1: B riichi; abortive draw (2012 3.4.3): no payments, a counter (3.4.10), B's stick
    # stays, A deals again (reading dealer-stays).
    (
        HandPlay(Ending.ABORTIVE, riichi=frozenset({B})),
        (30000, 29000, 30000, 30000),
        A,
        1,
        (B,),
    ),
    # E1-1: C's chombo, paid at the table as a reversed mangan (2012 3.4.6): 4,000 to the
    # dealer A, 2,000 to B and D. C's riichi of this hand goes back; B's carried stick stays.
    (chombo(C, {C}), (34000, 31000, 22000, 32000), A, 1, (B,)),
    # E1-1 again: D tsumo 1 han 30 fu: 500 from the dealer, 300 from the others, +100 each
    # for the counter; D takes B's stick. The deal passes to B.
    (tsumo(D, 1, 30), (33400, 30600, 21600, 34400), B, 0, ()),
    # E2: the dealer B's chombo: 4,000 to each other player; B deals again.
    (chombo(B), (37400, 18600, 25600, 38400), B, 0, ()),
    # E2 again: C wins a yakuman on B's discard: 32,000. B goes below zero; the game goes on.
    (
        HandPlay(Ending.RON, wins=(Win(C, HandValue(13, 0, 1)),), discarder=B),
        (37400, -13400, 57600, 38400),
        C,
        0,
        (),
    ),
    # E3: A wins on B's discard, 2 han 30 fu = 2,000.
    (ron(A, B, 2, 30), (39400, -15400, 57600, 38400), D, 0, ()),
    # E4: exhaustive draw, A and the dealer D tenpai: B and C pay 1,500 each; D stays.
    (draw({A, D}), (40900, -16900, 56100, 39900), D, 1, ()),
    # E4-1: A riichi; D (dealer, 3 han 30 fu = 5,800) and A (1 han 40 fu = 1,300) win on
    # B's discard, each +300 for the counter (reading each-winner). D is first after B and
    # takes A's stick; D won, so D stays with 2 counters.
    (
        HandPlay(
            Ending.RON,
            wins=(Win(A, HandValue(1, 40)), Win(D, HandValue(3, 30))),
            discarder=B,
            riichi=frozenset({A}),
        ),
        (41500, -24600, 56100, 47000),
        D,
        2,
        (),
    ),
    # E4-2: C tsumo 2 han 20 fu: 700 from the dealer, 400 from each other, +200 each for
    # 2 counters. The deal passes to A: south round.
    (tsumo(C, 2, 20), (40900, -25200, 58200, 46100), A, 0, ()),
    (ron(B, A, 1, 30), (39900, -24200, 58200, 46100), B, 0, ()),  # S1: 1,000
    (ron(D, C, 1, 30), (39900, -24200, 57200, 47100), C, 0, ()),  # S2: 1,000
    (ron(A, D, 1, 30), (40900, -24200, 57200, 46100), D, 0, ()),  # S3: 1,000
    # S4: B wins a mangan (8,000) on C's discard; the deal leaves D: the game is over.
    (ron(B, C, 5, 30), (40900, -16200, 49200, 46100), A, 0, ()),
]


def test_a_2012_hanchan() -> None:
    rules = game_rules("rcr-2012", start=START)
    game = play(rules, [h for h, *_ in HANCHAN_2012])
    _check_walk(game, HANCHAN_2012)
    assert game.final.over
    assert game.after_uma == (0, 0, 0, 0)  # 2012 chombos were paid at the table
    players = [PlayerId(n) for n in (1, 2, 3, 4)]
    lines = riichi_scoring.score_table(
        dict(zip(players, game.final.scores, strict=True)),
        riichi_scoring.riichi_scheme("rcr-2012"),
        start=START,
    )
    # Uma 30/10/-10/-30: C 19,200 + 30,000; D 16,100 + 10,000; A 10,900 - 10,000;
    # B -46,200 - 30,000.
    assert [lines[p].total for p in players] == [
        Fraction(900),
        Fraction(-76200),
        Fraction(49200),
        Fraction(26100),
    ]


def test_readings_change_the_flow() -> None:
    # abortive-draw-rotates: the deal passes after an abortive draw (still a counter).
    rules = game_rules("rcr-2012+abortive-draw-rotates", start=START)
    after = step(rules, start_state(rules), HandPlay(Ending.ABORTIVE)).after
    assert (after.dealer, after.deals, after.honba) == (B, 1, 1)
    # first-winner-counters: only the first winner after the discarder gets the counters.
    for spec, a_gets in (("rcr-2016", 1000 + 300), ("rcr-2016+first-winner-counters", 1000)):
        rules = game_rules(spec, start=START)
        state = step(rules, start_state(rules), draw({B})).after  # 1 counter; B deals
        double = HandPlay(
            Ending.RON,
            wins=(Win(A, HandValue(1, 30)), Win(D, HandValue(1, 30))),
            discarder=C,
        )
        result = step(rules, state, double)
        # D is first after C: D always gets 1,000 + 300.
        assert result.changes[D] == 1300
        assert result.changes[A] == a_gets
    # chombo-returns-all-sticks: a stick carried from a draw goes back too.
    for spec, scores in (
        ("rcr-2016", (29000, 30000, 30000, 30000)),
        ("rcr-2016+chombo-returns-all-sticks", (30000, 30000, 30000, 30000)),
    ):
        rules = game_rules(spec, start=START)
        state = step(rules, start_state(rules), draw(set(), {A})).after  # all noten
        after = step(rules, state, chombo(B)).after
        assert after.scores == scores


def test_2016_has_no_abortive_draws() -> None:
    rules = game_rules("rcr-2016", start=START)
    with pytest.raises(InputError) as caught:
        step(rules, start_state(rules), HandPlay(Ending.ABORTIVE))
    assert caught.value.message.key == "scoring.riichi-game.no-abortive"
    assert caught.value.message.params["clause"] == "rcr-2016:3.4.3"


@pytest.mark.parametrize(
    ("hand", "key"),
    [
        (HandPlay(Ending.RON, wins=(Win(A, HandValue(1, 30)),)), "discarder-needed"),
        (
            HandPlay(Ending.RON, wins=(Win(A, HandValue(1, 30)),), discarder=A),
            "discarder-wins",
        ),
        (HandPlay(Ending.RON, discarder=A), "ron-winners"),
        (
            HandPlay(Ending.TSUMO, wins=(Win(A, HandValue(1, 30)),), discarder=B),
            "no-discarder",
        ),
        (
            HandPlay(Ending.TSUMO, wins=(Win(A, HandValue(1, 30)), Win(B, HandValue(1, 30)))),
            "tsumo-winner",
        ),
        (HandPlay(Ending.DRAW, discarder=B), "no-winner"),
        (HandPlay(Ending.CHOMBO), "offender-needed"),
        (HandPlay(Ending.RON, tenpai=frozenset({A})), "tenpai-draw-only"),
        (HandPlay(Ending.DRAW, offender=A), "offender-chombo-only"),
        (HandPlay(Ending.DRAW, riichi=frozenset({4})), "seat"),
        (ron(A, B, 0, 30), "han"),
        (ron(A, B, 14, 30), "han"),
        (ron(A, B, 2, 35), "fu"),
        (ron(A, B, 2, 120), "fu"),
        (ron(A, B, 1, 25), "seven-pairs"),
        (HandPlay(Ending.RON, wins=(Win(A, HandValue(26, 0, 2)),), discarder=B), "yakuman"),
        (
            HandPlay(
                Ending.RON,
                wins=(Win(A, HandValue(1, 30)), Win(A, HandValue(1, 30))),
                discarder=B,
            ),
            "winner-twice",
        ),
    ],
)
def test_impossible_hands_are_refused(hand: HandPlay, key: str) -> None:
    rules = game_rules("rcr-2016", start=START)
    with pytest.raises(InputError) as caught:
        play(rules, [draw(set()), hand])
    message = caught.value.message
    assert message.key == "scoring.riichi-game.in-hand"
    assert message.params["hand"] == 2
    inner = message.params["error"]
    assert getattr(inner, "key", None) == f"scoring.riichi-game.{key}"


def test_values_from_the_package_and_the_edition() -> None:
    r16 = game_rules("rcr-2016", start=START)
    r12 = game_rules("rcr-2012", start=START)
    # 13 han without a yakuman pattern: sanbaiman in 2016, a counted yakuman in 2012 (4.1.3).
    assert hand_points(r16, HandValue(13, 30), dealer=False, self_drawn=False) == 24000
    assert hand_points(r12, HandValue(13, 30), dealer=False, self_drawn=False) == 32000
    # Dai Suushii is the one double yakuman of 2012 (4.2.5): 64,000.
    assert hand_points(r12, HandValue(26, 0, 2), dealer=False, self_drawn=False) == 64000
    # A non-dealer's self-drawn mangan: 4,000 + 2,000 + 2,000.
    assert hand_points(r16, HandValue(5, 30), dealer=False, self_drawn=True) == 8000


def test_a_hand_judged_from_its_tiles() -> None:
    rules = game_rules("rcr-2016", start=START)
    state = step(rules, start_state(rules), draw({B})).after  # B deals, 1 counter
    hand = RiichiHand.from_notation(
        "[PPP]234m567p33s67s+8s", seat_wind=state.seat_wind(C), prevalent_wind=state.prevalent_wind
    )
    value = judged_value(judge(hand, "rcr-2016"))
    assert value == HandValue(1, 30)  # docs/riichi.md: 1 han 30 fu, 1,000
    assert value is not None
    result = step(rules, state, HandPlay(Ending.RON, wins=(Win(C, value),), discarder=A))
    assert result.changes == (-1300, 0, 1300, 0)
    assert state.seat_wind(C) is Wind.SOUTH


_SEAT = st.integers(0, 3)


@st.composite
def _win(draw_: st.DrawFn, seat: int) -> Win:
    """A winner at ``seat``: han and fu, or a yakuman with (maybe) a liable player."""
    if draw_(st.booleans()):
        liable = draw_(st.none() | _SEAT.filter(lambda s: s != seat))
        return Win(seat, HandValue(0, 0, 1), liable)
    han = draw_(st.integers(1, 13))
    return Win(seat, HandValue(han, draw_(st.sampled_from([30, 40, 50, 60, 70]))))


@st.composite
def _hands(draw_: st.DrawFn) -> HandPlay:
    outcome = draw_(
        st.sampled_from([Ending.RON, Ending.TSUMO, Ending.DRAW, Ending.CHOMBO, Ending.NAGASHI])
    )
    riichi = frozenset(draw_(st.sets(_SEAT, max_size=4)))
    if outcome is Ending.RON:
        discarder = draw_(_SEAT)
        winners = draw_(st.sets(_SEAT.filter(lambda s: s != discarder), min_size=1, max_size=3))
        wins = tuple(draw_(_win(s)) for s in sorted(winners))
        return HandPlay(outcome, wins=wins, discarder=discarder, riichi=riichi)
    if outcome is Ending.TSUMO:
        return HandPlay(outcome, wins=(draw_(_win(draw_(_SEAT))),), riichi=riichi)
    if outcome is Ending.NAGASHI:
        winners = draw_(st.sets(_SEAT, min_size=1, max_size=4))
        return HandPlay(outcome, wins=tuple(Win(s, MANGAN) for s in sorted(winners)))
    if outcome is Ending.DRAW:
        return HandPlay(outcome, tenpai=frozenset(draw_(st.sets(_SEAT))), riichi=riichi)
    return HandPlay(outcome, offender=draw_(_SEAT), riichi=riichi)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(
        [
            "rcr-2016",
            "rcr-2012",
            "rcr-2012+liability-counters-shared+nagashi-sticks-stay",
            "rcr-2016+first-winner-counters",
        ]
    ),
    st.lists(_hands(), max_size=40),
)
def test_running_totals_always_balance(spec: str, hands: list[HandPlay]) -> None:
    rules = game_rules(spec, start=START)
    state = start_state(rules)
    for hand in hands:
        if state.over or (hand.outcome is Ending.NAGASHI and not rules.nagashi):
            with pytest.raises(InputError):
                step(rules, state, hand)
            break
        result = step(rules, state, hand)
        state = result.after
        # What changed hands at the table, plus the sticks put down and taken, is zero.
        sticks_delta = len(result.after.sticks) - len(result.before.sticks)
        assert sum(result.changes) + 1000 * sticks_delta == 0
        assert sum(state.scores) + 1000 * len(state.sticks) == 4 * START
        assert 0 <= state.deals <= 8


# -- liability (pao, 3.3.9) and nagashi mangan (RCR 2012) -----------------------------------

YAKUMAN = HandValue(0, 0, 1)


def test_liability_on_a_discard_splits_the_hand_and_leaves_the_counters_to_the_discarder() -> None:
    rules = game_rules("rcr-2016", start=START)
    # Hand 1: an exhaustive draw, A (East) tenpai alone: 1,000 from each of B, C, D; A
    # stays East with 1 counter. Hand 2: B's yakuman (32,000 for a non-dealer) on D's
    # discard, C liable: C pays 16,000, D pays 16,000 and the 300 of the counter.
    game = play(
        rules,
        [
            draw({A}),
            HandPlay(Ending.RON, wins=(Win(B, YAKUMAN, liable=C),), discarder=D),
        ],
    )
    assert game.hands[1].changes == (0, 32300, -16000, -16300)
    assert game.hands[1].wins[0].liable == C
    # The liable player discarded the tile himself: he pays it all, as any discarder.
    alone = play(rules, [HandPlay(Ending.RON, wins=(Win(B, YAKUMAN, liable=C),), discarder=C)])
    assert alone.hands[0].changes == (0, 32000, -32000, 0)


def test_liability_on_a_self_draw_under_both_readings() -> None:
    # A (East, the dealer) self-draws a yakuman in the first hand after a draw with A
    # tenpai (1 counter): 48,000 (16,000 from each) and 300 for the counter. D is liable.
    hands = [draw({A}), HandPlay(Ending.TSUMO, wins=(Win(A, YAKUMAN, liable=D),))]
    liable_pays = play(game_rules("rcr-2016", start=START), hands)
    assert liable_pays.hands[1].changes == (48300, 0, 0, -48300)
    # Reading liability-counters-shared: D pays the hand, each of B, C, D 100 a counter.
    shared = play(game_rules("rcr-2016+liability-counters-shared", start=START), hands)
    assert shared.hands[1].changes == (48300, -100, -100, -48100)
    # The same under RCR 2012, where the clause has the same number and wording.
    assert play(game_rules("rcr-2012", start=START), hands).hands[1].changes == (
        48300,
        0,
        0,
        -48300,
    )


@pytest.mark.parametrize(
    ("hand", "key"),
    [
        (HandPlay(Ending.RON, wins=(Win(A, HandValue(3, 30), liable=C),), discarder=B), "yakuman"),
        (HandPlay(Ending.RON, wins=(Win(A, YAKUMAN, liable=A),), discarder=B), "winner"),
        (HandPlay(Ending.TSUMO, wins=(Win(A, YAKUMAN, liable=7),)), "seat"),
        (HandPlay(Ending.NAGASHI, wins=(Win(A, MANGAN, liable=B),)), "win-only"),
    ],
)
def test_a_liable_player_only_where_3_3_9_puts_one(hand: HandPlay, key: str) -> None:
    rules = game_rules("rcr-2012", start=START)
    with pytest.raises(InputError) as caught:
        step(rules, start_state(rules), hand)
    assert caught.value.message.key.endswith(key)


def test_nagashi_mangan_under_2012() -> None:
    rules = game_rules("rcr-2012", start=START)
    # Hand 1: a draw, nobody tenpai, B declared riichi (stick on the table): A (noten)
    # passes the deal to B; 1 counter. Hand 2: C has nagashi mangan, a non-dealer's
    # self-drawn mangan: 4,000 from B (East) and 2,000 from A and D, each with 100 for
    # the counter; C takes B's stick. East (B) did not have it: the deal passes to C and
    # the counters go, as after any win by another player than East.
    game = play(
        rules,
        [draw(set(), riichi={B}), HandPlay(Ending.NAGASHI, wins=(Win(C, MANGAN),))],
    )
    assert game.hands[1].changes == (-2100, -4100, 8300 + 1000, -2100)
    assert (game.final.dealer, game.final.honba, game.final.sticks) == (C, 0, ())
    # Two of them, East among them, with a stick from the hand before: each is paid as a
    # separate self-drawn mangan with the counter, and the first from East (B) takes the
    # stick; East keeps the deal and a counter is added.
    both = play(
        rules,
        [
            draw(set(), riichi={B}),
            HandPlay(Ending.NAGASHI, wins=(Win(D, MANGAN), Win(B, MANGAN))),
        ],
    )
    # B (dealer): 4,100 from each of A, C, D = 12,300, pays D 4,100, takes 1,000.
    # D: 4,100 from B, 2,100 from A and C = 8,300, pays B 4,100.
    assert both.hands[1].changes == (-4100 - 2100, 12300 - 4100 + 1000, -4100 - 2100, 8300 - 4100)
    assert (both.final.dealer, both.final.honba, both.final.sticks) == (B, 2, ())
    # Reading nagashi-sticks-stay: with two of them the stick stays for the next winner.
    stay = play(
        game_rules("rcr-2012+nagashi-sticks-stay", start=START),
        [
            draw(set(), riichi={B}),
            HandPlay(Ending.NAGASHI, wins=(Win(D, MANGAN), Win(B, MANGAN))),
        ],
    )
    assert stay.hands[1].changes == (-6200, 8200, -6200, 4200)
    assert stay.final.sticks == (B,)


def test_nagashi_mangan_is_refused_under_2016_and_without_its_player() -> None:
    rules = game_rules("rcr-2016", start=START)
    with pytest.raises(InputError) as caught:
        step(rules, start_state(rules), HandPlay(Ending.NAGASHI, wins=(Win(A, MANGAN),)))
    assert caught.value.message.key == "scoring.riichi-game.no-nagashi"
    assert caught.value.message.params["clause"] == "rcr-2016:4.2.6"
    rules = game_rules("rcr-2012", start=START)
    for hand in (
        HandPlay(Ending.NAGASHI),
        HandPlay(Ending.NAGASHI, wins=(Win(A, MANGAN),), discarder=B),
    ):
        with pytest.raises(InputError) as caught:
            step(rules, start_state(rules), hand)
        assert caught.value.message.key == "scoring.riichi-game.nagashi-winners"

"""The winds of each hand of an MCR game: hands worked by hand from the Green Book's seat
change (docs/tournament.md, "The winds of a hand"), and properties of a whole game."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.players import PlayerId
from mjref.tiles import Wind
from mjref.tournament.errors import TournamentError
from mjref.tournament.hand_winds import GAME_HANDS, SeatChange, hand_winds

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
# A, B, C, D start in seats East, South, West, North.
A, B, C, D = PlayerId(11), PlayerId(22), PlayerId(33), PlayerId(44)
TABLE = (A, B, C, D)

# Worked by hand. Round r's first hand: the places of A, B, C, D (counted
# counter-clockwise from the first East's place) are E S W N, then S E N W (East and
# South swap, West and North swap), then N W E S (E->W, W->S, S->N, N->E), then W N S E
# (the swaps again). Each later hand of a round moves every seat wind one back.
WORKED = {
    # hand: (prevalent, (A, B, C, D))
    1: (E, (E, S, W, N)),
    2: (E, (N, E, S, W)),
    4: (E, (S, W, N, E)),
    5: (S, (S, E, N, W)),
    6: (S, (E, N, W, S)),
    8: (S, (W, S, E, N)),
    9: (W, (N, W, E, S)),
    12: (W, (E, N, S, W)),
    13: (N, (W, N, S, E)),
    16: (N, (N, E, W, S)),
}


@pytest.mark.parametrize("hand", sorted(WORKED))
def test_hands_worked_by_hand(hand: int) -> None:
    prevalent, seats = WORKED[hand]
    winds = hand_winds(TABLE, hand)
    assert winds.hand == hand
    assert winds.prevalent is prevalent
    assert tuple(wind for _, wind in winds.seats) == seats
    assert tuple(who for who, _ in winds.seats) == TABLE
    assert [winds.seat_wind(p) for p in TABLE] == list(seats)


def test_each_round_starts_with_east_where_the_first_east_sat() -> None:
    """The dealers of hands 1, 5, 9 and 13 sit at the first East's place: A, then B (who
    swapped with A), then C, then D."""
    assert [hand_winds(TABLE, h).dealer for h in (1, 5, 9, 13)] == [A, B, C, D]


def test_each_players_seat_in_each_round_as_the_score_sheets_print_it() -> None:
    """The seat (the wind of the place at a round's first hand) of each starting seat in
    the four rounds: East E S N W, South S E W N, West W N E S, North N W S E."""
    rounds = [hand_winds(TABLE, h) for h in (1, 5, 9, 13)]
    assert ["".join(r.seat_wind(p).value for r in rounds) for p in TABLE] == [
        "ESNW",
        "SEWN",
        "WNES",
        "NWSE",
    ]


def test_without_a_seat_change_only_the_deal_passes() -> None:
    for hand in range(1, GAME_HANDS + 1):
        winds = hand_winds(TABLE, hand, SeatChange.NONE)
        k = (hand - 1) % 4
        assert winds.dealer == TABLE[k]
        assert winds.prevalent is (E, S, W, N)[(hand - 1) // 4]
    assert hand_winds(TABLE, 5, SeatChange.NONE).seat_wind(A) is E
    assert hand_winds(TABLE, 5).seat_wind(A) is S


@pytest.mark.parametrize("hand", [0, -1, 17, 64])
def test_a_hand_outside_the_game_is_refused(hand: int) -> None:
    with pytest.raises(TournamentError) as caught:
        hand_winds(TABLE, hand)
    assert caught.value.message.key == "tournament.winds-beyond-game"
    assert caught.value.message.params == {"hand": hand, "limit": 16}


def test_a_table_has_four_players() -> None:
    with pytest.raises(ValueError, match="four players"):
        hand_winds(TABLE[:3], 1)


def test_a_player_not_at_the_table_has_no_seat_wind() -> None:
    with pytest.raises(KeyError):
        hand_winds(TABLE, 1).seat_wind(PlayerId(99))


tables = st.lists(
    st.integers(min_value=1, max_value=1000).map(PlayerId), min_size=4, max_size=4, unique=True
)
changes = st.sampled_from(SeatChange)


@given(tables, st.integers(min_value=1, max_value=GAME_HANDS), changes)
def test_each_hand_has_one_player_per_wind(
    table: list[PlayerId], hand: int, change: SeatChange
) -> None:
    winds = hand_winds(table, hand, change)
    assert sorted(w.value for _, w in winds.seats) == sorted("ESWN")
    assert winds.prevalent is (E, S, W, N)[(hand - 1) // 4]


@given(tables, changes)
def test_over_a_game_each_player_has_each_wind_once_a_round(
    table: list[PlayerId], change: SeatChange
) -> None:
    games = [hand_winds(table, h, change) for h in range(1, GAME_HANDS + 1)]
    for player in table:
        assert Counter(g.seat_wind(player) for g in games) == {E: 4, S: 4, W: 4, N: 4}
        for start in range(0, GAME_HANDS, 4):
            assert {g.seat_wind(player) for g in games[start : start + 4]} == {E, S, W, N}
    assert Counter(g.dealer for g in games) == dict.fromkeys(table, 4)
    assert Counter(g.prevalent for g in games) == {E: 4, S: 4, W: 4, N: 4}


@given(tables, st.integers(min_value=1, max_value=GAME_HANDS - 1), changes)
def test_the_deal_passes_to_the_next_player_within_a_round(
    table: list[PlayerId], hand: int, change: SeatChange
) -> None:
    """Within a round, whoever was South is East in the next hand (no dealer repeat)."""
    if hand % 4 == 0:
        return  # the last hand of a round: the seats change
    now, after = hand_winds(table, hand, change), hand_winds(table, hand + 1, change)
    order = (E, S, W, N)
    for player in table:
        assert order.index(after.seat_wind(player)) == (order.index(now.seat_wind(player)) - 1) % 4


def test_with_the_green_book_change_each_player_sits_in_every_place_once() -> None:
    """Over the four rounds each player sits once in each of the table's four places."""
    firsts = [hand_winds(TABLE, h) for h in (1, 5, 9, 13)]
    for player in TABLE:
        assert {r.seat_wind(player) for r in firsts} == {E, S, W, N}

"""The compact notation: exact errors, and round trips (hypothesis)."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.errors import NotationError
from mjref.tiles import (
    TILES,
    HandTiles,
    Meld,
    MeldKind,
    Tile,
    format_hand,
    format_meld,
    format_tiles,
    parse_hand,
    parse_meld,
    parse_tiles,
)


def test_example_from_the_issue() -> None:
    hand = parse_hand("[123s](7777p)EE45678s+9s")
    assert hand.melds == (
        Meld.chow(Tile.from_code("1s")),
        Meld.kong(Tile.from_code("7p"), concealed=True),
    )
    assert format_tiles(hand.concealed) == "45678sEE"
    assert hand.winning_tile == Tile.from_code("9s")


def test_honour_letters_and_z_digits_are_the_same_tiles() -> None:
    assert parse_tiles("ESWNPFC") == parse_tiles("1234567z")


def test_spaces_separate_groups() -> None:
    assert parse_hand("[123m] 456p 789s EE +E") == parse_hand("[123m]456p789sEE+E")


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("12", 1, "'12' has no suit letter after it"),
        ("123m45", 5, "'45' has no suit letter after it"),
        ("1 2m", 1, "'1' has no suit letter after it"),
        ("m", 1, "suit letter 'm' has no digits before it"),
        ("12x", 3, "unknown character 'x'"),
        ("e", 1, "unknown character 'e'"),
        ("0p", 1, "0 is not a tile of suit 'p'"),
        ("18z", 2, "8 is not a tile of suit 'z'"),
        ("[135m]", 1, "135m is not a chow, pung or kong"),
        ("[12m3p]", 1, "12m3p is not a chow, pung or kong"),
        ("[89m1p]", 1, "89m1p is not a chow, pung or kong"),
        ("[EEEE E]", 1, "EEEEE is not a chow, pung or kong"),
        ("[]", 1, "nothing is not a chow, pung or kong"),
        ("(555p)", 1, "only a kong can be declared concealed; write 555p as concealed tiles"),
        ("(123p)", 1, "only a kong can be declared concealed"),
        ("[123m", 1, "the meld opened with '[' is not closed"),
        ("123m]", 5, "']' closes a meld that was never opened"),
        ("[123m)", 6, "a meld opened with '[' must close with ']'"),
        ("[1m[23m]]", 4, "a meld cannot contain another meld"),
        ("11111m", 5, "a fifth copy of 1m"),
        ("[1111m]1m", 8, "a fifth copy of 1m"),
        ("EEEE+E", 6, "a fifth copy of E"),
        ("123m+", 5, "exactly one winning tile must follow '+', found 0"),
        ("123m+45m", 7, "exactly one winning tile must follow '+', found 2"),
        ("1m+2m+3m", 6, "only one '+'"),
        ("1m+[123m]", 4, "melds must come before the winning tile"),
        ("", None, "no tiles given"),
        ("   ", None, "no tiles given"),
    ],
)
def test_errors_name_the_column_and_the_reason(text: str, column: int | None, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_hand(text)
    error = caught.value
    assert error.position == (None if column is None else column - 1)
    assert reason in str(error)
    if column is not None:
        assert str(error).startswith(f"column {column} of {text!r}: ")


def test_plain_tile_lists_refuse_melds_and_winning_tiles() -> None:
    with pytest.raises(NotationError, match="melds are not allowed"):
        parse_tiles("[123m]")
    with pytest.raises(NotationError, match="'\\+' \\(a winning tile\\) is not allowed"):
        parse_tiles("1m+2m")


def test_parse_tiles_keeps_the_written_order() -> None:
    assert [t.code for t in parse_tiles("9s1mE5p")] == ["9s", "1m", "E", "5p"]


def test_parse_meld_reads_exactly_one_meld() -> None:
    assert parse_meld("[EEE]") == Meld.pung(Tile.from_code("E"))
    with pytest.raises(NotationError):
        parse_meld("[EEE][SSS]")
    with pytest.raises(NotationError):
        parse_meld("[EEE]1m")


# --- round trips ----------------------------------------------------------------------

tiles_st = st.sampled_from(TILES)


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    kind = draw(st.sampled_from(list(MeldKind)))
    if kind is MeldKind.CHOW:
        lowest = draw(st.sampled_from([t for t in TILES if t.is_suited and t.rank <= 7]))
        return Meld.chow(lowest)
    tile = draw(tiles_st)
    if kind is MeldKind.PUNG:
        return Meld.pung(tile)
    return Meld.kong(tile, concealed=draw(st.booleans()))


def _legal(hand: HandTiles) -> bool:
    counts: Counter[Tile] = Counter(hand.concealed)
    for meld in hand.melds:
        counts.update(meld.tiles)
    if hand.winning_tile is not None:
        counts[hand.winning_tile] += 1
    return max(counts.values(), default=0) <= 4


hands_st = st.builds(
    HandTiles,
    melds=st.lists(melds(), max_size=4).map(tuple),
    concealed=st.lists(tiles_st, min_size=1, max_size=14).map(tuple),
    winning_tile=st.one_of(st.none(), tiles_st),
).filter(_legal)


@given(hands_st)
def test_hands_round_trip(hand: HandTiles) -> None:
    assert parse_hand(format_hand(hand)) == hand


@given(hands_st)
def test_repr_is_parser_input(hand: HandTiles) -> None:
    assert eval(repr(hand)) == hand


@given(st.lists(tiles_st, min_size=1, max_size=16))
def test_tile_lists_round_trip_in_order(tiles: list[Tile]) -> None:
    if max(Counter(tiles).values()) > 4:
        with pytest.raises(NotationError, match="fifth copy"):
            parse_tiles(format_tiles(tiles))
    else:
        assert parse_tiles(format_tiles(tiles)) == tuple(tiles)


@given(melds())
def test_melds_round_trip(meld: Meld) -> None:
    assert parse_meld(format_meld(meld)) == meld


@given(st.text(alphabet="123456789mpszESWNPFC[]()+ x0", max_size=24))
def test_any_string_parses_or_fails_cleanly(text: str) -> None:
    hand: HandTiles | None = None
    failure: NotationError | None = None
    try:
        hand = parse_hand(text)
    except NotationError as error:
        failure = error
    if failure is not None:
        assert failure.position is None or 0 <= failure.position < len(text)
    else:
        assert hand is not None
        assert parse_hand(format_hand(hand)) == hand

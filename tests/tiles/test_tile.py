import pytest

from mjref.errors import InputError
from mjref.tiles import TILES, Suit, Tile, Wind


def test_there_are_34_distinct_codes_that_round_trip() -> None:
    codes = [t.code for t in TILES]
    assert len(set(codes)) == 34
    assert all(Tile.from_code(c) is t for c, t in zip(codes, TILES, strict=True))


def test_z_codes_name_winds_then_white_green_red() -> None:
    assert [Tile.from_code(f"{i}z").code for i in range(1, 8)] == list("ESWNPFC")


@pytest.mark.parametrize(
    ("code", "suit", "rank"),
    [
        ("1m", Suit.CHARACTERS, 1),
        ("9p", Suit.DOTS, 9),
        ("5s", Suit.BAMBOO, 5),
        ("C", Suit.HONORS, 7),
    ],
)
def test_suit_and_rank(code: str, suit: Suit, rank: int) -> None:
    tile = Tile.from_code(code)
    assert (tile.suit, tile.rank) == (suit, rank)


def test_categories() -> None:
    terminals = {t.code for t in TILES if t.is_terminal}
    assert terminals == {"1m", "9m", "1p", "9p", "1s", "9s"}
    assert {t.code for t in TILES if t.is_wind} == set("ESWN")
    assert {t.code for t in TILES if t.is_dragon} == set("PFC")
    assert sum(t.is_terminal_or_honor for t in TILES) == 13


@pytest.mark.parametrize("code", ["0m", "10p", "8z", "e", "", "5", "m"])
def test_bad_codes_are_rejected_with_the_code_named(code: str) -> None:
    with pytest.raises(InputError, match="is not a tile code"):
        Tile.from_code(code)


def test_index_out_of_range_is_an_error() -> None:
    with pytest.raises(ValueError, match="0-33"):
        Tile(34)


def test_wind_tiles() -> None:
    assert [w.tile.code for w in Wind] == list("ESWN")
    with pytest.raises(InputError, match="not a wind"):
        Wind.from_code("P")


def test_repr_evaluates_back() -> None:
    tile = Tile.from_code("7s")
    assert eval(repr(tile)) == tile

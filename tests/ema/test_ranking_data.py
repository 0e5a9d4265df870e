"""Reading the EMA ranking data: good rows, each bad row with its line, and any text read
or refused in words (hypothesis)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.ema.ranking_data import parse_ranking_data
from mjref.errors import InputError

HEAD = "ema_number,family,tournament,start,end,place,players,weight,world\n"


def test_good_rows() -> None:
    parsed = parse_ranking_data(
        HEAD
        + "04290082,MCR,Open,2026-05-01,2026-05-02,3,40,2.5,no\n"
        "04290082;riichi;WRC;2025-10-01;2025-10-05;10;200;5\n".replace(";", ",")
    )
    assert parsed.problems == ()
    first, second = parsed.rows
    assert (first.family, first.result.place, first.result.weight) == ("mcr", 3, Fraction(5, 2))
    assert (second.family, second.result.world, second.result.label) == ("riichi", False, "WRC")


@pytest.mark.parametrize(
    ("row", "key"),
    [
        ("0429008,mcr,O,2026-05-01,2026-05-02,3,40,2", "ema.list-number"),
        ("04290082,mahjong,O,2026-05-01,2026-05-02,3,40,2", "ema.data-family"),
        ("04290082,mcr,O,2026-05-03,2026-05-02,3,40,2", "ema.data-dates"),
        ("04290082,mcr,O,2026-5-1,2026-05-02,3,40,2", "ema.bad-date"),
        ("04290082,mcr,O,2026-05-01,2026-05-02,41,40,2", "ema.bad-place"),
        ("04290082,mcr,O,2026-05-01,2026-05-02,0,40,2", "ema.bad-place"),
        ("04290082,mcr,O,2026-05-01,2026-05-02,3,40,11", "ema.data-weight"),
        ("04290082,mcr,O,2026-05-01,2026-05-02,3,40,NaN", "ema.data-weight"),
        ("04290082,mcr,O,2026-05-01,2026-05-02,3,40,2,maybe", "ema.data-world"),
        ("04290082,mcr,O\x07,2026-05-01,2026-05-02,3,40,2", "ema.list-name"),
        ("04290082,mcr,O,2026-05-01", "ema.data-cells"),
    ],
)
def test_bad_rows(row: str, key: str) -> None:
    parsed = parse_ranking_data(HEAD + row + "\n")
    assert [(p.line, p.reason.key) for p in parsed.problems] == [(2, key)]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_in_words(text: str) -> None:
    key = ""
    try:
        parsed = parse_ranking_data(text)
    except InputError as error:
        key = error.message.key
    if key:
        assert key in {"ema.list-empty", "ema.list-too-large", "ema.list-too-many"}
        return
    for row in parsed.rows:
        assert 1 <= row.result.place <= row.result.players
        assert 0 <= row.result.weight <= 10

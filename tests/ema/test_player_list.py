"""Reading the EMA's player list: good rows, every bad row with its line, the limits, and
any text at all without a traceback (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.ema import player_list as pl
from mjref.ema.player_list import EmaPlayer, parse_player_list
from mjref.errors import InputError


def test_header_semicolons_and_three_letter_codes() -> None:
    parsed = parse_player_list(
        "Number;Name;Country\n04290082;Kovács Ákos;HUN\n\n08000001;Berg Anna;nl\n"
    )
    assert parsed.players == (
        EmaPlayer("04290082", "Kovács Ákos", "HU"),
        EmaPlayer("08000001", "Berg Anna", "NL"),
    )
    assert parsed.problems == ()


def test_a_list_without_header() -> None:
    assert parse_player_list("04290082,A B,HU\n").players == (EmaPlayer("04290082", "A B", "HU"),)


@pytest.mark.parametrize(
    ("row", "key"),
    [
        ("4290082,A B,HU", "ema.list-number"),
        ("0429008x,A B,HU", "ema.list-number"),
        ("04290082,,HU", "ema.list-name"),
        ("04290082,A\x07B,HU", "ema.list-name"),
        ("04290082," + "x" * 121 + ",HU", "ema.list-name"),
        ("04290082,A B,XX", "ema.list-country"),
        ("04290082,A B", "ema.list-cells"),
        ("04290082,A,B,HU", "ema.list-cells"),
    ],
)
def test_every_bad_row_is_reported_with_its_line(row: str, key: str) -> None:
    parsed = parse_player_list(f"number,name,country\n08000001,C D,NL\n{row}\n")
    assert parsed.players == (EmaPlayer("08000001", "C D", "NL"),)
    assert [(p.line, p.reason.key) for p in parsed.problems] == [(3, key)]


def test_a_number_twice_names_the_first_line() -> None:
    parsed = parse_player_list("08000001,C D,NL\n08000001,E F,NL\n")
    assert len(parsed.players) == 1
    assert parsed.problems[0].reason.key == "ema.list-duplicate"
    assert parsed.problems[0].reason.params["other"] == 1


def test_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InputError) as caught:
        parse_player_list("  \n")
    assert caught.value.message.key == "ema.list-empty"
    monkeypatch.setattr(pl, "MAX_ROWS", 2)
    with pytest.raises(InputError) as caught:
        parse_player_list("08000001,A,NL\n08000002,B,NL\n08000003,C,NL\n")
    assert caught.value.message.key == "ema.list-too-many"
    monkeypatch.setattr(pl, "MAX_CHARS", 10)
    with pytest.raises(InputError) as caught:
        parse_player_list("08000001,A,NL\n")
    assert caught.value.message.key == "ema.list-too-large"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_in_words(text: str) -> None:
    key = ""
    try:
        parsed = parse_player_list(text)
    except InputError as error:
        key = error.message.key
    if key:
        assert key in {"ema.list-empty", "ema.list-too-large", "ema.list-too-many"}
        return
    for player in parsed.players:
        assert len(player.number) == 8
        assert player.number.isdigit()
        assert player.name.isprintable()
        assert len(player.country) == 2
    assert all(p.line >= 1 for p in parsed.problems)

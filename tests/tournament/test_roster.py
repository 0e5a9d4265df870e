"""Players: details, countries, EMA numbers, and the CSV import that reports every bad row."""

from __future__ import annotations

import pytest

from mjref.errors import InputError
from mjref.services import tournament as ts
from mjref.tournament.roster import (
    check_country,
    check_details,
    check_ema_number,
    format_players_csv,
    parse_players_csv,
)
from tests.tournament.helpers import KW, make
from tests.tournament.memlog import MemoryLog


@pytest.mark.parametrize(
    ("given", "code"), [("HU", "HU"), ("hun", "HU"), (" nl ", "NL"), ("NLD", "NL"), ("xk", "XK")]
)
def test_countries(given: str, code: str) -> None:
    assert check_country(given) == code


@pytest.mark.parametrize("bad", ["", "XX", "HUNG", "EU", "12"])
def test_unknown_countries(bad: str) -> None:
    with pytest.raises(InputError) as caught:
        check_country(bad)
    assert caught.value.message.key == "tournament.bad-country"


@pytest.mark.parametrize("bad", ["1234567", "123456789", "0429008x", "04 290082", "٠٤٢٩٠٠٨٢"])
def test_ema_numbers(bad: str) -> None:
    assert check_ema_number("") == ""
    assert check_ema_number("04290082") == "04290082"
    with pytest.raises(InputError):
        check_ema_number(bad)


def test_details_name_the_field() -> None:
    with pytest.raises(InputError) as caught:
        check_details("  ", "Smith", "GB")
    assert caught.value.where == "first-name"
    assert caught.value.message.params["field"].key == "tournament.field.first-name"  # type: ignore[attr-defined]
    with pytest.raises(InputError, match="control characters"):
        check_details("A\x07", "Smith", "GB")
    with pytest.raises(InputError, match="longer than 200"):
        check_details("A", "S" * 201, "GB")


GOOD = """first_name,last_name,country,ema_number,club
Anna,Kovacs,HU,06000001,Budapest
Marco,Rossi,ITA,,Milano
"""


def test_a_good_file_round_trips() -> None:
    parsed = parse_players_csv(GOOD)
    assert parsed.problems == ()
    assert [(line, d.last_name, d.country) for line, d in parsed.players] == [
        (2, "Kovacs", "HU"),
        (3, "Rossi", "IT"),
    ]
    again = parse_players_csv(format_players_csv([d for _, d in parsed.players]))
    assert [d for _, d in again.players] == [d for _, d in parsed.players]


def test_every_bad_row_is_reported_with_its_line_and_reason() -> None:
    text = (
        "First Name,Last Name,Country,EMA,Club\n"
        "Anna,Kovacs,HU,06000001,\n"
        ",Nobody,HU,,\n"  # 3: missing first name
        "Bad,Number,HU,123,\n"  # 4: bad EMA number
        "Dup,Licate,HU,06000001,\n"  # 5: duplicate EMA number (line 2)
        "Where,Ever,ZZ,,\n"  # 6: unknown country
        "\n"
        "Too,Few\n"  # 8: wrong number of cells
        "Known,Member,FR,04000009,\n"  # 9: already registered
    )
    parsed = parse_players_csv(text, known_ema={"04000009"})
    assert [(p.line, p.reason.key) for p in parsed.problems] == [
        (3, "tournament.field-missing"),
        (4, "tournament.bad-ema-number"),
        (5, "tournament.ema-duplicate"),
        (6, "tournament.bad-country"),
        (8, "tournament.csv-cells"),
        (9, "tournament.ema-registered"),
    ]
    assert [line for line, _ in parsed.players] == [2]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "tournament.csv-empty"),
        ("first_name,last_name\nA,B\n", "tournament.csv-column-missing"),
        ("first_name,last_name,country,shoe size\nA,B,HU,44\n", "tournament.csv-column-unknown"),
    ],
)
def test_bad_headers(text: str, key: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_players_csv(text)
    assert caught.value.message.key == key


def test_import_is_all_or_nothing_unless_skip_bad() -> None:
    log = MemoryLog()
    make(log, players=0)
    text = GOOD + "Bad,Row,??,,\n"
    with pytest.raises(ts.PlayersFileError) as caught:
        ts.import_players(log, "t", text, **KW)
    assert [p.line for p in caught.value.problems] == [4]
    (row,) = caught.value.message.params["rows"]  # type: ignore[misc]
    assert row.params["line"] == 4
    assert ts.list_players(log, "t") == ()
    report = ts.import_players(log, "t", text, skip_bad=True, check_in=True, **KW)
    assert [v.last_name for v in report.added] == ["Kovacs", "Rossi"]
    assert [p.line for p in report.skipped] == [4]
    assert all(v.checked_in for v in ts.list_players(log, "t"))
    # The same EMA numbers again: refused as already registered.
    with pytest.raises(ts.PlayersFileError) as caught:
        ts.import_players(log, "t", GOOD, **KW)
    assert [p.reason.key for p in caught.value.problems] == ["tournament.ema-registered"]

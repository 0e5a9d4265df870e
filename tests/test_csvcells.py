"""Cells of the CSV files mjref writes: no cell a spreadsheet would run as a formula,
numbers mjref wrote kept as numbers, and the neutralised text read back as written."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.csvcells import DANGEROUS, csv_cell
from mjref.tournament.numbers import format_decimal


@pytest.mark.parametrize("first", DANGEROUS)
def test_a_cell_beginning_with_a_dangerous_character_gets_a_quote(first: str) -> None:
    assert csv_cell(first + "SUM(1+1)") == "'" + first + "SUM(1+1)"
    assert csv_cell(first + "SUM(1+1)", number=True) == "'" + first + "SUM(1+1)"


@pytest.mark.parametrize("number", ["0", "15", "-15", "2.5", "-0.25", "12.67"])
def test_a_number_mjref_wrote_stays_a_number(number: str) -> None:
    assert csv_cell(number, number=True) == number


@pytest.mark.parametrize("text", ["-2", "-15", "-2+3", "-1e3", "- 2", "-.5", "-2.", "-2\n"])
def test_text_from_a_person_is_neutralised_even_when_it_looks_like_a_number(text: str) -> None:
    assert csv_cell(text) == "'" + text


def _written(cells: list[str]) -> list[str]:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(cells)
    [row] = list(csv.reader(io.StringIO(out.getvalue())))
    return row


@given(st.text())
def test_no_text_is_written_as_a_formula(text: str) -> None:
    cell = csv_cell(text)
    assert not cell.startswith(DANGEROUS)
    assert cell in (text, "'" + text)
    assert (cell != text) == text.startswith(DANGEROUS)


# mjref's writers end lines with "\n", so a carriage return inside a cell would not be
# quoted; no stored text has one (names, country and club refuse control characters).
@given(st.lists(st.text().filter(lambda t: "\r" not in t), min_size=1, max_size=5))
def test_the_written_file_reads_back_as_the_neutralised_text(texts: list[str]) -> None:
    cells = [csv_cell(text) for text in texts]
    read = _written(cells)
    assert read == cells
    assert not any(cell.startswith(DANGEROUS) for cell in read)


@given(st.text())
def test_a_cell_marked_as_a_number_is_safe_unless_it_is_a_plain_number(text: str) -> None:
    cell = csv_cell(text, number=True)
    if cell.startswith(DANGEROUS):
        assert cell == text
        assert Fraction(cell) == Fraction(text)  # a plain number: -15, -2.5
        assert all(c in "-.0123456789" for c in cell)


@given(
    st.fractions(min_value=-(10**9), max_value=10**9, max_denominator=64)
    | st.integers(-(10**12), 10**12)
)
def test_every_score_mjref_writes_stays_a_plain_number(value: Fraction | int) -> None:
    text = format_decimal(value)
    assert csv_cell(text, number=True) == text
    assert _written([text]) == [text]

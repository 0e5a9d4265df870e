"""Names compared without accents, case or the order of their parts."""

from __future__ import annotations

import pytest

from mjref.ema.names import folded, same_name


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ákos Kovács", "KOVACS Akos"),
        ("Søren Ærø", "soren aero"),
        ("Jean-Luc Picard", "Picard Jean Luc"),
        ("Łukasz Gößling", "lukasz gossling"),
        ("  Anna   Berg ", "berg anna"),
    ],
)
def test_the_same_name(one: str, other: str) -> None:
    assert same_name(one, other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Anna Berg", "Anne Berg"), ("Anna Berg", "Anna"), ("Kim Li", "Kim Lee")],
)
def test_different_names(one: str, other: str) -> None:
    assert not same_name(one, other)


def test_folded_words_are_sorted() -> None:
    assert folded("Zoë Ábel") == ("abel", "zoe")

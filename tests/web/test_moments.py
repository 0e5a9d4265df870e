"""Moments for people: the log's ISO times through Babel in each language, anything else
shown as it is, never an error on a page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.i18n import LANGUAGES
from mjref.web.moments import format_moment

MOMENT = "2026-11-28T18:05:09.123456+00:00"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "28 Nov 2026, 18:05:09"),
        ("hu", "2026. nov. 28. 18:05:09"),
        ("it", "28 nov 2026, 18:05:09"),
        ("fr", "28 nov. 2026, 18:05:09"),
        ("nl", "28 nov 2026, 18:05:09"),
    ],
)
def test_a_log_time_in_each_language(lang: str, expected: str) -> None:
    shown = format_moment(MOMENT, lang, zone="UTC")
    assert shown.replace("\u202f", " ").replace("\xa0", " ") == expected


def test_the_venues_time_zone_and_naive_times_as_utc() -> None:
    assert format_moment("2026-07-01T10:00:00", "en", zone="Europe/Budapest").endswith("12:00:00")
    east = datetime(2026, 7, 1, 10, 0, tzinfo=timezone(timedelta(hours=3)))
    assert format_moment(east, "en", zone="UTC").endswith("07:00:00")
    assert format_moment(datetime(2026, 7, 1, 10, 0, tzinfo=UTC), "nl", zone="UTC")


def test_a_time_at_the_edge_of_the_calendar_is_shown_as_it_is() -> None:
    assert format_moment("0001-01-01T00:00:00+14:00", "en", zone="UTC") == (
        "0001-01-01T00:00:00+14:00"
    )


@given(text=st.text(max_size=80), lang=st.sampled_from(LANGUAGES))
def test_any_text_is_shown_without_an_error(text: str, lang: str) -> None:
    shown = format_moment(text, lang, zone="UTC")
    assert isinstance(shown, str)
    if not text:
        assert shown == ""

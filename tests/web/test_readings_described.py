"""The readings in the reader's language (issue 25): the new-tournament form shows each
reading of the rules registry by the name one types (``+italian``) and, beside it, what it
does in the page's language; the EMA weight's countries line says what its reading counts."""

from __future__ import annotations

import html

import pytest

from mjref.i18n import render
from mjref.messages import Message
from mjref.services import tournament as ts
from mjref.wire.options import reading_text
from tests.web.conftest import Site


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize("lang", ["en", "hu", "it", "fr", "nl"])
def test_each_reading_on_the_new_form_says_what_it_does(site: Site, lang: str) -> None:
    page = html.unescape(site.login("org", lang).get("/new").text)
    readings = ts.tournament_readings()
    assert len(readings) >= 20
    for name in readings:
        at = page.index(f"<code>+{name}</code>")
        described = render(reading_text(name), lang)
        assert described in page[at : at + 1000], (name, lang)


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_weight_line_describes_its_reading(site: Site, lang: str) -> None:
    page = html.unescape(site.login("org", lang).get("/t/cup/admin/ema").text)
    reading = "countries-current"
    line = Message(
        "ema.weight.countries-read",
        {
            "countries": 4,  # HU, IT, FR, NL
            "points": "0",
            "reading": reading,
            "described": Message(f"ema.reading.{reading}", {}),
        },
    )
    assert f"<li>{render(line, lang)}</li>" in page

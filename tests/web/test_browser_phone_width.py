"""Phones (issue 25): every HTML page of a tournament - every GET route of the web app's
page modules, with the session and table it needs (:func:`_pages`, which the raw-code test
reads too); the score fields take a minus sign from any phone keyboard (a text field with a
pattern, not a number field whose iOS keypad has no minus). Each page's width at 360 px is
measured in Chromium by ``tests/web/test_browser_every_page.py``, which walks every route
of the app as the one who uses it, at desk and phone width, in English and Hungarian."""

from __future__ import annotations

import re

import pytest
from fastapi.routing import APIRoute

from tests.web.conftest import Site, scorer_links

SKIP = ("/live", ".json", ".csv", ".zip", ".ics", ".svg", ".png", "/export", "/download", "/codes.")
"""Streams and files: no page to measure."""


def _pages(site: Site) -> list[str]:
    """Every page: the GET routes of the page modules, filled in for the test's tournament,
    with the query a page needs to show its content."""
    from mjref.web import hands, organiser, public, referee, venue

    modules = [public, organiser, hands, referee, venue]
    for optional in ("finals", "ema_pages", "draw", "teams"):
        try:
            modules.append(__import__(f"mjref.web.{optional}", fromlist=["router"]))
        except ImportError:
            continue
    paths = sorted(
        {
            r.path
            for m in modules
            if hasattr(m, "router")
            for r in m.router.routes
            if isinstance(r, APIRoute)
            and "GET" in (r.methods or set())
            and not any(part in r.path for part in SKIP)
            and "{" not in r.path.replace("{tid}", "").replace("{number}", "")
        }
    )
    organiser_client = site.login("org")
    pages = [p.replace("{tid}", "cup").replace("{number}", "1") for p in paths]
    extra = {
        "/t/cup/admin/hands": "?session=1&table=1",
        "/t/cup/admin/cards": "?session=1",
        "/t/cup/admin/results": "?session=1",
        "/t/cup/seating": "?session=1&q=anna",
        "/t/cup/referee": "?incident=false-hu",
    }
    pages = [p + extra.get(p, "") for p in pages]
    pages += [
        "/t/cup/referee",
        "/t/cup/referee/entries?entry=0",
        scorer_links(organiser_client, 1)[0],
    ]
    return pages


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
def test_score_fields_take_a_minus_sign_from_any_keyboard(site: Site) -> None:
    organiser = site.login("org")
    link = scorer_links(organiser, 1)[0]
    pages = [
        site.client().get(link).text,
        organiser.get("/t/cup/admin/results?session=1").text,
    ]
    for text in pages:
        fields = re.findall(r'<input name="(?:east|south|west|north)"[^>]*>', text)
        assert len(fields) >= 4
        for field in fields:
            assert 'type="number"' not in field  # iOS's numeric keypad has no minus
            assert 'inputmode="numeric"' not in field
            assert 'pattern="-?[0-9]{1,8}"' in field

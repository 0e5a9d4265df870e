"""Every page at phone width (issue 25): each HTML page of a tournament - every GET route
of the web app's page modules, with the session and table it needs - measured in Chromium
at 360 px as the organiser and, for the public pages, as a visitor, in English and in
Hungarian (whose words are long): none is wider than the screen. The score fields take a
minus sign from any phone keyboard (a text field with a pattern, not a number field whose
iOS keypad has no minus)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from fastapi.routing import APIRoute

from tests.web.conftest import PASSWORD, Site, scorer_links
from tests.web.test_browser import CHROMIUM, FLAGS, _free_port

pytestmark = pytest.mark.slow

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

WIDTH = 360
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
SKIP = ("/live", ".json", ".csv", ".zip", ".ics", ".svg", ".png", "/export", "/download", "/codes.")
"""Streams and files: no page to measure."""


@pytest.fixture
def served(site: Site) -> Iterator[str]:
    port = _free_port()
    config = uvicorn.Config(
        site.app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield launched
        launched.close()


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
            and "GET" in r.methods
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


def _log_in(page: object, base: str) -> None:
    page.goto(f"{base}/login")  # type: ignore[attr-defined]
    page.fill("form[action='/login'] input[name=name]", "org")  # type: ignore[attr-defined]
    page.fill("form[action='/login'] input[name=password]", PASSWORD)  # type: ignore[attr-defined]
    page.click("form[action='/login'] button")  # type: ignore[attr-defined]
    page.wait_for_url(f"{base}/")  # type: ignore[attr-defined]


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_no_page_is_wider_than_a_phone(
    served: str, site: Site, browser: Browser, lang: str
) -> None:
    pages = _pages(site)
    assert len(pages) >= 25, pages
    locale = {"en": "en-GB", "hu": "hu-HU"}[lang]
    measured: dict[str, int] = {}
    for who in ("visitor", "organiser"):
        context = browser.new_context(locale=locale, viewport={"width": WIDTH, "height": 740})
        page = context.new_page()
        if who == "organiser":
            _log_in(page, served)
        for url in pages:
            answer = page.goto(f"{served}{url}")
            assert answer is not None
            if "text/html" not in answer.headers.get("content-type", ""):
                continue
            measured[f"{who} {url}"] = int(page.evaluate("document.documentElement.scrollWidth"))
        context.close()
    assert len(measured) >= 40, measured
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"phone-widths-{lang}.txt").write_text(
        "".join(f"{width:5d} px  {url}\n" for url, width in sorted(measured.items())),
        encoding="utf-8",
    )
    wide = {url: width for url, width in measured.items() if width > WIDTH}
    assert wide == {}, f"wider than {WIDTH} px: {wide}"


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

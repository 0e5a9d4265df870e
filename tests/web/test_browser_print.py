"""The print pack printed to PDF by Chromium (Playwright driving Debian's Chromium, the
browser's own print path: ``page.pdf()`` with the print CSS), read back with pypdf: the
number of A4 pages and what they say; the pages fit a 360 px screen; a player's page
shows their next table and changes live when a session's clock ends."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import uvicorn
from pypdf import PdfReader

from mjref.players import PlayerId
from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from tests.web.conftest import PASSWORD, Site
from tests.web.test_browser import CHROMIUM, FLAGS, _free_port

pytestmark = pytest.mark.slow

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
A4 = (595, 842)
"""A4 in PDF points (portrait), to the point."""


@pytest.fixture
def served(site: Site) -> Iterator[tuple[str, Site]]:
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
    yield f"http://127.0.0.1:{port}", site
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield launched
        launched.close()


def _organiser(browser: Browser, base: str, lang: str, width: int = 1280) -> Page:
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_cookies([{"name": "mjref_lang", "value": lang, "url": base}])
    page = context.new_page()
    page.goto(f"{base}/login")
    page.fill("form[action='/login'] input[name=name]", "org")
    page.fill("form[action='/login'] input[name=password]", PASSWORD)
    page.click("form[action='/login'] button")
    page.wait_for_load_state()
    return page


def _pdf(page: Page, base: str, path: str) -> PdfReader:
    page.goto(f"{base}{path}")
    # The page's own @page rules decide the size (A4, the sheets in landscape).
    made = page.pdf(prefer_css_page_size=True, print_background=True)
    name = path.rsplit("/", 1)[-1].replace("?session=", "-")
    (ARTIFACTS / "print").mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "print" / f"{name}.pdf").write_bytes(made)  # to look at
    return PdfReader(io.BytesIO(made))


def _text(reader: PdfReader, number: int) -> str:
    return " ".join(reader.pages[number].extract_text().split())


def _size(reader: PdfReader, number: int) -> tuple[int, int]:
    box = reader.pages[number].mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
def test_the_print_pack_prints_to_a4(served: tuple[str, Site], browser: Browser) -> None:
    base, site = served
    page = _organiser(browser, base, "en")
    names = {v.player: v.name for v in ts.list_players(site.log, "cup")}

    cards = _pdf(page, base, "/t/cup/admin/print/cards?session=1")
    assert len(cards.pages) == 2  # a table per page
    for number in (1, 2):
        assert _size(cards, number - 1) == A4
        text = _text(cards, number - 1)
        assert f"TABLE {number}" in text.upper().replace("\n", " ")
        for player in site.table(1, number):
            assert names[player] in text

    east = _pdf(page, base, "/t/cup/admin/print/east?session=1")
    assert len(east.pages) == 1  # two markers to a page
    assert _text(east, 0).count("East") == 2

    sheets = _pdf(page, base, "/t/cup/admin/print/sheets?session=2")
    assert len(sheets.pages) == 2  # a sheet per table, each on one page
    for number in (1, 2):
        assert _size(sheets, number - 1) == (A4[1], A4[0])  # landscape
        text = _text(sheets, number - 1)
        assert f"session 2, table {number}" in text
        assert "Signatures of the four players" in text
        for player in site.table(2, number):
            assert names[player] in text

    programmes = _pdf(page, base, "/t/cup/admin/print/programmes")
    assert len(programmes.pages) == 4  # eight players, two to a page
    assert site.code(1) in _text(programmes, 0)
    assert site.code(8) in _text(programmes, 3)

    door = _pdf(page, base, "/t/cup/admin/print/door")
    assert len(door.pages) == 1
    text = _text(door, 0)
    assert text.index("Bakker, Hanna") < text.index("Visser, Daan")


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
def test_the_print_pack_in_italian_fits_a_phone(served: tuple[str, Site], browser: Browser) -> None:
    base, _ = served
    page = _organiser(browser, base, "it", width=360)
    for path in (
        "",
        "/cards?session=1",
        "/east?session=1",
        "/sheets?session=1",
        "/programmes",
        "/door",
    ):
        page.goto(f"{base}/t/cup/admin/print{path}")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= 360, f"{path or 'the index'} is {wide} px wide at 360 px"
        shot = ARTIFACTS / "screenshots" / f"print{path.split('?')[0].replace('/', '-')}-it-360.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shot), full_page=True)
    sheet = _pdf(page, base, "/t/cup/admin/print/sheets?session=1")
    assert "Firme dei quattro giocatori" in _text(sheet, 0)


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
def test_the_players_next_table_changes_live(served: tuple[str, Site], browser: Browser) -> None:
    base, site = served
    page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    with page.expect_response(lambda r: r.url.endswith("/t/cup/live")):
        page.goto(f"{base}/t/cup/players/3")  # and its live stream opened
    time.sleep(0.5)  # the stream's first position read, before the change below
    first = next(n for n in (1, 2) if PlayerId(3) in site.table(1, n))
    second = next(n for n in (1, 2) if PlayerId(3) in site.table(2, n))
    assert f"session 1, table {first}" in page.locator("#next-place").inner_text()
    start = datetime.now(UTC) - timedelta(minutes=100)
    clock.start_session(site.log, "cup", 1, minutes=90, at=start, actor="setup", now=start)
    end = start + timedelta(minutes=90)
    clock.end_session(site.log, "cup", 1, at=end, actor="setup", now=end)
    expect(page.locator("#next-place")).to_contain_text(f"session 2, table {second}", timeout=15000)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 360, f"the player's page is {wide} px wide at 360 px"

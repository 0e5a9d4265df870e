"""The venue in a real browser (Playwright driving Debian's Chromium, /usr/bin/chromium)
against a server on a free local port: the organiser creates a tournament, imports
players and publishes the seating; two table scorers in two browser contexts enter
results from their table cards' links; a referee (in Italian) confirms one and rejects
the other and rules on a false hu; the public standings show the confirmed result only.
Screenshots of the main pages at desktop and phone width go to test-artifacts/screenshots
(git-ignored)."""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import uvicorn

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.web.app import create_app
from mjref.web.settings import WebSettings
from tests.web.conftest import PASSWORD

pytestmark = pytest.mark.slow  # real servers (and a browser): make test-fast skips them

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
COUNTRIES = ("HU", "IT", "FR", "NL", "DE", "AT", "BE", "CH")
PLAYERS = "\n".join(
    ["first_name,last_name,country"]
    + [f"Player{n},Family{n},{c}" for n, c in enumerate(COUNTRIES, start=1)]
)

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("browser tests need Debian's Chromium at /usr/bin/chromium (.ci/run)")
    pytest.skip(
        "Debian's Chromium is not installed (apt-get install -y chromium)", allow_module_level=True
    )

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    db = f"sqlite:///{tmp_path}/venue.db"
    log = SqlEventLog.open(db)
    now = datetime.now(UTC)
    store = SqlAccounts(log.engine)
    accounts.add_user(store, "org", PASSWORD, accounts.Role.ORGANISER, now=now)
    log.close()
    app = create_app(WebSettings(db=db))
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
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
    app.web.log.close()


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield launched
        launched.close()


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height, kind in ((1280, 900, "desktop"), (360, 740, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{kind}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def log_in(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit] >> nth=-1")
    page.wait_for_url(f"{base}/")


def test_a_small_tournament_in_the_browser(server: str, browser: Browser) -> None:
    organiser = browser.new_context().new_page()
    log_in(organiser, server, "org")
    organiser.click("a[href='/new']")
    organiser.fill("input[name=tid]", "browser-cup")
    organiser.fill("input[name=name]", "Browser Cup")
    organiser.fill("input[name=sessions]", "2")
    organiser.click("form[action='/new'] button")
    organiser.wait_for_url(re.compile(r".*/t/browser-cup/admin/players$"))
    organiser.fill("#import textarea", PLAYERS)
    organiser.check("#import input[name=check_in]")
    organiser.click("#import button")
    assert organiser.locator(".report").inner_text().startswith("8 players registered")
    shoot(organiser, "players")
    organiser.goto(f"{server}/t/browser-cup/admin/seating")
    organiser.click("form[action$='/admin/seating'] button")
    organiser.wait_for_load_state()
    organiser.goto(f"{server}/t/browser-cup/admin/cards?session=1")
    links = organiser.eval_on_selector_all(".print-card .url a", "els => els.map(e => e.href)")
    assert len(links) == 2
    assert organiser.locator(".qr svg").count() == 2
    shoot(organiser, "table-cards")
    organiser.goto(f"{server}/t/browser-cup/admin/referees")
    organiser.fill("form[action$='/admin/referees'] input[name=name]", "ref")
    organiser.click("form[action$='/admin/referees'] button")
    created = organiser.locator(".report").inner_text()
    referee_password = created.rsplit(": ", 1)[1].strip()

    organiser.goto(f"{server}/t/browser-cup/admin/codes")
    slips = organiser.eval_on_selector_all(
        ".code-slip",
        "els => els.map(e => [e.querySelector('p').innerText, e.querySelector('code').innerText])",
    )
    codes = {int(re.findall(r"(\d+)\)", text)[-1]): code for text, code in slips}
    assert len(codes) == 8
    shoot(organiser, "codes")

    scorers = []
    for link, scores in zip(
        links, (("30", "-10", "-5", "-15"), ("12", "4", "-8", "-8")), strict=True
    ):
        scorer = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        scorer.goto(link)
        for field, value in zip(("east", "south", "west", "north"), scores, strict=True):
            scorer.fill(f"#entry input[name={field}]", value)
        proposer = int(scorer.input_value("#entry select[name=player]"))
        scorer.fill("#entry input[name=code]", codes[proposer])
        assert "(must be 0)" in scorer.locator("#entry .sum").inner_text()
        scorer.click("#entry button")
        assert "Another player of the table" in scorer.locator(".proposal").inner_text()
        scorers.append(scorer)
    shoot(scorers[0], "scorer")

    referee = browser.new_context(locale="it-IT").new_page()
    referee.goto(f"{server}/login")
    referee.fill("input[name=name]", "ref")
    referee.fill("input[name=password]", referee_password)
    referee.click("form[action='/login'] button")
    referee.goto(f"{server}/t/browser-cup/referee")
    assert referee.locator("html").get_attribute("lang") == "it"
    referee.click(".proposal >> nth=0 >> text=Conferma")
    referee.fill(".proposal >> nth=0 >> input[name=reason]", "foglio illeggibile")
    referee.click(".proposal >> nth=0 >> button >> nth=1")
    referee.wait_for_load_state()
    assert referee.locator(".proposal").count() == 0
    with referee.expect_navigation():  # choosing the incident shows its form
        referee.select_option("select[name=incident]", "false-hu")
    referee.check("input[name='fact.tiles_shown'][value=yes]")
    referee.fill("input[name='fact.hand']", "[123s][456p]678m11p99s+9s")
    referee.click("button[value=preview]")
    ruling = referee.locator(".ruling").inner_text()
    assert "Chi ha sbagliato paga 10 punti a ciascun altro giocatore." in ruling
    assert "mers-2008:2.10.2" in ruling  # the tournament was made under MERS 2008
    shoot(referee, "referee")

    public = browser.new_context().new_page()
    public.goto(f"{server}/t/browser-cup")
    rows = public.locator("table.standings tbody tr")
    assert rows.count() == 8
    first_place = rows.nth(0).inner_text()
    assert re.match(r"1\s+Player\d+ Family\d+\s+\w+\s+4\s+30", first_place), first_place
    assert public.locator("text=12").count() == 0  # the rejected table does not count
    shoot(public, "standings")
    public.click("table.standings tbody tr >> nth=0 >> a")
    assert public.locator("svg.chart").count() == 1
    shoot(public, "player")


def test_the_venue_screen_counts_down_signals_pauses_and_pages_update_live(
    tmp_path: Path, browser: Browser
) -> None:
    from mjref.services import tournament_clock as clock
    from mjref.services import tournament_results as tr
    from tests.web.servers import thread_server

    db = f"sqlite:///{tmp_path}/screen.db"
    log = SqlEventLog.open(db)
    kw = {"actor": "head referee", "now": datetime.now(UTC)}
    ts.create_tournament(log, "rcr", name="Riichi Night", ruleset="rcr-2016", sessions=2, **kw)
    for n, country in enumerate(COUNTRIES, start=1):
        ts.add_player(log, "rcr", ts.player_details(f"P{n}", f"F{n}", country), check_in=True, **kw)
    ts.publish_seating(log, "rcr", seed=1, **kw)
    clock.start_session(log, "rcr", 1, minutes=20, actor="head referee", now=datetime.now(UTC))
    with thread_server(db) as base:
        screen = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        screen.clock.install()
        screen.goto(f"{base}/t/rcr/screen")
        # Locators, not wait_for_function: that evaluates a string, which the pages'
        # Content-Security-Policy refuses (no 'unsafe-eval').
        expect(screen.locator("#clock")).to_have_text(re.compile(r"^(20:00|19:)"))
        assert screen.get_attribute("body", "data-signal") is None
        screen.clock.fast_forward("05:05")
        screen.wait_for_selector("body[data-signal=on]", timeout=5000)
        assert screen.locator("#clock").inner_text().startswith("14:")
        shoot(screen, "screen-signal")
        clock.pause_session(
            log, "rcr", 1, reason="ruling", actor="head referee", now=datetime.now(UTC)
        )
        screen.clock.resume()
        screen.wait_for_selector("body[data-phase=paused]", timeout=10000)

        public = browser.new_context().new_page()
        public.goto(f"{base}/t/rcr")
        public.evaluate("window.__notReloaded = true")
        assert public.locator("table.standings td.num").first.inner_text() == "0"
        tr.record_riichi_result(
            log,
            "rcr",
            session=1,
            table=1,
            scores=[45000, 32000, 24000, 19000],
            actor="head referee",
            now=datetime.now(UTC),
        )
        expect(public.locator("table.standings td.num").first).not_to_have_text("0", timeout=10000)
        assert public.evaluate("window.__notReloaded") is True
        shoot(public, "standings-live")
    log.close()

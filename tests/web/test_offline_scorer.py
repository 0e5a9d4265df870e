"""The table scorer's page on a venue network that comes and goes (Playwright driving
Debian's Chromium against a live server, at desktop and phone width): an entry sent while
the network is off stays in the browser (localStorage) with a "not yet sent" banner,
survives a new page, is sent when the network returns and is recorded exactly once - also
when a first send reached the server but its answer was lost. A refused form (a wrong
code) shows the server's message and is not kept. Screenshots go to
test-artifacts/screenshots (git-ignored)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services import tournament_review as review
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import PASSWORD
from tests.web.servers import thread_server

pytestmark = pytest.mark.slow  # a real server and a browser: make test-fast skips them

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
TID = "wifi-cup"
COUNTRIES = ("HU", "IT", "FR", "NL", "DE", "AT", "BE", "CH")
SCORES = {"east": "30", "south": "-10", "west": "-5", "north": "-15"}
STORED = "localStorage.getItem('mjref-unsent:' + location.pathname)"
WAIT = 30_000  # ms: the page retries on the online event, or at the latest every 15 s

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("browser tests need Debian's Chromium at /usr/bin/chromium (.ci/run)")
    pytest.skip(
        "Debian's Chromium is not installed (apt-get install -y chromium)", allow_module_level=True
    )

from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright  # noqa: E402


@pytest.fixture
def venue(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A MERS tournament of 8 players seated for 2 sessions, an organiser who may act on
    it, and the server: (the server's address, the database)."""
    db = f"sqlite:///{tmp_path}/wifi.db"
    log = SqlEventLog.open(db)
    now = datetime.now(UTC)
    kw: dict[str, Any] = {"actor": "org", "now": now}
    ts.create_tournament(log, TID, name="Wi-Fi Cup", ruleset="mers-2008", sessions=2, **kw)
    for n, country in enumerate(COUNTRIES, start=1):
        details = ts.player_details(f"Player{n}", f"Family{n}", country)
        ts.add_player(log, TID, details, check_in=True, **kw)
    ts.publish_seating(log, TID, seed=1, **kw)
    store = SqlAccounts(log.engine)
    accounts.add_user(store, "org", PASSWORD, accounts.Role.ORGANISER, now=now)
    accounts.grant(store, "org", TID, now=now)
    log.close()
    with thread_server(db) as base:
        yield base, db


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield launched
        launched.close()


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def link_and_codes(browser: Browser, base: str) -> tuple[str, dict[int, str]]:
    """Table 1's link from the table cards and every player's code, as the organiser."""
    context = browser.new_context()
    organiser = context.new_page()
    organiser.goto(f"{base}/login")
    organiser.fill("input[name=name]", "org")
    organiser.fill("input[name=password]", PASSWORD)
    organiser.click("form[action='/login'] button")
    organiser.wait_for_url(f"{base}/")
    organiser.goto(f"{base}/t/{TID}/admin/cards?session=1")
    links = organiser.eval_on_selector_all(".print-card .url a", "els => els.map(e => e.href)")
    assert len(links) == 2
    organiser.goto(f"{base}/t/{TID}/admin/codes")
    slips = organiser.eval_on_selector_all(
        ".code-slip",
        "els => els.map(e => [e.querySelector('p').innerText, e.querySelector('code').innerText])",
    )
    codes = {int(re.findall(r"(\d+)\)", text)[-1]): code for text, code in slips}
    assert len(codes) == 8
    context.close()
    return str(links[0]), codes


def proposed(db: str) -> int:
    """How many results the table scorers proposed, as the log has them."""
    log = SqlEventLog.open(db, migrate=False)
    try:
        return sum(1 for r in log.read(TID) if r.event.KIND == "result-proposed")
    finally:
        log.close()


def pending(db: str) -> int:
    log = SqlEventLog.open(db, migrate=False)
    try:
        return len(review.pending_results(log, TID, 1))
    finally:
        log.close()


def stored(page: Page) -> list[dict[str, Any]]:
    text = page.evaluate(STORED)
    return [] if text is None else list(json.loads(text))


def until(page: Page, done: Callable[[], bool]) -> None:
    """Wait (letting the browser's events through) until ``done()``."""
    for _ in range(WAIT // 100):
        if done():
            return
        page.wait_for_timeout(100)
    raise AssertionError("not in time")


def network_returns(context: BrowserContext) -> None:
    """The venue's Wi-Fi drops and comes back (the page hears the online event)."""
    context.set_offline(True)
    context.set_offline(False)


@pytest.mark.parametrize(("kind", "width", "height"), [("desktop", 1280, 900), ("phone", 360, 740)])
def test_an_entry_made_offline_is_kept_and_recorded_once_when_the_network_returns(
    venue: tuple[str, str], browser: Browser, kind: str, width: int, height: int
) -> None:
    base, db = venue
    link, codes = link_and_codes(browser, base)
    context = browser.new_context(viewport={"width": width, "height": height})
    posts: list[str] = []
    in_flight = [0, 0]  # now, most at once

    def started(request: Any) -> None:
        if request.method == "POST":
            posts.append(request.url)
            in_flight[0] += 1
            in_flight[1] = max(in_flight[1], in_flight[0])

    def ended(request: Any) -> None:
        if request.method == "POST":
            in_flight[0] -= 1

    context.on("request", started)
    context.on("requestfinished", ended)
    context.on("requestfailed", ended)

    page = context.new_page()
    page.goto(link)
    assert page.locator("#unsent").is_hidden()

    # The network goes; the entry is typed and sent.
    context.set_offline(True)
    for field, value in SCORES.items():
        page.fill(f"#entry input[name={field}]", value)
    proposer = int(page.input_value("#entry select[name=player]"))
    page.fill("#entry input[name=code]", codes[proposer])
    key = page.input_value("#entry input[name=request_key]")
    page.click("#entry button")
    banner = page.locator("#unsent")
    banner.wait_for(state="visible", timeout=WAIT)
    assert "Not yet sent - will be sent when the network returns" in banner.inner_text()
    waiting = stored(page)
    assert len(waiting) == 1
    fields = dict(waiting[0]["fields"])
    assert fields["request_key"] == key
    assert fields["code"] == codes[proposer]
    assert fields["csrftoken"]
    assert fields["east"] == "30"
    assert proposed(db) == 0
    shoot(page, f"scorer-unsent-{kind}")

    # A new page while the send still fails (the venue's Wi-Fi carries pages but drops
    # the POST): the entry still waits, the form shows it under the same request key.
    dropped: list[str] = []

    def drop_posts(route: Route) -> None:
        if route.request.method == "POST":
            dropped.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.close()
    context.route("**/s/**", drop_posts)
    context.set_offline(False)
    page = context.new_page()
    page.goto(link)
    banner = page.locator("#unsent")
    banner.wait_for(state="visible", timeout=WAIT)
    assert "Not yet sent" in banner.inner_text()
    assert page.input_value("#entry input[name=request_key]") == key
    assert page.input_value("#entry input[name=east]") == "30"
    assert len(stored(page)) == 1
    until(page, lambda: bool(dropped))  # it tried to send what waited when it was opened
    assert proposed(db) == 0

    # The network returns, but the answer to the first send is lost on the way back:
    # the server recorded it, the page still believes it is unsent.
    lost: list[int] = []

    def lose_answer(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            answer = route.fetch(max_redirects=0)
            lost.append(answer.status)
            route.abort("connectionreset")
        else:
            route.continue_()

    context.unroute("**/s/**", drop_posts)
    context.route("**/s/**", lose_answer)
    network_returns(context)
    until(page, lambda: bool(lost))
    assert lost == [303]
    assert proposed(db) == 1
    page.wait_for_timeout(300)
    assert banner.is_visible()
    assert len(stored(page)) == 1

    # The page sends it again: the server knows the request key and records nothing more.
    context.unroute("**/s/**", lose_answer)
    network_returns(context)
    page.locator(".proposal").wait_for(timeout=WAIT)
    assert "Another player of the table" in page.locator(".proposal").inner_text()
    assert page.locator("#unsent").is_hidden()
    assert page.locator("#refused").is_hidden()
    assert stored(page) == []
    assert proposed(db) == 1
    assert pending(db) == 1
    shoot(page, f"scorer-sent-{kind}")

    # A refused form (a wrong code) is answered, not kept: the message shows in place.
    confirm = page.locator(".proposal form[action*='/confirm/']")
    confirmer = int(confirm.locator("select[name=player]").input_value())
    confirm.locator("input[name=code]").fill("ZZZZZZ" if codes[confirmer] != "ZZZZZZ" else "YYYYYY")
    confirm.locator("button").click()
    refused = page.locator("#refused")
    refused.wait_for(state="visible", timeout=WAIT)
    assert refused.inner_text().startswith("Not recorded - the server answered:")
    assert stored(page) == []
    assert page.locator("#unsent").is_hidden()
    assert pending(db) == 1
    shoot(page, f"scorer-refused-{kind}")

    # The right code confirms it.
    confirm.locator("input[name=code]").fill(codes[confirmer])
    confirm.locator("button").click()
    page.locator("p.ok[role=status]").wait_for(timeout=WAIT)
    assert pending(db) == 0
    assert proposed(db) == 1
    assert in_flight[1] == 1, "never two sends at once"
    assert all("/s/" in url for url in posts)
    context.close()

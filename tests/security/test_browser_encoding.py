"""Finding 2 in a real browser (Playwright driving Debian's Chromium, /usr/bin/chromium,
as ``tests/web/test_browser.py`` does): with a hostile tournament name, players' names, a
notice and a pause reason, the venue screen, the standings, the seating and a player's
page open without a dialog and without the hostile scripts running, the screen shows the
notice as typed, and the pages' own scripts (the screen's clock, the scorer's running
sum, the players import's file reader) still work under the Content-Security-Policy,
which reports no violation."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from mjref.services import tournament_review as review
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.web.context import Web
from mjref.web.settings import WebSettings
from tests.web.conftest import PASSWORD
from tests.web.servers import thread_server

pytestmark = pytest.mark.slow  # a real server and a browser: make test-fast skips them

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("browser tests need Debian's Chromium at /usr/bin/chromium (.ci/run)")
    pytest.skip(
        "Debian's Chromium is not installed (apt-get install -y chromium)", allow_module_level=True
    )

from playwright.sync_api import (  # noqa: E402
    Browser,
    ConsoleMessage,
    Dialog,
    Page,
    expect,
    sync_playwright,
)

SCRIPT = "</script><script>window.pwned = 1; alert(1)</script>"
TAG = '"><img src=x onerror="window.pwned = 2; alert(2)">'
TEMPLATE = "{{7*7}}"
NAME = f"Cup {SCRIPT} {TAG} {TEMPLATE}"
NOTICE = f"Notice {SCRIPT} {TAG} {TEMPLATE}"
PAUSE = f"Pause {SCRIPT}"


@pytest.fixture
def venue(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A server over ``evil`` (everything hostile, session 1 paused) and a table's link."""
    db = f"sqlite:///{tmp_path}/venue.db"
    log = SqlEventLog.open(db)
    now = datetime.now(UTC)
    kw = {"actor": "setup", "now": now}
    ts.create_tournament(log, "evil", name=NAME, ruleset="mers-2010", sessions=2, **kw)
    names = [(SCRIPT, TAG), (TAG, SCRIPT), (TEMPLATE, SCRIPT), (TAG, TEMPLATE)]
    for n, (first, last) in enumerate(names * 2):
        details = ts.player_details(first, f"{last} {n}", "HU")
        ts.add_player(log, "evil", details, check_in=True, **kw)
    ts.publish_seating(log, "evil", seed=1, **kw)
    review.announce(log, "evil", text=NOTICE, **kw)
    clock.start_session(log, "evil", 1, minutes=90, **kw)
    clock.pause_session(log, "evil", 1, reason=PAUSE, **kw)
    store = SqlAccounts(log.engine)
    accounts.add_user(
        store, "org", PASSWORD, accounts.Role.ORGANISER, tournaments=("evil",), now=now
    )
    secret = accounts.installation_secret(store)
    token = Web(WebSettings(db=db), log, store, secret).scorer_token("evil", 1, 1)
    log.close()
    with thread_server(db) as base:
        yield base, f"/s/{token}"


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield launched
        launched.close()


class Watch:
    """What a page did that it should not: dialogs, and the policy's refusals."""

    def __init__(self, page: Page) -> None:
        self.dialogs: list[str] = []
        self.refused: list[str] = []
        page.on("dialog", self.dialog)
        page.on("console", self.console)

    def dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.refused.append(message.text)


def _clean(page: Page, watch: Watch, where: str) -> None:
    assert watch.dialogs == [], where
    assert page.evaluate("window.pwned") is None, where
    assert watch.refused == [], where


def test_hostile_text_never_runs_in_the_browser(venue: tuple[str, str], browser: Browser) -> None:
    base, _link = venue
    page = browser.new_page()
    watch = Watch(page)
    page.goto(f"{base}/t/evil/screen")
    # Locators, not wait_for_function: that evaluates a string, which the policy refuses.
    expect(page.locator("#clock")).not_to_have_text("--:--")
    assert re.fullmatch(r"\d+:\d\d", page.inner_text("#clock"))  # screen.js runs
    assert page.inner_text("#announcement") == NOTICE  # the notice, as typed
    assert page.inner_text("#pause-reason") == f"Paused: {PAUSE}"  # the reason, as typed
    assert page.inner_text(".screen-title").startswith(NAME)
    page.wait_for_timeout(500)  # the clock ticks again: still nothing ran
    _clean(page, watch, "screen")
    for url in ("/t/evil", "/t/evil/seating?session=1", "/t/evil/players/1", "/"):
        page.goto(f"{base}{url}")
        page.wait_for_load_state("load")
        text = page.inner_text("main")
        assert SCRIPT in text or TAG in text or NAME in text, url
        _clean(page, watch, url)


def test_the_pages_own_scripts_work_under_the_policy(
    venue: tuple[str, str], browser: Browser, tmp_path: Path
) -> None:
    base, link = venue
    scorer = browser.new_page()
    watch = Watch(scorer)
    scorer.goto(f"{base}{link}")
    for wind, score in (("east", 10), ("south", -4), ("west", -3), ("north", -3)):
        scorer.fill(f"#entry input[name={wind}]", str(score))
    assert scorer.get_attribute("#entry .sum", "class") == "sum ok"  # scorer.js runs
    assert "0" in scorer.inner_text("#entry .sum")
    _clean(scorer, watch, "scorer")
    organiser = browser.new_page()
    watch = Watch(organiser)
    organiser.goto(f"{base}/login")
    organiser.fill("input[name=name]", "org")
    organiser.fill("input[name=password]", PASSWORD)
    organiser.click("button[type=submit] >> nth=-1")
    organiser.wait_for_url(f"{base}/")
    organiser.goto(f"{base}/t/evil/admin/players")
    players = tmp_path / "players.csv"
    players.write_text("first_name,last_name,country\nIvo,Horvat,HR\n", encoding="utf-8")
    organiser.set_input_files("#csv-file", str(players))
    expect(organiser.locator("#import textarea")).not_to_have_value("")
    assert "Ivo,Horvat,HR" in organiser.input_value("#import textarea")  # players.js runs
    _clean(organiser, watch, "players")

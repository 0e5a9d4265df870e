"""Finals and hidden standings in a real browser (Playwright driving Debian's Chromium,
/usr/bin/chromium) against a server on a free local port: the organiser hides the
standings from session 1 on, the public (another browser context, not logged in) sees
neither places nor totals while the organiser still sees them, the organiser seats the
final from the standings, then reveals the standings and the public sees them again."""

from __future__ import annotations

import os
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
from mjref.services import tournament_results as tr
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.web.app import create_app
from mjref.web.settings import WebSettings
from tests.web.conftest import NAMES, PASSWORD

pytestmark = pytest.mark.slow  # a real server and a browser: make test-fast skips them

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

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


def _build(db: str) -> str:
    """A two-session cup with session 1 played; the name of its leader."""
    log = SqlEventLog.open(db)
    now = datetime.now(UTC)
    kw = {"actor": "setup", "now": now}
    ts.create_tournament(log, "cup", name="Final Cup", ruleset="mers-2010", sessions=2, **kw)
    for first, last, country in NAMES:
        ts.add_player(log, "cup", ts.player_details(first, last, country), check_in=True, **kw)
    ts.publish_seating(log, "cup", seed=1, **kw)
    for table, scores in ((1, [40, 20, -20, -40]), (2, [30, 10, -10, -30])):
        tr.record_totals(log, "cup", session=1, table=table, scores=scores, **kw)
    store = SqlAccounts(log.engine)
    accounts.add_user(
        store, "org", PASSWORD, accounts.Role.ORGANISER, tournaments=("cup",), now=now
    )
    leader = ts.current_standings(log, "cup").ranked[0].player.name
    log.close()
    return leader


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    db = f"sqlite:///{tmp_path}/finals.db"
    leader = _build(db)
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
    yield f"http://127.0.0.1:{port}", leader
    running.should_exit = True
    thread.join(timeout=10)
    app.web.log.close()


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield launched
        launched.close()


def log_in(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit] >> nth=-1")
    page.wait_for_url(f"{base}/")


def test_the_organiser_hides_seats_the_final_and_reveals(
    served: tuple[str, str], browser: Browser
) -> None:
    base, leader = served
    public = browser.new_context().new_page()
    public.goto(f"{base}/t/cup")
    expect(public.locator("table.standings")).to_contain_text(leader)

    organiser = browser.new_context().new_page()
    log_in(organiser, base, "org")
    organiser.goto(f"{base}/t/cup/admin/finals")
    expect(organiser.locator("#standings-state")).to_be_visible()
    organiser.fill("#hide-standings input[name=from_session]", "1")
    organiser.click("#hide-standings button")
    organiser.wait_for_url(f"{base}/t/cup/admin/finals")
    expect(organiser.locator("#reveal-standings button")).to_be_visible()

    # The public sees no place and no total, on the standings and on a player's page.
    public.goto(f"{base}/t/cup")
    expect(public.locator("#standings-hidden")).to_be_visible()
    expect(public.locator("table.standings")).to_have_count(0)
    assert leader not in public.content()
    public.goto(f"{base}/t/cup/players/1")
    expect(public.locator("#standings-hidden")).to_be_visible()
    expect(public.locator("figure svg")).to_have_count(0)

    # The organiser still sees them, with a note.
    organiser.goto(f"{base}/t/cup")
    expect(organiser.locator("#standings-hidden-official")).to_be_visible()
    expect(organiser.locator("table.standings")).to_contain_text(leader)

    # The final: the top four of the standings at one table.
    organiser.goto(f"{base}/t/cup/admin/finals")
    organiser.fill("#seat-finals input[name=session]", "2")
    organiser.select_option("#seat-finals select[name=mode]", "top-4")
    organiser.click("#seat-finals button")
    organiser.wait_for_url(f"{base}/t/cup/seating?session=2")
    public.goto(f"{base}/t/cup/seating?session=2")
    assert leader in public.content()

    # Revealed: the public sees the standings again.
    organiser.goto(f"{base}/t/cup/admin/finals")
    organiser.click("#reveal-standings button")
    organiser.wait_for_url(f"{base}/t/cup/admin/finals")
    public.goto(f"{base}/t/cup")
    expect(public.locator("table.standings")).to_contain_text(leader)
    expect(public.locator("#standings-hidden")).to_have_count(0)

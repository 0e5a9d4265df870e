"""The public side in Chromium (issue 25): the venue screen says why the clock is paused,
in the visitor's language; the player's chart carries the values of its scales and, at
phone width (360 px), neither it nor the page is wider than the screen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from mjref.services import tournament_results as tr
from mjref.store import SqlEventLog
from tests.web.servers import thread_server
from tests.web.test_browser import browser

pytestmark = pytest.mark.slow

from playwright.sync_api import Browser, expect  # noqa: E402

__all__ = ["browser"]  # the fixture, imported for pytest

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
REASON = "Ruling at table 2 <b>"
"""The pause's reason, with a tag that must show as typed."""


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    """A riichi tournament: session 1's results in, its clock started then paused."""
    db = f"sqlite:///{tmp_path}/figures.db"
    log = SqlEventLog.open(db)
    kw = {"actor": "head referee", "now": datetime.now(UTC)}
    ts.create_tournament(log, "rcr", name="Riichi Night", ruleset="rcr-2016", sessions=2, **kw)
    for n in range(1, 9):
        ts.add_player(log, "rcr", ts.player_details(f"P{n}", f"F{n}", "HU"), check_in=True, **kw)
    ts.publish_seating(log, "rcr", seed=1, **kw)
    for table in (1, 2):
        scores = [45000, 32000, 24000, 19000]
        tr.record_riichi_result(log, "rcr", session=1, table=table, scores=scores, **kw)
    clock.start_session(log, "rcr", 1, minutes=90, **kw)
    clock.pause_session(log, "rcr", 1, reason=REASON, **kw)
    with thread_server(db) as found:
        yield found
    log.close()


@pytest.mark.parametrize(("lang", "said"), [("en", "Paused: "), ("hu", "Szünet oka: ")])
def test_the_paused_screen_says_why(base: str, browser: Browser, lang: str, said: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_cookies([{"name": "mjref_lang", "value": lang, "url": base}])
    screen = context.new_page()
    screen.goto(f"{base}/t/rcr/screen")
    expect(screen.locator("body[data-phase=paused]")).to_have_count(1)
    expect(screen.locator("#pause-reason")).to_be_visible()
    assert screen.inner_text("#pause-reason") == f"{said}{REASON}"
    context.close()


@pytest.mark.parametrize(("lang", "group"), [("en", ","), ("hu", "\xa0")])
def test_the_chart_shows_its_values_at_phone_width(
    base: str, browser: Browser, lang: str, group: str
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_cookies([{"name": "mjref_lang", "value": lang, "url": base}])
    page = context.new_page()
    page.goto(f"{base}/t/rcr/players/1")
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    values = chart.locator("text.value").all_text_contents()
    assert len(values) >= 3
    assert "0" in values
    assert any(group in v for v in values), values  # thousands, in the language's way
    assert chart.locator("text.rank").all_text_contents() == ["1", "8"]
    assert int(page.evaluate("document.documentElement.scrollWidth")) <= 360
    box = chart.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 360
    for label in (*chart.locator("text.value").all(), *chart.locator("text.rank").all()):
        edge = label.bounding_box()
        assert edge is not None
        assert edge["x"] >= box["x"] - 0.5, label.text_content()  # inside the chart
        assert edge["x"] + edge["width"] <= box["x"] + box["width"] + 0.5, label.text_content()
        assert edge["height"] > 0
    page.screenshot(path=str(SHOTS / f"chart-360-{lang}.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_riichi_standings_fit_a_phone(base: str, browser: Browser, lang: str) -> None:
    """On a phone the points and uma give way (narrow columns hidden): place, player
    and total stay in sight."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_cookies([{"name": "mjref_lang", "value": lang, "url": base}])
    page = context.new_page()
    page.goto(f"{base}/t/rcr")
    expect(page.locator("#standings-state")).to_be_visible()
    assert page.locator("table.standings tbody tr").count() == 8
    assert int(page.evaluate("document.documentElement.scrollWidth")) <= 360
    table = page.locator("table.standings").bounding_box()
    assert table is not None
    assert table["x"] + table["width"] <= 360  # the total in sight, not cut off
    total = page.locator("table.standings tbody tr >> nth=0 >> td.num:not(.wide)")
    assert total.count() == 1  # the total: points and uma give way
    assert total.is_visible()
    page.screenshot(path=str(SHOTS / f"riichi-standings-360-{lang}.png"), full_page=True)
    context.close()

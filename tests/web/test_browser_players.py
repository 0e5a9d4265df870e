"""The players page at the registration desk in a real browser (issue 25; Playwright driving
Debian's Chromium), in English and in Hungarian, on a laptop (1280 px) and a phone
(360 px): the search filters as it is typed, with and without accents; *Check in* changes
its row in place (no reload: a flag set on the page survives, the scroll and the search
stay) and the log holds one check-in; the withdrawal is confirmed on a page of its own,
where a refusal comes back with what was typed. No page is wider than the screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mjref.players import PlayerId
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from tests.web.conftest import NOW, PASSWORD, Site
from tests.web.servers import app_server
from tests.web.test_browser import browser

pytestmark = pytest.mark.slow

from playwright.sync_api import Browser, Page  # noqa: E402

__all__ = ["browser"]  # the fixture, imported for pytest

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
RUNS = [(lang, width) for lang in ("en", "hu") for width in (1280, 360)]
LATE = [
    ("Élodie", "Roux", "FR", "Club Dragon"),
    ("Ödön", "Kovács", "HU", ""),
    ("Zoltán", "Sütő", "HU", ""),
]
"""Registered at the site's tournament, not checked in."""
LONG = 40
"""Players more, so that the page scrolls."""


@pytest.fixture
def served(site: Site) -> Iterator[tuple[str, Site, dict[str, int]]]:
    kw = {"actor": "setup", "now": NOW}
    numbers = {}
    for first, last, country, club in LATE:
        details = ts.player_details(first, last, country, "", club)
        numbers[first] = int(ts.add_player(site.log, "cup", details, **kw).player)
    for n in range(LONG):
        ts.add_player(site.log, "cup", ts.player_details("Extra", f"Walk-in {n:02d}", "GB"), **kw)
    with app_server(site.app) as base:
        yield base, site, numbers


def _page(browser: Browser, lang: str, width: int) -> Page:
    context = browser.new_context(
        locale={"en": "en-GB", "hu": "hu-HU"}[lang],
        viewport={"width": width, "height": 740 if width < 600 else 900},
    )
    return context.new_page()


def _log_in(page: Page, base: str, then: str) -> None:
    page.goto(f"{base}{then}")
    assert "/login?next=" in page.url
    page.fill("form[action='/login'] input[name=name]", "org")
    page.fill("form[action='/login'] input[name=password]", PASSWORD)
    page.click("form[action='/login'] button")
    page.wait_for_url(f"{base}{then}")


def _fits(page: Page, width: int, what: str) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{what} is {wide} px wide at {width} px"


def _shoot(page: Page, name: str, *, full: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def _shown(page: Page) -> list[str]:
    """The numbers of the rows shown."""
    return page.eval_on_selector_all(
        "table.players tbody tr", "rows => rows.filter(r => !r.hidden).map(r => r.dataset.number)"
    )


def _check_ins(site: Site, player: int) -> int:
    return sum(
        1
        for entry in site.log.read("cup")
        if isinstance(entry.event, ev.CheckedIn) and entry.event.player == player
    )


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("lang", "width"), RUNS)
def test_search_and_check_in_without_a_reload(
    served: tuple[str, Site, dict[str, int]], browser: Browser, lang: str, width: int
) -> None:
    base, site, numbers = served
    page = _page(browser, lang, width)
    _log_in(page, base, "/t/cup/admin/players")
    _fits(page, width, "the players page")
    buttons = page.locator("form.checkin button")
    assert buttons.count() == len(LATE) + LONG
    box = buttons.first.bounding_box()
    assert box is not None
    assert box["height"] >= 36  # big enough to tap
    page.evaluate("window.stillHere = true")  # gone if the page is loaded again
    search = page.locator("#find-player input[name=q]")
    search.type("elodie")  # filtered as it is typed, no accents needed
    assert _shown(page) == [str(numbers["Élodie"])]
    search.fill("")
    search.type("KOVÁCS")  # case aside, with its accent: Kovács, and Anna Kovacs (1)
    assert sorted(_shown(page), key=int) == sorted(["1", str(numbers["Ödön"])], key=int)
    search.fill("sutő")
    assert _shown(page) == [str(numbers["Zoltán"])]
    search.fill("nobody here")
    assert _shown(page) == []
    assert page.locator("#none-found").is_visible()
    search.fill("walk-in")
    assert len(_shown(page)) == LONG
    # Check in the last walk-in, far down the page: the row changes, nothing else.
    last = site.log.read("cup")[-1].event
    assert isinstance(last, ev.PlayerRegistered)
    player = int(last.player)
    row = page.locator(f"#p{player}")
    row.scroll_into_view_if_needed()
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    row.locator("form.checkin button").click()
    row.locator("form.checkin").wait_for(state="detached")
    assert row.locator("td.status").inner_text().strip() == page.locator(
        "table.players"
    ).get_attribute("data-checked-in")
    assert page.evaluate("window.stillHere") is True  # not reloaded
    assert search.input_value() == "walk-in"
    assert page.evaluate("window.scrollY") == scrolled
    assert "q=walk-in" in page.url  # the search is also in the address
    assert _check_ins(site, player) == 1
    assert ts.show_player(site.log, "cup", PlayerId(player)).checked_in
    _fits(page, width, "the players page after a check-in")
    _shoot(page, f"players-check-in-{lang}-{width}", full=False)  # the rows around it
    # Checked in meanwhile at another desk: the refusal beside the row, in the language.
    other = numbers["Élodie"]
    search.fill("elodie")
    ts.check_in(site.log, "cup", [PlayerId(other)], actor="desk 2", now=NOW)
    page.locator(f"#p{other} form.checkin button").click()
    problem = page.locator(f"#p{other} .row-problem")
    problem.wait_for(state="visible")
    assert str(other) in problem.inner_text()
    assert ("already" in problem.inner_text()) == (lang == "en")
    assert page.evaluate("window.stillHere") is True
    assert _check_ins(site, other) == 1
    # Without the script's help the search is the address's: the same rows.
    page.goto(f"{base}/t/cup/admin/players?q=elodie")
    assert _shown(page) == [str(other)]


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("lang", "width"), RUNS)
def test_a_withdrawal_is_confirmed_first(
    served: tuple[str, Site, dict[str, int]], browser: Browser, lang: str, width: int
) -> None:
    base, site, _ = served
    player = site.table(1, 1)[0]
    tr.record_result(
        site.log, "cup", session=1, table=1, scores=[1, -1, 0, 0], sticks=0, actor="org", now=NOW
    )
    page = _page(browser, lang, width)
    _log_in(page, base, "/t/cup/admin/players")
    page.locator(f"#p{player} a[href$='/withdraw']").click()
    page.wait_for_url(f"{base}/t/cup/admin/players/{player}/withdraw")
    view = ts.show_player(site.log, "cup", player)
    assert view.name in page.locator("main").inner_text()
    assert "MERS 2010 4.1.2" in page.locator("main").inner_text()
    _fits(page, width, "the withdrawal page")
    _shoot(page, f"players-withdraw-{lang}-{width}")
    # Session 1 is played: refused, on the same page, with what was typed.
    before = site.log.position("cup")
    page.fill("#withdraw input[name=session]", "1")
    page.check("#withdraw input[name=illness]")
    page.fill("#withdraw input[name=note]", "train strike")
    page.click("#withdraw button[type=submit]")
    page.wait_for_load_state()
    assert page.url == f"{base}/t/cup/admin/players/{player}/withdraw"
    assert page.locator("#withdraw .form-problem").is_visible()
    # beside the session field, which the core calls from-session (data-where)
    assert page.locator("#withdraw input[name=session]").get_attribute("aria-invalid") == "true"
    beside = "#withdraw label:has(input[name=session]) + .form-problem"
    assert page.locator(beside).is_visible()
    assert page.locator("#withdraw input[name=session]").input_value() == "1"
    assert page.locator("#withdraw input[name=note]").input_value() == "train strike"
    assert page.locator("#withdraw input[name=illness]").is_checked()
    assert site.log.position("cup") == before
    _fits(page, width, "the withdrawal page with a mistake")
    _shoot(page, f"players-withdraw-mistake-{lang}-{width}")
    page.fill("#withdraw input[name=session]", "2")
    page.click("#withdraw button[type=submit]")
    page.wait_for_url(f"{base}/t/cup/admin/players")
    assert ts.show_player(site.log, "cup", player).withdrawn_from == 2
    assert page.locator(f"#p{player} a[href$='/withdraw']").count() == 0
    # Cancel: back to the players, nothing recorded.
    other = site.table(1, 2)[0]
    page.goto(f"{base}/t/cup/admin/players/{other}/withdraw")
    before = site.log.position("cup")
    page.locator("#withdraw .actions a").click()
    page.wait_for_url(f"{base}/t/cup/admin/players#p{other}")
    assert site.log.position("cup") == before

"""Issue 25 in a real browser (Playwright driving Debian's Chromium), in English at desktop
width and in Hungarian at 360 px: the referee's form for an incident (a mistake shown
beside its field with what was typed, the ruling shown, then recorded), errors in place (a
scorer's wrong total, a failed import that keeps its text, an anonymous visitor sent to the
login and back), names (the seating search without accents, the door list surname first).
No page of these is wider than the screen. Screenshots go to test-artifacts/screenshots."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import NOW, PASSWORD, Site, scorer_links
from tests.web.test_browser import CHROMIUM, FLAGS, _free_port

pytestmark = pytest.mark.slow

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
RUNS = [("en", 1280, 900), ("hu", 360, 740)]
PEOPLE = [
    ("Élodie", "Roux", "FR"),
    ("Ödön", "Szabó", "HU"),
    ("Anna", "Csonka", "HU"),
    ("Piet", "Czerny", "NL"),
    ("Marco", "Olivetti", "IT"),
    ("Åsa", "Zorn", "DE"),
    ("Éric", "Ozanne", "FR"),
    ("Zoltán", "Sütő", "HU"),
]


@pytest.fixture
def served(site: Site) -> Iterator[tuple[str, Site]]:
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(site.log, "names", name="Names Cup", ruleset="mers-2010", sessions=1, **kw)
    for first, last, country in PEOPLE:
        details = ts.player_details(first, last, country)
        ts.add_player(site.log, "names", details, check_in=True, **kw)
    ts.publish_seating(site.log, "names", seed=3, **kw)
    accounts.grant(SqlAccounts(site.log.engine), "org", "names")
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


def _page(browser: Browser, lang: str, width: int, height: int) -> Page:
    context = browser.new_context(
        locale={"en": "en-GB", "hu": "hu-HU"}[lang], viewport={"width": width, "height": height}
    )
    return context.new_page()


def _fits(page: Page, width: int, what: str) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{what} is {wide} px wide at {width} px"


def _shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _log_in(page: Page, base: str, name: str, then: str) -> None:
    """Open an official's page as a visitor: the login comes first, then the page."""
    page.goto(f"{base}{then}")
    assert "/login?next=" in page.url
    page.fill("form[action='/login'] input[name=name]", name)
    page.fill("form[action='/login'] input[name=password]", PASSWORD)
    page.click("form[action='/login'] button")
    page.wait_for_url(f"{base}{then}")


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("lang", "width", "height"), RUNS)
def test_the_referees_incident_form(
    served: tuple[str, Site], browser: Browser, lang: str, width: int, height: int
) -> None:
    base, site = served
    page = _page(browser, lang, width, height)
    _log_in(page, base, "ref", "/t/cup/referee")
    with page.expect_navigation():  # choosing the incident shows its form
        page.select_option("#incident-choice", "late-arrival")
    minutes = page.locator("input[name='fact.minutes']")
    assert minutes.is_visible()
    assert page.locator("#help-minutes").inner_text().strip()  # the fact's help
    minutes.fill("abc")
    page.click("button[value=preview]")
    block = page.locator("#fact-minutes")
    assert block.locator(".problem").is_visible()  # the message beside the field
    assert page.locator("input[name='fact.minutes']").input_value() == "abc"  # still there
    _fits(page, width, "the referee's page with a mistake")
    page.fill("input[name='fact.minutes']", "12,5")
    page.click("button[value=preview]")
    assert page.locator(".ruling").is_visible()
    assert site.log.position("cup") == len(site.log.read("cup"))
    before = site.log.position("cup")
    _fits(page, width, "the referee's page with a ruling")
    _shoot(page, f"referee-incident-{lang}-{width}")
    page.click("button[value=record]")
    assert page.locator(".ruling .ok").is_visible()  # recorded, with its position
    assert site.log.position("cup") == before + 1


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("lang", "width", "height"), RUNS)
def test_errors_in_place(
    served: tuple[str, Site], browser: Browser, lang: str, width: int, height: int
) -> None:
    base, site = served
    # A scorer's wrong total: the message on the table's page, the numbers still typed.
    link = scorer_links(site.login("org"), 1)[0]
    scorer = _page(browser, lang, width, height)
    scorer.goto(f"{base}{link}")
    player = site.table(1, 1)[0]
    scorer.select_option("form#entry select[name=player]", str(player))
    scorer.fill("form#entry input[name=code]", site.code(player))
    for wind, value in zip(
        ("east", "south", "west", "north"), ("10", "10", "-10", "-5"), strict=True
    ):
        scorer.fill(f"form#entry input[name={wind}]", value)
    scorer.click("form#entry button[type=submit]")
    scorer.wait_for_selector("#refused:not([hidden])")
    assert scorer.locator("#refused").inner_text().strip()
    assert scorer.locator("form#entry input[name=west]").input_value() == "-10"
    _fits(scorer, width, "the scorer's page with a mistake")
    _shoot(scorer, f"scorer-mistake-{lang}-{width}")
    # A failed import keeps the file's text; the problem is shown on the same page.
    organiser = _page(browser, lang, width, height)
    _log_in(organiser, base, "org", "/t/cup/admin/players")
    text = "first_name,last_name,country\nIvo,Horvat,HR\n,X,HU\n"
    organiser.fill("#import textarea[name=text]", text)
    organiser.click("#import button[type=submit]")
    organiser.wait_for_load_state()
    assert organiser.locator("main .problem").first.is_visible()
    assert organiser.locator("#import textarea[name=text]").input_value() == text
    _fits(organiser, width, "the players page after a failed import")
    _shoot(organiser, f"import-mistake-{lang}-{width}")
    # A bad extra-time form: the clock page again, the message beside the table field.
    organiser.goto(f"{base}/t/cup/clock")
    extra = "form[action='/t/cup/clock/extra']"
    organiser.fill(f"{extra} input[name=table]", "77")
    organiser.fill(f"{extra} input[name=reason]", "slow table")
    organiser.click(f"{extra} button[type=submit]")
    organiser.wait_for_load_state()
    assert organiser.locator(f"{extra} .form-problem").is_visible()
    assert organiser.locator(f"{extra} input[name=reason]").input_value() == "slow table"
    assert organiser.locator(f"{extra} input[name=table]").input_value() == "77"


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("lang", "width", "height"), RUNS)
def test_names_as_people_write_them(
    served: tuple[str, Site], browser: Browser, lang: str, width: int, height: int
) -> None:
    base, _ = served
    public = _page(browser, lang, width, height)
    public.goto(f"{base}/t/names/seating?session=1")
    public.fill("input[name=q]", "elodie")
    public.press("input[name=q]", "Enter")
    public.wait_for_load_state()
    assert "Élodie Roux" in public.locator(".found").first.inner_text()
    _fits(public, width, "the seating search")
    organiser = _page(browser, lang, width, height)
    _log_in(organiser, base, "org", "/t/names/admin/seating")
    rows = organiser.locator("#by-player tbody tr td:first-child").all_inner_texts()
    names = [r.rsplit(" (", 1)[0] for r in rows]
    expected = {
        "en": ["Csonka, Anna", "Czerny, Piet", "Olivetti, Marco", "Ozanne, Éric"],
        "hu": ["Czerny, Piet", "Csonka, Anna", "Olivetti, Marco", "Ozanne, Éric"],
    }[lang]
    assert names[:4] == expected
    assert names[4:] == ["Roux, Élodie", "Sütő, Zoltán", "Szabó, Ödön", "Zorn, Åsa"]
    _shoot(organiser, f"door-list-{lang}-{width}")

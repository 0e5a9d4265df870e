"""Every page of the web app in Chromium (issue 25): each GET route of the app that answers
a page is walked as the one who uses it - the organiser, a referee, a table's scorer link,
the public - on a desk (1280 px) and on a phone (360 px), in English and in Hungarian
(whose words are long). No page is wider than the screen and none shows a raw message key
or is refused; the keyboard's focus shows a ring on each of a page's first stops, and on a
phone the administration's navigation is one row with the page one is on in view. A
screenshot of each page goes to ``test-artifacts/screenshots/pages/LANG/WIDTH/``
(git-ignored; CI keeps it): English at both widths, Hungarian on the phone.

The routes are read from the app itself: a route that is neither in :data:`PAGES` nor in
:data:`NOT_PAGES` fails the test, so a new page cannot be left out. One server, one
browser, one context per person and language, reused across the pages. This replaces the
earlier phone-width test, which measured the page modules' pages at 360 px only."""

from __future__ import annotations

import base64
import re
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from mjref.messages import registered_keys
from mjref.services import accounts
from mjref.services import seating_draw as draw
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as review
from mjref.store.accounts import SqlAccounts
from mjref.web.app import build
from mjref.web.settings import WebSettings
from tests.web.conftest import PASSWORD, Site, scorer_links
from tests.web.servers import app_server
from tests.web.test_browser import CHROMIUM, FLAGS

pytestmark = pytest.mark.slow

from playwright.sync_api import (  # noqa: E402
    BrowserContext,
    CDPSession,
    Page,
    ViewportSize,
    sync_playwright,
)

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots" / "pages"
WIDTHS = {"desktop": (1280, 800), "phone": (360, 740)}
DESK: ViewportSize = {"width": 1280, "height": 800}
LANGUAGES = {"en": "en-GB", "hu": "hu-HU"}

PAGES: dict[str, list[tuple[str, str]]] = {
    "/": [("public", "/")],
    "/login": [("public", "/login")],
    "/account/password": [("referee", "/account/password")],
    "/new": [("organiser", "/new")],
    "/s/{token}": [("scorer", "{scorer}")],
    "/s/{token}/riichi-hands": [("scorer", "{riichi_scorer}/riichi-hands")],
    "/t/{tid}": [("public", "/t/other")],
    "/t/{tid}/seating": [("public", "/t/cup/seating?session=1&q=anna")],
    "/t/{tid}/seating/draw": [("public", "/t/other/seating/draw")],
    "/t/{tid}/players/{number}": [("public", "/t/cup/players/1")],
    "/t/{tid}/screen": [("public", "/t/cup/screen")],
    "/t/{tid}/teams": [("public", "/t/cup/teams")],
    "/t/{tid}/admin": [("organiser", "/t/cup/admin")],
    "/t/{tid}/admin/codes": [("referee", "/t/cup/admin/codes")],
    "/t/{tid}/admin/results": [("referee", "/t/cup/admin/results?session=1")],
    "/t/{tid}/admin/hands": [("referee", "/t/cup/admin/hands?session=1&table=1")],
    "/t/{tid}/admin/riichi-hands": [("organiser", "/t/other/admin/riichi-hands?session=1&table=1")],
    "/t/{tid}/admin/log": [("referee", "/t/cup/admin/log")],
    "/t/{tid}/referee": [
        ("referee", "/t/cup/referee"),
        ("referee", "/t/cup/referee?incident=false-hu"),
    ],
    "/t/{tid}/referee/entries": [("referee", "/t/cup/referee/entries?entry={entry}")],
    "/t/{tid}/clock": [("referee", "/t/cup/clock")],
    "/t/{tid}/admin/ema": [("organiser", "/t/cup/admin/ema")],
    "/t/{tid}/admin/ema/observer": [("referee", "/t/cup/admin/ema/observer")],
    "/t/{tid}/admin/players": [("organiser", "/t/cup/admin/players")],
    "/t/{tid}/admin/players/{number}/edit": [("organiser", "/t/cup/admin/players/1/edit")],
    "/t/{tid}/admin/players/{number}/withdraw": [("organiser", "/t/cup/admin/players/1/withdraw")],
    "/t/{tid}/admin/seating": [("organiser", "/t/cup/admin/seating")],
    "/t/{tid}/admin/cards": [("organiser", "/t/cup/admin/cards?session=1")],
    "/t/{tid}/admin/referees": [("organiser", "/t/cup/admin/referees")],
    "/t/{tid}/admin/finals": [("organiser", "/t/cup/admin/finals")],
    "/t/{tid}/admin/teams": [("organiser", "/t/cup/admin/teams")],
    "/t/{tid}/admin/print": [("organiser", "/t/cup/admin/print")],
    "/t/{tid}/admin/print/cards": [("organiser", "/t/cup/admin/print/cards?session=1")],
    "/t/{tid}/admin/print/east": [("organiser", "/t/cup/admin/print/east?session=1")],
    "/t/{tid}/admin/print/sheets": [("organiser", "/t/cup/admin/print/sheets?session=1")],
    "/t/{tid}/admin/print/programmes": [("organiser", "/t/cup/admin/print/programmes")],
    "/t/{tid}/admin/print/door": [("organiser", "/t/cup/admin/print/door")],
}
"""Each page's route, and who opens it at which address (``{scorer}``: table 2's link of
session 1, where a proposal awaits; ``{riichi_scorer}``: table 1's of the riichi
tournament; ``{entry}``: the position of a recorded result)."""

NOT_PAGES = {
    "/docs": "the API's documentation (Swagger UI), not a page of mjref's own",
    "/openapi.json": "the API's schema",
    "/lang": "sets the language and sends back",
    "/t/{tid}/live": "server-sent events",
    "/t/{tid}/clock.json": "the screen's data",
    "/t/{tid}/players/{number}.ics": "a calendar file",
    "/t/{tid}/seating/draw.json": "the draw's record",
    "/t/{tid}/teams.csv": "a spreadsheet file",
    "/t/{tid}/admin/export/ema": "the EMA results file",
    "/t/{tid}/admin/export/html": "the static pages as a ZIP",
}
"""GET routes that answer no page; every ``/api/`` route is JSON too."""


def _routes(app: object) -> set[str]:
    """Every GET route of the app, the routers included."""

    def walk(routes: list[object]) -> Iterator[str]:
        for route in routes:
            included = getattr(route, "original_router", None)
            if included is not None:
                yield from walk(included.routes)
            elif "GET" in (getattr(route, "methods", None) or ()):
                yield str(route.path)  # type: ignore[attr-defined]

    return set(walk(app.routes))  # type: ignore[attr-defined]


def test_every_route_is_a_page_walked_or_said_not_to_be_one(tmp_path: Path) -> None:
    app, state = build(WebSettings(db=f"sqlite:///{tmp_path}/routes.db"))
    routes = {r for r in _routes(app) if not r.startswith("/api/")}
    state.log.close()
    assert len(routes) >= 40
    missing = routes - set(PAGES) - set(NOT_PAGES)
    assert missing == set(), f"routes with no screenshot entry (add them to PAGES): {missing}"
    assert set(PAGES) | set(NOT_PAGES) <= routes  # no entry for a route that is gone


def _prepare(site: Site) -> dict[str, str]:
    """What the pages need to show something: a result confirmed at table 1, a proposal
    awaiting confirmation at table 2, the riichi tournament seated and granted to the
    organiser. Answers the addresses' fill-ins."""
    now = datetime.now(UTC)
    kw: dict[str, Any] = {"actor": "setup", "now": now}
    recorded = tr.record_result(
        site.log, "cup", session=1, table=1, scores=[30, -10, -5, -15], **kw
    )
    proposer = site.table(1, 2)[0]
    review.propose_result(
        site.log,
        "cup",
        session=1,
        table=2,
        scores=[12, 4, -8, -8],
        **site.as_player(int(proposer)),
        **kw,
    )
    for n in range(1, 9):
        details = ts.player_details(f"Rin{n}", f"Kaze{n}", "JP" if n % 2 else "HU")
        ts.add_player(site.log, "other", details, check_in=True, **kw)
    seed, commitment = draw.new_seed()
    draw.commit_draw(site.log, "other", commitment, **kw)
    ts.publish_seating(site.log, "other", draw=seed, **kw)
    accounts.grant(SqlAccounts(site.log.engine), "org", "other", now=now)
    organiser = site.login("org")
    scorer = scorer_links(organiser, 1)[1]  # table 2: a proposal awaits, the form is open
    cards = organiser.get("/t/other/admin/cards?session=1").text
    riichi = re.findall(r'href="http://venue\.test(/s/[^"]+)"', cards)[0]
    return {"scorer": scorer, "riichi_scorer": riichi, "entry": str(recorded.seq)}


def _log_in(context: BrowserContext, base: str, name: str) -> None:
    page = context.new_page()
    page.goto(f"{base}/login")
    page.fill("form[action='/login'] input[name=name]", name)
    page.fill("form[action='/login'] input[name=password]", PASSWORD)
    page.click("form[action='/login'] button")
    page.wait_for_url(f"{base}/")
    page.close()


def _name(route: str, who: str, n: int) -> str:
    """The screenshot's file: the route (``t-admin-players-edit``), who and which entry."""
    slug = re.sub(r"[^a-z0-9]+", "-", route.replace("{tid}", "").replace("{number}", ""))
    slug = re.sub(r"-+", "-", slug).strip("-") or "home"
    return f"{slug}-{who}{f'-{n + 1}' if n else ''}.png"


FOCUS_STOPS = 12


def _shoot(cdp: CDPSession, path: Path, width: int, height: int) -> None:
    """The whole page as a PNG, through Chromium's own capture made for speed (about twice
    as fast as Playwright's full-page screenshot, which keeps the suite within its time)."""
    clip = {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}
    shot = cdp.send(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "optimizeForSpeed": True, "clip": clip},
    )
    path.write_bytes(base64.b64decode(shot["data"]))


def _navigation(tab: Page, url: str) -> dict[str, float]:
    """The administration's navigation on ``url``: its height and where the link of the
    page one is on stands."""
    tab.goto(url)
    found: dict[str, float] = tab.evaluate(
        "(() => { const nav = document.querySelector('nav.sub');"
        " const here = nav.querySelector('[aria-current]').getBoundingClientRect();"
        " return {height: nav.getBoundingClientRect().height,"
        " left: here.left, right: here.right}; })()"
    )
    return found


def _focus_rings(tab: Page, url: str) -> list[str]:
    """The outline of each element the keyboard reaches first on ``url`` (Tab), as
    ``style width``: what shows where the focus is."""
    tab.goto(url)
    rings = []
    for _ in range(FOCUS_STOPS):
        tab.keyboard.press("Tab")
        rings.append(
            tab.evaluate(
                "(() => { const s = getComputedStyle(document.activeElement);"
                " return s.outlineStyle + ' ' + s.outlineWidth + ' '"
                " + document.activeElement.tagName; })()"
            )
        )
    return rings


SEEN = (
    "[document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
    " document.body.innerText]"
)
"""What a visit reads of the page in one round trip: its width, its height and its text."""

KEY = re.compile(r"[a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+")


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
def test_every_page_at_both_widths_in_two_languages(site: Site) -> None:
    fill = _prepare(site)
    keys = set(registered_keys())
    visits = [
        (who, url.format(**fill), _name(route, who, n))
        for route, entries in PAGES.items()
        for n, (who, url) in enumerate(entries)
    ]
    shutil.rmtree(SHOTS, ignore_errors=True)
    wide: dict[str, int] = {}
    raw: dict[str, set[str]] = {}
    statuses: dict[str, int] = {}
    rings: list[str] = []
    nav: dict[str, float] = {}
    shots = 0
    with app_server(site.app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        for lang, locale in LANGUAGES.items():
            contexts: dict[str, BrowserContext] = {}
            for who in ("organiser", "referee", "scorer", "public"):
                context = browser.new_context(
                    locale=locale, viewport={"width": 1280, "height": 800}
                )
                context.add_cookies([{"name": "mjref_lang", "value": lang, "url": base}])
                if who in ("organiser", "referee"):
                    _log_in(context, base, {"organiser": "org", "referee": "ref"}[who])
                contexts[who] = context
            tabs = {who: context.new_page() for who, context in contexts.items()}
            shooters = {who: contexts[who].new_cdp_session(tab) for who, tab in tabs.items()}
            for kind, (width, height) in WIDTHS.items():
                folder = SHOTS / lang / kind
                folder.mkdir(parents=True, exist_ok=True)
                for tab in tabs.values():
                    tab.set_viewport_size({"width": width, "height": height})
                for who, url, name in visits:
                    tab = tabs[who]
                    answer = tab.goto(f"{base}{url}", wait_until="domcontentloaded")
                    assert answer is not None
                    seen = f"{lang} {kind} {who} {url}"
                    statuses[seen] = answer.status
                    measured, tall, text = tab.evaluate(SEEN)
                    if measured > width:
                        wide[seen] = measured
                    found = {k for k in KEY.findall(text) if k in keys}
                    if found:
                        raw[seen] = found
                    if lang == "en" or kind == "phone":  # Hungarian's long words: on a phone
                        _shoot(shooters[who], folder / name, width, tall)
                        shots += 1
            if lang == "en":  # the tabs are at phone width now
                nav = _navigation(tabs["organiser"], f"{base}/t/cup/admin/ema")
                rings = _focus_rings(tabs["organiser"], f"{base}/t/cup/admin/players")
            for context in contexts.values():
                context.close()
        browser.close()
    assert shots == len(visits) * 3
    # on a phone the administration's navigation is one row, the page one is on in view
    assert nav["height"] < 60, nav
    assert nav["left"] >= 0, nav
    assert nav["right"] <= WIDTHS["phone"][0], nav
    # each of the first stops of the keyboard (a link, a button, a field) shows a ring
    assert len(rings) == FOCUS_STOPS
    assert all(ring.startswith("solid ") for ring in rings), rings
    refused = {seen: status for seen, status in statuses.items() if status >= 400}
    assert refused == {}, refused
    assert wide == {}, f"wider than the screen: {wide}"
    assert raw == {}, f"raw message keys on the pages: {raw}"

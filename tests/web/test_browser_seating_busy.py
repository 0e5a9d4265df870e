"""Publishing a seating the plan library does not hold takes seconds: the form says so as
soon as it is sent and cannot be sent twice meanwhile; then the published seating shows.
In Chromium, in English at desktop width and in Italian at 360 px."""

from __future__ import annotations

import json
import time

import pytest

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from mjref.tournament.events import SeatingPublished
from tests.web.conftest import NOW, Site
from tests.web.test_browser_venue_day import _fits, _log_in, _shoot, browser, served

pytestmark = pytest.mark.slow

from playwright.sync_api import Browser, Route, expect  # noqa: E402

__all__ = ["browser", "served"]  # the fixtures, imported for pytest

WATCH = """() => {
  const form = document.querySelector("form[action='/t/busy/admin/seating']");
  form.addEventListener("submit", () => setTimeout(() => {
    const status = form.querySelector("[data-busy-status]");
    const button = form.querySelector("button[type=submit]");
    sessionStorage.setItem("seen-while-sending", JSON.stringify(
      {shown: !status.hidden, text: status.textContent, disabled: button.disabled}));
    form.requestSubmit();
  }, 50), {once: true});
}"""

BUSY = {
    "en": "Seating the players... A size the library of seat plans holds is seated at once",
    "it": "Assegnazione dei posti in corso...",
}


def _slow_network(route: Route) -> None:
    if route.request.method == "POST":
        time.sleep(1.0)
    route.continue_()


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1280, 900), ("it", 360, 740)])
def test_publishing_a_seating_shows_it_is_working_and_is_sent_once(
    served: tuple[str, Site], browser: Browser, lang: str, width: int, height: int
) -> None:
    base, site = served
    kw = {"actor": "setup", "now": NOW}
    # Eight players over two sessions: not a size the library holds; the generator runs.
    ts.create_tournament(site.log, "busy", name="Busy Cup", ruleset="mers-2010", sessions=2, **kw)
    for n in range(1, 9):
        ts.add_player(
            site.log, "busy", ts.player_details(f"P{n}", f"Q{n}", "HU"), check_in=True, **kw
        )
    accounts.grant(SqlAccounts(site.log.engine), "org", "busy")
    context = browser.new_context(
        locale={"en": "en-GB", "it": "it-IT"}[lang], viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.context.add_cookies([{"name": "mjref_lang", "value": lang, "url": base}])
    _log_in(page, base, "org", "/t/busy/admin/seating")
    form = page.locator("form[action='/t/busy/admin/seating']")
    expect(form.locator("[data-busy-status]")).to_be_hidden()
    page.fill("form[action='/t/busy/admin/seating'] input[name=seed]", "4711")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    # What the page shows while the answer is on its way (held a second, as on a slow
    # network, whatever the generator takes), noted in the page's storage, and a second
    # press meanwhile.
    page.evaluate(WATCH)
    page.route(f"{base}/t/busy/admin/seating", _slow_network)
    form.locator("button[type=submit]").click()
    expect(page.locator("table").first).to_be_visible(timeout=60_000)  # the answer
    seen = json.loads(page.evaluate("sessionStorage.getItem('seen-while-sending')"))
    assert seen["shown"] is True
    assert seen["text"].startswith(BUSY[lang])
    assert seen["disabled"] is True
    assert posts == [f"{base}/t/busy/admin/seating"]  # the second press sent nothing
    expect(page.locator("[data-busy-status]")).to_be_hidden()  # ready again
    _fits(page, width, "the seating page")
    _shoot(page, f"seating-published-{lang}-{width}")
    kind = SeatingPublished.KIND
    assert len(ts.read_log(site.log, "busy", kinds=[kind])) == 1

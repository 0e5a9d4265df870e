"""The organiser's teams page in a real browser (Playwright driving Debian's Chromium), in
English and in French, on a laptop (1280 px) and a phone (360 px): a team registered with
its members from the form, a member added and one removed, a player already in a team
refused with the message beside the form and nothing recorded, a hostile name shown as
text; the public team standings then list the registered team. No page is wider than the
screen, and the buttons are big enough to tap."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mjref.services import teams
from tests.web.conftest import Site
from tests.web.servers import app_server
from tests.web.test_browser import browser
from tests.web.test_browser_players import _fits, _log_in, _page, _shoot

pytestmark = pytest.mark.slow

from playwright.sync_api import Browser  # noqa: E402

__all__ = ["browser"]  # the fixture, imported for pytest

RUNS = [(lang, width) for lang in ("en", "fr") for width in (1280, 360)]
WORDS = {
    "en": ("The teams are the registered teams.", "already in team", "No team is registered"),
    "fr": ("Les équipes sont les équipes inscrites.", "déjà dans l'équipe", "Aucune équipe"),
}


@pytest.fixture
def served(site: Site) -> Iterator[tuple[str, Site]]:
    with app_server(site.app) as base:
        yield base, site


def _members(site: Site) -> dict[str, list[int]]:
    return {t.name: [int(p) for p, _ in t.members] for t in teams.list_teams(site.log, "cup").teams}


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("lang", "width"), RUNS)
def test_register_add_remove_and_a_refusal_in_place(
    served: tuple[str, Site], browser: Browser, lang: str, width: int
) -> None:
    base, site = served
    registered, refused, none = WORDS[lang]
    page = _page(browser, "en", width)
    page.context.add_cookies([{"name": "mjref_lang", "value": lang, "url": base}])
    _log_in(page, base, "/t/cup/admin/teams")
    assert none in page.locator("#teams-source").inner_text()
    _fits(page, width, "the empty teams page")
    form = page.locator("#new-team")
    form.locator("input[name=team]").fill("<script>x</script> Dragons")
    form.locator("input[name=members]").fill("1, 2 3")
    form.locator("button").click()
    page.wait_for_url(f"{base}/t/cup/admin/teams")
    assert _members(site) == {"<script>x</script> Dragons": [1, 2, 3]}
    assert registered in page.locator("#teams-source").inner_text()
    assert "<script>x</script> Dragons" in page.locator("section.team h3").inner_text()
    add = page.locator("form.add-member")
    add.locator("input[name=player]").fill("5")
    add.locator("button").click()
    page.wait_for_url(f"{base}/t/cup/admin/teams")
    remove = page.locator("ul.members form button").nth(1)  # player 2
    box = remove.bounding_box()
    assert box is not None
    assert box["height"] >= 36  # big enough to tap
    remove.click()
    page.wait_for_url(f"{base}/t/cup/admin/teams")
    assert _members(site) == {"<script>x</script> Dragons": [1, 3, 5]}
    _fits(page, width, "the teams page")
    _shoot(page, f"teams-admin-{lang}-{width}")
    before = len(site.log.read("cup"))
    form = page.locator("#new-team")
    form.locator("input[name=team]").fill("Winds")
    form.locator("input[name=members]").fill("4, 3")
    form.locator("button").click()
    problem = page.locator("#new-team .form-problem")
    problem.wait_for()
    assert refused in problem.inner_text()  # in the form that was sent
    assert form.locator("input[name=team]").input_value() == "Winds"  # kept as typed
    assert len(site.log.read("cup")) == before
    _fits(page, width, "the teams page with its error")
    page.goto(f"{base}/t/cup/teams")
    shown = page.locator("table.teams").inner_text()
    assert "<script>x</script> Dragons" in shown
    _fits(page, width, "the team standings")
    page.context.close()

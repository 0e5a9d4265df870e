"""The verifiable draw on the web (both databases): the organiser's commitment form and
the draw field of the seating form, the public draw page and its JSON, the API's."""

from __future__ import annotations

import html

from mjref.seating.draw import commitment_of
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from mjref.tournament import events as ev
from tests.web.conftest import NOW, PASSWORD, Site, post

SEED = "<b>drawn</b> & the seed of the Draw Open"
"""A seed with markup in it: the pages show it as text."""


def _open(site: Site) -> None:
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(site.log, "dopen", name="Draw Open", ruleset="mers-2010", sessions=4, **kw)
    for n in range(1, 17):
        details = ts.player_details(f"First{n}", f"Last{n}", "HU")
        ts.add_player(site.log, "dopen", details, check_in=True, **kw)
    accounts.add_user(
        SqlAccounts(site.log.engine),
        "dorg",
        PASSWORD,
        accounts.Role.ORGANISER,
        tournaments=("dopen",),
        now=NOW,
    )


def test_commit_draw_and_check_on_the_web(site: Site) -> None:
    _open(site)
    organiser = site.login("dorg")
    form = organiser.get("/t/dopen/admin/seating")
    assert 'action="/t/dopen/admin/seating/commit"' in form.text
    assert post(organiser, "/t/dopen/admin/seating/commit", commitment="12ab").status_code == 400
    committed = post(organiser, "/t/dopen/admin/seating/commit", commitment=commitment_of(SEED))
    assert committed.status_code == 303
    kinds = [r.event for r in site.log.read("dopen")]
    assert ev.DrawCommitted(commitment_of(SEED)) in kinds

    public = site.client()
    before = public.get("/t/dopen/seating/draw")
    assert before.status_code == 200
    assert commitment_of(SEED) in before.text
    assert "The seed is revealed when the seating is drawn." in before.text

    wrong = post(organiser, "/t/dopen/admin/seating", draw=SEED + "!")
    assert wrong.status_code == 400
    assert "does not match the commitment" in wrong.text
    assert post(organiser, "/t/dopen/admin/seating", draw=SEED).status_code == 303

    seating = public.get("/t/dopen/seating?session=1")
    assert 'href="/t/dopen/seating/draw"' in seating.text
    page = public.get("/t/dopen/seating/draw")
    assert html.escape(SEED, quote=False) in page.text
    assert "<b>drawn</b>" not in page.text
    assert "the seed matches the commitment" in page.text
    record = public.get("/t/dopen/seating/draw.json").json()
    assert record["seed"] == SEED
    assert record["verification"]["verified"] is True
    api = public.get("/api/tournaments/dopen/draw")
    assert api.status_code == 200
    assert api.json()["sessions"] == record["sessions"]


def test_a_tournament_without_a_draw_says_so(site: Site) -> None:
    public = site.client()
    seating = public.get("/t/cup/seating?session=1")
    assert "/t/cup/seating/draw" not in seating.text
    assert public.get("/t/cup/seating/draw").status_code == 404
    assert public.get("/t/cup/seating/draw.json").status_code == 404
    assert public.get("/api/tournaments/cup/draw").status_code == 404

"""Organiser-only pages, from the trust issue: a referee got 200 (with the forms) on the
players and seating pages and the exports. Every page of ``mjref.web.organiser`` is
either the organiser's only (each GET and POST a 403 for a referee of the tournament, and
nothing recorded) or one the officials share (``docs/web.md``, the role table)."""

from __future__ import annotations

import pytest
from fastapi.routing import APIRoute

from mjref.web import organiser
from tests.web.conftest import Site, post

PLAYER = {"first": "Ivo", "last": "Horvat", "country": "HR"}
ORGANISER_ONLY: list[tuple[str, str, dict[str, object]]] = [
    ("GET", "/t/cup/admin/players", {}),
    ("POST", "/t/cup/admin/players", PLAYER),
    ("POST", "/t/cup/admin/players/import", {"text": "Ivo,Horvat,HR"}),
    ("POST", "/t/cup/admin/players/1/checkin", {}),
    ("POST", "/t/cup/admin/players/checkin-all", {}),
    ("GET", "/t/cup/admin/players/1/edit", {}),
    ("POST", "/t/cup/admin/players/1/edit", PLAYER),
    ("GET", "/t/cup/admin/players/1/withdraw", {}),
    ("POST", "/t/cup/admin/players/1/withdraw", {"session": 2}),
    ("GET", "/t/cup/admin/seating", {}),
    ("POST", "/t/cup/admin/seating", {"seed": 2, "again": "true"}),
    ("POST", "/t/cup/admin/seating/commit", {"commitment": "ab" * 32}),
    ("GET", "/t/cup/admin/cards?session=1", {}),
    ("GET", "/t/cup/admin/export/ema", {}),
    ("GET", "/t/cup/admin/export/html", {}),
    ("GET", "/t/cup/admin/referees", {}),
    ("POST", "/t/cup/admin/referees", {"name": "newref"}),
    ("POST", "/t/cup/admin/referees/ref2/revoke", {}),
    ("GET", "/new", {}),
    ("POST", "/new", {"tid": "cup2", "name": "Cup 2", "ruleset": "mers-2010", "sessions": 2}),
]
OFFICIALS = [  # the organiser's module, open to the tournament's referees too
    ("GET", "/t/{tid}/admin"),
    ("GET", "/t/{tid}/admin/codes"),
    ("POST", "/t/{tid}/admin/codes/{number}"),
    ("GET", "/t/{tid}/admin/results"),
    ("POST", "/t/{tid}/admin/results"),
    ("POST", "/t/{tid}/admin/results/open"),
    ("POST", "/t/{tid}/admin/results/close"),
    ("GET", "/t/{tid}/admin/log"),
]


def _template(url: str) -> str:
    path = url.split("?")[0].replace("/t/cup", "/t/{tid}")
    for name in ("ref2",):
        path = path.replace(f"/{name}/", "/{name}/")
    return path.replace("/1/", "/{number}/").rstrip("/")


def test_every_page_of_the_organiser_module_is_classified() -> None:
    routes = {
        (method, r.path)
        for r in organiser.router.routes
        if isinstance(r, APIRoute)
        for method in r.methods
    }
    only = {(m, _template(u)) for m, u, _ in ORGANISER_ONLY}
    assert only | set(OFFICIALS) == routes
    assert not only & set(OFFICIALS)


def _send(client: object, method: str, url: str, data: dict[str, object]) -> int:
    if method == "GET":
        return int(client.get(url, follow_redirects=False).status_code)  # type: ignore[attr-defined]
    return int(post(client, url, **data).status_code)


def test_a_referee_is_refused_every_organiser_page(site: Site) -> None:
    referee = site.login("ref")
    before = len(site.log.read("cup"))
    for method, url, data in ORGANISER_ONLY:
        assert _send(referee, method, url, data) == 403, (method, url)
    assert len(site.log.read("cup")) == before  # nothing recorded
    assert "cup2" not in {tid for tid, _ in site.log.tournaments()}
    organiser = site.login("org")
    for method, url, data in ORGANISER_ONLY:
        assert _send(organiser, method, url, data) in (200, 303, 400), (method, url)


@pytest.mark.parametrize(("method", "path"), [o for o in OFFICIALS if o[0] == "GET"])
def test_the_officials_pages_stay_open_to_a_referee(site: Site, method: str, path: str) -> None:
    referee = site.login("ref")
    url = path.replace("{tid}", "cup")
    assert referee.get(url).status_code == 200, url


def test_a_referee_sees_no_link_to_the_organisers_pages(site: Site) -> None:
    dashboard = site.login("ref").get("/t/cup/admin").text
    for link in ("/admin/players", "/admin/seating", "/admin/referees", "/admin/export/"):
        assert link not in dashboard, link
    full = site.login("org").get("/t/cup/admin").text
    for link in ("/admin/players", "/admin/seating", "/admin/referees", "/admin/export/"):
        assert link in full, link

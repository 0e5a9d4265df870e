"""Pages with QR codes or links for phones warn when those point to this computer only
(the organiser browses on localhost and started the server without --public-url)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from mjref.web.app import create_app
from mjref.web.context import local_only
from mjref.web.settings import WebSettings
from tests.web.conftest import PASSWORD, Site, csrf

PAGES = ("/t/cup/admin", "/t/cup/admin/cards?session=1", "/t/cup/admin/print")


@pytest.mark.parametrize(
    ("base", "local"),
    [
        ("http://localhost:8000", True),
        ("http://127.0.0.1:8000", True),
        ("http://127.1.2.3", True),
        ("http://[::1]:8000", True),
        ("http://mjref.localhost", True),
        ("http://0.0.0.0:8000", True),
        ("http://192.168.1.20:8000", False),
        ("https://cup.example.org", False),
        ("http://venue.test", False),
    ],
)
def test_local_addresses(base: str, local: bool) -> None:
    assert local_only(base) is local


def _login_at(app: object, base: str, lang: str | None = None) -> TestClient:
    """The organiser logged in, browsing the server at ``base``."""
    client = TestClient(app, base_url=base)  # type: ignore[arg-type]
    if lang:
        client.cookies.set("mjref_lang", lang)
    client.get("/login")
    data = {"csrftoken": csrf(client), "name": "org", "password": PASSWORD}
    assert client.post("/login", data=data, follow_redirects=False).status_code == 303
    return client


def test_links_to_localhost_are_warned_about_with_the_option_to_use(site: Site) -> None:
    local = _login_at(site.app, "http://localhost:8000")
    for address in PAGES:
        html = local.get(address).text
        assert "point to http://localhost:8000, which only this computer can open" in html, address
        assert "--public-url" in html
    cards = local.get("/t/cup/admin/cards?session=1").text
    assert 'href="http://localhost:8000/s/' in cards  # the links themselves are unchanged
    at_the_venue = site.login("org")  # base http://venue.test
    for address in PAGES:
        assert "only this computer can open" not in at_the_venue.get(address).text


def test_a_public_url_silences_the_warning_and_fixes_the_links(site: Site) -> None:
    app = create_app(WebSettings(db=site.url, public_url="http://192.168.1.20:8000"))
    local = _login_at(app, "http://localhost:8000")
    cards = local.get("/t/cup/admin/cards?session=1").text
    app.web.log.close()  # type: ignore[attr-defined]
    assert "only this computer can open" not in cards
    assert 'href="http://192.168.1.20:8000/s/' in cards


def test_the_warning_in_italian(site: Site) -> None:
    local = _login_at(site.app, "http://127.0.0.1:8000", "it")
    html = local.get("/t/cup/admin/cards?session=1").text
    assert "che solo questo computer può aprire" in html

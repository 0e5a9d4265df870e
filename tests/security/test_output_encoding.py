"""Finding 2 of the trust issue: what a person typed - a tournament's name, a player's name
(added or imported from a CSV file), the notice on the venue screen, a pause's or extra
time's reason - is shown as text on every page, in the venue screen's data, the clock's
JSON and the static HTML export, never run; and every response carries the strict
Content-Security-Policy and the other security headers (``docs/security.md``)."""

from __future__ import annotations

import importlib
import io
import json
import pkgutil
import zipfile
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import httpx2
import pytest
from fastapi.routing import APIRoute, APIRouter
from fastapi.testclient import TestClient

import mjref.web
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from mjref.web import site as static
from mjref.web.headers import POLICY, script_hashes
from tests.web.conftest import NOW, Site, post
from tests.web.servers import thread_server

SCRIPT = "</script><script>alert(1)</script>"
TAG = '"><img src=x onerror=alert(1)>'
TEMPLATE = "{{7*7}}"
HOSTILE = f"{SCRIPT} {TAG} {TEMPLATE}"
"""Each hostile value at once: leaving a script element, leaving an attribute, and a
template expression (it must show as typed, not as 49)."""

NOTICE = f"Notice {HOSTILE}"
PAUSE = f"Pause {SCRIPT}"[:200]
EXTRA = f"Extra {TAG}"
HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}
SKIPPED = {"/t/{tid}/live"}  # a stream that never ends (its headers: test_headers_...)


def _hostile_tournament(site: Site) -> str:
    """``evil``: its name, four players added and four imported from a CSV file by the
    organiser, the notice, a pause's and an extra time's reason all hostile; session 1
    running (extra time) then paused."""
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(site.log, "evil", name=HOSTILE, ruleset="mers-2010", sessions=2, **kw)
    added = [
        (SCRIPT, TAG, TEMPLATE),
        (TAG, SCRIPT, ""),
        (TEMPLATE, TAG, SCRIPT),
        ("Ann", "Lee", ""),
    ]
    for first, last, club in added:
        details = ts.player_details(first, last, "HU", club=club)
        ts.add_player(site.log, "evil", details, check_in=True, **kw)
    accounts.grant(SqlAccounts(site.log.engine), "org", "evil")
    organiser = site.login("org")

    def cell(text: str) -> str:
        return '"' + text.replace('"', '""') + '"'

    rows = ["first_name,last_name,country,ema_number,club"]
    rows += [f"{cell(TAG)},{cell(SCRIPT)},IT,,{cell(TEMPLATE)}"] * 3 + ["Bo,Kim,FR,,"]
    imported = post(
        organiser, "/t/evil/admin/players/import", text="\n".join(rows), check_in="true"
    )
    assert imported.status_code in (200, 303), imported.text
    assert len(ts.list_players(site.log, "evil")) == 8
    ts.publish_seating(site.log, "evil", seed=1, **kw)
    for url, data in (
        ("/t/evil/clock/announce", {"text": NOTICE}),
        ("/t/evil/clock/start", {"session": 1, "minutes": 90}),
        ("/t/evil/clock/extra", {"session": 1, "table": 1, "minutes": 5, "reason": EXTRA}),
        ("/t/evil/clock/pause", {"session": 1, "reason": PAUSE}),
    ):
        done = post(organiser, url, **data)
        assert done.status_code == 303, (url, done.text)
    return "evil"


class _Tags(HTMLParser):
    """The elements of a page as a browser's parser sees them, and the text of its
    scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._open: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._open = dict(attrs)
            self.scripts.append((self._open, ""))

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = None


def _check_html(where: str, text: str) -> _Tags:
    """No hostile markup in ``text``, and nothing the strict policy would block: scripts
    are files (or JSON data), no inline style or event handler."""
    lowered = text.lower()
    assert "<script>alert" not in lowered, where
    assert "<img src=x" not in lowered, where
    parsed = _Tags()
    parsed.feed(text)
    for tag, attrs in parsed.tags:
        assert not (tag == "img" and attrs.get("src") == "x"), where
        handlers = [name for name in attrs if name.startswith("on")]
        assert handlers == [], (where, tag, handlers)
        assert "style" not in attrs, (where, tag)
        assert tag != "style", where
    for attrs, body in parsed.scripts:
        if attrs.get("type") == "application/json":
            json.loads(body)  # data, never run
            assert "<" not in body, where
        else:
            assert (attrs.get("src") or "").startswith("/static/"), (where, attrs)
            assert body.strip() == "", where
    return parsed


def _check_headers(where: str, response: Any, policy: str = POLICY) -> None:
    assert response.headers.get("content-security-policy") == policy, where
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, (where, name)


def _pages(site: Site, tid: str) -> list[str]:
    """Every GET address of the app (the routes of every router in ``mjref.web``), with
    the tournament, a player, a table's scorer link, a session, a table and a hostile
    search filled in."""
    paths: list[str] = []  # /docs has its own policy: tested below
    for module in pkgutil.iter_modules(mjref.web.__path__):
        router = getattr(importlib.import_module(f"mjref.web.{module.name}"), "router", None)
        if isinstance(router, APIRouter):
            paths += [
                route.path
                for route in router.routes
                if isinstance(route, APIRoute) and "GET" in (route.methods or ())
            ]
    token = site.app.web.scorer_token(tid, 1, 1)  # type: ignore[attr-defined]
    query = urlencode({"session": 1, "table": 1, "q": HOSTILE})
    found = []
    for path in paths:
        if path in SKIPPED:
            continue
        filled = path.format(tid=tid, number=1, token=token)
        assert "{" not in filled, f"a new path parameter to fill in: {path}"
        found.append(f"{filled}?{query}")
    return found


def test_hostile_text_is_shown_never_run_on_every_page(site: Site) -> None:
    tid = _hostile_tournament(site)
    organiser = site.login("org")
    public = site.client()
    pages = _pages(site, tid)
    assert len(pages) > 20
    shown = 0
    for url in pages:
        for who, client in (("organiser", organiser), ("public", public)):
            response = client.get(url, follow_redirects=False)
            where = f"{who} {url} {response.status_code}"
            assert response.status_code < 500, where
            _check_headers(where, response)
            kind = response.headers.get("content-type", "")
            if kind.startswith("text/html"):
                _check_html(where, response.text)
                shown += "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in response.text
            elif kind.startswith("application/json"):
                json.loads(response.text)
            else:  # a redirect or a download (CSV, ZIP)
                download = "attachment" in response.headers.get("content-disposition", "")
                assert download or response.status_code in (301, 302, 303, 307), where
    assert shown > 20  # the hostile names are on the pages, as text
    standings = public.get(f"/t/{tid}").text
    assert TEMPLATE in standings
    assert "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;" in standings


def test_the_venue_screen_and_its_clock_carry_the_notice_as_data(site: Site) -> None:
    tid = _hostile_tournament(site)
    client = site.client()
    screen = client.get(f"/t/{tid}/screen")
    assert screen.status_code == 200
    _check_headers("screen", screen)
    parsed = _check_html("screen", screen.text)
    data = {a.get("id"): json.loads(body) for a, body in parsed.scripts if a.get("id")}
    assert data["initial"]["announcement"] == NOTICE
    assert data["initial"]["tournament"] == HOSTILE
    (pause,) = data["initial"]["clock"]["pauses"]
    assert pause["reason"] == PAUSE
    assert "\\u003c/script\\u003e" in screen.text
    clock = client.get(f"/t/{tid}/clock.json")
    _check_headers("clock.json", clock)
    assert clock.headers["content-type"].startswith("application/json")
    assert "<" not in clock.text  # inert even if sniffed as HTML
    assert ">" not in clock.text
    document = clock.json()
    assert document["announcement"] == NOTICE
    assert [p["reason"] for p in document["clock"]["pauses"]] == [PAUSE]
    (table,) = document["clock"]["tables"]
    assert [g["reason"] for g in table["grants"]] == [EXTRA]
    controls = site.login("org").get(f"/t/{tid}/clock")
    reason = "Paused: Pause &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
    assert reason in controls.text  # the official's clock page says why, as text
    assert PAUSE not in controls.text


def test_the_static_export_escapes_names(site: Site) -> None:
    tid = _hostile_tournament(site)
    pages = static.site_pages(site.log, tid, "en")
    assert {"index.html", "seating/1.html", "players/1.html", "style.css"} <= set(pages)
    shown = 0
    for name, text in pages.items():
        if not name.endswith(".html"):
            continue
        parsed = _check_html(name, text)  # opened as files: no policy, and nothing to run
        assert parsed.scripts == [], name
        shown += "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert shown > 5
    assert TEMPLATE in pages["index.html"]
    assert "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;" in pages["index.html"]
    download = site.login("org").get(f"/t/{tid}/admin/export/html")
    assert download.status_code == 200
    _check_headers("export", download)
    with zipfile.ZipFile(io.BytesIO(download.content)) as archive:
        for name in archive.namelist():
            if name.endswith(".html"):
                parsed = _check_html(name, archive.read(name).decode("utf-8"))
                assert parsed.scripts == [], name


def test_headers_are_on_every_kind_of_response(site: Site) -> None:
    client = site.client()
    answers: dict[str, Any] = {
        "a page": client.get("/"),
        "a static file": client.get("/static/screen.js"),
        "the API": client.get("/api/tournaments"),
        "not found": client.get("/t/cup/nothing-here"),
        "a refusal": client.get("/t/cup/admin"),
        "the schema": client.get("/openapi.json"),
    }
    bare = TestClient(site.app, base_url="http://venue.test")
    bare.cookies.set("csrftoken", "forged")
    answers["the CSRF layer's refusal"] = bare.post("/login", data={"name": "x"})
    assert answers["the CSRF layer's refusal"].status_code == 403
    for where, response in answers.items():
        _check_headers(where, response)


@pytest.mark.slow  # a real server: the live stream never ends, the test client would wait
def test_headers_are_on_the_live_stream(site: Site) -> None:
    with (
        thread_server(site.url) as base,
        httpx2.stream("GET", f"{base}/t/cup/live", timeout=30) as stream,
    ):
        assert stream.status_code == 200
        _check_headers("the live stream", stream)


def test_the_api_documentation_has_its_own_policy_without_unsafe_inline_scripts(
    site: Site,
) -> None:
    docs = site.client().get("/docs")
    assert docs.status_code == 200
    policy = docs.headers["content-security-policy"]
    assert policy != POLICY
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    scripts = directives["script-src"].split()
    assert "'unsafe-inline'" not in scripts
    assert "'unsafe-eval'" not in scripts
    hashes = script_hashes(docs.text)
    assert hashes  # the page's own script, allowed by its hash
    assert all(h in scripts for h in hashes)
    assert directives["frame-ancestors"] == "'none'"
    for name, value in HEADERS.items():
        assert docs.headers[name] == value

"""Public pages ready for a reverse proxy or a CDN (issue 28): a strong ETag from the log
position and the language, a Cache-Control for live data, 304 on a conditional GET
without rendering; pages with an account's content or a CSRF token are never publicly
cacheable; static files are kept a day. Both databases."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime
from typing import Any

import pytest

from mjref.services import tournament_results as tr
from mjref.web import public
from mjref.web.fastpage import FastPages
from mjref.web.pagecache import (
    BUILD,
    LIVE,
    PRIVATE,
    KeptPage,
    PageCache,
    Positions,
    etag,
    matches,
)
from tests.web.conftest import Site

PUBLIC = ("/t/cup", "/t/cup/seating?session=1", "/t/cup/players/3", "/t/cup/clock.json")


def _record(site: Site) -> None:
    tr.record_totals(
        site.log,
        "cup",
        session=1,
        table=1,
        scores=[30, -10, -5, -15],
        actor="org",
        now=datetime.now(UTC),
    )


@pytest.mark.parametrize("address", PUBLIC)
def test_public_answers_carry_a_strong_etag_and_a_live_policy(site: Site, address: str) -> None:
    client = site.client()
    for _ in range(5):  # the clock's JSON changes tag every second: within one second
        first = client.get(address)
        assert first.status_code == 200
        tag = first.headers["etag"]
        again = client.get(address, headers={"if-none-match": tag})
        if again.status_code == 304 or not address.endswith("clock.json"):
            break
    assert tag.startswith(f'"{BUILD}.')
    assert not tag.startswith("W/")
    assert first.headers["cache-control"] == LIVE
    assert "Cookie" in first.headers["vary"]
    assert "Accept-Language" in first.headers["vary"]
    assert "set-cookie" not in first.headers
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == tag
    assert again.headers["cache-control"] == LIVE
    # Another tag (an older page) gets the whole page.
    other = client.get(address, headers={"if-none-match": '"older"'})
    assert other.status_code == 200
    assert other.content == first.content or address.endswith("clock.json")


def test_the_tag_follows_the_log_and_the_language(site: Site) -> None:
    client = site.client()
    before = client.get("/t/cup")
    assert before.headers["etag"] == etag(site.log.position("cup"), "en")
    french = site.client("fr").get("/t/cup")
    assert french.headers["etag"] == etag(site.log.position("cup"), "fr")
    assert french.content != before.content
    _record(site)  # this process appended: the next answer is read again at once
    after = client.get("/t/cup", headers={"if-none-match": before.headers["etag"]})
    assert after.status_code == 200
    assert after.headers["etag"] == etag(site.log.position("cup"), "en")
    assert after.headers["etag"] != before.headers["etag"]
    assert after.content != before.content


def _pages(site: Site) -> PageCache:
    layer = site.app.app  # type: ignore[attr-defined]
    assert isinstance(layer, FastPages)
    return layer.pages


@pytest.mark.parametrize("fresh", [0.0, 60.0])
def test_a_conditional_get_is_answered_without_rendering(
    site: Site, monkeypatch: pytest.MonkeyPatch, fresh: float
) -> None:
    """Through the route (positions read every time) and through the fast path (a
    position read a moment ago): a page is rendered once per log position."""
    pages = _pages(site)
    assert pages.positions is not None
    pages.positions.fresh = fresh
    built: list[str] = []
    original = public._standings

    def counted(request: Any, tid: str) -> Any:
        built.append(tid)
        return original(request, tid)

    monkeypatch.setattr(public, "_standings", counted)
    client = site.client()
    tag = client.get("/t/cup").headers["etag"]
    assert built == ["cup"]
    for _ in range(3):
        assert client.get("/t/cup", headers={"if-none-match": tag}).status_code == 304
        assert client.get("/t/cup").status_code == 200
    assert built == ["cup"]
    # A cookie that may be an account's takes the route (the session is read there): a
    # stranger's session cookie is no account, and the route answers 304 unrendered too.
    routed = site.client()
    routed.cookies.set("mjref_session", "not-a-session")
    assert routed.get("/t/cup", headers={"if-none-match": tag}).status_code == 304
    assert routed.get("/t/cup").headers["etag"] == tag
    assert built == ["cup"]
    _record(site)
    changed = client.get("/t/cup", headers={"if-none-match": tag})
    assert changed.status_code == 200
    assert built == ["cup", "cup"]


def test_pages_of_an_account_are_never_publicly_cached(site: Site) -> None:
    official = site.login("org")
    for address in (*PUBLIC[:3], "/t/cup/admin", "/t/cup/referee"):
        answer = official.get(address)
        assert answer.status_code == 200, address
        assert answer.headers["cache-control"] == PRIVATE, address
        assert "etag" not in answer.headers, address
        # The page the official saw never reaches an anonymous visitor.
    anonymous = site.client().get("/t/cup")
    assert "/logout" not in anonymous.text
    assert anonymous.headers["cache-control"] == LIVE


def test_forms_with_a_csrf_token_are_private(site: Site) -> None:
    client = site.client()
    login = client.get("/login")
    assert 'name="csrftoken"' in login.text
    assert login.headers["cache-control"] == PRIVATE
    assert "etag" not in login.headers


def test_errors_and_redirects_are_not_cached(site: Site) -> None:
    client = site.client()
    missing = client.get("/t/cup/players/999")
    assert missing.status_code == 400  # no such player
    assert missing.headers["cache-control"] == PRIVATE
    assert "etag" not in missing.headers
    moved = client.get("/lang?set=fr&next=/t/cup", follow_redirects=False)
    assert moved.status_code == 303
    assert moved.headers["cache-control"] == PRIVATE


def test_static_files_are_kept_a_day_with_their_own_tag(site: Site) -> None:
    client = site.client()
    style = client.get("/static/style.css")
    assert style.status_code == 200
    assert style.headers["cache-control"] == "public, max-age=86400"
    tag = style.headers["etag"]
    assert client.get("/static/style.css", headers={"if-none-match": tag}).status_code == 304


def test_positions_are_read_again_after_an_append_or_when_old(site: Site) -> None:
    moment = [0.0]
    positions = Positions(site.log, fresh=0.2, clock=lambda: moment[0])
    start = positions.get("cup")
    assert positions.known("cup") == start
    _record(site)
    assert positions.known("cup") is None  # this process appended
    assert positions.get("cup") == start + 1
    moment[0] = 0.3
    assert positions.known("cup") is None  # read too long ago
    assert positions.get("nowhere") == 0
    assert positions.known("nowhere") is None  # an unknown tournament is not remembered


def test_if_none_match_lists() -> None:
    assert matches('"x", W/"y"', '"y"')
    assert not matches('"x"', '"y"')
    assert not matches("", '"y"')


def test_the_page_before_is_answered_only_while_the_new_one_is_made() -> None:
    cache = PageCache()
    key = ("/t/cup", "", "en")
    old = KeptPage("cup", (7, None), b"page at 7", "text/html", etag(7, "en"))
    cache._keep(key, old)
    assert cache.previous(key, "cup", 8) is None  # nobody makes the new page: the route
    cache._building[key] = (threading.Lock(), 1)  # a request is making it
    assert cache.previous(key, "cup", 8) is old
    assert cache.previous(key, "other", 8) is None  # another tournament's address
    assert cache.previous(key, "cup", 6) is None  # never a page newer than asked for
    del cache._building[key]
    assert cache.previous(key, "cup", 8) is None


class _Known:
    """Log positions as :class:`Positions` gives them, without a database."""

    def __init__(self, position: int) -> None:
        self.position = position

    def known(self, tournament: str) -> int:
        return self.position

    def get(self, tournament: str) -> int:
        return self.position


def test_one_request_makes_a_page_while_the_others_get_the_one_before() -> None:
    """The fast path sends one request to the route for a page that is not current; the
    others asking meanwhile get the page before (or 304 for its tag) without reaching
    the app; once that request is answered, the next one goes to the route again (issue
    28: under a crowd, a page that changes every second sent every request of the moment
    through the whole app)."""
    cache = PageCache()
    cache.positions = _Known(8)  # type: ignore[assignment]
    key = ("/t/cup", "", "en")
    cache._keep(key, KeptPage("cup", (7, None), b"page at 7", "text/html", etag(7, "en")))
    answers: list[list[dict[str, Any]]] = []
    routed: list[int] = []

    async def run() -> None:
        release = asyncio.Event()

        async def app(scope: Any, receive: Any, send: Any) -> None:
            routed.append(1)
            await release.wait()
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"made"})

        fast = FastPages(app, cache)

        async def get(tag: str = "") -> list[dict[str, Any]]:
            sent: list[dict[str, Any]] = []

            async def send(message: Any) -> None:
                sent.append(message)

            async def receive() -> Any:
                return {"type": "http.request", "body": b""}

            headers = [(b"if-none-match", tag.encode())] if tag else []
            scope = {"type": "http", "method": "GET", "path": "/t/cup", "headers": headers}
            await fast(scope | {"query_string": b""}, receive, send)
            return sent

        first = asyncio.ensure_future(get())
        await asyncio.sleep(0)
        answers.extend([await get(), await get(etag(7, "en"))])
        assert len(routed) == 1
        release.set()
        answers.append(await first)
        # The route kept no new page: the page before is dropped, the next request
        # goes to the route.
        assert cache.kept(key) is None
        answers.append(await get())
        assert len(routed) == 2

    asyncio.run(run())
    before, not_modified, made, again = answers
    assert before[0]["status"] == 200
    assert before[1]["body"] == b"page at 7"
    assert (b"etag", etag(7, "en").encode()) in before[0]["headers"]
    assert not_modified[0]["status"] == 304
    assert made[1]["body"] == b"made" == again[1]["body"]
    assert (b"cache-control", PRIVATE.encode()) in made[0]["headers"]


def test_a_worker_warms_up_its_routes_before_its_first_visitor(site: Site) -> None:
    """Each worker asks its app for an address no route answers as it starts (FastAPI
    prepares each route at the first request matched against it: a stall for the first
    visitors under a crowd, issue 28); the app answers it 404 and logs nothing."""
    from mjref.web.app import WARM_UP_PATH, _warm_up, build
    from mjref.web.settings import WebSettings

    app, state = build(WebSettings(db=site.url))
    try:
        assert asyncio.run(_warm_up(app)) == 404
    finally:
        state.log.close()
    assert site.client().get(WARM_UP_PATH).status_code == 404

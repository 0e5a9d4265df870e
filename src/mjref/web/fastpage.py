"""The outer layer of the web app for speed and caches: public pages answered straight
from the page cache, and a ``Cache-Control`` on every answer (``docs/deploy.md``).

A ``GET`` from a visitor without a session cookie, for a page kept in the cache
(:mod:`mjref.web.pagecache`) and still current by the tournament's log position (read
at most every :data:`~mjref.web.pagecache.FRESH` seconds, in a thread, once for all the
requests waiting for it), is answered here: the same bytes, ``ETag``, ``Cache-Control``
and ``Vary`` the page's route gave when it made the page, or 304 when ``If-None-Match``
names the tag. No routing, no session and no CSRF token is used for it, and no thread
but for reading a position. Everything else goes on to the app (a page not kept, or not
current: its route makes it once per log position). A page kept but not current is
asked of the route by one request; until that one is answered (at most :data:`MAKING`
seconds), the others get the page before it here, without waiting: under a crowd a
page that shows the time (the clock's JSON, a new one every second) would otherwise
send every request of the moment through the whole app. If that request's answer kept
no new page, the page before is dropped.

An answer that says nothing of caching gets ``Cache-Control``: a day for the static
files (``/static``, ``/docs-assets``; they carry their own ``ETag``), else
``private, no-store`` (:data:`~mjref.web.pagecache.PRIVATE`: forms with their CSRF
token, officials' pages, errors, redirects)."""

from __future__ import annotations

import asyncio
import time

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mjref.web.context import language
from mjref.web.pagecache import (
    PRIVATE,
    KeptPage,
    PageCache,
    Positions,
    key_of,
    matches,
    public_headers,
    raw_headers,
)

STATIC = "public, max-age=86400"
"""The static files' (their addresses carry no version: a day, then checked again)."""
STATIC_PREFIXES = ("/static/", "/docs-assets/")
SESSION_COOKIE = b"mjref_session="
Making = tuple[tuple[str, ...], float, KeptPage]
"""A page's key, when a request went to make it anew, and the page kept before."""
MAKING = 5.0
"""Seconds the page before is answered while one request makes the new one; after that
another request goes to make it (the first may be stuck)."""


class FastPages:
    """The ASGI layer (see the module's description)."""

    def __init__(self, app: ASGIApp, pages: PageCache) -> None:
        self.app = app
        self.pages = pages
        self._reading: dict[str, asyncio.Future[int]] = {}
        self._making: dict[tuple[str, ...], Making] = {}
        """The pages a request of this process went to the route to make, with when it
        went and the page before (the mark is dropped when its answer is sent)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        making = None
        if scope["method"] == "GET":
            answered, making = await self._answered(scope, send)
            if answered:
                return
        path = str(scope.get("path", ""))
        default = STATIC if path.startswith(STATIC_PREFIXES) else PRIVATE

        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", default.encode("ascii")))
                    message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_policy)
        finally:
            if making is not None and self._making.get(making[0]) == making:
                del self._making[making[0]]
                # The route kept no new page (an error, a page not to share, a 304):
                # the page before is not served any longer.
                self.pages.drop(making[0], making[2])

    async def _answered(self, scope: Scope, send: Send) -> tuple[bool, Making | None]:
        """Answer from the cache if it can (see the module's description): (whether it
        did, the mark of the page this request goes to make, if it does)."""
        if_none_match = b""
        for name, value in scope.get("headers", ()):
            if name == b"cookie" and SESSION_COOKIE in value:
                return False, None  # perhaps an account: the route decides
            if name == b"if-none-match":
                if_none_match = value
        positions = self.pages.positions
        lang = language(Request(scope))
        key = key_of(scope, lang)
        entry = self.pages.kept(key)
        if entry is None or positions is None:
            return False, None
        position = positions.known(entry.tournament)
        if position is None:
            try:
                position = await self._read(positions, entry.tournament)
            except Exception:  # the database is away: the route answers (503)
                return False, None
        if not self.pages.current(key, entry, position, int(time.time())):
            making = self._making.get(key)
            started = time.monotonic()
            if making is None or started - making[1] > MAKING:
                # This request goes to the route, which makes the page; until it is
                # done, the others get the page before it here.
                self._making[key] = mark = (key, started, entry)
                return False, mark
            if entry.version[0] > position:
                return False, None
        if matches(if_none_match.decode("latin-1"), entry.tag):
            headers = [(k.encode(), v.encode()) for k, v in public_headers(entry.tag).items()]
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return True, None
        start = {"type": "http.response.start", "status": 200, "headers": list(raw_headers(entry))}
        await send(start)
        await send({"type": "http.response.body", "body": entry.body})
        return True, None

    async def _read(self, positions: Positions, tournament: str) -> int:
        """The tournament's log position read in a thread, once for every request that
        needs it at the same moment."""
        reading = self._reading.get(tournament)
        if reading is None:
            reading = asyncio.ensure_future(asyncio.to_thread(positions.get, tournament))
            self._reading[tournament] = reading
            reading.add_done_callback(lambda _: self._reading.pop(tournament, None))
        return await asyncio.shield(reading)

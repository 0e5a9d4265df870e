"""The outer layer of the web app for speed and caches: public pages answered straight
from the page cache, and a ``Cache-Control`` on every answer (``docs/deploy.md``).

A ``GET`` from a visitor without a session cookie, for a page kept in the cache
(:mod:`mjref.web.pagecache`) and still current by the tournament's log position (read
at most every :data:`~mjref.web.pagecache.FRESH` seconds, in a thread, once for all the
requests waiting for it), is answered here: the same bytes, ``ETag``, ``Cache-Control``
and ``Vary`` the page's route gave when it made the page, or 304 when ``If-None-Match``
names the tag. No routing, no session and no CSRF token is used for it, and no thread
but for reading a position. Everything else goes on to the app (a page not kept, or not
current: its route makes it once per log position; while it does, the page before it is
answered here).

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


class FastPages:
    """The ASGI layer (see the module's description)."""

    def __init__(self, app: ASGIApp, pages: PageCache) -> None:
        self.app = app
        self.pages = pages
        self._reading: dict[str, asyncio.Future[int]] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] == "GET" and await self._answered(scope, send):
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

        await self.app(scope, receive, send_with_policy)

    async def _answered(self, scope: Scope, send: Send) -> bool:
        """Answer from the cache if it can (see the module's description)."""
        if_none_match = b""
        for name, value in scope.get("headers", ()):
            if name == b"cookie" and SESSION_COOKIE in value:
                return False  # perhaps an account: the route decides
            if name == b"if-none-match":
                if_none_match = value
        positions = self.pages.positions
        lang = language(Request(scope))
        key = key_of(scope, lang)
        entry = self.pages.kept(key)
        if entry is None or positions is None:
            return False
        position = positions.known(entry.tournament)
        if position is None:
            try:
                position = await self._read(positions, entry.tournament)
            except Exception:  # the database is away: the route answers (503)
                return False
        if not self.pages.current(key, entry, position, int(time.time())):
            entry = self.pages.previous(key, entry.tournament, position)
            if entry is None:
                return False  # the route makes the page (one request makes it)
        if matches(if_none_match.decode("latin-1"), entry.tag):
            headers = [(k.encode(), v.encode()) for k, v in public_headers(entry.tag).items()]
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return True
        start = {"type": "http.response.start", "status": 200, "headers": list(raw_headers(entry))}
        await send(start)
        await send({"type": "http.response.body", "body": entry.body})
        return True

    async def _read(self, positions: Positions, tournament: str) -> int:
        """The tournament's log position read in a thread, once for every request that
        needs it at the same moment."""
        reading = self._reading.get(tournament)
        if reading is None:
            reading = asyncio.ensure_future(asyncio.to_thread(positions.get, tournament))
            self._reading[tournament] = reading
            reading.add_done_callback(lambda _: self._reading.pop(tournament, None))
        return await asyncio.shield(reading)

"""Public pages answered from memory while the tournament's log has not grown: a crowd of
phones and the projector asking for the same standings costs no fold and no render. Only
visitors without an account get cached pages (an account sees its own header); entries
are keyed by the address, the language and the log position. Only a page answered 200 is
kept (an error, a missing player, a bad address never is), and the cache is bounded by
:data:`MAX_ENTRIES` pages and :data:`MAX_BYTES` bytes, the least recently used going
first (``docs/security.md``). While one request makes a page anew (the log grew), the
others asking for it get the page made before (:meth:`PageCache.previous`).

Every public answer is ready for a reverse proxy or a CDN (``docs/deploy.md``): a strong
``ETag`` made of the log position, the language, the second (pages that show the time)
and the build of mjref's templates, so that it is known without rendering; a
``Cache-Control`` of :data:`LIVE`; ``Vary`` on the headers that choose the language and
the account. A request whose ``If-None-Match`` names the current tag is answered 304
without rendering. A page seen with an account is ``private, no-store``
(:data:`PRIVATE`): it never enters this cache or any shared one.

The log position is read at most every :data:`FRESH` seconds per tournament
(:class:`Positions`), at once after an append made by this process: another worker's
or the command line's appends show within that time."""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from importlib.metadata import PackageNotFoundError, version

from fastapi import Request
from fastapi.responses import Response
from starlette.types import Scope

from mjref.store import SqlEventLog
from mjref.web.context import SHARED, language, web

MAX_ENTRIES = 512
"""Pages kept at most: the standings, seatings and the player pages asked for most."""
MAX_BYTES = 32 * 1024 * 1024
"""Bytes of pages kept at most (a 1,000-player standings page is about 300 KB)."""
MAX_PAGE = MAX_BYTES // 8
"""A page larger than this is served but not kept."""
LIVE = "public, max-age=1"
"""A public page that changes with the log: a browser or a proxy may keep it a second,
then asks again with its ``ETag`` (the live pages' script always asks again)."""
PRIVATE = "private, no-store"
"""A page with an account's own content (or a form's CSRF token): no cache keeps it."""
VARY = "Accept-Language, Cookie"
"""What chooses a public page's language (and whether an account sees it)."""
FRESH = 0.2
"""Seconds a tournament's log position, once read, answers for it."""
MAX_WATCHED = 1024
"""Tournaments whose positions are remembered at most (an address naming a tournament
that does not exist is never remembered)."""


def _build() -> str:
    """A short hash of mjref's version and templates: a page made by another build of
    mjref never shares a tag with this one's."""
    digest = hashlib.sha256()
    try:
        digest.update(version("mjref").encode())
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        digest.update(b"source")
    folder = resources.files("mjref.web").joinpath("templates")
    for item in sorted(folder.iterdir(), key=lambda found: found.name):
        if item.is_file():
            digest.update(item.name.encode())
            digest.update(item.read_bytes())
    return digest.hexdigest()[:10]


BUILD = _build()


def etag(position: int, lang: str, second: int | None = None) -> str:
    """The strong tag of a public page at log ``position`` in ``lang`` (``second``: for
    a page that shows the time).

    >>> etag(42, "hu") == f'"{BUILD}.42.hu"', etag(42, "hu", 7) == f'"{BUILD}.42.hu.7"'
    (True, True)
    """
    tail = "" if second is None else f".{second}"
    return f'"{BUILD}.{position}.{lang}{tail}"'


def matches(if_none_match: str, tag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``tag`` (weakly compared, as RFC 9110
    13.1.2 asks for this header; ``*`` names any).

    >>> matches('W/"a", "b"', '"a"'), matches('"b"', '"a"'), matches("*", '"a"')
    (True, False, True)
    """
    for part in if_none_match[:2000].split(","):
        candidate = part.strip()
        if candidate == "*":
            return True
        if candidate.startswith("W/"):
            candidate = candidate[2:]
        if candidate == tag:
            return True
    return False


def public_headers(tag: str) -> dict[str, str]:
    return {"etag": tag, "cache-control": LIVE, "vary": VARY}


def key_of(scope: Scope, lang: str) -> tuple[str, str, str]:
    """A page's cache key: its path, its query and the visitor's language."""
    query = scope.get("query_string", b"")
    return (str(scope.get("path", "")), bytes(query).decode("latin-1"), lang)


class Positions:
    """Each tournament's log position as last read, trusted for :data:`FRESH` seconds
    unless this process appended to any log since (:attr:`SqlEventLog.appends`)."""

    def __init__(
        self, log: SqlEventLog, fresh: float = FRESH, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.log = log
        self.fresh = fresh
        self.clock = clock
        self._known: dict[str, tuple[int, float, int]] = {}

    def known(self, tournament: str) -> int | None:
        """The position if it was read recently enough (no database: for the event loop)."""
        found = self._known.get(tournament)
        if found is None:
            return None
        position, read_at, appends = found
        if appends != SqlEventLog.appends or self.clock() - read_at >= self.fresh:
            return None
        return position

    def get(self, tournament: str) -> int:
        """The position, read from the database unless :meth:`known`."""
        found = self.known(tournament)
        if found is not None:
            return found
        appends = SqlEventLog.appends  # before the read: an append meanwhile reads again
        read_at = self.clock()
        position = self.log.position(tournament)
        if position > 0:
            if len(self._known) >= MAX_WATCHED:
                self._known.clear()
            self._known[tournament] = (position, read_at, appends)
        return position


@dataclass(frozen=True, slots=True)
class KeptPage:
    """A kept page: what it was made from, and its answer."""

    tournament: str
    version: tuple[int, int | None]
    """The log position and the second (``None``: a page that does not show the time)."""
    body: bytes
    content_type: str
    tag: str


class PageCache:
    def __init__(self, size: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.size = size
        self.max_bytes = max_bytes
        self.positions: Positions | None = None
        """Set by the app (:func:`mjref.web.app.build`); a bare cache reads every time."""
        self._entries: OrderedDict[tuple[str, ...], KeptPage] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._building: dict[tuple[str, ...], tuple[threading.Lock, int]] = {}
        """A lock per address being built, with the number of requests holding or waiting
        for it: dropped when the last one is done, so no address outlives its request."""

    def usage(self) -> tuple[int, int, int]:
        """(pages kept, their bytes, addresses being built)."""
        with self._lock:
            return len(self._entries), self._bytes, len(self._building)

    def _position(self, request: Request, tournament: str) -> int:
        if self.positions is None:
            return web(request).log.position(tournament)
        return self.positions.get(tournament)

    def answer(
        self,
        request: Request,
        tournament: str,
        build: Callable[[], Response],
        *,
        per_second: bool = False,
    ) -> Response:
        """The cached page for this address, language and log position (and the second,
        ``per_second``: a page that shows the time), or ``build()`` kept for next time;
        304 when the visitor's ``If-None-Match`` names it."""
        if request.session.get("user") is not None:
            response = build()
            response.headers["cache-control"] = PRIVATE
            return response
        lang = language(request)
        key = key_of(request.scope, lang)
        second = int(time.time()) if per_second else None
        version = (self._position(request, tournament), second)
        tag = etag(version[0], lang, second)
        if matches(request.headers.get("if-none-match", ""), tag):
            return Response(status_code=304, headers=public_headers(tag))
        hit = self._hit(key, version)
        if hit is not None:
            return _response(hit)
        with self._lock:
            building, users = self._building.get(key, (threading.Lock(), 0))
            self._building[key] = (building, users + 1)
        try:
            if not building.acquire(blocking=False):
                # Another thread makes the new page: the one before it meanwhile.
                old = self.previous(key, tournament, version[0])
                if old is not None:
                    if matches(request.headers.get("if-none-match", ""), old.tag):
                        return Response(status_code=304, headers=public_headers(old.tag))
                    return _response(old)
                building.acquire()  # none kept: wait for the one being made
            try:
                hit = self._hit(key, version)
                if hit is not None:
                    return _response(hit)
                request.scope[SHARED] = True
                response = build()
                if response.status_code != 200 or "set-cookie" in response.headers:
                    response.headers["cache-control"] = PRIVATE
                    return response
                kind = response.headers.get("content-type", "")
                entry = KeptPage(tournament, version, bytes(response.body), kind, tag)
                self._keep(key, entry)
                return _response(entry)
            finally:
                building.release()
        finally:
            with self._lock:
                _, users = self._building[key]
                if users <= 1:
                    del self._building[key]
                else:
                    self._building[key] = (building, users - 1)

    def previous(self, key: tuple[str, ...], tournament: str, position: int) -> KeptPage | None:
        """The page kept for ``key`` from before ``position`` while the page at that
        position is being made (else ``None``): a crowd asking meanwhile gets the page of
        a moment ago at once, not a queue behind the one request that renders."""
        with self._lock:
            found = self._entries.get(key)
            if found is None or key not in self._building:
                return None
        if found.tournament != tournament or found.version[0] > position:
            return None
        return found

    def kept(self, key: tuple[str, ...]) -> KeptPage | None:
        """The page kept for ``key``, whatever its version (see :meth:`current`)."""
        with self._lock:
            return self._entries.get(key)

    def drop(self, key: tuple[str, ...], entry: KeptPage) -> None:
        """Forget ``entry`` if it is still the page kept for ``key`` (the fast path, when
        the request it sent to make the page did not keep a new one: the page before is
        then not served any longer)."""
        with self._lock:
            if self._entries.get(key) is entry:
                del self._entries[key]
                self._bytes -= len(entry.body)

    def current(self, key: tuple[str, ...], entry: KeptPage, position: int, second: int) -> bool:
        """Whether ``entry`` (kept for ``key``) is the page at ``position`` (and
        ``second``, for a page that shows the time); if so it becomes the most recently
        used. The fast path of :mod:`mjref.web.fastpage`."""
        stamp = None if entry.version[1] is None else second
        if entry.version != (position, stamp):
            return False
        with self._lock:
            if self._entries.get(key) is entry:
                self._entries.move_to_end(key)
        return True

    def _keep(self, key: tuple[str, ...], entry: KeptPage) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= len(old.body)
            if len(entry.body) > min(MAX_PAGE, self.max_bytes):
                return
            self._entries[key] = entry
            self._bytes += len(entry.body)
            while len(self._entries) > self.size or self._bytes > self.max_bytes:
                _, dropped = self._entries.popitem(last=False)
                self._bytes -= len(dropped.body)

    def _hit(self, key: tuple[str, ...], version: object) -> KeptPage | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None or found.version != version:
                return None
            self._entries.move_to_end(key)
            return found


def _response(entry: KeptPage) -> Response:
    headers = public_headers(entry.tag) | {"content-type": entry.content_type}
    return Response(entry.body, headers=headers)


def raw_headers(entry: KeptPage) -> Iterable[tuple[bytes, bytes]]:
    """The headers of a kept page's answer, for an ASGI ``http.response.start``."""
    yield b"content-type", entry.content_type.encode("latin-1")
    yield b"content-length", str(len(entry.body)).encode("ascii")
    for name, value in public_headers(entry.tag).items():
        yield name.encode("ascii"), value.encode("latin-1")

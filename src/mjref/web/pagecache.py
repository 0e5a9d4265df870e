"""Public pages answered from memory while the tournament's log has not grown: a crowd of
phones and the projector asking for the same standings costs one position query each,
not a fold and a render. Only visitors without an account get cached pages (an account
sees its own header); entries are keyed by the address, the language and the log
position. Only a page answered 200 is kept (an error, a missing player, a bad address
never is), and the cache is bounded by :data:`MAX_ENTRIES` pages and :data:`MAX_BYTES`
bytes, the least recently used going first (``docs/security.md``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from fastapi import Request
from fastapi.responses import Response

from mjref.web.context import language, web

MAX_ENTRIES = 512
"""Pages kept at most: the standings, seatings and the player pages asked for most."""
MAX_BYTES = 32 * 1024 * 1024
"""Bytes of pages kept at most (a 1,000-player standings page is about 300 KB)."""
MAX_PAGE = MAX_BYTES // 8
"""A page larger than this is served but not kept."""


class PageCache:
    def __init__(self, size: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.size = size
        self.max_bytes = max_bytes
        self._entries: OrderedDict[tuple[str, ...], tuple[object, bytes, str]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._building: dict[tuple[str, ...], tuple[threading.Lock, int]] = {}
        """A lock per address being built, with the number of requests holding or waiting
        for it: dropped when the last one is done, so no address outlives its request."""

    def usage(self) -> tuple[int, int, int]:
        """(pages kept, their bytes, addresses being built)."""
        with self._lock:
            return len(self._entries), self._bytes, len(self._building)

    def answer(
        self,
        request: Request,
        tournament: str,
        build: Callable[[], Response],
        *,
        stamp: object = None,
    ) -> Response:
        """The cached page for this address, language and log position (and ``stamp``:
        e.g. the second, for a page that shows the time), or ``build()`` kept for next
        time."""
        if request.session.get("user") is not None:
            return build()
        position = web(request).log.position(tournament)
        key = (request.url.path, request.url.query, language(request))
        version = (position, stamp)
        hit = self._hit(key, version)
        if hit is not None:
            return hit
        with self._lock:
            building, users = self._building.get(key, (threading.Lock(), 0))
            self._building[key] = (building, users + 1)
        try:
            with building:  # one thread builds a page; the others wait for it
                hit = self._hit(key, version)
                if hit is not None:
                    return hit
                response = build()
                if response.status_code == 200 and "set-cookie" not in response.headers:
                    self._keep(key, version, bytes(response.body), response.media_type or "")
                return response
        finally:
            with self._lock:
                _, users = self._building[key]
                if users <= 1:
                    del self._building[key]
                else:
                    self._building[key] = (building, users - 1)

    def _keep(self, key: tuple[str, ...], version: object, body: bytes, media: str) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= len(old[1])
            if len(body) > min(MAX_PAGE, self.max_bytes):
                return
            self._entries[key] = (version, body, media)
            self._bytes += len(body)
            while len(self._entries) > self.size or self._bytes > self.max_bytes:
                _, (_, dropped, _) = self._entries.popitem(last=False)
                self._bytes -= len(dropped)

    def _hit(self, key: tuple[str, ...], version: object) -> Response | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None or found[0] != version:
                return None
            self._entries.move_to_end(key)
            return Response(found[1], media_type=found[2])

"""Public pages answered from memory while the tournament's log has not grown: a crowd of
phones and the projector asking for the same standings costs one position query each,
not a fold and a render. Only visitors without an account get cached pages (an account
sees its own header); entries are keyed by the address, the language and the log
position, and the number kept is bounded."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from fastapi import Request
from fastapi.responses import Response

from mjref.web.context import language, web

MAX_ENTRIES = 512


class PageCache:
    def __init__(self, size: int = MAX_ENTRIES) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[str, ...], tuple[object, bytes, str]] = OrderedDict()
        self._lock = threading.Lock()
        self._building: dict[tuple[str, ...], threading.Lock] = {}

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
            building = self._building.setdefault(key, threading.Lock())
        with building:  # one thread builds a page; the others wait for it, not alongside
            hit = self._hit(key, version)
            if hit is not None:
                return hit
            response = build()
            if response.status_code == 200 and "set-cookie" not in response.headers:
                with self._lock:
                    body = bytes(response.body)
                    self._entries[key] = (version, body, response.media_type or "")
                    self._entries.move_to_end(key)
                    while len(self._entries) > self.size:
                        old, _ = self._entries.popitem(last=False)
                        self._building.pop(old, None)
        return response

    def _hit(self, key: tuple[str, ...], version: object) -> Response | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None or found[0] != version:
                return None
            self._entries.move_to_end(key)
            return Response(found[1], media_type=found[2])

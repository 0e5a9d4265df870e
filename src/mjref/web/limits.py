"""Request bodies capped and checked ahead of every layer that reads them: 413 for a body
over its cap, 400 for a form that cannot be read (``docs/web.md``, ``docs/security.md``).

The CSRF layer (asgi-csrf) reads a whole form body on the event loop before anything else
looks at it, so this layer comes first (only the security headers, which read no body,
wrap it). A request whose ``Content-Length`` is over the cap of its path is refused at
once, unread; a body without one (chunked) is counted as it is received and refused as
soon as it passes the cap. The answer is a short HTML page, or under ``/api/`` the JSON
error of the API (``{"error": {"key", "text"}}``), with ``Connection: close`` so that the
server stops reading the rest.

A ``multipart/form-data`` request without a valid boundary is refused with 400 (asgi-csrf
fails on it with a traceback). A form body the CSRF layer fails to read - a urlencoded body
that is not UTF-8, or any multipart body: asgi-csrf 0.11 cannot read one with
python-multipart 0.0.34, and no form of mjref is sent as multipart - is a 400 too, and so
is a request whose ``Cookie`` header is not UTF-8 (asgi-csrf decodes it): an error that
leaves the CSRF layer before any answer was started is that layer failing on the request
(the app's own errors are answered by FastAPI with a 500 page first).
"""

from __future__ import annotations

import html
import json
import logging
import re
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mjref.i18n import render
from mjref.messages import Message as Text
from mjref.web import _messages  # noqa: F401  (registers the wording)
from mjref.web.context import language

KIB = 1024
FORM_LIMIT = 64 * KIB
"""Every body but the players import: forms and JSON. The longest field of any form is
4,000 characters (at most 48 KB as a browser encodes it)."""
IMPORT_LIMIT = 2 * KIB * KIB
"""The players import (``/t/ID/admin/players/import``): the CSV text in a form. A full
tournament's file (1,000 players, :data:`mjref.tournament.roster.MAX_ROWS`) is about
50 KB, about 100 KB as the form sends it."""
MIRROR_LIMIT = 4 * KIB * KIB
"""A batch of a venue's events sent to its mirror (``/api/tournaments/ID/mirror/events``):
``mjref mirror push`` sends about 1 MiB at a time."""
_log = logging.getLogger(__name__)
_IMPORT_PATH = re.compile(r"/t/[^/]+/admin/players/import/?")
_MIRROR_PATH = re.compile(r"/api/tournaments/[^/]+/mirror/events/?")

_BCHARS = re.compile(r"[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]")
"""A multipart boundary (RFC 2046: 1 to 70 characters, not ending in a space)."""


def limit_for(path: str) -> int:
    """The most bytes of body a request to ``path`` may carry."""
    if _MIRROR_PATH.fullmatch(path):
        return MIRROR_LIMIT
    return IMPORT_LIMIT if _IMPORT_PATH.fullmatch(path) else FORM_LIMIT


def _size(limit: int) -> str:
    return f"{limit // (KIB * KIB)} MiB" if limit >= KIB * KIB else f"{limit // KIB} KiB"


def multipart_boundary(content_type: str) -> str | None:
    """The boundary of a ``multipart/form-data`` content type, or None when it has none
    or a malformed one."""
    for param in content_type.split(";")[1:]:
        name, _, value = param.partition("=")
        if name.strip().lower() == "boundary":
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            return value if _BCHARS.fullmatch(value) else None
    return None


class _TooLargeError(Exception):
    """The body passed its cap while it was being received."""


class BodyLimits:
    """The ASGI layer (see the module's description)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = limit_for(str(scope.get("path", "")))
        headers: list[tuple[bytes, bytes]] = list(scope.get("headers") or [])
        length = next((v for k, v in headers if k == b"content-length"), None)
        if length is not None and length.strip().isdigit() and int(length) > limit:
            await _refuse(scope, send, 413, Text("web.error.too-large", {"limit": _size(limit)}))
            return
        content_type = next((v for k, v in headers if k == b"content-type"), b"")
        kind = content_type.split(b";", 1)[0].strip().lower()
        form = kind in (b"multipart/form-data", b"application/x-www-form-urlencoded")
        boundary = multipart_boundary(content_type.decode("latin-1"))
        if kind == b"multipart/form-data" and boundary is None:
            await _refuse(scope, send, 400, Text("web.error.bad-multipart", {}))
            return

        received = 0
        too_large = False
        started = False

        async def counted() -> Message:
            nonlocal received, too_large
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    too_large = True
                    raise _TooLargeError
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if too_large and not started:
                return  # whatever the app answers to the error, the answer is 413
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLargeError:
            pass
        except Exception as error:
            if started:
                raise
            _log.info("a request the CSRF layer could not read: %r", error)
            key = "web.error.bad-body" if form else "web.error.refused"
            await _refuse(scope, send, 400, Text(key, {}))
            return
        if too_large and not started:
            await _refuse(scope, send, 413, Text("web.error.too-large", {"limit": _size(limit)}))


async def _refuse(scope: Scope, send: Send, status: int, message: Text) -> None:
    lang = language(Request(scope))
    text = render(message, lang)
    body: bytes
    if str(scope.get("path", "")).startswith("/api/"):
        body = json.dumps({"error": {"key": message.key, "text": text}}).encode()
        kind = b"application/json"
    else:
        page = f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>{status}</title>'
        page += f"<p>{html.escape(text)}</p></html>"
        body = page.encode()
        kind = b"text/html; charset=utf-8"
    headers: list[tuple[bytes, bytes]] = [
        (b"content-type", kind),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    start: dict[str, Any] = {"type": "http.response.start", "status": status, "headers": headers}
    await send(start)
    await send({"type": "http.response.body", "body": body})

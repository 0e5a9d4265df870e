"""The security headers on every response of the web app: a strict Content-Security-Policy,
no MIME sniffing, no framing and no referrer outside the site (``docs/security.md``).

>>> "script-src 'self';" in POLICY, "unsafe-inline" in POLICY
(True, False)
>>> page = "<script src='/x.js'></script><script>go()</script>"
>>> script_hashes(page)
["'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    )
)
"""Every page: scripts, styles and fetches from mjref itself only; no inline script, no
inline style, no event handler attribute (the pages' scripts are files in ``static/``)."""

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def script_hashes(page: str) -> list[str]:
    """The CSP sources (``'sha256-...'``) allowing exactly the inline scripts of ``page``."""
    found = []
    for body in _INLINE_SCRIPT.findall(page):
        digest = hashlib.sha256(body.encode("utf-8")).digest()
        found.append(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return found


def docs_policy(page: str) -> str:
    """The policy of the API's documentation page (FastAPI's Swagger UI, its files served
    by mjref from the installed package): it starts with one inline script, allowed by its
    hash (never ``'unsafe-inline'`` for scripts). Swagger UI sets inline styles, so styles
    are relaxed on this page only; it shows the OpenAPI schema, nothing a visitor typed."""
    scripts = " ".join(["'self'", *script_hashes(page)])
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src {scripts}",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        )
    )


class SecurityHeaders:
    """Pure ASGI middleware: sets the headers on every HTTP response start, whoever made
    the response (the pages, the API, static files, the CSRF layer's refusal)."""

    def __init__(self, app: ASGIApp, policies: Mapping[str, str] | None = None) -> None:
        self.app = app
        self.policies = dict(policies or {})  # exact path -> its own policy

    def headers(self, path: str) -> list[tuple[bytes, bytes]]:
        return [
            (b"content-security-policy", self.policies.get(path, POLICY).encode("latin-1")),
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            # Scorer links carry their secret token in the URL: never send it elsewhere.
            (b"referrer-policy", b"same-origin"),
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        ours = self.headers(str(scope.get("path", "")))
        names = {name for name, _ in ours}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in names
                ]
                message = {**message, "headers": kept + ours}
            await send(message)

        await self.app(scope, receive, send_with_headers)

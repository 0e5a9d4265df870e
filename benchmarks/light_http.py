"""A light HTTP/1.1 client for the load benchmarks: raw asyncio streams, one kept-alive
connection per simulated phone, no HTTP library per request (issue 28). It speaks what
the benchmarks need of mjref and Uvicorn: GET and form POST, ``Content-Length`` or
chunked bodies, cookies set by the server, ``Connection: close``, a GET sent again
once on a new connection when the server closed the kept-alive one without answering.

Not a general client: no TLS, no redirects followed, no proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlencode


class HttpError(Exception):
    """The connection failed or the answer could not be read."""


class Answer:
    __slots__ = ("body", "headers", "status")

    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


class Connection:
    """One kept-alive connection to ``host:port`` (opened again when the server closes
    it), with the cookies the server set on it."""

    def __init__(self, host: str, port: int, timeout: float = 30.0) -> None:
        self.host = host
        self.port = port
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
        self._reader = self._writer = None

    async def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return await self.request("GET", path, headers)

    async def post_form(self, path: str, fields: dict[str, str]) -> Answer:
        body = urlencode(fields).encode()
        kind = {"content-type": "application/x-www-form-urlencoded"}
        return await self.request("POST", path, kind, body)

    async def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b""
    ) -> Answer:
        reused = self._writer is not None
        try:
            return await asyncio.wait_for(self._exchange(method, path, headers, body), self.timeout)
        except asyncio.IncompleteReadError as error:
            await self.close()
            if not (reused and method == "GET" and not error.partial):
                raise HttpError(f"{type(error).__name__}: {error}") from None
        except (OSError, ValueError, TimeoutError) as error:
            await self.close()
            raise HttpError(f"{type(error).__name__}: {error}") from None
        # The server closed the kept-alive connection as the request went out (Uvicorn
        # closes one idle for 5 s): sent again on a new one, as browsers do for a GET
        # (RFC 9112 9.3.1).
        try:
            return await asyncio.wait_for(self._exchange(method, path, headers, body), self.timeout)
        except (OSError, asyncio.IncompleteReadError, ValueError, TimeoutError) as error:
            await self.close()
            raise HttpError(f"{type(error).__name__}: {error}") from None

    async def _exchange(
        self, method: str, path: str, headers: dict[str, str] | None, body: bytes
    ) -> Answer:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        assert self._reader is not None
        lines = [f"{method} {path} HTTP/1.1", f"host: {self.host}:{self.port}"]
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if self.cookies:
            lines.append("cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if body or method == "POST":
            lines.append(f"content-length: {len(body)}")
        self._writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        head = await self._reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        found: dict[str, str] = {}
        for line in header_lines:
            if not line:
                continue
            name, _, value = line.partition(":")
            name = name.strip().lower()
            value = value.strip()
            if name == "set-cookie":
                cookie, _, _ = value.partition(";")
                key, _, cookie_value = cookie.partition("=")
                self.cookies[key.strip()] = cookie_value.strip()
            found[name] = value
        content = await self._body(status, method, found)
        if found.get("connection", "").lower() == "close":
            await self.close()
        return Answer(status, found, content)

    async def _body(self, status: int, method: str, headers: dict[str, str]) -> bytes:
        assert self._reader is not None
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            return b""
        if "content-length" in headers:
            return await self._reader.readexactly(int(headers["content-length"]))
        if headers.get("transfer-encoding", "").lower() == "chunked":
            parts: list[bytes] = []
            while True:
                size = int((await self._reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await self._reader.readuntil(b"\r\n")
                    return b"".join(parts)
                parts.append(await self._reader.readexactly(size))
                await self._reader.readexactly(2)
        content = await self._reader.read()
        await self.close()
        return content

"""Finding 4 (and a multipart item of finding 5): request bodies are capped before the CSRF
layer reads them - 413 at once for a Content-Length over the cap, 413 as soon as a chunked
body passes it, a form just under the cap still works - and a form the CSRF layer cannot
read is a 400, never a 500. The real-server tests check that the server keeps answering."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.web.app import create_app
from mjref.web.limits import FORM_LIMIT, IMPORT_LIMIT, limit_for, multipart_boundary
from mjref.web.settings import WebSettings
from tests.databases import (  # noqa: F401  (fixtures)
    empty_database,
    fresh_pg_database,
    pg_database,
)
from tests.web.conftest import (  # noqa: F401  (site: a fixture)
    Site,
    _pg_site_template,
    csrf,
    site,
)
from tests.web.servers import thread_server

FORM = "application/x-www-form-urlencoded"
EIGHT_MB = 8 * 1024 * 1024


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("limits") / "web.db"
    app = create_app(WebSettings(db=f"sqlite:///{db}"))
    with TestClient(app, base_url="http://venue.test", raise_server_exceptions=False) as c:
        c.cookies.set("seen", "1")  # any cookie: the CSRF layer reads the body
        yield c
    app.web.log.close()


def _form(size: int) -> bytes:
    return b"a=" + b"x" * (size - 2)


def test_the_caps() -> None:
    assert limit_for("/login") == FORM_LIMIT == 64 * 1024
    assert limit_for("/api/tournaments/cup/results") == FORM_LIMIT
    assert limit_for("/t/cup/admin/players/import") == IMPORT_LIMIT == 2 * 1024 * 1024
    assert limit_for("/t/cup/admin/players/import/x") == FORM_LIMIT


def test_eight_megabytes_with_a_cookie_get_413_at_once(client: TestClient) -> None:
    start = time.monotonic()
    response = client.post("/login", content=_form(EIGHT_MB), headers={"content-type": FORM})
    assert response.status_code == 413
    assert time.monotonic() - start < 2
    assert response.headers["connection"] == "close"
    assert "64 KiB" in response.text
    assert response.headers["content-type"].startswith("text/html")


def test_an_api_call_over_the_cap_gets_the_api_error(client: TestClient) -> None:
    response = client.post(
        "/api/tournaments/cup/results",
        content=b"[" + b"0," * FORM_LIMIT + b"0]",
        headers={"content-type": "application/json", "accept-language": "fr"},
    )
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["key"] == "web.error.too-large"
    assert error["text"] == "La requête est trop volumineuse : 64 KiB au plus sont acceptés ici."


def test_a_chunked_body_over_the_cap_gets_413(client: TestClient) -> None:
    sent = 0

    def chunks() -> Iterator[bytes]:
        nonlocal sent
        yield b"a="
        for _ in range(EIGHT_MB // 4096):
            sent += 4096
            yield b"x" * 4096

    response = client.post("/login", content=chunks(), headers={"content-type": FORM})
    assert response.status_code == 413
    assert "content-length" not in response.request.headers  # really chunked


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    path=st.sampled_from(["/login", "/t/cup/admin/players/import"]),
    offset=st.integers(-64, 64),
    chunked=st.booleans(),
)
def test_the_cap_is_exact(client: TestClient, path: str, offset: int, chunked: bool) -> None:
    size = limit_for(path) + offset
    body = _form(size)
    content: bytes | Iterator[bytes] = body
    if chunked:
        content = iter([body[i : i + 16384] for i in range(0, len(body), 16384)])
    response = client.post(path, content=content, headers={"content-type": FORM})
    if size > limit_for(path):
        assert response.status_code == 413
    else:
        assert response.status_code == 403  # read whole by the CSRF layer: no token in it


def test_a_form_just_under_the_cap_still_works(site: Site) -> None:  # noqa: F811
    organiser = site.client()
    organiser.get("/login")
    fields = {"csrftoken": csrf(organiser), "name": "org", "password": "correct-horse"}
    body = "&".join(f"{k}={v}" for k, v in fields.items()) + "&pad="
    padded = body + "x" * (FORM_LIMIT - len(body))
    assert len(padded) == FORM_LIMIT
    response = organiser.post(
        "/login", content=padded, headers={"content-type": FORM}, follow_redirects=False
    )
    assert response.status_code == 303, response.text
    text = "first_name,last_name,country\nIvo,Horvat,HR\n"
    form = f"csrftoken={csrf(organiser)}&text={text.replace(',', '%2C').replace(chr(10), '%0A')}"
    form += "&pad1=" + "x" * 900_000 + "&pad2=" + "x" * 900_000 + "&pad3="  # 1 MiB a field
    big = form + "x" * (IMPORT_LIMIT - len(form))
    imported = organiser.post(
        "/t/cup/admin/players/import", content=big, headers={"content-type": FORM}
    )
    assert imported.status_code == 200, imported.text
    assert "1 players registered" in imported.text
    over = organiser.post(
        "/t/cup/admin/players/import", content=big + "x", headers={"content-type": FORM}
    )
    assert over.status_code == 413


@pytest.mark.parametrize(
    "content_type",
    [
        "multipart/form-data",
        "multipart/form-data; charset=utf-8",
        "multipart/form-data; boundary=",
        'multipart/form-data; boundary=""',
        "multipart/form-data; boundary=" + "b" * 71,
    ],
)
def test_multipart_without_a_boundary_is_a_400(client: TestClient, content_type: str) -> None:
    response = client.post("/login", content=b"--x\r\n", headers={"content-type": content_type})
    assert response.status_code == 400
    assert "boundary" in response.text
    api = client.post(
        "/api/tournaments/cup/results", content=b"x", headers={"content-type": content_type}
    )
    assert api.status_code == 400
    assert api.json()["error"]["key"] == "web.error.bad-multipart"


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("multipart/form-data; boundary=abc", b"garbage"),
        ("multipart/form-data;boundary=abc", b"--abc\r\n"),
        ('multipart/form-data; boundary="abc"', b"--abc--\r\n"),
        (FORM, b"csrftoken=%ff\xff"),
    ],
)
def test_a_form_the_csrf_layer_cannot_read_is_a_400(
    client: TestClient, content_type: str, body: bytes
) -> None:
    response = client.post("/login", content=body, headers={"content-type": content_type})
    assert response.status_code == 400
    assert "could not be read" in response.text


def test_a_cookie_that_is_not_utf8_is_a_400_not_a_500(client: TestClient) -> None:
    app: Any = client.app
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": "/",
        "raw_path": b"/",
        "query_string": b"",
        "headers": [(b"host", b"venue.test"), (b"cookie", b"a=\xe9\xff")],
        "scheme": "http",
        "server": ("venue.test", 80),
        "client": ("127.0.0.1", 1),
        "root_path": "",
        "http_version": "1.1",
        "asgi": {"version": "3.0"},
    }
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 400
    assert b"refused" in sent[1]["body"]


def test_the_boundary() -> None:
    assert multipart_boundary("multipart/form-data; boundary=----WebKitFormBoundaryX1") == (
        "----WebKitFormBoundaryX1"
    )
    assert multipart_boundary('multipart/form-data; BOUNDARY="a b"') == "a b"
    assert multipart_boundary("multipart/form-data; boundary=a\x00") is None
    assert multipart_boundary('multipart/form-data; boundary="ends "') is None
    assert multipart_boundary("multipart/form-data; boundary=" + "b" * 70) == "b" * 70


# A real server: the 413 comes before the body is read, and the server goes on answering.


def _raw(port: int, head: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(head.encode("latin-1"))
    return sock


def _status(sock: socket.socket) -> str:
    return sock.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")


@pytest.mark.slow
def test_a_real_server_refuses_eight_megabytes_and_keeps_answering(tmp_path: Path) -> None:
    with thread_server(f"sqlite:///{tmp_path}/web.db") as base:
        port = int(base.rsplit(":", 1)[1])
        start = time.monotonic()
        sock = _raw(
            port,
            "POST /login HTTP/1.1\r\nHost: venue\r\nCookie: csrftoken=x\r\n"
            f"Content-Type: {FORM}\r\nContent-Length: {EIGHT_MB}\r\n\r\n",
        )
        sock.sendall(b"a=" + b"x" * 65536)
        assert _status(sock) == "HTTP/1.1 413 Request Entity Too Large"
        assert time.monotonic() - start < 3
        sock.close()
        assert httpx.get(base + "/", timeout=5).status_code == 200

        # chunked, no Content-Length: sent until the server answers, meanwhile others answered
        sock = _raw(
            port,
            "POST /login HTTP/1.1\r\nHost: venue\r\nCookie: csrftoken=x\r\n"
            f"Content-Type: {FORM}\r\nTransfer-Encoding: chunked\r\n\r\n",
        )
        sent = 0
        stop = threading.Event()

        def trickle() -> None:
            nonlocal sent
            chunk = b"%x\r\n%s\r\n" % (4096, b"x" * 4096)
            try:
                while not stop.is_set() and sent < EIGHT_MB:
                    sock.sendall(chunk)
                    sent += 4096
                    if sent % (32 * 1024) == 0:
                        time.sleep(0.01)
            except OSError:
                pass  # the server closed the connection after its 413

        sender = threading.Thread(target=trickle, daemon=True)
        sender.start()
        assert httpx.get(base + "/", timeout=5).status_code == 200
        assert _status(sock) == "HTTP/1.1 413 Request Entity Too Large"
        stop.set()
        sender.join(timeout=10)
        assert sent < EIGHT_MB  # refused long before the end
        sock.close()
        answer = httpx.get(base + "/api/tournaments", timeout=5)
        assert answer.status_code == 200
        assert json.loads(answer.text) is not None

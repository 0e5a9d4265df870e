"""Real servers for the live tests: the app under Uvicorn in a thread of the test
process, or ``mjref serve`` as a process of its own (a second worker or machine)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
import uvicorn

from mjref.web.app import create_app
from mjref.web.settings import WebSettings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def app_server(app: object) -> Iterator[str]:
    """``app`` under Uvicorn in a thread of the test process, at the address yielded."""
    port = free_port()
    config = uvicorn.Config(
        app,  # type: ignore[arg-type]
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=10)


@contextmanager
def thread_server(db: str, export_dir: str = "") -> Iterator[str]:
    app = create_app(WebSettings(db=db, export_dir=export_dir))
    try:
        with app_server(app) as base:
            yield base
    finally:
        app.live.close()
        app.web.log.close()


@contextmanager
def process_server(db: str, cwd: Path) -> Iterator[str]:
    """``mjref serve`` in a process of its own."""
    port = free_port()
    mjref = str(Path(sys.executable).parent / "mjref")
    server = subprocess.Popen(
        [mjref, "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=cwd,
        env=dict(os.environ),
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(base + "/", timeout=5)
                break
            except httpx.TransportError:
                assert server.poll() is None, "the server stopped"
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.3)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


def next_event(lines: Iterator[str], timeout: float) -> tuple[str, str]:
    """The next server-sent event (name, data) from a stream's lines."""
    name, data = "message", ""
    deadline = time.monotonic() + timeout
    for line in lines:
        assert time.monotonic() < deadline, "no event in time"
        if line.startswith("event:"):
            name = line.split(":", 1)[1].strip()
        elif line.startswith("data:"):
            data = line.split(":", 1)[1].strip()
        elif line == "" and data:
            return name, data
    raise AssertionError("the stream ended")

"""``mjref users`` (accounts of the web app) and ``mjref serve`` started for real: the demo
event is served, the printed organiser login works."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx
import pytest

from tests.cli.test_tournament_mcr_e2e import Cli

pytestmark = pytest.mark.slow  # real servers (and a browser): make test-fast skips them


def test_users_are_added_listed_granted_and_given_tokens(tmp_path: Path) -> None:
    mj = Cli(f"sqlite:///{tmp_path}/u.db", "cup")
    for tid in ("cup", "open-2027"):
        mj("tournament", "new", tid, "--name", tid, "-r", "mers-2010", "--sessions", "2")
    made = mj.json("users", "add", "alice", "--role", "referee", "-t", "cup")
    assert made["role"] == "referee"  # type: ignore[index]
    assert len(made["password"]) >= 8  # type: ignore[index]
    assert "password (shown once)" in mj("users", "add", "bob").stdout
    assert mj.json("users", "grant", "bob", "open-2027")["tournaments"] == ["open-2027"]  # type: ignore[index]
    assert mj.json("users", "list") == [
        {"name": "alice", "role": "referee", "tournaments": ["cup"], "disabled": False},
        {"name": "bob", "role": "organiser", "tournaments": ["open-2027"], "disabled": False},
    ]
    assert "no tournament 'open-2028'" in mj("users", "grant", "bob", "open-2028", code=2).stderr
    assert mj.json("users", "token", "bob")["token"].startswith("mjref_")  # type: ignore[index]
    taken = mj("users", "add", "alice", code=2)
    assert taken.stderr.startswith("error: name: there is already an account called 'alice'")
    assert "not an account name" in mj("users", "add", "no spaces", code=2).stderr
    assert "not a role" in mj("users", "add", "carol", "--role", "king", code=2).stderr
    short = mj("users", "add", "dave", "--password", "short", "--lang", "it", code=2)
    assert "una password ha da 8 a 200 caratteri" in short.stderr
    assert "no account called" in mj("users", "token", "nobody", code=2).stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_demo_serves_the_demo_event_and_its_login(tmp_path: Path) -> None:
    port = _free_port()
    env = {**os.environ, "MJREF_DB": str(tmp_path / "ignored.db")}
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "mjref"), "serve", "--demo", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(3)]
        login = re.search(r"name (\S+), password (\S+)", "".join(lines))
        assert login, lines
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                home = httpx.get(base + "/", timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.3)
        assert "mjref Demo Open" in home.text
        with httpx.Client(base_url=base) as browser:
            browser.get("/login")
            signed_in = browser.post(
                "/login",
                data={
                    "csrftoken": browser.cookies["csrftoken"],
                    "name": login.group(1),
                    "password": login.group(2),
                },
            )
            assert signed_in.status_code == 303
            assert browser.get("/t/demo-open/admin").status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
        if server.stdout:
            server.stdout.close()

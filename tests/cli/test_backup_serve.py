"""``mjref serve --backup-dir`` started for real with two workers: the first backup is
taken at once into the folder, with the installation secret sealed inside, and the
organiser's dashboard (served by the worker processes) shows it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx
import pytest

from mjref.store.restore import check_backup, restore
from tests.cli.test_serve_cli import _free_port

pytestmark = pytest.mark.slow  # a real server

PASSPHRASE = "the venue's passphrase"


def test_serve_takes_backups_and_the_dashboard_shows_them(tmp_path: Path) -> None:
    port = _free_port()
    usb = tmp_path / "usb"
    usb.mkdir()
    phrase = tmp_path / "phrase"
    phrase.write_text(PASSPHRASE + "\n")
    db = tmp_path / "demo.db"
    command = [str(Path(sys.executable).parent / "mjref"), "serve", "--demo", "--db", str(db)]
    command += ["--port", str(port), "--workers", "2", "--backup-dir", str(usb)]
    command += ["--backup-every", "60", "--backup-keep", "3"]
    command += ["--backup-passphrase-file", str(phrase)]
    env = {k: v for k, v in os.environ.items() if k not in ("MJREF_SECRET", "MJREF_DB")}
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(4)]  # 3 on stdout, 1 note
        login = re.search(r"name (\S+), password (\S+)", "".join(lines))
        assert login, lines
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while not list(usb.iterdir()) or not _up(base):
            assert time.monotonic() < deadline, "no server or no backup"
            time.sleep(0.3)
        (made,) = list(usb.iterdir())
        assert re.fullmatch(r"mjref-\d{8}-\d{6}\.db", made.name)
        with httpx.Client(base_url=base) as browser:
            browser.get("/login")
            browser.post(
                "/login",
                data={
                    "csrftoken": browser.cookies["csrftoken"],
                    "name": login.group(1),
                    "password": login.group(2),
                },
            )
            for _ in range(4):  # whichever worker answers
                page = browser.get("/t/demo-open/admin").text
                section = page[page.index('<section id="backups">') :]
                assert f"{made.name} in {usb}" in section
    finally:
        server.terminate()
        server.wait(timeout=30)
        if server.stdout:
            server.stdout.close()
    report = check_backup(made)
    assert report.sealed is not None
    assert report.tournaments[0].tournament == "demo-open"
    restored = restore(made, str(tmp_path / "again.db"), passphrase=PASSPHRASE)
    assert restored.secret_path is not None
    assert Path(restored.secret_path).read_text() == Path(f"{db}.secret").read_text()


def _up(base: str) -> bool:
    try:
        return httpx.get(base + "/", timeout=5).status_code == 200
    except httpx.TransportError:
        return False

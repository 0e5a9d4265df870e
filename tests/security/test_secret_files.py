"""The installation's secret lives outside the event database - a file of mode 0600
beside a SQLite database, or ``MJREF_SECRET`` - and a new SQLite database is made with mode
0600 (its -wal and -shm too). A database made before keeps its printed table links and
players' codes: its stored secret is moved to the file once and deleted from the table."""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.services import player_codes
from mjref.services import tournament as ts
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.store.secret import installation_secret
from mjref.web.app import create_app
from mjref.web.context import Web
from mjref.web.settings import WebSettings
from tests.cli.test_tournament_mcr_e2e import Cli

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
OLD = "an-old-secret-stored-in-clear-by-an-earlier-mjref-0123456789"


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def no_secret_variables(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("MJREF_SECRET", raising=False)
    monkeypatch.delenv("MJREF_SECRET_FILE", raising=False)
    old = os.umask(0o022)  # the usual: files readable by everyone unless said otherwise
    yield
    os.umask(old)


def _stored_rows(path: Path) -> list[tuple[str]]:
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT key FROM web_settings").fetchall()


def test_a_new_sqlite_database_and_its_secret_are_private(tmp_path: Path) -> None:
    path = tmp_path / "open.db"
    mj = Cli(f"sqlite:///{path}", "cup")
    mj("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "1")
    mj("players", "add", "--first", "Ann", "--last", "Lee", "--country", "FR")
    mj("players", "codes")  # the codes need the secret
    secret = tmp_path / "open.db.secret"
    assert _mode(path) == 0o600
    assert _mode(secret) == 0o600
    log = SqlEventLog.open(str(path))
    try:
        with log.engine.connect() as connection:  # the companions are there while open
            connection.execute(text("SELECT count(*) FROM events")).all()
            for companion in ("open.db-wal", "open.db-shm"):
                if (tmp_path / companion).exists():
                    assert _mode(tmp_path / companion) == 0o600, companion
        app = create_app(WebSettings(db=str(path)))
        assert app.web.secret == secret.read_text().strip()
        app.web.log.close()
    finally:
        log.close()
    assert _stored_rows(path) == []  # nothing of the secret in the database
    assert len(secret.read_text().strip()) >= 32
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".open.db.secret")]


def test_links_and_codes_made_before_the_move_still_verify(tmp_path: Path) -> None:
    path = tmp_path / "before.db"
    log = SqlEventLog.open(str(path))
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(log, "cup", name="Cup", ruleset="mers-2010", sessions=1, **kw)
    for n in range(4):
        ts.add_player(log, "cup", ts.player_details(f"F{n}", f"L{n}", "FR"), check_in=True, **kw)
    ts.publish_seating(log, "cup", seed=1, **kw)
    with log.engine.begin() as connection:  # what an earlier mjref stored
        connection.execute(
            text("INSERT INTO web_settings (key, value) VALUES ('secret', :v)"), {"v": OLD}
        )
    printed = Web(WebSettings(db=str(path)), log, SqlAccounts(log.engine), OLD).scorer_token(
        "cup", 1, 1
    )
    code = player_codes.player_codes(log, "cup", OLD, PlayerId(1))[0].code
    log.close()

    app = create_app(WebSettings(db=str(path)))
    try:
        assert app.web.secret == OLD
        answer = TestClient(app, base_url="http://venue.test").get(f"/s/{printed}")
        assert answer.status_code == 200, answer.text
        moved = tmp_path / "before.db.secret"
        assert moved.read_text().strip() == OLD
        assert _mode(moved) == 0o600
        assert _stored_rows(path) == []
        again = installation_secret(app.web.log.engine)  # a second opening reads the file
        assert again == OLD
        assert player_codes.player_codes(app.web.log, "cup", again, PlayerId(1))[0].code == code
    finally:
        app.web.log.close()


def test_the_environment_wins_and_must_be_long_enough(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "env.db"
    log = SqlEventLog.open(str(path))
    try:
        monkeypatch.setenv("MJREF_SECRET", "x" * 40)
        assert installation_secret(log.engine) == "x" * 40
        assert not (tmp_path / "env.db.secret").exists()
        monkeypatch.setenv("MJREF_SECRET", "short")
        with pytest.raises(InputError) as short:
            installation_secret(log.engine)
        assert short.value.message.key == "store.secret-short"
    finally:
        log.close()
    result = Cli(f"sqlite:///{path}", "cup")("serve", code=2)
    assert result.stderr.startswith("error: MJREF_SECRET: ")
    assert result.stderr.count("\n") == 1


def test_postgresql_needs_a_secret_of_its_own(
    fresh_pg_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = SqlEventLog.open(fresh_pg_database)
    try:
        with log.engine.begin() as connection:
            connection.execute(
                text("INSERT INTO web_settings (key, value) VALUES ('secret', :v)"), {"v": OLD}
            )
        with pytest.raises(InputError) as needed:
            installation_secret(log.engine)
        assert needed.value.message.key == "store.secret-needed"
        refused = Cli(fresh_pg_database, "cup")("serve", code=2)
        assert "MJREF_SECRET" in refused.stderr
        assert refused.stderr.count("\n") == 1
        # MJREF_SECRET_FILE: the stored secret is moved there (links stay valid).
        monkeypatch.setenv("MJREF_SECRET_FILE", str(tmp_path / "hosted.secret"))
        assert installation_secret(log.engine) == OLD
        assert _mode(tmp_path / "hosted.secret") == 0o600
        with log.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM web_settings")).scalar() == 0
        monkeypatch.delenv("MJREF_SECRET_FILE")
        monkeypatch.setenv("MJREF_SECRET", "y" * 48)
        assert installation_secret(log.engine) == "y" * 48
    finally:
        log.close()

"""A database that cannot take a write or cannot be reached - a full disk (SQLite's
``database or disk is full``, PostgreSQL's ``disk_full``), a server that refuses
connections - is a 503 with a clear message, a page for the forms and the API's JSON
error, never a 500 with a traceback; and nothing is half-written (an append is one
transaction, so the log is as it was)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlalchemy.engine.default import DefaultDialect

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from tests.cli.test_tournament_mcr_e2e import Cli
from tests.web.conftest import Site, post


def _engine(site: Site) -> Engine:
    found: Engine = site.app.web.log.engine  # type: ignore[attr-defined]
    return found


def _fill(site: Site) -> None:
    """Make the app's SQLite database genuinely full: no page beyond those it has."""
    engine = _engine(site)
    with sqlite3.connect(str(engine.url.database)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]

    def limit(dbapi_connection: Any, _record: object) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(engine, "connect", limit)
    engine.dispose()


def _refuse_writes(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write fails as the driver says when the disk is full."""
    engine = _engine(site)
    if engine.dialect.name == "sqlite":
        full: Exception = sqlite3.OperationalError("database or disk is full")
    else:
        import psycopg.errors

        full = psycopg.errors.DiskFull("could not extend file: No space left on device")

    def refuse(original: Callable[..., Any]) -> Callable[..., Any]:
        def call(cursor: Any, statement: str, *args: Any, **kwargs: Any) -> Any:
            if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
                raise full
            return original(cursor, statement, *args, **kwargs)

        return call

    monkeypatch.setattr(engine.dialect, "do_execute", refuse(engine.dialect.do_execute))
    monkeypatch.setattr(engine.dialect, "do_executemany", refuse(engine.dialect.do_executemany))


def _unplug(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """The database server refuses every new connection."""
    engine = _engine(site)
    dbapi = engine.dialect.loaded_dbapi

    def refuse(*_args: object, **_kwargs: object) -> Any:
        raise dbapi.OperationalError("connection refused: is the server running?")

    engine.dispose()
    monkeypatch.setattr(engine.dialect, "connect", refuse)


def _token(site: Site) -> dict[str, str]:
    token = accounts.new_token(SqlAccounts(site.log.engine), "org", now=datetime.now(UTC))
    return {"authorization": f"Bearer {token}"}


def test_a_full_disk_is_a_503_on_a_form_and_the_api(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    organiser = site.login("org")
    auth = _token(site)
    organiser.get("/t/cup/admin/players")
    before = site.log.position("cup")
    _refuse_writes(site, monkeypatch)
    added = post(organiser, "/t/cup/admin/players", first="Ivo", last="Horvat", country="HR")
    assert added.status_code == 503, added.text
    assert "is full" in added.text
    assert "Traceback" not in added.text
    api = site.client().post(
        "/api/tournaments/cup/results",
        json={"session": 1, "table": 1, "scores": [10, -10, 0, 0]},
        headers=auth,
    )
    assert api.status_code == 503, api.text
    assert api.json()["error"]["key"] == "store.full"
    assert site.log.position("cup") == before
    assert site.client().get("/t/cup").status_code == 200  # reading still works


def test_a_genuinely_full_sqlite_file_records_nothing_of_an_import(site: Site) -> None:
    if not site.url.startswith("sqlite"):
        pytest.skip("SQLite's page limit; PostgreSQL's full disk is the test above")
    organiser = site.login("org")
    organiser.get("/t/cup/admin/players")
    before = site.log.position("cup")
    _fill(site)
    rows = ["first_name,last_name,country"]
    rows += [f"First{n},Last{n}{'x' * 150},HU" for n in range(300)]
    answer = post(organiser, "/t/cup/admin/players/import", text="\n".join(rows) + "\n")
    assert answer.status_code == 503, answer.text
    assert "is full" in answer.text
    assert "Traceback" not in answer.text
    assert site.log.position("cup") == before  # one transaction: not one row of 300
    assert len(ts.list_players(site.log, "cup")) == 8
    with sqlite3.connect(site.url.removeprefix("sqlite:///")) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_an_unreachable_database_is_a_503(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    organiser = site.login("org", lang="fr")
    auth = _token(site)
    organiser.get("/t/cup/admin/players")
    _unplug(site, monkeypatch)
    for answer in (
        site.client().get("/t/cup"),
        organiser.get("/t/cup/admin"),
        post(organiser, "/t/cup/admin/players", first="Ivo", last="Horvat", country="HR"),
    ):
        assert answer.status_code == 503, answer.text
        assert "connection refused" in answer.text
        assert "Traceback" not in answer.text
    organiser_page = post(organiser, "/t/cup/admin/players", first="I", last="H", country="HR")
    assert "base de données" in organiser_page.text  # in the visitor's language
    for answer in (
        site.client().get("/api/tournaments/cup/standings"),
        site.client().post(
            "/api/tournaments/cup/results",
            json={"session": 1, "table": 1, "scores": [10, -10, 0, 0]},
            headers=auth,
        ),
    ):
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"]["key"] == "store.unreachable"


def test_the_command_line_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mj = Cli(f"sqlite:///{tmp_path}/full.db", "cup")
    mj("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "1")

    def full(*_args: object, **_kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    writes = DefaultDialect.do_execute

    def refuse(self: Any, cursor: Any, statement: str, *args: Any, **kwargs: Any) -> Any:
        if statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            full()
        return writes(self, cursor, statement, *args, **kwargs)

    monkeypatch.setattr(DefaultDialect, "do_execute", refuse)
    monkeypatch.setattr(DefaultDialect, "do_executemany", refuse)
    for args in (
        ("players", "add", "--first", "Ivo", "--last", "Horvat", "--country", "HR"),
        ("users", "add", "alice", "--role", "organiser", "--password", "correct-horse"),
    ):
        result = mj(*args, code=3)
        assert result.stderr.startswith("error: the database sqlite:///"), result.stderr
        assert "is full" in result.stderr
        assert result.stderr.count("\n") == 1
        assert "Traceback" not in result.stderr + result.stdout
    monkeypatch.undo()
    assert mj.json("players", "list") == []


def test_the_mapper_names_a_database_error_that_reaches_it() -> None:
    from sqlalchemy.exc import IntegrityError, OperationalError

    from mjref.cli.errors import classify
    from mjref.cli.exits import Exit

    error = OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))
    reported = classify(error)
    assert reported is not None
    assert (reported.message.key, reported.exit_code) == ("store.full", Exit.IO_ERROR)
    refused = IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE constraint failed"))
    assert classify(refused) is None  # a refused row is a bug: re-raised

"""A tamper-evident log: each event stores the hash of its row chained to the one before
(migration 0005), so that `mjref log verify` finds an entry changed or removed by someone
who dropped the append-only triggers (the database owner can), and names the first broken
position; and a retried request (the same request key) is recorded once, on SQLite and
PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from mjref.cli.main import app
from mjref.players import PlayerId
from mjref.services import tournament as ts
from mjref.store import SqlEventLog
from mjref.tournament.errors import AlreadyRecordedError
from tests.databases import empty_database  # noqa: F401  (fixture)

KW = {"actor": "org", "now": datetime(2026, 6, 1, 9, 0, tzinfo=UTC)}


def _tournament(url: str) -> SqlEventLog:
    log = SqlEventLog.open(url)
    ts.create_tournament(log, "cup", name="Cup", ruleset="mers-2010", sessions=2, **KW)
    for n in range(1, 5):
        ts.add_player(log, "cup", ts.player_details(f"F{n}", f"L{n}", "HU"), **KW)
    return log


def _verify(url: str) -> tuple[int, dict[str, object]]:
    result = CliRunner().invoke(app, ["log", "verify", "-t", "cup", "--db", url, "--json"])
    return result.exit_code, json.loads(result.stdout)


def _untriggered(log: SqlEventLog, statement: str) -> None:
    """What only the database owner can do: set the guard aside, change a row, put it back
    (on PostgreSQL the guard stays off: it is found missing too)."""
    with log.engine.begin() as connection:
        if log.dialect == "sqlite":
            connection.execute(text("DROP TRIGGER events_no_update"))
            connection.execute(text("DROP TRIGGER events_no_delete"))
            connection.execute(text(statement))
        else:
            connection.execute(text("ALTER TABLE events DISABLE TRIGGER events_append_only"))
            connection.execute(text(statement))


def test_a_whole_log_verifies(empty_database: str) -> None:  # noqa: F811
    _tournament(empty_database).close()
    code, found = _verify(empty_database)
    assert (code, found["whole"], found["events"], found["broken_at"]) == (0, True, 5, None)
    readable = CliRunner().invoke(app, ["log", "verify", "-t", "cup", "--db", empty_database])
    assert "the log is whole" in readable.stdout


@pytest.mark.parametrize(
    ("statement", "position"),
    [
        ("UPDATE events SET actor = 'someone' WHERE tournament_id = 'cup' AND seq = 3", 3),
        ("DELETE FROM events WHERE tournament_id = 'cup' AND seq = 2", 2),
        (
            "UPDATE events SET data = replace(data, 'F4', 'X4') "
            "WHERE tournament_id = 'cup' AND seq = 5",
            5,
        ),
    ],
)
def test_a_row_changed_behind_the_guard_is_found(
    empty_database: str,  # noqa: F811
    statement: str,
    position: int,
) -> None:
    log = _tournament(empty_database)
    _untriggered(log, statement)
    log.close()
    code, found = _verify(empty_database)
    assert code == 6
    assert found["broken_at"] == position
    assert found["missing_triggers"]  # and the guard itself is found missing
    readable = CliRunner().invoke(app, ["log", "verify", "-t", "cup", "--db", empty_database])
    assert f"broken at position {position}" in readable.stdout


def test_a_retried_request_is_recorded_once(empty_database: str) -> None:  # noqa: F811
    log = _tournament(empty_database)
    token = ts.REQUEST_KEY.set("press-1")
    try:
        view = ts.add_player(log, "cup", ts.player_details("Ivo", "Horvat", "HR"), **KW)
        with pytest.raises(AlreadyRecordedError) as again:
            ts.add_player(log, "cup", ts.player_details("Ivo", "Horvat", "HR"), **KW)
    finally:
        ts.REQUEST_KEY.reset(token)
    assert [e.seq for e in again.value.entries] == [6]  # type: ignore[attr-defined]
    assert [p.name for p in ts.list_players(log, "cup")].count("Ivo Horvat") == 1
    assert view.player == PlayerId(5)
    ts.add_player(log, "cup", ts.player_details("Ivo", "Horvat", "HR"), **KW)  # no key: new
    assert [p.name for p in ts.list_players(log, "cup")].count("Ivo Horvat") == 2
    log.close()
    assert _verify(empty_database)[0] == 0

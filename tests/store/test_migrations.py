"""Migrations: a new database gets the whole schema on opening; an old one (at the first
migration, with events in it) is brought up to date with its events kept."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from mjref.players import PlayerId
from mjref.store import SqlEventLog, open_engine
from mjref.store.migrate import head, revision, upgrade
from mjref.tournament.events import CheckedIn


def test_a_new_database_is_migrated_on_opening(empty_database: str) -> None:
    engine = open_engine(empty_database)
    assert revision(engine) is None
    engine.dispose()
    log = SqlEventLog.open(empty_database)
    assert revision(log.engine) == head() == "0008"
    with log.engine.connect() as connection:  # the web app's accounts (0003)
        assert connection.execute(text("SELECT count(*) FROM web_users")).scalar() == 0
    log.close()
    SqlEventLog.open(empty_database).close()  # opening again changes nothing


def test_upgrade_from_the_first_migration_keeps_the_events(empty_database: str) -> None:
    engine = open_engine(empty_database)
    upgrade(engine, "0001")
    assert revision(engine) == "0001"
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO events (tournament_id, seq, kind, slot, data, actor, at) "
                "VALUES ('old', 1, 'checked-in', NULL, '{\"player\": 3}', 'ref', '2020-01-01')"
            )
        )
        # Before 0002 nothing stops an update ...
        connection.execute(text("UPDATE events SET actor = 'referee' WHERE seq = 1"))
    engine.dispose()
    log = SqlEventLog.open(empty_database)  # ... the upgrade runs on opening
    assert revision(log.engine) == head()
    (event,) = log.read("old")
    assert (event.event, event.actor) == (CheckedIn(PlayerId(3)), "referee")
    with pytest.raises(DBAPIError, match="append-only"), log.engine.begin() as connection:
        connection.execute(text("UPDATE events SET actor = 'x'"))
    log.close()

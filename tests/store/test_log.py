"""The event log on SQLite and PostgreSQL: append and read back, positions, slots, and no
way to change or remove an event (neither through the store nor in SQL)."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from mjref.store import SqlEventLog, open_engine
from mjref.store.database import database_url
from mjref.tournament.errors import SlotTakenError, StaleLogError
from mjref.tournament.events import NewEntry, slot_of
from tests.tournament.test_codec import EXAMPLES as ALL_EXAMPLES

# One event per slot (the examples correct position 9 twice); a promotion is appended only
# to a mirror (tests/store/test_mirror_copies.py).
EXAMPLES = [
    e
    for i, e in enumerate(ALL_EXAMPLES)
    if (slot_of(e) is None or slot_of(e) not in {slot_of(x) for x in ALL_EXAMPLES[:i]})
    and e.KIND != "mirror-promoted"
]


def entries(*events: object) -> list[NewEntry]:
    return [NewEntry(e, "referee", "2026-06-01T09:00:00+00:00") for e in events]  # type: ignore[arg-type]


def test_every_event_type_round_trips(database: str, tid: str) -> None:
    log = SqlEventLog.open(database)
    recorded = log.append(tid, 0, entries(*EXAMPLES))
    assert [r.seq for r in recorded] == list(range(1, len(EXAMPLES) + 1))
    assert log.read(tid) == recorded
    assert log.read(tid, after=len(EXAMPLES) - 2) == recorded[-2:]
    assert log.position(tid) == len(EXAMPLES)
    assert tid in dict(log.tournaments())
    log.close()


def test_an_append_after_a_stale_position_writes_nothing(database: str, tid: str) -> None:
    log = SqlEventLog.open(database)
    log.append(tid, 0, entries(*EXAMPLES[:2]))
    with pytest.raises(StaleLogError):
        log.append(tid, 1, entries(EXAMPLES[4]))
    with pytest.raises(StaleLogError):
        log.append(tid, 5, entries(EXAMPLES[4]))  # no gaps either
    assert log.position(tid) == 2
    log.close()


def test_a_filled_slot_refuses_the_whole_append(database: str, tid: str) -> None:
    log = SqlEventLog.open(database)
    hand = next(e for e in EXAMPLES if e.KIND == "hand-recorded")
    log.append(tid, 0, entries(EXAMPLES[0], hand))
    with pytest.raises(SlotTakenError) as caught:
        log.append(tid, 2, entries(EXAMPLES[4], hand))
    assert caught.value.slot == "hand/1/2/3"
    closed = next(e for e in EXAMPLES if e.KIND == "session-closed")
    with pytest.raises(SlotTakenError) as caught:  # twice in one append
        log.append(tid, 2, entries(closed, closed))
    assert caught.value.slot == "closed/1"
    assert log.position(tid) == 2
    log.close()


def test_the_database_refuses_updates_and_deletes(database: str, tid: str) -> None:
    log = SqlEventLog.open(database)
    log.append(tid, 0, entries(*EXAMPLES[:3]))
    for statement in (
        f"UPDATE events SET actor = 'someone else' WHERE tournament_id = '{tid}'",
        f"DELETE FROM events WHERE tournament_id = '{tid}' AND seq = 3",
    ):
        with pytest.raises(DBAPIError, match="append-only"), log.engine.begin() as connection:
            connection.execute(text(statement))
    assert [r.actor for r in log.read(tid)] == ["referee"] * 3
    log.close()


def test_the_store_has_no_update_or_delete() -> None:
    """Append and read, nothing else (verifying the chain and finding a request's entries
    are reads)."""
    names = {n for n in dir(SqlEventLog) if not n.startswith("_")}
    assert names == {
        "append",
        "appends",  # a counter of this process's appends (the page cache's), no method
        "close",
        "dialect",
        "entries_of_key",
        "mirror_source",
        "open",
        "position",
        "read",
        "tournaments",
        "verify",
    }


def test_database_urls() -> None:
    assert database_url("x.db", {}) == "sqlite:///x.db"
    assert database_url(None, {"MJREF_DB": "sqlite:////tmp/y.db"}) == "sqlite:////tmp/y.db"
    assert database_url("postgres://u@h/d", {}) == "postgresql+psycopg://u@h/d"


@pytest.mark.parametrize(("setting", "level"), [("", 1), ("full", 2)])
def test_sqlite_runs_in_wal_mode(tmp_path: object, setting: str, level: int) -> None:
    engine = open_engine(f"sqlite:///{tmp_path}/w.db", {"MJREF_SQLITE_SYNC": setting})
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == level
    engine.dispose()

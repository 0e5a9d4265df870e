"""A tournament's log copied row for row into another database (mjref.store.copies) on
SQLite and PostgreSQL: idempotent, all or nothing, a gap and a different history refused,
the copy read-only until promoted, and the same standings from the same rows."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.services import mirror
from mjref.services import tournament as ts
from mjref.services import tournament_review as review
from mjref.services.tournament_demo import DEMO_ID, build_demo
from mjref.store import SqlEventLog
from mjref.store.copies import CopyRefusedError, StoredRow, head, receive, rows_after
from mjref.store.mirrors import MirrorReadOnlyError, NotAMirrorError
from mjref.tournament import events as ev

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def venue(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SqlEventLog]:
    """The demo tournament played at the venue (136 events), in SQLite."""
    path = tmp_path_factory.mktemp("venue") / "venue.db"
    log = SqlEventLog.open(str(path))
    build_demo(log, now=NOW)
    yield log
    log.close()


@pytest.fixture
def rows(venue: SqlEventLog) -> list[StoredRow]:
    return rows_after(venue, DEMO_ID, 0, 10_000)


@pytest.fixture
def copy(empty_database: str) -> Iterator[SqlEventLog]:
    log = SqlEventLog.open(empty_database)
    yield log
    log.close()


def _receive(log: SqlEventLog, rows: list[StoredRow]) -> tuple[int, int]:
    end, added = receive(log, DEMO_ID, rows, source="push", actor="api:o", at="2026-06-01")
    return end.position, added


def test_rows_arrive_once_whatever_is_sent_twice(
    venue: SqlEventLog, rows: list[StoredRow], copy: SqlEventLog
) -> None:
    assert len(rows) > 100
    assert _receive(copy, rows[:40]) == (40, 40)
    assert _receive(copy, rows[:40]) == (40, 0)  # the same batch again: stored once
    assert _receive(copy, rows[30:90]) == (90, 50)  # overlapping
    assert _receive(copy, rows[90:]) == (len(rows), len(rows) - 90)
    assert rows_after(copy, DEMO_ID, 0, 10_000) == rows  # position, JSON, who, when, hash
    (found,) = copy.verify(DEMO_ID)
    assert found.whole
    assert found.events == len(rows)
    assert ts.current_standings(copy, DEMO_ID) == ts.current_standings(venue, DEMO_ID)
    assert copy.mirror_source(DEMO_ID) == "push"


def test_a_gap_is_refused_and_nothing_stored(rows: list[StoredRow], copy: SqlEventLog) -> None:
    _receive(copy, rows[:10])
    with pytest.raises(CopyRefusedError) as caught:
        _receive(copy, rows[11:20])
    assert caught.value.message.key == "store.copy-gap"
    assert caught.value.message.params == {"tournament": DEMO_ID, "position": 10, "seq": 12}
    with pytest.raises(CopyRefusedError):  # good rows, then a gap: none of them
        _receive(copy, rows[10:15] + rows[16:18])
    assert head(copy, DEMO_ID).position == 10
    with pytest.raises(CopyRefusedError):  # a row twice within a batch
        _receive(copy, [rows[10], rows[10]])
    assert head(copy, DEMO_ID).position == 10


def test_a_different_history_is_refused(rows: list[StoredRow], copy: SqlEventLog) -> None:
    _receive(copy, rows[:10])
    other = dataclasses.replace(rows[5], actor="someone else")
    with pytest.raises(CopyRefusedError) as caught:  # a held position, another row
        _receive(copy, [other, *rows[6:12]])
    assert caught.value.message.key == "store.copy-different"
    forged = dataclasses.replace(rows[10], actor="someone else")  # its hash no longer fits
    with pytest.raises(CopyRefusedError) as caught:
        _receive(copy, [forged])
    assert caught.value.message.key == "store.copy-bad-hash"
    assert head(copy, DEMO_ID).position == 10


def test_a_row_must_be_an_event_and_a_log_begin_with_its_creation(copy: SqlEventLog) -> None:
    from mjref.store.log import chain_hash

    def row(seq: int, kind: str, data: str, previous: str = "") -> StoredRow:
        value = chain_hash(previous, DEMO_ID, seq, kind, data, "x", "y")
        return StoredRow(seq, kind, data, "x", "y", value)

    with pytest.raises(CopyRefusedError) as caught:
        _receive(copy, [row(1, "no-such-kind", "{}")])
    assert caught.value.message.key == "store.copy-bad-row"
    with pytest.raises(CopyRefusedError) as caught:
        _receive(copy, [row(1, "checked-in", '{"player": 1')])
    assert caught.value.message.key == "store.copy-bad-row"
    with pytest.raises(CopyRefusedError) as caught:
        _receive(copy, [row(1, "checked-in", '{"player": 1}')])
    assert caught.value.message.key == "store.copy-not-created"
    assert head(copy, DEMO_ID).position == 0
    assert copy.mirror_source(DEMO_ID) is None  # nothing stored, nothing marked


@pytest.mark.slow
def test_the_servers_own_tournament_takes_no_copy(rows: list[StoredRow], database: str) -> None:
    log = SqlEventLog.open(database)
    try:
        if head(log, DEMO_ID).position == 0:
            build_demo(log, now=NOW)
        with pytest.raises(CopyRefusedError) as caught:
            _receive(log, rows[:3])
        assert caught.value.message.key == "store.copy-not-mirror"
    finally:
        log.close()


def test_a_mirror_refuses_entries_until_promoted(
    venue: SqlEventLog, rows: list[StoredRow], copy: SqlEventLog
) -> None:
    _receive(copy, rows)
    with pytest.raises(MirrorReadOnlyError) as caught:
        review.announce(copy, DEMO_ID, text="tea at four", actor="organiser", now=NOW)
    assert "entries are made at the venue" in caught.value.message.english()
    with pytest.raises(NotAMirrorError):
        mirror.promote(venue, DEMO_ID, actor="organiser", now=NOW)
    promoted = mirror.promote(copy, DEMO_ID, actor="Anna (organiser)", now=NOW)
    assert promoted.seq == len(rows) + 1
    assert promoted.event == ev.MirrorPromoted(len(rows), "push")
    assert (promoted.actor, promoted.at) == ("Anna (organiser)", "2026-06-01T09:00:00+00:00")
    assert not mirror.is_mirror(copy, DEMO_ID)
    review.announce(copy, DEMO_ID, text="tea at four", actor="organiser", now=NOW)
    with pytest.raises(NotAMirrorError):  # once
        mirror.promote(copy, DEMO_ID, actor="organiser", now=NOW)
    # the venue's later rows are a different history now
    with pytest.raises(CopyRefusedError):
        _receive(copy, rows)
    (found,) = copy.verify(DEMO_ID)
    assert found.whole


@pytest.mark.slow
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(cuts=st.lists(st.tuples(st.integers(0, 140), st.integers(0, 140)), max_size=12))
def test_any_batches_leave_a_prefix_of_the_venues_log(
    rows: list[StoredRow], tmp_path: Path, cuts: list[tuple[int, int]]
) -> None:
    """Batches of any slices, in any order: each is stored whole or refused whole, and the
    copy is always the venue's log up to some position."""
    log = SqlEventLog.open(str(tmp_path / f"h{abs(hash(tuple(cuts)))}.db"))
    try:
        for start, stop in cuts:
            batch = rows[min(start, stop) : max(start, stop)]
            before = head(log, DEMO_ID).position
            try:
                position, added = _receive(log, batch)
            except CopyRefusedError:
                assert head(log, DEMO_ID).position == before
                continue
            assert position == max(before, batch[-1].seq if batch else 0)
            assert added == position - before
        held = rows_after(log, DEMO_ID, 0, 10_000)
        assert held == rows[: len(held)]
    finally:
        log.close()

"""Backups and restores (``mjref.store.backup``, ``.restore``, ``.sealed``): a copy taken
while another thread appends is a whole prefix of the log and folds to the same
standings; a damaged copy is refused naming the first bad tournament and position; the
destination is never half-written; the installation secret travels sealed; on SQLite and
PostgreSQL."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import orjson
import pytest
from sqlalchemy import create_engine, inspect

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.services import accounts, player_codes
from mjref.services import tournament as ts
from mjref.services.tournament_demo import DEMO_ID, build_demo
from mjref.store import SqlEventLog, backup, restore
from mjref.store.accounts import SqlAccounts
from mjref.store.backup import backup as take_backup
from mjref.store.log import chain_hash
from mjref.store.restore import BrokenBackupError, check_backup
from mjref.store.sealed import seal, unseal
from mjref.store.secret import installation_secret
from mjref.tournament.errors import TournamentError
from mjref.tournament.roster import PlayerDetails
from mjref.wire.streams import StreamError
from tests.databases import UNREACHABLE, create_database, drop_database

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
TAKEN = "2026-06-01T12:00:00+00:00"
PASSPHRASE = "a long passphrase"


def _source(url: str) -> tuple[SqlEventLog, str]:
    """The demo tournament and an organiser account in ``url``; the log and its secret."""
    log = SqlEventLog.open(url)
    build_demo(log, now=NOW)
    accounts.add_user(
        SqlAccounts(log.engine),
        "org",
        "organiser-password",
        accounts.Role.ORGANISER,
        tournaments=(DEMO_ID,),
        now=NOW,
    )
    return log, installation_secret(log.engine)


@pytest.fixture
def source(empty_database: str) -> Iterator[tuple[str, SqlEventLog, str]]:
    log, secret = _source(empty_database)
    yield empty_database, log, secret
    log.close()


def _rows(url: str, tournament: str) -> list[tuple[object, ...]]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return [
                tuple(r)
                for r in connection.exec_driver_sql(
                    "SELECT seq, kind, data, actor, at, hash FROM events "
                    f"WHERE tournament_id = '{tournament}' ORDER BY seq"
                )
            ]
    finally:
        engine.dispose()


def _standings(url: str, tournament: str) -> object:
    log = SqlEventLog.open(url)
    try:
        return ts.current_standings(log, tournament)
    finally:
        log.close()


def test_a_backup_taken_under_load_restores_to_a_log_that_verifies(
    source: tuple[str, SqlEventLog, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, log, _ = source
    ts.create_tournament(
        log, "load", name="Load", ruleset="mers-2010", sessions=1, actor="t", now=NOW
    )
    monkeypatch.setattr(backup, "STEP_PAGES", 3)  # many steps, writes between them
    monkeypatch.setattr(backup, "ROW_BATCH", 7)
    stop = threading.Event()
    written = [0]

    def add(into: SqlEventLog, details: PlayerDetails, actor: str) -> None:
        """Two writers of one tournament: an entry refused as stale (the other one wrote
        first, more times than the service retries) is tried again, as a person would."""
        for _ in range(50):
            try:
                ts.add_player(into, "load", details, actor=actor, now=NOW)
                return
            except TournamentError as error:
                if error.message.key != "tournament.stale":
                    raise
        raise AssertionError("the entry stayed stale 50 times")

    def writer() -> None:
        other = SqlEventLog.open(url)
        try:
            while not stop.is_set() and written[0] < 400:
                add(other, ts.player_details("Load", f"Player{written[0]}", "HU"), "w")
                written[0] += 1
        finally:
            other.close()

    thread = threading.Thread(target=writer)
    steps: list[tuple[int, int]] = []

    def between_steps(done: int, total: int) -> None:
        steps.append((done, total))
        # A write of the log between two steps of the copy, from this thread too.
        add(log, ts.player_details("Step", f"Player{len(steps)}", "IT"), "s")

    thread.start()
    try:
        for _ in range(3000):  # the writer under way (30 s at most)
            if written[0] >= 5 or not thread.is_alive():
                break
            stop.wait(0.01)
        assert written[0] >= 5, "the writer did not get going"
        made = take_backup(url, tmp_path / "b.db", taken_at=TAKEN, progress=between_steps)
    finally:
        stop.set()
        thread.join()
    assert len(steps) > 3
    assert made.tournaments == 2
    report = check_backup(tmp_path / "b.db")
    restored = restore.restore(tmp_path / "b.db", str(tmp_path / "r.db"), passphrase=None)
    assert restored.report.events == report.events == made.events
    back = SqlEventLog.open(str(tmp_path / "r.db"))
    try:
        assert all(v.whole for v in back.verify())
    finally:
        back.close()
    r_url = f"sqlite:///{tmp_path / 'r.db'}"
    # The copy is one moment of the log: a whole prefix of each tournament's rows ...
    copied = _rows(r_url, "load")
    assert copied == _rows(url, "load")[: len(copied)]
    assert 0 < len(copied) < log.position("load")
    assert _rows(r_url, DEMO_ID) == _rows(url, DEMO_ID)
    # ... that folds to the same standings.
    assert _standings(r_url, DEMO_ID) == _standings(url, DEMO_ID)


@pytest.fixture
def target_pg() -> Iterator[str]:
    """An empty PostgreSQL database of its own (the source may be one too)."""
    if UNREACHABLE is not None:
        pytest.skip(f"PostgreSQL unreachable: {UNREACHABLE}")
    url = create_database()
    yield url
    drop_database(url)


def test_restore_into_postgresql_and_back(
    source: tuple[str, SqlEventLog, str],
    tmp_path: Path,
    target_pg: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fresh_pg_database = target_pg
    url, _, secret = source
    made = take_backup(url, tmp_path / "b.db", taken_at=TAKEN, sealed=seal(secret, PASSPHRASE))
    secret_file = tmp_path / "pg.secret"
    monkeypatch.setenv("MJREF_SECRET_FILE", str(secret_file))
    monkeypatch.delenv("MJREF_SECRET", raising=False)
    restored = restore.restore(tmp_path / "b.db", fresh_pg_database, passphrase=PASSPHRASE)
    assert restored.report.events == made.events
    assert secret_file.read_text().strip() == secret
    assert _standings(fresh_pg_database, DEMO_ID) == _standings(url, DEMO_ID)
    assert _rows(fresh_pg_database, DEMO_ID) == _rows(url, DEMO_ID)
    moved = SqlEventLog.open(fresh_pg_database)
    try:
        assert all(v.whole for v in moved.verify())
        # The accounts came along, and new rows of their tables get fresh ids.
        store = SqlAccounts(moved.engine)
        assert accounts.login(store, "org", "organiser-password", now=NOW.timestamp()).name == "org"
        accounts.add_user(store, "ref", "referee-password", accounts.Role.REFEREE, now=NOW)
    finally:
        moved.close()
    # A second restore into it is refused: it is not empty any more.
    with pytest.raises(InputError) as refused:
        restore.restore(tmp_path / "b.db", fresh_pg_database, passphrase=None)
    assert refused.value.message.key == "restore.dest-not-empty"


def test_a_failure_while_restoring_into_postgresql_leaves_it_empty(
    tmp_path: Path, target_pg: str
) -> None:
    fresh_pg_database = target_pg
    url = f"sqlite:///{tmp_path / 'src.db'}"
    log, _ = _source(url)
    log.close()
    take_backup(url, tmp_path / "b.db", taken_at=TAKEN)
    with closing(sqlite3.connect(tmp_path / "b.db")) as c:
        # SQLite does not hold a column to its length; PostgreSQL refuses the row, late in
        # the copy (after the events).
        c.execute("INSERT INTO web_grants VALUES ('org', ?)", ("x" * 60,))
        c.commit()
    with pytest.raises(StreamError):
        restore.restore(tmp_path / "b.db", fresh_pg_database, passphrase=None)
    engine = create_engine(fresh_pg_database)
    try:
        assert inspect(engine).get_table_names() == []
    finally:
        engine.dispose()


# -- damaged copies -------------------------------------------------------------------


def _sqlite_backup(tmp_path: Path) -> Path:
    url = f"sqlite:///{tmp_path / 'src.db'}"
    log, _ = _source(url)
    log.close()
    return Path(take_backup(url, tmp_path / "b.db", taken_at=TAKEN).path)


def _tamper(path: Path, *statements: str) -> None:
    """Run ``statements`` on the copy with the append-only guard set aside and put back."""
    with closing(sqlite3.connect(path)) as c:
        guards = c.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
        for name, _ in guards:
            c.execute(f"DROP TRIGGER {name}")
        for statement in statements:
            c.execute(statement)
        for _, sql in guards:
            c.execute(sql)
        c.commit()


def _append_row(path: Path, kind: str, data: object) -> int:
    """Append a row with a correct chained hash (as a writer without the checks would)."""
    with closing(sqlite3.connect(path)) as c:
        seq, previous = c.execute(
            "SELECT seq, hash FROM events WHERE tournament_id = ? ORDER BY seq DESC LIMIT 1",
            (DEMO_ID,),
        ).fetchone()
        text = data if isinstance(data, str) else orjson.dumps(data).decode()
        row = (DEMO_ID, seq + 1, kind, text, "x", TAKEN)
        value = chain_hash(previous, *row)
        c.execute(
            "INSERT INTO events (tournament_id, seq, kind, slot, data, actor, at, hash) "
            "VALUES (?, ?, ?, NULL, ?, ?, ?, ?)",
            (*row, value),
        )
        c.commit()
    return int(seq) + 1


def _first_event(path: Path) -> tuple[str, object]:
    with closing(sqlite3.connect(path)) as c:
        kind, data = c.execute(
            "SELECT kind, data FROM events WHERE tournament_id = ? AND seq = 1", (DEMO_ID,)
        ).fetchone()
    return str(kind), orjson.loads(data)


def _refused(path: Path, tmp_path: Path) -> BrokenBackupError:
    """Checked and restored, ``path`` is refused the same way; nothing is written."""
    with pytest.raises(BrokenBackupError) as checked:
        check_backup(path)
    dest = tmp_path / "restored" / "r.db"
    dest.parent.mkdir(exist_ok=True)
    with pytest.raises(BrokenBackupError) as restoring:
        restore.restore(path, str(dest), passphrase=PASSPHRASE)
    assert restoring.value.message == checked.value.message
    assert sorted(os.listdir(dest.parent)) == []
    return checked.value


def test_a_changed_row_is_refused_with_its_position(tmp_path: Path) -> None:
    path = _sqlite_backup(tmp_path)
    _tamper(
        path, f"UPDATE events SET actor = 'mallory' WHERE tournament_id = '{DEMO_ID}' AND seq = 17"
    )
    error = _refused(path, tmp_path)
    assert (error.message.key, error.tournament, error.seq) == ("backup.bad-hash", DEMO_ID, 17)
    assert error.where == str(path)


def test_a_missing_position_is_refused(tmp_path: Path) -> None:
    path = _sqlite_backup(tmp_path)
    _tamper(path, f"DELETE FROM events WHERE tournament_id = '{DEMO_ID}' AND seq = 40")
    error = _refused(path, tmp_path)
    assert (error.message.key, error.tournament, error.seq) == ("backup.gap", DEMO_ID, 40)


def test_an_event_the_fold_refuses_is_refused_even_with_a_good_hash(tmp_path: Path) -> None:
    path = _sqlite_backup(tmp_path)
    kind, data = _first_event(path)  # the tournament created a second time
    seq = _append_row(path, kind, data)
    error = _refused(path, tmp_path)
    assert (error.message.key, error.tournament, error.seq) == (
        "backup.refused-event",
        DEMO_ID,
        seq,
    )


@pytest.mark.parametrize(
    ("kind", "data"), [("no-such-kind", {"x": 1}), ("player-registered", "{not json")]
)
def test_an_event_that_does_not_decode_is_refused(tmp_path: Path, kind: str, data: object) -> None:
    path = _sqlite_backup(tmp_path)
    seq = _append_row(path, kind, data)
    error = _refused(path, tmp_path)
    assert (error.message.key, error.tournament, error.seq) == ("backup.bad-event", DEMO_ID, seq)


def test_a_row_with_a_value_of_the_wrong_type_is_refused(tmp_path: Path) -> None:
    path = _sqlite_backup(tmp_path)
    _tamper(
        path, f"UPDATE events SET data = x'7b7d' WHERE tournament_id = '{DEMO_ID}' AND seq = 12"
    )
    error = _refused(path, tmp_path)
    assert (error.message.key, error.tournament, error.seq) == ("backup.bad-row", DEMO_ID, 12)


def test_an_unknown_schema_revision_is_refused(tmp_path: Path) -> None:
    path = _sqlite_backup(tmp_path)
    _tamper(path, "UPDATE alembic_version SET version_num = '9999'")
    error = _refused(path, tmp_path)
    assert error.message.key == "backup.unknown-revision"
    assert error.message.params["revision"] == "9999"


def test_a_copy_without_the_append_only_guard_is_refused(tmp_path: Path) -> None:
    path = _sqlite_backup(tmp_path)
    with closing(sqlite3.connect(path)) as c:
        c.execute("DROP TRIGGER events_no_delete")
        c.commit()
    assert _refused(path, tmp_path).message.key == "backup.no-guard"


@pytest.mark.parametrize("keep", [0.5, 0.9])
def test_a_truncated_copy_is_refused(tmp_path: Path, keep: float) -> None:
    path = _sqlite_backup(tmp_path)
    size = path.stat().st_size
    with open(path, "rb+") as handle:
        handle.truncate(int(size * keep) // 4096 * 4096 + 100)
    assert _refused(path, tmp_path).message.key == "backup.damaged"


@pytest.mark.parametrize(
    "content", [b"", b"hello, world\n", b"SQLite format 3\x00" + b"\xff" * 200]
)
def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "b.db"
    path.write_bytes(content)
    assert _refused(path, tmp_path).message.key in ("backup.not-sqlite", "backup.damaged")


def test_a_database_that_is_not_mjref_s_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with closing(sqlite3.connect(path)) as c:
        c.execute("CREATE TABLE t (x)")
        c.commit()
    assert _refused(path, tmp_path).message.key == "backup.not-mjref"


# -- never half-written ----------------------------------------------------------------


class _UnpluggedError(OSError):
    pass


def test_a_copy_that_fails_half_way_leaves_no_file(
    database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, _ = _source(database)
    log.close()
    monkeypatch.setattr(backup, "STEP_PAGES", 2)
    monkeypatch.setattr(backup, "ROW_BATCH", 5)
    folder = tmp_path / "usb"
    folder.mkdir()
    old = folder / "b.db"
    old.write_bytes(b"the backup before")
    calls = []

    def unplug(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise _UnpluggedError(5, "Input/output error")

    with pytest.raises(_UnpluggedError):
        take_backup(database, old, taken_at=TAKEN, replace=True, progress=unplug)
    assert sorted(os.listdir(folder)) == ["b.db"]
    assert old.read_bytes() == b"the backup before"
    calls.clear()
    with pytest.raises(_UnpluggedError):
        take_backup(database, folder, taken_at=TAKEN, progress=unplug)
    assert sorted(os.listdir(folder)) == ["b.db"]
    # Without replace, an existing file is refused before anything is copied.
    with pytest.raises(InputError) as refused:
        take_backup(database, old, taken_at=TAKEN)
    assert refused.value.message.key == "backup.dest-exists"


def test_a_restore_that_fails_at_the_rename_leaves_the_old_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _sqlite_backup(tmp_path)
    dest = tmp_path / "live.db"
    dest.write_bytes(b"the database before")

    def failing(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(restore.os, "replace", failing)
    with pytest.raises(StreamError):
        restore.restore(path, str(dest), passphrase=None, force=True)
    assert dest.read_bytes() == b"the database before"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    monkeypatch.undo()
    with pytest.raises(InputError) as refused:
        restore.restore(path, str(dest), passphrase=None)
    assert refused.value.message.key == "restore.dest-exists"
    restore.restore(path, str(dest), passphrase=None, force=True)
    assert check_backup(dest).events > 0


# -- the secret ------------------------------------------------------------------------


def test_the_secret_round_trips_with_the_passphrase_only() -> None:
    sealed = seal("s" * 48, PASSPHRASE)
    assert unseal(sealed, PASSPHRASE, "x") == "s" * 48
    assert seal("s" * 48, PASSPHRASE).salt != sealed.salt
    with pytest.raises(InputError) as wrong:
        unseal(sealed, PASSPHRASE + "!", "--passphrase-file")
    assert wrong.value.message.key == "backup.wrong-passphrase"
    changed = type(sealed)(sealed.salt, sealed.n, sealed.r, sealed.p, sealed.token[:-4] + "AAAA")
    with pytest.raises(InputError):
        unseal(changed, PASSPHRASE, "x")
    huge = type(sealed)(sealed.salt, 2**30, sealed.r, sealed.p, sealed.token)
    with pytest.raises(InputError) as bad:
        unseal(huge, PASSPHRASE, "x")
    assert bad.value.message.key == "backup.bad-seal"


def test_restored_codes_and_links_keep_working(
    source: tuple[str, SqlEventLog, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, log, secret = source
    monkeypatch.delenv("MJREF_SECRET", raising=False)
    code = player_codes.player_codes(log, DEMO_ID, secret, PlayerId(3))[0].code
    take_backup(url, tmp_path / "b.db", taken_at=TAKEN, sealed=seal(secret, PASSPHRASE))
    dest = tmp_path / "new" / "mjref.db"
    dest.parent.mkdir()
    with pytest.raises(InputError) as wrong:
        restore.restore(tmp_path / "b.db", str(dest), passphrase="not the passphrase")
    assert wrong.value.message.key == "backup.wrong-passphrase"
    assert list(dest.parent.iterdir()) == []
    restored = restore.restore(tmp_path / "b.db", str(dest), passphrase=PASSPHRASE)
    assert restored.secret_path == f"{dest}.secret"
    assert oct(os.stat(restored.secret_path).st_mode & 0o777) == "0o600"
    back = SqlEventLog.open(str(dest))
    try:
        again = installation_secret(back.engine)
        assert again == secret
        assert player_codes.player_codes(back, DEMO_ID, again, PlayerId(3))[0].code == code
    finally:
        back.close()
    # Without the passphrase the database comes back, its secret does not.
    other = tmp_path / "other" / "mjref.db"
    other.parent.mkdir()
    assert restore.restore(tmp_path / "b.db", str(other), passphrase=None).secret_path is None
    assert not Path(f"{other}.secret").exists()


# -- rotation --------------------------------------------------------------------------


def test_rotation_keeps_the_newest_n_and_nothing_else_is_touched(tmp_path: Path) -> None:
    from mjref.store.snapshots import take_snapshot

    url = f"sqlite:///{tmp_path / 'src.db'}"
    log, _ = _source(url)
    log.close()
    folder = tmp_path / "usb"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    (folder / "mjref-old.db").write_text("not a snapshot name")
    names = [
        take_snapshot(url, folder, 3, now=NOW + timedelta(minutes=10 * n), sealed=None)
        for n in range(5)
    ]
    assert sorted(os.listdir(folder)) == sorted([*names[-3:], "notes.txt", "mjref-old.db"])
    assert names[-1] == "mjref-20260601-094000.db"
    assert check_backup(folder / names[-1]).events == check_backup(folder / names[-3]).events


def test_the_live_file_of_a_dead_laptop_restores_with_its_write_ahead_log(
    tmp_path: Path,
) -> None:
    """The disk of the dead laptop rescued: its database file with the -wal beside it (the
    server was killed, nothing checkpointed) is checked and restored whole."""
    live = tmp_path / "open.db"
    log, _ = _source(f"sqlite:///{live}")
    try:
        with closing(sqlite3.connect(live)) as c:
            c.execute("PRAGMA wal_autocheckpoint=0")
        ts.create_tournament(
            log, "late", name="Late", ruleset="rcr-2016", sessions=1, actor="t", now=NOW
        )
        assert Path(f"{live}-wal").stat().st_size > 0
        restored = restore.restore(live, str(tmp_path / "r.db"), passphrase=None)
    finally:
        log.close()
    assert [t.tournament for t in restored.report.tournaments] == [DEMO_ID, "late"]
    assert _rows(f"sqlite:///{tmp_path / 'r.db'}", "late") == _rows(f"sqlite:///{live}", "late")

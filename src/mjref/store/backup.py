"""Backups of a live database: a consistent copy in one SQLite file, written aside and
renamed into place, so that a backup file is either whole or not there.

- **SQLite.** The online backup API (the standard library's ``sqlite3.Connection.backup``)
  copies the pages in steps while ``mjref serve`` goes on writing: the source connection
  holds one read transaction for the whole copy, so in WAL mode the writers are never
  blocked and every step reads the same snapshot (no restart, no mixed state).
- **PostgreSQL.** Every table is read in one ``REPEATABLE READ`` read-only transaction (one
  snapshot) and written through SQLAlchemy into a new SQLite file migrated to the same
  schema revision: a portable copy that :mod:`mjref.store.restore` loads into either
  engine (``pg_dump`` is the PostgreSQL-only route, see ``docs/deploy.md``).

The file carries a table of its own, ``mjref_backup``: the format, when the copy was taken,
from where (without a password), the schema revision and, when the organiser gave a
passphrase, the installation's secret sealed with it (:mod:`mjref.store.sealed`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, MetaData, insert, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from mjref.errors import InputError
from mjref.store import _backup_messages  # noqa: F401  (registers the wording)
from mjref.store.database import database_url, open_engine, unreachable
from mjref.store.migrate import upgrade
from mjref.store.sealed import Sealed
from mjref.store.secret import ENVIRONMENT, MIN_LENGTH, secret_file
from mjref.wire.streams import StreamError

META_TABLE = "mjref_backup"
FORMAT = "1"
STEP_PAGES = 256
"""Pages copied per step of the SQLite backup (1 MiB with 4 KiB pages): a progress note
between steps."""
ROW_BATCH = 1000
SKIPPED_TABLES = frozenset({"alembic_version", META_TABLE})
"""Tables not copied row by row: the revision is set by the migrations, the meta table is
the backup's own."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` between steps (pages for SQLite, rows for PostgreSQL); it may
raise to stop the copy (nothing is left behind)."""


@dataclass(frozen=True, slots=True)
class BackupMade:
    """What :func:`backup` wrote."""

    path: str
    size: int
    revision: str
    tournaments: int
    events: int
    secret: bool
    taken_at: str


def existing_secret(url: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The installation's secret of the database at ``url`` as it is kept now (the
    environment, else its file), without making one; ``None`` when there is none yet."""
    env = os.environ if environ is None else environ
    given = env.get(ENVIRONMENT, "")
    if len(given) >= MIN_LENGTH:
        return given
    path = secret_file(make_url(url), env)
    if path is None:
        return None
    try:
        found = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StreamError.reading(shown_path(path), error) from None
    return found if len(found) >= MIN_LENGTH else None


def shown_path(path: object) -> str:
    """``path`` as a message shows it: a character that cannot be printed (a line break in
    a file name) is written as its escape, so that an error stays one line.

    >>> shown_path("usb/a\\nb.db")
    'usb/a\\\\nb.db'
    """
    text = str(path)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def timestamped_name(taken_at: str) -> str:
    """The name of a backup taken at ``taken_at`` (ISO 8601): ``mjref-20261128-154700.db``.

    >>> timestamped_name("2026-11-28T15:47:00+00:00")
    'mjref-20261128-154700.db'
    """
    digits = "".join(ch for ch in taken_at[:19] if ch.isdigit())
    return f"mjref-{digits[:8]}-{digits[8:14]}.db"


def backup(
    db: str | None,
    dest: Path,
    *,
    taken_at: str,
    sealed: Sealed | None = None,
    replace: bool = False,
    progress: Progress | None = None,
) -> BackupMade:
    """Copy the database ``db`` (as ``--db``) to the SQLite file ``dest`` (a folder: a file
    named by :func:`timestamped_name` in it). ``dest`` is refused when it exists, unless
    ``replace``; it is written only by renaming a complete copy onto it."""
    url = database_url(db)
    parsed = make_url(url)
    if dest.is_dir():
        dest = dest / timestamped_name(taken_at)
    if dest.exists() and not replace:
        raise InputError.of("backup.dest-exists", shown_path(dest))
    with _aside(dest) as partial:
        if parsed.get_backend_name() == "sqlite":
            revision = _copy_sqlite(parsed.database or "", partial, progress)
        else:
            revision = _copy_rows(url, partial, progress)
        tournaments, events = _finish(partial, url, revision, taken_at, sealed)
        _install(partial, dest)
    return BackupMade(
        str(dest), dest.stat().st_size, revision, tournaments, events, sealed is not None, taken_at
    )


@contextlib.contextmanager
def _aside(dest: Path) -> Iterator[Path]:
    """A new private file beside ``dest`` to write the copy in, removed (with any SQLite
    companion) unless it was renamed onto ``dest``."""
    folder = dest.parent
    try:
        handle, name = tempfile.mkstemp(dir=folder, prefix=f".{dest.name}.", suffix=".partial")
    except OSError as error:
        raise StreamError.writing(shown_path(dest), error) from None
    os.close(handle)
    partial = Path(name)
    try:
        yield partial
    finally:
        for suffix in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(f"{partial}{suffix}")


def _install(partial: Path, dest: Path) -> None:
    """Flush ``partial`` to the disk and rename it onto ``dest`` (then flush the folder)."""
    try:
        with open(partial, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(partial, dest)
    except OSError as error:
        raise StreamError.writing(shown_path(dest), error) from None
    with contextlib.suppress(OSError):
        folder = os.open(dest.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def sqlite_source(path: str) -> sqlite3.Connection:
    """A connection to the existing SQLite file ``path`` (never creating it)."""
    if not path or path == ":memory:" or not os.path.isfile(path):
        raise StreamError.reading(shown_path(path or "?"), FileNotFoundError(2, "No such file"))
    try:
        connection = sqlite3.connect(path, timeout=30, isolation_level=None)
    except sqlite3.Error as error:
        raise _sqlite_error(path, error) from None
    return connection


def _sqlite_error(path: str, error: sqlite3.Error) -> StreamError:
    from mjref.messages import Message

    problem = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return StreamError(
        Message("store.unreachable", {"database": shown_path(path), "problem": problem})
    )


def _copy_sqlite(path: str, partial: Path, progress: Progress | None) -> str:
    """Copy the SQLite database ``path`` into ``partial`` page by page from one snapshot;
    its schema revision."""
    source = sqlite_source(path)
    try:
        target = sqlite3.connect(partial, isolation_level=None)
        try:
            source.execute("BEGIN")  # one read transaction: every step sees one snapshot
            found = source.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
            ).fetchone()
            revision = None
            if found is not None:
                row = source.execute("SELECT version_num FROM alembic_version").fetchone()
                revision = None if row is None else str(row[0])
            if revision is None:
                raise InputError.of("backup.not-mjref", path)

            def step(_status: int, remaining: int, total: int) -> None:
                if progress is not None:
                    progress(total - remaining, total)

            source.backup(target, pages=STEP_PAGES, progress=step)
            source.execute("COMMIT")
        finally:
            target.close()
    except sqlite3.Error as error:
        raise _sqlite_error(path, error) from None
    finally:
        source.close()
    return revision


def _copy_rows(url: str, partial: Path, progress: Progress | None) -> str:
    """Copy every table of the (PostgreSQL) database at ``url`` into a new SQLite file
    ``partial`` at the same schema revision, from one snapshot; the revision."""
    source = open_engine(url)
    target = open_engine(f"sqlite:///{partial}")
    try:
        with source.connect() as connection:
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
            with connection.begin():
                connection.execute(text("SET TRANSACTION READ ONLY"))
                revision = revision_of_connection(connection)
                if revision is None:
                    raise InputError.of("backup.not-mjref", _shown(url))
                upgrade(target, revision)
                names = _tables(target)
                read = MetaData()
                read.reflect(connection, only=names)
                written = MetaData()
                written.reflect(target, only=names)
                total = sum(
                    int(connection.execute(text(f'SELECT count(*) FROM "{name}"')).scalar() or 0)
                    for name in names
                )
                done = 0
                with target.begin() as out:
                    for name in names:
                        table, into = read.tables[name], written.tables[name]
                        columns = [c for c in table.columns if c.name in into.columns]
                        order = list(table.primary_key.columns) or columns
                        rows = connection.execute(select(*columns).order_by(*order))
                        for batch in rows.mappings().partitions(ROW_BATCH):
                            out.execute(insert(into), [dict(row) for row in batch])
                            done += len(batch)
                            if progress is not None:
                                progress(done, total)
    except DBAPIError as error:
        raise unreachable(url, error) from None
    finally:
        source.dispose()
        target.dispose()
    return revision


def revision_of_connection(connection: object) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()  # type: ignore[arg-type]


def _tables(engine: Engine) -> list[str]:
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        ).all()
    return [
        str(n) for (n,) in rows if str(n) not in SKIPPED_TABLES and not str(n).startswith("sqlite_")
    ]


def _shown(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def _finish(
    partial: Path, url: str, revision: str, taken_at: str, sealed: Sealed | None
) -> tuple[int, int]:
    """Write the backup's own table into ``partial`` and make it one self-contained file
    (rollback journal, no -wal beside it); the numbers of tournaments and events in it."""
    values = {
        "format": FORMAT,
        "taken_at": taken_at,
        "source": _shown(url),
        "revision": revision,
    }
    if sealed is not None:
        values |= {
            "secret.salt": sealed.salt,
            "secret.n": str(sealed.n),
            "secret.r": str(sealed.r),
            "secret.p": str(sealed.p),
            "secret.token": sealed.token,
        }
    try:
        connection = sqlite3.connect(partial, isolation_level=None)
        try:
            connection.execute("PRAGMA journal_mode=DELETE")
            connection.execute(f"DROP TABLE IF EXISTS {META_TABLE}")
            connection.execute(
                f"CREATE TABLE {META_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
            )
            connection.executemany(f"INSERT INTO {META_TABLE} VALUES (?, ?)", values.items())
            tournaments, events = connection.execute(
                "SELECT count(DISTINCT tournament_id), count(*) FROM events"
            ).fetchone()
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise _sqlite_error(str(partial), error) from None
    return int(tournaments), int(events)


__all__ = [
    "META_TABLE",
    "BackupMade",
    "backup",
    "existing_secret",
    "sqlite_source",
    "timestamped_name",
]

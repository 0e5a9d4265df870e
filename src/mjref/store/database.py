"""Opening the database: which one, and how it is set up.

The database is, in this order: the URL or path given (``--db``), the ``MJREF_DB``
environment variable, or ``mjref.db`` in the working directory. A plain path means a
SQLite file; anything with ``://`` is a SQLAlchemy URL (``sqlite:///events.db``,
``postgresql+psycopg://user@host/db``; a bare ``postgresql://`` uses psycopg 3).

SQLite runs in WAL mode, where readers never block the writer, with
``synchronous=NORMAL`` (SQLite's recommended setting for WAL): a committed append is in
the write-ahead log when it returns, so a process that is killed - even in the middle of
its next write - loses nothing it acknowledged, and the database is never corrupted; only
a crash of the operating system or a power cut can lose the last appends before the
next checkpoint. ``MJREF_SQLITE_SYNC=full`` makes every commit wait for the disk
(about 3 ms an append on the machine of ``docs/tournament.md``: fewer appends a second).
Connections wait up to :data:`BUSY_TIMEOUT_MS` for another writer instead of failing.
A new SQLite file is made with mode 0600 (:data:`FILE_MODE`), its -wal and -shm too.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from mjref.errors import InputError
from mjref.messages import Message, register
from mjref.wire.streams import StreamError

DEFAULT_FILE = "mjref.db"
ENVIRONMENT = "MJREF_DB"
SYNC_ENVIRONMENT = "MJREF_SQLITE_SYNC"
BUSY_TIMEOUT_MS = 30_000
WRITE_OPTION = "mjref_write"
"""Execution option marking a connection whose transaction will write."""

register(
    {
        "store.bad-url": "{url!r} is not a database URL or path: {problem}",
        "store.unsupported": (
            "{url!r}: mjref stores tournaments in SQLite or PostgreSQL, not {dialect!r}"
        ),
        "store.unreachable": "cannot use the database {database}: {problem}",
        "store.full": (
            "the database {database} is full (no space left on its disk): nothing of this "
            "was recorded; free some space, then try again"
        ),
        "store.empty-db": (
            "the database is empty text: give a SQLite file or a URL, or leave --db out "
            "to use MJREF_DB or mjref.db"
        ),
        "store.unknown-revision": (
            "the database {database} has the schema revision {revision!r}, which this mjref "
            "does not know (it knows up to {head!r}): a newer mjref has used this database; "
            "run that newer mjref, or open a copy made before"
        ),
    }
)


def database_url(given: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy URL of the database to use (see the module's description).

    >>> database_url("events.db", {})
    'sqlite:///events.db'
    >>> database_url(None, {"MJREF_DB": "postgresql://mj@localhost/mjref"})
    'postgresql+psycopg://mj@localhost/mjref'
    >>> database_url(None, {})
    'sqlite:///mjref.db'

    An empty ``given`` (``--db ""``) is refused rather than taken for the default.
    """
    if given is not None and not given.strip():
        raise InputError.of("store.empty-db", "--db")
    env = os.environ if environ is None else environ
    text = given or env.get(ENVIRONMENT) or DEFAULT_FILE
    if "://" not in text:
        return f"sqlite:///{text}"
    if text.startswith("postgresql://") or text.startswith("postgres://"):
        text = "postgresql+psycopg://" + text.split("://", 1)[1]
    return text


def open_engine(url: str, environ: Mapping[str, str] | None = None) -> Engine:
    """An engine for ``url`` with mjref's settings (SQLite: WAL, sync, busy wait)."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise InputError.of("store.bad-url", "--db", url=url, problem=str(exc)) from None
    dialect = parsed.get_backend_name()
    if dialect == "sqlite":
        _create_private(parsed.database)
        engine = create_engine(
            parsed, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "isolation_level": None}
        )
        env = os.environ if environ is None else environ
        sync = "FULL" if env.get(SYNC_ENVIRONMENT, "").lower() == "full" else "NORMAL"
        event.listen(engine, "connect", lambda conn, _record: _sqlite_setup(conn, sync))
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if dialect == "postgresql":
        if parsed.get_driver_name() != "psycopg":
            parsed = parsed.set(drivername="postgresql+psycopg")
        return create_engine(parsed, pool_pre_ping=True)
    raise InputError.of("store.unsupported", "--db", url=url, dialect=dialect)


FILE_MODE = 0o600
"""A new SQLite file is readable and writable by its owner only; SQLite gives its -wal
and -shm companions the same mode."""


def _create_private(path: str | None) -> None:
    """Create the SQLite file ``path`` empty with :data:`FILE_MODE` if it does not exist
    (an empty file is an empty database); an existing file is left as it is."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    try:
        handle = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE)
    except OSError:
        return  # there already, or a folder that is not there: SQLite says so when opening
    os.close(handle)


def _sqlite_setup(dbapi_connection: Any, sync: str) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={sync}")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    # The driver is in autocommit mode (isolation_level=None): SQLAlchemy's transaction
    # is this explicit BEGIN. A write transaction asks for the write lock at once
    # (IMMEDIATE), so a second writer waits for it rather than failing half-way.
    immediate = connection.get_execution_options().get(WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def unreachable(url: URL | str, error: DBAPIError) -> StreamError:
    """The error for a database that cannot be opened, read or written (named without its
    password): ``store.full`` for a full disk (SQLite's ``database or disk is full``,
    PostgreSQL's ``disk_full``), else ``store.unreachable`` with the driver's first line."""
    shown = make_url(url).render_as_string(hide_password=True) if url else "?"
    if full(error):
        return StreamError(Message("store.full", {"database": shown}))
    problem = str(error.orig).strip().splitlines()[0] if error.orig else type(error).__name__
    return StreamError(Message("store.unreachable", {"database": shown, "problem": problem}))


FULL_SQLSTATE = "53100"
"""PostgreSQL's ``disk_full``."""


def full(error: DBAPIError) -> bool:
    """Whether ``error`` says the database's disk (or SQLite's page limit) is full."""
    orig = error.orig
    if getattr(orig, "sqlite_errorname", None) == "SQLITE_FULL":
        return True
    if getattr(orig, "sqlstate", None) == FULL_SQLSTATE:
        return True
    text = str(orig).lower()
    return "database or disk is full" in text or "no space left on device" in text

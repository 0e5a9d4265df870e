"""Checking a backup and restoring it: a copy is used only once it is known whole.

:func:`check_copy` refuses a copy with :class:`BrokenBackupError`, naming the first bad
tournament and position, when it is not a SQLite file, is damaged (SQLite's own check), is
not an mjref database or is at a schema revision this mjref does not know, lacks the
append-only guard, or when a tournament's log has a gap, an event that does not decode, a
row whose hash does not chain, or an event the fold refuses (each event is checked against
the state folded from the events before it, as it was when it was appended); and when the
accounts cannot be read.

:func:`restore` copies the backup into a new private file beside the destination, checks
that copy (the very bytes to be used), takes the backup's own table out and renames it onto
the destination; into PostgreSQL, it migrates an empty database and loads every row in one
transaction. Either way the destination is whole or untouched. The installation's secret,
when the backup carries it sealed and the passphrase is given, is put back where the
restored database looks for it (:mod:`mjref.store.secret`).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import orjson
from sqlalchemy import MetaData, insert, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from mjref.errors import InputError
from mjref.messages import Message
from mjref.store import _backup_messages  # noqa: F401  (registers the wording)
from mjref.store.backup import META_TABLE, SKIPPED_TABLES, shown_path, sqlite_source
from mjref.store.database import database_url, open_engine, unreachable
from mjref.store.log import chain_hash
from mjref.store.migrate import known
from mjref.store.sealed import Sealed, unseal
from mjref.store.secret import ENVIRONMENT, MODE, secret_file
from mjref.tournament.codec import decode
from mjref.tournament.events import Recorded
from mjref.tournament.state import Tournament
from mjref.wire.streams import StreamError

HEADER = b"SQLite format 3\x00"
GUARD = ("events_no_update", "events_no_delete")
ROLES = ("organiser", "referee")


class BrokenBackupError(InputError):
    """A copy that must not be used: the message says what is wrong, ``where`` the file,
    and, for a tournament's log, the tournament and the first bad position."""

    def __init__(
        self, message: Message, where: str, tournament: str | None = None, seq: int | None = None
    ) -> None:
        super().__init__(message, where=where)
        self.tournament = tournament
        self.seq = seq


@dataclass(frozen=True, slots=True)
class CheckedTournament:
    tournament: str
    events: int


@dataclass(frozen=True, slots=True)
class BackupReport:
    """What :func:`check_copy` found in a whole copy."""

    path: str
    revision: str
    tournaments: tuple[CheckedTournament, ...]
    events: int
    accounts: int
    taken_at: str | None
    source: str | None
    sealed: Sealed | None


def _broken(
    key: str, where: str, tournament: str | None = None, seq: int | None = None, **params: object
) -> BrokenBackupError:
    values: dict[str, object] = dict(params)
    if tournament is not None:
        values["tournament"] = shown_path(tournament)
    if seq is not None:
        values["seq"] = seq
    return BrokenBackupError(Message(key, values), where, tournament, seq)


def _problem(error: BaseException) -> object:
    message = getattr(error, "message", None)
    if isinstance(message, Message):
        return message
    text_ = str(error).strip().splitlines()
    return text_[0][:300] if text_ else type(error).__name__


def check_copy(path: Path, shown: str | None = None) -> BackupReport:
    """Check the SQLite copy at ``path`` (see the module's description); ``shown`` is the
    name errors give the file (default: ``path``)."""
    where = shown or shown_path(path)
    try:
        with open(path, "rb") as handle:
            header = handle.read(len(HEADER))
    except OSError as error:
        raise StreamError.reading(where, error) from None
    if header != HEADER:
        raise _broken("backup.not-sqlite", where)
    try:
        connection = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error as error:
        raise _broken("backup.damaged", where, problem=_problem(error)) from None
    try:
        return _check(connection, where)
    except sqlite3.DatabaseError as error:
        raise _broken("backup.damaged", where, problem=_problem(error)) from None
    finally:
        connection.close()


def _check(connection: sqlite3.Connection, where: str) -> BackupReport:
    (verdict,) = connection.execute("PRAGMA quick_check").fetchone()
    if verdict != "ok":
        raise _broken("backup.damaged", where, problem=str(verdict)[:300])
    tables = {
        str(n) for (n,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    if "alembic_version" not in tables or "events" not in tables:
        raise _broken("backup.not-mjref", where)
    row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    if row is None:
        raise _broken("backup.not-mjref", where)
    revision = str(row[0])
    if not known(revision):
        raise _broken("backup.unknown-revision", where, revision=revision[:40])
    triggers = {
        str(n)
        for (n,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    }
    missing = [name for name in GUARD if name not in triggers]
    if missing:
        raise _broken("backup.no-guard", where, triggers=", ".join(missing))
    columns = {str(r[1]) for r in connection.execute("PRAGMA table_info(events)")}
    checked = tuple(_check_logs(connection, where, chained="hash" in columns))
    accounts = _check_accounts(connection, where, tables)
    meta = _meta(connection, tables)
    return BackupReport(
        where,
        revision,
        checked,
        sum(c.events for c in checked),
        accounts,
        meta.get("taken_at"),
        meta.get("source"),
        _sealed(meta, where),
    )


def _check_logs(
    connection: sqlite3.Connection, where: str, *, chained: bool
) -> Iterator[CheckedTournament]:
    hash_column = "hash" if chained else "NULL"
    rows = connection.execute(
        f"SELECT tournament_id, seq, kind, data, actor, at, {hash_column} FROM events "
        "ORDER BY tournament_id, seq"
    )
    current: Tournament | None = None
    previous = ""
    for tid, seq, kind, data, actor, at, stored in rows:
        if current is None or current.id != str(tid):
            if current is not None:
                yield CheckedTournament(current.id, current.position)
            current, previous = Tournament(str(tid)), ""
        expected = current.position + 1
        texts = (tid, kind, data, actor, at)
        if not isinstance(seq, int) or not all(isinstance(v, str) for v in texts):
            raise _broken("backup.bad-row", where, str(tid), expected)
        if seq != expected:
            raise _broken("backup.gap", where, str(tid), expected)
        if chained:
            value = chain_hash(previous, tid, seq, kind, data, actor, at)
            if stored != value:
                raise _broken("backup.bad-hash", where, str(tid), seq)
            previous = value
        try:
            event = decode(str(kind), orjson.loads(data))
        except Exception as error:  # whatever it is, the row is no event
            raise _broken(
                "backup.bad-event", where, str(tid), seq, problem=_problem(error)
            ) from None
        try:
            current.check(event)
            current.apply(Recorded(seq, event, str(actor), str(at)))
        except Exception as error:  # refused by a check, or not even foldable
            raise _broken(
                "backup.refused-event", where, str(tid), seq, problem=_problem(error)
            ) from None
    if current is not None:
        yield CheckedTournament(current.id, current.position)


def _check_accounts(connection: sqlite3.Connection, where: str, tables: set[str]) -> int:
    """The number of accounts, each read whole (a name, a known role, a password hash)."""
    if "web_users" not in tables:
        return 0
    count = 0
    for name, password_hash, role in connection.execute(
        "SELECT name, password_hash, role FROM web_users ORDER BY name"
    ):
        if not isinstance(name, str) or not name or role not in ROLES:
            raise _broken("backup.bad-account", where, name=str(name)[:60])
        if not isinstance(password_hash, str) or not password_hash:
            raise _broken("backup.bad-account", where, name=str(name)[:60])
        count += 1
    for table in ("web_grants", "web_tokens", "web_account_changes", "web_settings"):
        if table in tables:
            connection.execute(f"SELECT * FROM {table}").fetchall()
    return count


def _meta(connection: sqlite3.Connection, tables: set[str]) -> dict[str, str]:
    if META_TABLE not in tables:
        return {}
    return {str(k): str(v) for k, v in connection.execute(f"SELECT key, value FROM {META_TABLE}")}


def _sealed(meta: Mapping[str, str], where: str) -> Sealed | None:
    if "secret.token" not in meta:
        return None
    try:
        return Sealed(
            meta["secret.salt"],
            int(meta["secret.n"]),
            int(meta["secret.r"]),
            int(meta["secret.p"]),
            meta["secret.token"],
        )
    except (KeyError, ValueError):
        raise _broken("backup.bad-seal-table", where) from None


# -- copying the backup ----------------------------------------------------------------


@contextlib.contextmanager
def _private_copy(src: Path, folder: Path, name: str) -> Iterator[Path]:
    """A private copy of the SQLite file ``src`` in ``folder`` (made with SQLite's backup
    API, so a backup still in WAL mode is copied whole), removed unless renamed away."""
    try:
        handle, made = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".partial")
    except OSError as error:
        raise StreamError.writing(shown_path(folder / name), error) from None
    os.close(handle)
    partial = Path(made)
    try:
        _copy_file(src, partial)
        yield partial
    finally:
        for suffix in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(f"{partial}{suffix}")


def _copy_file(src: Path, partial: Path) -> None:
    shown = shown_path(src)
    try:
        with open(src, "rb") as handle:
            header = handle.read(len(HEADER))
    except OSError as error:
        raise StreamError.reading(shown, error) from None
    if header != HEADER:
        raise _broken("backup.not-sqlite", shown)
    source = sqlite_source(str(src))
    try:
        target = sqlite3.connect(partial, isolation_level=None)
        try:
            source.backup(target)
        finally:
            target.close()
    except sqlite3.DatabaseError as error:
        raise _broken("backup.damaged", shown, problem=_problem(error)) from None
    finally:
        source.close()


def check_backup(src: Path) -> BackupReport:
    """Check the backup file ``src`` without restoring it (on a private copy)."""
    with _private_copy(src, Path(tempfile.gettempdir()), src.name) as copy:
        return check_copy(copy, shown_path(src))


@dataclass(frozen=True, slots=True)
class Restored:
    """What :func:`restore` did: the report of the checked copy, where it went, and where
    the secret was put (``None``: not put back)."""

    report: BackupReport
    database: str
    secret_path: str | None


def restore(
    src: Path,
    db: str,
    *,
    passphrase: str | None,
    force: bool = False,
    environ: Mapping[str, str] | None = None,
) -> Restored:
    """Check the backup ``src`` and restore it as the database ``db`` (a SQLite path or a
    URL), with its secret when ``passphrase`` is given (see the module's description)."""
    env = os.environ if environ is None else environ
    url = database_url(db, env)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _restore_sqlite(src, Path(parsed.database or ""), passphrase, force, env)
    return _restore_rows(src, url, passphrase, env)


def _opened_secret(report: BackupReport, passphrase: str | None, where: str) -> str | None:
    if report.sealed is None or passphrase is None:
        return None
    return unseal(report.sealed, passphrase, where)


def _restore_sqlite(
    src: Path, dest: Path, passphrase: str | None, force: bool, env: Mapping[str, str]
) -> Restored:
    if not dest.name:
        raise InputError.of("store.empty-db", "--db")
    if dest.exists() and not force:
        raise InputError.of("restore.dest-exists", shown_path(dest))
    folder = dest.parent if str(dest.parent) else Path(".")
    with _private_copy(src, folder, dest.name) as partial:
        report = check_copy(partial, shown_path(src))
        secret = _opened_secret(report, passphrase, "--passphrase-file")
        try:
            connection = sqlite3.connect(partial, isolation_level=None)
            try:
                connection.execute(f"DROP TABLE IF EXISTS {META_TABLE}")
                connection.execute("PRAGMA journal_mode=DELETE")
            finally:
                connection.close()
        except sqlite3.Error as error:
            raise StreamError.writing(shown_path(dest), OSError(str(error))) from None
        secret_path = None
        if secret is not None:
            place = secret_file(make_url(f"sqlite:///{dest}"), env)
            assert place is not None
            _write_secret(place, secret)
            secret_path = str(place)
        try:
            with open(partial, "rb+") as handle:
                os.fsync(handle.fileno())
            if force:
                for suffix in ("-wal", "-shm", "-journal"):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(f"{dest}{suffix}")
            os.replace(partial, dest)
        except OSError as error:
            raise StreamError.writing(shown_path(dest), error) from None
    return Restored(report, str(dest), secret_path)


def _write_secret(place: Path, secret: str) -> None:
    """Write ``secret`` to ``place`` (mode 0600), aside first and renamed into place."""
    try:
        handle, aside = tempfile.mkstemp(dir=place.parent, prefix=f".{place.name}.")
    except OSError as error:
        raise StreamError.writing(shown_path(place), error) from None
    try:
        os.fchmod(handle, MODE)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(secret + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(aside, place)
    except OSError as error:
        raise StreamError.writing(shown_path(place), error) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(aside)


def _restore_rows(src: Path, url: str, passphrase: str | None, env: Mapping[str, str]) -> Restored:
    """Into a PostgreSQL database that holds no mjref table yet: the schema and every row
    in one transaction (nothing is left when anything fails)."""
    from alembic import command

    from mjref.store.migrate import _config

    shown = make_url(url).render_as_string(hide_password=True)
    with _private_copy(src, Path(tempfile.gettempdir()), src.name) as copy:
        report = check_copy(copy, shown_path(src))
        secret = _opened_secret(report, passphrase, "--passphrase-file")
        place = secret_file(make_url(url), env)
        if secret is not None and place is None and not env.get(ENVIRONMENT):
            raise InputError.of("restore.secret-nowhere", "--db", database=shown)
        target = open_engine(url)
        reader = open_engine(f"sqlite:///{copy}")
        try:
            with target.begin() as connection:
                present = set(inspect(connection).get_table_names())
                if present & {"events", "alembic_version", "web_users"}:
                    raise InputError.of("restore.dest-not-empty", "--db", database=shown)
                config = _config()
                config.attributes["connection"] = connection
                command.upgrade(config, report.revision)
                names = [
                    n for n in inspect(connection).get_table_names() if n not in SKIPPED_TABLES
                ]
                source, into = MetaData(), MetaData()
                source.reflect(reader, only=[n for n in names if n in _sqlite_tables(reader)])
                into.reflect(connection, only=names)
                with reader.connect() as read:
                    for name in source.tables:
                        table, out = source.tables[name], into.tables[name]
                        rows = read.execute(select(table)).mappings().partitions(1000)
                        for batch in rows:
                            connection.execute(insert(out), [dict(r) for r in batch])
                for name, out in into.tables.items():
                    for column in out.primary_key.columns:
                        if column.autoincrement is True or (
                            column.autoincrement == "auto" and len(out.primary_key.columns) == 1
                        ):
                            highest = f'(SELECT max("{column.name}") FROM "{name}")'
                            connection.execute(
                                text(
                                    "SELECT setval(pg_get_serial_sequence(:t, :c), "
                                    f"coalesce({highest}, 0) + 1, false) "
                                    "WHERE pg_get_serial_sequence(:t, :c) IS NOT NULL"
                                ),
                                {"t": name, "c": column.name},
                            )
        except DBAPIError as error:
            raise unreachable(url, error) from None
        finally:
            target.dispose()
            reader.dispose()
    secret_path = None
    if secret is not None and place is not None:
        _write_secret(place, secret)
        secret_path = str(place)
    return Restored(report, shown, secret_path)


def _sqlite_tables(engine: object) -> set[str]:
    return set(inspect(engine).get_table_names())

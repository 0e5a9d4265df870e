"""What the tournament commands share: the database, who records, which tournament, the
clock, progress notes and plain-text tables.

- ``--db URL`` (``MJREF_DB``; default ``mjref.db`` in the working directory): the database,
  migrated when opened (:mod:`mjref.store`).
- ``--actor NAME`` (``MJREF_ACTOR``; default the login name): who records the entries.
- ``--tournament ID`` / ``-t`` (``MJREF_TOURNAMENT``): the tournament.
"""

from __future__ import annotations

import getpass
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mjref.cli import _messages, io  # noqa: F401  (registers the wording)
from mjref.cli.errors import usage
from mjref.i18n import render
from mjref.messages import Message
from mjref.wire.jsonread import MAX_BYTES

if TYPE_CHECKING:
    from mjref.store import SqlEventLog

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="MJREF_DB",
        help="Database: a SQLite file or a URL (postgresql://...); default mjref.db.",
        show_default=False,
    ),
]
ActorOption = Annotated[
    str | None,
    typer.Option(
        "--actor",
        envvar="MJREF_ACTOR",
        help="Who records the entry (default: MJREF_ACTOR or the login name).",
        show_default=False,
    ),
]
TournamentOption = Annotated[
    str,
    typer.Option(
        "--tournament",
        "-t",
        envvar="MJREF_TOURNAMENT",
        help="The tournament's id (default: MJREF_TOURNAMENT).",
        show_default=False,
    ),
]
CorrectOption = Annotated[
    int | None,
    typer.Option(
        "--correct",
        help="Correct the entry at this log position instead (with --reason).",
        show_default=False,
    ),
]
ReasonOption = Annotated[
    str, typer.Option("--reason", help="Why the entry is corrected (with --correct).")
]
CodeOption = Annotated[
    str | None,
    typer.Option(
        "--code",
        help="The player's confirmation code (mjref players codes), with --player or "
        "--proposed-by.",
        show_default=False,
    ),
]


@contextmanager
def opened(db: str | None) -> Iterator[SqlEventLog]:
    """The event log of the database, closed afterwards. A database error of the block
    (the accounts' tables are read and written directly) is the database's
    :class:`~mjref.wire.streams.StreamError` naming it (a full disk, an unreachable
    server: exit 3), as the log's own errors are."""
    from sqlalchemy.exc import DBAPIError, IntegrityError

    from mjref.store import SqlEventLog  # here, not at the top: start-up time
    from mjref.store.database import unreachable

    log = SqlEventLog.open(db)
    try:
        yield log
    except IntegrityError:
        raise
    except DBAPIError as error:
        raise unreachable(log.engine.url, error) from None
    finally:
        log.close()


def installation_secret(log: SqlEventLog) -> str:
    """The installation's secret, the web app's (players' codes are derived from it): a
    file beside a SQLite database, or ``MJREF_SECRET`` (:mod:`mjref.store.secret`)."""
    from mjref.store.secret import installation_secret as secret

    return secret(log.engine)


def actor(given: str | None) -> str:
    """Who records: the name given, else the login name."""
    if given is not None:
        return given
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "organiser"


def now() -> datetime:
    return datetime.now(UTC)


def progress(message: Message, lang: str) -> None:
    """A note on a long step, on standard error (never part of the result)."""
    with suppress(OSError, ValueError):
        print(render(message, lang), file=sys.stderr, flush=True)


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def table_lines(
    head: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]
) -> list[str]:
    """A plain-text table: columns padded, numbers right-aligned."""
    widths = [_width(h) for h in head]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], _width(cell))

    def line(cells: Sequence[str]) -> str:
        parts = []
        for i, cell in enumerate(cells):
            pad = " " * (widths[i] - _width(cell))
            parts.append(pad + cell if numeric[i] else cell + pad)
        return "  ".join(parts).rstrip()

    return [line(head), *(line(row) for row in rows)]


def read_text(path: Path | None, limit: int = MAX_BYTES) -> str:
    """A file the user names (or standard input) as UTF-8 text (a byte-order mark
    allowed), at most ``limit`` bytes; a file that is not UTF-8 is one usage error naming
    it (``cli.tournament.not-utf8``)."""
    data = io.read_bytes(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise usage("cli.tournament.not-utf8", str(path)) from None

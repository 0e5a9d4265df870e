"""The installation's secret, kept out of the event database: a file of mode 0600 beside a
SQLite database, or the ``MJREF_SECRET`` environment variable.

It signs the session cookies, the CSRF tokens and the table scorers' links, and the
players' confirmation codes are derived from it, so whoever reads it can forge a table's
link or a player's code. It is, in this order:

1. ``MJREF_SECRET`` (at least :data:`MIN_LENGTH` characters), when set;
2. for a SQLite database, the file ``<database>.secret`` beside it (``open.db.secret``),
   made on first use with mode 0600;
3. ``MJREF_SECRET_FILE``, a file of mode 0600 made on first use (for PostgreSQL);
4. else, for PostgreSQL, an error: a hosted installation says where its secret is.

A database made before this kept its secret in clear in the table ``web_settings``: the
first time it is opened here, that secret is moved to the file (so that printed table
cards and players' codes stay valid) and its row deleted. With ``MJREF_SECRET`` set the
row is deleted and the variable's secret used (``docs/security.md``).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy import Engine, column, delete, select, table
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

from mjref.errors import InputError
from mjref.messages import register
from mjref.store.database import unreachable
from mjref.wire.streams import StreamError

ENVIRONMENT = "MJREF_SECRET"
FILE_ENVIRONMENT = "MJREF_SECRET_FILE"
SUFFIX = ".secret"
MIN_LENGTH = 32
MODE = 0o600

register(
    {
        "store.secret-short": (
            "{length} characters are too few for the installation secret: give at least "
            "{minimum} (e.g. from python -c 'import secrets; print(secrets.token_urlsafe(48))')"
        ),
        "store.secret-bad-file": (
            "the file holds no installation secret (at least {minimum} characters): "
            "restore it from a backup, or delete it to make a new one (printed table "
            "cards and players' codes then change)"
        ),
        "store.secret-needed": (
            "the database {database} is not a SQLite file, so its installation secret "
            "cannot be kept beside it: set MJREF_SECRET (at least {minimum} characters) "
            "or MJREF_SECRET_FILE (a file mjref makes, readable by its owner only)"
        ),
    }
)

_settings = table("web_settings", column("key"), column("value"))
_KEY = "secret"


def secret_file(url: URL, environ: Mapping[str, str]) -> Path | None:
    """Where the secret of the database at ``url`` is kept, when not in the environment:
    beside a SQLite file, else ``MJREF_SECRET_FILE``; ``None`` when nowhere is said."""
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        return Path(f"{url.database}{SUFFIX}")
    given = environ.get(FILE_ENVIRONMENT, "")
    return Path(given) if given.strip() else None


def installation_secret(engine: Engine, environ: Mapping[str, str] | None = None) -> str:
    """The installation's secret for the database of ``engine`` (see the module's
    description), moving a secret still stored in the database to its file first."""
    env = os.environ if environ is None else environ
    given = env.get(ENVIRONMENT, "")
    if given:
        if len(given) < MIN_LENGTH:
            raise InputError.of(
                "store.secret-short", ENVIRONMENT, length=len(given), minimum=MIN_LENGTH
            )
        if _stored(engine) is not None:
            _forget_stored(engine)
        return given
    path = secret_file(engine.url, env)
    if path is None:
        shown = engine.url.render_as_string(hide_password=True)
        raise InputError.of("store.secret-needed", ENVIRONMENT, database=shown, minimum=MIN_LENGTH)
    stored = _stored(engine)
    try:
        found = _read(path)
    except FileNotFoundError:
        found = _create(path, stored if stored is not None else secrets.token_urlsafe(48))
    if stored is not None:
        _forget_stored(engine)
    return found


def _read(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise StreamError.reading(str(path), error) from None
    if len(text) < MIN_LENGTH:
        raise InputError.of("store.secret-bad-file", str(path), minimum=MIN_LENGTH)
    return text


def _create(path: Path, secret: str) -> str:
    """Write ``secret`` to ``path`` (mode 0600) unless another process made the file first;
    the secret in the file either way. Written aside and linked into place, so that no
    reader ever sees a half-written file."""
    try:
        handle, aside = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError as error:
        raise StreamError.writing(str(path), error) from None
    try:
        os.fchmod(handle, MODE)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(secret + "\n")
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(aside, path)
        except FileExistsError:
            return _read(path)
        except OSError as error:
            raise StreamError.writing(str(path), error) from None
        return secret
    finally:
        with contextlib.suppress(OSError):
            os.unlink(aside)


def _stored(engine: Engine) -> str | None:
    """The secret a database made before kept in its table, if any."""
    try:
        with engine.connect() as c:
            found = c.execute(select(_settings.c.value).where(_settings.c.key == _KEY)).first()
    except DBAPIError as error:
        raise unreachable(engine.url, error) from None
    return None if found is None else str(found[0])


def _forget_stored(engine: Engine) -> None:
    """Delete the secret a database made before kept in clear (nothing when there is none)."""
    try:
        with engine.begin() as c:
            c.execute(delete(_settings).where(_settings.c.key == _KEY))
    except DBAPIError as error:
        raise unreachable(engine.url, error) from None

"""Bringing a database to the current schema (Alembic, run from the package).

:func:`upgrade` is called whenever mjref opens a database: a new one gets every
migration, an older one the missing ones, a current one nothing.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Engine

from mjref.messages import Message
from mjref.store import database  # noqa: F401  (registers the wording)
from mjref.wire.streams import StreamError

SCRIPTS = "mjref.store:migrations"


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", SCRIPTS)
    return config


def head() -> str:
    """The newest schema revision."""
    found = ScriptDirectory.from_config(_config()).get_current_head()
    assert found is not None
    return found


def revision(engine: Engine) -> str | None:
    """The schema revision the database is at (``None``: not an mjref database yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def known(revision: str) -> bool:
    """Whether ``revision`` is one of this mjref's schema revisions."""
    try:
        return ScriptDirectory.from_config(_config()).get_revision(revision) is not None
    except CommandError:
        return False


def upgrade(engine: Engine, target: str = "head") -> None:
    """Run the migrations up to ``target`` (default: all of them).

    A database at a revision this mjref does not know (a newer mjref migrated it) is a
    :class:`~mjref.wire.streams.StreamError` naming the revision, not Alembic's
    traceback; nothing is changed.
    """
    config = _config()
    with engine.begin() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
        if current is not None and not known(current):
            raise unknown_revision(engine, current)
        config.attributes["connection"] = connection
        command.upgrade(config, target)


def unknown_revision(engine: Engine, current: str) -> StreamError:
    shown = engine.url.render_as_string(hide_password=True)
    return StreamError(
        Message(
            "store.unknown-revision",
            {"database": shown, "revision": current[:40], "head": head()},
        )
    )

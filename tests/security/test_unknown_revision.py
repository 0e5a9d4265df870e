"""A database stamped with a schema revision this mjref does not know (a newer mjref has
migrated it) is one ``error:`` line naming the revision and what to do, for every command
and ``mjref serve``, never Alembic's traceback; nothing in the database changes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mjref.store import SqlEventLog
from mjref.wire.streams import StreamError
from tests.cli.test_tournament_mcr_e2e import Cli


@pytest.fixture
def newer(tmp_path: Path) -> Path:
    path = tmp_path / "newer.db"
    make = Cli(f"sqlite:///{path}", "cup")
    make("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "1")
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'zzzz'")
    return path


def test_every_command_says_which_revision(newer: Path) -> None:
    mj = Cli(str(newer), "cup")
    for args in (("tournament", "list"), ("standings",), ("export", "ema"), ("serve",)):
        result = mj(*args, code=3)
        assert result.stderr.startswith("error: "), result.stderr
        assert result.stderr.count("\n") == 1
        assert "'zzzz'" in result.stderr
        assert "newer mjref" in result.stderr
        assert "Traceback" not in result.stderr + result.stdout
    in_french = mj("tournament", "list", "--lang", "fr", code=3).stderr
    assert in_french.startswith("erreur") or in_french.startswith("error"), in_french
    assert "'zzzz'" in in_french
    with sqlite3.connect(newer) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [
            ("zzzz",)
        ]


def test_the_web_app_refuses_to_start(newer: Path) -> None:
    from mjref.web.app import create_app
    from mjref.web.settings import WebSettings

    with pytest.raises(StreamError) as raised:
        create_app(WebSettings(db=str(newer)))
    assert raised.value.message.key == "store.unknown-revision"
    with pytest.raises(StreamError):
        SqlEventLog.open(str(newer))

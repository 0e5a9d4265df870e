"""Property-based fuzzing of the inputs of ``mjref users passwd``, ``revoke``, ``grant`` and
``ungrant``: whatever the name, token prefix, tournament or the lines typed as a password,
no traceback and either success or one ``error:`` line with exit 2."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjref.cli.main import app
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts

pytestmark = pytest.mark.slow

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
FUZZ = settings(max_examples=40, deadline=10000, suppress_health_check=[HealthCheck.too_slow])
TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=80
)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('users')}/u.db"
    log = SqlEventLog.open(url)
    ts.create_tournament(
        log, "cup", name="Cup", ruleset="mers-2010", sessions=1, actor="t", now=NOW
    )
    accounts.add_user(
        SqlAccounts(log.engine), "alice", "alice-password", accounts.Role.REFEREE, now=NOW
    )
    log.close()
    return url


def _run(db: str, *args: str, stdin: str | None = None) -> None:
    result = CliRunner().invoke(app, list(args), env={"MJREF_DB": db}, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exit_code in (0, 2), (args, result.stdout, result.stderr)
    if result.exit_code == 2:
        assert result.stderr.startswith("error: "), result.stderr
        assert result.stdout == ""


@FUZZ
@given(name=TEXT, tournament=TEXT)
def test_grant_and_ungrant_take_any_text(db: str, name: str, tournament: str) -> None:
    for command in ("grant", "ungrant"):
        _run(db, "users", command, name or "x", tournament or "x")
        _run(db, "users", command, "alice", tournament or "x")


@FUZZ
@given(prefix=TEXT)
def test_revoke_takes_any_token_prefix(db: str, prefix: str) -> None:
    _run(db, "users", "revoke", "alice", "--token", prefix or "x")


@settings(max_examples=15, deadline=20000, suppress_health_check=[HealthCheck.too_slow])
@given(first=TEXT, again=TEXT)
def test_passwd_takes_any_lines(db: str, first: str, again: str) -> None:
    _run(db, "users", "passwd", "alice", stdin=f"{first}\n{again}\n")
    _run(db, "users", "passwd", "alice", stdin=first)

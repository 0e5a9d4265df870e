"""Property-based fuzzing of ``mjref clock``: whatever the session, table, minutes, reason
or time typed, no traceback, the documented exit code (0 recorded or shown, 2 bad input, 5
a conflict), one ``error:`` line for a refusal, and nothing written when refused."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.cli.exits import Exit
from mjref.cli.main import app
from mjref.store import SqlEventLog
from tests.cli.test_fuzz import assert_error_line
from tests.cli.test_tournament_mcr_e2e import Cli

pytestmark = pytest.mark.slow

FUZZ = settings(max_examples=40, deadline=10000, suppress_health_check=list(HealthCheck))

times = st.one_of(
    st.text(alphabet=st.sampled_from("0123456789-:+TZ .x\u00e9\x00"), max_size=30),
    st.sampled_from(["12:00", "23:59:59", "2026-06-01T10:00:00+02:00", "1969-12-31T23:59Z"]),
)
numbers = st.one_of(st.integers(-5, 300), st.sampled_from([2**31, -(2**40)]))
reasons = st.text(alphabet=st.sampled_from("ab \t\x07é"), max_size=210)


@pytest.fixture(scope="module")
def mj() -> Iterator[Cli]:
    with tempfile.TemporaryDirectory() as tmp:
        cli = Cli(f"sqlite:///{tmp}/fuzz.db", "fuzz")
        cli("tournament", "new", "fuzz", "--name", "Fuzz", "-r", "rcr-2016", "--sessions", "3")
        for n in range(1, 9):
            cli("players", "add", "--first", f"F{n}", "--last", "L", "--country", "BE")
            cli("players", "checkin", str(n))
        cli("seating", "publish", "--seed", "2")
        yield cli


def _position(mj: Cli) -> int:
    log = SqlEventLog.open(mj.env["MJREF_DB"], migrate=False)
    try:
        return log.position("fuzz")
    finally:
        log.close()


def _check(mj: Cli, *args: str) -> None:
    before = _position(mj)
    result = mj.runner.invoke(app, list(args), env=mj.env)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exit_code in (Exit.OK, Exit.BAD_INPUT, Exit.CONFLICT), (args, result.stderr)
    if result.exit_code != Exit.OK:
        assert_error_line(result.stderr)
        assert _position(mj) == before


@FUZZ
@given(
    st.sampled_from(["start", "pause", "resume", "end"]),
    numbers,
    st.one_of(st.none(), times),
    st.one_of(st.none(), numbers),
    st.one_of(st.none(), reasons),
)
def test_changes(
    mj: Cli, action: str, session: int, at: str | None, minutes: int | None, reason: str | None
) -> None:
    args = ["clock", action, str(session)]
    if at is not None:
        args += ["--at", at]
    if minutes is not None and action == "start":
        args += ["--minutes", str(minutes)]
    if reason is not None and action in ("pause", "end"):
        args += ["--reason", reason]
    _check(mj, *args)


@FUZZ
@given(numbers, numbers, numbers, reasons, st.one_of(st.none(), times))
def test_extra_time(
    mj: Cli, session: int, table: int, minutes: int, reason: str, at: str | None
) -> None:
    args = ["clock", "extra", str(session), "--table", str(table), "--minutes", str(minutes)]
    args += ["--reason", reason]
    if at is not None:
        args += ["--at", at]
    _check(mj, *args)


@FUZZ
@given(st.one_of(st.none(), numbers), st.one_of(st.none(), times), st.booleans())
def test_status(mj: Cli, session: int | None, at: str | None, as_json: bool) -> None:
    args = ["clock", "status"]
    if session is not None:
        args.append(str(session))
    if at is not None:
        args += ["--at", at]
    if as_json:
        args.append("--json")
    _check(mj, *args)

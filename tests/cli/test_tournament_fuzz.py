"""Property-based fuzzing of the tournament commands' input paths: scores, false hus, hand
notation, players files, seating plans, log positions and player numbers. Whatever the
input: no traceback, the documented exit code (0 recorded, 2 bad input, 5 a conflict), one
``error:`` line for a refusal, and nothing half-written."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.cli.exits import Exit
from mjref.store import SqlEventLog
from tests.cli.test_fuzz import assert_error_line
from tests.cli.test_tournament_mcr_e2e import Cli

pytestmark = pytest.mark.slow

FUZZ = settings(max_examples=25, deadline=10000, suppress_health_check=list(HealthCheck))

text = st.text(
    alphabet=st.sampled_from("0123456789-,+:=; xXruling hand[]()mpsEWN\u00e9\x00"), max_size=40
)


@pytest.fixture(scope="module")
def mj() -> Iterator[Cli]:
    with tempfile.TemporaryDirectory() as tmp:
        cli = Cli(f"sqlite:///{tmp}/fuzz.db", "fuzz")
        cli("tournament", "new", "fuzz", "--name", "Fuzz", "-r", "mers-2010", "--sessions", "2")
        for n in range(1, 9):
            cli(
                "players", "add", "--first", f"F{n}", "--last", "L", "--country", "BE", "--check-in"
            )
        plan = Path(tmp) / "plan.json"
        plan.write_text('{"players": 8, "sessions": [[[1,2,3,4],[5,6,7,8]]]}', encoding="utf-8")
        cli("seating", "publish", "--plan", str(plan))
        cli.tmp = tmp  # type: ignore[attr-defined]
        yield cli


def _position(mj: Cli) -> int:
    log = SqlEventLog.open(mj.env["MJREF_DB"], migrate=False)
    try:
        return log.position("fuzz")
    finally:
        log.close()


def _check(mj: Cli, *args: str) -> None:
    before = _position(mj)
    result = mj.runner.invoke(mj_app(), list(args), env=mj.env)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exit_code in (Exit.OK, Exit.BAD_INPUT, Exit.CONFLICT), (args, result.stderr)
    if result.exit_code != Exit.OK:
        assert_error_line(result.stderr)
        assert _position(mj) == before


def mj_app() -> object:
    from mjref.cli.main import app

    return app


@FUZZ
@given(text, st.integers(-3, 4), st.integers(-3, 70))
def test_result_scores(mj: Cli, scores: str, table: int, session: int) -> None:
    _check(mj, "result", "--session", str(session), "--table", str(table), "--scores", scores)


@FUZZ
@given(st.lists(text, max_size=4), st.integers(-2, 70), st.integers(0, 9), st.integers(-5, 2000))
def test_hand_false_hus_and_points(
    mj: Cli, false_hus: list[str], hand: int, winner: int, points: int
) -> None:
    args = ["hand", "--session", "1", "--table", "2", "--hand", str(hand), "--winner", str(winner)]
    args += ["--self-drawn", "--points", str(points)]
    for spec in false_hus:
        args += ["--false-hu", spec]
    _check(mj, *args)


@FUZZ
@given(text)
def test_hand_notation(mj: Cli, tiles: str) -> None:
    _check(
        mj,
        "hand",
        "--session",
        "1",
        "--table",
        "1",
        "--hand",
        "60",
        "--winner",
        "1",
        "--discarder",
        "2",
        "--tiles",
        tiles,
    )


@FUZZ
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_players_files(mj: Cli, data: bytes) -> None:
    path = Path(mj.tmp) / "players.csv"  # type: ignore[attr-defined]
    path.write_bytes(b"first_name,last_name,country,ema_number\n" + data)
    _check(mj, "players", "import", str(path))


@FUZZ
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_seating_plans(mj: Cli, data: bytes) -> None:
    path = Path(mj.tmp) / "plan-fuzz.json"  # type: ignore[attr-defined]
    path.write_bytes(data)
    _check(mj, "seating", "publish", "--plan", str(path), "--from-session", "2")


@FUZZ
@given(st.integers(-5, 10**12), st.integers(-5, 2000))
def test_positions_and_players(mj: Cli, position: int, player: int) -> None:
    if position % 3 == 0:
        _check(mj, "correct", str(position), "--reason", "fuzz")
    elif position % 3 == 1:
        _check(mj, "appeal", "file", str(position), "--player", str(player))
    else:
        _check(mj, "late", str(player), "--session", "1", "--minutes", str(position % 100000))

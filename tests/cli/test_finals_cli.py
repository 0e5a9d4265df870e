"""``mjref finals seat|hide|reveal``: a final seated from the standings, the standings
hidden and revealed, each with --json and --lang; refusals are one error line with exit 2
(bad input) or the fold's refusal; any input is answered without a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjref.cli.main import app
from mjref.services import tournament as ts
from mjref.store import SqlEventLog
from tests.cli.test_tournament_mcr_e2e import Cli

PLAYERS = "first_name,last_name,country\n" + "".join(f"First{n},Last{n},HU\n" for n in range(1, 9))


@pytest.fixture
def mj(tmp_path: Path) -> Cli:
    cli = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    cli("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "2")
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    cli("players", "import", str(players), "--check-in")
    cli("seating", "publish")
    return cli


def _play_session_1(mj: Cli) -> None:
    mj.totals(1, 1, 40, 20, -20, -40)
    mj.totals(1, 2, 30, 10, -10, -30)


def test_seat_hide_reveal_with_json(mj: Cli) -> None:
    _play_session_1(mj)
    standings = mj.json("standings")
    order = [row["player"] for row in standings["ranked"]]  # type: ignore[index]
    seated = mj.json("finals", "seat", "--session", "2", "--mode", "by-rank", "--count", "8")
    assert seated["recorded"][0]["kind"] == "finals-seated"  # type: ignore[index]
    log = SqlEventLog.open(mj.env["MJREF_DB"])
    try:
        flat = [int(p) for table in ts.seating(log, "cup", 2) for p in table]
    finally:
        log.close()
    assert flat == order
    hidden = mj.json("finals", "hide", "--from-session", "2")
    assert hidden["recorded"][0]["kind"] == "standings-hidden"  # type: ignore[index]
    text = mj("finals", "reveal", "--lang", "fr")
    assert text.stdout.strip()
    refused = mj("finals", "reveal", code=2)
    assert refused.stderr.startswith("error: ")
    assert "not hidden" in refused.stderr


def test_refusals_are_one_line(mj: Cli) -> None:
    early = mj("finals", "seat", "--session", "2", code=2)
    assert "session 1" in early.stderr
    assert early.stderr.count("\n") == 1
    mode = mj("finals", "seat", "--session", "2", "--mode", "sideways", code=2)
    assert "top-4" in mode.stderr
    _play_session_1(mj)
    count = mj("finals", "seat", "--session", "2", "--mode", "by-rank", "--count", "6", code=2)
    assert "tables of four" in count.stderr
    assert mj("finals", "hide", "--from-session", "3", code=2).stderr.startswith("error: ")


runner = CliRunner()
FUZZ = settings(max_examples=40, deadline=5000, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@FUZZ
@given(
    session=st.text(max_size=6) | st.integers(-5, 200).map(str),
    mode=st.text(max_size=12) | st.sampled_from(["top-4", "by-rank", "TOP-4"]),
    count=st.text(max_size=6) | st.integers(-5, 50).map(str),
)
def test_any_finals_input_is_answered_without_a_traceback(
    tmp_path_factory: pytest.TempPathFactory, session: str, mode: str, count: str
) -> None:
    db = f"sqlite:///{tmp_path_factory.mktemp('fz')}/t.db"
    env = {"MJREF_DB": db, "MJREF_TOURNAMENT": "cup", "MJREF_ACTOR": "fuzz"}
    runner.invoke(app, ["tournament", "new", "cup", "--name", "C", "--sessions", "2"], env=env)
    for args in (
        ["finals", "seat", "--session", session, "--mode", mode, "--count", count],
        ["finals", "hide", "--from-session", session],
    ):
        result = runner.invoke(app, args, env=env)
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.stdout + result.stderr
        assert result.exit_code in (0, 2), (args, result.stdout, result.stderr)
        if result.exit_code == 2:
            assert result.stderr.startswith("error: ")
            assert result.stderr.count("\n") == 1

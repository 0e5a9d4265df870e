"""``mjref teams``: the team standings as text and JSON, with --best, in another language,
and a bad --best refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_tournament_mcr_e2e import Cli


@pytest.fixture
def mj(tmp_path: Path) -> Cli:
    cli = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    cli("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "2")
    return cli


def test_teams(mj: Cli) -> None:
    assert "no teams" in mj("teams").stdout
    mj.add_players(["Red"] * 4 + ["Blue"] * 4)
    mj("seating", "publish", "--seed", "1")
    for table in (1, 2):
        mj("result", "--session", "1", "--table", str(table), "--scores", "30,10,-10,-30")
    shown = mj.json("teams", "--best", "2")
    assert shown["rule"] == "best-2"  # type: ignore[index]
    assert {t["team"] for t in shown["teams"]} == {"Red", "Blue"}  # type: ignore[index]
    assert all(len(t["counted"]) == 2 for t in shown["teams"])  # type: ignore[index]
    assert "1. " in mj("teams", "--lang", "hu").stdout
    bad = mj("teams", "--best", "0", code=2)
    assert bad.stderr.startswith("error:")


def test_the_csv_file_is_safe_to_open(mj: Cli) -> None:
    mj.add_players(["=SUM(A1)"] * 4)
    mj("seating", "publish", "--seed", "1")
    mj("result", "--session", "1", "--table", "1", "--scores", "30,10,-10,-30")
    lines = mj("teams", "--csv").stdout.splitlines()
    assert lines[0] == "Place,Team,Total,Players"
    assert lines[1].startswith("1,'=SUM(A1),")

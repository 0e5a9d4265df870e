"""``mjref team register|add|remove|list`` and ``mjref ema readings`` on both databases:
teams registered with their members (the players file's ``team`` column too), the team
standings then the registered teams, the fold's refusals in one line; the EMA readings
shown with what each does, changed with who and when, an unknown one refused; hypothesis
on the team names and the players file's ``team`` cells."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.cli.main import app
from tests.cli.test_tournament_mcr_e2e import Cli


@pytest.fixture
def mj(database: str, tid: str) -> Cli:
    cli = Cli(database, tid)
    cli("tournament", "new", tid, "--name", "Cup", "-r", "mers-2010", "--sessions", "2")
    return cli


def test_teams_registered_then_the_standings_use_them(mj: Cli, tmp_path: Path) -> None:
    mj.add_players(["Red"] * 4 + ["Blue"] * 4)
    shown = mj.json("team", "list")
    assert shown["source"] == "clubs"  # type: ignore[index]
    assert "no team is registered" in mj("team", "list").stdout
    made = mj.json("team", "register", "--team", "Odd", "--members", "1", "--members", "3")
    assert made["recorded"][0]["kind"] == "team-registered"  # type: ignore[index]
    mj("team", "add", "--team", "odd", "--player", "5")
    mj("team", "register", "--team", "Even", "--members", "2", "--members", "4")
    mj("team", "remove", "--team", "Odd", "--player", "3")
    refused = mj("team", "add", "--team", "Even", "--player", "1", code=2)
    assert "player 1 is already in team 'Odd': remove them from it first" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    unknown = mj("team", "add", "--team", "Nobody", "--player", "7", code=2)
    assert "no team 'Nobody' is registered" in unknown.stderr
    players = tmp_path / "more.csv"
    players.write_text("first_name,last_name,country,team\nNew,One,HU,Even\n", encoding="utf-8")
    mj("players", "import", str(players))
    listed = mj.json("team", "list")
    assert listed["source"] == "registered"  # type: ignore[index]
    assert [(t["team"], [m["player"] for m in t["members"]]) for t in listed["registered"]] == [  # type: ignore[index]
        ("Even", [2, 4, 9]),
        ("Odd", [1, 5]),
    ]
    assert "Odd: 1 F1 L1, 5 F5 L5" in mj("team", "list").stdout
    mj("seating", "publish", "--seed", "1")
    for table in (1, 2):
        mj("result", "--session", "1", "--table", str(table), "--scores", "30,10,-10,-30")
    assert "teams: the registered teams" in mj("teams").stdout
    standings = mj.json("teams")
    assert {t["team"] for t in standings["teams"]} == {"Odd", "Even"}  # type: ignore[index]
    assert "Odd" in mj("teams", "--csv").stdout
    assert "Red" not in mj("teams", "--csv").stdout


def test_ema_readings_shown_changed_and_refused(mj: Cli) -> None:
    shown = mj("ema", "readings").stdout
    assert "A base rank that is not a whole number: base-rank-truncate (base ranks cut" in shown
    assert "the defaults (never changed)" in shown
    changed = mj("ema", "readings", "--base-rank", "base-rank-exact", "--no-world-championships")
    assert "ema-readings-set" in changed.stdout
    assert "by head referee" in changed.stdout
    found = mj.json("ema", "readings")
    readings = found["readings"]  # type: ignore[index]
    assert readings["base_rank"]["reading"] == "base-rank-exact"
    assert readings["world_championships"]["reading"] == "wc-excluded"
    assert readings["age"]["reading"] == "age-inclusive"
    assert found["set"]["actor"] == "head referee"  # type: ignore[index]
    hu = mj("ema", "readings", "--lang", "hu").stdout
    assert "base-rank-exact" in hu
    assert "base ranks kept exact" not in hu  # the description in Hungarian
    refused = mj("ema", "readings", "--tie", "tie-coin", code=2)
    assert "unknown reading 'tie-coin'" in refused.stderr


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=st.text(max_size=260))
def test_any_team_name_is_recorded_or_refused_in_one_line(mj: Cli, name: str) -> None:
    if name.startswith("-") or "\x00" in name:
        return  # an option's name / a NUL cannot be an argument of a process
    result = mj.runner.invoke(app, ["team", "register", "--team", name, "--json"], env=mj.env)
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 0:
        recorded = json.loads(result.stdout)["recorded"][0]["event"]
        assert recorded["team"] == name.strip()
    else:
        assert result.stderr.startswith("error: ")
        assert len(result.stderr.strip().splitlines()) == 1


def test_the_organisers_rule_for_the_team_standings(mj: Cli) -> None:
    mj.add_players(["Red"] * 4 + ["Blue"] * 4)
    mj("seating", "publish", "--seed", "1")
    for table in (1, 2):
        mj("result", "--session", "1", "--table", str(table), "--scores", "30,10,-10,-30")
    every = mj.json("teams")
    assert every["rule"] == "all"  # type: ignore[index]
    set_rule = mj.json("team", "rule", "--best", "2")
    assert set_rule["recorded"][0]["kind"] == "team-rule-set"  # type: ignore[index]
    ruled = mj.json("teams")
    assert ruled["rule"] == "best-2"  # type: ignore[index]
    assert all(len(t["counted"]) == 2 for t in ruled["teams"])  # type: ignore[index, union-attr]
    assert mj.json("teams", "--best", "4")["rule"] == "best-4"  # type: ignore[index]
    mj("team", "rule")
    assert mj.json("teams")["rule"] == "all"  # type: ignore[index]
    refused = mj("team", "rule", "--best", "0", code=2)
    assert "--best" in refused.stderr

"""``mjref seating publish --teams-apart``: the clubs' players never share a table, the
JSON's method ends with the count of team-mates who still meet; refused with --draw."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from tests.cli.test_tournament_mcr_e2e import Cli

CLUBS = ("Red", "Blue", "Green", "White")


def _add(mj: Cli) -> dict[int, str]:
    clubs = {n: CLUBS[n % 4] for n in range(1, 17)}
    mj.add_players([clubs[n] for n in range(1, 17)])
    return clubs


def test_teams_apart_as_json(tmp_path: Path) -> None:
    mj = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    mj("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "4")
    clubs = _add(mj)
    assert "--teams-apart" in mj("seating", "publish", "--help").stdout
    refused = mj("seating", "publish", "--teams-apart", "--draw", "x" * 40, code=2)
    assert "error: --teams-apart: teams cannot be kept apart in a drawn seating" in refused.stderr
    shown: Any = mj.json("seating", "publish", "--teams-apart", "--seed", "5")
    assert len(shown["sessions"]) == 4
    for session in shown["sessions"]:
        for table in session["tables"]:
            players = list(table["seats"].values())
            assert len(players) == 4
            for a, b in itertools.combinations(players, 2):
                assert clubs[a] != clubs[b], (session, table)
    last = shown["method_steps"][-1]
    assert last["key"] == "seating.method.teams-apart"
    assert last["params"] == {"teams": 4, "meetings": 0}
    assert "pairs of team-mates still at one table: 0" in shown["method"]


def test_the_count_in_another_language(tmp_path: Path) -> None:
    mj = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    mj("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "4")
    _add(mj)
    shown = mj("seating", "publish", "--teams-apart", "--lang", "nl").stdout
    assert "paren teamgenoten nog aan één tafel: 0" in shown

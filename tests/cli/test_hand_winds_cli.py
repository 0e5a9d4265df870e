"""``mjref hand --tiles``: the hand is judged with the winds of its hand number at the
table, from the seating (docs/tournament.md, "The winds of a hand"); --seat and
--prevalent replace them only with --winds-reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_tournament_mcr_e2e import Cli

# Table 1 of session 1: players 1, 2, 3, 4 start East, South, West, North. At hand 5 (the
# South round, after the seat change) 1 is South, 2 East, 3 North, 4 West.
PLAN = {"players": 8, "sessions": [[[1, 2, 3, 4], [5, 6, 7, 8]]]}
# A pung of South: 19 with no wind of the hand, 20 with Prevalent Wind, 22 with Seat Wind too.
SOUTH_PUNG = "[SSS]123m456m789m1p+1p"


@pytest.fixture
def mj(tmp_path: Path) -> Cli:
    cli = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    cli("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "1")
    for n in range(1, 9):
        cli(
            "players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", "FR", "--check-in"
        )
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(PLAN), encoding="utf-8")
    cli("seating", "publish", "--plan", str(plan))
    return cli


def hand(mj: Cli, number: int, winner: int, *extra: str, code: int = 0) -> str:
    args = ["hand", "--session", "1", "--table", "1", "--hand", str(number)]
    args += ["--winner", str(winner), "--discarder", "4", "--tiles", SOUTH_PUNG, *extra]
    result = mj(*args, code=code)
    return result.stdout if code == 0 else result.stderr


def test_the_prevalent_wind_follows_the_hand_number(mj: Cli) -> None:
    first = hand(mj, 1, 3)
    assert "hand 1 (19 points)" in first
    assert "hand 1 judged with the winner's seat wind W and the prevalent wind E" in first
    fifth = hand(mj, 5, 3)
    assert "hand 5 (20 points)" in fifth  # Prevalent Wind
    assert "seat wind N and the prevalent wind S" in fifth
    sixth = json.loads(hand(mj, 6, 2, "--json"))
    event = sixth["recorded"]["event"]
    # Hand 6: 2 (East at hand 5) is North; no wind of the hand for 2 but the prevalent.
    assert (event["seat_wind"], event["prevalent_wind"], event["winds_reason"]) == ("N", "S", "")
    assert sixth["points"] == 20


def test_the_winners_seat_wind_follows_the_seat_change(mj: Cli) -> None:
    assert "hand 5 (22 points)" in hand(mj, 5, 1)  # 1 sits South in the South round


def test_other_winds_need_a_reason(mj: Cli) -> None:
    refused = hand(mj, 1, 3, "--prevalent", "S", code=2)
    assert refused.startswith("error: the winds of hand 1 follow from the seating")
    alone = hand(mj, 1, 3, "--winds-reason", "why", code=2)
    assert "a reason for the winds goes with" in alone
    bad = hand(mj, 1, 3, "--seat", "X", "--winds-reason", "why", code=2)
    assert bad.startswith("error:")
    given = json.loads(
        hand(mj, 1, 3, "--prevalent", "s", "--winds-reason", "South round played first", "--json")
    )
    assert given["points"] == 20
    event = given["recorded"]["event"]
    assert (event["seat_wind"], event["prevalent_wind"]) == ("W", "S")
    assert event["winds_reason"] == "South round played first"


def test_after_the_16th_hand_the_winds_are_given(mj: Cli) -> None:
    refused = hand(mj, 17, 3, code=2)
    assert "an MCR game has 16 hands" in refused
    given = hand(mj, 17, 3, "--seat", "S", "--prevalent", "E", "--winds-reason", "extra hand")
    assert "hand 17 (20 points)" in given


def test_the_refusal_in_another_language(mj: Cli) -> None:
    refused = hand(mj, 1, 3, "--seat", "S", "--lang", "fr", code=2)
    assert refused.startswith("error: les vents de la main 1 découlent du placement")

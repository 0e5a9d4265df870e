"""``mjref riichi-hand`` on SQLite and PostgreSQL: the 2016 and 2012 hanchans worked by hand
in ``tests/scoring/test_riichi_game.py`` entered hand by hand at table 1, the same final
scores as a score sheet at table 2: the standings give both tables' players the same points
and uma (the 2016 chombo 20,000 after uma on top); readable output, --json, --lang, a
correction, and bad input as one error line."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from mjref.scoring.riichi_game import HandPlay
from tests.cli.test_tournament_mcr_e2e import Cli
from tests.scoring.test_riichi_game import HANCHAN_2012, HANCHAN_2016, Walk


def _args(number: int, hand: HandPlay) -> list[str]:
    args = ["riichi-hand", "--session", "1", "--table", "1", "--hand", str(number)]
    args += ["--outcome", hand.outcome.value]
    for w in hand.wins:
        value = w.value
        text = f"{value.yakuman}xyakuman" if value.yakuman else f"{value.han}:{value.fu}"
        args += ["--win", f"{w.seat + 1}:{text}"]
    if hand.discarder is not None:
        args += ["--discarder", str(hand.discarder + 1)]
    for seat in sorted(hand.riichi):
        args += ["--riichi", str(seat + 1)]
    for seat in sorted(hand.tenpai):
        args += ["--tenpai", str(seat + 1)]
    if hand.offender is not None:
        args += ["--offender", str(hand.offender + 1)]
    return args


def _tournament(database: str, ruleset: str, tmp_path: Path) -> Cli:
    tid = f"rh-{uuid.uuid4().hex[:8]}"
    cli = Cli(database, tid)
    cli("tournament", "new", tid, "--name", "Hands", "-r", ruleset, "--sessions", "1")
    for n in range(1, 9):
        cli(
            "players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", "DK", "--check-in"
        )
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"players": 8, "sessions": [[[1, 2, 3, 4], [5, 6, 7, 8]]]}))
    cli("seating", "publish", "--plan", str(plan))
    return cli


@pytest.mark.parametrize(
    ("ruleset", "walk", "chombo"),
    [("rcr-2016", HANCHAN_2016, (0, 0, 0, 20000)), ("rcr-2012", HANCHAN_2012, (0, 0, 0, 0))],
)
def test_a_hanchan_hand_by_hand_equals_its_score_sheet(
    database: str, tmp_path: Path, ruleset: str, walk: Walk, chombo: tuple[int, ...]
) -> None:
    cli = _tournament(database, ruleset, tmp_path)
    data: object = None
    for number, (hand, scores, _, _, _) in enumerate(walk, start=1):
        data = cli.json(*_args(number, hand))
        assert data["scores"] == {str(p + 1): s for p, s in enumerate(scores)}  # type: ignore[index]
    assert data["over"] is True  # type: ignore[index]
    finals = [data["scores"][str(p)] for p in (1, 2, 3, 4)]  # type: ignore[index]
    sticks = data["next"]["sticks"]  # type: ignore[index]
    cli(
        "result",
        "--session",
        "1",
        "--table",
        "2",
        "--scores",
        ",".join(map(str, finals)),
        "--sticks",
        str(sticks),
    )
    for seat in range(4):
        by_hand = cli.json("standings", "--player", str(seat + 1))["sessions"][0]  # type: ignore[index]
        by_sheet = cli.json("standings", "--player", str(seat + 5))["sessions"][0]  # type: ignore[index]
        assert (by_hand["points"], by_hand["uma"]) == (by_sheet["points"], by_sheet["uma"])
        assert by_hand["total"] == by_sheet["total"] - chombo[seat]
    # The south round is over: a further hand is refused in one line.
    refused = cli(*_args(len(walk) + 1, walk[-1][0]), code=2)
    assert "the game is over" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


def test_readable_output_a_correction_and_bad_input(database: str, tmp_path: Path) -> None:
    cli = _tournament(database, "rcr-2016", tmp_path)
    first = cli.json(*_args(1, HANCHAN_2016[0][0]))
    seq = first["recorded"]["position"]  # type: ignore[index]
    text = cli(*_args(2, HANCHAN_2016[1][0])).stdout
    assert "hand 2: 1: -1500, 2: +500, 3: +1500, 4: -1500" in text
    assert "scores: 1: 34500, 2: 28500, 3: 29500, 4: 26500" in text
    assert "next: E2 (prevalent wind E), player 2 deals, 2 counter(s), 1 riichi" in text
    # Correct hand 1: a 1 han 30 fu tsumo by the dealer without riichi.
    fixed = cli.json(
        "riichi-hand",
        "--session",
        "1",
        "--table",
        "1",
        "--hand",
        "1",
        "--outcome",
        "tsumo",
        "--win",
        "1:1:30",
        "--correct",
        str(seq),
        "--reason",
        "misread the sheet",
    )
    assert fixed["scores"] == {"1": 31500, "2": 29500, "3": 29500, "4": 29500}  # type: ignore[index]
    hu = cli(
        "riichi-hand",
        "--session",
        "1",
        "--table",
        "1",
        "--hand",
        "3",
        "--outcome",
        "draw",
        "--lang",
        "hu",
    ).stdout
    assert "3. kéz" in hu
    for bad, words in (
        (["--win", "1:x:30"], "PLAYER:HAN:FU"),
        (["--win", "9:3:30", "--discarder", "2"], "does not play at table 1"),
        (["--outcome", "yakitori"], "ron, tsumo, draw, abortive, chombo, nagashi"),
        (["--outcome", "nagashi", "--win", "1"], "rcr-2016 has no nagashi mangan"),
    ):
        args = ["riichi-hand", "--session", "1", "--table", "1", "--hand", "4"]
        if "--outcome" not in bad:
            args += ["--outcome", "ron"]
        result = cli(*args, *bad, code=2)
        assert words in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_nagashi_mangan_and_a_liable_player_from_the_command_line(
    database: str, tmp_path: Path
) -> None:
    cli = _tournament(database, "rcr-2012", tmp_path)
    start = ["riichi-hand", "--session", "1", "--table", "1"]
    nagashi = cli.json(*start, "--hand", "1", "--outcome", "nagashi", "--win", "3")
    assert nagashi["changes"] == {"1": -4000, "2": -2000, "3": 8000, "4": -2000}  # type: ignore[index]
    pao = cli.json(
        *start, "--hand", "2", "--outcome", "ron", "--win", "2:yakuman,pao=4", "--discarder", "1"
    )
    assert pao["changes"] == {"1": -24000, "2": 48000, "3": 0, "4": -24000}  # type: ignore[index]
    assert pao["wins"][0]["liable"] == 4  # type: ignore[index]
    for bad, words in (
        (["--outcome", "ron", "--win", "2:yakuman,pao=x", "--discarder", "1"], "pao=PLAYER"),
        (["--outcome", "ron", "--win", "2:3:30,pao=4", "--discarder", "1"], "give the hand as a"),
        (["--outcome", "tsumo", "--win", "2"], "needs its value"),
        (["--outcome", "nagashi", "--win", "2:3:30"], "without a value"),
    ):
        refused = cli(*start, "--hand", "3", *bad, code=2)
        assert words in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1


def test_a_player_enters_hands_and_another_confirms_them(database: str, tmp_path: Path) -> None:
    cli = _tournament(database, "rcr-2016", tmp_path)
    codes = {c["player"]: c["code"] for c in cli.json("players", "codes")}  # type: ignore[index, union-attr]
    by_1 = ("--proposed-by", "1", "--code", str(codes[1]))
    for number, (hand, *_) in enumerate(HANCHAN_2016[:2], start=1):
        cli(*_args(number, hand), *by_1)
    waiting = cli.json("pending", "--session", "1")
    assert waiting["hands_awaiting"] == [{"session": 1, "table": 1}]  # type: ignore[index]
    assert "riichi hands entered by a player await confirmation" in cli("pending").stdout
    confirm = ("riichi-confirm", "--session", "1", "--table", "1", "--hands", "2")
    own = cli(*confirm, "--player", "1", "--code", str(codes[1]), code=2)
    assert "another player of the table" in own.stderr
    stale = cli(*confirm[:-1], "3", "--player", "2", "--code", str(codes[2]), code=2)
    assert "has 2 hand(s) now, not 3" in stale.stderr
    done = cli.json(*confirm, "--player", "2", "--code", str(codes[2]))
    assert done["recorded"][0]["kind"] == "riichi-hands-confirmed"  # type: ignore[index]
    assert cli.json("pending", "--session", "1")["hands_awaiting"] == []  # type: ignore[index]
    # The third hand by player 3, confirmed by an official (no --player).
    cli(*_args(3, HANCHAN_2016[2][0]), "--proposed-by", "3", "--code", str(codes[3]))
    cli(*confirm[:-1], "3")
    nothing = cli(*confirm[:-1], "3", code=2)
    assert "no hands awaiting confirmation" in nothing.stderr

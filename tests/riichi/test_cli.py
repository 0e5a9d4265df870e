"""``mjref riichi judge``: the readable verdict, --json, --jsonl, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjref.cli.exits import Exit
from mjref.cli.main import app

runner = CliRunner()
CONTRACT_LINE = json.dumps(
    {
        "melds": [{"type": "pung", "tiles": ["P", "P", "P"], "concealed": False, "claimed": 2}],
        "concealed": ["2m", "3m", "4m", "5p", "6p", "7p", "3s", "3s", "6s", "7s"],
        "win_tile": "8s",
        "seat_wind": "S",
        "dora_indicators": ["9p"],
    }
)


def judge(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["riichi", "judge", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_a_valid_win_reads_well_and_exits_0() -> None:
    code, out, _ = judge("[PPP]234m567p33s67s+8s", "--seat", "S", "--dora", "9p")
    assert code == Exit.OK
    assert "Valid win: yes" in out
    assert "Yakuhai (haku): 1 han" in out
    assert "Han 1, fu 30 (base 20, open pung of terminals or honours 4)" in out
    assert "Payment: the discarder pays 1,000" in out


def test_corrections_are_shown_with_their_clause() -> None:
    code, out, _ = judge("EEESSSWWWNN11m+N", "--seat", "S", "--ruleset", "rcr-2012", "--self-drawn")
    assert code == Exit.OK
    assert "daisuushii-double-yakuman [rcr-2012:4.2.5]" in out
    assert "the dealer pays 32,000, each other player 16,000" in out


def test_an_invalid_win_exits_1_with_the_penalty() -> None:
    code, out, _ = judge("123m456p789s55p24m+7m", "--riichi", "--seat", "W")
    assert code == Exit.NOT_A_WIN
    assert "not-a-winning-shape [rcr-2016:3.2]" in out
    assert "Penalty [rcr-2016:3.4.6]: chombo: 20,000 points deducted" in out


def test_a_dead_hand_is_said_so() -> None:
    code, out, _ = judge("[123m]456p789s55p23m+4m", "--riichi", "--ruleset", "rcr-2012")
    assert code == Exit.NOT_A_WIN
    assert "Dead hand" in out
    assert "pays 4,000 to each other player" in out


def test_impossible_facts_exit_2_on_stderr() -> None:
    code, out, err = judge("123m456p789s55p23m+4m", "--ippatsu")
    assert code == Exit.BAD_INPUT
    assert out == ""
    assert err == ("error: the hand cannot be judged: ippatsu without riichi or double riichi\n")


def test_prevalent_wind_is_spelled_as_for_mcr() -> None:
    code, out, _ = judge("[PPP]234m567p33s67s+8s", "--seat", "S", "--prevalent", "S")
    assert code == Exit.OK
    assert "round S" in out
    code, _, err = judge("[PPP]234m567p33s67s+8s", "--round", "S")
    assert code == Exit.BAD_INPUT
    assert err.startswith("error: no such option: --round")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["123m456p789s55p23m+4x"], "column 21 of '123m456p789s55p23m+4x': unknown character 'x'"),
        (["123m+4m", "--ruleset", "wrc"], "unknown riichi ruleset 'wrc'"),
        (["123m+4m", "--seat", "X"], "--seat: 'X' is not a wind"),
        (["123m+4m", "--red-fives", "z"], "--red-fives: 'z' is not a suit with a red five"),
        (["123m+4m", "--dora", "0p"], "0 is not a tile of suit 'p'"),
        (["123m+4m", "--honba", "99999999999999999999"], "--honba: 99999999999999999999 is"),
        (["123m+4m", "--riichi-sticks", "101"], "--riichi-sticks: 101 is out of range (0 to 100)"),
        (["123m+4m", "--tsumo"], "no such option: --tsumo"),
        ([], "give a hand in notation"),
        (["123m+4m", "--jsonl"], "--jsonl reads hands from standard input"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = judge(*args)
    assert code == Exit.BAD_INPUT
    assert out == ""
    assert err.startswith("error: ")
    assert message in err
    assert "Traceback" not in err


def test_negative_honba_is_a_usage_error() -> None:
    code, _, err = judge("123m456p789s55p23m+4m", "--honba", "-1")
    assert code == 2
    assert err == "error: --honba: -1 is out of range (0 to 100)\n"


def test_json_output() -> None:
    code, out, _ = judge("[PPP]234m567p33s67s+8s", "--seat", "S", "--json")
    data = json.loads(out)
    assert code == Exit.OK
    assert (data["valid"], data["hand_points"], data["yaku"]) == (
        True,
        1000,
        [{"name": "Yakuhai (haku)", "han": 1}],
    )


def test_jsonl_one_line_out_per_line_in_with_bad_lines() -> None:
    stdin = "\n".join([CONTRACT_LINE, "not json", "", '{"concealed": []}', CONTRACT_LINE]) + "\n"
    code, out, err = judge("--jsonl", stdin=stdin)
    assert code == Exit.OK
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == 5
    results = [json.loads(x) for x in lines]
    assert [r["valid"] for r in results] == [True, False, False, False, True]
    assert [r["judged"] for r in results] == [True, False, False, False, True]
    assert [r["findings"][0]["code"] for r in results[1:4]] == [
        "bad-json",
        "empty-line",
        "bad-field",
    ]


def test_jsonl_default_ruleset_comes_from_the_option() -> None:
    code, out, _ = judge("--jsonl", "--ruleset", "rcr-2012", stdin=CONTRACT_LINE)
    assert code == Exit.OK
    assert json.loads(out)["ruleset"] == "rcr-2012"


def test_jsonl_empty_stream() -> None:
    assert judge("--jsonl", stdin="") == (Exit.OK, "", "")


def test_jsonl_line_that_is_not_utf8_gets_its_answer_like_mcr() -> None:
    code, out, err = judge("--jsonl", stdin=CONTRACT_LINE.encode() + b"\n\xff\xfe\n")
    assert code == Exit.OK
    assert err == ""
    answers = [json.loads(x) for x in out.splitlines()]
    assert [a["judged"] for a in answers] == [True, False]
    assert answers[1]["findings"][0]["code"] == "bad-encoding"


def test_the_installed_command_runs_as_a_process() -> None:
    done = subprocess.run(
        [str(Path(sys.executable).parent / "mjref"), "riichi", "judge", "--jsonl"],
        input=CONTRACT_LINE + "\n{}\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert [json.loads(x)["valid"] for x in done.stdout.splitlines()] == [True, False]

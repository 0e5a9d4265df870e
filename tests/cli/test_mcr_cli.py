"""``mjref mcr`` and ``mjref demo`` on the command line (Typer's runner, real parsing)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mjref.cli.exits import Exit
from mjref.cli.main import app

runner = CliRunner()

ISSUE_HAND = "[123s](7777p)EE45678s+9s"


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_readable_verdict_of_a_valid_win() -> None:
    code, out, _ = run("mcr", "judge", ISSUE_HAND, "--prevalent", "S", "--flowers", "2")
    assert code == Exit.OK
    assert "Pure Straight (28)" in out
    assert "Total: 21 (19 without flowers)" in out
    assert "VALID WIN" in out
    assert "the discarder pays 29, the other two pay 8 each" in out


def test_false_hu_under_eight_exits_1_with_the_class() -> None:
    code, out, _ = run("mcr", "judge", "[123s][456p]678m11p99s+9s")
    assert code == Exit.NOT_A_WIN
    assert "FALSE HU - dead hand, 10 points to each opponent (mers-2008:2.10.2)" in out


def test_invalid_hand_exits_1_with_the_20_point_class() -> None:
    code, out, _ = run("mcr", "judge", "123m456p789s11pEE+S")
    assert code == Exit.NOT_A_WIN
    assert "20 points to each opponent" in out
    assert "not-a-winning-shape" in out


def test_bad_notation_is_an_error_naming_the_column() -> None:
    code, out, err = run("mcr", "judge", "[135m]456p789s11pEE+E")
    assert code == Exit.BAD_INPUT
    assert out == ""
    assert "error: column 1 of '[135m]456p789s11pEE+E': 135m is not a chow, pung or kong" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "X"], "'X' is not a wind"),
        (["--convention", "nope"], "unknown scoring convention 'nope'"),
        (["--convention", "ema"], "'ema' is ema-2009, not a scoring convention"),
        (["--option", "D6"], "--option: takes NAME=VALUE (e.g. D6=self-drawn), not 'D6'"),
        (["--option", "D6=self-drawn", "--option", "D6=x"], "--option: D6 is given more than once"),
        (["--flowers", "9"], "--flowers: 9 is out of range (0 to 8)"),
        (["--flowers", "9" * 5000], "--flowers: "),
        (["--seat", "S", "--seat", "W"], "--seat is given more than once"),
        (["--visible", "1x"], "unknown character 'x'"),
        (["--lang", "de"], "--lang: unknown language 'de'"),
        (["--bogus"], "no such option: --bogus"),
        (["--option", "D6=maybe"], "'maybe' is not a reading of D6"),
        (["--option", "D9=yes"], "green-book has no reading or option 'D9'"),
    ],
)
def test_bad_options_are_errors(args: list[str], message: str) -> None:
    code, out, err = run("mcr", "judge", ISSUE_HAND, *args)
    assert code == Exit.BAD_INPUT
    assert out == ""
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert message in err


def test_json_output_follows_the_contract() -> None:
    code, out, _ = run("mcr", "judge", ISSUE_HAND, "--prevalent", "S", "--flowers", "2", "--json")
    assert code == Exit.OK
    verdict = json.loads(out)
    assert verdict["valid"] is True
    assert verdict["fans"][0] == {
        "name": "Pure Straight",
        "points": 16,
        "count": 1,
        "sets": [["[123s]", "456s", "789s"]],
    }
    assert (verdict["total"], verdict["total_ex_flowers"], verdict["reaches_8"]) == (21, 19, True)
    assert verdict["false_hu"] is None


def test_convention_and_option_change_the_reading() -> None:
    hand = "2244m5588p3377sW+W"
    _, green, _ = run("mcr", "judge", hand, "--self-drawn", "--json")
    _, mil, _ = run("mcr", "judge", hand, "--self-drawn", "--json", "--convention", "mil")
    _, switched, _ = run(
        "mcr", "judge", hand, "--self-drawn", "--json", "--option", "D6=self-drawn"
    )
    assert json.loads(green)["total"] == 28
    assert json.loads(mil)["total"] == 25
    assert json.loads(switched)["total"] == 25
    assert json.loads(green)["disputed"][0]["point"] == "D6"


def test_winning_tile_not_shown_voids_the_wait() -> None:
    code, out, _ = run(
        "mcr", "judge", "[123s][456p]789mEEES+S", "--winning-tile-not-shown", "--json"
    )
    verdict = json.loads(out)
    assert code == Exit.OK
    assert [v["name"] for v in verdict["voided"]] == ["Single Wait"]
    assert "Single Wait" not in [f["name"] for f in verdict["fans"]]


def test_jsonl_answers_every_line_in_order() -> None:
    good = {
        "id": "a",
        "melds": [
            {"type": "chow", "tiles": ["1s", "2s", "3s"], "concealed": False, "claimed": 1},
            {"type": "kong", "tiles": ["7p"] * 4, "concealed": True, "claimed": None},
        ],
        "concealed": ["E", "E", "4s", "5s", "6s", "7s", "8s"],
        "win_tile": "9s",
        "prevalent_wind": "S",
        "flowers": 2,
    }
    lines = [
        json.dumps(good),
        "not json",
        json.dumps({"id": 3, "concealed": ["1x"], "win_tile": "1m"}),
        json.dumps({"concealed": ["1m"] * 13, "win_tile": "1m"}),
        "",
        json.dumps({**good, "convention": "mil", "id": "b"}),
    ]
    code, out, _ = run("mcr", "judge", "--jsonl", stdin="\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == Exit.OK
    assert len(answers) == len(lines)
    assert answers[0]["id"] == "a"
    assert answers[0]["total"] == 21
    assert answers[1]["judged"] is False
    assert answers[1]["findings"][0]["code"] == "bad-json"
    assert answers[2]["id"] == 3
    assert "concealed[0]: '1x' is not a tile code" in answers[2]["findings"][0]["text"]
    assert answers[2]["findings"][0]["key"] == "json.bad-tile"
    assert answers[2]["findings"][0]["params"] == {"field": "concealed[0]", "code": "1x"}
    # A fifth copy is impossible input: not judged, and no false hu.
    assert answers[3]["valid"] is False
    assert answers[3]["judged"] is False
    assert [f["code"] for f in answers[3]["findings"]] == ["fifth-copy"]
    assert answers[3]["false_hu"] is None
    assert answers[4]["judged"] is False
    assert answers[4]["findings"][0]["code"] == "empty-line"
    assert answers[5]["convention"] == "mil"
    assert answers[5]["id"] == "b"


def test_jsonl_default_convention_comes_from_the_option() -> None:
    hand = {
        "concealed": ["2m", "2m", "4m", "4m", "5p", "5p", "8p", "8p", "3s", "3s", "7s", "7s", "W"],
        "win_tile": "W",
        "self_drawn": True,
    }
    _, out, _ = run("mcr", "judge", "--jsonl", "--convention", "mil", stdin=json.dumps(hand))
    assert json.loads(out)["convention"] == "mil"
    assert json.loads(out)["total"] == 25


def test_jsonl_line_that_is_not_utf8_still_gets_an_answer() -> None:
    code, out, _ = run("mcr", "judge", "--jsonl", stdin=b'{"a": "\xff"}\n')
    assert code == Exit.OK
    assert json.loads(out)["findings"][0]["code"] == "bad-encoding"


def test_a_hand_without_a_winning_tile_is_bad_input_not_a_false_hu() -> None:
    code, out, err = run("mcr", "judge", "123m456p789s11pEE")
    assert code == Exit.BAD_INPUT
    assert out == ""
    assert err == "error: the hand cannot be judged: no winning tile is given\n"


def test_a_declared_hand_that_is_not_a_win_stays_a_false_hu() -> None:
    code, out, _ = run("mcr", "judge", "123s456p789m11p9s+9s", "--json")
    verdict = json.loads(out)
    assert code == Exit.NOT_A_WIN
    assert (verdict["judged"], verdict["valid"]) == (True, False)
    assert [f["code"] for f in verdict["findings"]] == ["tile-count"]
    assert verdict["false_hu"]["per_opponent"] == 20
    assert verdict["false_hu"]["reason"]["key"] == "mcr.false-hu.invalid"


def test_json_error_document_with_json() -> None:
    code, out, err = run("mcr", "judge", ISSUE_HAND, "--seat", "X", "--json", "--lang", "it")
    assert code == Exit.BAD_INPUT
    assert err.startswith("error: --seat: ")
    error = json.loads(out)["error"]
    assert (error["code"], error["key"], error["where"]) == (
        "bad-input",
        "hand.not-a-wind",
        "--seat",
    )
    assert error["params"] == {"value": "X"}


def test_jsonl_refuses_a_hand_argument() -> None:
    code, _, err = run("mcr", "judge", ISSUE_HAND, "--jsonl")
    assert code == Exit.BAD_INPUT
    assert "--jsonl reads hands from standard input" in err


def test_listings_as_json() -> None:
    code, out, _ = run("mcr", "fans", "--json")
    fans = json.loads(out)["fans"]
    assert code == Exit.OK
    assert len(fans) == 82
    assert fans[47] == {
        "number": 48,
        "name": "Two Concealed Kongs",
        "chinese": "双暗杠",
        "points": 8,
        "green_book": True,
    }
    code, out, _ = run("mcr", "conventions", "--json")
    shaped = json.loads(out)
    assert [c["id"] for c in shaped["conventions"]] == ["green-book", "mil"]
    assert shaped["conventions"][0]["aliases"] == ["gb", "green-book-2006"]
    assert [p["point"] for p in shaped["disputed_points"]][-1] == "D8"


def test_fans_and_conventions_listings() -> None:
    _, fans, _ = run("mcr", "fans")
    assert fans.count("\n") == 82
    assert "48   8  Two Concealed Kongs" in fans
    _, conventions, _ = run("mcr", "conventions")
    assert "green-book (aliases: gb, green-book-2006)" in conventions
    assert "D8 (green-book:D8)" in conventions


def test_demo_runs() -> None:
    code, out, _ = run("demo", "--hands")
    assert code == 0
    assert out.count("=== ") == 5
    assert "Disputed point D6" in out


def test_demo_builds_a_tournament_and_prints_its_standings() -> None:
    code, out, _ = run("demo")
    assert code == 0
    assert out.startswith("mjref Demo Open (mers-2010): 16 players, 3 sessions")
    assert "Table points" in out
    assert out.count("\n") == 3 + 17


@pytest.mark.parametrize(
    ("args", "lang", "message"),
    [
        (["--workers", "0"], "en", "'--workers': 0 is too small (at least 1)"),
        (["--workers", "65"], "en", "'--workers': 65 is too large (at most 64)"),
        (["--workers", "many"], "en", "'--workers': 'many' is not a whole number"),
        (["--workers", "0"], "it", "'--workers': 0 è troppo piccolo (almeno 1)"),
        (["--workers", "x"], "nl", "'--workers': 'x' is geen geheel getal"),
    ],
)
def test_an_option_typer_reads_is_refused_in_the_chosen_language(
    args: list[str], lang: str, message: str
) -> None:
    """Typer reads plain whole-number options itself; its complaints (not a number, out of
    bounds) are reported in the --lang language like mjref's own."""
    code, out, err = run("mcr", "judge", "--jsonl", *args, "--lang", lang, stdin="")
    assert code == Exit.BAD_INPUT
    assert out == ""
    assert err == f"error: {message}\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "no such command: nope"),
        (["mcr", "nope"], "no such command: nope"),
        (["mcr", "judg"], "no such command: judg (did you mean judge?)"),
        (["rul"], "no such command: rul (did you mean rule, rules, result?)"),
        (["mcr", "judge", ISSUE_HAND, "extra"], "unexpected argument(s): extra"),
        (["rules", "list", "a", "b"], "unexpected argument(s): a b"),
        (["mcr", "judg", "--lang", "it"], "comando inesistente: judg (forse judge?)"),
        (["mcr", "judge", "a", "b", "--lang", "nl"], "onverwachte argument(en): b"),
    ],
)
def test_unknown_commands_and_extra_arguments_are_usage_errors(
    args: list[str], message: str
) -> None:
    """Click's own complaints, reported as mjref's: one line, the --lang language, exit 2."""
    code, out, err = run(*args)
    assert code == Exit.BAD_INPUT
    assert out == ""
    assert err == f"error: {message}\n"

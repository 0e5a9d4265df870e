"""``mjref rule`` and ``mjref rules``: output, JSON in and out, clear errors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjref.cli.main import app

runner = CliRunner()


def _run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_rule_text_cites_clause_and_section() -> None:
    code, out, _ = _run("rule", "late-arrival", "-r", "mers-2008+italian", "-f", "minutes=10")
    assert code == 0
    assert "Ruling under mers-2008+italian: Late arrival" in out
    assert "10 points off the offender's score only. [mers-2008:2.3, section 2.3]" in out
    assert "Reading applied: lateness = italian." in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Dead hand: no hu"),
        ("hu", "A vétkes játékos minden más játékosnak 10 pontot fizet."),
        ("it", "Mano morta"),
        ("fr", "Main morte"),
        ("nl", "Dode hand"),
    ],
)
def test_rule_in_five_languages(lang: str, words: str) -> None:
    code, out, _ = _run(
        "rule",
        "false-hu",
        "-r",
        "mers-2010",
        "-l",
        lang,
        "-f",
        "tiles_shown=true",
        "-f",
        "hand=[123s][456p]678m11p99s+9s",
    )
    assert code == 0
    assert words in out


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        ((), 0, "The hu is valid: 9 points."),
        (("--convention", "green-book"), 0, "The hu is valid: 9 points."),
        (("--convention", "mil"), 0, "10 points to each other player"),
        (("--convention", "MIL", "--json"), 0, '"convention": "mil"'),
        (("--convention", "ema"), 2, "'ema' is ema-2009, not a scoring convention"),
    ],
)
def test_rule_takes_the_scoring_convention(args: tuple[str, ...], code: int, words: str) -> None:
    exit_code, out, err = _run(
        "rule",
        "false-hu",
        "-f",
        "tiles_shown=true",
        "-f",
        "hand=[123s](4444m)(6666p)789pW+W",
        *args,
    )
    assert exit_code == code
    assert words in out + err


def test_hand_flags_as_dotted_facts() -> None:
    code, out, _ = _run(
        "rule",
        "false-hu",
        "-f",
        "tiles_shown=yes",
        "-f",
        "hand.tiles=[123s](7777p)EE45678s+9s",
        "-f",
        "hand.flowers=2",
        "--json",
    )
    assert code == 0
    shaped = json.loads(out)
    assert shaped["consequences"][0]["kind"] == "valid-win"
    assert shaped["consequences"][0]["points"] == 21


def test_rule_json_from_stdin() -> None:
    request = {
        "incident": "claimed-tile-not-taken",
        "ruleset": "mers-2008",
        "facts": {"completed_by": ["opposite"]},
    }
    code, out, _ = _run("rule", "--json", "-l", "fr", stdin=json.dumps(request))
    assert code == 0
    shaped = json.loads(out)
    assert [c["kind"] for c in shaped["consequences"]] == ["dead-hand"]
    assert shaped["citations"][0]["clause"] == "mers-2008:2.7.3"
    assert shaped["language"] == "fr"
    assert shaped["explanation"][1].startswith("Main morte")


def test_a_fact_valued_none_is_not_missing() -> None:
    """RCR 5.1.3 with 'revealed = none', the value the incident list documents: a ruling,
    with -f and in JSON, and the JSON output feeds back in unchanged."""
    facts = ["first=hu", "second=pung", "winning_hand=false", "revealed=none"]
    args = [part for pair in facts for part in ("-f", pair)]
    code, out, err = _run("rule", "changed-call", "-r", "rcr-2016", *args)
    assert (code, err) == (0, "")
    assert "[rcr-2016:5.1.3, section 5.1.3]" in out
    request = {
        "incident": "changed-call",
        "ruleset": "rcr-2012",
        "facts": {"first": "hu", "second": "pung", "winning_hand": False, "revealed": "none"},
    }
    code, out, _ = _run("rule", "--json", stdin=json.dumps(request))
    assert code == 0
    shaped = json.loads(out)
    assert [c["kind"] for c in shaped["consequences"]] == ["dead-hand"]
    assert shaped["facts"]["revealed"] == "none"
    again = {**request, "facts": shaped["facts"]}
    code, out2, _ = _run("rule", "--json", stdin=json.dumps(again))
    assert code == 0
    assert json.loads(out2)["consequences"] == shaped["consequences"]


def test_rule_json_from_a_file_with_history(tmp_path: Path) -> None:
    request = {
        "incident": "false-set",
        "ruleset": "ema-2009",
        "player": 1,
        "game": 2,
        "facts": {"discarded": False},
        "history": [
            {"incident": "passing-information", "facts": {"about": "strategy"}, "player": 1}
        ],
    }
    path = tmp_path / "incident.json"
    path.write_text(json.dumps(request), "utf-8")
    code, out, _ = _run("rule", "--json", "--input", str(path))
    assert code == 0
    ladder = json.loads(out)["consequences"][0]
    assert (ladder["kind"], ladder["points"], ladder["params"]["step"]) == ("ladder", 0, 1)


def test_history_file_for_a_command_line_incident(tmp_path: Path) -> None:
    history = tmp_path / "log.json"
    history.write_text(
        json.dumps([{"incident": "obstruction", "facts": {"kind": "stalling"}, "player": 1}]),
        "utf-8",
    )
    code, out, _ = _run(
        "rule",
        "false-set",
        "-f",
        "discarded=false",
        "--player",
        "1",
        "--session",
        "2",
        "--history",
        str(history),
        "-r",
        "mers-2008",
    )
    assert code == 0
    assert "Foul number 2 on the ladder: 5 points" in out


@pytest.mark.parametrize(
    ("args", "stdin", "code", "words"),
    [
        (("rule", "late-arrival"), None, 2, "the fact 'minutes' is missing"),
        (("rule", "late-arrival", "-f", "minutes=soon"), None, 2, "minutes = 'soon' is wrong"),
        (("rule", "late-arrival", "-f", "minutes"), None, 2, "a fact is NAME=VALUE"),
        (
            ("rule", "late-arrival", "-f", "minutes=5", "-f", "minutes=20"),
            None,
            2,
            "the fact 'minutes' is given more than once",
        ),
        (("rule", "late-arrival", "-f", "minutes=5", "-r", "mers", "-r", "ema"), None, 2, "-r is"),
        (("rule", "lateness", "-f", "minutes=3"), None, 2, "unknown incident type 'lateness'"),
        (("rule", "late-arrival", "-f", "minutes=3", "-r", "mers-9"), None, 2, "unknown ruleset"),
        (("rule", "late-arrival", "-f", "minutes=3", "-l", "de"), None, 2, "unknown language"),
        (("rule", "telephone", "-r", "mers"), None, 4, "has no rule for the incident"),
        (
            ("rule", "wrong-wall-tile", "-f", "in_hand=true", "-r", "ema"),
            None,
            2,
            "pointed_out_immediately",
        ),
        (("rule",), None, 2, "give an incident type"),
        (("rule", "--json"), "{not json", 2, "standard input: not valid JSON"),
        (("rule", "--json"), b"\xff\xfe", 2, "standard input: the text is not UTF-8"),
        (("rule", "--json"), "[" * 1000 + "]" * 1000, 2, "nested more than 32 levels deep"),
        (
            ("rule", "--json"),
            '{"incident": "late-arrival", "facts": {"minutes": "5"}}',
            2,
            "minutes = '5' is wrong; expected a number",
        ),
        (
            ("rule", "--json"),
            '{"incident": "false-set", "facts": {"discarded": "yes"}}',
            2,
            "discarded = 'yes' is wrong; expected true or false",
        ),
        (
            ("rule", "--json"),
            '{"incident": "late-arrival", "facts": {"minutes": ' + "9" * 5000 + "}}",
            2,
            "a number of 5000 digits is too long",
        ),
        (("rule", "--json"), '{"incident": "false-set"}', 2, "'discarded' is missing"),
        (
            ("rule", "--json", "--input", "/no/such/file.json"),
            None,
            3,
            "cannot read /no/such/file.json: No such file or directory",
        ),
        (("rules", "show", "mers-2010:9.9"), None, 2, "has no clause '9.9'"),
        (("rules", "diff", "mers", "nope"), None, 2, "unknown ruleset 'nope'"),
    ],
)
def test_clear_errors_and_exit_codes(
    args: tuple[str, ...], stdin: str | bytes | None, code: int, words: str
) -> None:
    exit_code, out, err = _run(*args, stdin=stdin)
    assert exit_code == code
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert words in err
    assert "Traceback" not in err + out


def test_errors_render_in_the_chosen_language() -> None:
    code, _, err = _run("rule", "late-arrival", "-l", "it")
    assert code == 2
    assert "manca il fatto 'minutes'" in err


def test_rules_list() -> None:
    code, out, _ = _run("rules", "list")
    assert code == 0
    for entry, kind in (
        ("mers-2008", "regulation"),
        ("mers-2010", "regulation"),
        ("ema-2009", "regulation"),
        ("rcr-2016", "riichi-ruleset"),
        ("rcr-2012", "riichi-ruleset"),
        ("green-book", "convention"),
        ("mil", "convention"),
    ):
        assert f"{entry}  [{kind}]" in out
    assert "reading +italian:" in out
    assert "option D1: [8], 6" in out
    assert "riichi judge: open_tanyao true; red_fives false" in out
    assert "reads D1=6, D2=concealed-and-melded-kong-5" in out
    for alias in ("mers = mers-2010", "ema = ema-2009", "gb = green-book", "rcr-a = rcr-2016"):
        assert alias in out


def test_rules_show_applies_the_reading() -> None:
    code, english, _ = _run("rules", "show", "mers-2008:2.3")
    assert code == 0
    assert "reading lateness = english: Less than 10 minutes late: 10 points" in english
    assert "make-up-lost-time" not in english
    code, italian, _ = _run("rules", "show", "mers-2008+italian:2.3")
    assert code == 0
    assert "as read under mers-2008+italian" in italian
    assert "reading lateness = italian: Up to and including 10 minutes late: 10 points" in italian
    assert "may-not:make-up-lost-time (table)" in italian
    code, mil, _ = _run("rules", "show", "mil:D1")
    assert code == 0
    assert mil.startswith("green-book:D1 ")
    assert "reading D1 = 6: 6 points" in mil


@pytest.mark.parametrize(
    "args",
    [
        ("rules", "show", "rcr2016:5.7"),
        ("rules", "show", "RCR-A:5.7"),
        ("rules", "show", "Ema-2016:3.4.6"),
        ("rules", "diff", "rcr-a", "rcr2012"),
        ("rule", "telephone", "-r", "rcr2016"),
        ("rule", "telephone", "-r", "RCR-A"),
        ("riichi", "judge", "234m567p33s67sPPP+8s", "--seat", "S", "--ruleset", "rcr-a"),
        ("riichi", "judge", "234m567p33s67sPPP+8s", "--seat", "S", "--ruleset", "RCR2016"),
        ("mcr", "judge", "[123m][345m]678p56sWW+7s", "--convention", "GB"),
        ("mcr", "judge", "[123m][345m]678p56sWW+7s", "--regulation", "EMA"),
    ],
)
def test_a_name_accepted_anywhere_is_accepted_everywhere_it_applies(args: tuple[str, ...]) -> None:
    code, _, err = _run(*args)
    assert code == 0, err
    assert "error" not in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("riichi", "judge", "123m+4m", "--ruleset", "mers"), "not a riichi ruleset"),
        (("mcr", "judge", "[123m][345m]678p56sWW+7s", "--convention", "rcr"), "not a scoring"),
        (("mcr", "judge", "[123m][345m]678p56sWW+7s", "--regulation", "gb"), "not an MCR"),
        (("rule", "telephone", "-r", "mil"), "a scoring convention, which rules on no incidents"),
    ],
)
def test_a_name_of_another_kind_is_refused_by_name(args: tuple[str, ...], words: str) -> None:
    code, _, err = _run(*args)
    assert code == 2
    assert words in err


def test_rules_show_in_a_language() -> None:
    code, out, _ = _run("rules", "show", "mers:2.7.3", "--lang", "fr")
    assert code == 0
    assert "mers-2010:2.7.3" in out
    assert "numérotation : fr 2.6.3" in out
    assert "printed as" not in out
    assert "sa main est morte" in out
    code, out, _ = _run("rules", "show", "ema-2009:obstruction", "-l", "nl")
    assert "kolom 3" in out
    assert "discretion:10-60" in out


def test_rules_diff() -> None:
    code, out, _ = _run("rules", "diff", "mers-2008", "mers-2008+italian")
    assert code == 0
    assert "reading lateness: english | italian" in out
    assert "time-expired" in out
    code, out, _ = _run("rules", "diff", "rcr-2016", "rcr-2012")
    assert "chombo: 20000 points, after-uma | dealer pays 4000 to each" in out
    assert "riichi open_tanyao: true | false" in out
    code, out, _ = _run("rules", "diff", "gb", "mil")
    assert code == 0
    assert "reading D1: 8 | 6" in out
    assert "reading D7" not in out  # both read it one-each


def test_rules_diff_lists_the_hungarian_differences() -> None:
    """Every option the Hungarian reading changes, and the situations they decide."""
    code, out, _ = _run("rules", "diff", "mers-2008", "mers-2008+hungarian")
    assert code == 0
    for line in (
        "reading lateness: english | hungarian",
        "reading waiting-time: may-lose-priority | loses-priority",
        "reading winning-tile-voids: with-last-tile | without-last-tile",
        "reading unseen-sanction: cheating-obstruction-stalling | cheating-stalling",
        "reading shown-before-call: shown-or-taken | shown-only",
        "reading winning-tile-penalty: player-total | hand-value",
        "reading ladder-carried: obstruction-and-stalling | stalling-only",
        "fans-void:Single Wait, Edge Wait, Closed Wait, Nine Gates  [mers-2008:1.9]",
        "hand-value-reduced:10  [mers-2008:2.9.7]",
        "late-arrival/exactly-15",
        "not-specified:unseen-obstruction",
    ):
        assert line in out, line
    code, shown, _ = _run("rules", "show", "mers-2008+hungarian:1.9")
    assert code == 0
    assert "reading winning-tile-voids = without-last-tile" in shown


@pytest.mark.parametrize(
    ("left", "right", "lines"),
    [
        (
            "ema-2009",
            "ema-2009+completed-minutes",
            ["reading part-minutes: not-stated | completed", "late-arrival/part-minute"],
        ),
        (
            "rcr-2012",
            "rcr-2012+started-minutes",
            ["reading part-minutes: not-stated | started", "late-arrival/part-minute"],
        ),
        (
            "mers-2008",
            "mers-2008+italian",
            [
                "reading counting-objection: excess | wrong-points",
                "reading waiting-time: may-lose-priority | not-stated",
                "counting-help/objection/too-few",
            ],
        ),
        (
            "mers-2010",
            "mers-2010+claimable-flower",
            [
                "reading false-flower-claim: not-stated | claimable",
                "tiles-stay-exposed:claimable=true",
                "1 situation differs;",
            ],
        ),
        ("rcr-2016", "rcr-2012", ["telephone/spectator", "should:silence-telephone"]),
        ("mers-2008", "rcr-2016", ["self-drawn-hu/late", "competing-claims/not-waited"]),
    ],
)
def test_rules_diff_shows_each_new_difference(left: str, right: str, lines: list[str]) -> None:
    code, out, _ = _run("rules", "diff", left, right)
    assert code == 0
    for line in lines:
        assert line in out, line


def test_rules_incidents() -> None:
    code, out, _ = _run("rules", "incidents")
    assert code == 0
    assert "late-arrival - Late arrival" in out
    assert "minutes (number; required)" in out
    code, out, _ = _run("rules", "incidents", "--family", "riichi", "-l", "it")
    assert "telephone" in out
    assert "false-flower" not in out
    code, _, _ = _run("rules", "incidents", "--family", "chess")
    assert code == 2

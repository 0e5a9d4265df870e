"""Property-based fuzzing of every input path of the judges and the rulebook commands: the
notation, both JSON-lines judges, ruling requests (``--fact`` and ``--json``) and every
option. Whatever the input: no traceback, an answer within a time bound, the documented exit
code, and for bad input one ``error:`` line on standard error (and nothing on standard
output). Commands run in-process through the one error mapper (Typer's runner)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjref.cli.exits import Exit
from mjref.cli.main import app
from mjref.errors import InputError
from mjref.services.rulings import list_incidents
from mjref.wire.jsonl import judge_line, mcr_family, riichi_family
from mjref.wire.jsonread import read_json

pytestmark = pytest.mark.slow

runner = CliRunner()
FUZZ = settings(
    max_examples=120,
    deadline=5000,  # milliseconds per example: a hang or a runaway fails the test
    suppress_health_check=[HealthCheck.too_slow],
)


def run(*args: str, stdin: bytes | str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    # A bug escapes the mapper as an exception; SystemExit carries the exit code.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


def assert_error_line(err: str) -> None:
    """Bad input: exactly one line on standard error, saying what (and where)."""
    assert err.startswith("error: "), err
    assert err.endswith("\n"), err
    assert err.count("\n") == 1, err
    assert len(err) > len("error: x\n")


def assert_outcome(code: int, out: str, err: str, allowed: set[int]) -> None:
    assert code in allowed, (code, out, err)
    if code in (Exit.BAD_INPUT, Exit.NOT_COVERED):
        assert_error_line(err)
        assert out == ""
    else:
        assert err == ""


# --- strategies ------------------------------------------------------------------------------

NOTATION = st.text(alphabet="0123456789mpszESWNPFC[]()+ x", max_size=40)
ANY_TEXT = st.text(max_size=30)
TEXTS = st.one_of(NOTATION, ANY_TEXT)
NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["", "-0", "1e3", "0x10", "9" * 5000, "١٢", " 3 ", "none"]),
)
VALUES = st.one_of(TEXTS, NUMBERS)

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.sampled_from(["1m", "E", "9s", "P", "chow", "pung", "kong", "\ud800", "rcr", "mil"]),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)

MCR_HAND: dict[str, Any] = {
    "melds": [{"type": "chow", "tiles": ["1s", "2s", "3s"], "concealed": False, "claimed": 1}],
    "concealed": ["E", "E", "4s", "5s", "6s", "7s", "8s", "7p", "7p", "7p"],
    "win_tile": "9s",
    "flowers": 2,
}
RIICHI_HAND: dict[str, Any] = {
    "melds": [{"type": "pung", "tiles": ["P", "P", "P"], "concealed": False, "claimed": 2}],
    "concealed": ["2m", "3m", "4m", "5p", "6p", "7p", "3s", "3s", "6s", "7s"],
    "win_tile": "8s",
    "seat_wind": "S",
}
MCR_KEYS = [*MCR_HAND, "self_drawn", "seat_wind", "prevalent_wind", "visible", "convention"]
RIICHI_KEYS = [*RIICHI_HAND, "riichi", "honba", "riichi_sticks", "dora_indicators", "ruleset"]
COMMON_KEYS = ["id", "lang"]


def mutated(base: dict[str, Any], keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    changes = st.dictionaries(st.sampled_from(keys + COMMON_KEYS), JSON_VALUES, max_size=3)
    return changes.map(lambda c: {**base, **c})


PATHOLOGICAL = [
    b"[" * 1000 + b"]" * 1000,
    b'{"id": ' + b"9" * 5000 + b"}",
    b'{"id": 18446744073709551616, "concealed": [], "win_tile": "1m"}',
    b'{"id": "\\ud800", "concealed": []}',
    b'{"id": 1, "flowers": 1e400}',
    b'{"id": [' + b"[" * 40 + b"]" * 40 + b"]}",
    b"\xff\xfe\x00",
    b"   ",
    b"\r",
    b"NaN",
    b'{"lang": "xx", "id": 2}',
]


def lines_of(base: dict[str, Any], keys: list[str]) -> st.SearchStrategy[list[bytes]]:
    line = st.one_of(
        st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")),
        JSON_VALUES.map(lambda v: json.dumps(v).encode()),
        mutated(base, keys).map(lambda v: json.dumps(v).encode()),
        st.sampled_from(PATHOLOGICAL),
    )
    return st.lists(line, min_size=1, max_size=6)


def _echoed_id(raw: bytes) -> tuple[bool, object]:
    """Whether the line is readable as an object with an ``id`` (which must be echoed)."""
    try:
        data = read_json(raw)
    except InputError:
        return False, None
    if isinstance(data, dict) and "id" in data:
        return True, data["id"]
    return False, None


# --- the notation and every option -----------------------------------------------------------

MCR_OPTIONS = [
    "--seat",
    "--prevalent",
    "--flowers",
    "--visible",
    "--convention",
    "--option",
    "--lang",
]
MCR_FLAGS = ["--self-drawn", "--last-tile", "--kong-win", "--wall-last", "--winning-tile-not-shown"]
RIICHI_OPTIONS = [
    "--seat",
    "--prevalent",
    "--dora",
    "--ura",
    "--red-fives",
    "--honba",
    "--riichi-sticks",
    "--discards",
    "--ruleset",
    "--lang",
]
RIICHI_FLAGS = ["--self-drawn", "--riichi", "--ippatsu", "--haitei", "--tenhou", "--furiten"]


def option_args(options: list[str], flags: list[str]) -> st.SearchStrategy[list[str]]:
    pair = st.tuples(st.sampled_from(options), VALUES).map(list)
    flag = st.sampled_from(flags).map(lambda f: [f])
    return st.lists(st.one_of(pair, flag), max_size=4).map(lambda xs: [a for x in xs for a in x])


@FUZZ
@given(hand=TEXTS, args=option_args(MCR_OPTIONS, MCR_FLAGS), as_json=st.booleans())
@example(hand="[123s](7777p)EE45678s+9s", args=["--flowers", "9" * 5000], as_json=False)
@example(hand="1m" * 600, args=[], as_json=False)
def test_mcr_judge_any_hand_and_options(hand: str, args: list[str], as_json: bool) -> None:
    extra = ["--json"] if as_json else []
    code, out, err = run("mcr", "judge", *args, *extra, "--", hand)
    if as_json and code == Exit.BAD_INPUT:
        assert_error_line(err)
        assert set(json.loads(out)["error"]) == {"code", "key", "params", "text", "where"}
    else:
        assert_outcome(code, out, err, {Exit.OK, Exit.NOT_A_WIN, Exit.BAD_INPUT})


@FUZZ
@given(hand=TEXTS, args=option_args(RIICHI_OPTIONS, RIICHI_FLAGS))
@example(hand="[PPP]234m567p33s67s+8s", args=["--honba", "99999999999999999999"])
def test_riichi_judge_any_hand_and_options(hand: str, args: list[str]) -> None:
    code, out, err = run("riichi", "judge", *args, "--", hand)
    assert_outcome(code, out, err, {Exit.OK, Exit.NOT_A_WIN, Exit.BAD_INPUT})


# --- both JSON-lines judges ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "base", "keys"),
    [("mcr", MCR_HAND, MCR_KEYS), ("riichi", RIICHI_HAND, RIICHI_KEYS)],
)
@FUZZ
@given(data=st.data())
def test_jsonl_judges_answer_every_line(
    command: str, base: dict[str, Any], keys: list[str], data: st.DataObject
) -> None:
    lines = data.draw(lines_of(base, keys))
    code, out, err = run(command, "judge", "--jsonl", stdin=b"\n".join(lines) + b"\n")
    assert (code, err) == (Exit.OK, "")
    # Lines end with "\n" only (a JSON string may hold U+2028 or U+0085 as it is).
    assert out.endswith("\n")
    answers = [json.loads(line) for line in out[:-1].split("\n")]
    assert len(answers) == len(lines)
    for raw, answer in zip(lines, answers, strict=True):
        assert isinstance(answer["valid"], bool)
        assert isinstance(answer["judged"], bool)
        if not answer["judged"]:
            assert answer["valid"] is False
            assert answer["findings"], answer
            assert all(
                set(f) >= {"code", "key", "params", "text", "severity"} for f in answer["findings"]
            )
        has_id, value = _echoed_id(raw)
        assert has_id == (next(iter(answer)) == "id")
        if has_id:
            assert answer["id"] == value


@FUZZ
@given(raw=st.one_of(st.binary(max_size=80), st.sampled_from(PATHOLOGICAL)))
def test_both_families_treat_a_bad_line_alike(raw: bytes) -> None:
    """A line that is not a hand object gets the same findings from both judges."""
    mcr = json.loads(judge_line(mcr_family("green-book"), raw, language="it"))
    riichi = json.loads(judge_line(riichi_family("rcr-2016"), raw, language="it"))
    if not mcr["judged"] and not isinstance(_object(raw), dict):
        assert mcr["findings"] == riichi["findings"]
        assert mcr.get("id") == riichi.get("id")


def _object(raw: bytes) -> object:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


# --- ruling requests -------------------------------------------------------------------------

INCIDENTS = {info.name: [f.name for f in info.facts] for info in list_incidents()}
FACT_NAMES = sorted({f for facts in INCIDENTS.values() for f in facts} | {"hand.flowers", "x"})


@FUZZ
@given(
    incident=st.one_of(st.sampled_from(sorted(INCIDENTS)), ANY_TEXT),
    facts=st.lists(st.tuples(st.sampled_from(FACT_NAMES), VALUES), max_size=4),
    ruleset=st.sampled_from(["mers", "mers-2008+italian", "ema", "rcr", "rcr-2012", "nope"]),
    lang=st.sampled_from(["en", "hu", "it", "fr", "nl", "xx"]),
)
def test_rule_with_any_facts(
    incident: str, facts: list[tuple[str, str]], ruleset: str, lang: str
) -> None:
    args = [a for name, value in facts for a in ("-f", f"{name}={value}")]
    code, out, err = run("rule", "-r", ruleset, "-l", lang, *args, "--", incident)
    assert_outcome(code, out, err, {Exit.OK, Exit.BAD_INPUT, Exit.NOT_COVERED})


REQUEST: dict[str, Any] = {"incident": "late-arrival", "ruleset": "mers", "facts": {"minutes": 5}}


@FUZZ
@given(
    document=st.one_of(
        JSON_VALUES.map(json.dumps),
        st.dictionaries(
            st.sampled_from(["incident", "ruleset", "facts", "player", "session", "history"]),
            JSON_VALUES,
            max_size=3,
        ).map(lambda c: json.dumps({**REQUEST, **c})),
        st.binary(max_size=40),
        st.sampled_from([b.decode("latin-1") for b in PATHOLOGICAL]),
    )
)
def test_rule_json_with_any_request(document: str | bytes) -> None:
    code, out, err = run("rule", "--json", stdin=document)
    if code == Exit.OK:
        assert json.loads(out)["incident"]
    else:
        assert code in (Exit.BAD_INPUT, Exit.NOT_COVERED), (code, err)
        assert_error_line(err)
        assert set(json.loads(out)["error"]) == {"code", "key", "params", "text", "where"}


@FUZZ
@given(
    command=st.sampled_from(
        [
            ["rules", "show"],
            ["rules", "diff", "mers"],
            ["rules", "incidents", "--family"],
            ["mcr", "fans", "--lang"],
            ["rules", "list", "--lang"],
        ]
    ),
    value=VALUES,
)
def test_listings_with_any_argument(command: list[str], value: str) -> None:
    code, out, err = run(*command, value)
    assert_outcome(code, out, err, {Exit.OK, Exit.BAD_INPUT})

"""The riichi half of the JSON-lines contract (mjref.wire.riichi through mjref.wire.jsonl)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mjref.wire.jsonl import judge_line, riichi_family

FAMILY = riichi_family("rcr-2016")

CONTRACT_EXAMPLE: dict[str, Any] = {
    "melds": [{"type": "pung", "tiles": ["P", "P", "P"], "concealed": False, "claimed": 2}],
    "concealed": ["2m", "3m", "4m", "5p", "6p", "7p", "3s", "3s", "6s", "7s"],
    "win_tile": "8s",
    "self_drawn": False,
    "riichi": False,
    "double_riichi": False,
    "ippatsu": False,
    "rinshan": False,
    "chankan": False,
    "haitei": False,
    "houtei": False,
    "tenhou": False,
    "chiihou": False,
    "renhou": False,
    "seat_wind": "S",
    "prevalent_wind": "E",
    "dora_indicators": ["9p"],
    "ura_indicators": [],
    "honba": 0,
    "riichi_sticks": 0,
    "furiten": False,
    "ruleset": "rcr-2016",
}
CONTRACT_KEYS = ("valid", "findings", "yaku", "han", "fu", "hand_points", "chombo", "dead_hand")


def run(data: object) -> dict[str, Any]:
    line = data if isinstance(data, str) else json.dumps(data)
    out: dict[str, Any] = json.loads(judge_line(FAMILY, line.encode(), language="en"))
    return out


def with_(**changes: object) -> dict[str, Any]:
    return {**CONTRACT_EXAMPLE, **changes}


def test_the_contract_example() -> None:
    out = run(CONTRACT_EXAMPLE)
    assert {k: out[k] for k in CONTRACT_KEYS} == {
        "valid": True,
        "findings": [],
        "yaku": [{"name": "Yakuhai (haku)", "han": 1}],
        "han": 1,
        "fu": 30,
        "hand_points": 1000,
        "chombo": False,
        "dead_hand": False,
    }
    assert out["payments"]["discarder"] == 1000
    assert out["ruleset"] == "rcr-2016"


def test_unlisted_keys_are_ignored_and_defaults_apply() -> None:
    minimal = {"concealed": CONTRACT_EXAMPLE["concealed"], "melds": CONTRACT_EXAMPLE["melds"]}
    out = run({**minimal, "win_tile": "8s", "seat_wind": "S", "id": 17, "note": "table 3"})
    assert out["valid"]
    assert out["hand_points"] == 1000


def test_riichi_sticks_and_honba_in_payments_not_hand_points() -> None:
    out = run(with_(honba=2, riichi_sticks=1))
    assert out["hand_points"] == 1000
    assert out["payments"]["total"] == 1000 + 600 + 1000


def test_ruleset_per_line_and_alias() -> None:
    open_tanyao = with_(
        melds=[{"type": "chow", "tiles": ["2m", "3m", "4m"], "concealed": False, "claimed": 1}],
        concealed=["5p", "6p", "7p", "3s", "3s", "6s", "7s", "8s", "4p", "4p"],
        win_tile="4p",
    )
    assert run({**open_tanyao, "ruleset": "rcr"})["valid"]
    old = run({**open_tanyao, "ruleset": "rcr-2012"})
    assert old["chombo"]
    assert [f["code"] for f in old["findings"]] == ["no-yaku"]
    assert old["penalty"]["points"] == 8000
    assert old["penalty"]["timing"] == "at-table"


def test_red_fives_and_discards_extensions() -> None:
    out = run(
        {
            "concealed": [
                "1m",
                "2m",
                "3m",
                "4p",
                "5p",
                "6p",
                "7s",
                "8s",
                "9s",
                "5p",
                "5p",
                "2m",
                "3m",
            ],
            "win_tile": "4m",
            "riichi": True,
            "seat_wind": "S",
            "red_fives": ["p"],
            "ruleset": "rcr-2012",
        }
    )
    assert out["han"] == 3
    furiten = run(
        {
            "concealed": [
                "1m",
                "2m",
                "3m",
                "4p",
                "5p",
                "6p",
                "7s",
                "8s",
                "9s",
                "5p",
                "5p",
                "2m",
                "3m",
            ],
            "win_tile": "4m",
            "riichi": True,
            "seat_wind": "S",
            "discards": ["1m"],
        }
    )
    assert furiten["chombo"]
    assert furiten["furiten"]
    assert furiten["findings"][0]["clause"] == "rcr-2016:3.4.5"


@pytest.mark.parametrize(
    ("line", "codes"),
    [
        ("", ["empty-line"]),
        ("   ", ["empty-line"]),
        ("{not json", ["bad-json"]),
        ("[1, 2]", ["not-an-object"]),
        ("42", ["not-an-object"]),
        ('{"concealed": ["1m"]}', ["bad-field"]),
    ],
)
def test_lines_that_cannot_be_judged(line: str, codes: list[str]) -> None:
    out = run(line)
    assert [f["code"] for f in out["findings"]] == codes
    assert {k: out[k] for k in CONTRACT_KEYS if k != "findings"} == {
        "valid": False,
        "yaku": [],
        "han": 0,
        "fu": 0,
        "hand_points": 0,
        "chombo": False,
        "dead_hand": False,
    }


def test_every_field_problem_is_reported_with_its_path() -> None:
    out = run(
        {
            "melds": [
                {"type": "chow", "tiles": ["1m", "2m", "4m"]},
                {"type": "pung", "tiles": ["E", "E", "X"]},
                {"type": "set", "tiles": []},
            ],
            "concealed": ["1m", 5],
            "win_tile": "1q",
            "riichi": 1,
            "seat_wind": "Q",
            "red_fives": ["z"],
            "honba": -1,
            "ruleset": "mcr",
        }
    )
    messages = [f["text"] for f in out["findings"]]
    assert messages == [
        "melds[0]: 1m2m4m is not a chow, pung or kong",
        "melds[1].tiles[2]: 'X' is not a tile code (1m-9m, 1p-9p, 1s-9s, E S W N, P F C)",
        "melds[2].type must be one of 'chow', 'pung' or 'kong'",
        "concealed[1] must be a string",
        "win_tile: '1q' is not a tile code (1m-9m, 1p-9p, 1s-9s, E S W N, P F C)",
        "riichi must be true or false",
        "seat_wind: 'Q' is not a wind (E, S, W or N)",
        "red_fives[0]: 'z' is not a suit with a red five (m, p or s)",
        "honba must be 0 or more",
        "unknown riichi ruleset 'mcr' (known: rcr-2016, rcr-2012; aliases: ema-2012=rcr-2012, "
        "ema-2016=rcr-2016, rcr=rcr-2016, rcr-a=rcr-2016, rcr-b=rcr-2012, rcr2012=rcr-2012, "
        "rcr2016=rcr-2016)",
    ]
    assert not out["chombo"]
    assert not out["dead_hand"]


def test_judged_findings_keep_the_contract_shape() -> None:
    out = run(with_(concealed=CONTRACT_EXAMPLE["concealed"][:-1], ippatsu=True))
    codes = [f["code"] for f in out["findings"]]
    assert codes == ["tile-count", "ippatsu-without-riichi"]
    keys = {"code", "key", "params", "text", "severity", "kind", "clause"}
    assert all(set(f) == keys for f in out["findings"])
    assert [f["kind"] for f in out["findings"]] == ["dead-hand", "input"]
    assert not out["judged"]
    assert not out["chombo"]


def test_concealed_kong_and_claimed() -> None:
    out = run(
        with_(
            melds=[{"type": "kong", "tiles": ["7p"] * 4, "concealed": True, "claimed": 1}],
        )
    )
    assert [f["code"] for f in out["findings"]] == ["bad-meld"]
    assert "cannot have been claimed" in out["findings"][0]["text"]


def test_one_output_line_per_input_line_in_order() -> None:
    lines = [json.dumps(CONTRACT_EXAMPLE), "oops", "", json.dumps(with_(seat_wind="E"))]
    out = [run(line) for line in lines]
    assert [o["valid"] for o in out] == [True, False, False, True]
    assert [o["hand_points"] for o in out] == [1000, 0, 0, 1500]

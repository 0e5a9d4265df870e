"""``mjref mcr judge --jsonl --convention mil`` agrees with PyMahjongGB 1.4.0, end to end.

A generated corpus of legal winning hands of every shape goes through the real command
(argument parsing, JSON lines in, JSON lines out); every answer must be PyMahjongGB's fans
at PyMahjongGB's values. Non-winning hands must come back invalid, as PyMahjongGB rejects
them.
"""

from __future__ import annotations

import json
from collections import Counter

from typer.testing import CliRunner

from mjref.cli.exits import Exit
from mjref.cli.main import app
from mjref.mcr.generate import corpus, nonwinning_corpus
from mjref.wire.mcr import mcr_hand_json
from tests.mcr.oracle import oracle_rows


def test_jsonl_mil_agrees_with_pymahjonggb() -> None:
    winning = corpus(4242, 2000)
    losing = nonwinning_corpus(4243, 500)
    hands = winning + losing
    lines = [json.dumps({"id": n, **mcr_hand_json(h)}) for n, h in enumerate(hands)]
    result = CliRunner().invoke(
        app, ["mcr", "judge", "--jsonl", "--convention", "mil"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == Exit.OK
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["id"] for a in answers] == list(range(len(hands)))
    for hand, answer in zip(hands, answers, strict=True):
        rows = oracle_rows(hand)
        if rows is None:
            assert answer["valid"] is False, answer
            continue
        expected = Counter({(row.fan.title, row.points): row.count for row in rows})
        got = Counter({(f["name"], f["points"]): f["count"] for f in answer["fans"]})
        assert got == expected, answer["id"]
        assert answer["total"] == sum(row.points * row.count for row in rows)

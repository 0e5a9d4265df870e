"""Golden cases (tests/riichi/data/golden.toml): each with its source, every clause cited."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from mjref.riichi import RiichiHand, judge, riichi_rules, ruleset_ids
from mjref.rules import get_clause
from mjref.tiles import Wind

GOLDEN = Path(__file__).parent / "data" / "golden.toml"
CASES: list[dict[str, Any]] = tomllib.loads(GOLDEN.read_text(encoding="utf-8"))["case"]


def _hand(case: dict[str, Any]) -> RiichiHand:
    facts = dict(case.get("facts", {}))
    for wind in ("seat_wind", "prevalent_wind"):
        if wind in facts:
            facts[wind] = Wind(facts[wind])
    return RiichiHand.from_notation(case["hand"], **facts)


def test_cases_have_unique_names_and_a_source() -> None:
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names))
    assert all(c["source"].strip() for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_case(case: dict[str, Any]) -> None:
    verdict = judge(_hand(case), case["ruleset"])
    expect = case["expect"]
    simple = ("valid", "han", "fu", "hand_points", "limit", "dead_hand", "furiten")
    for key in simple:
        if key in expect:
            assert getattr(verdict, key) == expect[key], key
    if "yaku" in expect:
        assert [[y.name, y.han] for y in verdict.yaku] == expect["yaku"]
    if "fu_parts" in expect:
        assert [[p.reason, p.fu] for p in verdict.fu_parts] == expect["fu_parts"]
    if "findings" in expect:
        assert [f.code for f in verdict.findings] == expect["findings"]
    if "corrections" in expect:
        assert [c.rule for c in verdict.corrections] == expect["corrections"]
    if "chombo" in expect:
        points = verdict.chombo.points if verdict.chombo else 0
        assert points == expect["chombo"]
    for key, value in expect.get("payments", {}).items():
        assert verdict.payments is not None
        assert getattr(verdict.payments, key) == value, key
    # The clauses a verdict names belong to the ruleset it was judged under.
    cited = [f.clause for f in verdict.findings if f.clause] + [
        c.clause for c in verdict.corrections
    ]
    if verdict.chombo:
        cited.append(verdict.chombo.clause)
    rules = riichi_rules(case["ruleset"])
    known = {rules.cite(topic) for topic in rules.topics}
    assert set(cited) <= known
    # ... and every one of them resolves in the rules registry.
    assert all(get_clause(ref).id == ref for ref in cited)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_clause_has_a_golden_case(ruleset_id: str) -> None:
    cited = {key for c in CASES if c["ruleset"] == ruleset_id for key in c["cites"]}
    topics = set(riichi_rules(ruleset_id).topics)
    assert topics - cited == set(), f"clauses of {ruleset_id} without a golden case"
    assert cited - topics == set(), "cases cite clauses the ruleset does not have"

"""Every clause of every ruleset is ruled on, cited and tested.

Runs all golden cases and ladder sequences and fails when a clause of any ruleset is
never cited by a ruling under that ruleset, or when an outcome of a clause (a case the
clause distinguishes) is never the one that decided.
"""

from __future__ import annotations

import tomllib
from collections import defaultdict

import pytest

from mjref.riichi import riichi_rules
from mjref.rules import EntryKind, get_ruleset, rulesets
from mjref.rulings import Ruling, decide, incident_from_facts, incident_types
from mjref.scoring.riichi_game import game_rules
from tests.rulings.golden import DATA, cases, run


def _all_rulings() -> list[tuple[str, Ruling]]:
    found = []
    for case in cases():
        if case.error is None:
            found.append((get_ruleset(case.ruleset).id, run(case)))
    for sequence in tomllib.loads((DATA / "ladder.toml").read_text("utf-8"))["sequence"]:
        history: list[Ruling] = []
        for step in sequence["steps"]:
            who = {k: step[k] for k in ("player", "session", "game") if k in step}
            incident = incident_from_facts(step["incident"], step.get("facts", {}), **who)
            ruling = decide(incident, sequence["ruleset"], history)
            history.append(ruling)
            found.append((get_ruleset(sequence["ruleset"]).id, ruling))
    return found


@pytest.fixture(scope="module")
def coverage() -> tuple[dict[str, set[str]], dict[str, set[tuple[str, str]]]]:
    cited: dict[str, set[str]] = defaultdict(set)
    decided: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for ruleset_id, ruling in _all_rulings():
        cited[ruleset_id].update(c.clause_id for c in ruling.citations)
        decided[ruleset_id].update((c.clause, c.outcome) for c in ruling.consequences)
    return cited, decided


def _judge_cited(ruleset_id: str) -> set[str]:
    """The clauses a judge or the riichi game flow cites: their cases are the judges'
    golden cases (tests/riichi/test_golden.py checks a case per point the riichi judge
    cites, tests/mcr/test_citations.py that every convention clause is cited by a
    verdict) and the hanchans worked by hand in tests/scoring/test_riichi_game.py (riichi
    sticks, draws, counters, the deal, the end of the game: a clause per topic)."""
    entry = rulesets()[ruleset_id]
    if entry.kind is EntryKind.RIICHI_RULESET:
        rules = riichi_rules(ruleset_id)
        flow = game_rules(ruleset_id, start=30_000)
        return {rules.cite(topic) for topic in rules.topics} | set(flow.clauses.values())
    if entry.kind is EntryKind.CONVENTION:
        return {c.id for c in entry}
    return set()


@pytest.mark.parametrize("ruleset_id", list(rulesets()))
def test_every_clause_is_cited_by_a_case(
    ruleset_id: str, coverage: tuple[dict[str, set[str]], dict[str, set[tuple[str, str]]]]
) -> None:
    cited, _ = coverage
    known = cited[ruleset_id] | _judge_cited(ruleset_id)
    missing = [c.id for c in rulesets()[ruleset_id] if c.id not in known]
    assert not missing, f"clauses of {ruleset_id} without a golden case: {missing}"


@pytest.mark.parametrize("ruleset_id", list(rulesets()))
def test_every_outcome_decides_a_case(
    ruleset_id: str, coverage: tuple[dict[str, set[str]], dict[str, set[tuple[str, str]]]]
) -> None:
    _, decided = coverage
    missing = [
        f"{clause.id} ({name})"
        for clause in rulesets()[ruleset_id]
        for name in clause.outcomes
        if (clause.id, name) not in decided[ruleset_id]
    ]
    assert not missing, f"outcomes of {ruleset_id} never decided by a case: {missing}"


def test_every_incident_type_has_a_case() -> None:
    named = {case.incident for case in cases()}
    assert set(incident_types()) <= named, set(incident_types()) - named


def test_every_situation_a_ruleset_decides_is_one_an_incident_can_name() -> None:
    """A data file deciding a situation no incident produces would be dead data."""
    produced: set[str] = set()
    for _, ruling in _all_rulings():
        produced.update(c.situation for c in ruling.consequences)
    for ruleset in rulesets().values():
        dead = sorted(set(ruleset.situations()) - produced)
        assert not dead, f"{ruleset.id} decides situations no case reaches: {dead}"

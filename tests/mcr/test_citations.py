"""Every clause an MCR verdict cites resolves through the rules registry.

The verdicts of every golden hand (under both conventions), of every disputed-point case,
and of hands that are invalid, under the minimum, not shown or with flowers, under each
regulation: each citation is a clause id :func:`mjref.rules.get_clause` resolves, every
cited part (false hu, payments, disputed point, finding) is among the verdict's
citations, and every clause of the green-book convention is cited by some verdict.
"""

from __future__ import annotations

from functools import cache

import pytest

from mjref.mcr import McrHand, Verdict, judge
from mjref.rules import EntryKind, get_clause, rulesets
from tests.mcr.golden import ALL_FILES, load
from tests.mcr.test_disputed_points import CASES, resolve

REGULATIONS = [r.id for r in rulesets().values() if r.kind is EntryKind.REGULATION]

EXTRA = (
    "[123s][456p]678m11p99s+9s",  # valid, under 8: the regulation's false-hu class
    "[123s][456p]678m11p99s+5p",  # not a winning shape: the other class
    "[123m][345m]678p56sWW+7s",  # a Chicken Hand
)


@cache
def _verdicts() -> tuple[tuple[str, Verdict], ...]:
    found: list[tuple[str, Verdict]] = []
    for path in ALL_FILES:
        for case in load(path).cases:
            for convention in ("green-book", "mil"):
                found.append((case.id, judge(case.mcr_hand(), convention)))
    for point in CASES:
        for reading in point.readings:
            verdict = judge(point.mcr_hand(), resolve(reading.convention))
            found.append((f"{point.id}-{reading.convention}", verdict))
    for regulation in REGULATIONS:
        for text in EXTRA:
            for flowers in (0, 2):
                for shown in (True, False):
                    hand = McrHand.from_notation(
                        text, flowers=flowers, winning_tile_shown=shown, self_drawn=shown
                    )
                    found.append((f"{text}@{regulation}", judge(hand, regulation=regulation)))
        nine_gates = McrHand.from_notation("1112345678999p+2p", winning_tile_shown=False)
        found.append((f"nine-gates@{regulation}", judge(nine_gates, regulation=regulation)))
    return tuple(found)


def test_every_citation_resolves_in_the_registry() -> None:
    for name, verdict in _verdicts():
        assert verdict.citations, name
        for clause_id in verdict.citations:
            assert get_clause(clause_id).id == clause_id, (name, clause_id)


def test_every_cited_part_is_among_the_citations() -> None:
    for name, verdict in _verdicts():
        parts = [f.clause for f in verdict.findings if f.clause]
        parts += [d.clause for d in verdict.disputed]
        if verdict.false_hu is not None:
            parts.append(verdict.false_hu.clause)
        if verdict.payments is not None:
            parts.append(verdict.payments.clause)
        assert set(parts) <= set(verdict.citations), name
        assert len(set(verdict.citations)) == len(verdict.citations), name


@pytest.mark.parametrize("regulation", REGULATIONS)
def test_false_hu_classes_cite_the_regulation_named(regulation: str) -> None:
    cited = {
        verdict.false_hu.clause
        for name, verdict in _verdicts()
        if name.endswith(f"@{regulation}") and verdict.false_hu is not None
    }
    assert len(cited) >= 1
    assert all(c.startswith(f"{regulation}:") for c in cited)


def test_every_clause_of_the_conventions_is_cited_by_a_verdict() -> None:
    cited = {c for _, verdict in _verdicts() for c in verdict.citations}
    for entry in rulesets().values():
        if entry.kind is EntryKind.CONVENTION:
            missing = {c.id for c in entry} - cited
            assert not missing, f"{entry.id}: clauses no verdict cites: {sorted(missing)}"


def test_the_winning_tile_clause_comes_from_the_regulation() -> None:
    hand = McrHand.from_notation("1112345678999p+2p", winning_tile_shown=False)
    for regulation, clause in (
        ("mers-2008", "mers-2008:1.9"),
        ("mers", "mers-2010:1.9"),
        ("ema-2009", "mers-2008:1.9"),  # the overview does not list it; its base does
    ):
        verdict = judge(hand, regulation=regulation)
        assert [f.clause for f in verdict.findings if f.code == "winning-tile-not-shown"] == [
            clause
        ]

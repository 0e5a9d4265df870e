"""Golden rulings: every case of ``data/*.toml`` under every ruleset it names."""

from __future__ import annotations

import pytest

from mjref import rulings
from mjref.mcr.conventions import get_convention
from mjref.rules import Family, get_ruleset
from tests.rulings.golden import Case, cases, run

CASES = list(cases())


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_golden_case(case: Case) -> None:
    if case.error is not None:
        error = getattr(rulings, case.error)
        with pytest.raises(error) as caught:
            run(case)
        if case.error_fact is not None:
            assert caught.value.message.params.get("fact") == case.error_fact
        return
    ruling = run(case)
    assert ruling.compact() == case.expect, case.source
    if get_ruleset(case.ruleset).family is Family.MCR:
        assert ruling.convention == get_convention(case.convention).id
    cited = [c.clause_id for c in ruling.citations]
    for ref in case.cites:
        assert ref in cited, f"{ref} not cited ({case.source})"
    note_keys = [n.key for n in ruling.notes]
    for key in case.notes:
        assert key in note_keys
    for consequence in ruling.consequences:
        assert consequence.message.english()
    for citation in ruling.citations:
        assert citation.summary.english()

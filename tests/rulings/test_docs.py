"""docs/rulings.md lists the whole incident vocabulary and every ruleset."""

from __future__ import annotations

from pathlib import Path

from mjref.rules import rulesets
from mjref.rulings import fact_fields, incident_types

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md").read_text("utf-8")


def test_every_incident_type_and_fact_is_documented() -> None:
    for name, cls in incident_types().items():
        assert f"#### `{name}`" in DOC, name
        for fact, *_ in fact_fields(cls):
            if fact not in ("player", "session", "game", "dealer"):
                assert f"`{fact}`" in DOC, f"{name}.{fact}"


def test_every_ruleset_and_discrepancy_is_documented() -> None:
    for ruleset in rulesets().values():
        assert f"`{ruleset.id}`" in DOC
        for option in ruleset.options:
            assert f"`{option}`" in DOC, option
    for number in range(1, 9):
        assert f"\n{number}. **" in DOC, number

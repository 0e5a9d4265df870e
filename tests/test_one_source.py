"""One source per fact: the default scoring convention is named once (the conventions
module; the registry's data files name it as data), and the rulesets a tournament can be
played under come from the registry, not from a list in an adapter."""

from __future__ import annotations

import ast
from pathlib import Path

import mjref
from mjref.mcr.conventions import DEFAULT_CONVENTION
from mjref.rules import rulesets
from mjref.services.tournament import tournament_rulesets

PACKAGE = Path(mjref.__file__).parent
MAY_NAME_IT = {
    "mcr/conventions.py",  # DEFAULT_CONVENTION itself
    "rules/load.py",  # the list of data files to load
    "tournament/hand_winds.py",  # the Green Book's seat change, a reading of its own
}


def _strings(path: Path) -> list[str]:
    return [
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def test_the_default_convention_is_named_once() -> None:
    found = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if str(path.relative_to(PACKAGE)) not in MAY_NAME_IT
        and DEFAULT_CONVENTION in _strings(path)
    ]
    assert found == []


def test_the_tournament_rulesets_are_the_registrys() -> None:
    kinds = {"regulation", "riichi-ruleset"}
    expected = tuple(r.id for r in rulesets().values() if r.kind.value in kinds)
    assert tournament_rulesets() == expected
    assert {"mers-2008", "mers-2010", "ema-2009", "rcr-2016", "rcr-2012"} <= set(expected)
    assert "green-book" not in expected

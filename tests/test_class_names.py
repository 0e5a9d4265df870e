"""Every class name in the package is unique, so a name in a traceback, a doc or a review
names one thing (``Finding`` was once both the MCR and the riichi judge's finding)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import mjref

PACKAGE = Path(mjref.__file__).parent

ALLOWED_TWICE: dict[str, set[str]] = {}


def _classes() -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(PACKAGE))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[node.name].append(where)
    return found


def test_every_class_name_is_unique() -> None:
    shared = {
        name: places
        for name, places in _classes().items()
        if len(places) > 1 and set(places) != ALLOWED_TWICE.get(name)
    }
    assert shared == {}, f"class names defined more than once: {shared}"


def test_the_exception_list_is_still_needed() -> None:
    classes = _classes()
    for name, places in ALLOWED_TWICE.items():
        assert set(classes[name]) == places, f"{name} is unique now: drop it from ALLOWED_TWICE"

"""Adapters get read-only views, never the folded state the services keep: no CLI or web
module reaches ``mjref.services.tournament.load``/``kept`` or the ``Tournament`` class (a
careless change to the cached state would corrupt every reader's cache)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mjref

PACKAGE = Path(mjref.__file__).parent
ADAPTER_FILES = sorted(
    [*PACKAGE.joinpath("cli").rglob("*.py"), *PACKAGE.joinpath("web").rglob("*.py")]
)
SERVICE = "mjref.services.tournament"


def _reaches_state(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "mjref.services"
        for alias in node.names
        if alias.name == "tournament"
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == SERVICE:
            found += [f"import {a.name}" for a in node.names if a.name in ("load", "kept")]
        if isinstance(node, ast.ImportFrom) and node.module == "mjref.tournament.state":
            found += [f"import {a.name}" for a in node.names if a.name == "Tournament"]
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ("load", "kept")
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
        ):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", ADAPTER_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_adapters_read_views_not_the_kept_state(path: Path) -> None:
    assert _reaches_state(path) == []


def test_the_check_finds_a_reach(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from mjref.services import tournament as ts\nt = ts.load(log, 'x')\n"
        "from mjref.services.tournament import kept\n",
        encoding="utf-8",
    )
    assert sorted(_reaches_state(bad)) == ["import kept", "line 2: ts.load"]

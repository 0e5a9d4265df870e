"""The riichi core imports nothing from the adapters or the services (design: layers)."""

from __future__ import annotations

import ast
from pathlib import Path

import mjref.riichi

FORBIDDEN = ("mjref.cli", "mjref.services", "mjref.web", "mjref.store", "typer", "click")


def test_core_modules_import_downwards_only() -> None:
    package = Path(mjref.riichi.__file__).parent
    offenders: list[str] = []
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.startswith(FORBIDDEN)]
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("print", "open"):
                offenders.append(f"{path.name}: calls {node.func.id}()")  # type: ignore[attr-defined]
    assert offenders == []

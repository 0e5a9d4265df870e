"""The seating core stays pure: no adapters, no files, no clock, no printing."""

import ast
from pathlib import Path

import pytest

import mjref.seating

CORE = Path(mjref.seating.__file__).parent
FORBIDDEN_MODULES = ("mjref.cli", "mjref.services", "mjref.web", "mjref.store", "typer")
FORBIDDEN_MODULES += ("json", "os", "sys", "pathlib", "time", "datetime", "io", "subprocess")
FORBIDDEN_CALLS = {"print", "open", "input"}
PACKAGE_DATA_READERS = {"library.py": ("json",)}
"""Modules that read the package's own data (importlib.resources, never a user's file):
the library of seat plans keeps each plan's figures in a JSON header."""


@pytest.mark.parametrize("path", sorted(CORE.glob("*.py")), ids=lambda p: p.name)
def test_core_module_is_pure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            names = []
        allowed = PACKAGE_DATA_READERS.get(path.name, ())
        for name in names:
            assert name in allowed or not any(
                name == bad or name.startswith(bad + ".") for bad in FORBIDDEN_MODULES
            ), f"{path.name} imports {name}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}()"

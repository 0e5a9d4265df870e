"""The layer rule of the design: imports point downwards only.

adapters (cli, web, store, i18n) -> wire -> services -> core (everything else). The wire
layer (JSON shapes) may use i18n to render messages. The core also does no printing and
opens no files itself (package data is read through importlib.resources).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mjref

PACKAGE = Path(mjref.__file__).parent
ADAPTERS = ("cli", "web", "store", "i18n.py")
ADAPTER_MODULES = (
    "mjref.cli",
    "mjref.web",
    "mjref.store",
    "mjref.i18n",
    "typer",
    "click",
    "fastapi",
)
CORE_FORBIDDEN = (
    *ADAPTER_MODULES,
    "mjref.services",
    "mjref.wire",
    "sqlite3",
    "socket",
    "http",
    "urllib",
)


def _layer(path: Path) -> str:
    top = path.relative_to(PACKAGE).parts[0]
    if top in ADAPTERS:
        return "adapter"
    if top == "wire":
        return "wire"
    return "service" if top == "services" else "core"


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def _calls(path: Path, functions: tuple[str, ...]) -> list[str]:
    return [
        node.func.id
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in functions
    ]


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_layer_has_modules() -> None:
    layers = {_layer(p) for p in MODULES}
    assert layers == {"adapter", "wire", "service", "core"}


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if _layer(p) == "core"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_core_imports_no_adapter_or_service_and_does_no_io(path: Path) -> None:
    bad = [name for name in _imports(path) if name.startswith(CORE_FORBIDDEN)]
    assert bad == []
    assert _calls(path, ("print", "open", "input")) == []


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if _layer(p) == "service"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_services_import_no_adapter_and_no_wire(path: Path) -> None:
    forbidden = (*ADAPTER_MODULES, "mjref.wire")
    assert [name for name in _imports(path) if name.startswith(forbidden)] == []


WIRE_ALLOWED_ADAPTERS = ("mjref.i18n",)


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if _layer(p) == "wire"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_wire_imports_no_adapter_but_i18n(path: Path) -> None:
    bad = [
        name
        for name in _imports(path)
        if name.startswith(ADAPTER_MODULES) and not name.startswith(WIRE_ALLOWED_ADAPTERS)
    ]
    assert bad == []
    assert _calls(path, ("print", "open", "input")) == []


RENDERING_ALLOWED = ("messages.py", "errors.py")
"""``Message.english()`` is for ``str(exception)`` (errors.py) and messages.py itself."""


def _renders(path: Path) -> list[str]:
    """Calls that render a message as text: ``x.english()`` and ``english_template(...)``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr == "english":
            found.append(f"line {node.lineno}: .english()")
        elif isinstance(node.func, ast.Name) and node.func.id == "english_template":
            found.append(f"line {node.lineno}: english_template()")
    return found


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in MODULES
        if _layer(p) == "core" and str(p.relative_to(PACKAGE)) not in RENDERING_ALLOWED
    ],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_core_renders_no_message(path: Path) -> None:
    """The core returns messages (key and parameters); only adapters render them."""
    assert _renders(path) == []

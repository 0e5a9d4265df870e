"""docs/architecture.md has a line for every module of the package (the module map)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _modules() -> list[str]:
    src = ROOT / "src"
    names = []
    for path in sorted((src / "mjref").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        name = ".".join(path.relative_to(src).with_suffix("").parts)
        names.append(name.removesuffix(".__init__"))
    return names


def test_every_module_has_its_line_in_the_map() -> None:
    missing = [name for name in _modules() if f"| `{name}` |" not in DOC]
    assert missing == [], f"add these to the module map of docs/architecture.md: {missing}"


def test_the_map_names_no_module_that_is_gone() -> None:
    listed = [line.split("`")[1] for line in DOC.splitlines() if line.startswith("| `mjref.")]
    assert sorted(set(listed) - set(_modules())) == []

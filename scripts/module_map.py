"""Print the module map of docs/architecture.md: one line per module of ``src/mjref``,
the first sentence of its docstring (``python scripts/module_map.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def modules() -> list[tuple[str, str]]:
    found = []
    for path in sorted((SRC / "mjref").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        name = ".".join(path.relative_to(SRC).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        first = " ".join(doc.split("\n\n")[0].split())
        sentence = first.split(". ")[0].rstrip(".")
        found.append((name, sentence))
    return found


def main() -> None:
    for name, sentence in modules():
        print(f"| `{name}` | {sentence} |")


if __name__ == "__main__":
    main()

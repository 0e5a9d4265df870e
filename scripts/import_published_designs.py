"""Rewrite ``src/mjref/seating/published.txt`` from a checkout of ApplySci/aim.

The designs are Miller et al.'s social-golfer solutions as collected in that
repository's ``server/seating/gams/sgp/<players>.py`` (one file per player count,
a Python list ``seats`` of sessions of tables). Only the groupings are kept: players
sorted within a table, tables sorted within a session, sessions in the published
order. Usage::

    python scripts/import_published_designs.py /path/to/aim
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

FIRST, LAST = 56, 172
"""The player counts taken (up to 52 the designs are in ``known.py``); 64 is left to
the affine plane."""

TARGET = Path(__file__).resolve().parent.parent / "src/mjref/seating/published.txt"


def _seats(path: Path) -> list[list[list[int]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "seats" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            if isinstance(value, list):
                return value
    raise SystemExit(f"{path}: no `seats = [...]` found")


def main(aim: Path) -> None:
    folder = aim / "server/seating/gams/sgp"
    if not folder.is_dir():
        raise SystemExit(f"{folder}: not a folder; give the path of a checkout of ApplySci/aim")
    lines = [
        "# Social-golfer designs for tables of four (Miller, Barr, Kavanagh, Valkov, Purchase,",
        "# 2020, doi:10.3390/sym13010013), as collected by Andrew ZP Smith (ApplySci/aim,",
        "# server/seating/gams/sgp/, commit 9af61f9). Written by",
        "# scripts/import_published_designs.py; read by mjref.seating.known.",
        "# One design per line: players, sessions, a colon, then the sessions separated by",
        "# ';', tables by ',', players by spaces.",
    ]
    for players in range(FIRST, LAST + 1, 4):
        if players == 64:
            continue
        seats = _seats(folder / f"{players}.py")
        sessions = ";".join(
            ",".join(" ".join(map(str, t)) for t in sorted(sorted(t) for t in session))
            for session in seats
        )
        lines.append(f"{players} {len(seats)}: {sessions}")
    TARGET.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python scripts/import_published_designs.py /path/to/aim")
    main(Path(sys.argv[1]))

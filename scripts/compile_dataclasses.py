"""Store the compiled methods of the dataclasses the ``mjref`` command makes
(``src/mjref/compiled/dataclasses-<tag>.marshal``, see :mod:`mjref.classcode`).

Run with the Python mjref is installed for, after changing a dataclass
(``python scripts/compile_dataclasses.py``): in a fresh process it notes every text
``dataclasses`` compiles while running the commands ``benchmarks/startup.py`` times
(and their ``--json`` forms), then stores each text's code (a few hundred kilobytes).
A class whose text is not stored is compiled at start as before (slower, never wrong);
``tests/test_classcode.py`` fails meanwhile.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = (
    ("--help",),
    ("mcr", "judge", "[123s](7777p)EE45678s+9s"),
    ("mcr", "judge", "[123s](7777p)EE45678s+9s", "--json"),
    ("riichi", "judge", "[PPP]234m567p33s67s+8s"),
    ("riichi", "judge", "[PPP]234m567p33s67s+8s", "--json"),
    (
        *("rule", "changed-call", "-r", "rcr-2016", "-f", "first=hu", "-f", "second=pung"),
        *("-f", "winning_hand=false", "-f", "revealed=none"),
    ),
    ("rule", "tiles-knocked-over", "-r", "mers-2010", "-f", "whose=own", "--lang", "it"),
    ("rule", "tiles-knocked-over", "-r", "mers-2010", "-f", "whose=own", "--json"),
)

RECORD = """
import contextlib, io, sys
from mjref import classcode
seen = classcode.record()
import typer, typer._adapters, pydantic
from mjref.cli.main import main
for command in COMMANDS:
    sys.argv = ["mjref", *command]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        main()
classcode.write(seen, classcode.store_path())
print(classcode.store_path(), len(seen), "texts")
"""


def main() -> None:
    code = f"COMMANDS = {COMMANDS!r}\n{RECORD}"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


if __name__ == "__main__":
    main()

"""Write the compiled reading of every rules data file (``src/mjref/rules/data/compiled``).

Run after editing a file in ``src/mjref/rules/data`` (``python scripts/compile_rules.py``).
Each TOML file's tables are written as JSON with the SHA-256 of the text they were read
from; mjref reads that JSON instead of parsing the TOML at every start, and reads the TOML
itself whenever the hash does not match (see :mod:`mjref.rules.load`).
``tests/rules/test_compiled.py`` fails while a compiled reading is out of date.
"""

from __future__ import annotations

from pathlib import Path

from mjref.rules.load import FILES, compiled_reading, read_toml

DATA = Path(__file__).resolve().parent.parent / "src" / "mjref" / "rules" / "data"


def compile_file(name: str) -> Path:
    text = (DATA / f"{name}.toml").read_text("utf-8")
    target = DATA / "compiled" / f"{name}.json"
    target.parent.mkdir(exist_ok=True)
    target.write_text(compiled_reading(text, read_toml(text, f"{name}.toml")), "utf-8")
    return target


if __name__ == "__main__":
    for name in FILES:
        print(compile_file(name))

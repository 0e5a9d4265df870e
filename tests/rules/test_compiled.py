"""The compiled readings of the rules data (``scripts/compile_rules.py``): each is current
with its TOML file and holds exactly what the TOML reads as; a reading made from other text
is never used."""

from __future__ import annotations

import json
import tomllib
from importlib import resources

import pytest

from mjref.rules.load import FILES, _file_tables, _file_text, load_all, parse_ruleset, source_hash

DATA = resources.files("mjref.rules").joinpath("data")


@pytest.mark.parametrize("name", FILES)
def test_each_compiled_reading_is_current(name: str) -> None:
    text = _file_text(name)
    reading = json.loads(DATA.joinpath("compiled", f"{name}.json").read_text("utf-8"))
    assert reading["source"] == source_hash(text), (
        f"{name}.json is out of date: run python scripts/compile_rules.py"
    )
    assert reading["tables"] == tomllib.loads(text)


def test_an_edited_file_is_read_from_its_text() -> None:
    text = _file_text("mil")
    edited = text.replace('id = "mil"', 'id = "mil"\n# edited by hand', 1)
    assert edited != text
    assert _file_tables("mil", edited) == tomllib.loads(edited)
    changed = text.replace("as the MIL conventions score them", "as another league scores them", 1)
    assert changed != text
    assert _file_tables("mil", changed) == tomllib.loads(changed) != tomllib.loads(text)


def test_compiled_and_toml_give_the_same_entries() -> None:
    compiled = load_all()
    for name in FILES:
        known = {other: compiled[other] for other in FILES[: FILES.index(name)]}
        assert parse_ruleset(_file_text(name), f"{name}.toml", known) == compiled[name]

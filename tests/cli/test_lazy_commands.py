"""The root command loads a command's module only when that command runs (start-up time,
issue 8 item 10): the list of commands comes from a table in ``mjref.cli.main``, checked
here against the commands themselves."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import pytest
import typer

import mjref.cli
from mjref.cli.main import COMMANDS, app
from tests.fresh import run_fresh


def _first_paragraph(text: str | None) -> str:
    return " ".join((text or "").split("\n\n")[0].split())


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_listed_summary_is_the_commands_own(name: str) -> None:
    root: Any = typer.main.get_command(app)
    command = root.get_command(None, name)
    assert command is not None
    assert command.name == name
    assert _first_paragraph(COMMANDS[name].summary) == _first_paragraph(command.help)


def test_every_command_group_of_the_cli_is_listed() -> None:
    """A Typer application defined in a CLI module but missing from the table would never
    be reachable."""
    listed = {entry.target for entry in COMMANDS.values()}
    defined = set()
    for info in pkgutil.iter_modules(mjref.cli.__path__):
        module = importlib.import_module(f"mjref.cli.{info.name}")
        for attribute, value in vars(module).items():
            if isinstance(value, typer.Typer) and info.name != "main":
                defined.add(f"{module.__name__}:{attribute}")
    assert defined, "no Typer application found"
    assert defined <= listed


def _modules_after(*args: str) -> set[str]:
    code = (
        "import sys\n"
        "from mjref.cli.main import app\n"
        "try:\n"
        f"    app({list(args)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    done = run_fresh(code)
    return set(done.stderr.split())


def test_the_list_of_commands_imports_no_command() -> None:
    loaded = _modules_after("--help")
    assert "mjref.cli.main" in loaded
    heavy = {"mjref.cli.mcr", "mjref.cli.seating", "mjref.cli.tournament", "mjref.services"}
    heavy |= {"mjref.rulings", "mjref.store", "scipy", "numpy", "sqlalchemy", "fastapi"}
    assert heavy & loaded == set()


def test_a_judge_imports_neither_seating_nor_the_store() -> None:
    loaded = _modules_after("mcr", "judge", "[123s](7777p)EE45678s+9s", "--json")
    assert "mjref.mcr.judging" in loaded
    assert {"mjref.seating", "mjref.store", "scipy", "sqlalchemy", "fastapi"} & loaded == set()


def test_a_mistyped_command_is_suggested_from_every_command() -> None:
    done = run_fresh("from mjref.cli.main import main; main()", "standngs")
    assert done.returncode == 2
    assert done.stderr == "error: no such command: standngs (did you mean standings?)\n"


def test_the_riichi_rulesets_named_in_the_help_are_all_of_them() -> None:
    """The riichi judge's ``--ruleset`` help names the rulesets without loading the rules
    data at import; it must name every one the registry has."""
    from mjref.services.riichi import list_riichi_rulesets

    root: Any = typer.main.get_command(app)
    judge = root.get_command(None, "riichi").get_command(None, "judge")
    (option,) = [p for p in judge.params if "--ruleset" in getattr(p, "opts", [])]
    named = {word.strip("(),.") for word in option.help.split()}
    assert {r.id for r in list_riichi_rulesets()} <= named

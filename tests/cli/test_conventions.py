"""One CLI convention: every command takes --json and --lang (docs/cli.md)."""

from __future__ import annotations

from typing import Any

import typer

from mjref.cli.main import app


def _leaves(command: Any, path: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    if hasattr(command, "commands"):
        found = []
        for name in command.list_commands(None):
            found += _leaves(command.get_command(None, name), (*path, name))
        return found
    return [(" ".join(path), command)]


def test_every_command_has_json_and_lang() -> None:
    root = typer.main.get_command(app)
    missing = []
    for name, command in _leaves(root):
        options = {o for p in command.params for o in getattr(p, "opts", [])}
        for wanted in ("--json", "--lang"):
            if wanted not in options:
                missing.append(f"{name} {wanted}")
    assert len(_leaves(root)) > 40
    assert missing == []

"""The ``mjref`` command: one Typer application with a sub-command per domain."""

from __future__ import annotations

import typer

from mjref.cli import demo, mcr, riichi, rule, rules, seating

app = typer.Typer(
    name="mjref",
    help="The referee's and organiser's system for EMA mahjong tournaments (MCR and Riichi).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Sub-commands register here, one line per domain (keep this list sorted):
app.command("demo")(demo.demo)
app.add_typer(mcr.app, name="mcr")
app.add_typer(riichi.app, name="riichi")
app.command("rule")(rule.rule_command)
app.add_typer(rules.app, name="rules")
app.add_typer(seating.app, name="seating")


@app.callback()
def _root() -> None:
    """mjref: judges, rulings and tournament tools for EMA mahjong events."""


def main() -> None:
    """Console entry point."""
    app()

"""The ``mjref`` command: one Typer application with a sub-command per domain.

Typer runs in non-standalone mode under :class:`MjrefGroup`, so that every error - a usage
error of the command line included - goes through the one mapper
(:mod:`mjref.cli.errors`): one ``error:`` line on standard error in the chosen language,
the documented exit code (``docs/cli.md``), never a traceback or a boxed panel.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from mjref.cli import (
    clock,
    demo,
    mcr,
    riichi,
    rule,
    rules,
    seating,
    serve,
    tournament,
    tournament_players,
    tournament_results,
    tournament_review,
)
from mjref.cli.errors import classify, report
from mjref.cli.exits import Exit
from mjref.cli.io import ReaderGoneError, flush, give_up_stdout, write
from mjref.cli.options import StrictCommand
from mjref.wire.streams import StreamError


def _settings(args: Sequence[str]) -> tuple[str, bool]:
    """The language and ``--json`` of a command line, read before it is parsed (to report
    an error in the parsing itself)."""
    language = os.environ.get("MJREF_LANG", "en")
    as_json = False
    for n, arg in enumerate(args):
        if arg == "--":
            break
        if arg in ("--lang", "-l") and n + 1 < len(args):
            language = args[n + 1]
        elif arg.startswith("--lang="):
            language = arg.removeprefix("--lang=")
        elif arg == "--json":
            as_json = True
    return language, as_json


class MjrefGroup(TyperGroup):
    """The root command group: runs the command and maps whatever it raises."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        code = run(
            lambda: super(MjrefGroup, self).main(
                argv,
                prog_name or "mjref",
                complete_var,
                standalone_mode=False,
                **extra,
            ),
            argv,
        )
        if standalone_mode:
            sys.exit(code)
        return code


def run(command: Any, argv: Sequence[str]) -> int:
    """Run ``command`` (a callable returning an exit code or ``None``) and map its errors."""
    try:
        result = command()
        flush()
    except click_errors.NoArgsIsHelpError as error:
        # A command group given no command: its help is the answer.
        try:
            write(error.ctx.get_help())
            flush()
        except StreamError:
            give_up_stdout()
            return int(Exit.IO_ERROR)
        return int(Exit.OK)
    except BaseException as error:
        if isinstance(error, SystemExit):
            raise
        if isinstance(error, ReaderGoneError):
            give_up_stdout()
            return int(Exit.OK)
        reported = classify(error)
        if reported is None:
            raise
        language, as_json = _settings(argv)
        if isinstance(error, StreamError):
            give_up_stdout()
            as_json = False
        return report(reported, language, as_json)
    return result if isinstance(result, int) else int(Exit.OK)


app = typer.Typer(
    name="mjref",
    cls=MjrefGroup,
    help="The referee's and organiser's system for EMA mahjong tournaments (MCR and Riichi).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

# Sub-commands register here, one line per domain (keep this list sorted):
app.add_typer(tournament.appeal_app, name="appeal")
app.add_typer(clock.app, name="clock")
app.command("confirm", cls=StrictCommand)(tournament_review.confirm_command)
app.command("correct", cls=StrictCommand)(tournament.correct_command)
app.command("demo", cls=demo.COMMAND)(demo.demo)
app.command("disqualify", cls=StrictCommand)(tournament_results.disqualify_command)
app.add_typer(tournament.export_app, name="export")
app.command("hand", cls=StrictCommand)(tournament_results.hand_command)
app.command("late", cls=StrictCommand)(tournament_results.late_command)
app.command("log", cls=StrictCommand)(tournament.log_command)
app.add_typer(mcr.app, name="mcr")
app.command("pending", cls=StrictCommand)(tournament_review.pending_command)
app.add_typer(tournament_players.app, name="players")
app.command("result", cls=StrictCommand)(tournament_results.result_command)
app.command("reject", cls=StrictCommand)(tournament_review.reject_command)
app.add_typer(riichi.app, name="riichi")
app.command("rule", cls=rule.COMMAND)(rule.rule_command)
app.add_typer(rules.app, name="rules")
app.add_typer(seating.app, name="seating")
seating.app.command("publish", cls=StrictCommand)(tournament_players.publish_seating)
app.command("serve", cls=StrictCommand)(serve.serve_command)
app.add_typer(tournament.session_app, name="session")
app.command("standings", cls=StrictCommand)(tournament.standings_command)
app.add_typer(serve.users_app, name="users")
app.command("substitute", cls=StrictCommand)(tournament_results.substitute_command)
app.add_typer(tournament.app, name="tournament")


@app.callback()
def _root() -> None:
    """mjref: judges, rulings and tournament tools for EMA mahjong events."""


def main() -> None:
    """Console entry point."""
    app()

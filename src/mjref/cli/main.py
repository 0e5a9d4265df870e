"""The ``mjref`` command: one Typer application with a sub-command per domain.

Typer runs in non-standalone mode under :class:`MjrefGroup`, so that every error - a usage
error of the command line included - goes through the one mapper
(:mod:`mjref.cli.errors`): one ``error:`` line on standard error in the chosen language,
the documented exit code (``docs/cli.md``), never a traceback or a boxed panel.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import typer
from typer._click import Context, HelpFormatter
from typer._click import exceptions as click_errors
from typer._click.core import Command
from typer._click.utils import make_default_short_help
from typer.main import get_command_from_info, get_group_from_info
from typer.models import CommandInfo, TyperInfo

from mjref.cli.errors import StrictGroup, classify, report
from mjref.cli.exits import Exit
from mjref.cli.io import ReaderGoneError, flush, give_up_stdout, pause_collector, write
from mjref.wire.streams import StreamError


@dataclass(frozen=True, slots=True)
class CommandEntry:
    """A command of the root group, loaded only when it is run or its help is asked for.

    ``target`` is ``module:attribute``: a Typer sub-application (a group of commands) or a
    command function; ``cls`` the command class of a function (``module:attribute``;
    ``StrictCommand`` when empty). ``summary`` is the line ``mjref --help`` shows, so that
    listing the commands imports none of them; ``tests/cli/test_lazy_commands.py`` checks
    it against the command's own help.
    """

    target: str
    summary: str
    cls: str = ""
    extra: tuple[tuple[str, str], ...] = ()  # commands added to a group: (name, target)


_STRICT = "mjref.cli.options:StrictCommand"

# The commands of `mjref`, sorted as `mjref --help` lists them.
COMMANDS: dict[str, CommandEntry] = {
    "appeal": CommandEntry(
        "mjref.cli.tournament:appeal_app", "Appeals against rulings (MERS 2.2)."
    ),
    "backup": CommandEntry(
        "mjref.cli.backup:backup_command",
        "A consistent copy of the database while mjref serve goes on (SQLite's online backup;"
        " PostgreSQL: a portable SQLite copy), with the installation secret sealed by a"
        " passphrase; --check FILE checks a backup instead.",
    ),
    "clock": CommandEntry(
        "mjref.cli.clock:app",
        "The session clock: start, pause, resume, end, extra time for a table, status; the"
        " notice on the venue screen.",
    ),
    "confirm": CommandEntry(
        "mjref.cli.tournament_review:confirm_command",
        "Confirm a proposed result: from now on it is the table's result.",
    ),
    "correct": CommandEntry(
        "mjref.cli.tournament:correct_command",
        "Void an entry (a result, a ruling ...), giving the reason; it stays in the log,"
        " superseded. To replace it instead, record the new entry with --correct POSITION.",
    ),
    "demo": CommandEntry(
        "mjref.cli.demo:demo",
        "Build a demo tournament (16 players, 3 sessions of MCR, hand by hand) and print its"
        " standings; --hands judges a few sample hands instead. The tournament goes into a"
        " temporary database unless --db is given.",
        cls="mjref.cli.demo:COMMAND",
    ),
    "disqualify": CommandEntry(
        "mjref.cli.tournament_results:disqualify_command",
        "Disqualify a player: on an incident whose ruling disqualifies (MERS 3.5, RCR 5.5),"
        " or by the referee's decision with --scope; a substitute may take the seat.",
    ),
    "ema": CommandEntry(
        "mjref.cli.ema:app", "The EMA: its player list, EMA numbers checked, the MERS weight."
    ),
    "export": CommandEntry(
        "mjref.cli.tournament:export_app", "The EMA results file and the HTML pages."
    ),
    "finals": CommandEntry(
        "mjref.cli.finals:app",
        "Finals seated from the standings; standings hidden from the public, then revealed.",
    ),
    "hand": CommandEntry(
        "mjref.cli.tournament_results:hand_command",
        "Record one MCR hand: the winner and the discarder (or --self-drawn), or --draw; the"
        " points (or the hand in notation, judged with the winner's seat wind and the"
        " prevalent wind that follow from the seating and --hand); false hus declared during"
        " it.",
    ),
    "late": CommandEntry(
        "mjref.cli.tournament_results:late_command",
        "A player arrives late: the ruleset's lateness ruling (MERS 2.3 and its readings, the"
        " 2009 overview, RCR 5.7 / 5.6), recorded; beyond the limit a substitute plays.",
    ),
    "log": CommandEntry(
        "mjref.cli.tournament:log_command",
        "The log, filtered; each entry with who recorded it, when, and what superseded it.",
    ),
    "mcr": CommandEntry(
        "mjref.cli.mcr:app",
        "MCR (Chinese Official) hands: judge a declared win, list fans and conventions.",
    ),
    "mirror": CommandEntry(
        "mjref.cli.mirror:app",
        "A tournament's log copied to a hosted mirror or a standby laptop, and a copy made the"
        " venue's tournament.",
    ),
    "pending": CommandEntry(
        "mjref.cli.tournament_review:pending_command",
        "What needs attention: proposed results awaiting confirmation, tables not yet"
        " reported and appeals not yet decided.",
    ),
    "players": CommandEntry(
        "mjref.cli.tournament_players:app", "Players: register, import, check in, list."
    ),
    "reject": CommandEntry(
        "mjref.cli.tournament_review:reject_command",
        "Reject a proposed result; the table enters its result again.",
    ),
    "restore": CommandEntry(
        "mjref.cli.backup:restore_command",
        "Check a backup (schema revision, every tournament's log folds, the hash chain, the"
        " accounts) and restore it as a new database, with its installation secret; a broken"
        " backup is refused, naming the first bad tournament and position.",
    ),
    "result": CommandEntry(
        "mjref.cli.tournament_results:result_command",
        "A table's session result: MCR, the four session totals of the score sheet (adding"
        " up to zero); riichi, the four final scores and the sticks left (making up 4 x the"
        " starting points).",
    ),
    "riichi": CommandEntry(
        "mjref.cli.riichi:app", "Riichi (EMA Riichi Competition Rules 2016 and 2012)."
    ),
    "riichi-hand": CommandEntry(
        "mjref.cli.riichi_hand:riichi_hand_command",
        "Record one riichi hand: --outcome ron (--win and --discarder), tsumo (--win), draw"
        " (--tenpai), abortive (RCR 2012), chombo (--offender) or nagashi (RCR 2012, --win for"
        " each player who has it); --riichi for each declaration. The ruleset's game flow"
        " gives the scores, the dealer, counters and sticks.",
    ),
    "riichi-confirm": CommandEntry(
        "mjref.cli.riichi_hand:riichi_confirm_command",
        "Confirm a riichi table's hands entered by one of its players: from now on they count"
        " as the table's result.",
    ),
    "rule": CommandEntry(
        "mjref.cli.rule:rule_command",
        "Rule on an incident: the consequences, each with the clause that requires it.",
        cls="mjref.cli.rule:COMMAND",
    ),
    "rules": CommandEntry(
        "mjref.cli.rules:app",
        "The rules registry (MERS, RCR, scoring conventions): list, show a clause, compare,"
        " list incidents.",
    ),
    "seating": CommandEntry(
        "mjref.cli.seating:app",
        "Seat plans: repeat-free, wind-balanced schedules; checks; Swiss seating; re-seating.",
        extra=(
            ("publish", "mjref.cli.tournament_players:publish_seating"),
            ("commit", "mjref.cli.seating_draw:commit"),
            ("verify", "mjref.cli.seating_draw:verify"),
        ),
    ),
    "serve": CommandEntry(
        "mjref.cli.serve:serve_command",
        "The venue web app: public standings and seating, the organiser's and referees'"
        " pages, the table scorers' links, the JSON API (docs/web.md).",
    ),
    "session": CommandEntry("mjref.cli.tournament:session_app", "Open or close a session."),
    "standings": CommandEntry(
        "mjref.cli.tournament:standings_command",
        "The standings (MCR: table points, then score; riichi: total), or one player's"
        " sessions with --player.",
    ),
    "substitute": CommandEntry(
        "mjref.cli.tournament_results:substitute_command",
        "A substitute takes a player's seat for a session (MERS 2010 4.1-4.2, RCR 5.8/5.7).",
    ),
    "team": CommandEntry(
        "mjref.cli.teams:team_app",
        "Teams registered with their members, apart from the players' clubs.",
    ),
    "teams": CommandEntry(
        "mjref.cli.teams:teams_command",
        "The team standings: the players of one team ranked together, by the sum of all"
        " members' table points (MCR) or totals (riichi), or of the best --best N (default:"
        " the organiser's rule, mjref team rule; the registered teams, or the clubs while no"
        " team is registered).",
    ),
    "tournament": CommandEntry(
        "mjref.cli.tournament:app", "Tournaments: create one, show it, list them."
    ),
    "users": CommandEntry(
        "mjref.cli.serve:users_app", "Accounts of the web app (organisers and referees)."
    ),
}


def _attribute(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def load(name: str, entry: CommandEntry) -> Command:
    """The click command of ``entry``, built from its module (imported now)."""
    target = _attribute(entry.target)
    if isinstance(target, typer.Typer):
        registered = {info.name for info in target.registered_commands}
        for sub, function in entry.extra:
            if sub not in registered:  # once per process, however often the root is built
                target.command(sub, cls=_attribute(_STRICT))(_attribute(function))
        group = get_group_from_info(
            TyperInfo(target, name=name),
            pretty_exceptions_short=False,
            suggest_commands=True,
            rich_markup_mode=None,
        )
        return group
    info = CommandInfo(name=name, cls=_attribute(entry.cls or _STRICT), callback=target)
    return get_command_from_info(info, pretty_exceptions_short=False, rich_markup_mode=None)


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


class MjrefGroup(StrictGroup):
    """The root command group: loads a command's module only when the command is run (or
    its help shown), and runs it mapping whatever it raises."""

    def list_commands(self, ctx: Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        command = self.commands.get(cmd_name)
        entry = COMMANDS.get(cmd_name)
        if command is None and entry is not None:
            command = self.commands[cmd_name] = load(cmd_name, entry)
        return command

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The list of commands from their summaries (no command module is imported)."""
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [(n, make_default_short_help(e.summary, limit)) for n, e in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

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


@app.callback()
def _root() -> None:
    """mjref: judges, rulings and tournament tools for EMA mahjong events."""


def main() -> None:
    """Console entry point (the collector is paused while the command starts up; the
    command switches it back on: :func:`mjref.cli.io.pause_collector`)."""
    pause_collector()
    app()

"""``mjref rule``: rule on an incident under a ruleset, as text or as JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjref.cli import io
from mjref.cli.errors import usage
from mjref.cli.mcr import ConventionOption
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.rules import ruling_text
from mjref.players import PlayerId
from mjref.services.rulings import (
    DEFAULT_CONVENTION,
    DEFAULT_RULESET,
    IncidentReport,
    facts_from_text,
    rule_incident,
)
from mjref.wire.jsonread import read_json
from mjref.wire.rulings import read_history, read_ruling_request, ruling_json

COMMAND = StrictCommand


def rule_command(
    incident: Annotated[
        str | None,
        typer.Argument(
            help="The incident type (see 'mjref rules incidents'); omit with --json.",
            show_default=False,
        ),
    ] = None,
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset", "-r", help="Ruleset and readings, e.g. mers-2010, mers-2008+italian."
        ),
    ] = DEFAULT_RULESET,
    convention: ConventionOption = DEFAULT_CONVENTION,
    lang: LangOption = "en",
    fact: Annotated[
        list[str] | None,
        typer.Option(
            "--fact",
            "-f",
            help="A fact NAME=VALUE (repeat, once per fact); hand.flowers=2 style for a hand.",
        ),
    ] = None,
    player: Annotated[
        int | None,
        typer.Option("--player", help="Who the incident is about (their player number)."),
    ] = None,
    session: Annotated[
        int | None, typer.Option("--session", help="The session (1, 2 ...).")
    ] = None,
    game: Annotated[int | None, typer.Option("--game", help="The game within the session.")] = None,
    history: Annotated[
        Path | None,
        typer.Option("--history", help="JSON file: a list of earlier incidents (the log)."),
    ] = None,
    as_json: JsonOption = False,
    source: Annotated[
        Path | None,
        typer.Option("--input", "-i", help="JSON request file (with --json and no INCIDENT)."),
    ] = None,
) -> None:
    """Rule on an incident: the consequences, each with the clause that requires it.

    Exit status: 0 ruled; 2 bad input (an unknown incident, a missing or wrong fact, a bad
    request); 3 a file or standard input cannot be read; 4 no rule of the ruleset covers
    the incident.
    """
    lang = language(lang)
    if incident is None:
        if not as_json:
            raise usage("cli.incident-missing")
        if fact or player is not None or session is not None or game is not None or history:
            raise usage("cli.json-request-and-facts")
        where = "standard input" if source is None else str(source)
        request = read_ruling_request(read_json(io.read_bytes(source), where=where))
        ruling = rule_incident(
            request.report,
            request.ruleset or ruleset,
            request.history,
            convention=request.convention or convention,
        )
    else:
        if source is not None:
            raise usage("cli.input-without-json", "--input")
        earlier: tuple[IncidentReport, ...] = ()
        if history is not None:
            earlier = read_history(read_json(io.read_bytes(history), where=str(history)))
        report = IncidentReport(
            incident,
            facts_from_text(incident, fact or []),
            player=None if player is None else PlayerId(player),
            session=session,
            game=game,
        )
        ruling = rule_incident(report, ruleset, earlier, convention=convention)
    if as_json:
        io.write_json(ruling_json(ruling, lang))
        return
    for line in ruling_text(ruling, lang):
        io.write(line)

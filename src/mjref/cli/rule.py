"""``mjref rule``: rule on an incident under a ruleset, as text or as JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjref.cli import (
    _tournament_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.errors import usage
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.rules import ruling_text
from mjref.cli.tournament_options import ActorOption, DbOption, actor, now, opened
from mjref.i18n import render
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services.rulings import (
    DEFAULT_CONVENTION,
    DEFAULT_RULESET,
    IncidentReport,
    facts_from_text,
    rule_incident,
)

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
        str | None,
        typer.Option(
            "--ruleset",
            "-r",
            help="Ruleset and readings, e.g. mers-2010, mers-2008+italian (default mers-2008).",
            show_default=False,
        ),
    ] = None,
    convention: Annotated[
        str | None,
        typer.Option(
            "--convention",
            help="MCR scoring convention a declared hand is judged under (default green-book).",
            show_default=False,
        ),
    ] = None,
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
    record: Annotated[
        str | None,
        typer.Option(
            "--record",
            help="Record the ruling in this tournament (its ruleset, its log as the history).",
            show_default=False,
        ),
    ] = None,
    table: Annotated[int | None, typer.Option("--table", help="With --record: the table.")] = None,
    hand: Annotated[int | None, typer.Option("--hand", help="With --record: the hand.")] = None,
    points: Annotated[
        int | None,
        typer.Option("--points", help="With --record: the amount the referee sets, where open."),
    ] = None,
    db: DbOption = None,
    who: ActorOption = None,
) -> None:
    """Rule on an incident: the consequences, each with the clause that requires it.

    Exit status: 0 ruled; 2 bad input (an unknown incident, a missing or wrong fact, a bad
    request); 3 a file or standard input cannot be read; 4 no rule of the ruleset covers
    the incident.
    """
    lang = language(lang)
    if record is not None:
        _record(
            record,
            incident,
            ruleset,
            convention,
            fact,
            player,
            session,
            game,
            history,
            source,
            table,
            hand,
            points,
            db,
            who,
            as_json,
            lang,
        )
        return
    for given, option in ((table, "--table"), (hand, "--hand"), (points, "--points")):
        if given is not None:
            raise usage("cli.tournament.record-only", option, option=option)
    ruleset = ruleset or DEFAULT_RULESET
    convention = convention or DEFAULT_CONVENTION
    if incident is None:
        if not as_json:
            raise usage("cli.incident-missing")
        if fact or player is not None or session is not None or game is not None or history:
            raise usage("cli.json-request-and-facts")
        where = "standard input" if source is None else str(source)
        from mjref.wire.jsonread import read_json  # JSON only: start-up time
        from mjref.wire.rulings import read_ruling_request

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
            from mjref.wire.jsonread import read_json  # JSON only: start-up time
            from mjref.wire.rulings import read_history

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
        from mjref.wire.rulings import ruling_json  # JSON only: start-up time

        io.write_json(ruling_json(ruling, lang))
        return
    for line in ruling_text(ruling, lang):
        io.write(line)


def _record(
    tournament: str,
    incident: str | None,
    ruleset: str | None,
    convention: str | None,
    fact: list[str] | None,
    player: int | None,
    session: int | None,
    game: int | None,
    history: Path | None,
    source: Path | None,
    table: int | None,
    hand: int | None,
    points: int | None,
    db: str | None,
    who: str | None,
    as_json: bool,
    lang: str,
) -> None:
    """``mjref rule INCIDENT --record TOURNAMENT``: ruled under the tournament's ruleset and
    convention, with the player's rulings in its log as the history, and recorded."""
    if ruleset is not None or convention is not None:
        raise usage("cli.tournament.record-ruleset", "--record")
    if history is not None or source is not None or incident is None:
        raise usage("cli.tournament.record-needs", "--record")
    if player is None or session is None:
        raise usage("cli.tournament.record-needs", "--record")
    from mjref.services.tournament_results import record_ruling  # start-up: only to record
    from mjref.wire.tournament import ruling_entry_json

    facts = facts_from_text(incident, fact or [])
    with opened(db) as log:
        entry = record_ruling(
            log,
            tournament,
            player=PlayerId(player),
            session=session,
            incident=incident,
            facts=facts,
            table=table,
            hand=hand,
            game=game or 1,
            discretion=points,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(ruling_entry_json(entry, lang))
        return
    for line in ruling_text(entry.ruling, lang):
        io.write(line)
    for recorded in entry.recorded:
        io.write(
            render(
                Message(
                    "cli.tournament.recorded", {"seq": recorded.seq, "kind": recorded.event.KIND}
                ),
                lang,
            )
        )

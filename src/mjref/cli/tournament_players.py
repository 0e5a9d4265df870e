"""``mjref players import|add|edit|withdraw|checkin|list|codes|new-code`` and ``mjref seating
publish``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjref.cli import (
    _tournament_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.ema import warn_numbers
from mjref.cli.errors import StrictGroup, usage
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament import say
from mjref.cli.tournament_options import (
    ActorOption,
    DbOption,
    TournamentOption,
    actor,
    installation_secret,
    now,
    opened,
    progress,
    read_text,
    table_lines,
)
from mjref.i18n import render
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services import player_codes
from mjref.services import tournament as service
from mjref.services.seating import Fill
from mjref.tournament.events import Withdrawal
from mjref.tournament.state import PlayerView
from mjref.wire import tournament as wire
from mjref.wire.messages import steps_text
from mjref.wire.seating import parse_schedule, parse_substitution

app = typer.Typer(
    cls=StrictGroup, help="Players: register, import, check in, list.", no_args_is_help=True
)

MAX_FILE = 1 << 20
"""The largest players file read (1 MiB)."""


def _status(view: PlayerView, lang: str) -> str:
    notes = []
    if view.substitute:
        notes.append(Message("cli.tournament.status.substitute", {}))
    if view.checked_in:
        notes.append(Message("cli.tournament.status.checked-in", {}))
    if view.withdrawn_from is not None:
        notes.append(Message("cli.tournament.status.withdrawn", {"session": view.withdrawn_from}))
    if view.struck:
        notes.append(Message("cli.tournament.status.struck", {}))
    if view.disqualified is not None:
        notes.append(Message("cli.tournament.status.disqualified", {"session": view.disqualified}))
    return "; ".join(render(n, lang) for n in notes)


def _show(views: tuple[PlayerView, ...], as_json: bool, lang: str) -> None:
    """The players as an aligned table: number, name, country, EMA number, club, status."""
    if as_json:
        io.write_json([wire.player_json(v) for v in views])
        return
    head = [
        render(Message(f"cli.tournament.column.{c}", {}), lang)
        for c in ("number", "name", "country", "ema", "club", "status")
    ]
    rows = [
        [str(v.player), v.name, v.country, v.ema_number, v.club, _status(v, lang)] for v in views
    ]
    for line in table_lines(head, rows, [True, False, False, False, False, False]):
        io.write(line)


@app.command("import", cls=StrictCommand)
def import_command(
    file: Annotated[
        Path, typer.Argument(help="CSV: first_name,last_name,country,ema_number,club,team.")
    ],
    tournament: TournamentOption,
    skip_bad: Annotated[
        bool, typer.Option("--skip-bad", help="Import the good rows, list the bad ones.")
    ] = False,
    check_in: Annotated[bool, typer.Option("--check-in", help="Check them in too.")] = False,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Register the players of a CSV file. Every bad row is reported with its line and
    reason, and nothing is imported if any row is bad (unless --skip-bad)."""
    lang = language(lang)
    text = read_text(file)
    with opened(db) as log:
        report = service.import_players(
            log, tournament, text, skip_bad=skip_bad, check_in=check_in, actor=actor(who), now=now()
        )
        warn_numbers(log, tournament, [v.player for v in report.added], lang)
    if as_json:
        io.write_json(wire.import_json(report, lang))
        return
    say(Message("cli.tournament.players-added", {"count": len(report.added)}), lang)
    for problem in report.skipped:
        say(
            Message("cli.tournament.row-skipped", {"line": problem.line, "reason": problem.reason}),
            lang,
        )


@app.command("add", cls=StrictCommand)
def add(
    tournament: TournamentOption,
    first: Annotated[str, typer.Option("--first", help="First name.")],
    last: Annotated[str, typer.Option("--last", help="Last name.")],
    country: Annotated[str, typer.Option("--country", help="ISO 3166-1 code (HU or HUN).")] = "",
    ema: Annotated[str, typer.Option("--ema", help="EMA number (8 digits).")] = "",
    club: Annotated[str, typer.Option("--club", help="Club or team.")] = "",
    substitute: Annotated[
        bool, typer.Option("--substitute", help="A substitute (never ranked).")
    ] = False,
    check_in: Annotated[bool, typer.Option("--check-in", help="Check in too.")] = False,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Register a player (the next free number)."""
    lang = language(lang)
    details = service.player_details(first, last, country, ema, club, substitute=substitute)
    with opened(db) as log:
        view = service.add_player(
            log,
            tournament,
            details,
            substitute=substitute,
            check_in=check_in,
            actor=actor(who),
            now=now(),
        )
        warn_numbers(log, tournament, (view.player,), lang)
    _show((view,), as_json, lang)


@app.command("edit", cls=StrictCommand)
def edit(
    player: Annotated[int, typer.Argument(help="The player's number.")],
    tournament: TournamentOption,
    first: Annotated[str | None, typer.Option("--first", help="First name.")] = None,
    last: Annotated[str | None, typer.Option("--last", help="Last name.")] = None,
    country: Annotated[str | None, typer.Option("--country", help="Country code.")] = None,
    ema: Annotated[str | None, typer.Option("--ema", help="EMA number.")] = None,
    club: Annotated[str | None, typer.Option("--club", help="Club or team.")] = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Change some of a player's details."""
    lang = language(lang)
    with opened(db) as log:
        view = service.edit_player(
            log,
            tournament,
            PlayerId(player),
            first_name=first,
            last_name=last,
            country=country,
            ema_number=ema,
            club=club,
            actor=actor(who),
            now=now(),
        )
    _show((view,), as_json, lang)


@app.command("withdraw", cls=StrictCommand)
def withdraw(
    player: Annotated[int, typer.Argument(help="The player's number.")],
    tournament: TournamentOption,
    from_session: Annotated[
        int | None,
        typer.Option(
            "--from-session",
            help="The first session the player misses (default: the next one not yet played).",
            show_default=False,
        ),
    ] = None,
    illness: Annotated[bool, typer.Option("--illness", help="Withdrawn through illness.")] = False,
    struck: Annotated[
        bool,
        typer.Option("--struck", help="Remove the name from the final results (MERS 2010 4.3)."),
    ] = False,
    note: Annotated[str, typer.Option("--note", help="A note.")] = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """A player leaves the tournament; publish the seating again to fill the seats."""
    lang = language(lang)
    reason = Withdrawal.ILLNESS if illness else Withdrawal.OTHER
    with opened(db) as log:
        view = service.withdraw_player(
            log,
            tournament,
            PlayerId(player),
            from_session=from_session,
            reason=reason,
            struck=struck,
            note=note,
            actor=actor(who),
            now=now(),
        )
    _show((view,), as_json, lang)


@app.command("checkin", cls=StrictCommand)
def checkin(
    tournament: TournamentOption,
    players: Annotated[list[int] | None, typer.Argument(help="Player numbers.")] = None,
    every: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Every registered player not yet checked in (not substitutes, not withdrawn).",
        ),
    ] = False,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Check players in: they will be seated."""
    lang = language(lang)
    if every == bool(players):
        raise usage("cli.tournament.checkin-which", "--all")
    with opened(db) as log:
        if every:
            views = service.check_in_all(log, tournament, actor=actor(who), now=now())
        else:
            chosen = [PlayerId(p) for p in players or ()]
            views = service.check_in(log, tournament, chosen, actor=actor(who), now=now())
    _show(views, as_json, lang)


@app.command("list", cls=StrictCommand)
def list_command(
    tournament: TournamentOption,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Every player and substitute, with their status."""
    lang = language(lang)
    with opened(db) as log:
        views = service.list_players(log, tournament)
    _show(views, as_json, lang)


@app.command("codes", cls=StrictCommand)
def codes_command(
    tournament: TournamentOption,
    player: Annotated[
        int | None, typer.Option("--player", help="Only this player's code.", show_default=False)
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Each player's confirmation code, to hand over at check-in: a player gives it to
    propose, confirm or reject their table's result from its link (docs/web.md)."""
    lang = language(lang)
    with opened(db) as log:
        found = player_codes.player_codes(
            log,
            tournament,
            installation_secret(log),
            None if player is None else PlayerId(player),
        )
    if as_json:
        io.write_json([{"player": c.player.player, "code": c.code} for c in found])
        return
    head = [
        render(Message(f"cli.tournament.column.{c}", {}), lang) for c in ("number", "name", "code")
    ]
    rows = [[str(c.player.player), c.player.name, c.code] for c in found]
    for line in table_lines(head, rows, [True, False, False]):
        io.write(line)


@app.command("new-code", cls=StrictCommand)
def new_code_command(
    player: Annotated[int, typer.Argument(help="The player's number.")],
    tournament: TournamentOption,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Issue a player a new confirmation code (the old one was lost or seen): the old one
    stops working at once."""
    lang = language(lang)
    with opened(db) as log:
        player_codes.issue_code(
            log, tournament, player=PlayerId(player), actor=actor(who), now=now()
        )
        (found,) = player_codes.player_codes(
            log, tournament, installation_secret(log), PlayerId(player)
        )
    if as_json:
        io.write_json({"player": found.player.player, "code": found.code})
        return
    say(
        Message(
            "cli.tournament.new-code",
            {"player": found.player.player, "name": found.player.name, "code": found.code},
        ),
        lang,
    )


def publish_seating(
    tournament: TournamentOption,
    seed: Annotated[int, typer.Option("--seed", help="Random seed; same seed, same plan.")] = 0,
    fill: Annotated[
        str | None,
        typer.Option("--fill", help="When players do not fill tables: 'substitutes' or 'byes'."),
    ] = None,
    again: Annotated[
        bool,
        typer.Option("--again", help="Seat the sessions not yet played again after drop-outs."),
    ] = False,
    replace: Annotated[
        list[str] | None,
        typer.Option("--replace", help="OUT:IN - a substitute takes a leaving player's seats."),
    ] = None,
    plan: Annotated[
        Path | None,
        typer.Option("--plan", help="Publish a seating made elsewhere (the seating JSON shape)."),
    ] = None,
    from_session: Annotated[
        int, typer.Option("--from-session", help="With --plan: the first session it seats.")
    ] = 1,
    draw: Annotated[
        str | None,
        typer.Option("--draw", help="The draw's seed committed to (mjref seating commit)."),
    ] = None,
    teams_apart: Annotated[
        bool,
        typer.Option(
            "--teams-apart",
            help="Keep each team (club of two or more players) apart where possible.",
        ),
    ] = False,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Seat the checked-in players for every session (mjref.seating), freeze it in the log
    with table numbers and winds; --again re-seats the sessions not yet played."""
    lang = language(lang)
    remedy = None if fill is None else Fill.parse(fill)
    if plan is not None and again:
        raise usage("cli.tournament.plan-and-again")
    if replace and not again:
        raise usage("cli.tournament.again-only", option="--replace")
    with opened(db) as log:
        if plan is not None:
            parsed = parse_schedule(io.read_bytes(plan), str(plan))
            report = service.publish_plan(
                log,
                tournament,
                parsed.schedule.sessions,
                first_session=from_session,
                actor=actor(who),
                now=now(),
            )
        elif again:
            pairs = [parse_substitution(text, "--replace") for text in replace or []]
            report = service.republish_seating(
                log,
                tournament,
                replaced=pairs,
                fill=remedy,
                seed=seed,
                teams_apart=teams_apart,
                actor=actor(who),
                now=now(),
            )
        else:
            info = service.show_tournament(log, tournament)
            progress(
                Message(
                    "cli.tournament.seating",
                    {"players": info.checked_in, "sessions": info.sessions},
                ),
                lang,
            )
            report = service.publish_seating(
                log,
                tournament,
                seed=seed,
                fill=remedy,
                draw=draw,
                teams_apart=teams_apart,
                actor=actor(who),
                now=now(),
            )
    if as_json:
        io.write_json(wire.seating_json(report, lang))
        return
    last = report.first_session + len(report.sessions) - 1
    say(
        Message(
            "cli.tournament.seated",
            {"first": report.first_session, "last": last},
        ),
        lang,
    )
    if report.method:
        say(Message("cli.tournament.method", {"method": steps_text(report.method, lang)}), lang)
    if report.substitutes:
        say(
            Message(
                "cli.tournament.substitutes",
                {"players": ", ".join(str(p) for p in report.substitutes)},
            ),
            lang,
        )
    for offset, tables in enumerate(report.sessions):
        io.write("")
        io.write(
            render(
                Message("tournament.seating-title", {"session": report.first_session + offset}),
                lang,
            )
        )
        for number, table in enumerate(tables, start=1):
            io.write(
                f"  {number:>3}  "
                + "  ".join(f"{w}:{p:>4}" for w, p in zip("ESWN", table, strict=True))
            )

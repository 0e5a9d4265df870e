"""``mjref finals seat|hide|reveal``: a final session seated from the standings, and the
standings hidden from the public from a session on until they are revealed."""

from __future__ import annotations

from typing import Annotated

import typer

from mjref.cli import io
from mjref.cli.errors import StrictGroup
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament import say_recorded
from mjref.cli.tournament_options import (
    ActorOption,
    DbOption,
    TournamentOption,
    actor,
    now,
    opened,
)

app = typer.Typer(
    cls=StrictGroup,
    help="Finals seated from the standings; standings hidden from the public, then revealed.",
    no_args_is_help=True,
)


@app.command("seat", cls=StrictCommand)
def seat_command(
    tournament: TournamentOption,
    session: Annotated[int, typer.Option("--session", help="The final session.", min=1)],
    mode: Annotated[
        str,
        typer.Option("--mode", help="top-4 (one final table) or by-rank (tables 1-4, 5-8, ...)."),
    ] = "top-4",
    count: Annotated[
        int, typer.Option("--count", help="by-rank: the players seated, a multiple of 4.", min=0)
    ] = 0,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Seat a final session from the standings as they are now: the first four at one
    table, or the first COUNT players at tables by rank; the others sit it out."""
    from mjref.services import finals
    from mjref.wire import tournament as twire

    lang = language(lang)
    chosen = finals.parse_mode(mode, "--mode")
    with opened(db) as log:
        recorded = finals.seat_finals(
            log, tournament, session=session, mode=chosen, count=count, actor=actor(who), now=now()
        )
    if as_json:
        io.write_json({"recorded": [twire.recorded_json(recorded)]})
        return
    say_recorded((recorded,), lang)


@app.command("hide", cls=StrictCommand)
def hide_command(
    tournament: TournamentOption,
    from_session: Annotated[
        int,
        typer.Option("--from-session", help="The first hidden session.", min=1),
    ],
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Hide the standings from the public from a session on: places, totals and the
    results of that session and later ones; officials still see them."""
    from mjref.services import finals
    from mjref.wire import tournament as twire

    lang = language(lang)
    with opened(db) as log:
        recorded = finals.hide_standings(
            log, tournament, from_session=from_session, actor=actor(who), now=now()
        )
    if as_json:
        io.write_json({"recorded": [twire.recorded_json(recorded)]})
        return
    say_recorded((recorded,), lang)


@app.command("reveal", cls=StrictCommand)
def reveal_command(
    tournament: TournamentOption,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Show the hidden standings to the public again."""
    from mjref.services import finals
    from mjref.wire import tournament as twire

    lang = language(lang)
    with opened(db) as log:
        recorded = finals.reveal_standings(log, tournament, actor=actor(who), now=now())
    if as_json:
        io.write_json({"recorded": [twire.recorded_json(recorded)]})
        return
    say_recorded((recorded,), lang)

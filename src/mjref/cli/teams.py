"""``mjref teams``: the team standings (the players of one club or team ranked together,
by the sum over all members or over the best ``--best N``; ``docs/ema.md``)."""

from __future__ import annotations

from typing import Annotated

import typer

from mjref.cli import (
    _teams_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.options import JsonOption, LangOption, language
from mjref.cli.tournament import say
from mjref.cli.tournament_options import DbOption, TournamentOption, opened
from mjref.messages import Message


def teams_command(
    tournament: TournamentOption,
    best: Annotated[
        int | None,
        typer.Option("--best", help="Count each team's best N players (default: all).", min=1),
    ] = None,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="Write the team standings as CSV instead.")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The team standings: the players of one club or team ranked together, by the sum of
    all members' table points (MCR) or totals (riichi), or of the best --best N."""
    from mjref.services import teams as service
    from mjref.wire import teams as wire
    from mjref.wire.tournament import text_number

    lang = language(lang)
    with opened(db) as log:
        if as_csv:
            io.write_raw(service.team_standings_csv(log, tournament, best=best))
            return
        rows = service.current_team_standings(log, tournament, best=best)
    if as_json:
        io.write_json(wire.teams_json(rows, best))
        return
    if not rows:
        say(Message("cli.teams.none", {}), lang)
    for r in rows:
        say(
            Message(
                "cli.teams.row",
                {
                    "place": r.place,
                    "team": r.team,
                    "total": text_number(r.total),
                    "counted": ", ".join(str(int(p)) for p in r.counted),
                },
            ),
            lang,
        )

"""``mjref teams``: the team standings (the players of one team ranked together, by the sum
over all members or over the best ``--best N``; ``docs/ema.md``), and ``mjref team
register|add|remove|list``: teams registered with their members, apart from the clubs."""

from __future__ import annotations

from typing import Annotated

import typer

from mjref.cli import (
    _teams_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.errors import StrictGroup
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament import run_recorded, say
from mjref.cli.tournament_options import (
    ActorOption,
    DbOption,
    TournamentOption,
    opened,
)
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
    """The team standings: the players of one team ranked together, by the sum of all
    members' table points (MCR) or totals (riichi), or of the best --best N (default: the
    organiser's rule, mjref team rule; the registered teams, or the clubs while no team is
    registered)."""
    from mjref.services import teams as service
    from mjref.wire import teams as wire
    from mjref.wire.tournament import text_number

    lang = language(lang)
    with opened(db) as log:
        if as_csv:
            io.write_raw(service.team_standings_csv(log, tournament, best=best))
            return
        best = best or service.team_rule(log, tournament)
        rows = service.current_team_standings(log, tournament, best=best)
        registered = service.list_teams(log, tournament).registered
    if as_json:
        io.write_json(wire.teams_json(rows, best))
        return
    say(Message("cli.teams.registered" if registered else "cli.teams.clubs", {}), lang)
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


team_app = typer.Typer(
    cls=StrictGroup,
    help="Teams registered with their members, apart from the players' clubs.",
    no_args_is_help=True,
)

TeamOption = Annotated[str, typer.Option("--team", help="The team's name.")]


@team_app.command("register", cls=StrictCommand)
def register_command(
    tournament: TournamentOption,
    team: TeamOption,
    members: Annotated[
        list[int] | None,
        typer.Option("--members", help="A member's number (repeat the option for each).", min=1),
    ] = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Register a team with its name and members; a team of the same name registered
    before gets these members instead. Once a team has a member, the team standings and
    --teams-apart use the registered teams instead of the clubs."""
    from mjref.services.catalogue import RegisterTeam

    lang = language(lang)
    command = RegisterTeam(team, tuple(members or ()))
    run_recorded("team-register", command, tournament, db, who, as_json, lang)


@team_app.command("add", cls=StrictCommand)
def add_command(
    tournament: TournamentOption,
    team: TeamOption,
    player: Annotated[int, typer.Option("--player", help="The player's number.", min=1)],
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Add a registered player to a registered team (a player is in one team at most)."""
    from mjref.services.catalogue import AddTeamMember

    lang = language(lang)
    command = AddTeamMember(team, player)
    run_recorded("team-add", command, tournament, db, who, as_json, lang)


@team_app.command("remove", cls=StrictCommand)
def remove_command(
    tournament: TournamentOption,
    team: TeamOption,
    player: Annotated[int, typer.Option("--player", help="The player's number.", min=1)],
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Take a member out of their registered team."""
    from mjref.services.catalogue import RemoveTeamMember

    lang = language(lang)
    command = RemoveTeamMember(team, player)
    run_recorded("team-remove", command, tournament, db, who, as_json, lang)


@team_app.command("rule", cls=StrictCommand)
def rule_command(
    tournament: TournamentOption,
    best: Annotated[
        int | None,
        typer.Option("--best", help="Count each team's best N members (leave out: all).", min=1),
    ] = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Set the rule of the team standings: each team's best --best N members, or all of
    them; the pages, files and static site rank by it."""
    from mjref.services.catalogue import SetTeamRule

    lang = language(lang)
    run_recorded("team-rule", SetTeamRule(best), tournament, db, who, as_json, lang)


@team_app.command("list", cls=StrictCommand)
def list_command(
    tournament: TournamentOption,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The registered teams with their members, and whether the teams in force are the
    registered ones or the clubs."""
    from mjref.services import teams as service
    from mjref.wire import teams as wire

    lang = language(lang)
    with opened(db) as log:
        shown = service.list_teams(log, tournament)
    if as_json:
        io.write_json(wire.teams_list_json(shown))
        return
    say(Message("cli.teams.registered" if shown.registered else "cli.teams.clubs", {}), lang)
    for team in shown.teams if shown.registered else shown.clubs:
        names = ", ".join(f"{int(p)} {name}" for p, name in team.members)
        say(Message("cli.teams.team", {"team": team.name, "members": names or "-"}), lang)

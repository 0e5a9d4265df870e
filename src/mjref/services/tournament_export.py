"""Exports: the EMA results file and the values of a static HTML site of the tournament.

**EMA results file** (CSV, UTF-8, comma-separated, one header row): the columns of an
EMA result submission as issue 11 lists them - place, last name, first name, EMA number,
country, then table points and score (MCR) or the total (riichi). Every ranked player is
in it, disqualified players last (their result counts for the EMA ranking: MERS 2010 4.4,
RCR 5.8 / 5.7); players removed from the final results and substitutes are not. Numbers
are written as in :mod:`mjref.tournament.numbers` (the only rounding: a fraction that does
not terminate, to two decimals). Every cell goes through :func:`mjref.csvcells.csv_cell`:
a name that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a
leading ``'`` so that a spreadsheet does not run it as a formula; the place, table points
and score stay plain numbers (``docs/security.md``).

**Static site** (:func:`site_values`): what the standings, seating and player pages show,
gathered from one reading of the log - the standings, every published session's tables,
each player's sessions and running place, and the team standings. The pages themselves
are the web's templates, filled by the adapters' renderer (:mod:`mjref.web.site`); no HTML
is built here.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mjref.csvcells import csv_cell
from mjref.players import PlayerId
from mjref.services.programme import Place, next_place_in
from mjref.services.tournament import EventLog, TournamentInfo, info, load
from mjref.tournament.family import family_rules
from mjref.tournament.fold.finals import hidden_from
from mjref.tournament.fold.teams import team_of_players, team_rule, teams_registered
from mjref.tournament.numbers import format_decimal
from mjref.tournament.standings import (
    Progress,
    Reporting,
    SessionLine,
    Standings,
    history,
    progress_of_all,
    reporting,
    standings,
)
from mjref.tournament.state import PlayerView
from mjref.tournament.teams import TeamRow, team_standings

PLAYER_COLUMNS = ("Place", "Last name", "First name", "EMA number", "Country")
FIGURE_HEADERS = {"table-points": "Table points", "score": "Score", "total": "Total"}
"""The EMA results file's header of each standings figure (the family's columns)."""


def ema_rows(result: Standings) -> list[tuple[str, ...]]:
    """The rows of the EMA results file, header first, each cell as written (neutralised)."""
    figures = family_rules(result.family).standings_columns
    rows: list[tuple[str, ...]] = [(*PLAYER_COLUMNS, *(FIGURE_HEADERS[c.name] for c in figures))]
    for row in result.ranked:
        p = row.player
        head = (
            csv_cell(str(row.place), number=True),
            *(csv_cell(text) for text in (p.last_name, p.first_name, p.ema_number, p.country)),
        )
        points = tuple(format_decimal(getattr(row, c.field)) for c in figures)
        rows.append((*head, *(csv_cell(n, number=True) for n in points)))
    return rows


def ema_results(log: EventLog, tournament: str) -> str:
    """The EMA results file of the tournament as it stands."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(ema_rows(standings(load(log, tournament))))
    return out.getvalue()


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """What a player's page shows: the player, each session's line and the running total
    and place after each session with results."""

    view: PlayerView
    lines: tuple[SessionLine, ...]
    progress: tuple[Progress, ...]
    next_place: Place | None = None
    """Where the player sits next (:func:`mjref.services.programme.next_place`)."""


@dataclass(frozen=True, slots=True)
class SiteValues:
    """Everything the static site shows, as of one log position."""

    info: TournamentInfo
    standings: Standings
    names: Mapping[PlayerId, str]
    seating: Mapping[int, tuple[tuple[PlayerId, ...], ...]]
    """Every published session's tables, seat order East, South, West, North."""
    players: tuple[PlayerPage, ...]
    hidden_from: int | None = None
    """The session from which the standings are hidden from the public (the static site
    is public: it shows no place, total or result of that session or later)."""
    reporting: Reporting | None = None
    """How far the standings have got (the line above them)."""
    teams: tuple[TeamRow, ...] = ()
    """The team standings under the organiser's rule (every member, or each team's best
    ``team_best``; the registered teams, or the clubs while no team is registered:
    :func:`mjref.tournament.fold.teams.team_of_players`)."""
    team_best: int | None = None
    """The organiser's rule: each team's best ``team_best`` members, ``None`` for all."""
    teams_registered: bool = False
    """Whether the teams are the registered ones."""


def site_values(log: EventLog, tournament: str) -> SiteValues:
    """The values of the tournament's static site (see the module's description)."""
    t = load(log, tournament)
    views = t.player_views()
    progress = progress_of_all(t)
    rule = team_rule(t)  # one pass over the log, for the ranking and the page's words
    return SiteValues(
        info=info(t),
        standings=standings(t),
        names=MappingProxyType({v.player: v.name for v in views}),
        seating=MappingProxyType({s: t.seating[s] for s in sorted(t.seating)}),
        players=tuple(
            PlayerPage(
                v,
                history(t, v.player),
                progress.get(v.player, ()),
                next_place_in(t, v.player),
            )
            for v in views
        ),
        hidden_from=hidden_from(t),
        reporting=reporting(t),
        teams=team_standings(standings(t), rule, team_of_players(t)),
        team_best=rule,
        teams_registered=teams_registered(t),
    )

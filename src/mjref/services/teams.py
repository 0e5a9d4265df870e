"""Team standings as the log stands: the players of one club or team ranked together, by
the sum over all members or over the best ``n`` (:mod:`mjref.tournament.teams`); and as a
CSV file."""

from __future__ import annotations

import csv
import io

from mjref.csvcells import csv_cell
from mjref.services.tournament import EventLog, load
from mjref.tournament.numbers import format_decimal
from mjref.tournament.standings import standings
from mjref.tournament.teams import TeamRow, team_standings


def current_team_standings(
    log: EventLog, tournament: str, *, best: int | None = None
) -> tuple[TeamRow, ...]:
    """The teams ranked as the log stands (``best``: only each team's best ``best``)."""
    return team_standings(standings(load(log, tournament)), best)


COLUMNS = ("Place", "Team", "Total", "Players")
"""The team standings file's columns."""


def team_standings_csv(log: EventLog, tournament: str, *, best: int | None = None) -> str:
    """The team standings as CSV (UTF-8, a header row; every cell made safe to open in a
    spreadsheet; a total that does not terminate rounded to two decimals; the players are
    their numbers, separated by spaces)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in current_team_standings(log, tournament, best=best):
        total = format_decimal(r.total)  # the only rounding: mjref.tournament.numbers
        writer.writerow(
            (
                csv_cell(str(r.place), number=True),
                csv_cell(r.team),
                csv_cell(total, number=True),
                csv_cell(" ".join(str(int(p)) for p in r.counted)),
            )
        )
    return out.getvalue()

"""Team standings worked by hand on standings rows: all members or the best N, MCR table
points or riichi totals, ties sharing a place, no club no team, unplaced players left out."""

from __future__ import annotations

from fractions import Fraction

from mjref.players import PlayerId
from mjref.rules.model import Family
from mjref.tournament.standings import Row, Standing, Standings
from mjref.tournament.state import PlayerView
from mjref.tournament.teams import team_standings


def _row(n: int, club: str, points: int, score: int, place: int | None = 1) -> Row:
    view = PlayerView(PlayerId(n), f"F{n}", f"L{n}", "NL", "", club, False, True, None, False, None)
    return Row(place, view, Standing.RANKED, Fraction(points), Fraction(score), 1, 0)


ROWS = (
    _row(1, "Red", 4, 10),
    _row(2, "Red", 2, 50),
    _row(3, "Red", 1, -5),
    _row(4, "Blue", 4, 30),
    _row(5, "Blue", 3, 0),
    _row(6, "", 7, 99),
    _row(7, "Gold", 9, 1, place=None),
)


def test_mcr_all_members_and_best_two() -> None:
    table = Standings(Family.MCR, 1, ROWS, ())
    every = team_standings(table)
    # Red 4 + 2 + 1 = 7, Blue 4 + 3 = 7: tied, sharing first place, by name after
    assert [(r.place, r.team, r.total) for r in every] == [(1, "Blue", 7), (1, "Red", 7)]
    best = team_standings(table, 2)
    # Red's best two: 4 + 2 = 6; Blue: 7
    assert [(r.place, r.team, r.total) for r in best] == [(1, "Blue", 7), (2, "Red", 6)]
    assert best[1].counted == (PlayerId(1), PlayerId(2))
    assert best[1].others == (PlayerId(3),)


def test_riichi_totals() -> None:
    table = Standings(Family.RIICHI, 1, ROWS, ())
    # Red 10 + 50 - 5 = 55, Blue 30 + 0 = 30; best one: Red 50, Blue 30
    assert [(r.team, r.total) for r in team_standings(table)] == [("Red", 55), ("Blue", 30)]
    assert [(r.team, r.total) for r in team_standings(table, 1)] == [("Red", 50), ("Blue", 30)]
    assert team_standings(table, 1)[0].counted == (PlayerId(2),)

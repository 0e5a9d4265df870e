"""Team standings: the players of one team ranked together, by the rule the organiser
chooses - the sum over all members, or over the best ``n`` of them - of the members' table
points (MCR) or totals (riichi) (``docs/ema.md``).

A player's team is given by the caller (:func:`mjref.tournament.fold.teams.team_of_players`:
the registered teams once any has a member, otherwise the players' clubs); without it, the
players' ``club`` field. Only players ranked in the standings count (a disqualified player
counts, with the result the standings give); substitutes, players struck from the results
and players in no team are left out. Teams with the same total share a place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.rules.model import Family
from mjref.tournament import _teams_messages  # noqa: F401  (registers the wording)
from mjref.tournament.standings import Row, Standings

MAX_BEST = 100
"""The largest ``n`` of a best-``n`` rule."""


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team's line: its place, name, total, the members counted (in order, best first)
    and the members left out by a best-``n`` rule."""

    place: int
    team: str
    total: Fraction
    counted: tuple[PlayerId, ...]
    others: tuple[PlayerId, ...]


def _value(row: Row, family: Family) -> Fraction:
    return row.table_points if family is Family.MCR else row.score


def team_standings(
    table: Standings, best: int | None = None, team_of: Mapping[PlayerId, str] | None = None
) -> tuple[TeamRow, ...]:
    """The teams ranked by the sum of all their members' values (``best`` is ``None``) or
    of their best ``best`` members; ``team_of`` gives each player's team (a player not in
    it is in no team), by default the players' clubs."""
    if best is not None and not 1 <= best <= MAX_BEST:
        raise InputError.of("tournament.bad-best", "best", value=best, limit=MAX_BEST)
    teams: dict[str, list[Row]] = {}
    for row in table.ranked:
        name = row.player.club.strip() if team_of is None else team_of.get(row.player.player, "")
        if row.place is not None and name:
            teams.setdefault(name, []).append(row)
    found: list[tuple[Fraction, str, tuple[PlayerId, ...], tuple[PlayerId, ...]]] = []
    for name, rows in teams.items():
        ordered: Sequence[Row] = sorted(
            rows, key=lambda r: (-_value(r, table.family), r.player.player)
        )
        chosen = ordered if best is None else ordered[:best]
        total = sum((_value(r, table.family) for r in chosen), Fraction(0))
        found.append(
            (
                total,
                name,
                tuple(r.player.player for r in chosen),
                tuple(r.player.player for r in ordered[len(chosen) :]),
            )
        )
    found.sort(key=lambda f: (-f[0], f[1].casefold()))
    rows_out: list[TeamRow] = []
    for index, (total, name, counted, others) in enumerate(found):
        place = rows_out[-1].place if rows_out and rows_out[-1].total == total else index + 1
        rows_out.append(TeamRow(place, name, total, counted, others))
    return tuple(rows_out)


def teams_to_keep_apart(
    players: Sequence[tuple[PlayerId, str]],
) -> tuple[tuple[str, tuple[PlayerId, ...]], ...]:
    """The teams a seating keeps apart: of ``(player, team)`` pairs (the team a registered
    team's name or a club, ``""`` for none), every team (its name as the team standings
    take it, without surrounding blanks) with two or more of the players, its members in
    order; teams in the order of their names.

    >>> teams_to_keep_apart([(PlayerId(1), "Dragons"), (PlayerId(2), ""),
    ...                      (PlayerId(3), " Dragons"), (PlayerId(4), "Winds")])
    (('Dragons', (1, 3)),)
    """
    members: dict[str, list[PlayerId]] = {}
    for player, club in players:
        name = club.strip()
        if name:
            members.setdefault(name, []).append(player)
    return tuple(
        (name, tuple(sorted(found)))
        for name, found in sorted(members.items(), key=lambda item: (item[0].casefold(), item[0]))
        if len(found) >= 2
    )

"""Team standings from the log: every member's table points (MCR) summed, or the best N,
teams tied sharing a place, players without a club in no team, a bad N refused."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.services import teams
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from tests.tournament.helpers import KW
from tests.tournament.memlog import MemoryLog

CLUBS = ["Red", "Red", "Red", "Blue", "Blue", "", "", "Green"]


@pytest.fixture
def log() -> MemoryLog:
    found = MemoryLog()
    ts.create_tournament(found, "t", name="T", ruleset="mers-2010", sessions=2, **KW)
    for n, club in enumerate(CLUBS, start=1):
        ts.add_player(found, "t", ts.player_details(f"F{n}", f"L{n}", "NL", club=club), **KW)
    ts.check_in_all(found, "t", **KW)
    ts.publish_seating(found, "t", seed=1, **KW)
    for table, players in enumerate(ts.seating(found, "t", 1), start=1):
        # the lower a player's number, the higher the score at the table
        order = sorted(players)
        scores = dict(zip(order, (30, 10, -10, -30), strict=True))
        tr.record_result(
            found, "t", session=1, table=table, scores=[scores[p] for p in players], **KW
        )
    return found


def _points(log: MemoryLog) -> dict[PlayerId, Fraction]:
    return {r.player.player: r.table_points for r in ts.current_standings(log, "t").ranked}


def test_all_members_and_the_best_n(log: MemoryLog) -> None:
    points = _points(log)
    every = teams.current_team_standings(log, "t")
    totals = {r.team: r.total for r in every}
    assert totals == {
        "Red": points[PlayerId(1)] + points[PlayerId(2)] + points[PlayerId(3)],
        "Blue": points[PlayerId(4)] + points[PlayerId(5)],
        "Green": points[PlayerId(8)],
    }
    assert [r.total for r in every] == sorted(totals.values(), reverse=True)
    best = teams.current_team_standings(log, "t", best=1)
    for row in best:
        assert len(row.counted) == 1
        assert row.total == max(points[p] for p in (*row.counted, *row.others))
    assert all(r.team for r in every)  # players without a club are in no team


@pytest.mark.parametrize("best", [0, 101])
def test_a_bad_best(log: MemoryLog, best: int) -> None:
    with pytest.raises(InputError) as caught:
        teams.current_team_standings(log, "t", best=best)
    assert caught.value.message.key == "tournament.bad-best"

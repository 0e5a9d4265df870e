"""Publishing a seating that keeps each team (club) apart: clubs of two or more checked-in
players are groups the generator keeps apart, the method's last step says how many pairs
of team-mates still meet (also when the sessions not yet played are seated again after a
drop-out); a drawn seating refuses it."""

from __future__ import annotations

import itertools

import pytest

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.services import tournament as ts
from mjref.tournament import events as ev
from mjref.tournament.roster import check_details
from mjref.tournament.teams import teams_to_keep_apart
from tests.tournament.helpers import KW, P
from tests.tournament.memlog import MemoryLog


def _cup(log: MemoryLog, clubs: list[str], sessions: int) -> None:
    ts.create_tournament(log, "t", name="Club Cup", ruleset="mers-2010", sessions=sessions, **KW)
    for n, club in enumerate(clubs, start=1):
        details = check_details(f"First{n}", f"Last{n}", "HU", club=club)
        ts.add_player(log, "t", details, check_in=True, **KW)


def _meetings(log: MemoryLog, sessions: int, teams: dict[str, set[PlayerId]]) -> int:
    """Pairs of team-mates at one table, over every session."""
    found = 0
    for s in range(1, sessions + 1):
        for table in ts.seating(log, "t", s):
            for a, b in itertools.combinations(table, 2):
                found += sum(1 for members in teams.values() if {a, b} <= members)
    return found


def _teams(clubs: list[str]) -> dict[str, set[PlayerId]]:
    teams: dict[str, set[PlayerId]] = {}
    for n, club in enumerate(clubs, start=1):
        if club.strip():
            teams.setdefault(club.strip(), set()).add(P(n))
    return teams


def test_four_clubs_of_four_never_share_a_table() -> None:
    log = MemoryLog()
    # The clubs interleave with the players' numbers (1 Red, 2 Blue, ...).
    clubs = [("Red", "Blue", "Green", "White")[n % 4] for n in range(16)]
    _cup(log, clubs, sessions=4)
    report = ts.publish_seating(log, "t", seed=3, teams_apart=True, **KW)
    assert _meetings(log, 4, _teams(clubs)) == 0
    last = report.method[-1]
    assert last.key == "seating.method.teams-apart"
    assert dict(last.params) == {"teams": 4, "meetings": 0}
    assert "seating.method.groups-apart" in [m.key for m in report.method]


def test_three_clubs_of_three_among_24_and_players_without_a_team() -> None:
    log = MemoryLog()
    clubs = ["A", "", "B", "C", "Solo"] * 2 + ["A", "B", "C"] + [""] * 11
    assert len(clubs) == 24
    _cup(log, clubs, sessions=5)
    report = ts.publish_seating(log, "t", seed=1, teams_apart=True, **KW)
    # "Solo" has two players: a team as well (three clubs of three, one of two).
    assert dict(report.method[-1].params) == {"teams": 4, "meetings": 0}
    assert _meetings(log, 5, _teams(clubs)) == 0


def test_a_club_larger_than_the_tables_meets_and_the_method_says_how_often() -> None:
    log = MemoryLog()
    clubs = ["Big"] * 5 + [""] * 7
    _cup(log, clubs, sessions=3)
    report = ts.publish_seating(log, "t", seed=2, teams_apart=True, **KW)
    met = _meetings(log, 3, _teams(clubs))
    # Five players at three tables: two pairs of them meet in every session at least.
    assert met >= 6
    assert dict(report.method[-1].params) == {"teams": 1, "meetings": met}


def test_without_the_option_no_team_is_kept_apart_and_the_library_serves() -> None:
    log = MemoryLog()
    _cup(log, ["Red"] * 16, sessions=4)
    report = ts.publish_seating(log, "t", seed=3, **KW)
    keys = [m.key for m in report.method]
    assert "seating.method.teams-apart" not in keys
    assert "seating.method.groups-apart" not in keys


def test_not_with_a_draw() -> None:
    log = MemoryLog()
    _cup(log, ["Red", "Blue"] * 4, sessions=2)
    with pytest.raises(InputError) as drawn:
        ts.publish_seating(log, "t", draw="a secret seed " * 3, teams_apart=True, **KW)
    assert drawn.value.message.key == "seating.teams-apart-draw"
    assert ts.show_tournament(log, "t").published == ()


def test_seating_again_after_a_drop_out_moves_the_team_mates_apart() -> None:
    log = MemoryLog()
    clubs = [("Red", "Blue", "Green", "White")[n % 4] for n in range(16)]
    _cup(log, clubs, sessions=4)
    # First published without the option: the library's plan seats team-mates together.
    ts.publish_seating(log, "t", seed=3, **KW)
    assert _meetings(log, 4, _teams(clubs)) > 0
    ts.withdraw_player(log, "t", P(6), from_session=1, reason=ev.Withdrawal.ILLNESS, **KW)
    report = ts.republish_seating(log, "t", teams_apart=True, **KW)
    seated = {p for s in report.sessions for table in s for p in table}
    assert P(6) not in seated
    assert len(seated) == 16  # a substitute (no club) came in
    met = _meetings(log, 4, _teams(clubs))
    assert [m.key for m in report.method] == [
        "seating.method.re-seated",
        "seating.method.teams-apart",
    ]
    assert dict(report.method[-1].params) == {"teams": 4, "meetings": met}
    assert met == 0


def test_teams_are_clubs_of_two_or_more_without_blanks() -> None:
    found = teams_to_keep_apart(
        [(P(1), "b"), (P(2), " a "), (P(3), "B"), (P(4), "a"), (P(5), "b"), (P(6), "  ")]
    )
    assert found == (("a", (P(2), P(4))), ("b", (P(1), P(5))))

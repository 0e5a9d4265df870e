"""Keeping groups apart, and reporting the meetings that could not be avoided."""

import pytest

from mjref.seating.constraints import ApartGroup, apart_pairs, unmet_in
from mjref.seating.errors import SeatingError
from mjref.seating.generate import generate
from mjref.seating.metrics import measure


def test_clubs_are_kept_apart_without_repeats_when_there_is_room() -> None:
    groups = tuple(ApartGroup(f"club {c}", tuple(range(c, 41, 8))) for c in range(1, 9))  # 8 x 5
    schedule = generate(40, 7, seed=3, groups=groups).schedule
    assert unmet_in(schedule.sessions, groups) == ()
    assert measure(schedule).repeated_meetings == 0


def test_a_large_team_is_kept_apart_by_local_search_where_renumbering_is_not_enough() -> None:
    team = ApartGroup("team", tuple(range(1, 9)))  # 8 of 32 players in one team, 6 sessions
    schedule = generate(32, 6, seed=1, groups=(team,)).schedule
    assert unmet_in(schedule.sessions, (team,)) == ()
    assert measure(schedule).repeated_meetings <= 4


def test_keeping_groups_apart_comes_before_avoiding_repeats() -> None:
    # Over 9 sessions a member of an 8-player team meets 27 of the 24 players outside
    # the team: both wishes cannot hold, and the team is kept apart.
    team = ApartGroup("team", tuple(range(1, 9)))
    schedule = generate(32, 9, seed=1, groups=(team,)).schedule
    assert unmet_in(schedule.sessions, (team,)) == ()
    assert measure(schedule).repeated_meetings > 0


def test_what_cannot_be_met_is_reported_with_the_place() -> None:
    # 16 players, 5 sessions: every pair meets, so 1 and 2 must meet once.
    pair = ApartGroup("couple", (1, 2))
    schedule = generate(16, 5, groups=(pair,)).schedule
    (unmet,) = unmet_in(schedule.sessions, (pair,))
    assert unmet.group == "couple"
    assert unmet.players == (1, 2)
    assert {1, 2} <= set(schedule.sessions[unmet.session][unmet.table])


def test_pairs_of_overlapping_groups_are_listed_once() -> None:
    groups = (ApartGroup("a", (1, 2, 3)), ApartGroup("b", (3, 2, 9)))
    assert apart_pairs(groups) == ((1, 2), (1, 3), (2, 3), (2, 9), (3, 9))


@pytest.mark.parametrize(
    ("group", "says"),
    [
        (ApartGroup("x", (1, 33)), "group 'x': player 33 is not in the schedule (1 to 32)"),
        (ApartGroup("y", (4, 4)), "group 'y': player 4 is listed twice"),
    ],
)
def test_bad_groups_are_refused(group: ApartGroup, says: str) -> None:
    with pytest.raises(SeatingError) as caught:
        generate(32, 3, groups=(group,))
    assert str(caught.value) == says

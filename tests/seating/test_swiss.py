"""Swiss seating: strongest together, avoiding repeats, winds evened out."""

import itertools
import random
import re

import pytest

from mjref.seating.constraints import ApartGroup
from mjref.seating.errors import SeatingError
from mjref.seating.generate import generate
from mjref.seating.swiss import swiss_session


def pairs(tables: tuple) -> set[tuple[int, int]]:
    return {(min(a, b), max(a, b)) for t in tables for a, b in itertools.combinations(t, 2)}


def test_with_no_history_the_top_four_sit_together() -> None:
    result = swiss_session((), (9, 3, 7, 1, 2, 4, 5, 6, 8, 10, 11, 12))
    assert [sorted(t) for t in result.tables] == [[1, 3, 7, 9], [2, 4, 5, 6], [8, 10, 11, 12]]
    assert result.repeats == 0
    assert result.displacement == 0


def test_the_leader_gets_the_highest_ranked_players_they_have_not_met() -> None:
    history = (((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)),)
    result = swiss_session(history, range(1, 17))
    assert [sorted(t) for t in result.tables] == [
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [4, 8, 12, 16],
    ]
    assert result.repeats == 0


def test_late_in_an_event_the_ranked_search_still_avoids_repeats() -> None:
    history = generate(32, 9, seed=3).schedule.sessions  # one session short of the limit
    standings = list(range(1, 33))
    random.Random(1).shuffle(standings)
    result = swiss_session(history, standings)
    assert [step.english() for step in result.method] == ["ranked search"]
    assert result.repeats == 0
    met = pairs(tuple(t for s in history for t in s))
    assert not pairs(result.tables) & met
    assert sorted(p for t in result.tables for p in t) == list(range(1, 33))
    # Table 1 holds the leader.
    assert standings[0] in result.tables[0]


def test_when_repeats_cannot_be_avoided_they_are_few_and_reported() -> None:
    history = (((1, 2, 3, 4), (5, 6, 7, 8)),)  # any next session repeats two pairs a table
    result = swiss_session(history, range(1, 9))
    (step,) = result.method
    assert step.english().startswith("local search")
    assert result.repeats == len(pairs(result.tables) & pairs(history[0])) == 4


def test_winds_continue_from_the_history() -> None:
    history = (((1, 2, 3, 4), (6, 7, 8, 5), (11, 12, 9, 10), (16, 13, 14, 15)),)
    result = swiss_session(history, range(1, 17))
    assert next(sorted(t) for t in result.tables) == [1, 5, 9, 13]
    for table in result.tables:
        for seat, player in enumerate(table):
            assert seat != history[0][(player - 1) // 4].index(player)  # a new seat


def test_groups_can_be_kept_apart_too() -> None:
    club = ApartGroup("club", (1, 2))
    result = swiss_session((), range(1, 9), groups=(club,))
    assert result.group_meetings == 0
    assert not any({1, 2} <= set(t) for t in result.tables)


@pytest.mark.parametrize(
    ("standings", "says"),
    [
        ((1, 2, 3), "3 players ranked cannot fill tables of four; add 1 substitute(s)"),
        ((1, 2, 3, 3), "player 3 is listed twice"),
        ((0, 1, 2, 3), "0 is not a player number"),
        ((), "0 players ranked"),
    ],
)
def test_bad_standings_are_refused(standings: tuple, says: str) -> None:
    with pytest.raises(SeatingError, match=re.escape(says)):
        swiss_session((), standings)


def _repeat_free_exists(players: list[int], met: set[tuple[int, int]]) -> bool:
    """A naive complete search: can ``players`` sit at tables of four with no pair in ``met``?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    mates = [q for q in rest if (min(first, q), max(first, q)) not in met]
    for trio in itertools.combinations(mates, 3):
        if any((min(a, b), max(a, b)) in met for a, b in itertools.combinations(trio, 2)):
            continue
        if _repeat_free_exists([p for p in rest if p not in trio], met):
            return True
    return False


@pytest.mark.slow
def test_chained_swiss_on_40_players_repeats_only_when_it_must() -> None:
    """The issue's case: Swiss from session 5 on 40 players, random standings. Whenever a
    repeat-free seating exists, the seating chosen has no repeat."""
    history = list(generate(40, 4, seed=0).schedule.sessions)
    rng = random.Random(0)
    checked = 0
    for session in range(5, 14):
        standings = list(range(1, 41))
        rng.shuffle(standings)
        met = {
            (min(a, b), max(a, b))
            for s in history
            for t in s
            for a, b in itertools.combinations(t, 2)
        }
        result = swiss_session(tuple(history), standings, seed=session)
        if _repeat_free_exists(list(range(1, 41)), met):
            assert result.repeats == 0, session
            checked += 1
        assert result.cost == 50 * result.repeats + result.displacement
        history.append(result.tables)
    assert checked >= 5  # sessions 5 to 9 at least

"""The repeat-free sources: published tables, affine geometry and cyclic search."""

import random

import pytest

from mjref.seating import cyclic
from mjref.seating.affine import affine_dimension, affine_groupings
from mjref.seating.generate import repeat_free
from mjref.seating.known import known_groupings, published_players
from mjref.seating.limits import repeat_free_limit
from mjref.seating.metrics import measure
from mjref.seating.schedule import Schedule

from . import brute


@pytest.mark.parametrize("players", published_players())
def test_every_published_table_is_repeat_free_with_everyone_seated(players: int) -> None:
    grouping = known_groupings(players)
    assert grouping is not None
    assert brute.each_player_once(players, grouping)
    assert measure(Schedule(players, grouping)).repeated_meetings == 0


def test_published_tables_reach_the_limit_where_the_issue_says_they_do() -> None:
    for players in (24, 28, 32, 36, 40, 44, 48, 52):
        grouping = known_groupings(players)
        assert grouping is not None
        assert len(grouping) == repeat_free_limit(players)
    twenty = known_groupings(20)
    assert twenty is not None
    assert len(twenty) == 5


def test_the_larger_published_designs_cover_56_to_172_players_but_64() -> None:
    larger = [players for players in published_players() if players > 52]
    assert larger == [players for players in range(56, 173, 4) if players != 64]
    # Each has at least the 15 sessions the benchmark compares.
    assert min(len(known_groupings(players) or ()) for players in larger) == 15


def _sessions(grouping: tuple[tuple[tuple[int, ...], ...], ...]) -> set[frozenset[frozenset[int]]]:
    return {frozenset(frozenset(table) for table in session) for session in grouping}


def test_a_larger_published_design_is_the_source_when_it_has_the_sessions() -> None:
    grouping, method = repeat_free(92, 13, random.Random(0))
    design = known_groupings(92)
    assert design is not None
    assert len(design) == 23
    assert method[0].key == "seating.method.published"
    assert len(grouping) == 13
    assert _sessions(grouping) <= _sessions(design)


def test_a_larger_published_design_that_stops_short_is_passed_over() -> None:
    # The 140-player design has 15 sessions; 16 repeat-free sessions come from a
    # cyclic design instead of 15 published ones and an extension with repeats.
    design = known_groupings(140)
    assert design is not None
    assert len(design) == 15
    grouping, method = repeat_free(140, 16, random.Random(0))
    assert method[0].key == "seating.method.cyclic"
    assert len(grouping) == 16
    assert measure(Schedule(140, grouping)).repeated_meetings == 0


@pytest.mark.parametrize("players", [16, 64])
def test_affine_geometry_meets_every_pair_exactly_once(players: int) -> None:
    grouping = affine_groupings(players)
    assert len(grouping) == (players - 1) // 3
    assert brute.each_player_once(players, grouping)
    metrics = measure(Schedule(players, grouping))
    assert metrics.repeated_meetings == 0
    assert metrics.min_common_opponents is None  # every pair met


def test_affine_dimension() -> None:
    assert [affine_dimension(n) for n in (4, 16, 20, 64, 256)] == [1, 2, None, 3, 4]
    with pytest.raises(ValueError, match="not a power of 4"):
        affine_groupings(20)


@pytest.mark.parametrize(("players", "sessions"), [(20, 5), (28, 7), (60, 15), (100, 15)])
def test_a_cyclic_base_found_by_search_develops_into_a_repeat_free_schedule(
    players: int, sessions: int
) -> None:
    structure = cyclic.structures(players, sessions)[0]
    base = cyclic.search_base(structure, random.Random(7), 20_000)
    assert base.conflicts == 0
    grouping = cyclic.develop(structure, base.tables, sessions)
    assert brute.each_player_once(players, grouping)
    assert brute.repeated_meetings(players, grouping) == 0


def test_cyclic_structures_leave_room_for_the_pairs() -> None:
    for structure in cyclic.structures(52, 15):
        assert structure.players == 52
        assert structure.modulus >= 15
        assert structure.orbits >= 3
        assert structure.slack(15) >= 0
    # 3 ghosts (for byes) may share a table: one more fixed player than tables allow.
    assert all(s.fixed >= 3 for s in cyclic.structures(32, 9, ghosts=3))


def test_ghosts_stay_together_in_every_developed_session() -> None:
    structure = cyclic.structures(32, 9, ghosts=2)[0]
    base = cyclic.search_base(structure, random.Random(3), 20_000, ghosts=2)
    assert base.conflicts == 0
    first_ghost = structure.modulus * structure.orbits + 1
    for session in cyclic.develop(structure, base.tables, 9):
        assert any({first_ghost, first_ghost + 1} <= set(table) for table in session)

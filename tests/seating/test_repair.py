"""Re-seating after drop-outs, substitutes and late arrivals, with least change."""

import pytest

from mjref.seating.errors import SeatingError
from mjref.seating.metrics import measure
from mjref.seating.repair import repair
from mjref.seating.sizes import Fill, plan

from . import brute

# The plans a tournament is given: the library's, relabelled by the seed (the generator's
# own searches are tested in test_generate.py; here they are only the starting point).
PLAN = plan(40, 7, seed=5).generated.schedule


def seats_of(schedule, player: int) -> list[tuple[int, int, int]]:
    return list(schedule.tables_of(player))


def test_a_substitute_takes_over_the_seats_and_nothing_else_changes() -> None:
    fixed = repair(PLAN, played=3, replaced=((12, 41),))
    schedule = fixed.schedule
    assert schedule.sessions[:3] == PLAN.sessions[:3]
    assert fixed.moved == 0
    later = [(s, t) for s, t, _ in seats_of(PLAN, 12) if s >= 3]
    assert [(s, t) for s, t, _ in seats_of(schedule, 41)] == later
    assert all(s < 3 for s, _, _ in seats_of(schedule, 12))
    # The substitute inherits player 12's later seats; if those winds are two apart,
    # an alternating chain exchanges the two seats concerned at a few tables (the
    # substitute's first), and no other seat order changes.
    inherited = [0, 0, 0, 0]
    for s, _, seat in seats_of(PLAN, 12):
        if s >= 3:
            inherited[seat] += 1
    needed = max(inherited) - min(inherited) > 1
    concerned = {inherited.index(max(inherited)), inherited.index(min(inherited))}
    changed_seats = 0
    for s in range(3, 7):  # the same tables; seat orders kept unless winds need them
        for planned, now in zip(PLAN.sessions[s], schedule.sessions[s], strict=True):
            renamed = tuple(41 if p == 12 else p for p in planned)
            assert set(renamed) == set(now)
            if renamed != now:
                changed_seats += 1
                moved = {i for i in range(4) if renamed[i] != now[i]}
                assert moved == concerned  # one exchange of the two seats concerned
    assert (changed_seats > 0) == needed
    metrics = measure(schedule)
    assert metrics.repeated_meetings == 0
    assert metrics.wind_spread <= 1


def test_one_drop_out_with_the_substitute_remedy_is_a_substitution() -> None:
    fixed = repair(PLAN, played=2, dropped=(7,), fill=Fill.SUBSTITUTES)
    assert fixed.substitutes == (41,)
    assert fixed.moved == 0
    assert [s for s, _, _ in seats_of(fixed.schedule, 41)] == [2, 3, 4, 5, 6]


def test_four_drop_outs_close_a_table_and_keep_the_schedule_repeat_free() -> None:
    fixed = repair(PLAN, played=2, dropped=(3, 11, 19, 27))
    schedule = fixed.schedule
    assert schedule.sessions[:2] == PLAN.sessions[:2]
    for session in schedule.sessions[2:]:
        assert len(session) == 9
        assert not {3, 11, 19, 27} & {p for t in session for p in t}
    others = [p for p in range(1, 41) if p not in (3, 11, 19, 27)]
    for session in schedule.sessions[2:]:
        assert sorted(p for t in session for p in t) == others
    metrics = measure(schedule)
    assert metrics.repeated_meetings == 0
    assert metrics.wind_spread <= 1
    assert 0 < fixed.moved < 5 * 36  # far from re-seating everyone


def test_a_drop_out_with_byes_rotates_the_byes() -> None:
    fixed = repair(PLAN, played=2, dropped=(7,), fill=Fill.BYES)
    schedule = fixed.schedule
    sat_out = [set(schedule.byes(s)) - {7} for s in range(2, 7)]
    assert all(len(out) == 3 for out in sat_out)
    assert len(set().union(*sat_out)) == 15  # nobody twice
    assert fixed.byes == 15
    assert measure(schedule).repeated_meetings == 0


def test_late_arrivals_get_seats_with_few_moves() -> None:
    fixed = repair(PLAN, played=3, added=(41, 42, 43, 44))
    schedule = fixed.schedule
    assert schedule.players == 44
    for session in schedule.sessions[3:]:
        assert len(session) == 11
        assert brute.each_player_once(44, [session])
    assert measure(schedule).repeated_meetings == 0


def test_a_late_arrival_with_substitutes_fills_a_table() -> None:
    fixed = repair(PLAN, played=3, added=(41,), fill=Fill.SUBSTITUTES)
    assert fixed.substitutes == (42, 43, 44)
    assert all(len(session) == 11 for session in fixed.schedule.sessions[3:])


def test_without_a_remedy_the_error_names_both() -> None:
    with pytest.raises(SeatingError) as caught:
        repair(PLAN, played=2, dropped=(7, 8))
    text = str(caught.value)
    assert "38 players do not fill tables of four" in text
    assert "2 substitute(s)" in text
    assert "2 bye(s) each session" in text


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ({"played": 7, "dropped": (1,)}, "all 7 sessions are played"),
        ({"played": 8, "dropped": (1,)}, "between 0 and 7, not 8"),
        ({"played": 2}, "nothing to repair"),
        ({"played": 2, "dropped": (41,)}, "player 41 has no seat after session 2"),
        ({"played": 2, "dropped": (5, 5)}, "player 5 is dropped or replaced twice"),
        ({"played": 2, "replaced": ((5, 6),)}, "player 6 is already in the schedule"),
        ({"played": 2, "replaced": ((5, 50),)}, "new players are numbered on from the schedule"),
        ({"played": 2, "added": (41, 41, 42, 43)}, "player 41 is already in the schedule"),
    ],
)
def test_bad_repairs_are_refused(arguments: dict, says: str) -> None:
    with pytest.raises(SeatingError, match=says):
        repair(PLAN, **arguments)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_a_substitute_and_a_drop_out_add_no_repeat(seed: int) -> None:
    """The issue's case: 40 players x 8 sessions, 3 played, 17:41 and 23 dropped, byes."""
    planned = plan(40, 8, seed=seed).generated.schedule
    with_substitute = repair(planned, 3, dropped=(23,), replaced=((17, 41),), fill=Fill.BYES)
    without = repair(planned, 3, dropped=(23,), fill=Fill.BYES)
    assert measure(with_substitute.schedule).repeated_meetings == 0
    assert measure(without.schedule).repeated_meetings == 0

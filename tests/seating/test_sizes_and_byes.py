"""Player counts that do not fill tables of four: substitutes or byes, never a failure."""

from collections import Counter

import pytest

from mjref.seating.byes import generate_with_byes
from mjref.seating.errors import SeatingError
from mjref.seating.generate import generate
from mjref.seating.metrics import measure
from mjref.seating.sizes import Fill, advise, plan

from . import brute


@pytest.mark.parametrize(
    ("players", "substitutes", "byes"), [(29, 3, 1), (30, 2, 2), (31, 1, 3), (5, 3, 1)]
)
def test_advice_names_both_remedies(players: int, substitutes: int, byes: int) -> None:
    advice = advise(players)
    assert advice is not None
    assert (advice.substitutes, advice.byes) == (substitutes, byes)
    text = advice.message().english()
    assert f"{players} players do not fill tables of four" in text
    assert f"{substitutes} substitute(s)" in text
    assert f"{byes} bye(s) each session" in text


def test_full_tables_need_no_advice() -> None:
    assert advise(32) is None


def test_substitutes_fill_the_last_table_and_are_numbered_after_the_players() -> None:
    planned = plan(30, 6, seed=1, fill=Fill.SUBSTITUTES)
    assert planned.substitutes == (31, 32)
    schedule = planned.generated.schedule
    assert schedule.players == 32
    assert brute.each_player_once(32, schedule.sessions)
    assert measure(schedule).repeated_meetings == 0


@pytest.mark.parametrize(("players", "sessions"), [(30, 9), (18, 4), (31, 10), (101, 15), (29, 6)])
def test_byes_rotate_so_nobody_sits_out_twice_before_everyone_has(
    players: int, sessions: int
) -> None:
    schedule = generate_with_byes(players, sessions, seed=2).schedule
    spare = players % 4
    sat_out = Counter(p for s in range(sessions) for p in schedule.byes(s))
    assert all(len(schedule.byes(s)) == spare for s in range(sessions))
    assert max(sat_out.values()) == 1  # sessions * spare <= players in all these cases
    for s, session in enumerate(schedule.sessions):
        seated = sorted(p for table in session for p in table)
        assert seated == sorted(set(range(1, players + 1)) - set(schedule.byes(s)))
    metrics = measure(schedule)
    assert metrics.byes == sessions * spare
    assert metrics.wind_spread <= 1


def test_byes_from_ghosts_sharing_a_table_keep_the_plan_repeat_free() -> None:
    generated = generate_with_byes(30, 9, seed=0)
    first, *_, last = generated.method
    assert first.key == "seating.method.cyclic-ghosts"
    assert "ghosts at one table" in first.english()
    assert last.english() == "2 byes each session from 2 ghost players"
    assert measure(generated.schedule).repeated_meetings == 0


def test_byes_are_not_for_full_tables_and_bad_remedies_are_named() -> None:
    with pytest.raises(ValueError, match="no byes"):
        generate_with_byes(32, 4)
    with pytest.raises(SeatingError, match="unknown remedy 'ghosts'"):
        Fill.parse("ghosts")


def test_generate_itself_wants_full_tables() -> None:
    with pytest.raises(ValueError, match="multiple of four"):
        generate(30, 4)


@pytest.mark.parametrize(
    ("players", "sessions", "says"),
    [(3, 4, "at least 4 players"), (2000, 4, "at most 1000 players"), (16, 0, "one session")],
)
def test_sizes_out_of_range_are_refused_with_the_limit(
    players: int, sessions: int, says: str
) -> None:
    with pytest.raises(SeatingError, match=says):
        plan(players, sessions)


@pytest.mark.parametrize(
    ("players", "sessions", "fill"),
    [(4, 3, Fill.SUBSTITUTES), (5, 2, Fill.SUBSTITUTES), (7, 4, Fill.BYES), (12, 4, Fill.BYES)],
)
def test_tiny_events_are_seated_too(players: int, sessions: int, fill: Fill) -> None:
    # Below 16 players only one session can be repeat-free; the rest is spread evenly.
    schedule = plan(players, sessions, fill=fill).generated.schedule
    for s in range(sessions):
        seated = sorted(p for table in schedule.sessions[s] for p in table)
        assert seated == sorted(set(range(1, schedule.players + 1)) - set(schedule.byes(s)))
    assert measure(schedule).wind_spread <= 1

"""Schedule values and the JSON shape: validation names what is wrong and where."""

import pytest

from mjref.errors import InputError
from mjref.i18n import render_where
from mjref.seating.errors import SeatingError
from mjref.seating.schedule import Schedule, as_sessions
from mjref.wire.seating import format_schedule
from mjref.wire.seating import schedule_from_data as parse_schedule

GOOD = {"players": 8, "sessions": [[[1, 2, 3, 4], [5, 6, 7, 8]], [[8, 1, 6, 3], [2, 7, 4, 5]]]}


def test_round_trip_through_the_json_shape() -> None:
    parsed = parse_schedule(GOOD)
    assert format_schedule(parsed.schedule) == GOOD
    assert parsed.substitutes == ()


def test_metrics_in_the_input_are_ignored_and_substitutes_are_read() -> None:
    parsed = parse_schedule({**GOOD, "metrics": {"anything": 1}, "substitutes": [8]})
    assert parsed.substitutes == (8,)


def test_seating_errors_are_input_errors() -> None:
    assert issubclass(SeatingError, InputError)
    assert issubclass(SeatingError, ValueError)


@pytest.mark.parametrize(
    ("data", "where", "says"),
    [
        ([], "the schedule", "expected an object, found a list"),
        ({"players": 8}, "the schedule", "'sessions' is missing"),
        ({**GOOD, "session": []}, "the schedule", "unknown key 'session'"),
        ({**GOOD, "players": "8"}, "players", "expected a whole number, found a string"),
        ({**GOOD, "players": True}, "players", "found a boolean"),
        ({"players": 8, "sessions": {}}, "sessions", "expected a list, found an object"),
        ({"players": 8, "sessions": [5]}, "session 1", "expected a list, found a number"),
        (
            {"players": 8, "sessions": [[[1, 2, 3, 4], [5, 6, 7]]]},
            "session 1, table 2",
            "a table seats 4 players, this one has 3",
        ),
        (
            {"players": 8, "sessions": [[[1, 2, 3, 4], [5, 6, 7, 8.0]]]},
            "session 1, table 2, seat 4",
            "found a decimal number",
        ),
        (
            {"players": 8, "sessions": [[[1, 2, 3, 4]], [[1, 2, 3, 4], [5, 6, 7, 9]]]},
            "session 2, table 2",
            "player 9 is not between 1 and 8",
        ),
        (
            {"players": 8, "sessions": [[[1, 2, 3, 4], [5, 6, 2, 8]]]},
            "session 1, table 2",
            "player 2 is already seated at table 1",
        ),
        ({"players": 8, "sessions": []}, None, "at least one session"),
        ({"players": 8, "sessions": [[]]}, "session 1", "no tables"),
        ({"players": 3, "sessions": [[[1, 2, 3, 4]]]}, None, "at least 4 players"),
        (
            {"players": 7, "sessions": [[[1, 2, 3, 4], [5, 6, 7, 1]]]},
            "session 1",
            "2 tables need more than the 7 players",
        ),
        ({**GOOD, "substitutes": [9]}, "substitutes", "substitute 9 is not between 1 and 8"),
        ({**GOOD, "substitutes": [8, 8]}, "substitutes", "player 8 is listed twice"),
    ],
)
def test_malformed_schedules_are_rejected_naming_the_place(
    data: object, where: str | None, says: str
) -> None:
    with pytest.raises(SeatingError) as caught:
        parse_schedule(data)
    assert render_where(caught.value.where) == where
    assert says in str(caught.value)


def test_schedule_queries() -> None:
    schedule = Schedule(
        9, as_sessions((((1, 2, 3, 4), (5, 6, 7, 8)), ((9, 1, 2, 3), (4, 5, 6, 7))))
    )
    assert schedule.session_count == 2
    assert schedule.table_count == 2
    assert schedule.seated(1) == frozenset(range(1, 8)) | {9}
    assert list(schedule.tables_of(1)) == [(0, 0, 0), (1, 0, 1)]

"""The seating use cases: reading groups and standings, reports, the JSON document."""

import json

import pytest

from mjref.players import PlayerId
from mjref.seating.constraints import ApartGroup
from mjref.seating.errors import SeatingError
from mjref.seating.sizes import Fill
from mjref.services import seating as service
from mjref.wire import seating as wire


def test_generate_document_has_exactly_the_documented_shape() -> None:
    report = service.generate_schedule(16, 5, seed=1, search=True)  # the generator itself
    document = wire.schedule_document(report, "en")
    assert set(document) == {"players", "sessions", "method", "method_steps", "metrics"}
    assert document["method"] == "affine geometry AG(2, 4)"
    assert document["method_steps"] == [
        {
            "key": "seating.method.affine",
            "params": {"dimension": 2},
            "text": "affine geometry AG(2, 4)",
        }
    ]
    assert document["players"] == 16
    assert len(document["sessions"]) == 5
    assert all(len(table) == 4 for session in document["sessions"] for table in session)
    assert document["metrics"]["repeated_meetings"] == 0
    assert report.limits.repeat_free_sessions == 5


def test_a_library_plan_says_so_in_its_steps() -> None:
    report = service.generate_schedule(16, 5, seed=1)
    document = wire.schedule_document(report, "en")
    steps = document["method_steps"]
    assert isinstance(steps, list)
    assert [step["key"] for step in steps] == ["seating.method.affine", "seating.method.library"]
    assert steps[-1]["params"] == {"seed": 0}
    assert document["metrics"]["repeated_meetings"] == 0


def test_substitutes_appear_in_the_document_and_a_note_explains_the_remedy() -> None:
    report = service.generate_schedule(15, 3, fill=Fill.SUBSTITUTES)
    assert wire.schedule_document(report, "en")["substitutes"] == [16]
    (note,) = report.notes
    assert "15 players do not fill tables of four" in note.english()


def test_check_reads_our_own_output_and_counts_group_meetings() -> None:
    text = json.dumps(wire.schedule_document(service.generate_schedule(16, 5), "en"))
    plan = wire.parse_schedule(text)
    pair = ApartGroup("pair", (PlayerId(1), PlayerId(2)))
    report = service.check_schedule(plan.schedule, plan.substitutes, groups=(pair,))
    assert report.metrics.repeated_meetings == 0
    assert wire.schedule_document(report, "en")["metrics"]["group_meetings"] == 1


def test_groups_as_an_object_or_a_list() -> None:
    assert wire.parse_groups('{"NL": [1, 2], "DE": [3]}') == (
        ApartGroup("NL", (1, 2)),
        ApartGroup("DE", (3,)),
    )
    assert wire.parse_groups("[[1, 2]]") == (ApartGroup("group 1", (1, 2)),)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"NL": [1, "2"]}', "groups.json, group 'NL': expected player numbers, found a string"),
        ('{"NL": 3}', "groups.json, group 'NL': expected a list of players, found a number"),
        ("3", "groups.json: expected an object or a list, found a number"),
        ('{"NL": [1,', "groups.json: not valid JSON"),
    ],
)
def test_bad_groups_files_are_named(text: str, says: str) -> None:
    with pytest.raises(SeatingError) as caught:
        wire.parse_groups(text, "groups.json")
    assert str(caught.value).startswith(says)


def test_standings_as_json_or_plain_numbers() -> None:
    assert wire.parse_standings("[3, 1, 2]") == (3, 1, 2)
    assert wire.parse_standings("3\n1, 2\n\n4 5") == (3, 1, 2, 4, 5)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("3\n1 x", "st.txt, line 2, column 3: expected a player number, found 'x'"),
        ('[3, "1"]', "st.txt, item 2: expected a player number, found a string"),
        ("[3, 1.5]", "st.txt, item 2: expected a player number, found a decimal number"),
    ],
)
def test_bad_standings_are_named(text: str, says: str) -> None:
    with pytest.raises(SeatingError) as caught:
        wire.parse_standings(text, "st.txt")
    assert str(caught.value) == says


def test_swiss_keeps_the_played_sessions_and_adds_one() -> None:
    plan = service.generate_schedule(16, 4, seed=2).schedule
    everyone = plan.player_ids
    report, swiss = service.swiss_schedule(plan, everyone, played=3)
    assert report.schedule.session_count == 4
    assert report.schedule.sessions[3] == swiss.tables
    with pytest.raises(SeatingError, match="between 0 and 4, not 0"):
        service.swiss_schedule(plan, everyone, played=0)


def test_repair_reports_new_substitutes() -> None:
    plan = service.generate_schedule(16, 4, seed=2).schedule
    changes = service.Changes(dropped=(PlayerId(3),), fill=Fill.SUBSTITUTES)
    report, repaired = service.repair_schedule(plan, 2, changes)
    assert repaired.substitutes == (17,)
    assert wire.schedule_document(report, "en")["substitutes"] == [17]

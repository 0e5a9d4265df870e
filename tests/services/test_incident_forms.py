"""The incident forms (mjref.services.incident_forms): a control for every fact of every
incident type, with wording in every language; what a filled form sends makes the
incident; a wrong value is an error naming its fact; any text is answered without a
traceback."""

from __future__ import annotations

import itertools
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.i18n import LANGUAGES, render
from mjref.rules.model import Family
from mjref.rulings.build import incident_from_facts, incident_types
from mjref.rulings.errors import IncidentError
from mjref.services.incident_forms import (
    COMMON,
    FactControl,
    Sent,
    facts_from_form,
    incident_form,
)

NAMES = list(incident_types())


def _filled(name: str, controls: tuple[FactControl, ...]) -> dict[str, list[str]]:
    """A form as a referee fills it: the defaults, and a value for each required fact
    (a choice the incident takes: a meld call is no hu, a second call differs from the
    first)."""
    sent: dict[str, list[str]] = {}
    for c in controls:
        if c.kind == "several" and c.required:
            sent[c.name] = [c.choices[0][0]]
        elif c.kind == "number":
            sent[c.name] = [c.default or str(int(c.high or 1) // 2 or 1)]
        elif c.kind == "text":
            sent[c.name] = ["mahjong"]
        elif c.kind == "yesno":
            sent[c.name] = [c.default or "yes"]
        elif c.kind == "choice" and c.default:
            sent[c.name] = [c.default]
    open_choices = [c for c in controls if c.kind == "choice" and not c.default]
    for values in itertools.product(*([v for v, _ in c.choices] for c in open_choices)):
        sent.update({c.name: [value] for c, value in zip(open_choices, values, strict=True)})
        try:
            incident_from_facts(name, facts_from_form(name, sent))
        except IncidentError:
            continue
        break
    return sent


@pytest.mark.parametrize("name", NAMES)
def test_every_fact_of_every_incident_has_a_control_worded_in_every_language(name: str) -> None:
    cls = incident_types()[name]
    own = {f.name for f in fields(cls) if f.name not in (*COMMON, "dealer")}
    controls = incident_form(name)
    assert {c.name for c in controls} - {"dealer"} == own
    for control in controls:
        assert control.label.key == f"incident-form.fact.{control.name}"
        assert all(label.key != "incident-form.choice.unnamed" for _, label in control.choices)
        for lang in LANGUAGES:
            assert render(control.label, lang).strip()
            assert render(control.help, lang).strip()
            for _, label in control.choices:
                assert render(label, lang).strip()
            for member in control.hand:
                assert render(member.label, lang).strip()
            if control.unit is not None:
                assert render(control.unit, lang).strip()
        if control.kind in ("choice", "several"):
            assert control.choices, control.name


@pytest.mark.parametrize("name", NAMES)
def test_a_filled_form_makes_the_incident_under_each_family(name: str) -> None:
    cls = incident_types()[name]
    for family in cls.FAMILIES:
        controls = incident_form(name, family=family)
        facts = facts_from_form(name, _filled(name, controls), family=family)
        made = incident_from_facts(name, facts, player=None)
        assert name == made.NAME


def test_a_form_shows_only_what_its_family_reads() -> None:
    mcr = {c.name for c in incident_form("false-hu", family=Family.MCR)}
    riichi = {c.name for c in incident_form("false-hu", family=Family.RIICHI)}
    assert {"hand", "could_not_find_8"} <= mcr
    assert not {"riichi_hand", "dealer"} & mcr
    assert {"riichi_hand", "dealer"} <= riichi
    assert not {"hand", "could_not_find_8"} & riichi


def test_numbers_as_people_type_them_and_their_bounds() -> None:
    assert facts_from_form("late-arrival", {"minutes": ["7,5"]}) == {"minutes": 7.5}
    assert facts_from_form("late-arrival", {"minutes": [" 12 "]}) == {"minutes": 12.0}
    for wrong in ("1441", "-3", "nan", "inf", "twelve", "1e400"):
        with pytest.raises(IncidentError) as caught:
            facts_from_form("late-arrival", {"minutes": [wrong]})
        assert caught.value.message.params["fact"] == "minutes"
    with pytest.raises(IncidentError):
        facts_from_form("tiles-exposed", {"source": ["wall"], "count": ["2.5"]})


def test_a_hand_is_its_notation_with_the_facts_of_its_family() -> None:
    sent: Sent = {
        "tiles_shown": ["yes"],
        "hand": ["[123s][456p]678m11p99s+9s"],
        "hand.flowers": ["2"],
        "hand.self_drawn": ["yes"],
        "hand.seat_wind": ["S"],
        "hand.visible": [""],
    }
    facts = facts_from_form("false-hu", sent, family=Family.MCR)
    assert facts["hand"] == {
        "tiles": "[123s][456p]678m11p99s+9s",
        "flowers": 2,
        "self_drawn": True,
        "seat_wind": "S",
    }
    assert incident_from_facts("false-hu", facts).facts()["hand"] is not None
    with pytest.raises(IncidentError) as caught:
        facts_from_form("false-hu", {**sent, "hand.flowers": ["9"]}, family=Family.MCR)
    assert caught.value.message.params["fact"] == "hand.flowers"
    empty = facts_from_form("false-hu", {"tiles_shown": ["no"], "hand": [""]})
    assert "hand" not in empty


def test_yes_no_and_not_known() -> None:
    assert facts_from_form("wrong-wall-tile", {"in_hand": ["yes"], "discarded": ["no"]}) == {
        "in_hand": True,
        "discarded": False,
    }
    assert facts_from_form("wrong-wall-tile", {"in_hand": [""]}) == {}
    with pytest.raises(IncidentError) as caught:
        facts_from_form("wrong-wall-tile", {"in_hand": ["maybe"]})
    assert caught.value.message.params["fact"] == "in_hand"


def test_seats_are_checked_against_their_choices() -> None:
    sent = {"completed_by": ["right", "opposite"]}
    assert facts_from_form("claimed-tile-not-taken", sent) == {
        "completed_by": ["right", "opposite"]
    }
    assert facts_from_form("claimed-tile-not-taken", {}) == {"completed_by": []}
    with pytest.raises(IncidentError):
        facts_from_form("claimed-tile-not-taken", {"completed_by": ["behind"]})


@settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    values=st.dictionaries(
        st.sampled_from(
            [
                *("call", "minutes", "seconds", "hand", "hand.flowers", "hand.seat_wind"),
                *("word", "completed_by", "about", "tiles_shown", "count", "riichi_hand"),
                "dealer",
            ]
        ),
        st.lists(st.text(max_size=30), max_size=3),
        max_size=6,
    ),
)
def test_any_text_in_any_field_is_a_fact_or_an_error_naming_it(
    name: str, values: dict[str, list[str]]
) -> None:
    problem = None
    try:
        incident_from_facts(name, facts_from_form(name, values))
    except InputError as error:
        problem = error
    assert problem is None or problem.message.key.startswith("rulings.")

"""Foul-ladder sequences (``data/ladder.toml``) and the history's consistency."""

from __future__ import annotations

import tomllib

import pytest

from mjref.players import PlayerId
from mjref.rules import get_ruleset
from mjref.rules.model import Ladder
from mjref.rulings import HistoryError, Ruling, decide, incident_from_facts
from tests.rulings.golden import DATA

SEQUENCES = tomllib.loads((DATA / "ladder.toml").read_text("utf-8"))["sequence"]


def _short(compact: str) -> str:
    return compact.partition(" @")[0]


@pytest.mark.parametrize("sequence", SEQUENCES, ids=[s["name"] for s in SEQUENCES])
def test_sequence(sequence: dict[str, object]) -> None:
    history: list[Ruling] = []
    steps = sequence["steps"]
    assert isinstance(steps, list)
    for number, step in enumerate(steps, 1):
        who = {k: step[k] for k in ("player", "session", "game") if k in step}
        incident = incident_from_facts(step["incident"], step.get("facts", {}), **who)
        ruling = decide(incident, str(sequence["ruleset"]), history)
        found = [_short(c) for c in ruling.compact()]
        if step["expect"] == "no-ladder":
            assert ruling.ladder_step is None, f"step {number}: {found}"
        else:
            assert step["expect"] in found, f"step {number}: {found} ({sequence['source']})"
            if str(step["expect"]).startswith("ladder:"):
                assert ruling.ladder_step is not None
                assert _short(ruling.ladder_step.compact()) == step["expect"]
        history.append(ruling)


def test_ladder_continues_in_steps_of_ten() -> None:
    ladder = Ladder("3.1", "3.6", (0, 5, 10, 20, 30), 10, ())
    assert [ladder.points(i) for i in range(8)] == [0, 5, 10, 20, 30, 40, 50, 60]


def test_ladder_step_cites_the_ladder_and_its_reset() -> None:
    ruling = decide(incident_from_facts("false-set", {"discarded": False}), "mers-2010")
    step = ruling.ladder_step
    assert step is not None
    assert step.clause == "mers-2010:2.7.4"
    assert step.also == ("mers-2010:3.1", "mers-2010:3.6")
    assert step.params["step"] == 1


def test_ema_ladder_is_its_own_even_for_a_mers_clause() -> None:
    # A foul ruled by MERS 2008 (outside the overview) climbs the overview's ladder.
    history = [
        decide(incident_from_facts("discards-disturbed-early", {}, player=PlayerId(1)), "ema-2009"),
    ]
    ruling = decide(
        incident_from_facts("wall-destroyed-early", {"hu_valid": True}, player=PlayerId(1)),
        "ema-2009",
        history,
    )
    step = ruling.ladder_step
    assert step is not None
    assert (step.clause, step.points) == ("mers-2008:2.9.10", 5)
    assert step.also[-2:] == ("ema-2009:ladder", "ema-2009:ladder-reset")


def test_history_later_than_the_incident_is_refused() -> None:
    later = decide(incident_from_facts("false-set", {"discarded": False}, session=3), "mers-2008")
    with pytest.raises(HistoryError):
        decide(
            incident_from_facts("false-set", {"discarded": False}, session=2), "mers-2008", [later]
        )


def test_history_is_not_mutated_and_order_within_a_session_does_not_matter() -> None:
    rs = get_ruleset("mers-2008")
    a = decide(
        incident_from_facts("false-set", {"discarded": False}, player=PlayerId(1), session=2), rs
    )
    b = decide(
        incident_from_facts("false-set", {"discarded": False}, player=PlayerId(1), session=1), rs
    )
    history = (a, b)
    ruling = decide(
        incident_from_facts("false-set", {"discarded": False}, player=PlayerId(1), session=2),
        rs,
        history,
    )
    assert history == (a, b)
    assert ruling.ladder_step is not None
    assert ruling.ladder_step.points == 5

"""The family object (``mjref.tournament.family``): what MCR and riichi mean for entering
and showing results, asked by the services and the adapters instead of branching on the
family; the thin family-checked entry points of the results service."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mjref
from mjref.rules.model import Family
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.family import MCR_RULES, RIICHI_RULES, family_rules
from tests.tournament.helpers import KW, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4]]]
ADAPTERS = ("web", "cli")


def test_each_family_has_its_rules() -> None:
    assert family_rules(Family.MCR) is MCR_RULES
    assert family_rules(Family.RIICHI) is RIICHI_RULES
    assert (MCR_RULES.target(None), RIICHI_RULES.target(25_000)) == (0, 100_000)
    assert MCR_RULES.sum_note(None).key == "tournament.sum.mcr"
    assert RIICHI_RULES.sum_note(30_000).params == {"total": 120_000}


def test_the_result_event_follows_the_family() -> None:
    assert MCR_RULES.result_event(1, 2, (8, -8, 0, 0), 0) == ev.SessionTotalsRecorded(
        1, 2, (8, -8, 0, 0)
    )
    assert RIICHI_RULES.result_event(1, 2, (30_000,) * 4, 1) == ev.RiichiResultRecorded(
        1, 2, (30_000,) * 4, 1
    )
    with pytest.raises(TournamentError) as caught:
        MCR_RULES.result_event(1, 2, (0, 0, 0, 0), 1)
    assert caught.value.message.key == "tournament.proposal-sticks"


def test_a_new_tournament_takes_its_familys_defaults() -> None:
    log = MemoryLog()
    made = ts.create_tournament(log, "r", name="R", ruleset="rcr-2016", sessions=1, **KW)
    assert (made.starting_points, made.convention, made.rules) == (30_000, None, RIICHI_RULES)
    made = ts.create_tournament(log, "m", name="M", ruleset="mers-2010", sessions=1, **KW)
    assert (made.starting_points, made.rules) == (None, MCR_RULES)
    assert made.convention is not None


@pytest.mark.parametrize(
    ("ruleset", "call", "expected"),
    [
        ("rcr-2016", "totals", "MCR"),
        ("mers-2010", "riichi", "riichi"),
    ],
)
def test_the_family_entry_points_refuse_the_other_family(
    ruleset: str, call: str, expected: str
) -> None:
    log = MemoryLog()
    make(log, ruleset=ruleset, seating=SEATING)
    before = log.position("t")
    entry = tr.record_totals if call == "totals" else tr.record_riichi_result
    with pytest.raises(TournamentError) as caught:
        entry(log, "t", session=1, table=1, scores=[0, 0, 0, 0], **KW)
    assert caught.value.message.key == "tournament.wrong-family"
    assert caught.value.message.params["family"] == Family(expected.lower()).value
    assert log.position("t") == before  # nothing appended


def test_the_family_entry_points_record_through_the_one_path() -> None:
    log = MemoryLog()
    make(log, ruleset="rcr-2016", seating=SEATING)
    one = tr.record_riichi_result(
        log, "t", session=1, table=1, scores=[40_000, 30_000, 25_000, 24_000], sticks=1, **KW
    )
    assert one.event == ev.RiichiResultRecorded(1, 1, (40_000, 30_000, 25_000, 24_000), 1)


def _family_branches(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr in ("MCR", "RIICHI")
        and isinstance(node.value, ast.Name)
        and node.value.id == "Family"
    ]


def test_no_adapter_branches_on_the_family() -> None:
    """The web and the CLI ask the family object; none names MCR or riichi as a Family."""
    package = Path(mjref.__file__).parent
    found = {
        str(path.relative_to(package)): lines
        for adapter in ADAPTERS
        for path in sorted((package / adapter).rglob("*.py"))
        if (lines := _family_branches(path))
    }
    assert found == {}

"""Registrations against the EMA's list: each kind of warning, accepted ones marked, and
nothing for a player without a number or one whose entry matches."""

from __future__ import annotations

from mjref.ema.number_check import Registration, WarningKind, check_numbers
from mjref.ema.player_list import EmaPlayer

LISTED = {
    "04290082": EmaPlayer("04290082", "Kovács Ákos", "HU"),
    "08000001": EmaPlayer("08000001", "Berg Anne", "NL"),
}


def _kinds(
    regs: list[Registration], accepted: set[tuple[int, str, str]] | None = None
) -> list[tuple[int, str, bool]]:
    return [
        (w.player, w.kind.value, w.accepted) for w in check_numbers(regs, LISTED, accepted or set())
    ]


def test_a_matching_entry_and_a_non_member_give_nothing() -> None:
    regs = [
        Registration(1, "Akos", "KOVACS", "HU", "04290082"),
        Registration(2, "Piet", "Jansen", "NL", ""),
    ]
    assert _kinds(regs) == []


def test_each_kind() -> None:
    regs = [
        Registration(1, "Ákos", "Kovács", "AT", "04290082"),
        Registration(2, "Anna", "Berg", "NL", "08000001"),
        Registration(3, "John", "Doe", "GB", "11000001"),
        Registration(4, "Jane", "Doe", "GB", "11000001"),
    ]
    assert _kinds(regs) == [
        (1, "country", False),
        (2, "name", False),
        (3, "duplicate", False),
        (3, "unknown", False),
        (4, "duplicate", False),
        (4, "unknown", False),
    ]
    found = check_numbers(regs, LISTED)
    assert found[0].message.params == {
        "player": 1,
        "name": "Ákos Kovács",
        "number": "04290082",
        "country": "AT",
        "listed": "HU",
    }
    assert found[2].message.params["other"] == 4


def test_an_accepted_warning_stays_listed_and_marked() -> None:
    regs = [Registration(2, "Anna", "Berg", "NL", "08000001")]
    assert _kinds(regs, {(2, WarningKind.NAME.value, "08000001")}) == [(2, "name", True)]
    # accepted for another number: the warning about the new number is open again
    assert _kinds(regs, {(2, "name", "08000002")}) == [(2, "name", False)]

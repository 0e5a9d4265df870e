"""Registrations checked against the EMA's player list: unknown numbers, a number given
twice, a name or a country that differs from the list.

Each finding is a warning, never a change: an official may accept it (the event
``ema-warning-accepted``), and an accepted warning is still listed, marked accepted.
A name is compared with :func:`mjref.ema.names.same_name` (accents, case and the order of
first and last name ignored).
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from mjref.ema import _messages  # noqa: F401  (registers the wording)
from mjref.ema.names import same_name
from mjref.ema.player_list import EmaPlayer
from mjref.messages import Message


class WarningKind(enum.StrEnum):
    """What a warning is about."""

    UNKNOWN = "unknown"
    DUPLICATE = "duplicate"
    NAME = "name"
    COUNTRY = "country"


@dataclass(frozen=True, slots=True)
class Registration:
    """What a registration says: the player's number in the tournament, name, country and
    EMA number (blank: not a member)."""

    player: int
    first_name: str
    last_name: str
    country: str
    ema_number: str

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True, slots=True)
class NumberWarning:
    """One finding: the player, its kind, the EMA number, what to show, and whether an
    official has accepted it."""

    player: int
    kind: WarningKind
    number: str
    message: Message
    accepted: bool = False


Accepted = Collection[tuple[int, str, str]]
"""(player, kind, EMA number) of the warnings an official accepted."""


def check_numbers(
    registrations: Iterable[Registration],
    listed: Mapping[str, EmaPlayer],
    accepted: Accepted = (),
) -> tuple[NumberWarning, ...]:
    """Every warning about the registrations' EMA numbers, in player order."""
    regs = sorted(registrations, key=lambda r: r.player)
    holders: dict[str, list[int]] = {}
    for reg in regs:
        if reg.ema_number:
            holders.setdefault(reg.ema_number, []).append(reg.player)
    found: list[NumberWarning] = []

    def warn(reg: Registration, kind: WarningKind, **params: object) -> None:
        message = Message(
            f"ema.warning.{kind.value}",
            {"player": reg.player, "name": reg.name, "number": reg.ema_number, **params},
        )
        done = (reg.player, kind.value, reg.ema_number) in accepted
        found.append(NumberWarning(reg.player, kind, reg.ema_number, message, done))

    for reg in regs:
        if not reg.ema_number:
            continue
        others = [p for p in holders[reg.ema_number] if p != reg.player]
        if others:
            warn(reg, WarningKind.DUPLICATE, other=others[0])
        entry = listed.get(reg.ema_number)
        if entry is None:
            warn(reg, WarningKind.UNKNOWN)
            continue
        if not same_name(reg.name, entry.name):
            warn(reg, WarningKind.NAME, listed=entry.name)
        if reg.country and reg.country != entry.country:
            warn(reg, WarningKind.COUNTRY, country=reg.country, listed=entry.country)
    return tuple(found)

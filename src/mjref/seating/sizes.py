"""Player counts that do not fill tables of four, and the two usual remedies.

* **Substitutes**: ``(4 - n % 4) % 4`` substitutes, numbered ``n + 1, n + 2 ...``,
  fill the last table; they are seated like everyone else.
* **Byes**: ``n % 4`` players sit out each session, in turn
  (:mod:`mjref.seating.byes`).

>>> advice = advise(30)
>>> advice.substitutes, advice.byes
(2, 2)
>>> advise(32) is None
True
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from mjref.messages import Message
from mjref.players import PlayerId
from mjref.seating import library
from mjref.seating.byes import generate_with_byes
from mjref.seating.constraints import ApartGroup
from mjref.seating.errors import SeatingError
from mjref.seating.generate import Generated, check_size, generate
from mjref.seating.schedule import TABLE_SIZE, Schedule


class Fill(enum.Enum):
    """How to seat a player count that is not a multiple of four."""

    SUBSTITUTES = "substitutes"
    BYES = "byes"

    @classmethod
    def parse(cls, text: str) -> Fill:
        try:
            return cls(text)
        except ValueError:
            raise SeatingError.of("seating.bad-fill", fill=text) from None


@dataclass(frozen=True, slots=True)
class Advice:
    """What each remedy means for ``players``."""

    players: int
    substitutes: int
    byes: int

    def message(self) -> Message:
        return Message(
            "seating.not-multiple-of-four",
            {"players": self.players, "substitutes": self.substitutes, "byes": self.byes},
        )


def advise(players: int) -> Advice | None:
    """The remedies for ``players``, or ``None`` when the tables are full."""
    spare = players % TABLE_SIZE
    if spare == 0:
        return None
    return Advice(players, TABLE_SIZE - spare, spare)


@dataclass(frozen=True, slots=True)
class Planned:
    """A generated schedule, the substitutes in it and the remedy applied (if any)."""

    generated: Generated
    substitutes: tuple[PlayerId, ...]
    advice: Advice | None
    fill: Fill | None


def plan(
    players: int,
    sessions: int,
    seed: int = 0,
    fill: Fill = Fill.SUBSTITUTES,
    groups: Sequence[ApartGroup] = (),
    effort: float = 1.0,
    search: bool = False,
) -> Planned:
    """A schedule for any number of players, applying ``fill`` when tables are not full.

    A size the library of seat plans holds (:mod:`mjref.seating.library`) is served from
    it, relabelled by ``seed``, unless ``search`` asks for the generator, groups are kept
    apart, byes are asked for or the effort is not the default one.
    """
    check_size(players, sessions)
    advice = advise(players)
    served = served_from_library(players, sessions, fill, groups, effort, search)
    if advice is None:
        stored = _from_library(players, sessions, seed) if served else None
        generated = stored or generate(players, sessions, seed, effort, groups)
        return Planned(generated, (), None, None)
    if fill is Fill.BYES:
        generated = generate_with_byes(players, sessions, seed, effort, groups)
        return Planned(generated, (), advice, fill)
    total = players + advice.substitutes
    stored = _from_library(total, sessions, seed) if served else None
    generated = stored or generate(total, sessions, seed, effort, groups)
    substitutes = tuple(PlayerId(p) for p in range(players + 1, total + 1))
    return Planned(generated, substitutes, advice, fill)


def served_from_library(
    players: int,
    sessions: int,
    fill: Fill = Fill.SUBSTITUTES,
    groups: Sequence[ApartGroup] = (),
    effort: float = 1.0,
    search: bool = False,
) -> bool:
    """Whether :func:`plan` with these arguments takes the library's plan, at once, rather
    than searching (so a caller knows whether to say it is working)."""
    if search or groups or effort != 1.0:
        return False
    advice = advise(players)
    if advice is None:
        return (players, sessions) in library.stored_sizes()
    if fill is Fill.BYES:
        return False
    return (players + advice.substitutes, sessions) in library.stored_sizes()


def _from_library(players: int, sessions: int, seed: int) -> Generated | None:
    """The library's plan for the size relabelled by ``seed``, if the library has one; its
    method is the generator's, then a step saying it was relabelled."""
    stored = library.load(players, sessions)
    if stored is None:
        return None
    relabelled: Schedule = library.relabel(stored.schedule, seed)
    step = Message("seating.method.library", {"seed": stored.seed})
    return Generated(relabelled, (*stored.method, step))

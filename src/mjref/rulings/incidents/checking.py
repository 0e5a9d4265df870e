"""Checking a declared hu: help with the counting, improper counters, the wall or the
discards disturbed before the hand was checked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjref.rulings.facts import Counters, ObjectedTo
from mjref.rulings.incident import (
    MCR,
    Context,
    Incident,
    Need,
    fact,
    incident,
    need,
)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class HelpedCounting(Incident):
    """Another player joins in counting the winner's hand."""

    NAME: ClassVar[str] = "helped-counting"
    TITLE: ClassVar[str] = "Others helping to count the winning hand"
    FAMILIES = MCR
    READINGS = ("counting-objection",)
    objection_only: bool = fact(
        "The other player only objected to the points counted (see objected_to), and did not "
        "otherwise help."
    )
    objected_to: ObjectedTo = fact(
        "With objection_only: the points objected to were too many (excess) or too few "
        "(too-few; the Italian MERS 2.9.2 allows objecting to any wrong points).",
        ObjectedTo.EXCESS,
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if not self.objection_only:
            return (need("counting-help/helped"),)
        if self.objected_to is ObjectedTo.TOO_FEW:
            return (need("counting-help/objection/too-few"),)
        return (need("counting-help/objection"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class ImproperCounters(Incident):
    """The winner counts the hand's value with tiles as counters."""

    NAME: ClassVar[str] = "improper-counters"
    TITLE: ClassVar[str] = "Counting with the wrong tiles"
    FAMILIES = MCR
    counters: Counters = fact("The tiles used: discards, own-flowers, wall-tiles or hand-tiles.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need(f"counters/{self.counters}"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class WallDestroyedEarly(Incident):
    """A player broke up the wall before the hu was agreed."""

    NAME: ClassVar[str] = "wall-destroyed-early"
    TITLE: ClassVar[str] = "Wall broken up too early"
    FAMILIES = MCR
    hu_valid: bool = fact("The hu turned out valid.")
    deliberate: bool = fact("Done on purpose.", False)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        first = need("wall-destroyed/hu-" + ("valid" if self.hu_valid else "invalid"))
        if not self.deliberate:
            return (first,)
        return (first, need("wall-destroyed/deliberate", required=False))


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardsDisturbedEarly(Incident):
    """The arrangement of the discards was broken up too early (the Dutch overview)."""

    NAME: ClassVar[str] = "discards-disturbed-early"
    TITLE: ClassVar[str] = "Discards disturbed too early"
    FAMILIES = MCR

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("discards-disturbed"),)

"""Declaring a hu: a hu taken back, a self-drawn hu declared late, the winning tile not
added, tiles revealed during the hu, the winning hand broken up."""

from __future__ import annotations

from dataclasses import dataclass
from math import isfinite
from typing import ClassVar

from mjref.messages import Message
from mjref.rulings.incident import (
    BOTH,
    MAX_SECONDS,
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
class HuRetracted(Incident):
    """A player calls hu, then wants to take it back before showing the tiles."""

    NAME: ClassVar[str] = "hu-retracted"
    TITLE: ClassVar[str] = "Hu call taken back"
    FAMILIES = BOTH

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("hu-retracted"), need("false-hu/not-shown"))


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class LateSelfDrawnHu(Incident):
    """A player declares hu on a self-drawn tile some seconds after drawing it (MCR).

    MERS 1.8: the turn's 10 seconds may be used to decide on a self-drawn hu (the 3 seconds
    of a claim do not apply). A hu declared later makes the turn too long; whether the hu
    still stands the texts do not say.
    """

    NAME: ClassVar[str] = "late-self-drawn-hu"
    TITLE: ClassVar[str] = "Self-drawn hu declared late"
    FAMILIES = MCR
    seconds: float = fact("Seconds from drawing the tile to declaring hu.")

    def check(self) -> None:
        if not (isfinite(self.seconds) and 0 < self.seconds <= MAX_SECONDS):
            raise self.bad("seconds", self.seconds, Message("rulings.expect.seconds"))

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("self-drawn-hu/" + ("in-time" if self.seconds <= 10 else "late")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class WinningHandBroken(Incident):
    """The winning hand was broken up before its value was agreed."""

    NAME: ClassVar[str] = "winning-hand-broken"
    TITLE: ClassVar[str] = "Winning hand broken up before it was agreed"
    FAMILIES = MCR

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("winning-hand-broken"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class WinningTileNotAdded(Incident):
    """The winner forgot to put the winning tile with the hand."""

    NAME: ClassVar[str] = "winning-tile-not-added"
    TITLE: ClassVar[str] = "Winning tile not added to the hand"
    FAMILIES = MCR
    READINGS = ("winning-tile-penalty",)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("winning-tile-not-added"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class RevealedDuringHu(Incident):
    """An opponent revealed his own tiles while a hu was being checked."""

    NAME: ClassVar[str] = "revealed-during-hu"
    TITLE: ClassVar[str] = "Opponent's tiles revealed while a hu is checked"
    FAMILIES = MCR
    hu_valid: bool = fact("The hu turned out valid.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("revealed-during-hu/hu-" + ("valid" if self.hu_valid else "invalid")),)

"""Conduct at the table and around it: fair play, language, visibility, slow play, the
referee, appeals, passing information.

Lateness, substitutes and the end of time: :mod:`~mjref.rulings.incidents.attendance`.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isfinite
from typing import ClassVar

from mjref.messages import Message
from mjref.rules.model import Family
from mjref.rulings.facts import About, Which
from mjref.rulings.incident import (
    BOTH,
    MAX_SECONDS,
    MCR,
    Cand,
    Context,
    Incident,
    Need,
    fact,
    incident,
    need,
    when_known,
)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class PettyDispute(Incident):
    """The referee is called over a trifle the players could settle themselves."""

    NAME: ClassVar[str] = "petty-dispute"
    TITLE: ClassVar[str] = "Referee called over a trifle"
    FAMILIES = MCR

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("petty-dispute"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TableLanguage(Incident):
    """Players at a table talk in a language other than English."""

    NAME: ClassVar[str] = "table-language"
    TITLE: ClassVar[str] = "Language spoken at the table"
    FAMILIES = MCR
    same_native_language: bool = fact("All four players at the table share this mother tongue.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("table-language/" + ("shared" if self.same_native_language else "mixed")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TilesNotVisible(Incident):
    """A player keeps his tiles or a discard out of the others' view."""

    NAME: ClassVar[str] = "tiles-not-visible"
    TITLE: ClassVar[str] = "Tiles or discards not visible"
    FAMILIES = MCR
    which: Which = fact(
        "'hand': own tiles hidden, stacked or face down; 'discard': a discard covered; "
        "'played-with': the player plays around with his tiles without need (MERS 1.5)."
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need(f"tiles-not-visible/{self.which}"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnTooLong(Incident):
    """A player's turn (claim or draw to discard) took long."""

    NAME: ClassVar[str] = "turn-too-long"
    TITLE: ClassVar[str] = "Turn taking too long"
    FAMILIES = MCR
    seconds: float = fact("Seconds from claiming or drawing to discarding.")

    def check(self) -> None:
        if not (isfinite(self.seconds) and 0 < self.seconds <= MAX_SECONDS):
            raise self.bad("seconds", self.seconds, Message("rulings.expect.seconds"))

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("turn-time/" + ("within" if self.seconds <= 10 else "over")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class RefereeCalled(Incident):
    """The referee is called to rule on a dispute."""

    NAME: ClassVar[str] = "referee-called"
    TITLE: ClassVar[str] = "Referee called to a dispute"
    FAMILIES = MCR
    play_resumed: bool = fact("Play went on after the disputed event, before the referee came.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("referee-called/" + ("resumed" if self.play_resumed else "frozen")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class Appeal(Incident):
    """A player appeals against a referee's ruling."""

    NAME: ClassVar[str] = "appeal"
    TITLE: ClassVar[str] = "Appeal against a ruling"
    FAMILIES = MCR
    immediate: bool = fact("The appeal was made at once, when the ruling was given.")
    ema_supervised: bool | None = fact(
        "The tournament is under EMA supervision (OEMC, WMC ...); needed under mers-2010.", None
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        first = need("appeal/" + ("immediate" if self.immediate else "late"))
        if not self.immediate:
            return (first,)
        fee = need(when_known("appeal/fee", self.ema_supervised, "ema_supervised"), required=False)
        return (first, fee)


_MISTAKES = {
    About.TILE_COUNT,
    About.FALSE_SET,
    About.MISSING_REPLACEMENT,
    About.WRONG_WALL_TILE,
    About.DEAD_HAND_STATUS,
}


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class PassingInformation(Incident):
    """A player passes information (true or false) to another player."""

    NAME: ClassVar[str] = "passing-information"
    TITLE: ClassVar[str] = "Passing information"
    FAMILIES = BOTH
    about: About = fact(
        "What was passed: strategy, tile-count, false-set, missing-replacement, wrong-wall-tile, "
        "wrong-wall-tile-in-hand, dead-hand-status or other."
    )
    serious: bool = fact(
        "The referee judges it serious (obstruction in the Dutch overview).", False
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if self.about is About.WRONG_WALL_TILE_IN_HAND:
            category = "wrong-wall-tile-in-hand"
        elif self.about in _MISTAKES:
            category = "about-mistake"
        else:
            category = "general"
        hints_only = category == "general" or (
            ctx.family is Family.MCR and category == "about-mistake"
        )
        earlier = ctx.earlier_situations("passing-information/")
        return (
            need(
                Cand("passing-information/serious", applies=self.serious and hints_only),
                Cand("passing-information/repeated", applies=earlier > 0 and category == "general"),
                f"passing-information/{category}",
            ),
        )

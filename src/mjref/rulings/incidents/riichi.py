"""Riichi only: declaration errors, telephones, the session clock and hand counting."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjref.messages import Message
from mjref.rulings.facts import HandEnd, Owner, RiichiError
from mjref.rulings.incident import RIICHI, Context, Incident, Need, fact, incident, need


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class RiichiDeclarationError(Incident):
    """A riichi declaration went wrong."""

    NAME: ClassVar[str] = "riichi-declaration-error"
    TITLE: ClassVar[str] = "Riichi declaration error"
    FAMILIES = RIICHI
    error: RiichiError = fact(
        "stick-missing, not-called, not-rotated, open-hand or next-not-rotated (the discard "
        "after a claimed riichi tile not turned)."
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need(f"riichi/{self.error}"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class Telephone(Incident):
    """A telephone rings (or makes other noise) during play."""

    NAME: ClassVar[str] = "telephone"
    TITLE: ClassVar[str] = "Telephone ringing"
    FAMILIES = RIICHI
    owner: Owner = fact(
        "Whose telephone: a player's or a spectator's (RCR 2016 5.6 covers both).", Owner.PLAYER
    )
    agreed_with_referee: bool = fact(
        "The player had agreed with the referee before the session how to handle a call.", False
    )

    def check(self) -> None:
        if self.owner is Owner.SPECTATOR and self.agreed_with_referee:
            raise self.bad(
                "agreed_with_referee", True, Message("rulings.expect.agreement-by-player")
            )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if self.owner is Owner.SPECTATOR:
            return (need("telephone/spectator"),)
        return (need("telephone/" + ("agreed" if self.agreed_with_referee else "ringing")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TimeSignal(Incident):
    """The signal 15 minutes before the end of a timed session sounds."""

    NAME: ClassVar[str] = "time-signal"
    TITLE: ClassVar[str] = "Time signal 15 minutes before the end"
    FAMILIES = RIICHI
    dice_thrown: bool = fact("The dice of the current hand had been thrown when it sounded.")
    game_complete: bool = fact("A full game is complete with the hand in play.", False)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if self.game_complete:
            return (need("time-signal/game-complete"),)
        return (need("time-signal/" + ("dice-thrown" if self.dice_thrown else "dice-not-thrown")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class HandEnded(Incident):
    """Whether a hand that ended this way counts as a hand played (timed sessions)."""

    NAME: ClassVar[str] = "hand-ended"
    TITLE: ClassVar[str] = "Does the hand count as played"
    FAMILIES = RIICHI
    how: HandEnd = fact("How the hand ended: chombo or abortive-draw.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need(f"hand-ended/{self.how}"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class EarlyStart(Incident):
    """Players prepare before the start signal of a session."""

    NAME: ClassVar[str] = "early-start"
    TITLE: ClassVar[str] = "Starting before the signal"
    FAMILIES = RIICHI
    dice_thrown: bool = fact("The dice were thrown (not only the walls built) before the signal.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("early-start/" + ("dice" if self.dice_thrown else "walls")),)

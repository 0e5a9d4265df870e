"""Showing and taking claimed tiles: tiles shown before the call, a tile taken before
showing, a claimed tile not taken, false sets and false flowers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjref.rulings.facts import Call, Seat
from mjref.rulings.incident import (
    BOTH,
    MCR,
    Cand,
    Context,
    Incident,
    Need,
    fact,
    incident,
    need,
)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TilesShownBeforeCall(Incident):
    """A player shows tiles, or takes the discard, before calling."""

    NAME: ClassVar[str] = "tiles-shown-before-call"
    TITLE: ClassVar[str] = "Tiles shown or discard taken before the call"
    FAMILIES = BOTH
    READINGS = ("shown-before-call",)
    call: Call = fact("The call that followed: flower, chow, pung, kong or hu.")
    taken: bool = fact(
        "The player took the discard before calling (not only showed tiles); the Hungarian "
        "MERS 2.7.1 names showing tiles only.",
        False,
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        what = "taken-before-call" if self.taken else "shown-before-call"
        return (need(f"{what}/" + ("hu" if self.call is Call.HU else "claim")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TileTakenBeforeShowing(Incident):
    """A player calls and takes the discard before showing the matching tiles."""

    NAME: ClassVar[str] = "tile-taken-before-showing"
    TITLE: ClassVar[str] = "Claimed tile taken before showing the matching tiles"
    FAMILIES = BOTH
    call: Call = fact("The call: chow, pung, kong or hu.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("taken-before-showing"), need("taken-before-showing/completion"))


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimedTileNotTaken(Incident):
    """A player claimed a discard and has not taken it."""

    NAME: ClassVar[str] = "claimed-tile-not-taken"
    TITLE: ClassVar[str] = "Claimed tile not taken"
    FAMILIES = BOTH
    READINGS = ("claim-deadline",)
    completed_by: tuple[Seat, ...] = fact(
        "The players, seen from the caller (right, opposite, left), who have finished a turn "
        "(made a discard) since the claim, in order; empty if none."
    )
    abandoned: bool = fact(
        "The caller gave the claim up and will not take the tile (the Dutch overview's "
        "'claims a tile but does not take it'), rather than not having taken it yet.",
        False,
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        reading = ctx.choice("claim-deadline") or "two-turns"
        if reading == "opposite-player":
            late = Seat.OPPOSITE in self.completed_by
        else:
            late = len(self.completed_by) >= 2
        # Past the deadline the hand is dead whatever the caller meant; before it, a claim
        # given up is an erroneous claim where a text says so (the Dutch overview), and a
        # call that must be carried out under MERS 2.5.1.
        return (
            need(
                Cand("claimed-tile/late", applies=late),
                Cand("claimed-tile/abandoned", applies=self.abandoned),
                "claimed-tile/in-time",
            ),
        )


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class FalseSet(Incident):
    """A player exposes a false set (e.g. 4-5-5 as a chow)."""

    NAME: ClassVar[str] = "false-set"
    TITLE: ClassVar[str] = "False set exposed"
    FAMILIES = BOTH
    discarded: bool = fact("The player had already discarded when the mistake was noticed.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("false-set/" + ("after" if self.discarded else "before") + "-discard"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class FalseFlower(Incident):
    """A player lays down a tile that is not a flower as a flower and takes a replacement."""

    NAME: ClassVar[str] = "false-flower"
    TITLE: ClassVar[str] = "False flower replaced"
    FAMILIES = MCR
    READINGS = ("false-flower-claim",)
    replacement_in_hand: bool = fact(
        "The replacement tile had already joined the hand when the mistake was noticed."
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        when = "after" if self.replacement_in_hand else "before"
        return (need(f"false-flower/{when}-replacement"),)

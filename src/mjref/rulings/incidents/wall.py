"""The wall and the tiles on the table: drawing in the wrong direction or from the wrong
place, touching wall tiles, knocking tiles over, exposing tiles (riichi)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjref.messages import Message
from mjref.rules.model import Family
from mjref.rulings.facts import Fault, Phase, Source, Whose
from mjref.rulings.incident import (
    BOTH,
    MCR,
    RIICHI,
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
class WrongDirectionDraw(Incident):
    """After the wall was broken, tiles (replacements included) were taken counter-clockwise."""

    NAME: ClassVar[str] = "wrong-direction-draw"
    TITLE: ClassVar[str] = "Tiles taken from the wall in the wrong direction"
    FAMILIES = MCR

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("wrong-direction-draw"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class WrongWallTile(Incident):
    """A player takes a tile from the wrong place in the wall (e.g. the wrong end)."""

    NAME: ClassVar[str] = "wrong-wall-tile"
    TITLE: ClassVar[str] = "Tile taken from the wrong place in the wall"
    FAMILIES = BOTH
    in_hand: bool | None = fact("MCR: the tile had joined the player's other tiles.", None)
    pointed_out_immediately: bool | None = fact(
        "MCR: an opponent pointed the mistake out straight away (the Dutch overview needs it).",
        None,
    )
    discarded: bool | None = fact("Riichi: the player had discarded when it was noticed.", None)
    dead_wall: bool = fact("Riichi: the tile came from the dead wall.", False)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if ctx.family is Family.MCR:
            if self.in_hand is None:
                raise ctx.missing("in_hand")
            if not self.in_hand:
                return (need("wrong-wall-tile/not-in-hand"),)
            pointed = self.pointed_out_immediately
            name = "pointed_out_immediately"
            return (
                need(
                    when_known("wrong-wall-tile/in-hand/pointed-out", pointed, name),
                    when_known("wrong-wall-tile/in-hand/not-pointed-out", pointed, name, False),
                    "wrong-wall-tile/in-hand",
                ),
            )
        if self.discarded is None:
            raise ctx.missing("discarded")
        return (
            need("wrong-wall-tile/" + ("after" if self.discarded else "before") + "-discard"),
            need(
                Cand("wrong-wall-tile/dead-wall", applies=self.dead_wall),
                "wrong-wall-tile/no-penalty",
            ),
        )


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class WallTileTouched(Incident):
    """A player reaches for a wall tile and then wants to claim the discard instead."""

    NAME: ClassVar[str] = "wall-tile-touched"
    TITLE: ClassVar[str] = "Wall tile touched, then the discard claimed"
    FAMILIES = MCR
    touched: bool = fact("The player touched the wall tile (not only reached for it).")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("wall-tile/" + ("touched" if self.touched else "reached")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TilesKnockedOver(Incident):
    """A player knocks tiles over (MCR)."""

    NAME: ClassVar[str] = "tiles-knocked-over"
    TITLE: ClassVar[str] = "Tiles knocked over"
    FAMILIES = MCR
    whose: Whose = fact("Whose tiles: own, wall or opponent.")
    accidental: bool = fact("It was an accident (a deliberate act is obstruction).", True)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if not self.accidental:
            return (need("knocked-over/deliberate", hint=Message("rulings.hint.deliberate", {})),)
        return (need(f"knocked-over/{self.whose}"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TilesExposed(Incident):
    """Tiles are exposed from the wall, the dead wall or a hand (riichi)."""

    NAME: ClassVar[str] = "tiles-exposed"
    TITLE: ClassVar[str] = "Tiles exposed"
    FAMILIES = RIICHI
    source: Source = fact("Where from: wall, dead-wall, own-hand or opponent-hand.")
    count: int | None = fact("How many tiles were exposed (rcr-2012 needs it).", None)
    phase: Phase = fact("When: deal, play or after-hand.", Phase.PLAY)
    play_can_continue: bool | None = fact(
        "rcr-2016: the referee judges that play can continue.", None
    )
    fault: Fault = fact("Whose mistake: player (the offender's) or nobody.", Fault.PLAYER)
    deliberate: bool = fact(
        "Exposed on purpose, seriously or repeatedly (rcr-2016: obstruction).", False
    )
    other_sources: tuple[Source, ...] = fact(
        "Other places tiles were exposed from in the same mishap (wall, dead-wall, own-hand, "
        "opponent-hand); each place's own rule applies too.",
        (),
    )
    other_count: int = fact(
        "rcr-2012: how many tiles were exposed from the other places (counted with count "
        "towards 'more than five' under the reading five-tiles=together).",
        0,
    )

    def check(self) -> None:
        if self.count is not None and self.count < 1:
            raise self.bad("count", self.count, Message("rulings.expect.at-least-one"))
        if self.other_count < 0 or (self.other_count > 0 and not self.other_sources):
            raise self.bad("other_count", self.other_count, Message("rulings.expect.other-count"))
        if self.source in self.other_sources:
            expected = Message("rulings.expect.other-place")
            raise self.bad("other_sources", self.source.value, expected)

    def _total(self, ctx: Context) -> int | None:
        """The tiles counted against RCR 2012's 'more than five': this place's, or every
        place's of the mishap together (reading five-tiles)."""
        if self.count is None:
            return None
        if ctx.choice("five-tiles") == "together":
            return self.count + self.other_count
        return self.count

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        choice = ctx.choice("five-tiles")
        if choice is not None and self.other_sources:
            return (Message("rulings.note.reading", {"option": "five-tiles", "choice": choice}),)
        return ()

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        candidates: list[Cand | str] = []
        if self.deliberate:
            candidates.append("exposed/deliberate")
        if self.phase is Phase.AFTER_HAND:
            candidates.append("exposed/after-hand")
            return (need(*candidates),)
        pcc = self.play_can_continue
        name = "play_can_continue"
        if self.phase is Phase.DEAL:
            candidates += [
                when_known("exposed/deal/problematic", pcc, name, wanted=False),
                when_known("exposed/deal/fine", pcc, name),
            ]
        else:
            candidates += [
                when_known(f"exposed/play/cannot-continue/{self.fault}", pcc, name, wanted=False),
                when_known("exposed/play/can-continue", pcc, name),
            ]
        total = self._total(ctx)
        candidates += [
            Cand(
                f"exposed/many/{self.fault}",
                applies=total is not None and total > 5,
                missing=("count",) if total is None else (),
            ),
            f"exposed/{self.source}",
        ]
        others = tuple(
            need(f"exposed/{place}", required=False)
            for place in self.other_sources
            if self.phase is Phase.PLAY and not (total is not None and total > 5)
        )
        return (need(*candidates), *others)

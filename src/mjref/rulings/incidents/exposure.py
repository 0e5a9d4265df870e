"""Exposed tiles at the MCR table (tiles to be discarded first, an opponent's tiles exposed)
and talking loudly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjref.rulings.facts import ExposedWhy
from mjref.rulings.incident import MCR, Context, Incident, Need, fact, incident, need


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class ExposedNotDiscardedFirst(Incident):
    """A player who had to discard his wrongly exposed tiles first discarded another tile
    (MERS 2.7.1, 2.7.4, 2.9.9; the Dutch overview's "moeten worden weggespeeld")."""

    NAME: ClassVar[str] = "exposed-not-discarded-first"
    TITLE: ClassVar[str] = "Exposed tiles not discarded first"
    FAMILIES = MCR
    why: ExposedWhy = fact(
        "Why the tiles were exposed: shown-before-call, false-set, false-flower, "
        "revealed-during-hu or false-hu (the player's own false hu, after which he need not "
        "discard them first)."
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need(f"not-discarded-first/{self.why}"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class OpponentTilesExposed(Incident):
    """A player exposes tiles of an opponent's hand other than by knocking them over (the
    Dutch overview's "Stenen van de tegenstander blootgeven"; MERS 2.8 names knocking over
    only: see ``tiles-knocked-over``)."""

    NAME: ClassVar[str] = "opponent-tiles-exposed"
    TITLE: ClassVar[str] = "An opponent's tiles exposed"
    FAMILIES = MCR

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("opponent-tiles-exposed"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class Talking(Incident):
    """A player talks loudly at the table (MERS 1.2: conversation is kept quiet)."""

    NAME: ClassVar[str] = "talking"
    TITLE: ClassVar[str] = "Talking loudly at the table"
    FAMILIES = MCR

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("talking/loud"),)

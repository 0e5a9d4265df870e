"""Serious matters: obstruction and stalling, cheating, serious disturbance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjref.messages import Message
from mjref.rules.kinds import Kind
from mjref.rules.model import Family
from mjref.rules.registry import get_ruleset
from mjref.rulings.facts import ObstructionKind
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
from mjref.rulings.ruling import Ruling


def _unseen(noticed_by_players: bool, what: str) -> Need:
    """The referee's power over what the players did not notice (MERS 2.1 names cheating,
    obstruction and stalling; the Hungarian text not obstruction)."""
    return need(Cand(f"sanction-unseen/{what}", applies=not noticed_by_players), required=False)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class Obstruction(Incident):
    """Deliberate obstruction of the game, or stalling for time.

    Whether an obstruction is *repeated* decides disqualification under MERS 3.5
    (stalling) and the Dutch overview; when earlier obstruction of the player is on
    record, the referee must say so (``repeated``). Under RCR 5.5 the earlier rulings in
    the history decide the scale: none (8,000 or 12,000), one (12,000-48,000), two or
    more (disqualification).
    """

    NAME: ClassVar[str] = "obstruction"
    TITLE: ClassVar[str] = "Obstruction or stalling"
    FAMILIES = BOTH
    kind: ObstructionKind = fact("obstruction or stalling.", ObstructionKind.OBSTRUCTION)
    serious: bool = fact("The referee judges the case serious.", False)
    repeated: bool | None = fact(
        "MCR: the referee judges it a repetition in the sense of MERS 3.5 / the Dutch "
        "overview (needed when earlier obstruction of the player is on record).",
        None,
    )
    noticed_by_players: bool = fact("The other players noticed it (not only the referee).", True)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if ctx.family is Family.RIICHI:
            count = ctx.earlier(_is_obstruction)
            return (
                need(
                    Cand("obstruction/further-repeated", applies=count >= 2),
                    Cand("obstruction/serious-or-repeated", applies=self.serious or count == 1),
                    "obstruction/first",
                ),
            )
        # Any earlier obstruction or stalling of the player makes the referee say whether
        # this one is a repetition in the ruleset's sense (MERS 3.5 counts stalling, the
        # Dutch overview any obstruction); without one it cannot be.
        earlier = ctx.earlier(_is_obstruction)
        repeated = self.repeated if self.repeated is not None else (False if not earlier else None)
        key = f"obstruction/{self.kind}"
        return (
            need(when_known(f"{key}/repeated", repeated, "repeated"), key),
            _unseen(self.noticed_by_players, self.kind.value),
        )

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        if ctx.family is Family.RIICHI and not self.serious and not ctx.earlier(_is_obstruction):
            return _chombo_level(ctx)
        if ctx.family is Family.MCR:
            return _off_ladder_carry(ctx, f"obstruction/{self.kind}")
        return ()


def _off_ladder_carry(ctx: Context, situation: str) -> tuple[Message, ...]:
    """What the reset's exception does with obstruction that is not a ladder step (the
    Dutch overview: 10-60 points and/or a dead hand): under ``obstruction-entries`` there is
    no entry to carry over, only the record that makes a later case a repetition; under
    ``whole-count`` the ruling keeps the player's whole count over the next games."""
    hit = ctx.ruleset.resolve(situation)
    carry = ctx.choice("ladder-carry")
    if hit is None or carry is None:
        return ()
    if any(spec.kind is Kind.FOUL for spec in hit[2].consequences):
        return ()
    return (Message(f"rulings.note.carry-off-ladder.{carry}", {"clause": hit[1].id}),)


def _chombo_level(ctx: Context) -> tuple[Message, ...]:
    """What 'chombo level' means for the 8,000 or 12,000 of RCR 5.5: the clause names the
    chombo it refers to (``chombo_level``, the mangan-sized chombo of 2012); the ruling says
    whether the ruleset's own chombo (3.4.6) is that size, and which figure applies."""
    hit = ctx.ruleset.resolve("obstruction/first")
    if hit is None or "chombo_level" not in hit[1].params:
        return ()
    doc, clause, outcome = hit
    (choices,) = (
        s.params["choices"]
        for s in outcome.consequences
        if s.kind is Kind.DISCRETION and "choices" in s.params
    )
    assert isinstance(choices, tuple)
    first, second = choices
    level_clause = str(clause.params["chombo_level"])
    level = get_ruleset(level_clause.partition(":")[0]).chombo
    own = doc.chombo
    assert level is not None
    assert own is not None
    assert level.non_dealer_pays_dealer is not None
    assert level.non_dealer_pays_others is not None
    assert level.dealer_pays_each is not None
    params: dict[str, object] = {
        "clause": clause.id,
        "first": first,
        "second": second,
        "chombo_clause": doc.qualified(own.clause),
        "level_clause": level_clause,
        "non_dealer": level.non_dealer_pays_dealer + 2 * level.non_dealer_pays_others,
        "dealer": 3 * level.dealer_pays_each,
    }
    if own.points is not None:
        return (Message("rulings.note.chombo-level.differs", {**params, "chombo": own.points}),)
    return (Message("rulings.note.chombo-level.same", params),)


def _is_obstruction(ruling: Ruling) -> bool:
    return isinstance(ruling.incident, Obstruction)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class Cheating(Incident):
    """A player is caught cheating."""

    NAME: ClassVar[str] = "cheating"
    TITLE: ClassVar[str] = "Cheating"
    FAMILIES = BOTH
    evidence_clear: bool | None = fact("Riichi: the evidence is clear (RCR 5.5 requires it).", None)
    noticed_by_players: bool = fact("The other players noticed it (not only the referee).", True)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        first = need(
            when_known("cheating/unproven", self.evidence_clear, "evidence_clear", wanted=False),
            "cheating",
        )
        return (first, _unseen(self.noticed_by_players, "cheating"))

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        choice = ctx.choice("unproven-cheating")
        if self.evidence_clear is False and choice is not None:
            reading = {"option": "unproven-cheating", "choice": choice}
            return (Message("rulings.note.reading", reading),)
        return ()


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class RulesAbused(Incident):
    """A player abuses the rules or exploits a loophole in them (RCR 2016 5.5)."""

    NAME: ClassVar[str] = "rules-abused"
    TITLE: ClassVar[str] = "Rules abused or a loophole exploited"
    FAMILIES = RIICHI
    deliberate: bool = fact(
        "The referee judges it deliberate obstruction of the game (then RCR 5.5's point "
        "penalties for obstruction apply).",
        False,
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need(Cand("rules-abused/deliberate", applies=self.deliberate), "rules-abused"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class SeriousDisturbance(Incident):
    """A player seriously disturbs the competition."""

    NAME: ClassVar[str] = "serious-disturbance"
    TITLE: ClassVar[str] = "Serious disturbance of the competition"
    FAMILIES = MCR

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("serious-disturbance"),)

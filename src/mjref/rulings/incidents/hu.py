"""A hu that may be false: the winning tile not shown, a false hu (a declared hand judged by
the real MCR or riichi judge), too many or too few tiles.

Declaring and checking a hu: :mod:`~mjref.rulings.incidents.declaring`,
:mod:`~mjref.rulings.incidents.checking`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from mjref.mcr.hand import McrHand
from mjref.mcr.verdict import Verdict
from mjref.messages import Message
from mjref.riichi import FindingKind, RiichiHand, RiichiVerdict
from mjref.rules.model import Family
from mjref.rulings.errors import IncidentError
from mjref.rulings.facts import FalseWinReason
from mjref.rulings.incident import (
    BOTH,
    MCR,
    Context,
    Incident,
    Need,
    fact,
    incident,
    need,
)


def _verdict_note(verdict: Verdict) -> Message:
    if not verdict.valid:
        codes = ", ".join(f.code for f in verdict.findings if f.is_error) or "not-a-winning-shape"
        return Message("rulings.note.judge-invalid", {"findings": codes})
    return Message(
        "rulings.note.judge-valid",
        {"points": verdict.total_ex_flowers, "total": verdict.total},
    )


def _judged(incident: Incident, fact: str, verdict: Verdict) -> Verdict:
    """``verdict`` if the judge could judge the hand; facts no table can produce (a fifth
    copy, more than 8 flowers, no winning tile) are a wrong fact, never a false hu."""
    if not verdict.judged:
        raise IncidentError(
            Message(
                "rulings.fact.bad-riichi-hand",
                {
                    "incident": incident.NAME,
                    "fact": fact,
                    "problem": ", ".join(f.code for f in verdict.findings),
                },
            )
        )
    return verdict


def _false_hu_need(verdict: Verdict, could_not_find_8: bool) -> Need:
    """The 2.10.2 case a judged, shown hu falls in."""
    if verdict.false_hu is None:
        points = {"points": verdict.total}
        if could_not_find_8:
            return need("false-hu/shown/not-found", values={"per_opponent": 10, **points})
        return need("false-hu/shown/valid", values=points)
    # The verdict names the class (and its amount) as the ruling's own regulation gives it.
    return need(verdict.false_hu.situation, values={"per_opponent": verdict.false_hu.per_opponent})


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class WinningTileNotShown(Incident):
    """A winner did not show the winning tile clearly (MCR); with the hand, the MCR judge
    values it without the voided fans."""

    NAME: ClassVar[str] = "winning-tile-not-shown"
    TITLE: ClassVar[str] = "Winning tile not shown clearly"
    FAMILIES = MCR
    READINGS = ("winning-tile-voids",)
    hand: McrHand | None = fact(
        "Optional: the declared hand (notation and flags) for the MCR judge.", None
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        first = need("winning-tile-not-shown")
        if self.hand is None:
            return (first,)
        verdict = _judged(self, "hand", ctx.judge(replace(self.hand, winning_tile_shown=False)))
        if verdict.false_hu is None:
            return (first,)
        return (first, _false_hu_need(verdict, could_not_find_8=False))

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        if self.hand is None:
            return ()
        return (_verdict_note(ctx.judge(replace(self.hand, winning_tile_shown=False))),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class FalseHu(Incident):
    """A player called hu (MCR) or a win (riichi) that may not be valid.

    MCR: with the tiles shown, the hand goes through the MCR judge (``hand``): a valid
    shape under 8 points and an invalid hand are the two cases of MERS 2.10.2. Riichi: the
    declared hand goes through the riichi judge (``riichi_hand``), or the referee gives the
    reason the win is not valid (``reason``) - one or the other.
    """

    NAME: ClassVar[str] = "false-hu"
    TITLE: ClassVar[str] = "False hu (false win)"
    FAMILIES = BOTH
    tiles_shown: bool = fact("The player showed (revealed) the tiles of the hand.")
    hand: McrHand | None = fact(
        "MCR, tiles shown: the declared hand (notation and flags) for the MCR judge.", None
    )
    could_not_find_8: bool = fact(
        "MCR: the player could not find the 8 points himself (others may not help).", False
    )
    reason: FalseWinReason | None = fact(
        "Riichi, tiles shown, without riichi_hand: why the win is not valid (no-yaku, "
        "not-a-winning-shape, furiten, wrong-tile-count, other).",
        None,
    )
    riichi_hand: RiichiHand | None = fact(
        "Riichi, tiles shown, instead of reason: the declared hand (notation and facts) for "
        "the riichi judge.",
        None,
    )
    partly_shown: bool = fact(
        "Riichi, tiles not shown: part of the hand was laid open, not all of it (the reading "
        "partial-reveal decides).",
        False,
    )

    def check(self) -> None:
        if self.riichi_hand is not None and self.reason is not None:
            raise self.bad("reason", self.reason.value, Message("rulings.expect.no-reason"))
        hand = self.riichi_hand
        if hand is not None and self.dealer is not None and self.dealer != hand.is_dealer:
            raise self.bad("dealer", self.dealer, Message("rulings.expect.dealer-as-hand"))

    @property
    def is_dealer(self) -> bool | None:
        if self.riichi_hand is not None:
            return self.riichi_hand.is_dealer
        return self.dealer

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if self.partly_shown and (self.tiles_shown or ctx.family is Family.MCR):
            raise self.bad("partly_shown", True, Message("rulings.expect.partly-shown"))
        if not self.tiles_shown:
            return (need("false-hu/partly-shown" if self.partly_shown else "false-hu/not-shown"),)
        if ctx.family is Family.RIICHI:
            if self.hand is not None:
                raise _wrong_hand(self, "hand", "rulings.fact.mcr-hand-under-riichi")
            if self.riichi_hand is not None:
                return (_riichi_need(self, ctx.judge_riichi(self.riichi_hand)),)
            if self.reason is None:
                raise ctx.missing("reason")
            return (need("false-hu/shown"),)
        if self.riichi_hand is not None:
            raise _wrong_hand(self, "riichi_hand", "rulings.fact.riichi-hand-under-mcr")
        if self.hand is None:
            raise ctx.missing("hand")
        verdict = _judged(self, "hand", ctx.judge(self.hand))
        return (_false_hu_need(verdict, self.could_not_find_8),)

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        if self.partly_shown and ctx.choice("partial-reveal") is not None:
            reading = {"option": "partial-reveal", "choice": ctx.choice("partial-reveal")}
            return (Message("rulings.note.reading", reading),)
        if ctx.family is Family.RIICHI and self.riichi_hand is not None and self.tiles_shown:
            return (_riichi_note(ctx.judge_riichi(self.riichi_hand)),)
        if ctx.family is Family.RIICHI and self.reason is not None and self.tiles_shown:
            return (Message("rulings.note.false-win-reason", {"reason": self.reason.value}),)
        if self.hand is None or not self.tiles_shown:
            return ()
        return (_verdict_note(ctx.judge(self.hand)),)


def _wrong_hand(incident: Incident, fact: str, key: str) -> IncidentError:
    """A hand given for the other family's judge."""
    return IncidentError(Message(key, {"incident": incident.NAME, "fact": fact}))


def _riichi_need(incident: FalseHu, verdict: RiichiVerdict) -> Need:
    """The case a shown riichi win falls in, by the riichi judge's verdict."""
    inputs = [f.code for f in verdict.findings if f.kind is FindingKind.INPUT]
    if inputs:
        raise IncidentError(
            Message(
                "rulings.fact.bad-riichi-hand",
                {"incident": incident.NAME, "fact": "riichi_hand", "problem": ", ".join(inputs)},
            )
        )
    if verdict.chombo is None:
        assert verdict.payments is not None
        return need("false-hu/shown/valid", values={"points": verdict.payments.hand_points})
    return need("false-hu/shown", values={"chombo": verdict.chombo.points})


def _riichi_note(verdict: RiichiVerdict) -> Message:
    if verdict.chombo is None:
        return Message("rulings.note.riichi-valid", {"han": verdict.han, "fu": verdict.fu})
    codes = ", ".join(f.code for f in verdict.findings)
    return Message("rulings.note.riichi-invalid", {"findings": codes})


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class WrongTileCount(Incident):
    """A player is found with too many or too few tiles."""

    NAME: ClassVar[str] = "wrong-tile-count"
    TITLE: ClassVar[str] = "Too many or too few tiles"
    FAMILIES = BOTH

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("wrong-tile-count"),)

"""Calls: call words, late claims, competing claims, a set claimed without its call, a
changed call.

Showing and taking claimed tiles: :mod:`~mjref.rulings.incidents.claims`.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isfinite
from typing import ClassVar

from mjref.messages import Message
from mjref.rules.model import Family
from mjref.rulings.facts import Call, Revealed
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


def _one_of(*calls: str) -> Message:
    return Message("rulings.expect.one-of", {"values": calls})


def _words(ctx: Context, call: Call) -> tuple[str, ...]:
    table = ctx.param("call-word/accepted", "words")
    assert isinstance(table, dict)
    return tuple(str(w).lower() for w in table.get(call.value, ()))


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class WrongCallWord(Incident):
    """A player calls with a word that may not be an accepted call."""

    NAME: ClassVar[str] = "wrong-call-word"
    TITLE: ClassVar[str] = "Call made with a wrong word"
    FAMILIES = BOTH
    READINGS = ("call-variants",)
    call: Call = fact("What the player meant: flower, chow, pung, kong or hu (riichi: any win).")
    word: str = fact("The word the player said.")
    confusing: bool | None = fact(
        "MCR: the word caused confusion (needed for a word not in the list where other "
        "pronunciations are tolerated).",
        None,
    )
    self_drawn: bool | None = fact("Riichi win calls: the winning tile was self-drawn.", None)
    corrected_immediately: bool = fact(
        "Riichi win calls: the player corrected the word at once ('Hu - I mean tsumo').", False
    )
    tiles_revealed: bool | None = fact(
        "Riichi win calls: the player showed his tiles after the wrong word.", None
    )

    def check(self) -> None:
        if not self.word.strip():
            raise self.bad("word", self.word, Message("rulings.expect.word"))

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        # A win word other than 5.1.2's 'Ippatsu', with the tiles shown: the reading
        # invalid-win-word says whether 5.1.2's chombo applies by analogy.
        choice = ctx.choice("invalid-win-word")
        word = self.word.strip().lower()
        if (
            choice is None
            or self.call is not Call.HU
            or self.tiles_revealed is not True
            or self.corrected_immediately
            or word == "ippatsu"
        ):
            return ()
        hit = ctx.ruleset.resolve("call-word/win/accepted")
        wins = hit[1].params.get("win_words", []) if hit is not None else []
        unclear = hit[1].params.get("unclear_words", []) if hit is not None else []
        assert isinstance(wins, list)
        assert isinstance(unclear, list)
        if word in (str(w).lower() for w in [*wins, *unclear]):
            return ()
        return (Message("rulings.note.reading", {"option": "invalid-win-word", "choice": choice}),)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        word = self.word.strip().lower()
        if ctx.family is Family.MCR:
            if word in _words(ctx, self.call):
                return (need("call-word/accepted"),)
            kind = "hu" if self.call is Call.HU else "claim"
            return (
                need(
                    when_known("call-word/variant", self.confusing, "confusing", wanted=False),
                    f"call-word/wrong/{kind}",
                ),
            )
        if self.call is Call.FLOWER:
            return (need("call-word/flower"),)
        if self.call.is_meld:
            accepted = _words(ctx, self.call)
            return (need("call-word/accepted" if word in accepted else "call-word/unclear"),)
        # The win words are 5.1.2's (5.1 lists the meld calls only).
        wins = ctx.param("call-word/win/accepted", "win_words")
        unclear = ctx.param("call-word/win/corrected", "unclear_words")
        assert isinstance(wins, list)
        assert isinstance(unclear, list)
        if word in (str(w).lower() for w in wins):
            swapped = None if self.self_drawn is None else (word == "ron") == self.self_drawn
            earlier = ctx.earlier_situations("call-word/win/swapped")
            return (
                need(
                    Cand(
                        "call-word/win/swapped/repeated",
                        applies=bool(swapped) and earlier > 0,
                        missing=("self_drawn",) if swapped is None else (),
                    ),
                    when_known("call-word/win/swapped", swapped, "self_drawn"),
                    "call-word/win/accepted",
                ),
            )
        if word in unclear:
            return (need("call-word/unclear"),)
        return (
            need(
                Cand("call-word/win/corrected", applies=self.corrected_immediately),
                Cand(
                    "call-word/win/invalid/revealed/ippatsu",
                    applies=word == "ippatsu" and self.tiles_revealed is True,
                ),
                when_known("call-word/win/invalid/revealed", self.tiles_revealed, "tiles_revealed"),
                when_known(
                    "call-word/win/invalid/not-revealed",
                    self.tiles_revealed,
                    "tiles_revealed",
                    wanted=False,
                ),
            ),
        )


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class LateClaim(Incident):
    """A discard is claimed some seconds after it was discarded."""

    NAME: ClassVar[str] = "late-claim"
    TITLE: ClassVar[str] = "Discard claimed late"
    FAMILIES = MCR
    READINGS = ("late-claim",)
    call: Call = fact("The claim: chow, pung, kong or hu.")
    seconds: float = fact("Seconds between the discard and the call.")

    def check(self) -> None:
        if not (isfinite(self.seconds) and 0 <= self.seconds <= MAX_SECONDS):
            raise self.bad("seconds", self.seconds, Message("rulings.expect.seconds-or-zero"))
        if self.call is Call.FLOWER:
            raise self.bad("call", self.call.value, _one_of("chow", "pung", "kong", "hu"))

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if self.seconds <= 3:
            return (need("late-claim/in-time"),)
        return (need(f"late-claim/late/{self.call}", "late-claim/late"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class CompetingClaims(Incident):
    """Two players claim the same discard, and the first claimed for a meld without waiting
    the proper time (MCR).

    MERS 1.7 asks a player who claims for a meld (a chow) to wait: otherwise another
    player's call may take precedence (English), will (Hungarian, French), or - the
    Italian has no such sentence - the text is silent (reading ``waiting-time``). The
    ``player`` is the one who claimed first; which of two calls made in time goes first is
    not stated in MERS.
    """

    NAME: ClassVar[str] = "competing-claims"
    TITLE: ClassVar[str] = "Two claims on one discard"
    FAMILIES = MCR
    READINGS = ("waiting-time",)
    call: Call = fact("The first claim, for a meld: chow, pung or kong.", Call.CHOW)
    other_call: Call = fact("The other player's call: chow, pung, kong or hu.")
    waited: bool = fact("The first claimant observed the waiting time before calling.")
    other_in_time: bool = fact("The other call came within the 3 seconds of MERS 1.7.", True)

    def check(self) -> None:
        if not self.call.is_meld:
            raise self.bad("call", self.call.value, _one_of("chow", "pung", "kong"))
        if self.other_call is Call.FLOWER:
            raise self.bad("other_call", "flower", _one_of("chow", "pung", "kong", "hu"))

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if not self.other_in_time:
            return (need("competing-claims/other-late"),)
        return (need("competing-claims/" + ("waited" if self.waited else "not-waited")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class MeldCallNotMade(Incident):
    """A player called chow, pung or kong and does not (or cannot) make the meld."""

    NAME: ClassVar[str] = "meld-call-not-made"
    TITLE: ClassVar[str] = "Meld call not carried out"
    FAMILIES = BOTH
    call: Call = fact("The call: chow, pung or kong.")
    possible: bool | None = fact(
        "MCR: the called meld could be made with the player's tiles.", None
    )
    tiles_revealed: bool = fact("Tiles were shown for the call before it was dropped.", False)

    def check(self) -> None:
        if not self.call.is_meld:
            raise self.bad("call", self.call.value, _one_of("chow", "pung", "kong"))

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (
            need(
                Cand("meld-call/not-revealed", applies=not self.tiles_revealed),
                when_known("meld-call/possible", self.possible, "possible"),
                when_known("meld-call/impossible", self.possible, "possible", wanted=False),
            ),
        )


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class ChangedCall(Incident):
    """A player makes one call and then another ('pung - chow', 'pung, no ron')."""

    NAME: ClassVar[str] = "changed-call"
    TITLE: ClassVar[str] = "Two different calls"
    FAMILIES = BOTH
    first: Call = fact("The first call: chow, pung, kong or hu (riichi: hu = ron).")
    second: Call = fact("The second call.")
    first_possible: bool | None = fact("MCR: the first call could be made.", None)
    quick: bool | None = fact("Riichi: the second call was a quick correction of the first.", None)
    winning_hand: bool | None = fact(
        "Riichi, a win call among the two: the player has a winning hand on the tile.", None
    )
    revealed: Revealed | None = fact(
        "Riichi, a win call without a winning hand: none, pung-tiles or all.", None
    )

    def check(self) -> None:
        for name in ("first", "second"):
            value = getattr(self, name)
            if value is Call.FLOWER:
                raise self.bad(name, value.value, _one_of("chow", "pung", "kong", "hu"))
        if self.first is self.second:
            raise self.bad("second", self.second.value, Message("rulings.expect.other-call"))

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if ctx.family is Family.MCR:
            if self.first is Call.HU:
                return (need("changed-call/hu-first"),)
            first = need(
                when_known("changed-call/possible", self.first_possible, "first_possible"),
                when_known(
                    "changed-call/impossible", self.first_possible, "first_possible", wanted=False
                ),
            )
            rest = "changed-call/hu-later" if self.second is Call.HU else "changed-call/second"
            return (first, need(rest))
        if self.first is Call.HU:
            if self.winning_hand is None:
                raise ctx.missing("winning_hand")
            if self.winning_hand:
                return (need("changed-call/from-win/winning"),)
            if self.revealed is None:
                raise ctx.missing("revealed")
            outcome = "chombo" if self.revealed is Revealed.ALL else "dead-hand"
            return (need(f"changed-call/from-win/{outcome}"),)
        if self.quick is None:
            raise ctx.missing("quick")
        if not self.quick:
            return (need("changed-call/first-valid"),)
        if self.second is not Call.HU:
            return (need("changed-call/meld-corrected"),)
        # 'Pung, no ron': the ron call is valid (5.1.3), so it is a win call like any other.
        # Without a winning hand it is an empty win call if the hand was not laid open
        # (5.1.2: dead hand) and a false win shown if it was (3.4.6: chombo).
        if self.winning_hand is not False:
            return (need("changed-call/to-win"),)
        if self.revealed is None:
            raise ctx.missing("revealed")
        shown = "shown" if self.revealed is Revealed.ALL else "not-shown"
        return (need("changed-call/to-win"), need(f"changed-call/to-win/no-win/{shown}"))

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        if (
            ctx.family is Family.RIICHI
            and self.first is not Call.HU
            and self.second is Call.HU
            and self.winning_hand is False
        ):
            return (Message("rulings.note.correction-to-win-no-win", {}),)
        return ()

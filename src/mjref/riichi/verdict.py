"""What the riichi judge returns: findings, yaku, fu, payments, corrections, penalty."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mjref.messages import Message, registered_keys
from mjref.riichi import _messages  # noqa: F401  (registers the wording)

_FU_KEYS = frozenset(k for k in registered_keys() if k.startswith("riichi.fu."))


class PenaltyTiming(enum.Enum):
    """When the chombo penalty is paid (the ruleset's ``[chombo]`` timing)."""

    AFTER_UMA = "after-uma"
    """Deducted from the offender's result after uma; the table scores are untouched."""
    AT_TABLE = "at-table"
    """Paid to the other players at the table at once."""


class FindingKind(enum.Enum):
    """How a finding bears on the declared win."""

    INPUT = "input"
    """The facts cannot describe a real table (a fifth copy, ippatsu without riichi ...):
    nothing is judged, and no penalty is named."""
    NOT_A_WIN = "not-a-win"
    """The declared win is not a valid win (no yaku, not a winning shape, furiten ron):
    chombo."""
    DEAD_HAND = "dead-hand"
    """The hand was dead (riichi with an open hand, a wrong number of tiles); a win declared
    with it is chombo as well."""


@dataclass(frozen=True, slots=True)
class RiichiFinding:
    """One problem: a stable ``code``, the message for people, and the clause relied on."""

    code: str
    kind: FindingKind
    message: Message
    clause: str | None = None


class YakuKind(enum.Enum):
    YAKU = "yaku"
    YAKUMAN = "yakuman"
    DORA = "dora"
    """Dora, red fives (aka dora) and ura dora: han, but not yaku."""


@dataclass(frozen=True, slots=True)
class YakuHan:
    """A yaku as counted (dora, red fives and ura dora are listed the same way).

    ``name`` is the ``mahjong`` package's name (``"Riichi"``, ``"Yakuhai (haku)"``,
    ``"Dora"`` ...).
    """

    name: str
    han: int
    kind: YakuKind = YakuKind.YAKU


@dataclass(frozen=True, slots=True)
class FuPart:
    """One source of minipoints, by the ``mahjong`` package's reason name."""

    reason: str
    fu: int

    @property
    def message(self) -> Message:
        """What the minipoints are for (reasons the package may add later are shown as is)."""
        key = f"riichi.fu.{self.reason}"
        if key in _FU_KEYS:
            return Message(key)
        return Message("riichi.fu.other", {"reason": self.reason})


@dataclass(frozen=True, slots=True)
class Correction:
    """A named rule that changed the ``mahjong`` package's result, with its clause."""

    rule: str
    clause: str
    message: Message


@dataclass(frozen=True, slots=True)
class RiichiPayments:
    """Who pays the winner what.

    On a discard (ron) only ``discarder`` pays. On self-draw by the dealer each other player
    pays ``non_dealer``; on self-draw by a non-dealer the dealer pays ``dealer`` and the two
    others ``non_dealer`` each. Each amount includes the counters (honba); ``riichi_sticks``
    is what the sticks on the table add; ``total`` is everything the winner receives.
    """

    self_drawn: bool
    discarder: int
    dealer: int
    non_dealer: int
    honba: int
    riichi_sticks: int
    total: int

    @property
    def hand_points(self) -> int:
        """What the hand itself is worth, before counters and riichi sticks."""
        return self.total - self.honba - self.riichi_sticks


@dataclass(frozen=True, slots=True)
class Penalty:
    """The chombo penalty under the ruleset, for this offender (dealer or not)."""

    clause: str
    timing: PenaltyTiming
    points: int
    """After uma: the points deducted. At the table: the offender's total payment."""
    to_dealer: int
    """At the table: paid to the dealer (0 when the offender is the dealer)."""
    to_each_non_dealer: int
    """At the table: paid to each other non-dealer."""

    @property
    def message(self) -> Message:
        if self.timing is PenaltyTiming.AFTER_UMA:
            return Message("riichi.penalty.after-uma", {"points": self.points})
        if self.to_dealer == 0:
            return Message("riichi.penalty.at-table-dealer", {"each": self.to_each_non_dealer})
        return Message(
            "riichi.penalty.at-table-non-dealer",
            {"dealer": self.to_dealer, "other": self.to_each_non_dealer},
        )


@dataclass(frozen=True, slots=True)
class RiichiVerdict:
    """The judgement of one declared win under a ruleset.

    ``valid`` is true when there are no findings at all. ``yaku``, ``han``, ``fu`` and
    ``fu_parts`` describe the hand as scored (after corrections) whenever it could be
    scored, even if the win is not valid (e.g. furiten ron); ``payments`` only exist for a
    valid win. ``chombo`` is the penalty when a declared win is invalid or came from a dead
    hand; ``dead_hand`` says the facts made the hand dead. Neither is named when a finding
    of kind :attr:`FindingKind.INPUT` shows the facts cannot be those of a real table.
    """

    ruleset: str
    valid: bool
    findings: tuple[RiichiFinding, ...]
    yaku: tuple[YakuHan, ...]
    han: int
    fu: int
    fu_parts: tuple[FuPart, ...]
    limit: str
    payments: RiichiPayments | None
    corrections: tuple[Correction, ...]
    chombo: Penalty | None
    dead_hand: bool
    furiten: bool

    @property
    def hand_points(self) -> int:
        """What the winner receives for the hand itself (0 when the win is not valid)."""
        return self.payments.hand_points if self.payments else 0

    @property
    def is_input_error(self) -> bool:
        return any(f.kind is FindingKind.INPUT for f in self.findings)

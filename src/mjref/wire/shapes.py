"""The JSON documents published as pydantic models: their base, a message in one, and the
judges' verdicts (one output line of ``mjref mcr judge --jsonl`` or ``mjref riichi judge
--jsonl``, or the document of ``--json``; ``docs/judge-contract.md``).

The converters write plain values (:mod:`mjref.wire.mcr`, :mod:`mjref.wire.riichi`); these
models describe what they write for other programs and the tests check every verdict
against them. Kept apart from the converters: a command that writes no model does not pay
for building them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from mjref.wire.messages import JsonValue


class JsonShape(BaseModel):
    """A JSON shape mjref writes: no key beyond those declared."""

    model_config = ConfigDict(extra="forbid")


class MessageOut(JsonShape):
    """A message as JSON (``code`` and ``severity`` only where they apply); the same shape
    as :func:`mjref.wire.messages.message_json` writes."""

    code: str | None = None
    key: str
    params: dict[str, JsonValue]
    text: str
    severity: str | None = None


# --- MCR ----------------------------------------------------------------------------------


class FanOut(JsonShape):
    name: str
    points: int
    count: int
    sets: list[list[str]]


class VoidedOut(JsonShape):
    name: str
    points: int
    count: int


class FalseHuOut(JsonShape):
    per_opponent: int
    reason: MessageOut
    clause: str


class DisputedOut(JsonShape):
    point: str
    reading: str
    explanation: str
    clause: str


class PaymentsOut(JsonShape):
    self_drawn: bool
    from_discarder: int | None
    from_each_other: int
    clause: str


class McrFindingOut(MessageOut):
    clause: str | None


class McrVerdictOut(JsonShape):
    """One verdict (one output line of ``mjref mcr judge --jsonl``, or ``--json``)."""

    model_config = ConfigDict(extra="forbid")

    id: JsonValue = None
    valid: bool
    judged: bool
    findings: list[McrFindingOut | MessageOut]
    fans: list[FanOut]
    total: int
    total_ex_flowers: int
    reaches_8: bool
    false_hu: FalseHuOut | None
    convention: str | None = None
    shape: str | None = None
    reading: list[str] = Field(default_factory=list)
    voided: list[VoidedOut] = Field(default_factory=list)
    disputed: list[DisputedOut] = Field(default_factory=list)
    payments: PaymentsOut | None = None
    regulation: str | None = None
    citations: list[str] = Field(default_factory=list)


# --- riichi -------------------------------------------------------------------------------


class RiichiFindingOut(MessageOut):
    kind: str
    clause: str | None


class YakuOut(JsonShape):
    name: str
    han: int


class FuPartOut(JsonShape):
    reason: str
    fu: int
    message: MessageOut


class RiichiPaymentsOut(JsonShape):
    self_drawn: bool
    discarder: int
    dealer: int
    non_dealer: int
    honba: int
    riichi_sticks: int
    total: int


class CorrectionOut(JsonShape):
    rule: str
    clause: str
    message: MessageOut


class PenaltyOut(JsonShape):
    kind: Literal["chombo"]
    timing: str
    points: int
    to_dealer: int
    to_each_non_dealer: int
    clause: str
    message: MessageOut


class RiichiVerdictOut(JsonShape):
    """One verdict (one output line of ``mjref riichi judge --jsonl``, or ``--json``)."""

    model_config = ConfigDict(extra="forbid")

    id: JsonValue = None
    valid: bool
    judged: bool
    findings: list[RiichiFindingOut | MessageOut]
    yaku: list[YakuOut]
    han: int
    fu: int
    hand_points: int
    chombo: bool
    dead_hand: bool
    ruleset: str | None
    fu_parts: list[FuPartOut]
    limit: str
    payments: RiichiPaymentsOut | None
    corrections: list[CorrectionOut]
    penalty: PenaltyOut | None
    furiten: bool

"""Attendance and the session's time: a player arriving late, a substitution, time
expired."""

from __future__ import annotations

from dataclasses import dataclass
from math import isfinite
from typing import ClassVar

from mjref.messages import Message
from mjref.rules.model import Family
from mjref.rulings.facts import Reason
from mjref.rulings.incident import (
    BOTH,
    Context,
    Incident,
    Need,
    fact,
    incident,
    need,
)

MAX_LATE_MINUTES = 1440
"""The most minutes late a fact may say (a day): lateness beyond it is not a real case."""


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class LateArrival(Incident):
    """A player arrives late for a session.

    The time late may include a part of a minute (``minutes=10.5`` for 10 minutes 30
    seconds); it is taken to the second. The texts' thresholds apply to the time itself
    (``bands`` of the ``lateness`` reading); where a text leaves a part of a minute open
    (the Dutch bands 'at most 10' and '11-15', RCR's 1,000 points a minute), the
    ``part-minutes`` reading says how it counts, and by default the ruling says the text
    is silent.
    """

    NAME: ClassVar[str] = "late-arrival"
    TITLE: ClassVar[str] = "Late arrival"
    FAMILIES = BOTH
    READINGS = ("lateness",)
    minutes: float = fact(
        "Minutes late, more than 0 and at most 1440; a part of a minute as a decimal "
        "(10 minutes 30 seconds: 10.5)."
    )

    def check(self) -> None:
        late = self.minutes
        if not (isfinite(late) and 0 < late <= MAX_LATE_MINUTES) or round(late * 60) < 1:
            raise self.bad("minutes", late, Message("rulings.expect.minutes"))
        if isinstance(late, float) and late.is_integer():
            object.__setattr__(self, "minutes", int(late))  # 10.0 is shown as 10

    @property
    def seconds(self) -> int:
        """The time late, to the second."""
        return round(self.minutes * 60)

    def counted(self, ctx: Context) -> tuple[int, int | float]:
        """The time late as the ruleset counts it: seconds, and minutes as shown (a whole
        number when the ``part-minutes`` reading rounds to whole minutes)."""
        seconds = self.seconds
        reading = ctx.choice("part-minutes")
        if reading == "completed":
            seconds -= seconds % 60
        elif reading == "started":
            seconds += -seconds % 60
        else:
            return seconds, self.minutes
        return seconds, seconds // 60

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        found: list[Message] = []
        if self.seconds % 60 and ctx.choice("part-minutes") is not None:
            reading = {"option": "part-minutes", "choice": ctx.choice("part-minutes")}
            found.append(Message("rulings.note.reading", reading))
        choice = ctx.choice("late-disqualification")
        if choice is not None and self._band(ctx) == "over":
            reading = {"option": "late-disqualification", "choice": choice}
            found.append(Message("rulings.note.reading", reading))
        return tuple(found)

    def _band(self, ctx: Context) -> str:
        """The band of the time late (riichi: ``over`` or ``within``). A reading of part
        minutes never turns a time beyond the text's last limit ('more than 15 minutes',
        'more than 10 minutes') into a lesser band: the limit is compared with the time
        itself, to the second."""
        seconds, _ = self.counted(ctx)
        if ctx.family is Family.RIICHI:
            limit = ctx.param("late-arrival/per-minute", "max_minutes")
            assert isinstance(limit, int)
            return "over" if max(seconds, self.seconds) > limit * 60 else "within"
        bands = ctx.choice_params("lateness")["bands"]
        assert isinstance(bands, list)
        if self.seconds > bands[-1][1] * 60:
            return "over"
        return _band(seconds, bands)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        seconds, minutes = self.counted(ctx)
        if ctx.family is Family.RIICHI:
            if self._band(ctx) == "over":
                band = "over"
            elif seconds % 60:
                return (need("late-arrival/part-minute", values={"minutes": minutes}),)
            else:
                return (need("late-arrival/per-minute", values={"minutes": seconds // 60}),)
        else:
            band = self._band(ctx)
        first = need(f"late-arrival/{band}", values={"minutes": minutes})
        if band != "over":
            return (first,)
        return (
            first,
            need("substitution/late", required=False),
            need("substitution/missed/late", required=False),
        )


def _band(seconds: int, bands: object) -> str:
    """The band a time late falls in: ``bands`` lists ``[op, minutes, name]`` in order
    (``op`` ``<`` or ``<=``, checked on load); beyond the last one the player is over."""
    assert isinstance(bands, list)
    for op, limit, name in bands:
        if seconds < limit * 60 or (op == "<=" and seconds == limit * 60):
            return str(name)
    return "over"


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class Substitution(Incident):
    """A substitute replaces a player; the ruling covers table points, uma and the replaced
    player's result."""

    NAME: ClassVar[str] = "substitution"
    TITLE: ClassVar[str] = "Player replaced by a substitute"
    FAMILIES = BOTH
    reason: Reason = fact("Why: late, illness, disqualified or withdrawn.")
    during_session: bool | None = fact(
        "For illness or a withdrawal: the replacement happened after play at the table had "
        "begun. For a disqualified player: false means a later session, which the substitute "
        "plays from its start (RCR 5.8, MERS 2010 4.2).",
        None,
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if self.reason in (Reason.ILLNESS, Reason.WITHDRAWN):
            if self.during_session is None:
                raise ctx.missing("during_session")
            when = "during" if self.during_session else "before"
            first = need(f"substitution/{self.reason}/{when}")
        elif self.reason is Reason.DISQUALIFIED and self.during_session is False:
            # A substitute for a disqualified player in a later session sits down before play
            # begins: RCR 5.8 ("in later sessions ... from the beginning"), MERS 2010 4.2.
            first = need("substitution/disqualified/later")
        else:
            first = need(f"substitution/{self.reason}")
        return (first, need(f"substitution/missed/{self.reason}"))


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TimeExpired(Incident):
    """The session's playing time runs out while a hand is being played."""

    NAME: ClassVar[str] = "time-expired"
    TITLE: ClassVar[str] = "Session time ran out"
    FAMILIES = BOTH
    READINGS = ("time-expiry",)

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        hint = None
        if ctx.family is Family.MCR:
            hint = Message("rulings.hint.time-expiry", {})
        return (need("time-expired", hint=hint),)

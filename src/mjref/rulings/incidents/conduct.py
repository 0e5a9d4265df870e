"""Conduct at the table and around it: fair play, language, visibility, time, appeals,
lateness, passing information, substitutes, the end of time."""

from __future__ import annotations

from dataclasses import dataclass
from math import isfinite
from typing import ClassVar

from mjref.messages import Message
from mjref.rules.model import Family
from mjref.rulings.facts import About, Reason, Which
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


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class PettyDispute(Incident):
    """The referee is called over a trifle the players could settle themselves."""

    NAME: ClassVar[str] = "petty-dispute"
    TITLE: ClassVar[str] = "Referee called over a trifle"
    FAMILIES = MCR

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("petty-dispute"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TableLanguage(Incident):
    """Players at a table talk in a language other than English."""

    NAME: ClassVar[str] = "table-language"
    TITLE: ClassVar[str] = "Language spoken at the table"
    FAMILIES = MCR
    same_native_language: bool = fact("All four players at the table share this mother tongue.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("table-language/" + ("shared" if self.same_native_language else "mixed")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TilesNotVisible(Incident):
    """A player keeps his tiles or a discard out of the others' view."""

    NAME: ClassVar[str] = "tiles-not-visible"
    TITLE: ClassVar[str] = "Tiles or discards not visible"
    FAMILIES = MCR
    which: Which = fact(
        "'hand': own tiles hidden, stacked or face down; 'discard': a discard covered."
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need(f"tiles-not-visible/{self.which}"),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnTooLong(Incident):
    """A player's turn (claim or draw to discard) took long."""

    NAME: ClassVar[str] = "turn-too-long"
    TITLE: ClassVar[str] = "Turn taking too long"
    FAMILIES = MCR
    seconds: float = fact("Seconds from claiming or drawing to discarding.")

    def check(self) -> None:
        if not (isfinite(self.seconds) and 0 < self.seconds <= MAX_SECONDS):
            raise self.bad("seconds", self.seconds, Message("rulings.expect.seconds"))

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("turn-time/" + ("within" if self.seconds <= 10 else "over")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class RefereeCalled(Incident):
    """The referee is called to rule on a dispute."""

    NAME: ClassVar[str] = "referee-called"
    TITLE: ClassVar[str] = "Referee called to a dispute"
    FAMILIES = MCR
    play_resumed: bool = fact("Play went on after the disputed event, before the referee came.")

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        return (need("referee-called/" + ("resumed" if self.play_resumed else "frozen")),)


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class Appeal(Incident):
    """A player appeals against a referee's ruling."""

    NAME: ClassVar[str] = "appeal"
    TITLE: ClassVar[str] = "Appeal against a ruling"
    FAMILIES = MCR
    immediate: bool = fact("The appeal was made at once, when the ruling was given.")
    ema_supervised: bool | None = fact(
        "The tournament is under EMA supervision (OEMC, WMC ...); needed under mers-2010.", None
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        first = need("appeal/" + ("immediate" if self.immediate else "late"))
        if not self.immediate:
            return (first,)
        fee = need(when_known("appeal/fee", self.ema_supervised, "ema_supervised"), required=False)
        return (first, fee)


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
        if self.seconds % 60 and ctx.choice("part-minutes") is not None:
            reading = {"option": "part-minutes", "choice": ctx.choice("part-minutes")}
            return (Message("rulings.note.reading", reading),)
        return ()

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        seconds, minutes = self.counted(ctx)
        if ctx.family is Family.RIICHI:
            limit = ctx.param("late-arrival/per-minute", "max_minutes")
            assert isinstance(limit, int)
            if seconds > limit * 60:
                band = "over"
            elif seconds % 60:
                return (need("late-arrival/part-minute", values={"minutes": minutes}),)
            else:
                return (need("late-arrival/per-minute", values={"minutes": seconds // 60}),)
        else:
            band = _band(seconds, ctx.choice_params("lateness")["bands"])
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


_MISTAKES = {
    About.TILE_COUNT,
    About.FALSE_SET,
    About.MISSING_REPLACEMENT,
    About.WRONG_WALL_TILE,
    About.DEAD_HAND_STATUS,
}


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class PassingInformation(Incident):
    """A player passes information (true or false) to another player."""

    NAME: ClassVar[str] = "passing-information"
    TITLE: ClassVar[str] = "Passing information"
    FAMILIES = BOTH
    about: About = fact(
        "What was passed: strategy, tile-count, false-set, missing-replacement, wrong-wall-tile, "
        "wrong-wall-tile-in-hand, dead-hand-status or other."
    )
    serious: bool = fact(
        "The referee judges it serious (obstruction in the Dutch overview).", False
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if self.about is About.WRONG_WALL_TILE_IN_HAND:
            category = "wrong-wall-tile-in-hand"
        elif self.about in _MISTAKES:
            category = "about-mistake"
        else:
            category = "general"
        hints_only = category == "general" or (
            ctx.family is Family.MCR and category == "about-mistake"
        )
        earlier = ctx.earlier_situations("passing-information/")
        return (
            need(
                Cand("passing-information/serious", applies=self.serious and hints_only),
                Cand("passing-information/repeated", applies=earlier > 0 and category == "general"),
                f"passing-information/{category}",
            ),
        )


@incident
@dataclass(frozen=True, slots=True, kw_only=True)
class Substitution(Incident):
    """A substitute replaces a player; the ruling covers table points, uma and the replaced
    player's result."""

    NAME: ClassVar[str] = "substitution"
    TITLE: ClassVar[str] = "Player replaced by a substitute"
    FAMILIES = BOTH
    reason: Reason = fact("Why: late, illness or disqualified.")
    during_session: bool | None = fact(
        "For illness: the replacement happened after play at the table had begun.", None
    )

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        if self.reason is Reason.ILLNESS:
            if self.during_session is None:
                raise ctx.missing("during_session")
            first = need("substitution/illness/" + ("during" if self.during_session else "before"))
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

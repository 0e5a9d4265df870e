"""The base of every incident type, and how an incident says which rules it touches.

An incident is a frozen value holding *facts* (the minutes late, whether the tile went
into the hand ...). From its facts it names the *situations* it is in, as
:class:`Need` values: each lists candidate situation keys, most specific first. A
ruleset answers a need with the first candidate one of its clauses decides, then its
base document's (the Dutch overview falls back on MERS 2008). A candidate may depend on
a fact the incident does not have: that fact is required only under a ruleset that
actually distinguishes the case, and then its absence is an :class:`IncidentError`
naming it - never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, Field, dataclass, field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from mjref.messages import Message, register
from mjref.players import MAX_PLAYERS, PlayerId
from mjref.rules.model import Family, Ruleset
from mjref.rulings import _messages  # noqa: F401  (registers the wording)
from mjref.rulings.errors import IncidentError

if TYPE_CHECKING:
    from mjref.mcr.hand import McrHand
    from mjref.mcr.verdict import Verdict
    from mjref.riichi import RiichiHand, RiichiVerdict
    from mjref.rulings.ruling import Ruling

BOTH = frozenset({Family.MCR, Family.RIICHI})

MAX_SECONDS = 3600
"""The most seconds a fact about a turn or a claim may say (an hour): more is no real case."""
MCR = frozenset({Family.MCR})
RIICHI = frozenset({Family.RIICHI})


def fact(doc: str, default: Any = MISSING) -> Any:
    """A fact of an incident type: a dataclass field with its documentation."""
    if default is MISSING:
        return field(metadata={"doc": doc})
    return field(default=default, metadata={"doc": doc})


@dataclass(frozen=True, slots=True)
class Cand:
    """A candidate situation key.

    ``applies`` says whether the facts put the incident in this situation; ``missing``
    names facts it depends on that are unknown: if the ruleset decides ``key`` the
    missing fact is an error, otherwise the candidate is simply skipped.
    """

    key: str
    applies: bool = True
    missing: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Need:
    """One question the ruleset must answer, as candidate situations."""

    candidates: tuple[Cand, ...]
    required: bool = True
    """An unanswered required need means the ruleset does not cover the incident."""
    values: Mapping[str, int | float] = field(default_factory=lambda: MappingProxyType({}))
    """Numbers the consequences take from the facts (minutes late, points of a hand)."""
    hint: Message | None = None
    """Said when no ruleset clause answers (e.g. which reading or incident does)."""


def need(
    *candidates: Cand | str,
    required: bool = True,
    values: Mapping[str, int | float] | None = None,
    hint: Message | None = None,
) -> Need:
    """A :class:`Need` from candidates (a plain string is a candidate that applies)."""
    return Need(
        candidates=tuple(Cand(c) if isinstance(c, str) else c for c in candidates),
        required=required,
        values=MappingProxyType(dict(values or {})),
        hint=hint,
    )


def when_known(key: str, value: bool | None, name: str, wanted: bool = True) -> Cand:
    """A candidate that applies when fact ``name`` (``value``) equals ``wanted``."""
    return Cand(key, applies=value is wanted, missing=(name,) if value is None else ())


class Context:
    """What an incident may consult to name its situations: the ruleset, the history and the
    judges (the MCR judge under the ruling's scoring convention, the riichi judge under the
    ruleset)."""

    def __init__(
        self,
        ruleset: Ruleset,
        incident: Incident,
        history: Sequence[Ruling],
        judge: Callable[[McrHand], Verdict],
        judge_riichi: Callable[[RiichiHand], RiichiVerdict],
    ) -> None:
        self.ruleset = ruleset
        self.incident = incident
        self.history = history
        self._judge = judge
        self._judge_riichi = judge_riichi
        self._riichi_verdicts: dict[RiichiHand, RiichiVerdict] = {}
        self._verdicts: dict[McrHand, Verdict] = {}

    @property
    def family(self) -> Family:
        return self.ruleset.family

    def choice(self, option: str) -> str | None:
        return self.ruleset.choice(option)

    def choice_params(self, option: str) -> Mapping[str, object]:
        return self.ruleset.choice_params(option)

    def param(self, situation: str, name: str) -> object:
        """A parameter of the clause deciding ``situation`` (in this document or its base)."""
        hit = self.ruleset.resolve(situation)
        if hit is None or name not in hit[1].params:
            raise KeyError(f"no clause of {self.ruleset.id} deciding {situation!r} has {name!r}")
        return hit[1].params[name]

    def earlier(self, predicate: Callable[[Ruling], bool]) -> int:
        """How many earlier rulings about the same player satisfy ``predicate``."""
        player = self.incident.player
        return sum(1 for r in self.history if r.incident.player == player and predicate(r))

    def earlier_situations(self, prefix: str) -> int:
        """Earlier rulings about the same player in a situation starting with ``prefix``."""
        return self.earlier(lambda r: any(c.situation.startswith(prefix) for c in r.consequences))

    def judge(self, hand: McrHand) -> Verdict:
        """The MCR judge's verdict on ``hand`` (each hand judged once per ruling)."""
        if hand not in self._verdicts:
            self._verdicts[hand] = self._judge(hand)
        return self._verdicts[hand]

    def judge_riichi(self, hand: RiichiHand) -> RiichiVerdict:
        """The riichi judge's verdict on ``hand`` under this ruleset (judged once per ruling)."""
        if hand not in self._riichi_verdicts:
            self._riichi_verdicts[hand] = self._judge_riichi(hand)
        return self._riichi_verdicts[hand]

    def missing(self, name: str) -> IncidentError:
        """The error for a fact this ruleset needs and the incident lacks."""
        return IncidentError(
            Message(
                "rulings.fact.needed",
                {"incident": self.incident.NAME, "fact": name, "ruleset": self.ruleset.spec},
            )
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Incident:
    """Base of the incident types. Facts common to all incidents:

    - ``player``: who the incident is about (the offender), for the foul ladder;
    - ``session`` and ``game``: when it happened (the ladder resets by session, or by
      game under the Dutch reading);
    - ``dealer``: riichi only - whether the offender is the dealer (chombo payments of
      RCR 2012 depend on it).
    """

    NAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    FAMILIES: ClassVar[frozenset[Family]] = BOTH
    READINGS: ClassVar[tuple[str, ...]] = ()
    """Ruleset options whose reading matters for this incident (named in the ruling)."""

    player: PlayerId | None = fact(
        "Who the incident is about (the offender's player number); used by the foul ladder.",
        None,
    )
    session: int = fact("The session (1, 2, ...) in which it happened.", 1)
    game: int = fact("The game within the session (1, 2, ...); the Dutch ladder resets by it.", 1)
    dealer: bool | None = fact(
        "Riichi: whether the offender is the dealer (needed for a chombo under rcr-2012).", None
    )

    def __post_init__(self) -> None:
        if self.player is not None and not (
            isinstance(self.player, int)
            and not isinstance(self.player, bool)
            and 1 <= self.player <= MAX_PLAYERS
        ):
            expected = Message("rulings.expect.player", {"limit": MAX_PLAYERS})
            raise self.bad("player", self.player, expected)
        if self.session < 1:
            raise self.bad("session", self.session, Message("rulings.expect.session"))
        if self.game < 1:
            raise self.bad("game", self.game, Message("rulings.expect.game"))
        self.check()

    def check(self) -> None:
        """Validate facts that depend on each other (subclasses override)."""

    def needs(self, ctx: Context) -> tuple[Need, ...]:
        """The questions the ruleset must answer for this incident."""
        raise NotImplementedError

    def notes(self, ctx: Context) -> tuple[Message, ...]:
        """What the ruling should say it took into account (e.g. the judge's verdict)."""
        return ()

    @property
    def is_dealer(self) -> bool | None:
        """Whether the offender is the dealer, as far as the facts say."""
        return self.dealer

    def bad(self, name: str, value: object, expected: Message) -> IncidentError:
        return IncidentError(
            Message(
                "rulings.fact.bad-value",
                {"incident": self.NAME, "fact": name, "value": value, "expected": expected},
            )
        )

    def facts(self) -> dict[str, object]:
        """The incident's own facts (without player, session, game and dealer)."""
        common = {f.name for f in fields(Incident)}
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in common}


REGISTRY: dict[str, type[Incident]] = {}

_COMMON_FACTS = frozenset(f.name for f in fields(Incident))


def _doc(f: Field[Any]) -> str:
    return str(f.metadata.get("doc", ""))


register({f"rulings.fact-doc.{f.name}": _doc(f) for f in fields(Incident)})


def fact_doc(cls: type[Incident], name: str) -> Message:
    """What the fact ``name`` of an incident type means, for people."""
    if name in _COMMON_FACTS:
        return Message(f"rulings.fact-doc.{name}")
    return Message(f"rulings.fact-doc.{cls.NAME}.{name}")


def incident_summary(cls: type[Incident]) -> Message:
    """What an incident type is about, in one sentence (its docstring's first paragraph)."""
    return Message(f"rulings.incident.{cls.NAME}.summary")


def incident(cls: type[Incident]) -> type[Incident]:
    """Register an incident type under its ``NAME`` (class decorator), with the wording of
    its title, summary and facts."""
    if not cls.NAME or cls.NAME in REGISTRY:
        raise RuntimeError(f"incident type {cls.__name__} has no name or a duplicate one")
    summary = " ".join((cls.__dict__.get("__doc__") or "").strip().split("\n\n")[0].split())
    if not summary:
        raise RuntimeError(f"incident type {cls.__name__} has no docstring")
    register({f"rulings.incident.{cls.NAME}": cls.TITLE})
    register({f"rulings.incident.{cls.NAME}.summary": summary})
    register(
        {
            f"rulings.fact-doc.{cls.NAME}.{f.name}": _doc(f)
            for f in fields(cls)
            if f.name not in _COMMON_FACTS
        }
    )
    REGISTRY[cls.NAME] = cls
    return cls

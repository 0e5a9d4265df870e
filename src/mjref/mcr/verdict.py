"""The judge's answer: is the declared hand a valid win, what is it worth, and if not why.

Every value here is immutable. Messages are keys with parameters
(:class:`~mjref.messages.Message`), rendered by the adapters (:mod:`mjref.i18n`). Every
rule the verdict relied on is cited by a clause id the rules registry resolves
(:func:`mjref.rules.get_clause`): the regulation's false-hu clause (``mers-2008:2.10.2``),
the convention's clauses for the minimum, flowers and payments (``green-book:payments``)
and for each disputed point that decided something (``green-book:D6``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group
from mjref.messages import Message


class Severity(enum.Enum):
    ERROR = "error"
    """The hand is not a legal declared hand (tile counts, copies, flowers): it is invalid."""
    WARNING = "warning"
    """A declared fact the tiles contradict; it was not applied."""
    NOTE = "note"
    """A fact the judge inferred or a rule it applied, for the referee to see."""


@dataclass(frozen=True, slots=True)
class McrFinding:
    """One thing the judge found about the input, with the clause relied on where one applies."""

    code: str
    message: Message
    severity: Severity
    clause: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


@dataclass(frozen=True, slots=True)
class FanScore:
    """A fan scored ``count`` times at ``points`` each, and what forms each instance.

    Each entry of ``groups`` is one instance: the groups of the division that form it
    (empty for fans about the whole hand); ``sets`` gives them in notation (``123s``,
    ``[555p]``, ``(7777p)``, ``99m``).
    """

    fan: Fan
    points: int
    count: int
    groups: tuple[tuple[Group, ...], ...]

    @property
    def sets(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(g.text for g in instance) for instance in self.groups)

    @property
    def total(self) -> int:
        return self.points * self.count


@dataclass(frozen=True, slots=True)
class FalseHuPenalty:
    """The false-hu class the regulation gives (MERS 2.10.2): points paid to each of the
    three other players. ``situation`` is the registry's key for the class
    (``false-hu/shown/invalid`` or ``false-hu/shown/under-8``), ``clause`` the clause of the
    regulation that decides it (``mers-2008:2.10.2``)."""

    per_opponent: int
    reason: Message
    clause: str
    situation: str


@dataclass(frozen=True, slots=True)
class McrPayments:
    """What the others pay the winner (``clause``: the convention's, ``green-book:payments``):
    8 each plus the hand's value from the discarder, or from everyone when self-drawn."""

    self_drawn: bool
    from_discarder: int | None
    from_each_other: int
    clause: str

    @property
    def total(self) -> int:
        if self.from_discarder is None:
            return 3 * self.from_each_other
        return self.from_discarder + 2 * self.from_each_other


@dataclass(frozen=True, slots=True)
class DisputedReading:
    """A disputed point that mattered for this hand, the reading applied and its clause."""

    point: str
    choice: str
    explanation: str
    clause: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's verdict on one declared hand.

    ``judged`` is false when the input holds facts no real table can produce (a fifth
    copy of a tile, more than 8 flowers, no winning tile): nothing was judged, the
    findings say why, and there is no false hu (a typo is never a penalty).
    """

    valid: bool
    findings: tuple[McrFinding, ...]
    fans: tuple[FanScore, ...]
    total: int
    total_ex_flowers: int
    reaches_8: bool
    false_hu: FalseHuPenalty | None
    convention: str
    shape: str | None = None
    groups: tuple[Group, ...] = ()
    """The sets, pair and other groups of the division scored."""
    voided: tuple[FanScore, ...] = ()
    disputed: tuple[DisputedReading, ...] = ()
    payments: McrPayments | None = None
    regulation: str = ""
    """The regulation (spec) the false-hu classes were taken from (``mers-2008``)."""
    citations: tuple[str, ...] = ()
    """Every clause id the verdict relied on, each once, in the order above: the findings',
    the minimum and flowers of the convention, the false-hu class or the payments, the
    disputed points."""
    judged: bool = True

    @property
    def division(self) -> tuple[str, ...]:
        """The division scored, in notation: ``('[123s]', '(7777p)', '456s', '789s', 'EE')``."""
        return tuple(g.text for g in self.groups)

    @property
    def is_valid_win(self) -> bool:
        """A legal mahjong worth at least 8 points without flowers."""
        return self.valid and self.reaches_8

    def count(self, fan: Fan) -> int:
        """How many times ``fan`` is scored."""
        return sum(f.count for f in self.fans if f.fan is fan)

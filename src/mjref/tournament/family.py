"""What a tournament's family (MCR or riichi) means for entering and showing its results.

Each family is one frozen value carrying its behaviour, as a chess library's variant
classes carry their rules: what a table's session result is made of (four scores, plus
the riichi sticks left on the table), what the four scores must make up, the event a
result becomes, whether hands are entered one by one, and which figures the standings,
a player's sessions and the progress chart show. Adapters ask the family
(:func:`family_rules`) instead of branching on MCR or riichi themselves.

>>> family_rules(Family.MCR).target(None), family_rules(Family.RIICHI).target(30_000)
(0, 120000)
>>> [c.name for c in family_rules(Family.MCR).standings_columns]
['table-points', 'score']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjref.messages import Message
from mjref.rules.model import Family
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError

RIICHI_DEFAULT_START = 30_000
"""The riichi starting points when the organiser names none (RCR 2016 and 2012: 30,000)."""


@dataclass(frozen=True, slots=True)
class ScoreColumn:
    """A figure shown in a table of results: ``name`` is the column's word (the adapters
    render ``name`` in their own vocabulary), ``field`` the attribute of the row."""

    name: str
    field: str


@dataclass(frozen=True, slots=True)
class FamilyRules:
    """How a family's results are entered, checked and shown.

    - ``sticks``: a table's result carries the riichi sticks left on the table;
    - ``hands``: a table's session may be entered hand by hand (the payments of each hand);
    - ``riichi_hands``: a riichi table's session may be entered hand by hand under the
      ruleset's game flow (``docs/riichi.md``);
    - ``convention``: hands are scored under an MCR scoring convention the tournament names;
    - ``start``: the starting points a tournament gets when none are named (``None``: the
      family has none);
    - ``standings_columns``: the figures of a standings row (ranked by them, in order);
    - ``session_columns``: the figure of a player's session beside its score;
    - ``progress``: the figure a player's progress chart follows;
    - ``shown_columns``: the figures the public standings show, those ranked by among
      them (riichi: the points and uma the total is made of, then the total); the
      standings columns when empty.
    """

    family: Family
    sticks: bool
    hands: bool
    convention: bool
    start: int | None
    standings_columns: tuple[ScoreColumn, ...]
    session_columns: tuple[ScoreColumn, ...]
    progress: ScoreColumn
    riichi_hands: bool = False
    shown_columns: tuple[ScoreColumn, ...] = ()

    @property
    def standings_shown(self) -> tuple[ScoreColumn, ...]:
        """The figures of a row on the public standings (:attr:`shown_columns`)."""
        return self.shown_columns or self.standings_columns

    def target(self, starting_points: int | None) -> int:
        """What the four scores (and the sticks) of a table must make up."""
        return 4 * (starting_points or 0) if self.start is not None else 0

    def sum_note(self, starting_points: int | None) -> Message:
        """The rule the four scores of a table follow, for the person entering them."""
        return Message(
            f"tournament.sum.{self.family.value}", {"total": self.target(starting_points)}
        )

    def result_event(
        self, session: int, table: int, scores: Sequence[int], sticks: int
    ) -> ev.SessionTotalsRecorded | ev.RiichiResultRecorded:
        """The event a table's result becomes in this family; sticks where the family has
        none are refused (``tournament.proposal-sticks``)."""
        if self.sticks:
            return ev.RiichiResultRecorded(session, table, tuple(scores), sticks)
        if sticks:
            raise TournamentError(Message("tournament.proposal-sticks", {}), where="sticks")
        return ev.SessionTotalsRecorded(session, table, tuple(scores))


MCR_RULES = FamilyRules(
    family=Family.MCR,
    sticks=False,
    hands=True,
    convention=True,
    start=None,
    standings_columns=(ScoreColumn("table-points", "table_points"), ScoreColumn("score", "score")),
    session_columns=(ScoreColumn("table-points", "table_points"),),
    progress=ScoreColumn("table-points", "table_points"),
)
RIICHI_RULES = FamilyRules(
    family=Family.RIICHI,
    sticks=True,
    hands=False,
    convention=False,
    start=RIICHI_DEFAULT_START,
    standings_columns=(ScoreColumn("total", "score"),),
    session_columns=(ScoreColumn("uma", "uma"),),
    progress=ScoreColumn("total", "score"),
    riichi_hands=True,
    shown_columns=(
        ScoreColumn("points", "points"),
        ScoreColumn("uma", "uma"),
        ScoreColumn("total", "score"),
    ),
)
_RULES = {rules.family: rules for rules in (MCR_RULES, RIICHI_RULES)}


def family_rules(family: Family) -> FamilyRules:
    """The rules of entering and showing results in ``family``."""
    return _RULES[family]

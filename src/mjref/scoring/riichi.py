"""Riichi scoring under the EMA Riichi Competition Rules (RCR 2016 and 2012).

A table's session is entered as the four final scores and the riichi sticks still on
the table when the game ended. The scores plus the sticks must add up to four times the
starting points. A player's session result is then:

- *points*: the final score less the starting points, plus a share of the leftover sticks
  for the players placed first (:data:`LEFTOVER_STICKS`), less any point penalty applied
  at once (RCR 2012 5.5 and 5.6: "immediately, thus possibly affecting ranking");
- *uma* by place at the table (RCR 2016: +15,000 / +5,000 / -5,000 / -15,000; 2012:
  +30,000 / +10,000 / -10,000 / -30,000), tied players sharing exactly;
- less point penalties applied after uma (RCR 2016 5.5, 5.7, and chombo 3.4.6).

Substitutes follow RCR 2016 5.8 / 2012 5.7: a substitute's session is always entered as
the ruleset's fixed result (2016: -15,000 points and -15,000 uma; 2012: 0 points and
-30,000 uma). A substitute who sat down at the start of the session is ranked with the
others, so the opponents' uma follows the places including him; one who came in after
play began is left out and the other three take the three best uma values. A replaced
player gets the same fixed result for every session missed.

The uma values, the substitute results and the penalty timing are read from the rules
data (``rules/data/rcr-*.toml``), where each is stated once with its clause.

>>> from mjref.players import PlayerId as P
>>> scheme = riichi_scheme("rcr-2016")
>>> scheme.uma, scheme.substitute
((15000, 5000, -5000, -15000), (-15000, -15000))
>>> lines = score_table(
...     {P(1): 42000, P(2): 31000, P(3): 27000, P(4): 20000}, scheme, start=30000
... )
>>> [(int(l.points), int(l.uma), int(l.total)) for l in lines.values()]
[(12000, 15000, 27000), (1000, 5000, 6000), (-3000, -5000, -8000), (-10000, -15000, -25000)]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from mjref.players import PlayerId
from mjref.rules.kinds import Kind, Timing
from mjref.rules.model import Clause, Outcome, Ruleset
from mjref.rules.registry import get_ruleset
from mjref.scoring import _messages  # noqa: F401  (registers the wording)
from mjref.scoring.errors import ScoringError
from mjref.scoring.places import shared_awards, top

STICK = 1000
"""A riichi stick is 1,000 points."""

MAX_STICKS = 100
"""The most riichi sticks an entry may leave on the table."""

MAX_SCORE = 10_000_000
"""The largest final score (either sign) an entry may carry."""

TABLE_SIZE = 4


class Leftover(enum.StrEnum):
    """What happens to riichi sticks still on the table when the game ends."""

    TO_FIRST = "to-first"
    """They go to the player placed first; players tied for first share them."""


LEFTOVER_STICKS = Leftover.TO_FIRST
"""How mjref handles leftover riichi sticks under both editions."""

LEFTOVER_SOURCE = (
    "RCR section 3.6 'End of the game' (outside the seeds, which hold chapter 5 only), as "
    "summarised in the riichi.wiki / arcturus wiki page 'EMA Riichi Competition Rules': "
    "riichi bets left at the end of the game go to the winner, and players tied for first "
    "share them"
)
"""Where :data:`LEFTOVER_STICKS` comes from."""


class Entry(enum.StrEnum):
    """When a substitute took a seat (RCR 2016 5.8, 2012 5.7)."""

    FROM_START = "from-start"
    """Sat down before play began (also after lateness): his score counts for the uma."""
    AFTER_START = "after-start"
    """Came in after play began (illness, disqualification): left out of the uma."""


@dataclass(frozen=True, slots=True)
class RiichiScheme:
    """What a riichi ruleset says about session results, read from its rules data."""

    ruleset: str
    uma: tuple[int, int, int, int]
    """Uma by place, first to fourth."""
    substitute: tuple[int, int]
    """A substitute's entered session result: (points, uma)."""
    missed: tuple[int, int]
    """A replaced player's result for every session missed: (points, uma)."""
    timing: Timing
    """When point penalties (obstruction, lateness) are applied."""
    substitute_clause: str
    lateness_clause: str


@dataclass(frozen=True, slots=True)
class RiichiLine:
    """A player's session at one table.

    ``points``: final score less the starting points, with the share of leftover sticks
    and less the penalties applied at once; ``uma`` by place; ``after_uma``: penalty
    points deducted after uma (positive); ``total = points + uma - after_uma``.
    """

    final: int | None
    points: Fraction
    uma: Fraction
    at_once: int
    after_uma: int
    total: Fraction
    substitute: Entry | None = None


def _outcome(rs: Ruleset, situation: str) -> tuple[Clause, Outcome]:
    hit = rs.resolve(situation)
    if hit is None:
        raise LookupError(f"{rs.id} has no clause deciding {situation!r}")
    return hit[1], hit[2]


def _param_ints(value: object) -> tuple[int, ...]:
    assert isinstance(value, (list, tuple))
    return tuple(int(v) for v in value)


@cache
def riichi_scheme(ruleset: str) -> RiichiScheme:
    """The scheme of a riichi ruleset (``rcr-2016``, ``rcr-2012`` or an alias)."""
    rs = get_ruleset(ruleset)
    clause, start = _outcome(rs, "substitution/late")
    _, missed = _outcome(rs, "substitution/missed/late")
    lateness, per_minute = _outcome(rs, "late-arrival/per-minute")
    uma: tuple[int, ...] = ()
    substitute: tuple[int, int] | None = None
    for spec in start.consequences:
        if spec.kind is Kind.UMA:
            uma = _param_ints(spec.params["values"])
        if spec.kind is Kind.SESSION_RESULT:
            substitute = (int(str(spec.params["points"])), int(str(spec.params["uma"])))
    missed_result = next(
        (int(str(s.params["points"])), int(str(s.params["uma"])))
        for s in missed.consequences
        if s.kind is Kind.SESSION_RESULT
    )
    timing = next(
        Timing(str(s.params["timing"])) for s in per_minute.consequences if "timing" in s.params
    )
    if len(uma) != TABLE_SIZE or substitute is None:
        raise LookupError(f"{rs.id}: the substitute clause does not give the uma and result")
    return RiichiScheme(
        ruleset=rs.id,
        uma=(uma[0], uma[1], uma[2], uma[3]),
        substitute=substitute,
        missed=missed_result,
        timing=timing,
        substitute_clause=clause.id,
        lateness_clause=lateness.id,
    )


def check_final_scores(scores: Sequence[int], sticks: int, start: int) -> None:
    """Four final scores and the sticks left must make up 4 x the starting points."""
    if len(scores) != TABLE_SIZE:
        raise ScoringError.of("scoring.table-size", count=len(scores))
    for score in scores:
        if not -MAX_SCORE <= score <= MAX_SCORE:
            raise ScoringError.of(
                "scoring.score-range", low=-MAX_SCORE, high=MAX_SCORE, score=score
            )
    if not 0 <= sticks <= MAX_STICKS:
        raise ScoringError.of("scoring.sticks-range", high=MAX_STICKS, sticks=sticks)
    total = sum(scores) + sticks * STICK
    if total != TABLE_SIZE * start:
        raise ScoringError.of(
            "scoring.riichi-unbalanced",
            scores=", ".join(str(s) for s in scores),
            sticks=sticks,
            total=total,
            expected=TABLE_SIZE * start,
            start=start,
        )


def score_table(
    finals: Mapping[PlayerId, int],
    scheme: RiichiScheme,
    *,
    start: int,
    sticks: int = 0,
    at_once: Mapping[PlayerId, int] | None = None,
    after_uma: Mapping[PlayerId, int] | None = None,
    substitutes: Mapping[PlayerId, Entry] | None = None,
) -> dict[PlayerId, RiichiLine]:
    """Each seat's session line from the final scores (seat order kept).

    ``at_once`` and ``after_uma`` are point penalties per player (positive) applied
    before the table is ranked (RCR 2012) or after uma (RCR 2016); ``substitutes`` names
    the seats played by a substitute and when he sat down.
    """
    at_once = at_once or {}
    after_uma = after_uma or {}
    substitutes = substitutes or {}
    check_final_scores(tuple(finals.values()), sticks, start)
    basis = {p: Fraction(final - start - at_once.get(p, 0)) for p, final in finals.items()}
    ranked = {p: v for p, v in basis.items() if substitutes.get(p) is not Entry.AFTER_START}
    if sticks:
        winners = top(ranked)
        for player in winners:
            basis[player] += Fraction(sticks * STICK, len(winners))
        ranked = {p: basis[p] for p in ranked}
    uma = shared_awards(ranked, scheme.uma[: len(ranked)])
    lines: dict[PlayerId, RiichiLine] = {}
    for player, final in finals.items():
        entry = substitutes.get(player)
        if entry is not None:
            points, fixed = scheme.substitute
            total = Fraction(points + fixed)
            lines[player] = RiichiLine(final, Fraction(points), Fraction(fixed), 0, 0, total, entry)
            continue
        after = after_uma.get(player, 0)
        total = basis[player] + uma[player] - after
        lines[player] = RiichiLine(
            final, basis[player], uma[player], at_once.get(player, 0), after, total
        )
    return lines


def missed_line(scheme: RiichiScheme) -> RiichiLine:
    """A replaced player's line for a session missed (RCR 2016 5.8, 2012 5.7)."""
    points, uma = scheme.missed
    return RiichiLine(None, Fraction(points), Fraction(uma), 0, 0, Fraction(points + uma))

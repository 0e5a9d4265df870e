"""MCR scoring under MERS: hand payments, false hu, session totals, table points.

Payments follow the Green Book (3.9): a hand won on a discard costs the discarder
8 + the hand's points and each other opponent 8; a self-drawn hand costs each opponent
8 + the points. A drawn hand costs nothing. A hand entered hand by hand therefore
balances to zero by construction.

A false hu does not end the hand (MERS 2.10.2, 3.2, 3.3): the offender pays 10 (a
complete hand under 8 points) or 20 (an invalid hand) to each of the three others, has a
dead hand for the rest of it, and the hand may still be won by someone else.

Table points are 4, 2, 1 and 0 by the session score (the scale MERS 2010 4.1.2 and 4.2
use); tied players share the points of the places they tie for exactly
(:func:`mjref.scoring.places.shared_awards`).

>>> from mjref.players import PlayerId as P
>>> table = (P(1), P(2), P(3), P(4))
>>> hand_payments(table, HandResult(HandOutcome.DISCARD, winner=P(1), discarder=P(2), points=10))
{1: 34, 2: -18, 3: -8, 4: -8}
>>> hand_payments(table, HandResult(HandOutcome.SELF_DRAWN, winner=P(3), points=8))
{1: -16, 2: -16, 3: 48, 4: -16}
>>> false_hu = (FalseHuPayment(P(4), 10),)
>>> hand_payments(table, HandResult(HandOutcome.DRAW, false_hus=false_hu))
{1: 10, 2: 10, 3: 10, 4: -30}
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from fractions import Fraction
from functools import cache

from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules.kinds import Kind
from mjref.rules.model import Ruleset
from mjref.rules.registry import get_ruleset
from mjref.scoring import _messages  # noqa: F401  (registers the wording)
from mjref.scoring.errors import ScoringError
from mjref.scoring.places import shared_awards

TABLE_POINTS = (4, 2, 1, 0)
"""Table points by place at a table of four (MERS 2010 4.1.2, 4.2: "4, 2 and 1")."""

BASE = 8
"""What every paying opponent pays on top of the hand (Green Book 3.9)."""

MINIMUM = 8
"""Points a winning hand needs without flowers (Green Book; MERS 2.10.2)."""

MAX_POINTS = 1000
"""The most points a hand entered by value may have (the largest MCR hands stay far below)."""

MAX_SCORE = 1_000_000
"""The largest session score (either sign) an entry may carry."""

FALSE_HU_CLASSES = (10, 20)
"""What a false hu costs per opponent (MERS 2.10.2): under 8 points, invalid hand."""

TABLE_SIZE = 4


class HandOutcome(enum.StrEnum):
    """How a hand ended."""

    DISCARD = "discard"
    """Won on a discarded tile."""
    SELF_DRAWN = "self-drawn"
    """Won on a tile the winner drew."""
    DRAW = "draw"
    """Nobody won (a wall game)."""


@dataclass(frozen=True, slots=True)
class FalseHuPayment:
    """A false hu in a hand: who declared it and what it costs per opponent (10 or 20)."""

    player: PlayerId
    per_opponent: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand's result as scored: the outcome, who won and who discarded, the points
    of the winning hand (its flowers included, ``flowers`` of them) and any false hus
    declared during it."""

    outcome: HandOutcome
    _: KW_ONLY
    winner: PlayerId | None = None
    discarder: PlayerId | None = None
    points: int = 0
    flowers: int = 0
    false_hus: tuple[FalseHuPayment, ...] = ()


@dataclass(frozen=True, slots=True)
class McrLine:
    """A player's session at one table: the score won at the table, penalty points
    deducted (positive), the score after penalties and the table points."""

    score: int
    penalty: int
    net: int
    table_points: Fraction


class TableRanking(enum.StrEnum):
    """Whether penalty points count when the table is ranked for table points."""

    WITH_PENALTIES = "with-penalties"
    WITHOUT_PENALTIES = "without-penalties"


def _check_table(table: Sequence[PlayerId]) -> None:
    if len(table) != TABLE_SIZE or len(set(table)) != TABLE_SIZE:
        raise ScoringError.of("scoring.table-size", count=len(set(table)))


def not_at_table(player: PlayerId, role: str) -> ScoringError:
    """The error for a ``role`` (winner, discarder, false-hu) not at the table."""
    return ScoringError(
        Message(
            "scoring.not-at-table", {"role": Message(f"scoring.role.{role}", {}), "player": player}
        )
    )


def _at_table(table: Sequence[PlayerId], player: PlayerId | None, role: str) -> None:
    if player is not None and player not in table:
        raise not_at_table(player, role)


def check_hand(table: Sequence[PlayerId], hand: HandResult) -> None:
    """Refuse a hand that cannot have happened at ``table``; the error says what."""
    flowers = hand.flowers
    _check_table(table)
    _at_table(table, hand.winner, "winner")
    _at_table(table, hand.discarder, "discarder")
    if not 0 <= flowers <= 8:
        raise ScoringError.of("scoring.flowers-range", flowers=flowers)
    if hand.outcome is HandOutcome.DRAW:
        if hand.winner is not None or hand.discarder is not None or hand.points or flowers:
            raise ScoringError.of("scoring.draw-has-winner")
    else:
        if hand.winner is None:
            raise ScoringError.of("scoring.winner-needed")
        if hand.outcome is HandOutcome.DISCARD and hand.discarder is None:
            raise ScoringError.of("scoring.discarder-needed")
        if hand.outcome is HandOutcome.SELF_DRAWN and hand.discarder is not None:
            raise ScoringError.of("scoring.no-discarder")
        if hand.winner == hand.discarder:
            raise ScoringError.of("scoring.same-player")
        if not 0 <= hand.points <= MAX_POINTS:
            raise ScoringError.of(
                "scoring.points-range", low=0, high=MAX_POINTS, points=hand.points
            )
        if hand.points - flowers < MINIMUM:
            raise ScoringError.of(
                "scoring.under-minimum", minimum=MINIMUM, points=hand.points - flowers
            )
    seen: set[PlayerId] = set()
    for false_hu in hand.false_hus:
        _at_table(table, false_hu.player, "false-hu")
        if false_hu.per_opponent not in FALSE_HU_CLASSES:
            raise ScoringError.of("scoring.false-hu-class", points=false_hu.per_opponent)
        if false_hu.player in seen:
            raise ScoringError.of("scoring.false-hu-twice", player=false_hu.player)
        seen.add(false_hu.player)
        if false_hu.player == hand.winner:
            raise ScoringError.of("scoring.dead-hand-wins", player=false_hu.player)


def hand_payments(table: Sequence[PlayerId], hand: HandResult) -> dict[PlayerId, int]:
    """What each player at ``table`` gains (positive) or pays (negative) for ``hand``;
    the four amounts always add up to zero."""
    check_hand(table, hand)
    delta = dict.fromkeys(table, 0)
    if hand.outcome is not HandOutcome.DRAW:
        assert hand.winner is not None
        for player in table:
            if player == hand.winner:
                continue
            if hand.outcome is HandOutcome.SELF_DRAWN or player == hand.discarder:
                owed = BASE + hand.points
            else:
                owed = BASE
            delta[player] -= owed
            delta[hand.winner] += owed
    for false_hu in hand.false_hus:
        for player in table:
            if player != false_hu.player:
                delta[player] += false_hu.per_opponent
                delta[false_hu.player] -= false_hu.per_opponent
    return delta


def session_scores(table: Sequence[PlayerId], hands: Sequence[HandResult]) -> dict[PlayerId, int]:
    """The session score of each player from the hands played, in any order."""
    totals = dict.fromkeys(table, 0)
    for hand in hands:
        for player, amount in hand_payments(table, hand).items():
            totals[player] += amount
    return totals


def check_totals(scores: Sequence[int]) -> None:
    """Session totals from a score sheet: four numbers that add up to zero (before
    penalties); refused showing the four numbers and their sum otherwise."""
    if len(scores) != TABLE_SIZE:
        raise ScoringError.of("scoring.table-size", count=len(scores))
    for score in scores:
        if not -MAX_SCORE <= score <= MAX_SCORE:
            raise ScoringError.of(
                "scoring.score-range", low=-MAX_SCORE, high=MAX_SCORE, score=score
            )
    if sum(scores) != 0:
        raise ScoringError.of(
            "scoring.totals-unbalanced",
            scores=", ".join(str(s) for s in scores),
            total=sum(scores),
        )


def table_points(
    scores: Mapping[PlayerId, int], zero: Collection[PlayerId] = ()
) -> dict[PlayerId, Fraction]:
    """Table points by ``scores``: players in ``zero`` get none (a substitute who came in
    during play, MERS 2010 4.1.2 and 4.2) and the others share 4, 2, 1 ... by place.

    >>> from mjref.players import PlayerId as P
    >>> table_points({P(1): 30, P(2): 30, P(3): -10, P(4): -50})
    {1: Fraction(3, 1), 2: Fraction(3, 1), 3: Fraction(1, 1), 4: Fraction(0, 1)}
    >>> table_points({P(1): 30, P(2): 10, P(3): -10, P(4): -30}, zero={P(1)})
    {1: Fraction(0, 1), 2: Fraction(4, 1), 3: Fraction(2, 1), 4: Fraction(1, 1)}
    """
    ranked = {p: s for p, s in scores.items() if p not in zero}
    awards = shared_awards(ranked, TABLE_POINTS[: len(ranked)])
    return {p: awards.get(p, Fraction(0)) for p in scores}


def score_table(
    scores: Mapping[PlayerId, int],
    penalties: Mapping[PlayerId, int],
    ranking: TableRanking,
    zero: Collection[PlayerId] = (),
) -> dict[PlayerId, McrLine]:
    """Each player's line at a table: table score, penalty, net score, table points.

    Penalties are points off the offender only (MERS 3.1, 2.3); ``ranking`` says whether
    the table is ranked on the net scores or on the table scores.
    """
    net = {p: s - penalties.get(p, 0) for p, s in scores.items()}
    basis = net if ranking is TableRanking.WITH_PENALTIES else dict(scores)
    points = table_points(basis, zero)
    return {p: McrLine(scores[p], penalties.get(p, 0), net[p], points[p]) for p in scores}


@dataclass(frozen=True, slots=True)
class McrScheme:
    """What an MCR ruleset says about table points, read from its rules data.

    - ``ranking``: the reading ``table-ranking`` (whether penalties count when the table
      is ranked);
    - ``substitute_zero``: the clause giving a substitute who came in during play no
      table points (MERS 2010 4.1.2, 4.2), or ``None`` when the ruleset has none (MERS
      2008 and the 2009 overview have no section 4: the table is ranked normally);
    - ``disqualified_zero``: the clause giving a player disqualified from the tournament
      no table points at all (MERS 2010 4.4), or ``None``.
    """

    ruleset: str
    ranking: TableRanking
    substitute_zero: str | None
    disqualified_zero: str | None


def _clause_with(rs: Ruleset, situation: str, rule: str) -> str | None:
    hit = rs.resolve(situation)
    if hit is None:
        return None
    _, clause, outcome = hit
    found = any(
        c.kind is Kind.TABLE_POINTS and c.params.get("rule") == rule for c in outcome.consequences
    )
    return clause.id if found else None


@cache
def mcr_scheme(ruleset: str) -> McrScheme:
    """The table-point rules of an MCR ruleset spec (readings included)."""
    rs = get_ruleset(ruleset)
    return McrScheme(
        ruleset=rs.spec,
        ranking=TableRanking(rs.choice("table-ranking") or TableRanking.WITH_PENALTIES),
        substitute_zero=_clause_with(rs, "substitution/illness/during", "substitute-zero"),
        disqualified_zero=_clause_with(
            rs, "substitution/missed/disqualified", "zero-for-tournament"
        ),
    )

"""Sessions chosen so that their tables can be numbered without any revisit.

Which sessions of a design are kept decides who meets whom
(:mod:`mjref.seating.mixing`), but also whether the tables can be numbered so that
nobody sits at the same number twice. On the published 40-player design, of the
1,716 choices of 6 of its 13 sessions only 52 can be numbered so, and the choices that
mix best are not among them. The order in which plans are compared ranks table
revisits before mixing, so when the usual choice leaves a revisit that is not forced,
:func:`numberable_choice` scores every choice of a small pool, best mixing first, and
keeps the first one that the exact search (:mod:`mjref.seating.exact_tables`) numbers
without revisits.

>>> from mjref.seating.known import known_groupings
>>> chosen = numberable_choice(40, known_groupings(40), 6)
>>> from mjref.seating.mixing import score
>>> score(40, chosen)
MixingScore(connected=-1, minimum=4, mean=8.55)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from mjref.seating.exact_tables import Budget, number_exactly
from mjref.seating.known import Grouping, Row
from mjref.seating.mixing import LARGE, ranked_choices

CHOICES_LIMIT = 5_000
"""Pools with more choices than this are not searched (each choice is scored)."""

STEPS = 12_000_000
"""Steps of the exact numbering (:data:`mjref.seating.exact_tables.STEPS`) shared by all
the choices tried; a choice whose search runs out counts as not numbered."""


def numberable_choice(
    players: int, pool: Sequence[Sequence[Row]], sessions: int
) -> Grouping | None:
    """The best-mixing ``sessions`` of ``pool`` whose tables number without revisits.

    ``None`` when the pool is too large to search, has no more sessions than asked
    for, or no choice can be numbered so within :data:`STEPS`.
    Deterministic: no random numbers are drawn.
    """
    if (
        sessions >= len(pool)
        or players >= LARGE
        or comb(len(pool), sessions) > CHOICES_LIMIT
        or any(len(session) < sessions for session in pool)
    ):
        return None
    budget = Budget(STEPS)
    for chosen in ranked_choices(players, pool, sessions):
        if number_exactly([pool[i] for i in chosen], budget=budget).sessions is not None:
            return tuple(tuple(pool[i]) for i in chosen)
        if budget.left <= 0:
            break
    return None

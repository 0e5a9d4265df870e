"""Finals and hidden standings: the tables of a final session seated from the standings,
and what the public may see while the standings are hidden.

A final session is seated from the ranked players in standings order (disqualified,
struck and absent players are not ranked): ``top-4`` puts the first four at one table,
``by-rank`` the first ``count`` at tables of four by rank (1-4 at table 1, 5-8 at
table 2 ...). At each table the higher ranked player sits East, then South, West, North.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjref.players import PlayerId
from mjref.tournament import events as ev

TABLE = 4
"""Players at a table."""


def finals_count(mode: ev.FinalsMode, count: int) -> int:
    """The players a final seats: four for ``top-4``, ``count`` for ``by-rank``."""
    return TABLE if mode is ev.FinalsMode.TOP_FOUR else count


def finals_tables(
    ranked: Sequence[PlayerId], mode: ev.FinalsMode, count: int
) -> tuple[tuple[PlayerId, ...], ...]:
    """The tables of a final seated from ``ranked`` (best first).

    >>> from mjref.players import PlayerId as P
    >>> finals_tables([P(n) for n in (5, 2, 7, 1, 3, 8, 4, 6)], ev.FinalsMode.BY_RANK, 8)
    ((5, 2, 7, 1), (3, 8, 4, 6))
    """
    wanted = finals_count(mode, count)
    chosen = tuple(ranked[:wanted])
    return tuple(chosen[i : i + TABLE] for i in range(0, len(chosen), TABLE))


def hidden_session(hidden_from: int | None, session: int) -> bool:
    """Whether ``session``'s results are hidden from the public."""
    return hidden_from is not None and session >= hidden_from

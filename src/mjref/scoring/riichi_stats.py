"""Per-player statistics of riichi hands entered hand by hand.

From the hands a player sat at (:class:`~mjref.scoring.riichi_game.HandScored`, with who
played each seat): hands played (a chombo's hand is dealt again and does not count), wins
(and of them by self-draw), deal-ins (the discarder of a won hand, once per hand however
many won on it), riichi declared, chombo, and the
average value of the player's winning hands (the hand's points as the payment table gives
them, without counters and riichi sticks: 3,900 for the ron, 1,500 for the dealer's
tsumo below).

>>> from mjref.players import PlayerId as P
>>> from mjref.scoring.riichi_game import HandPlay, HandValue, Ending, Win, game_rules, play
>>> game = play(game_rules("rcr-2016", start=30000), [
...     HandPlay(Ending.RON, wins=(Win(1, HandValue(3, 30)),), discarder=0, riichi=frozenset({1})),
...     HandPlay(Ending.TSUMO, wins=(Win(1, HandValue(1, 30)),)),
... ])
>>> stats = player_stats([((P(1), P(2), P(3), P(4)), game.hands)])
>>> s = stats[P(2)]
>>> (s.hands, s.wins, s.self_drawn, s.riichi, s.average_win), stats[P(1)].deal_ins
((2, 2, 1, 1, Fraction(2700, 1)), 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from mjref.players import PlayerId
from mjref.scoring.riichi_game import Ending, HandScored


@dataclass(slots=True)
class RiichiStats:
    """One player's riichi hands, counted."""

    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    deal_ins: int = 0
    riichi: int = 0
    chombo: int = 0
    win_points: int = 0
    """The winning hands' points together (without counters and sticks)."""

    @property
    def average_win(self) -> Fraction | None:
        """The average value of the player's winning hands (``None`` without a win)."""
        return Fraction(self.win_points, self.wins) if self.wins else None


def player_stats(
    tables: Iterable[tuple[Sequence[PlayerId], Sequence[HandScored]]],
) -> dict[PlayerId, RiichiStats]:
    """Each player's statistics from tables' hands: who played each seat and the hands."""
    found: dict[PlayerId, RiichiStats] = {}
    for seats, hands in tables:
        for player in seats:
            found.setdefault(player, RiichiStats())
        for result in hands:
            play = result.play
            if play.outcome is not Ending.CHOMBO:  # dealt again, not a hand (RCR 3.4)
                for player in seats:
                    found[player].hands += 1
            for seat in play.riichi:
                found[seats[seat]].riichi += 1
            if play.outcome is Ending.CHOMBO and play.offender is not None:
                found[seats[play.offender]].chombo += 1
            if play.discarder is not None and result.wins:
                found[seats[play.discarder]].deal_ins += 1
            for win in result.wins:
                stats = found[seats[win.seat]]
                stats.wins += 1
                stats.self_drawn += play.outcome is Ending.TSUMO
                stats.win_points += win.hand_points
    return found

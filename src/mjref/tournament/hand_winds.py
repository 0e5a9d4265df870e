"""Each player's seat wind and the prevalent wind of a hand of an MCR game, from the
table's starting seats and the hand number, as the Chinese Official rules rotate them.

The rule (the Green Book, *Mahjong Competition Rules*, WMO 2006: an MCR game is four
rounds - East, South, West, North, the round's wind being the prevalent wind - of four
hands each, the deal passing to the next player counter-clockwise after every hand, won
or not: MCR has no dealer repeat; and between rounds the players change seats, the
procedure of its appendix "Procedures for Seat Rotation"). MERS says nothing of its own
on winds or seats: its preamble makes the Green Book (ed. 2006) the reference for any
MERS tournament (``mers-2008``, seed 000).

The seat change, as three public descriptions agree (the reachmahjong.com forum thread
"MCR round seat change", 2019; Mahjong Den Haag's "MCR seating scheme"; the score sheet
of the ChineseOfficialMahjongHelper app, which labels each starting seat with its seat
in each round): after the East round the players in the East and South seats swap, and
so do West and North; after the South round East goes to West, West to South, South to
North and North to East; after the West round East and South swap again, and West and
North. Each round starts with East at the place where the first East sat. So a player
who starts in seat East, South, West or North sits, in the four rounds, at

========  ======  ======  ======  ======
starts    East r. South   West    North
========  ======  ======  ======  ======
East      E       S       N       W
South     S       E       W       N
West      W       N       E       S
North     N       W       S       E
========  ======  ======  ======  ======

for the round's first hand, and within a round each later hand moves every seat wind
one back (East becomes North, South becomes East ...). Some sources have no seat
change, or only one (a Chinese description of a "single game" format; home play): that
is the named choice :attr:`SeatChange.NONE`, where only the deal passes. The default,
:attr:`SeatChange.GREEN_BOOK`, is the table above.

A game has 16 hands; the winds of hand 17 or later do not follow from the rules (a
session playing more hands is not an MCR game as the Green Book describes it), so
:func:`hand_winds` refuses them (``tournament.winds-beyond-game``).

>>> from mjref.players import PlayerId as P
>>> winds = hand_winds((P(1), P(2), P(3), P(4)), 5)
>>> winds.prevalent, winds.seat_wind(P(2)), winds.dealer
(<Wind.SOUTH: 'S'>, <Wind.EAST: 'E'>, 2)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from mjref.messages import Message
from mjref.players import PlayerId
from mjref.tiles import Wind
from mjref.tournament import _messages  # noqa: F401  (registers the wording)
from mjref.tournament.errors import TournamentError

WINDS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
"""The winds in the order of play (counter-clockwise) and of the rounds."""

HANDS_PER_ROUND = 4
GAME_HANDS = HANDS_PER_ROUND * len(WINDS)
"""An MCR game: four rounds of four hands."""


class SeatChange(enum.Enum):
    """Whether the players change seats between rounds."""

    GREEN_BOOK = "green-book"
    """Yes, by the Green Book's table (the default; MERS defers to the Green Book)."""
    NONE = "none"
    """No: the players keep their seats and only the deal passes."""


# _PLACES[change][round][i]: where the player who started in seat i sits during the
# round, as a place counted counter-clockwise from the first East's place (0 .. 3).
_PLACES: dict[SeatChange, tuple[tuple[int, ...], ...]] = {
    SeatChange.GREEN_BOOK: ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0)),
    SeatChange.NONE: ((0, 1, 2, 3),) * len(WINDS),
}


@dataclass(frozen=True, slots=True)
class HandWinds:
    """The winds of one hand at a table: the prevalent wind and each player's seat wind
    (``seats``: the players in their starting seat order, each with its wind)."""

    hand: int
    prevalent: Wind
    seats: tuple[tuple[PlayerId, Wind], ...]

    def seat_wind(self, player: PlayerId) -> Wind:
        """The player's seat wind in this hand (``KeyError`` for a player not at the table)."""
        for who, wind in self.seats:
            if who == player:
                return wind
        raise KeyError(player)

    @property
    def dealer(self) -> PlayerId:
        """The player whose seat wind is East: the hand's dealer."""
        return next(who for who, wind in self.seats if wind is Wind.EAST)


def hand_winds(
    players: Sequence[PlayerId], hand: int, seat_change: SeatChange = SeatChange.GREEN_BOOK
) -> HandWinds:
    """The winds of hand ``hand`` (1 to 16) of an MCR game played by ``players``, given in
    their starting seats East, South, West, North (as ``Tournament.seats`` gives them).

    Hand ``h`` is hand ``(h - 1) % 4 + 1`` of round ``(h - 1) // 4 + 1``, whose wind is
    the prevalent wind; the player who started in seat ``i`` sits at place ``p`` in that
    round (the module's table) and has seat wind ``(p - k) mod 4`` at the round's hand
    ``k`` (0 to 3). A hand outside 1 to 16 is refused (``TournamentError``).
    """
    if len(players) != len(WINDS):
        raise ValueError(f"a table has four players, not {len(players)}")
    if not 1 <= hand <= GAME_HANDS:
        raise TournamentError(
            Message("tournament.winds-beyond-game", {"hand": hand, "limit": GAME_HANDS})
        )
    game_round, k = divmod(hand - 1, HANDS_PER_ROUND)
    places = _PLACES[seat_change][game_round]
    seats = tuple((player, WINDS[(places[i] - k) % len(WINDS)]) for i, player in enumerate(players))
    return HandWinds(hand, WINDS[game_round], seats)

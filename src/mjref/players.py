"""One player identity for seating, rulings and the tournament.

A player is known by a number, counted from 1: their registration number in the
tournament (substitutes get the numbers after the registered players). Every module that
names a player uses :data:`PlayerId`; 0-based positions stay inside private helpers.

>>> check_player_id(12)
12
>>> check_player_id(0, where="--drop")
Traceback (most recent call last):
...
mjref.errors.InputError: --drop: 0 is not a player number (1 to 1000)
"""

from __future__ import annotations

from typing import NewType

from mjref.errors import InputError, Where
from mjref.messages import register

PlayerId = NewType("PlayerId", int)
"""A player's number in the tournament, from 1 to :data:`MAX_PLAYERS`."""

MAX_PLAYERS = 1000
"""The most players (substitutes included) any input may name."""

register({"players.bad-id": "{value!r} is not a player number (1 to {limit})"})


def check_player_id(value: object, where: Where = None) -> PlayerId:
    """``value`` as a :data:`PlayerId`; an :class:`InputError` naming ``where`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_PLAYERS:
        raise InputError.of("players.bad-id", where, value=value, limit=MAX_PLAYERS)
    return PlayerId(value)

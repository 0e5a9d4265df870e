"""The seating package's input error."""

from __future__ import annotations

from mjref.errors import InputError


class SeatingError(InputError):
    """A schedule, a player list or a seating request that cannot be used as given.

    ``where`` names the place (for example ``session 2, table 3``) when the problem
    is at one place in a schedule.
    """

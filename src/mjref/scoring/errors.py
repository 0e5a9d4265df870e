"""The scoring package's input error."""

from __future__ import annotations

from mjref.errors import InputError


class ScoringError(InputError):
    """A hand, a set of session scores or a table result that cannot be scored as given;
    the message says what (the four numbers and their sum for a session that does not
    balance)."""

"""Errors of the tournament: bad entries and conflicting ones.

- :class:`TournamentError` (an :class:`~mjref.errors.InputError`): an entry that cannot
  be recorded as given (an unknown player or table, a session not yet published, a
  correction of an entry that does not exist ...). Exit code 2.
- :class:`ConflictError`: another entry for the same table and hand (or the same
  session result, correction, appeal ...) was recorded first; the message names it
  (position, who, when). Exit code 5. It is an ``InputError`` so that an adapter that
  does not know it still reports it cleanly.
- :class:`StaleLogError`: raised by a store when the log grew after the position the
  entry was checked against; the services read the new entries and check again. Never
  shown to people unless retries run out.
"""

from __future__ import annotations

from mjref.errors import InputError
from mjref.messages import Message


class TournamentError(InputError):
    """An entry the tournament refuses; the message says what and where."""


class ConflictError(InputError):
    """Another entry filled the same place first; ``winner`` is its position."""

    def __init__(self, message: Message, *, winner: int, where: str | None = None) -> None:
        super().__init__(message, where=where)
        self.winner = winner


class StaleLogError(Exception):
    """The log has entries after the position an append expected to follow."""

    def __init__(self, expected: int, found: int | None = None) -> None:
        super().__init__(f"the log is past position {expected}" + (f" ({found})" if found else ""))
        self.expected = expected
        self.found = found


class AlreadyRecordedError(Exception):
    """The request was recorded before (its request key is stored: a retry after a lost
    answer, a second press); ``entries`` are what it stored. Adapters answer with them as
    if the request had just been recorded - never a second time."""

    def __init__(self, entries: tuple[object, ...]) -> None:
        super().__init__(f"already recorded at {[getattr(e, 'seq', '?') for e in entries]}")
        self.entries = entries


class RequestKeyTakenError(Exception):
    """A store found the request key of an append already stored (a retried request got
    in first); the caller answers with what that request stored."""

    def __init__(self, key: str) -> None:
        super().__init__(f"request key {key!r} is already stored")
        self.key = key


class SlotTakenError(Exception):
    """A store found the slot of an entry already filled (the unique index caught what the
    check missed); ``slot`` names it."""

    def __init__(self, slot: str) -> None:
        super().__init__(f"slot {slot!r} is already filled")
        self.slot = slot

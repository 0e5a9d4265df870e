"""The reducer of one type of event: its check before an append, what it adds to the
state and what a correction takes out again.

A :class:`Reducer` is registered for each type of
:data:`~mjref.tournament.events.EVENT_TYPES` in the table of :mod:`mjref.tournament.fold`;
the :class:`~mjref.tournament.state.Tournament` façade holds the state's data and
dispatches every event to its reducer. A reducer keeps nothing itself: it reads and
changes the façade it is given (areas read each other's data through it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from mjref.messages import Message
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament

E = TypeVar("E", bound=ev.Event)

Key = tuple[int, int]
"""(session, table), both counted from 1."""


class Reducer(Generic[E]):
    """What one type of event does to a tournament's state.

    - :meth:`check`: refuse the event if it cannot be appended now (the façade has already
      checked that the tournament exists and that the event's slot is free);
    - :meth:`conflict`: the error when the event's slot (:func:`~mjref.tournament.events.slot_of`)
      is already filled by ``winner``;
    - :meth:`apply`: fold a new entry in (by default: it is its own origin, live if it can be
      corrected, and :meth:`add`);
    - :meth:`add`: put the event's effect in, as the entry at ``seq`` of the chain that
      starts at ``origin`` (a correction's replacement keeps its origin);
    - :meth:`remove`: take the effect out again when a correction supersedes it;
    - :meth:`check_replacement`: the checks of a correction that replaces ``original`` (at
      position ``target``) with ``replacement`` of this type.
    """

    __slots__ = ("correctable", "event")

    opens_log: ClassVar[bool] = False
    """Whether the event starts a log (checked before the tournament exists)."""

    def __init__(self, event: type[E]) -> None:
        self.event = event
        self.correctable = event in ev.CORRECTABLE

    def check(self, t: Tournament, event: E) -> None:
        """Refuse ``event`` if it cannot be appended to ``t`` now."""

    def conflict(
        self, t: Tournament, event: E, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        """The error for ``event`` when ``winner`` filled its slot first."""
        return None

    def apply(self, t: Tournament, seq: int, event: E) -> None:
        """Fold a new entry in at ``seq``."""
        t.origin[seq] = seq
        if self.correctable:
            t.live[seq] = event
        self.add(t, seq, seq, event)
        t._memo.clear()

    def add(self, t: Tournament, origin: int, seq: int, event: E) -> None:
        """Put the event's effect in."""

    def remove(self, t: Tournament, origin: int, event: E) -> None:
        """Take the event's effect out (a correction superseded it)."""

    def check_replacement(self, t: Tournament, replacement: E, original: E, target: int) -> None:
        """Refuse a correction of ``original`` (at ``target``) by ``replacement``."""


def conflict(key: str, winner: ev.Recorded, **params: object) -> ConflictError:
    """Another entry (``winner``) filled the place first; ``key`` says what the place is."""
    what = Message(f"tournament.what-{key}", dict(params))
    return ConflictError(
        Message(
            "tournament.conflict",
            {"what": what, "seq": winner.seq, "actor": winner.actor, "at": winner.at},
        ),
        winner=winner.seq,
    )


def err(key: str, where: str | None = None, **params: object) -> TournamentError:
    """A refused entry: the message ``key`` with its parameters."""
    return TournamentError(Message(key, dict(params)), where=where)

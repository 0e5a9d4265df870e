"""Use cases of a mirrored tournament that record something: a copy (a standby laptop, the
hosted mirror pulled back down) made the venue's own, writable tournament, when the
venue's server is lost. Copying the log itself is the store's (:mod:`mjref.store.copies`,
:mod:`mjref.store.remote`): rows travel as stored, never through the fold."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Protocol

from mjref.services.tournament import EventLog, load, record
from mjref.tournament import events as ev
from mjref.tournament.state import Tournament


class MirroredLog(EventLog, Protocol):
    """A store that knows which tournaments are copies of another server's log."""

    def mirror_source(self, tournament: str) -> str | None: ...


def promote(log: MirroredLog, tournament: str, *, actor: str, now: datetime) -> ev.Recorded:
    """Make the copy of ``tournament`` the venue's tournament: the promotion is recorded
    (who, when, up to which position the copy held the venue's log, from where) and the
    store takes entries for it again. A tournament that is no copy is refused by the
    store (``store.not-a-mirror``)."""
    load(log, tournament)  # an unknown tournament is refused by name
    source = log.mirror_source(tournament) or ""

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield ev.MirrorPromoted(t.position, source[: ev.MAX_TEXT])

    return record(log, tournament, build, actor=actor, now=now)[0]


def is_mirror(log: MirroredLog, tournament: str) -> bool:
    """Whether ``tournament`` is a read-only copy here (entries are made at the venue)."""
    return log.mirror_source(tournament) is not None

"""``mjref serve --mirror-push URL``: the venue's tournaments pushed to a hosted mirror in
the background while the server runs, as their logs grow.

One thread in the ``mjref serve`` process (not in each web worker) reads every
tournament's log position every :data:`POLL` seconds and, for a tournament that grew past
what the mirror last acknowledged, pushes the new events (:func:`mjref.store.remote.push`,
one attempt). A failure is noted and retried with backoff per tournament (up to
:data:`CAP` seconds apart; a refusal, such as a wrong token, only every
:data:`REFUSED_WAIT` seconds); each outcome is noted in ``mirror_push``
(:func:`mjref.store.mirrors.note_push`) for the organiser's dashboard. Tournaments that
are themselves mirrors here are not pushed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy.exc import DBAPIError

from mjref.errors import InputError
from mjref.messages import Message
from mjref.store.database import unreachable
from mjref.store.log import SqlEventLog
from mjref.store.mirrors import note_push, stored_error
from mjref.store.remote import Remote, RemoteUnavailableError, backoff, push
from mjref.wire.streams import StreamError

POLL = 2.0
"""Seconds between two readings of the logs' positions."""
CAP = 60.0
"""The longest wait between two attempts after failures in a row."""
REFUSED_WAIT = 60.0
"""The wait after the mirror refused (a wrong token, a different history)."""

_log = logging.getLogger(__name__)


def _stamp() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class MirrorPusher:
    """The background push of one database's tournaments to one mirror."""

    def __init__(
        self,
        db: str,
        url: str,
        token: str,
        *,
        poll: float = POLL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db = db
        self.remote = Remote(url, token)
        self.poll = poll
        self.clock = clock
        self.acknowledged: dict[str, int] = {}
        self._in_row: dict[str, int] = {}
        self._next: dict[str, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="mjref-mirror-push", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=30)
        self.remote.close()

    def _run(self) -> None:
        # Not migrated here: mjref serve did it before the thread started, and Alembic's
        # context is not safe to enter from two threads at once (the web app migrates too).
        log = SqlEventLog.open(self.db, migrate=False)
        try:
            while not self._stop.is_set():
                try:
                    self.round(log)
                except StreamError as error:  # the venue's own database, for a moment
                    _log.warning("mirror push: %s", error.message.english())
                except DBAPIError as error:
                    _log.warning("mirror push: %s", unreachable(log.engine.url, error))
                self._stop.wait(self.poll)
        finally:
            log.close()

    def round(self, log: SqlEventLog) -> None:
        """One look at every tournament: push those that grew (when their wait is over)."""
        for tournament, _ in log.tournaments():
            if self._stop.is_set():
                return
            if log.mirror_source(tournament) is not None:
                continue
            position = log.position(tournament)
            if position <= self.acknowledged.get(tournament, -1):
                continue
            if self.clock() < self._next.get(tournament, 0.0):
                continue
            self._push(log, tournament)

    def _push(self, log: SqlEventLog, tournament: str) -> None:
        url = self.remote.url
        try:
            done = push(log, self.remote, tournament, max_failures=0)
        except RemoteUnavailableError as error:
            self._failed(log, tournament, error.message, None)
        except InputError as error:  # refused: a wrong token, a different history
            self._failed(log, tournament, error.message, REFUSED_WAIT)
        else:
            self.acknowledged[tournament] = done.position
            self._in_row.pop(tournament, None)
            self._next.pop(tournament, None)
            note_push(log.engine, tournament, url, position=done.position, at=_stamp())

    def _failed(
        self, log: SqlEventLog, tournament: str, message: Message, wait: float | None
    ) -> None:
        in_row = self._in_row.get(tournament, 0) + 1
        self._in_row[tournament] = in_row
        delay = wait if wait is not None else backoff(in_row, CAP)
        self._next[tournament] = self.clock() + delay
        _log.warning("mirror push of %s: %s", tournament, message.english())
        note_push(log.engine, tournament, self.remote.url, at=_stamp(), error=stored_error(message))

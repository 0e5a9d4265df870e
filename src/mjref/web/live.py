"""Live pages: which tournaments' logs grew, pushed to browsers as server-sent events.

Each worker keeps the log position of the tournaments its visitors watch and reads them
again - one query per tournament, however many visitors - every :data:`POLL` seconds
(SQLite: the log position is the whole mechanism) and at once when PostgreSQL notifies
that a log grew (``LISTEN`` on the channel the store notifies on every append). A page
that shows standings, seating, results or the clock opens ``/t/ID/live`` and fetches
itself again when told the position changed, so every worker's visitors see a change
recorded through any worker.

With ``--export-dir`` the same watch writes the tournament's static pages after every
change (:mod:`mjref.web.site`: the same pages as the web's, with relative links), so a
second laptop or a printer still has current standings if the network fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import tempfile
import threading
from pathlib import Path

from mjref.store import SqlEventLog
from mjref.store.log import NOTIFY_CHANNEL
from mjref.web.site import site_pages

POLL = 1.0
"""Seconds between two readings of the watched positions (without a notification)."""


class Live:
    """The watched positions of one worker (created lazily in its event loop)."""

    def __init__(self, log: SqlEventLog, export_dir: str = "") -> None:
        self.log = log
        self.export_dir = export_dir
        self.positions: dict[str, int] = {}
        self._changed: asyncio.Condition | None = None
        self._kick: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop = threading.Event()

    def _start(self) -> None:
        if self._task is not None and not self._task.done():
            return
        loop = asyncio.get_running_loop()
        self._changed = asyncio.Condition()
        self._kick = asyncio.Event()
        self._task = loop.create_task(self._watch())
        if self.log.dialect == "postgresql":
            threading.Thread(target=self._listen, args=(loop,), daemon=True).start()

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """PostgreSQL: wake the watch as soon as any log grows."""
        import psycopg

        url = self.log.engine.url.set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self._stop.is_set():
                        for _ in connection.notifies(timeout=5.0):
                            if self._kick is not None:
                                loop.call_soon_threadsafe(self._kick.set)
            except (psycopg.Error, OSError, RuntimeError):
                self._stop.wait(2.0)

    async def _watch(self) -> None:
        assert self._kick is not None
        assert self._changed is not None
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._kick.wait(), POLL)
            self._kick.clear()
            changed = []
            for tournament in list(self.positions):
                try:
                    position = await asyncio.to_thread(self.log.position, tournament)
                except Exception:  # the database is away for a moment: try again later
                    continue
                if position != self.positions[tournament]:
                    self.positions[tournament] = position
                    changed.append(tournament)
            if changed:
                async with self._changed:
                    self._changed.notify_all()
                if self.export_dir:
                    for tournament in changed:
                        await asyncio.to_thread(self.write_site, tournament)

    async def next_change(self, tournament: str, known: int, timeout: float) -> int:
        """The log position of ``tournament`` once it differs from ``known`` (or after
        ``timeout`` seconds, whatever it is then)."""
        self._start()
        assert self._changed is not None
        if tournament not in self.positions:
            self.positions[tournament] = await asyncio.to_thread(self.log.position, tournament)
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    self._changed.wait_for(lambda: self.positions[tournament] != known), timeout
                )
        return self.positions[tournament]

    def write_site(self, tournament: str, lang: str = "en") -> None:
        """The static pages of ``tournament`` into ``export_dir/tournament``, each file
        replaced whole (written aside, then renamed)."""
        pages = site_pages(self.log, tournament, lang)
        folder = Path(self.export_dir) / tournament
        folder.mkdir(parents=True, exist_ok=True)
        for name, html in pages.items():
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(html)
            os.replace(temporary, target)

    def close(self) -> None:
        self._stop.set()
        if self._task is not None:
            self._task.cancel()

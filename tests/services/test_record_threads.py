"""Entries recorded at once by the threads of one process (a web worker's, under a crowd
of table scorers): they take turns per tournament, so none makes another's append stale
and every entry is stored, once (issue 28: results refused with "the log changed while
this entry was being recorded" under the venue load)."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import pytest

from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament.events import NewEntry, Recorded
from tests.tournament.helpers import NOW, make
from tests.tournament.memlog import MemoryLog

TABLES = 8


class SlowLog(MemoryLog):
    """A log whose reads and appends take a moment, as a database's do under load."""

    def read(self, tournament: str, after: int = 0) -> list[Recorded]:
        time.sleep(0.002)
        return super().read(tournament, after)

    def append(self, tournament: str, after: int, pending: Sequence[NewEntry]) -> list[Recorded]:
        time.sleep(0.002)
        return super().append(tournament, after, pending)


def test_threads_of_one_process_take_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    log = SlowLog()
    plan = [[[4 * t + k + 1 for k in range(4)] for t in range(TABLES)]]
    make(log, players=4 * TABLES, seating=plan, sessions=1)
    monkeypatch.setattr(ts, "MAX_TRIES", 1)  # a stale append would be refused at once
    start = threading.Barrier(TABLES)
    failures: list[BaseException] = []

    def score(table: int) -> None:
        start.wait()
        try:
            tr.record_totals(
                log, "t", session=1, table=table, scores=[30, -10, -5, -15], actor="scorer", now=NOW
            )
        except BaseException as error:  # reported below
            failures.append(error)

    threads = [threading.Thread(target=score, args=(t,)) for t in range(1, TABLES + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    kinds = [r.event.KIND for r in log.read("t")]
    assert kinds.count("session-totals-recorded") == TABLES

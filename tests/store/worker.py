"""Child processes of the concurrency and crash tests (run as ``python -m tests.store.worker``).

- ``race URL TID GO TABLE HAND``: read the tournament, say ``ready``, wait for the file GO,
  then record hand HAND of table TABLE in session 1 (HAND 0: the table's session totals);
  print the outcome as JSON.
- ``write URL TID``: append events for ever, printing ``ack N`` after each append returned
  (N: the last position written).
"""

from __future__ import annotations

import json
import os
import sys
import time

from mjref.scoring import HandOutcome
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.store import SqlEventLog
from mjref.tournament.errors import ConflictError
from mjref.tournament.events import NewEntry, SessionOpened
from tests.tournament.helpers import KW


def race(url: str, tid: str, go: str, table: int, hand: int) -> None:
    log = SqlEventLog.open(url)
    ts.load(log, tid)
    print("ready", flush=True)
    while not os.path.exists(go):
        time.sleep(0.001)
    try:
        if hand == 0:
            seq = tr.record_totals(
                log, tid, session=1, table=table, scores=[10, -10, 5, -5], **KW
            ).seq
        else:
            seq = tr.record_hand(
                log, tid, session=1, table=table, hand=hand, outcome=HandOutcome.DRAW, **KW
            ).recorded.seq
        print(json.dumps({"ok": seq, "pid": os.getpid()}), flush=True)
    except ConflictError as exc:
        print(json.dumps({"conflict": exc.winner, "key": exc.message.key}), flush=True)
    log.close()


def write(url: str, tid: str) -> None:
    log = SqlEventLog.open(url)
    position = log.position(tid)
    size = 1
    while True:
        batch = [NewEntry(SessionOpened(1), "writer", "2026-06-01T09:00:00") for _ in range(size)]
        position = log.append(tid, position, batch)[-1].seq
        print(f"ack {position}", flush=True)
        size = size % 5 + 1


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "race":
        race(args[0], args[1], args[2], int(args[3]), int(args[4]))
    else:
        write(args[0], args[1])

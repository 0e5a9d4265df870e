"""Two processes record the same entry at once: one is recorded, the other gets a
conflict naming it; entries for different places are all recorded. A writer killed with
SIGKILL leaves a database that opens and holds every event it acknowledged. On SQLite and
PostgreSQL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from mjref.services import tournament as ts
from mjref.store import SqlEventLog
from tests.tournament.helpers import make

ROOT = Path(__file__).resolve().parents[2]
SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]]]


def _spawn(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.store.worker", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _race(
    database: str, tid: str, tmp_path: Path, entries: list[tuple[int, int]]
) -> list[dict[str, object]]:
    go = tmp_path / f"go-{tid}"
    workers = [_spawn("race", database, tid, str(go), str(t), str(h)) for t, h in entries]
    for worker in workers:
        assert worker.stdout is not None
        assert worker.stdout.readline().strip() == "ready", (
            worker.stderr.read() if worker.stderr else ""
        )
    go.touch()
    results = []
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


@pytest.mark.parametrize("hand", [3, 0], ids=["same-hand", "same-session-result"])
def test_two_processes_one_entry(database: str, tid: str, tmp_path: Path, hand: int) -> None:
    log = SqlEventLog.open(database)
    make(log, tid, seating=SEATING)
    results = _race(database, tid, tmp_path, [(1, hand), (1, hand)])
    won = [r for r in results if "ok" in r]
    lost = [r for r in results if "conflict" in r]
    assert len(won) == 1, results
    assert len(lost) == 1, results
    assert lost[0]["conflict"] == won[0]["ok"]
    ts.forget(log, tid)
    t = ts.load(log, tid)
    if hand:
        assert len(t.hands(1, 1)) == 1
    else:
        assert t.table_mode((1, 1)) == ("totals", won[0]["ok"])
    log.close()


def test_entries_for_different_places_are_all_recorded(
    database: str, tid: str, tmp_path: Path
) -> None:
    log = SqlEventLog.open(database)
    make(log, tid, seating=SEATING)
    results = _race(database, tid, tmp_path, [(1, 1), (1, 2), (2, 1), (2, 2)])
    assert all("ok" in r for r in results), results
    ts.forget(log, tid)
    t = ts.load(log, tid)
    assert (len(t.hands(1, 1)), len(t.hands(1, 2))) == (2, 2)
    log.close()


@pytest.mark.parametrize("kill_after", [3, 40])
def test_a_writer_killed_mid_write_loses_nothing_acknowledged(
    database: str, tid: str, kill_after: int
) -> None:
    log = SqlEventLog.open(database)
    make(log, tid)
    writer = _spawn("write", database, tid)
    assert writer.stdout is not None
    acked = 0
    for _ in range(kill_after):
        line = writer.stdout.readline()
        assert line.startswith("ack "), writer.stderr.read() if writer.stderr else line
        acked = int(line.split()[1])
    os.kill(writer.pid, signal.SIGKILL)  # the writer is already in its next append
    writer.wait(timeout=60)
    for line in writer.stdout.read().splitlines():  # acknowledged before the kill landed
        acked = max(acked, int(line.split()[1]))
    writer.stdout.close()
    if writer.stderr is not None:
        writer.stderr.close()
    log.close()
    reopened = SqlEventLog.open(database)
    events = reopened.read(tid)
    assert [r.seq for r in events] == list(range(1, len(events) + 1))
    assert len(events) >= acked
    if reopened.dialect == "sqlite":
        with reopened.engine.connect() as connection:
            assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
    reopened.close()

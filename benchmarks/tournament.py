"""Tournament benchmark: appends per second, rebuilding the state from the log, standings.

Builds, on SQLite and on PostgreSQL:

- an MCR event of 256 players and 10 sessions entered hand by hand (64 tables x 16 hands
  x 10 sessions = 10,240 hand events) with 320 rulings (ladder fouls and lateness);
- a riichi event (RCR 2016) of 256 players and 10 sessions (640 table results) with 160
  rulings.

and prints for each: events appended per second through the services (each entry checked
and committed on its own), the time to rebuild the state from the whole log (reading
and decoding the events, and folding them), and the time to get the standings after the
last event - median of 20: after appending one more event (the usual case: one table is
scored again), and from a freshly folded state (every table scored).

Targets (issue 11): rebuild under 1 s, standings under 50 ms, at least 500 appends a
second on SQLite; issue 28: the standings after one more event (kept from the last
state: only the touched table's players computed again) under 2 ms, printed beside the
same standings with every player's lines computed again. Run
``python benchmarks/tournament.py`` (``--no-postgres`` to skip the server, ``--postgres
URL`` for another maintenance database, ``--cpu`` to time the rebuild and the standings
in the process's CPU time when other work shares the machine). Not a test: it prints
figures.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from mjref.players import PlayerId
from mjref.scoring import HandOutcome
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.store import SqlEventLog
from mjref.tournament.roster import PlayerDetails
from mjref.tournament.standings import standings, standings_from_scratch
from mjref.tournament.state import Tournament

PLAYERS = 256
SESSIONS = 10
HANDS = 16
NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
KW = {"actor": "bench", "now": NOW}
SERVER = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
AFTER_ONE_TARGET_MS = 2.0
"""Issue 28: the standings after one more event, from the last state."""
CLOCK: Callable[[], float] = time.perf_counter
"""What the rebuild and standings times are measured with (``--cpu``: the process's CPU
time, for a machine shared with other work; the appends are always wall time)."""


def plan() -> list[list[list[PlayerId]]]:
    """A simple seating: session s seats player i at table (i + s * (i // 64)) ..."""
    sessions = []
    for s in range(SESSIONS):
        tables: list[list[PlayerId]] = [[] for _ in range(PLAYERS // 4)]
        for i in range(PLAYERS):
            group, slot = divmod(i, 64)
            tables[(slot + s * (group + 1) * 7) % 64].append(PlayerId(i + 1))
        sessions.append(tables)
    return sessions


def setup(log: SqlEventLog, tid: str, ruleset: str) -> None:
    ts.create_tournament(log, tid, name="Benchmark", ruleset=ruleset, sessions=SESSIONS, **KW)
    for n in range(1, PLAYERS + 1):
        details = PlayerDetails(f"First{n}", f"Last{n}", "NL", f"{n:08d}", "")
        ts.add_player(log, tid, details, check_in=True, **KW)
    ts.publish_plan(log, tid, plan(), **KW)


def fill_mcr(log: SqlEventLog, tid: str) -> int:
    count = 0
    seating = plan()
    for s in range(1, SESSIONS + 1):
        for t, table in enumerate(seating[s - 1], start=1):
            for h in range(1, HANDS + 1):
                winner = table[h % 4]
                if h % 5 == 0:
                    tr.record_hand(
                        log, tid, session=s, table=t, hand=h, outcome=HandOutcome.DRAW, **KW
                    )
                elif h % 3 == 0:
                    tr.record_hand(
                        log,
                        tid,
                        session=s,
                        table=t,
                        hand=h,
                        outcome=HandOutcome.SELF_DRAWN,
                        winner=winner,
                        points=8 + h,
                        **KW,
                    )
                else:
                    tr.record_hand(
                        log,
                        tid,
                        session=s,
                        table=t,
                        hand=h,
                        outcome=HandOutcome.DISCARD,
                        winner=winner,
                        discarder=table[(h + 1) % 4],
                        points=8 + h,
                        **KW,
                    )
                count += 1
            if t % 2 == 0:
                tr.record_ruling(
                    log,
                    tid,
                    player=table[0],
                    session=s,
                    incident="false-set",
                    facts={"discarded": False},
                    **KW,
                )
                count += 1
            if t % 8 == 1:
                tr.record_lateness(log, tid, player=table[1], session=s, minutes=3, **KW)
                count += 1
    return count


def fill_riichi(log: SqlEventLog, tid: str) -> int:
    count = 0
    seating = plan()
    for s in range(1, SESSIONS + 1):
        for t, table in enumerate(seating[s - 1], start=1):
            scores = [42000 + t * 100, 31000, 27000 - t * 100, 20000]
            tr.record_riichi_result(log, tid, session=s, table=t, scores=scores, **KW)
            count += 1
            if t % 4 == 0:
                tr.record_lateness(log, tid, player=table[2], session=s, minutes=2, **KW)
                count += 1
    return count


def median_ms(run: Callable[[], object], times: int = 20) -> float:
    found = []
    for _ in range(times):
        start = CLOCK()
        run()
        found.append(CLOCK() - start)
    return statistics.median(found) * 1000


def measure(
    log: SqlEventLog, label: str, ruleset: str, fill: Callable[[SqlEventLog, str], int]
) -> None:
    tid = f"bench-{uuid.uuid4().hex[:8]}"
    setup(log, tid, ruleset)
    start = time.perf_counter()
    count = fill(log, tid)
    elapsed = time.perf_counter() - start
    total = log.position(tid)

    def rebuild() -> Tournament:
        fresh = Tournament(tid)
        fresh.extend(log.read(tid))
        return fresh

    records = log.read(tid)

    def fold_only() -> Tournament:
        fresh = Tournament(tid)
        fresh.extend(records)
        return fresh

    rebuild_ms = median_ms(rebuild, 5)
    fold_ms = median_ms(fold_only, 5)
    cold_state = fold_only()

    def cold() -> object:
        state = fold_only()
        start = CLOCK()
        standings(state)
        cold.elapsed.append(CLOCK() - start)  # type: ignore[attr-defined]
        return state

    cold.elapsed = []  # type: ignore[attr-defined]
    for _ in range(20):
        cold()
    cold_ms = statistics.median(cold.elapsed) * 1000  # type: ignore[attr-defined]
    standings(cold_state)
    seating = plan()
    warm: list[float] = []
    reading: list[float] = []
    full: list[float] = []
    for i in range(20):
        table = seating[SESSIONS - 1][i]
        tr.record_ruling(
            log,
            tid,
            player=table[3],
            session=SESSIONS,
            incident="false-set",
            facts={"discarded": False},
            **KW,
        )
        start = CLOCK()
        state = ts.load(log, tid)
        folded = CLOCK()
        standings(state)
        warm.append(CLOCK() - folded)
        reading.append(folded - start)
        start = CLOCK()
        standings_from_scratch(state)
        full.append(CLOCK() - start)
    print(
        f"{label:<28} {total:>6} events  appends {count / elapsed:7.0f}/s  "
        f"rebuild {rebuild_ms:7.1f} ms (fold alone {fold_ms:6.1f} ms)  "
        f"standings after one event {statistics.median(warm) * 1000:5.2f} ms "
        f"(target {AFTER_ONE_TARGET_MS:g}; reading and folding it "
        f"{statistics.median(reading) * 1000:4.1f} ms), every line again "
        f"{statistics.median(full) * 1000:5.1f} ms, "
        f"cold {cold_ms:5.1f} ms"
    )


def postgres(server: str) -> tuple[str, Callable[[], None]] | None:
    name = f"mjref_bench_{uuid.uuid4().hex[:8]}"
    try:
        admin = create_engine(server, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        print(f"PostgreSQL skipped: {type(exc).__name__}: {str(exc).splitlines()[0]}")
        return None

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

    return make_url(server).set(database=name).render_as_string(hide_password=False), drop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", default=SERVER, help="maintenance database URL")
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time the rebuild and the standings in CPU time (a machine under other load)",
    )
    args = parser.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    with tempfile.TemporaryDirectory() as tmp:
        databases: list[tuple[str, str, Callable[[], None] | None]] = [
            ("SQLite", f"sqlite:///{Path(tmp) / 'bench.db'}", None)
        ]
        if not args.no_postgres:
            found = postgres(args.postgres)
            if found is not None:
                databases.append(("PostgreSQL", found[0], found[1]))
        for engine, url, drop in databases:
            log = SqlEventLog.open(url)
            measure(log, f"{engine} MCR hand by hand", "mers-2010", fill_mcr)
            measure(log, f"{engine} riichi (RCR 2016)", "rcr-2016", fill_riichi)
            log.close()
            if drop is not None:
                drop()


if __name__ == "__main__":
    main()

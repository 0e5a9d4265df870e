"""Venue load benchmark: one server carries a whole venue (issue 13).

Starts ``mjref serve`` on a local port over a 256-player MCR event (64 tables, seating
published, session 1 on the clock) and runs, for a fixed time:

- 64 table scorers, one per table, each opening its table's link, entering the table's
  session totals as one player and confirming them as another (two form posts with the
  CSRF token, as a phone sends them), at a random moment in the first half of the run;
- N viewers (default 500), each polling the standings, the seating and the clock (the
  venue screen's JSON) in turn every few seconds (default 5, with jitter), as phones do.

The client is light (``light_http.py``: raw asyncio streams): each viewer keeps a
connection of its own, as each phone does, and asks again for a page it has with its
``ETag`` (a 304 when nothing changed), as a browser does.

It prints p50/p95/p99 latency per kind of request, the error count, the ratio of viewers
served (at least one answer) to those asked, and checks in the log that every table's
result was proposed once and confirmed once - none lost, none twice. The load generator
runs on the same machine as the server, so its CPU counts against the server's.

    python benchmarks/venue_load.py                              # SQLite, 1 worker
    python benchmarks/venue_load.py --db postgresql+psycopg://postgres@127.0.0.1/postgres \\
        --workers 2                                              # a fresh PostgreSQL database

Targets (issue 13): p99 under 200 ms for viewers and 500 ms for submissions, zero errors,
zero lost or duplicated results; issue 28: 2,000 viewers every 2 s on PostgreSQL with 2
workers, p99 under 300 ms, zero errors, every result stored exactly once. Not a test: it
prints figures (docs/web.md and docs/speed.md record them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Awaitable
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from light_http import Answer, Connection, HttpError
from mjref.players import PlayerId
from mjref.services import accounts, player_codes
from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.store.secret import installation_secret

TID = "load"
PLAYERS = 256


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def prepare(db: str) -> None:
    log = SqlEventLog.open(db)
    kw = {"actor": "organiser", "now": datetime.now(UTC)}
    ts.create_tournament(log, TID, name="Load Open", ruleset="mers-2010", sessions=2, **kw)
    countries = ("HU", "IT", "FR", "NL", "DE", "AT", "BE", "CH")
    text_rows = ["first_name,last_name,country"] + [
        f"Player{n},Family{n},{countries[n % 8]}" for n in range(1, PLAYERS + 1)
    ]
    ts.import_players(log, TID, "\n".join(text_rows), check_in=True, **kw)
    # A simple plan, published as is: the seat-plan generator is measured elsewhere
    # (benchmarks/seating.py) and would only delay the start here.
    tables = PLAYERS // 4
    plan = [
        [
            [PlayerId(1 + (t + s * k * (1 + k)) % tables + k * tables) for k in range(4)]
            for t in range(tables)
        ]
        for s in range(2)
    ]
    ts.publish_plan(log, TID, plan, **kw)
    clock.start_session(log, TID, 1, actor="organiser", now=datetime.now(UTC))
    accounts.add_user(
        SqlAccounts(log.engine),
        "org",
        "load-test-pw",
        accounts.Role.ORGANISER,
        tournaments=(TID,),
        now=datetime.now(UTC),
    )
    log.close()


class Record:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.served: set[int] = set()
        self.problems: dict[str, int] = defaultdict(int)
        self.connections: list[int] = []
        """Sockets each worker holds halfway through the run."""
        self.refused: list[tuple[str, int, str]] = []
        """Each refused answer's page, written to a folder at the end to read its cause."""

    def ok(self, kind: str, seconds: float) -> None:
        self.times[kind].append(seconds)


async def timed(record: Record, kind: str, call: Awaitable[Answer]) -> Answer | None:
    started = time.perf_counter()
    try:
        response = await call
    except HttpError as error:
        record.errors[kind] += 1
        record.problems[f"{kind}: {str(error).split(':')[0]}"] += 1
        return None
    elapsed = time.perf_counter() - started
    if response.status >= 400:
        record.errors[kind] += 1
        record.problems[f"{kind}: HTTP {response.status}"] += 1
        record.refused.append((kind, response.status, response.text))
        return response
    record.ok(kind, elapsed)
    return response


async def viewer(port: int, number: int, until: float, every: float, record: Record) -> None:
    """A phone: its own kept-alive connection, a page every ``every`` seconds (with
    jitter), in turn the standings, the seating and the clock; a page it has already
    is asked for with its ETag, as a browser does (304 when nothing changed)."""
    pages = (
        ("standings", f"/t/{TID}"),
        ("seating", f"/t/{TID}/seating?session=1"),
        ("clock", f"/t/{TID}/clock.json"),
    )
    rng = random.Random(number)
    tags: dict[str, str] = {}
    connection = Connection("127.0.0.1", port)
    await asyncio.sleep(rng.uniform(0, every))
    turn = number
    try:
        while time.monotonic() < until:
            kind, url = pages[turn % 3]
            turn += 1
            headers = {"if-none-match": tags[url]} if url in tags else None
            response = await timed(record, f"viewer {kind}", connection.get(url, headers))
            if response is not None and response.status < 400:
                record.served.add(number)
                if "etag" in response.headers:
                    tags[url] = response.headers["etag"]
            await asyncio.sleep(every * rng.uniform(0.8, 1.2))
    finally:
        await connection.close()


async def scorer(
    port: int,
    link: str,
    table: tuple[int, ...],
    codes: dict[int, str],
    until: float,
    record: Record,
    rng: random.Random,
) -> None:
    await asyncio.sleep(rng.uniform(0, (until - time.monotonic()) / 2))
    client = Connection("127.0.0.1", port)
    try:
        page = await timed(record, "scorer page", client.get(link))
        if page is None or page.status >= 400:
            return
        scores = {"east": "30", "south": "-10", "west": "-5", "north": "-15"}
        token = client.cookies.get("csrftoken", "")
        form = {"csrftoken": token, "player": str(table[0]), "code": codes[table[0]], **scores}
        form["request_key"] = _form_key(page.text)
        sent = await sent_again(record, "scorer submit", client, link, form)
        if sent is None:
            return
        refreshed = await client.get(link)
        found = re.search(r'action="(/s/[^"]+/confirm/\d+)"', refreshed.text)
        if not found:
            record.errors["scorer confirm"] += 1
            record.problems["scorer confirm: no confirm form"] += 1
            return
        confirm = {
            "csrftoken": client.cookies.get("csrftoken", ""),
            "player": str(table[2]),
            "code": codes[table[2]],
            "request_key": _form_key(refreshed.text, found.group(1)),
        }
        await sent_again(record, "scorer confirm", client, found.group(1), confirm)
    finally:
        await client.close()


async def sent_again(
    record: Record, kind: str, client: Connection, path: str, form: dict[str, str]
) -> Answer | None:
    """A form sent as a person sends it: pressed again (the same form, so the same
    request key) when no answer came or the answer was an error, up to twice. mjref
    must store it once whatever happens; ``check_log`` counts."""
    for attempt in range(3):
        answer = await timed(record, kind, client.post_form(path, form))
        if answer is not None and answer.status < 400:
            return answer
        if attempt < 2:
            record.problems[f"{kind}: sent again"] += 1
    return None


def _form_key(page: str, action: str | None = None) -> str:
    """The request key of the page's form (of the form sent to ``action``, if given)."""
    start = page.find(f'action="{action}"') if action else 0
    found = re.search(r'name="request_key" value="([0-9a-f]+)"', page[max(start, 0) :])
    return found.group(1) if found else uuid.uuid4().hex


async def run_load(port: int, viewers: int, every: float, seconds: float) -> Record:
    record = Record()
    organiser = Connection("127.0.0.1", port)
    await organiser.get("/login")
    await organiser.post_form(
        "/login",
        {
            "csrftoken": organiser.cookies.get("csrftoken", ""),
            "name": "org",
            "password": "load-test-pw",
        },
    )
    cards = await organiser.get(f"/t/{TID}/admin/cards?session=1")
    await organiser.close()
    links = re.findall(r'href="https?://[^/"]+(/s/[^"]+)"', cards.text)
    log = SqlEventLog.open(DB)
    tables = ts.seating(log, TID, 1)
    # Each player's confirmation code, as their slip gives it to them.
    secret = installation_secret(log.engine)
    codes = {c.player.player: c.code for c in player_codes.player_codes(log, TID, secret)}
    log.close()
    until = time.monotonic() + seconds
    rng = random.Random(0)
    # Each viewer has a kept-alive connection of its own, as each phone has; the light
    # client (raw asyncio streams) leaves the CPU to the server.
    tasks = [viewer(port, n, until, every, record) for n in range(viewers)]
    tasks += [
        scorer(port, link, tuple(table), codes, until, record, rng)
        for link, table in zip(links, tables, strict=True)
    ]
    tasks.append(count_connections(record, seconds / 2))
    await asyncio.gather(*tasks)
    return record


SERVER = 0
"""The server's process id (its workers are the processes under it)."""


async def count_connections(record: Record, after: float) -> None:
    """How many connections each worker holds halfway through the run (the phones keep
    theirs: a worker that accepted more carries more of the load)."""
    await asyncio.sleep(after)
    for worker in sorted(under(SERVER)):
        sockets = 0
        try:
            descriptors = list(Path(f"/proc/{worker}/fd").iterdir())
        except OSError:
            continue
        for descriptor in descriptors:
            with contextlib.suppress(OSError):  # closed meanwhile
                sockets += os.readlink(descriptor).startswith("socket:")
        if sockets:
            record.connections.append(sockets)


def under(pid: int) -> set[int]:
    """The processes started by ``pid`` (from ``/proc``)."""
    found = set()
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(entry.name))
    return found


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) used so far by process ``pid`` and every process
    under it (Uvicorn's workers), from ``/proc``; 0 where there is no ``/proc``."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += used.get(current, 0.0)
        todo += [child for child, parent in parents.items() if parent == current]
    return total


def cpu_waits(pid: int) -> tuple[float, float]:
    """(seconds running, seconds runnable but waiting for a CPU) of process ``pid``, the
    processes under it and all their threads so far, from ``/proc/.../schedstat``: the
    second is what other work on the machine takes from it."""
    running = waiting = 0.0
    for process in (pid, *under(pid)):
        try:
            tasks = list(Path(f"/proc/{process}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = (task / "schedstat").read_text().split()
                running += int(fields[0]) / 1e9
                waiting += int(fields[1]) / 1e9
    return running, waiting


def since(before: tuple[float, float], after: tuple[float, float]) -> tuple[float, float]:
    return after[0] - before[0], after[1] - before[1]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def check_log(db: str, tables: int) -> tuple[int, int, int]:
    """(tables with exactly one confirmed result, tables with none, tables with more)."""
    log = SqlEventLog.open(db)
    confirmed: dict[int, int] = defaultdict(int)
    for entry in ts.read_log(log, TID, kinds=("result-confirmed",)):
        confirmed[entry.event.table] += 1  # type: ignore[attr-defined]
    log.close()
    once = sum(1 for t in range(1, tables + 1) if confirmed[t] == 1)
    missing = sum(1 for t in range(1, tables + 1) if confirmed[t] == 0)
    more = sum(1 for t in range(1, tables + 1) if confirmed[t] > 1)
    return once, missing, more


DB = ""


def main() -> None:
    global DB, SERVER
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="", help="PostgreSQL maintenance URL (default: SQLite)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--viewers", type=int, default=500)
    parser.add_argument("--every", type=float, default=5.0, help="seconds between a viewer's polls")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument(
        "--profile",
        default="",
        help="folder: run each worker's event loop under cProfile (profiled_app.py) and "
        "write worker-PID.prof there",
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="mjref-load-"))
    drop = None
    if args.db:
        name = f"mjref_load_{uuid.uuid4().hex[:8]}"
        admin = create_engine(args.db, isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        DB = make_url(args.db).set(database=name).render_as_string(hide_password=False)
        drop = (admin, name)
        engine = "PostgreSQL"
    else:
        DB = f"sqlite:///{folder}/load.db"
        engine = "SQLite"
    # The installation's secret for the server and for reading the players' codes here
    # (PostgreSQL has no file beside the database to keep it in).
    os.environ.setdefault("MJREF_SECRET", uuid.uuid4().hex + uuid.uuid4().hex)
    prepare(DB)
    port = _free_port()
    mjref = str(Path(sys.executable).parent / "mjref")
    command = [mjref, "serve", "--db", DB, "--port", str(port), "--workers", str(args.workers)]
    environment = dict(os.environ)
    if args.profile:
        Path(args.profile).mkdir(parents=True, exist_ok=True)
        environment["MJREF_PROFILE_DIR"] = str(Path(args.profile).resolve())
        here = Path(__file__).parent / "profiled_app.py"
        command = [sys.executable, str(here), DB, str(port), str(args.workers)]
    server_log = (folder / "server.log").open("wb")
    server = subprocess.Popen(command, stdout=server_log, stderr=server_log, env=environment)
    SERVER = server.pid
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        time.sleep(1.0)  # every worker up
        load_before = os.getloadavg()[0]
        server_cpu = cpu_seconds(server.pid)
        server_waits = cpu_waits(server.pid)
        client_waits = cpu_waits(os.getpid())
        client_cpu = time.process_time()
        started = time.monotonic()
        record = asyncio.run(run_load(port, args.viewers, args.every, args.seconds))
        wall = time.monotonic() - started
        server_cpu = cpu_seconds(server.pid) - server_cpu
        server_waits = since(server_waits, cpu_waits(server.pid))
        client_waits = since(client_waits, cpu_waits(os.getpid()))
        client_cpu = time.process_time() - client_cpu
    finally:
        server.terminate()
        server.wait(timeout=30)
        server_log.close()
    once, missing, more = check_log(DB, PLAYERS // 4)
    if drop is not None:
        admin, name = drop
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
    print(
        f"venue load: {engine}, {args.workers} worker(s), {PLAYERS} players, 64 scorers, "
        f"{args.viewers} viewers polling every {args.every:g} s, {wall:.0f} s; load "
        f"average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    print(f"{'request':<18}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
    kinds = sorted(set(record.times) | set(record.errors))
    for kind in kinds:
        values = record.times.get(kind, [])
        if values:
            p50, p95, p99 = (1000 * percentile(values, p) for p in (50, 95, 99))
            print(
                f"{kind:<18}{len(values):>7}{p50:>9.0f}{p95:>9.0f}{p99:>9.0f}"
                f"{record.errors.get(kind, 0):>8}"
            )
        else:
            print(f"{kind:<18}{0:>7}{'-':>9}{'-':>9}{'-':>9}{record.errors.get(kind, 0):>8}")
    viewer_times = [v for k, vs in record.times.items() if k.startswith("viewer") for v in vs]
    submit_times = [
        v
        for k, vs in record.times.items()
        if k.startswith("scorer s") or k.startswith("scorer c")
        for v in vs
    ]
    total = sum(len(v) for v in record.times.values())
    print(
        f"requests answered: {total} ({total / args.seconds:.0f}/s over the {args.seconds:g} s "
        f"of load, {total / wall:.0f}/s with the logins before it); "
        f"errors: {sum(record.errors.values())}"
    )
    print(
        f"CPU: server {server_cpu:.1f} s ({1000 * server_cpu / max(total, 1):.2f} ms an "
        f"answer), this client {client_cpu:.1f} s ({1000 * client_cpu / max(total, 1):.2f} ms"
        f" an answer), of {(os.cpu_count() or 1) * wall:.0f} s of CPU time on "
        f"{os.cpu_count()} cores in the run"
    )
    print(
        f"waiting for a CPU while runnable: server {server_waits[1]:.1f} s (against "
        f"{server_waits[0]:.1f} s running), this client {client_waits[1]:.1f} s (against "
        f"{client_waits[0]:.1f} s)"
    )
    print(f"sockets held by each worker halfway: {', '.join(map(str, record.connections))}")
    print(
        f"viewers served / asked: {len(record.served)}/{args.viewers} = "
        f"{len(record.served) / max(args.viewers, 1):.2f}"
    )
    if viewer_times:
        print(
            f"viewer p99: {1000 * percentile(viewer_times, 99):.0f} ms (target 200 for 500 "
            f"phones every 5 s, 300 for 2,000 every 2 s); "
            f"submission p99: {1000 * percentile(submit_times or [0], 99):.0f} ms (target 500)"
        )
    print(
        f"results in the log: {once} tables confirmed exactly once, {missing} missing, "
        f"{more} more than once (of 64)"
    )
    for problem, count in sorted(record.problems.items()):
        print(f"  error {problem}: {count}")
    if record.refused:
        pages = folder / "refused"
        pages.mkdir()
        for n, (kind, status, page) in enumerate(record.refused[:20]):
            (pages / f"{n}-{kind.replace(' ', '-')}-{status}.html").write_text(page)
        print(f"  the refused answers' pages: {pages}")
    if (folder / "server.log").stat().st_size:
        print(f"  the server's messages: {folder / 'server.log'}")
    print(f"median of all answers: {1000 * statistics.median(viewer_times or [0]):.0f} ms")


if __name__ == "__main__":
    main()

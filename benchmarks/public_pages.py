"""Public pages against the framework: requests a second of mjref's standings, seating,
a player page and the clock's JSON, beside a bare Starlette page of the same size, in
one run (issue 28).

Both servers run side by side under the same Uvicorn (one worker each, the same
defaults), over SQLite; the client is the same light one (``light_http.py``: raw asyncio
streams, kept-alive connections) for every page, one page at a time, after a second of
warm-up, in rounds: each page measured right after the bare page, the ratio the median of
the rounds' (a shared machine's load weighs on both sides of a ratio alike). The
tournament is a riichi event (RCR 2016) of ``--players`` players and ``--sessions``
sessions with every table's result entered. The visitors are anonymous
(no cookie), as the public following a tournament is.

Prints requests a second per page, the bare page's, and the ratio (target: 0.5 or more);
then a conditional GET (``If-None-Match``: 304) of the standings. If ``nginx`` is on the
PATH the standings are measured once more through it, as ``docs/deploy.md`` configures it
(a cache in front). The client runs on the same machine: its CPU counts against both
servers alike. Not a test: it prints figures (``docs/speed.md`` records them).

    .venv/bin/python benchmarks/public_pages.py [--seconds 6] [--rounds 3] [--connections 16]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from light_http import Connection, HttpError

TID = "bench"
KW = {"actor": "bench", "now": datetime(2026, 6, 1, 9, 0, tzinfo=UTC)}
TARGET = 0.5
NGINX = """{user}
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  proxy_cache_path {folder}/cache keys_zone=mjref:10m max_size=200m inactive=10m;
  client_body_temp_path {folder}/body;
  proxy_temp_path {folder}/proxy;
  fastcgi_temp_path {folder}/fastcgi;
  uwsgi_temp_path {folder}/uwsgi;
  scgi_temp_path {folder}/scgi;
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://127.0.0.1:{upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_cache mjref;
      proxy_cache_key "$scheme$host$request_uri|$cookie_mjref_lang|$http_accept_language";
      proxy_cache_bypass $cookie_mjref_session;
      proxy_no_cache $cookie_mjref_session;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale updating;
      add_header X-Cache-Status $upstream_cache_status;
    }}
  }}
}}
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def prepare(db: str, players: int, sessions: int) -> None:
    from mjref.players import PlayerId
    from mjref.services import tournament as ts
    from mjref.services import tournament_results as tr
    from mjref.store import SqlEventLog
    from mjref.tournament.roster import PlayerDetails

    log = SqlEventLog.open(db)
    ts.create_tournament(log, TID, name="Speed Open", ruleset="rcr-2016", sessions=sessions, **KW)
    for n in range(1, players + 1):
        details = PlayerDetails(f"First{n}", f"Last{n}", "NL", f"{n:08d}", "")
        ts.add_player(log, TID, details, check_in=True, **KW)
    tables = players // 4
    plan = []
    for s in range(sessions):
        seated: list[list[PlayerId]] = [[] for _ in range(tables)]
        for i in range(players):
            group, slot = divmod(i, tables)
            seated[(slot + s * (group + 1) * 3) % tables].append(PlayerId(i + 1))
        plan.append(seated)
    ts.publish_plan(log, TID, plan, **KW)
    for s in range(1, sessions + 1):
        for t in range(1, tables + 1):
            scores = [42000 + t * 100, 31000, 27000 - t * 100, 20000]
            tr.record_riichi_result(log, TID, session=s, table=t, scores=scores, **KW)
    log.close()


def bare_server(port: int, size: int) -> None:
    """A Starlette app with one page of ``size`` bytes, served as mjref is served."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse
    from starlette.routing import Route

    body = ("<!doctype html><p>" + "x" * size)[:size]

    async def page(request: object) -> HTMLResponse:
        return HTMLResponse(body)

    app = Starlette(routes=[Route("/", page)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


async def rate(
    port: int, path: str, seconds: float, connections: int, headers: dict[str, str] | None = None
) -> tuple[float, int, int]:
    """(requests a second, answers, errors) of ``connections`` clients asking ``path``
    over and over for ``seconds`` (after a second of warm-up)."""
    counts = [0, 0]

    async def client(until: float, counting: bool) -> None:
        connection = Connection("127.0.0.1", port)
        try:
            while time.monotonic() < until:
                try:
                    answer = await connection.get(path, headers)
                except HttpError:
                    counts[1] += counting
                    continue
                ok = answer.status in (200, 304)
                if counting:
                    counts[0 if ok else 1] += 1
        finally:
            await connection.close()

    await asyncio.gather(*(client(time.monotonic() + 1.0, False) for _ in range(connections)))
    started = time.monotonic()
    await asyncio.gather(*(client(started + seconds, True) for _ in range(connections)))
    elapsed = time.monotonic() - started
    return counts[0] / elapsed, counts[0], counts[1]


async def size_of(port: int, path: str) -> tuple[int, dict[str, str]]:
    connection = Connection("127.0.0.1", port)
    answer = await connection.get(path)
    await connection.close()
    if answer.status != 200:
        raise SystemExit(f"{path}: HTTP {answer.status}")
    return len(answer.body), answer.headers


def wait_for(port: int, process: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if process.poll() is not None:
            raise SystemExit(f"the server on port {port} stopped ({process.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"no server on port {port}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="per page, all rounds")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds of every page and the bare one"
    )
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--sessions", type=int, default=7)
    parser.add_argument(
        "--bare", nargs=2, type=int, metavar=("PORT", "SIZE"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.bare:
        bare_server(*args.bare)
        return
    folder = Path(tempfile.mkdtemp(prefix="mjref-pages-"))
    db = f"sqlite:///{folder}/pages.db"
    prepare(db, args.players, args.sessions)
    port = _free_port()
    mjref = str(Path(sys.executable).parent / "mjref")
    servers = [
        subprocess.Popen(
            [mjref, "serve", "--db", db, "--port", str(port), "--workers", "1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=dict(os.environ),
        )
    ]
    try:
        wait_for(port, servers[0])
        pages = {
            "standings": f"/t/{TID}",
            "seating": f"/t/{TID}/seating?session=2",
            "player page": f"/t/{TID}/players/7",
            "clock JSON": f"/t/{TID}/clock.json",
        }
        size, headers = asyncio.run(size_of(port, pages["standings"]))
        bare_port = _free_port()
        servers.append(
            subprocess.Popen([sys.executable, __file__, "--bare", str(bare_port), str(size)])
        )
        wait_for(bare_port, servers[1])
        print(
            f"{args.players} players x {args.sessions} sessions (riichi), SQLite, one Uvicorn "
            f"worker each; {args.connections} kept-alive connections, {args.seconds:g} s a "
            f"page; load average before: {os.getloadavg()[0]:.2f}"
        )
        # In rounds, the bare page measured beside each page in turn: a machine whose other
        # load changes weighs on both sides of each ratio alike.
        slot = args.seconds / args.rounds
        found: dict[str, list[float]] = {name: [] for name in pages}
        ratios: dict[str, list[float]] = {name: [] for name in pages}
        bares: list[float] = []
        errors: dict[str, int] = dict.fromkeys([*pages, "bare"], 0)
        for _ in range(args.rounds):
            for name, path in pages.items():
                bare, _, failed = asyncio.run(rate(bare_port, "/", slot, args.connections))
                bares.append(bare)
                errors["bare"] += failed
                measured, _, failed = asyncio.run(rate(port, path, slot, args.connections))
                found[name].append(measured)
                ratios[name].append(measured / bare)
                errors[name] += failed
        bare = statistics.median(bares)
        print(f"{'page':<22}{'bytes':>8}{'req/s':>9}{'x bare':>8}{'errors':>8}")
        print(f"{'bare Starlette page':<22}{size:>8}{bare:>9.0f}{1:>8.2f}{errors['bare']:>8}")
        for name, path in pages.items():
            length, _ = asyncio.run(size_of(port, path))
            ratio = statistics.median(ratios[name])
            mark = "  ok" if ratio >= TARGET else "  under"
            print(
                f"{name:<22}{length:>8}{statistics.median(found[name]):>9.0f}{ratio:>8.2f}"
                f"{errors[name]:>8}{mark}"
            )
        tag = {"if-none-match": headers.get("etag", "")}
        speed, _, failed = asyncio.run(
            rate(port, pages["standings"], args.seconds, args.connections, tag)
        )
        print(f"{'standings, 304':<22}{0:>8}{speed:>9.0f}{speed / bare:>8.2f}{failed:>8}")
        if shutil.which("nginx"):
            proxy = _free_port()
            (folder / "nginx.conf").write_text(
                NGINX.format(
                    # As root, nginx's workers would run as nobody, who cannot write here.
                    user="user root;" if os.geteuid() == 0 else "",
                    folder=folder,
                    port=proxy,
                    upstream=port,
                )
            )
            servers.append(
                subprocess.Popen(
                    ["nginx", "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
                    stderr=subprocess.DEVNULL,
                )
            )
            wait_for(proxy, servers[-1])
            speed, _, failed = asyncio.run(
                rate(proxy, pages["standings"], args.seconds, args.connections)
            )
            print(
                f"{'standings via nginx':<22}{size:>8}{speed:>9.0f}{speed / bare:>8.2f}"
                f"{failed:>8}  (nginx proxy_cache, one worker)"
            )
        else:
            print("nginx is not installed here: the page through a caching proxy not measured")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        for server in reversed(servers):
            server.terminate()
            server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

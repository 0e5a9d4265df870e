"""The venue's log pushed to a hosted mirror and pulled by a standby over real HTTP: a
venue on SQLite, the hosted server on PostgreSQL (Uvicorn on 127.0.0.1), a proxy between
them that cuts the link at seeded random points, and ``kill -9`` of the pushing process
in the middle of a push. After each run both logs are identical event for event
(positions, JSON, who, when, hashes) and the standings agree; a gap and a different
history are refused; the mirror refuses entries."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
import pytest
from typer.testing import CliRunner

from mjref.cli.main import app
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services.tournament_demo import DEMO_ID, build_demo
from mjref.store import SqlEventLog, remote
from mjref.store.accounts import SqlAccounts
from mjref.store.copies import StoredRow, rows_after
from tests.databases import UNREACHABLE, create_database, drop_database
from tests.mirror.proxy import proxy
from tests.web.servers import thread_server

pytestmark = pytest.mark.slow

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
MJREF = str(Path(sys.executable).parent / "mjref")


@pytest.fixture(scope="module")
def built_venue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo tournament played at the venue (SQLite), built once and copied per test."""
    path = tmp_path_factory.mktemp("built") / "venue.db"
    log = SqlEventLog.open(str(path))
    build_demo(log, now=NOW)
    log.close()
    return path


@pytest.fixture
def venue(built_venue: Path, tmp_path: Path) -> str:
    path = tmp_path / "venue.db"
    shutil.copy(built_venue, path)
    return str(path)


class Hosted:
    def __init__(self, url: str, db: str, token: str, referee_token: str) -> None:
        self.url = url
        self.db = db
        self.token = token
        self.referee_token = referee_token

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def head(self) -> int:
        answer = httpx.get(
            f"{self.url}/api/tournaments/{DEMO_ID}/mirror",
            headers={"Authorization": f"Bearer {self.token}"},
            timeout=10,
        )
        return int(answer.json()["position"])


@pytest.fixture
def hosted() -> Iterator[Hosted]:
    """The hosted mjref on PostgreSQL with an organiser's and a referee's API token."""
    if UNREACHABLE is not None:
        pytest.skip(f"PostgreSQL unreachable: {UNREACHABLE}")
    db = create_database()
    log = SqlEventLog.open(db)
    store = SqlAccounts(log.engine)
    accounts.add_user(store, "online", "a long password", accounts.Role.ORGANISER, now=NOW)
    accounts.add_user(store, "helper", "a long password", accounts.Role.REFEREE, now=NOW)
    token = accounts.new_token(store, "online", now=NOW)
    referee_token = accounts.new_token(store, "helper", now=NOW)
    log.close()
    try:
        with thread_server(db) as url:
            yield Hosted(url, db, token, referee_token)
    finally:
        drop_database(db)


def _rows(db: str) -> list[StoredRow]:
    log = SqlEventLog.open(db)
    try:
        return rows_after(log, DEMO_ID, 0, 100_000)
    finally:
        log.close()


def _standings(db: str) -> object:
    log = SqlEventLog.open(db)
    try:
        return ts.current_standings(log, DEMO_ID)
    finally:
        log.close()


def _same_logs(venue: str, other: str) -> None:
    mine, theirs = _rows(venue), _rows(other)
    assert len(mine) > 100
    assert theirs == mine  # position, kind, stored JSON, who, when, hash: event for event
    log = SqlEventLog.open(other)
    try:
        (found,) = log.verify(DEMO_ID)
    finally:
        log.close()
    assert found.whole
    assert _standings(other) == _standings(venue)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_push_through_a_link_that_keeps_failing(seed: int, venue: str, hosted: Hosted) -> None:
    log = SqlEventLog.open(venue)
    with proxy(hosted.port, seed=seed, cut_chance=0.15) as link:
        server = remote.Remote(link.url, hosted.token, timeout=5)
        seen: list[int] = []
        try:
            done = remote.push(
                log,
                server,
                DEMO_ID,
                batch=7,
                cap=0.05,
                max_failures=200,
                progress=lambda position, total: seen.append(position),
            )
        finally:
            server.close()
            log.close()
        assert link.cuts > 0  # the link really failed on the way
    assert done.failures > 0
    assert done.position == len(_rows(venue))
    # acknowledged ones: a batch stored whose answer the link lost is not counted
    assert 0 < done.moved <= done.position
    assert seen == sorted(seen)
    _same_logs(venue, hosted.db)


def test_kill_9_of_the_pushing_process_and_push_again(venue: str, hosted: Hosted) -> None:
    with proxy(hosted.port, seed=7, cut_chance=0.0, delay=0.02) as link:
        command = [MJREF, "mirror", "push", link.url, "--token", hosted.token]
        command += ["-t", DEMO_ID, "--db", venue, "--batch", "3"]
        pushing = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ)
        )
        deadline = time.monotonic() + 60
        try:
            while hosted.head() < 12:
                assert pushing.poll() is None, "the push ended before it was killed"
                assert time.monotonic() < deadline, "the push did not get going"
                time.sleep(0.05)
        finally:
            pushing.send_signal(signal.SIGKILL)
            pushing.wait(timeout=30)
            link.cut()
    time.sleep(0.5)  # a batch the server had already received is stored meanwhile
    held = hosted.head()
    total = len(_rows(venue))
    assert 12 <= held < total  # killed in the middle
    again = subprocess.run(
        [
            MJREF,
            "mirror",
            "push",
            hosted.url,
            "--token",
            hosted.token,
            "-t",
            DEMO_ID,
            "--db",
            venue,
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert again.returncode == 0, again.stderr
    assert f'"moved":{total - held}' in again.stdout.replace(" ", "")
    _same_logs(venue, hosted.db)


def test_a_standby_follows_through_cuts_and_is_promoted(
    venue: str, hosted: Hosted, tmp_path: Path
) -> None:
    runner = CliRunner()
    pushed = runner.invoke(
        app, ["mirror", "push", hosted.url, "--token", hosted.token, "-t", DEMO_ID, "--db", venue]
    )
    assert pushed.exit_code == 0, pushed.output
    standby = str(tmp_path / "standby.db")
    log = SqlEventLog.open(standby)
    with proxy(hosted.port, seed=3, cut_chance=0.15) as link:
        server = remote.Remote(link.url, hosted.token, timeout=5)
        try:
            done = remote.pull(
                log,
                server,
                DEMO_ID,
                actor="standby",
                now=lambda: "2026-06-01T10:00:00+00:00",
                batch=9,
                cap=0.05,
                max_failures=200,
            )
        finally:
            server.close()
            log.close()
        assert link.cuts > 0
    assert done.failures > 0
    _same_logs(venue, standby)
    # read-only until promoted: a command against the database is refused, clearly
    refused = runner.invoke(app, ["clock", "notice", "tea at four", "-t", DEMO_ID, "--db", standby])
    assert refused.exit_code == 2, refused.output
    assert "entries are made at the venue" in refused.output
    promoted = runner.invoke(
        app, ["mirror", "promote", "-t", DEMO_ID, "--db", standby, "--actor", "Anna", "--json"]
    )
    assert promoted.exit_code == 0, promoted.output
    assert '"actor": "Anna"' in promoted.output
    taken = runner.invoke(app, ["clock", "notice", "tea at four", "-t", DEMO_ID, "--db", standby])
    assert taken.exit_code == 0, taken.output
    # served from the promoted copy, it feeds the same hosted mirror on from where it was
    onward = runner.invoke(
        app, ["mirror", "push", hosted.url, "--token", hosted.token, "-t", DEMO_ID, "--db", standby]
    )
    assert onward.exit_code == 0, onward.output
    assert hosted.head() == len(_rows(venue)) + 2  # the promotion and the notice
    assert _rows(hosted.db) == _rows(standby)
    # a promoted copy is the venue's own tournament now: no pull copies into it
    back = runner.invoke(
        app, ["mirror", "pull", hosted.url, "--token", hosted.token, "-t", DEMO_ID, "--db", standby]
    )
    assert back.exit_code == 2, back.output


def test_the_mirror_refuses_writes_a_gap_and_another_history(venue: str, hosted: Hosted) -> None:
    rows = _rows(venue)
    auth = {"Authorization": f"Bearer {hosted.token}"}
    events = f"{hosted.url}/api/tournaments/{DEMO_ID}/mirror/events"

    def body(chosen: list[StoredRow]) -> dict[str, object]:
        return {"events": [_row(r) for r in chosen]}

    assert httpx.post(events, json=body(rows[:20])).status_code == 401
    referee = {"Authorization": f"Bearer {hosted.referee_token}"}
    assert httpx.post(events, json=body(rows[:20]), headers=referee).status_code == 403
    refused = httpx.post(events, json=body(rows[1:4]), headers=auth)  # not from the start
    assert refused.status_code == 409
    assert refused.json()["error"]["key"] == "store.copy-gap"
    log = SqlEventLog.open(hosted.db)
    try:  # the grant made for the new mirror went with the refusal
        assert DEMO_ID not in accounts.account(SqlAccounts(log.engine), "online").tournaments
    finally:
        log.close()
    first = httpx.post(events, json=body(rows[:20]), headers=auth)
    assert first.status_code == 200, first.text
    assert first.json()["position"] == 20
    assert first.json()["mirror"] == "mirror"
    log = SqlEventLog.open(hosted.db)
    try:
        assert DEMO_ID in accounts.account(SqlAccounts(log.engine), "online").tournaments
    finally:
        log.close()
    again = httpx.post(events, json=body(rows[:20]), headers=auth)
    assert (again.status_code, again.json()["added"]) == (200, 0)  # stored once
    gap = httpx.post(events, json=body(rows[25:30]), headers=auth)
    assert gap.status_code == 409
    assert gap.json()["error"]["key"] == "store.copy-gap"
    other = _row(rows[20]) | {"actor": "someone else"}
    different = httpx.post(events, json={"events": [other]}, headers=auth)
    assert different.status_code == 409
    assert different.json()["error"]["key"] == "store.copy-bad-hash"
    changed = _row(rows[3]) | {"actor": "someone else"}  # a held position, another row
    different = httpx.post(events, json={"events": [changed]}, headers=auth)
    assert different.json()["error"]["key"] == "store.copy-different"
    huge = b'{"events": [' + b" " * (5 * 1024 * 1024) + b"]}"
    too_large = httpx.post(
        events, content=huge, headers=auth | {"Content-Type": "application/json"}
    )
    assert too_large.status_code == 413
    assert hosted.head() == 20
    # entries on the mirror: the API's commands and the web's forms are refused
    notice = httpx.post(
        f"{hosted.url}/api/tournaments/{DEMO_ID}/commands/notice",
        json={"text": "tea at four"},
        headers=auth,
    )
    assert notice.status_code == 400, notice.text
    assert notice.json()["error"]["key"] == "store.mirror-read-only"
    assert "entries are made at the venue" in notice.json()["error"]["text"]
    # reading works: public pages, the API's standings, the screen, the events for a standby
    assert httpx.get(f"{hosted.url}/t/{DEMO_ID}").status_code == 200
    assert httpx.get(f"{hosted.url}/api/tournaments/{DEMO_ID}/standings").status_code == 200
    assert httpx.get(f"{hosted.url}/t/{DEMO_ID}/screen").status_code == 200
    # the web's forms too; the organiser's dashboard says why
    with httpx.Client(base_url=hosted.url, timeout=10) as browser:
        browser.get("/login")
        login = browser.post(
            "/login",
            data={
                "csrftoken": browser.cookies["csrftoken"],
                "name": "online",
                "password": "a long password",
            },
        )
        assert login.status_code == 303, login.text
        dashboard = browser.get(f"/t/{DEMO_ID}/admin")
        assert "read-only here, entries are made at the venue" in dashboard.text
        form = browser.post(
            f"/t/{DEMO_ID}/clock/announce",
            data={"csrftoken": browser.cookies["csrftoken"], "text": "tea at four"},
        )
        assert form.status_code == 400
        assert "entries are made at the venue" in form.text
    read = httpx.get(events, params={"after": 18}, headers=auth)
    assert [e["seq"] for e in read.json()["events"]] == [19, 20]
    assert httpx.get(events, params={"after": 18}).status_code == 401
    # the public pages follow the copy at once (the page cache reads the position again)
    before = httpx.get(f"{hosted.url}/t/{DEMO_ID}").text
    rest = httpx.post(events, json=body(rows[20:]), headers=auth)
    assert rest.json()["position"] == len(rows)
    after = httpx.get(f"{hosted.url}/t/{DEMO_ID}").text
    assert after != before


def _row(row: StoredRow) -> dict[str, object]:
    return {
        "seq": row.seq,
        "kind": row.kind,
        "data": row.data,
        "actor": row.actor,
        "at": row.at,
        "hash": row.hash,
    }


def _wait(condition: object, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_serve_pushes_in_the_background_through_cuts(venue: str, hosted: Hosted) -> None:
    """``mjref serve --mirror-push``: the venue's events reach the mirror as they are
    recorded; a cut link is noted for the dashboard and caught up when it returns."""
    from mjref.services import tournament_review as review
    from mjref.store.mirrors import push_statuses
    from tests.web.servers import free_port

    total = len(_rows(venue))

    def statuses() -> list[object]:
        log = SqlEventLog.open(venue)
        try:
            return list(push_statuses(log.engine, DEMO_ID))
        finally:
            log.close()

    def announce(text: str) -> None:
        log = SqlEventLog.open(venue)
        try:
            review.announce(log, DEMO_ID, text=text, actor="organiser", now=NOW)
        finally:
            log.close()

    with proxy(hosted.port, seed=11, cut_chance=0.0) as link:
        command = [MJREF, "serve", "--db", venue, "--port", str(free_port())]
        command += ["--mirror-push", link.url, "--mirror-token", hosted.token]
        serving = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(os.environ)
        )
        try:
            _wait(lambda: hosted.head() == total, "the first push")
            announce("tea at four")
            _wait(lambda: hosted.head() == total + 1, "the new event pushed")
            (status,) = statuses()
            assert (status.position, status.error) == (total + 1, None)  # type: ignore[attr-defined]
            assert status.success_at  # type: ignore[attr-defined]
            link.cut()
            announce("dinner at eight")
            _wait(lambda: statuses()[0].error is not None, "the failure noted")  # type: ignore[attr-defined]
            assert hosted.head() == total + 1
            link.restore()
            _wait(lambda: hosted.head() == total + 2, "caught up after the cut")
            _wait(lambda: statuses()[0].error is None, "the error cleared")  # type: ignore[attr-defined]
        finally:
            serving.terminate()
            _, errors = serving.communicate(timeout=30)
            print(errors)
    _same_logs(venue, hosted.db)


def _serve(db: str, port: int) -> subprocess.Popen[bytes]:
    """``mjref serve`` on ``db`` in a process of its own, once it answers."""
    server = subprocess.Popen(
        [MJREF, "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ),
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
            return server
        except httpx.TransportError:
            assert server.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)


def test_kill_9_of_the_hosted_server_mid_push(venue: str, hosted: Hosted) -> None:
    """The hosted side dies (``kill -9``) in the middle of a push and comes back: the push
    waits, asks again where the copy ends and finishes; nothing is lost or doubled."""
    import threading

    from tests.web.servers import free_port

    first = free_port()
    server = _serve(hosted.db, first)
    outcome: list[object] = []
    with proxy(first, seed=5, cut_chance=0.0, delay=0.02) as link:

        def pushing() -> None:
            log = SqlEventLog.open(venue)
            client = remote.Remote(link.url, hosted.token, timeout=5)
            try:
                outcome.append(
                    remote.push(log, client, DEMO_ID, batch=3, cap=0.2, max_failures=300)
                )
            except Exception as error:  # reported by the assertion below
                outcome.append(error)
            finally:
                client.close()
                log.close()

        thread = threading.Thread(target=pushing)
        thread.start()
        try:
            _wait(lambda: hosted.head() >= 15, "the push got going")
        finally:
            server.send_signal(signal.SIGKILL)
            server.wait(timeout=30)
        held = hosted.head()
        time.sleep(1.0)  # the pusher meets a dead server a few times
        second = free_port()
        link.target = ("127.0.0.1", second)
        server = _serve(hosted.db, second)
        try:
            thread.join(timeout=120)
            assert not thread.is_alive()
        finally:
            server.terminate()
            server.wait(timeout=30)
    (done,) = outcome
    assert isinstance(done, remote.Done), done
    assert done.failures > 0
    assert held < done.position == len(_rows(venue))
    _same_logs(venue, hosted.db)

"""Live updates and the clock from the web: a change in the log reaches a stream at once
(through the same server, and on PostgreSQL through another server process sharing the
database: LISTEN/NOTIFY); the clock controls; the notice; the static fallback folder."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx2 as httpx
import pytest

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import Site, post
from tests.web.servers import next_event, process_server, thread_server

pytestmark = pytest.mark.slow  # real servers (and a browser): make test-fast skips them


def _later(action: object, delay: float = 0.5) -> threading.Thread:
    worker = threading.Thread(target=lambda: (time.sleep(delay), action()))  # type: ignore[operator]
    worker.start()
    return worker


def test_a_change_reaches_the_stream_and_the_export_folder(site: Site, tmp_path: Path) -> None:
    export = tmp_path / "export"
    with (
        thread_server(site.url, str(export)) as base,
        httpx.stream("GET", f"{base}/t/cup/live", timeout=30) as stream,
    ):
        lines = stream.iter_lines()
        name, first = next_event(lines, 10)
        assert name == "position"
        writer = _later(
            lambda: tr.record_totals(
                site.log,
                "cup",
                session=1,
                table=1,
                scores=[30, -10, -5, -15],
                actor="org",
                now=datetime.now(UTC),
            )
        )
        started = time.monotonic()
        name, position = next_event(lines, 10)
        writer.join()
        assert (name, int(position)) == ("change", int(first) + 1)
        assert time.monotonic() - started < 5
    standings = export / "cup" / "index.html"
    for _ in range(50):
        if standings.exists():
            break
        time.sleep(0.1)
    assert "Venue Cup" in standings.read_text(encoding="utf-8")


def test_a_result_through_one_server_reaches_a_stream_of_another(
    site: Site, tmp_path: Path
) -> None:
    if not site.url.startswith("postgresql"):
        pytest.skip("two server processes share PostgreSQL (SQLite: one laptop, one server)")
    token = accounts.new_token(SqlAccounts(site.log.engine), "ref", now=datetime.now(UTC))
    with process_server(site.url, tmp_path) as first, process_server(site.url, tmp_path) as second:
        with httpx.stream("GET", f"{first}/t/cup/live", timeout=30) as stream:
            lines = stream.iter_lines()
            assert next_event(lines, 20)[0] == "position"
            sent = httpx.post(
                f"{second}/api/tournaments/cup/results",
                json={"session": 1, "table": 2, "scores": [8, 0, 0, -8]},
                headers={"authorization": f"Bearer {token}"},
                timeout=30,
            )
            assert sent.status_code == 201, sent.text
            started = time.monotonic()
            assert next_event(lines, 10)[0] == "change"
            assert time.monotonic() - started < 3  # notified, not found by polling later
        ranked = httpx.get(f"{first}/api/tournaments/cup/standings", timeout=30).json()["ranked"]
        assert ranked[0]["table_points"] == 4


def test_the_clock_from_the_web(site: Site) -> None:
    referee = site.login("ref")
    assert post(referee, "/t/cup/clock/start", session=1, minutes=90).status_code == 303
    state = site.client().get("/t/cup/clock.json").json()
    assert state["clock"]["phase"] == "running"
    assert state["clock"]["minutes"] == 90
    assert post(referee, "/t/cup/clock/pause", session=1, reason="fire alarm").status_code == 303
    assert site.client().get("/t/cup/clock.json").json()["clock"]["phase"] == "paused"
    assert post(referee, "/t/cup/clock/resume", session=1).status_code == 303
    granted = post(
        referee,
        "/t/cup/clock/extra",
        session=1,
        table=2,
        minutes=4,
        reason="play frozen for a ruling",
    )
    assert granted.status_code == 303
    tables = site.client().get("/t/cup/clock.json").json()["clock"]["tables"]
    assert [(t["table"], t["extra_minutes"]) for t in tables] == [(2, 4)]
    assert post(referee, "/t/cup/clock/announce", text="Lunch at 13:00").status_code == 303
    assert site.client().get("/t/cup/clock.json").json()["announcement"] == "Lunch at 13:00"
    page = referee.get("/t/cup/clock")
    assert "Session 1: playing" in page.text
    twice = post(referee, "/t/cup/clock/start", session=1)
    assert twice.status_code in (400, 409)
    assert post(referee, "/t/cup/clock/end", session=1).status_code == 303
    kinds = [e.kind for e in ts.read_log(site.log, "cup")][-7:]
    assert kinds == [
        "session-opened",
        "session-started",
        "session-paused",
        "session-resumed",
        "extra-time-granted",
        "announced",
        "session-ended",
    ]
    assert site.login("ref2").get("/t/cup/clock").status_code == 403
    assert post(site.login("ref2"), "/t/cup/clock/pause", session=1).status_code == 403
    screen = site.client().get("/t/cup/screen")
    assert screen.status_code == 200
    assert 'id="clock"' in screen.text
    too_long = post(referee, "/t/cup/clock/announce", text="x" * 550)
    assert too_long.status_code in (400, 422)


def test_between_sessions_the_screen_shows_the_next_seating(site: Site) -> None:
    document = site.client().get("/t/cup/clock.json").json()
    assert document["next"]["session"] == 1
    assert len(document["next"]["tables"]) == 2
    assert document["next"]["tables"][0][0].startswith("E ")
    _ = SqlEventLog

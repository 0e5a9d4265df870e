"""``mjref clock``: each change an entry with who and when, the status in words (in the
chosen language) and as JSON, and bad input refused with what and where and the documented
exit code (2 bad input, 5 another entry got there first)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.cli.test_tournament_mcr_e2e import Cli

START = (datetime.now(UTC) - timedelta(hours=3)).replace(second=0, microsecond=0)
"""The tests' sessions start three hours ago (an ``--at`` may be up to 24 hours old)."""


def iso(minutes: float) -> str:
    return (START + timedelta(minutes=minutes)).isoformat()


@pytest.fixture
def mj(tmp_path: Path) -> Cli:
    cli = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    cli("tournament", "new", "cup", "--name", "Cup", "-r", "rcr-2016", "--sessions", "2")
    cli("tournament", "new", "other", "--name", "Other", "-r", "rcr-2016", "--sessions", "2")
    for n in range(1, 9):
        cli(
            "players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", "FR", "--check-in"
        )
    cli("seating", "publish", "--seed", "1")
    return cli


def _session(mj: Cli) -> None:
    mj("clock", "start", "1", "--minutes", "90", "--at", iso(0))
    mj("clock", "pause", "1", "--reason", "fire alarm", "--at", iso(10))
    mj("clock", "resume", "1", "--at", iso(14))
    mj(
        "clock",
        "extra",
        "1",
        "--table",
        "2",
        "--minutes",
        "4",
        "--reason",
        "frozen",
        "--at",
        iso(20),
    )


def test_a_session_on_the_clock(mj: Cli) -> None:
    started = mj.json("clock", "start", "1", "--minutes", "90", "--at", iso(0))
    assert [r["kind"] for r in started["recorded"]] == ["session-opened", "session-started"]  # type: ignore[index]
    assert started["recorded"][1]["actor"] == "head referee"  # type: ignore[index]
    assert started["recorded"][1]["event"]["minutes"] == 90  # type: ignore[index]
    assert started["clock"]["phase"] == "running"  # type: ignore[index]
    mj("clock", "pause", "1", "--reason", "fire alarm", "--at", iso(10))
    mj("clock", "resume", "1", "--at", iso(14))
    extra = mj.json(
        "clock",
        "extra",
        "1",
        "--table",
        "2",
        "--minutes",
        "4",
        "--reason",
        "frozen",
        "--at",
        iso(20),
    )
    assert extra["recorded"][0]["kind"] == "extra-time-granted"  # type: ignore[index]

    status = mj.json("clock", "status", "1", "--at", iso(80))
    assert (status["phase"], status["stage"]) == ("running", "signal")  # type: ignore[index]
    assert status["elapsed"] == 76 * 60  # type: ignore[index]
    assert status["remaining"] == 14 * 60  # type: ignore[index]
    assert status["paused_for"] == 4 * 60  # type: ignore[index]
    assert status["signal"]["at"] == iso(79)  # type: ignore[index]
    assert status["ends_at"] == iso(94)  # type: ignore[index]
    assert status["pauses"] == [{"from": iso(10), "to": iso(14), "reason": "fire alarm"}]  # type: ignore[index]
    (table,) = status["tables"]  # type: ignore[index]
    assert (table["table"], table["remaining"], table["ends_at"]) == (2, 18 * 60, iso(98))
    assert status["rules"][0]["says"][0]["key"] == "rulings.must.finish-hand-and-one-more"  # type: ignore[index]
    default = mj.json("clock", "status", "--at", iso(80))
    assert default == status  # the session in play


def test_the_status_in_words(mj: Cli) -> None:
    _session(mj)
    text = mj("clock", "status", "--at", iso(80), "--lang", "fr").stdout
    lines = text.splitlines()
    assert lines[0] == "Session 1 (rcr-2016) : en cours, le signal a retenti"
    assert lines[1] == "Temps restant 0:14:00 sur 1:30:00 (écoulé 1:16:00, en pause 0:04:00)"
    assert any(
        line.startswith("Signal 15 minutes avant la fin (rcr-2016:5.9) : retenti à ")
        for line in lines
    )
    # table 2's own signal comes 4 minutes later, at 75 minutes of its 94
    assert any(
        line.startswith("Table 2 : 4 minutes de plus, jeu en cours ; temps restant 0:18:00")
        for line in lines
    )
    assert "    La donne en cours est terminée et une donne de plus est jouée." in lines
    english = mj("clock", "status", "--at", iso(95)).stdout
    assert "Session 1 (rcr-2016): running, time is up" in english
    assert "Past the end by 0:01:00" in english
    assert "There is no final signal: the hands are played to the end." in english
    paused = mj("clock", "status", "--at", iso(12)).stdout
    assert "Session 1 (rcr-2016): paused, playing" in paused
    assert "Reason: fire alarm" in paused
    assert "Time up: not known while the clock is paused" in paused


def test_bad_input_is_refused_with_what_and_where(mj: Cli) -> None:
    mj("clock", "start", "1", "--at", iso(0))
    mj("clock", "pause", "1", "--at", iso(1))
    twice = mj("clock", "pause", "1", "--lang", "fr", code=2)
    assert twice.stderr == "error: l'horloge de la session 1 est déjà en pause\n"
    no_table = mj("clock", "extra", "1", "--table", "9", "--minutes", "5", "--reason", "x", code=2)
    assert no_table.stderr == "error: session 1 has no table 9 (tables 1 to 2)\n"
    for minutes in ("0", "-5", "61"):
        absurd = mj(
            "clock", "extra", "1", "--table", "1", "--minutes", minutes, "--reason", "x", code=2
        )
        assert absurd.stderr.startswith("error: --minutes: extra time is 1 to 60 minutes")
    no_reason = mj("clock", "extra", "1", "--table", "1", "--minutes", "5", code=2)
    assert "--reason" in no_reason.stderr
    blank = mj("clock", "extra", "1", "--table", "1", "--minutes", "5", "--reason", " ", code=2)
    assert blank.stderr == "error: reason: the reason is missing\n"
    assert mj("clock", "resume", "1", "--at", iso(0), code=2).stderr == (
        "error: session 1: this entry's time is earlier than the clock's last entry\n"
    )
    future = mj("clock", "resume", "1", "--at", iso(60 * 24), code=2)
    assert future.stderr.startswith("error: --at: ")
    assert "in the future" in future.stderr
    assert mj("clock", "resume", "1", "--at", "teatime", code=2).stderr.startswith(
        "error: --at: 'teatime' is not a time"
    )
    assert mj("clock", "start", "2", code=2).stderr == (
        "error: session 1 is still on the clock: end it before starting session 2\n"
    )
    assert mj("clock", "status", "3", code=2).stderr == "error: session 3 is not between 1 and 2\n"
    error = json.loads(mj("clock", "pause", "1", "--json", code=2).stdout)["error"]
    assert (error["code"], error["key"], error["params"]) == (
        "bad-input",
        "clock.already-paused",
        {"session": 1},
    )


def test_a_second_start_is_a_conflict_naming_the_first(mj: Cli) -> None:
    first = mj.json("clock", "start", "1")
    position = first["recorded"][-1]["position"]  # type: ignore[index]
    again = mj("clock", "start", "1", "--json", code=5)
    error = json.loads(again.stdout)["error"]
    assert (error["code"], error["key"], error["params"]["seq"]) == (
        "conflict",
        "tournament.conflict",
        position,
    )
    assert again.stderr.startswith(
        f"error: the start of session 1 was already recorded at position {position}"
    )


def test_a_session_without_a_seating_cannot_start(mj: Cli) -> None:
    other = Cli(mj.env["MJREF_DB"], "other")
    assert other("clock", "start", "1", code=2).stderr == (
        "error: session 1 has no published seating\n"
    )
    assert other("clock", "status", code=2).stderr == (
        "error: no session has a published seating yet\n"
    )


def test_closing_a_session_ends_its_clock(mj: Cli) -> None:
    mj("clock", "start", "1", "--at", iso(0))
    for table in ("1", "2"):
        mj("result", "--session", "1", "--table", table, "--scores", "40000,30000,25000,25000")
    mj("session", "close", "1")
    kinds = [e["kind"] for e in mj.json("log", "--session", "1")][-2:]  # type: ignore[index]
    assert kinds == ["session-ended", "session-closed"]
    status = mj.json("clock", "status", "1")
    assert (status["phase"], status["closed"]) == ("ended", True)  # type: ignore[index]
    closed = mj("clock", "resume", "1", code=2)
    assert closed.stderr == "error: session 1 is closed\n"

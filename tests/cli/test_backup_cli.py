"""``mjref backup``, ``mjref backup --check``, ``mjref restore`` and the backup options of
``mjref serve`` on the command line: JSON and text, the error mapper's one line and exit
codes (6 for a broken backup), the secret's passphrase, and hypothesis over the file and
path inputs (no traceback, nothing half-written)."""

from __future__ import annotations

import json
import os
import sqlite3
import string
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjref.cli.main import app
from mjref.players import PlayerId
from mjref.services import player_codes
from mjref.services.tournament_demo import DEMO_ID, build_demo
from mjref.store import SqlEventLog
from mjref.store.secret import installation_secret
from mjref.store.snapshots import Snapshots, read_status

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
PASSPHRASE = "a long passphrase"
FUZZ = settings(max_examples=30, deadline=20000, suppress_health_check=list(HealthCheck))


def _run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"MJREF_SECRET": "", **(env or {})})
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.stdout + result.stderr
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A SQLite database with the demo tournament, its secret and a passphrase file."""
    folder = tmp_path_factory.mktemp("live")
    db = folder / "live.db"
    log = SqlEventLog.open(str(db))
    build_demo(log, now=NOW)
    secret = installation_secret(log.engine)
    code = player_codes.player_codes(log, DEMO_ID, secret, PlayerId(5))[0].code
    log.close()
    (folder / "phrase").write_text(PASSPHRASE + "\n")
    return db, secret, code


def test_backup_check_and_restore_on_the_command_line(
    live: tuple[Path, str, str], tmp_path: Path
) -> None:
    db, secret, code = live
    phrase = str(db.parent / "phrase")
    dest = tmp_path / "usb"
    dest.mkdir()
    status, out, err = _run(
        "backup", str(dest), "--db", str(db), "--passphrase-file", phrase, "--json"
    )
    assert status == 0, err
    made = json.loads(out)
    assert made["secret"] is True
    assert made["tournaments"] == 1
    assert made["events"] > 100
    assert Path(made["path"]).parent == dest
    assert err == ""
    status, out, _ = _run("backup", "--check", made["path"], "--json")
    checked = json.loads(out)
    assert status == 0
    assert checked["whole"] is True
    assert checked["secret"] is True
    assert checked["tournaments"] == [{"tournament": DEMO_ID, "events": made["events"]}]
    new = tmp_path / "laptop2" / "mjref.db"
    new.parent.mkdir()
    status, out, err = _run(
        "restore", made["path"], "--db", str(new), "--passphrase-file", phrase, "--json"
    )
    assert status == 0, err
    assert json.loads(out)["secret_file"] == f"{new}.secret"
    log = SqlEventLog.open(str(new))
    try:
        assert installation_secret(log.engine) == secret
        assert player_codes.player_codes(log, DEMO_ID, secret, PlayerId(5))[0].code == code
    finally:
        log.close()
    # Again into the same file: refused (exit 2), unless --force.
    status, _, err = _run("restore", made["path"], "--db", str(new), "--lang", "fr")
    assert status == 2
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert "--force" in err
    # A restored secret that MJREF_SECRET would override is said.
    status, _, err = _run(
        "restore",
        made["path"],
        "--db",
        str(new),
        "--force",
        "--passphrase-file",
        phrase,
        env={"MJREF_SECRET": "x" * 40},
    )
    assert status == 0
    assert "MJREF_SECRET" in err
    status, out, err = _run("restore", made["path"], "--db", str(new), "--force")
    assert status == 0
    assert "warning" in err


def test_text_output_and_the_warnings_in_another_language(
    live: tuple[Path, str, str], tmp_path: Path
) -> None:
    db, _, _ = live
    status, out, err = _run("backup", str(tmp_path / "b.db"), "--db", str(db), "--lang", "nl")
    assert status == 0
    assert out.startswith("back-up geschreven: ")
    assert err.startswith("waarschuwing: ")  # no passphrase: the secret is left out
    status, out, _ = _run("backup", "--check", str(tmp_path / "b.db"), "--lang", "hu")
    assert status == 0
    assert "ép" in out
    assert "nincs benne telepítési titok" in out


def test_a_long_copy_says_how_far_it_is(
    live: tuple[Path, str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mjref.store import backup

    db, _, _ = live
    monkeypatch.setattr(backup, "STEP_PAGES", 2)  # the demo's 40-odd pages: many steps
    status, out, err = _run("backup", str(tmp_path / "b.db"), "--db", str(db), "--json")
    assert status == 0
    notes = [line for line in err.splitlines() if line.startswith("copied ")]
    assert notes[-1] == "copied 100%"
    assert 3 <= len(notes) <= 10
    assert json.loads(out)["events"] > 100  # the notes stay off standard output


def test_a_broken_backup_is_one_error_line_and_exit_6(
    live: tuple[Path, str, str], tmp_path: Path
) -> None:
    db, _, _ = live
    path = tmp_path / "b.db"
    assert _run("backup", str(path), "--db", str(db))[0] == 0
    with closing(sqlite3.connect(path)) as c:
        c.execute("DROP TRIGGER events_no_update")
        c.execute(f"UPDATE events SET at = 'x' WHERE tournament_id = '{DEMO_ID}' AND seq = 9")
        c.execute(
            "CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
            "BEGIN SELECT RAISE(ABORT, 'no'); END"
        )
        c.commit()
    status, _, err = _run("backup", "--check", str(path))
    assert status == 6
    assert (
        err == f"error: {path}: tournament {DEMO_ID}: the event at position 9 does not match "
        "its hash (a row was changed or removed)\n"
    )
    status, out, err = _run("restore", str(path), "--db", str(tmp_path / "r.db"), "--json")
    assert status == 6
    assert err.count("\n") == 1
    error = json.loads(out)["error"]
    assert (error["code"], error["key"]) == ("broken-backup", "backup.bad-hash")
    assert error["params"] == {"tournament": DEMO_ID, "seq": 9}
    assert not (tmp_path / "r.db").exists()


def test_a_wrong_passphrase_writes_nothing(live: tuple[Path, str, str], tmp_path: Path) -> None:
    db, _, _ = live
    path = tmp_path / "b.db"
    phrase = str(db.parent / "phrase")
    assert _run("backup", str(path), "--db", str(db), "--passphrase-file", phrase)[0] == 0
    wrong = tmp_path / "wrong"
    wrong.write_text("not the passphrase\n")
    status, _, err = _run(
        "restore", str(path), "--db", str(tmp_path / "r.db"), "--passphrase-file", str(wrong)
    )
    assert status == 2
    assert "passphrase" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.db", "wrong"]
    short = tmp_path / "short"
    short.write_text("short\n")
    status, _, err = _run(
        "backup", str(tmp_path / "c.db"), "--db", str(db), "--passphrase-file", str(short)
    )
    assert status == 2
    assert "8" in err
    assert not (tmp_path / "c.db").exists()


def test_usage_errors(live: tuple[Path, str, str], tmp_path: Path) -> None:
    db, _, _ = live
    assert _run("backup", "--db", str(db))[0] == 2
    assert _run("backup", str(tmp_path / "x.db"), "--check", str(tmp_path / "y.db"))[0] == 2
    status, _, err = _run("backup", "--check", str(tmp_path / "missing.db"))
    assert status == 3
    assert "missing.db" in err
    status, _, err = _run("backup", str(tmp_path / "b.db"), "--db", str(tmp_path / "none.db"))
    assert status == 3
    assert not (tmp_path / "none.db").exists()
    status, _, err = _run("serve", "--db", str(db), "--backup-every", "5")
    assert status == 2
    assert "--backup-dir" in err
    status, _, err = _run("serve", "--db", str(db), "--backup-dir", str(tmp_path / "stick"))
    assert status == 2
    assert "USB" in err


# -- the snapshots' thread -------------------------------------------------------------


def test_the_snapshots_thread_and_its_status(live: tuple[Path, str, str], tmp_path: Path) -> None:
    db, _, _ = live
    folder = tmp_path / "usb"
    folder.mkdir()
    moments = iter(NOW + timedelta(minutes=n) for n in range(100))
    snapshots = Snapshots(
        str(db), folder, 1, 2, tmp_path / "status.json", sealed=None, clock=lambda: next(moments)
    )
    snapshots.start()
    try:
        for _ in range(500):
            found = read_status(str(tmp_path / "status.json"))
            if found is not None and found.last_file:
                break
            snapshots._stop.wait(0.02)
    finally:
        snapshots.stop()
    assert found is not None
    assert found.last_file == "mjref-20260601-090000.db"
    assert found.problem is None
    assert (found.every, found.keep) == (1, 2)
    for _ in range(3):
        snapshots.once()
    assert len(os.listdir(folder)) == 2
    # The stick pulled out: the failure is shown, the last good one still named.
    for name in os.listdir(folder):
        os.unlink(folder / name)
    folder.rmdir()
    failed = snapshots.once()
    assert failed.problem is not None
    assert failed.problem.key == "io.cannot-write"
    assert failed.last_file == "mjref-20260601-090300.db"
    again = read_status(str(tmp_path / "status.json"))
    assert again == failed
    assert read_status(str(tmp_path / "nothing.json")) is None
    (tmp_path / "bad.json").write_text("{not json")
    assert read_status(str(tmp_path / "bad.json")) is None


# -- hypothesis over the inputs --------------------------------------------------------


@FUZZ
@given(content=st.binary(max_size=3000), header=st.booleans())
def test_any_file_checked_is_whole_or_refused(content: bytes, header: bool) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.db"
        path.write_bytes((b"SQLite format 3\x00" if header else b"") + content)
        status, _, err = _run("backup", "--check", str(path))
        assert status == 6
        assert err.startswith("error: ")
        assert err.count("\n") == 1
        assert os.listdir(folder) == ["x.db"]


NAMES = st.text(
    st.sampled_from(string.ascii_letters + string.digits + ' ._-/é\\:*?"<>|\n\t'), max_size=40
)


@FUZZ
@given(name=NAMES)
@example(name="0/\n")  # a line break in a folder that is not there: one error line
@example(name="")  # the folder itself: a file named by the time
def test_any_destination_path_is_written_whole_or_refused(
    live: tuple[Path, str, str], name: str
) -> None:
    import tempfile

    assume(".." not in name.split("/"))  # never outside the test's own folder
    db, _, _ = live
    with tempfile.TemporaryDirectory() as folder:
        status, _, err = _run("backup", folder + "/" + name, "--db", str(db))
        assert status in (0, 2, 3), err
        if status:
            assert err.startswith("error: ")
            assert err.count("\n") == 1
        leftovers = [os.path.join(root, f) for root, _, files in os.walk(folder) for f in files]
        assert not [f for f in leftovers if f.endswith(".partial")]
        if status == 0:
            (made,) = leftovers
            assert _run("backup", "--check", made)[0] == 0


@FUZZ
@given(content=st.binary(max_size=200))
def test_any_passphrase_file(live: tuple[Path, str, str], content: bytes) -> None:
    import tempfile

    db, _, _ = live
    with tempfile.TemporaryDirectory() as folder:
        phrase = Path(folder) / "phrase"
        phrase.write_bytes(content)
        dest = Path(folder) / "b.db"
        status, _, err = _run(
            "backup", str(dest), "--db", str(db), "--passphrase-file", str(phrase)
        )
        assert status in (0, 2), err
        assert dest.exists() == (status == 0)

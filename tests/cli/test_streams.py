"""Real standard streams (the installed command as a process): a closed standard input, a
full disk on standard output, a broken pipe, an over-long line - one I/O error path (exit 3,
naming the stream), never a traceback; a write failure is never called a read failure."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mjref.cli.exits import Exit
from mjref.cli.main import app
from mjref.wire.jsonl import judge_stream, mcr_family, riichi_family
from mjref.wire.jsonread import MAX_BYTES

MJREF = str(Path(sys.executable).parent / "mjref")
CONCEALED = [f"{n}m" for n in range(1, 10)] + ["1p", "1p", "1p", "2p"]
HAND = json.dumps({"id": 1, "concealed": CONCEALED, "win_tile": "2p"})


def shell(command: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        ["sh", "-c", command], input=stdin, capture_output=True, timeout=120, check=False
    )


@pytest.mark.parametrize("family", ["mcr", "riichi"])
def test_closed_standard_input_is_an_io_error(family: str) -> None:
    done = shell(f"{shlex.quote(MJREF)} {family} judge --jsonl <&-")
    assert done.returncode == Exit.IO_ERROR
    assert done.stderr.decode() == "error: cannot read standard input: it is closed\n"
    assert done.stdout == b""


def test_closed_standard_input_for_a_json_request() -> None:
    done = shell(f"{shlex.quote(MJREF)} rule --json <&-")
    assert done.returncode == Exit.IO_ERROR
    assert done.stderr.decode() == "error: cannot read standard input: it is closed\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "command",
    [
        "demo",
        "mcr fans --json",
        "mcr judge --jsonl",
        "riichi judge --jsonl",
        "rules list",
        "rule late-arrival -f minutes=3",
        "seating generate --players 8 --sessions 2 --json",
    ],
)
def test_a_full_disk_is_a_write_failure_naming_standard_output(command: str) -> None:
    done = shell(f"{shlex.quote(MJREF)} {command} > /dev/full", stdin=(HAND + "\n").encode())
    err = done.stderr.decode()
    assert done.returncode == Exit.IO_ERROR, err
    assert err == "error: cannot write standard output: No space left on device\n"


def test_a_closed_standard_output_is_a_write_failure() -> None:
    done = shell(f"{shlex.quote(MJREF)} demo >&-")
    assert done.returncode == Exit.IO_ERROR
    assert done.stderr.decode() == "error: cannot write standard output: it is closed\n"


def test_a_broken_pipe_is_reported_once_without_a_traceback() -> None:
    lines = (HAND + "\n") * 20000
    done = shell(f"{shlex.quote(MJREF)} mcr judge --jsonl | head -c 10 > /dev/null", lines.encode())
    # The shell reports head's status; the judge's own message is what matters.
    assert b"Traceback" not in done.stderr
    assert done.stderr.decode() in ("", "error: cannot write standard output: Broken pipe\n")


def test_the_installed_command_answers_bad_lines_in_order() -> None:
    raw = b"\n".join([HAND.encode(), b"\xff\xfe", b"[" * 1000 + b"]" * 1000, b"", HAND.encode()])
    done = subprocess.run(
        [MJREF, "mcr", "judge", "--jsonl"], input=raw + b"\n", capture_output=True, check=False
    )
    assert done.returncode == Exit.OK, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a.get("id") for a in answers] == [1, None, None, None, 1]
    codes = [a["findings"][0]["code"] if not a["judged"] else "" for a in answers]
    assert codes == ["", "bad-encoding", "too-deep", "empty-line", ""]


class _Endless:
    """A stream of one line of ``size`` bytes (never held in memory), then a hand."""

    def __init__(self, size: int) -> None:
        self._chunks: Iterator[bytes] = iter(
            [b"x" * (1 << 16)] * (size >> 16) + [b"\n", HAND.encode() + b"\n"]
        )
        self._pending = b""

    def readline(self, limit: int = -1) -> bytes:
        out = b""
        while limit < 0 or len(out) < limit:
            if not self._pending:
                self._pending = next(self._chunks, b"")
                if not self._pending:
                    break
            take = self._pending if limit < 0 else self._pending[: limit - len(out)]
            if b"\n" in take:
                take = take[: take.index(b"\n") + 1]
            out += take
            self._pending = self._pending[len(take) :]
            if out.endswith(b"\n"):
                break
        return out


@pytest.mark.parametrize("family", [mcr_family("green-book"), riichi_family("rcr-2016")])
def test_an_over_long_line_is_skipped_in_bounded_memory(family: object) -> None:
    written: list[str] = []
    judge_stream(family, _Endless(0), written.append, language="en")  # type: ignore[arg-type]
    written.clear()  # the judge's own caches are warm: what follows is the stream's cost
    tracemalloc.start()
    try:
        judge_stream(family, _Endless(64 * MAX_BYTES), written.append, language="en")  # type: ignore[arg-type]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * MAX_BYTES
    first, second = (json.loads(line) for line in written)
    assert first["findings"][0]["code"] == "too-long"
    assert second["judged"] is True
    assert second["id"] == 1


def test_no_standard_input_for_a_hand_argument() -> None:
    done = subprocess.run(
        [MJREF, "mcr", "judge", "[123s](7777p)EE45678s+9s", "--flowers", "2"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=False,
        env={**os.environ, "MJREF_LANG": "fr"},
    )
    assert done.returncode == Exit.OK, done.stderr


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path) -> None:
    """``mjref mcr judge --jsonl < hands | head -1``: more output than a pipe holds, the
    reader goes after one line - no broken-pipe error, exit 0."""
    import json
    import subprocess
    import sys

    mjref = str(Path(sys.executable).parent / "mjref")
    hands = tmp_path / "hands.jsonl"
    hands.write_text(
        "\n".join(json.dumps({"hand": "[123s](7777p)EE45678s+9s", "id": n}) for n in range(3000)),
        encoding="utf-8",
    )
    with hands.open("rb") as source:
        writer = subprocess.Popen(
            [mjref, "mcr", "judge", "--jsonl"],
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert writer.stdout is not None
        assert writer.stderr is not None
        writer.stdout.readline()
        writer.stdout.close()  # the reader goes away after one line
        err = writer.stderr.read()
        writer.stderr.close()
        writer.wait(timeout=60)
    assert (writer.returncode, err) == (0, b"")


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("en", "No such file or directory"),
        ("it", "file o cartella inesistente"),
        ("hu", "nincs ilyen fájl vagy könyvtár"),
    ],
)
def test_the_reason_a_file_cannot_be_read_is_in_the_chosen_language(
    lang: str, reason: str, tmp_path: Path
) -> None:
    missing = tmp_path / "plan.json"
    result = CliRunner().invoke(app, ["seating", "check", str(missing), "--lang", lang])
    assert result.exit_code == 3
    assert result.stderr.endswith(f": {reason}\n")


@pytest.mark.parametrize(("lang", "reason"), [("en", "Is a directory"), ("fr", "c'est un dossier")])
def test_a_directory_given_for_a_file_is_a_file_that_cannot_be_read(
    lang: str, reason: str, tmp_path: Path
) -> None:
    result = CliRunner().invoke(app, ["seating", "check", str(tmp_path), "--lang", lang])
    assert result.exit_code == 3
    assert result.stderr.endswith(f": {reason}\n")

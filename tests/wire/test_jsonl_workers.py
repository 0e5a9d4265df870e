"""``--workers``: the JSON-lines judge in several processes writes exactly what one
process writes, in input order, and fails the same way on a stream that cannot be read or
written (the answers of the lines read before a read failure are written first)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mjref.cli.exits import Exit
from mjref.mcr.generate import corpus, nonwinning_corpus
from mjref.wire import jsonl
from mjref.wire.jsonl import StreamError, judge_stream, mcr_family
from mjref.wire.mcr import mcr_hand_json

MJREF = str(Path(sys.executable).parent / "mjref")
ODD = [b"", b"not json", b"\xff", b"[1]", b'{"id": 3, "concealed": ["1x"], "win_tile": "1m"}']
HANDS = [json.dumps({"id": n, **mcr_hand_json(h)}).encode() for n, h in enumerate(
    [*corpus(21, 40), *nonwinning_corpus(22, 10)]
)]  # fmt: skip
LINES = [line for n, hand in enumerate(HANDS) for line in (hand, ODD[n % len(ODD)])]
FAMILY = mcr_family("mil")


def _run(source: io.BytesIO | object, workers: int) -> tuple[str, str | None]:
    out = io.StringIO()
    try:
        judge_stream(FAMILY, source, out.write, language="en", workers=workers)  # type: ignore[arg-type]
    except StreamError as error:
        return out.getvalue(), str(error)
    return out.getvalue(), None


@pytest.mark.parametrize("workers", [2, 3])
def test_several_workers_write_what_one_writes(
    workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jsonl, "CHUNK_LINES", 7)
    data = b"\n".join(LINES) + b"\n"
    one = _run(io.BytesIO(data), 1)
    several = _run(io.BytesIO(data), workers)
    assert several == one
    assert one[0].count("\n") == len(LINES)


def test_chunks_end_early_on_many_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonl, "CHUNK_BYTES", 300)
    chunks = list(jsonl._chunks(LINES))
    assert sum(len(c) for c in chunks) == len(LINES)
    assert all(sum(len(raw or b"") for raw in c[:-1]) < 300 for c in chunks)
    assert len(chunks) > 10


class _FailingSource(io.BytesIO):
    """Reads ``good`` lines, then fails."""

    def __init__(self, data: bytes, good: int) -> None:
        super().__init__(data)
        self.left = good

    def readline(self, size: int | None = -1) -> bytes:
        if self.left == 0:
            raise OSError(5, "Input/output error")
        self.left -= 1
        return super().readline(size)


@pytest.mark.parametrize("good", [0, 5, 20])
def test_a_read_failure_comes_after_the_answers_of_the_lines_read(
    good: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jsonl, "CHUNK_LINES", 7)
    data = b"\n".join(LINES) + b"\n"
    one = _run(_FailingSource(data, good), 1)
    several = _run(_FailingSource(data, good), 2)
    assert several == one
    assert one[0].count("\n") == good
    assert one[1] == "cannot read standard input: Input/output error"


def test_a_write_failure_is_named_as_one() -> None:
    def full(text: str) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(StreamError, match="cannot write standard output: No space left"):
        judge_stream(FAMILY, io.BytesIO(b"\n".join(LINES)), full, language="en", workers=2)


def test_the_installed_command_with_workers() -> None:
    data = b"\n".join(LINES[:30]) + b"\n"
    runs = [
        subprocess.run(
            [MJREF, "mcr", "judge", "--jsonl", "--convention", "mil", *extra],
            input=data,
            capture_output=True,
            timeout=120,
            check=False,
        )
        for extra in ([], ["--workers", "2"])
    ]
    assert runs[0].returncode == runs[1].returncode == 0
    assert runs[1].stdout == runs[0].stdout
    assert runs[1].stderr == b""
    refused = subprocess.run(
        [MJREF, "mcr", "judge", "--jsonl", "--workers", "0"],
        input=b"",
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert refused.returncode == Exit.BAD_INPUT
    assert refused.stderr.decode().startswith("error: ")
    assert refused.stdout == b""


@pytest.mark.parametrize("lang", ["en", "it"])
def test_workers_without_jsonl_are_refused_not_ignored(lang: str) -> None:
    done = subprocess.run(
        [MJREF, "mcr", "judge", "[123s](7777p)EE45678s+9s", "--workers", "2", "--lang", lang],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == Exit.BAD_INPUT
    assert done.stdout == b""
    line = done.stderr.decode()
    assert line.startswith("error: --workers: ")
    assert ("--jsonl (many hands)" in line) == (lang == "en")
    assert ("molte mani" in line) == (lang == "it")

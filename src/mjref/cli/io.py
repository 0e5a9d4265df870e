"""The command's standard streams and files, with one I/O error path: a stream or file that
cannot be read or written raises :class:`~mjref.wire.streams.StreamError` naming it (exit 3).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from mjref.wire.jsonread import MAX_BYTES
from mjref.wire.streams import StreamError

if TYPE_CHECKING:
    from mjref.wire.messages import JsonValue


class ReaderGoneError(StreamError):
    """Standard output was closed by the program reading it (``mjref ... | head``): the
    command stops quietly, its reader wanted no more."""


def _failed(error: OSError) -> StreamError:
    if isinstance(error, BrokenPipeError):
        return ReaderGoneError(StreamError.writing(STDOUT, error).message)
    return StreamError.writing(STDOUT, error)


STDIN = "standard input"
STDOUT = "standard output"


def write(text: str) -> None:
    """Write ``text`` and a newline on standard output."""
    stream = sys.stdout
    if stream is None:
        raise StreamError.writing(STDOUT)
    try:
        stream.write(text + "\n")
    except OSError as error:
        raise _failed(error) from None
    except UnicodeEncodeError:
        # A terminal that cannot show a character (never the case for UTF-8 output).
        try:
            stream.write(text.encode("ascii", "backslashreplace").decode("ascii") + "\n")
        except OSError as error:
            raise _failed(error) from None


def write_raw(text: str) -> None:
    """Write ``text`` as it is on standard output (the JSON-lines output)."""
    stream = sys.stdout
    if stream is None:
        raise StreamError.writing(STDOUT)
    try:
        stream.write(text)
    except OSError as error:
        raise _failed(error) from None


def write_json(value: JsonValue) -> None:
    """Write one JSON document (``docs/cli.md``: indented by 2, UTF-8)."""
    from mjref.wire.output import json_document  # here, not at the top: start-up time

    write(json_document(value))


def flush() -> None:
    """Flush standard output; a failure (a full disk) is a :class:`StreamError`."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        stream.flush()
    except OSError as error:
        raise _failed(error) from None


def give_up_stdout() -> None:
    """After standard output failed: point it at the null device so that the interpreter's
    last flush at exit does not fail again with a traceback."""
    stream = sys.stdout
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)


def stdin() -> BinaryIO:
    """Standard input as bytes; a closed standard input is a :class:`StreamError`."""
    stream = sys.stdin
    if stream is None:
        raise StreamError.reading(STDIN)
    try:
        return stream.buffer
    except (AttributeError, ValueError):
        raise StreamError.reading(STDIN) from None


def read_bytes(path: Path | None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` (standard input when ``None``), at most ``limit + 1`` of them
    (enough for the JSON reader to refuse a document that is too long)."""
    if path is None:
        source = stdin()
        try:
            return source.read(limit + 1)
        except OSError as error:
            raise StreamError.reading(STDIN, error) from None
    try:
        with path.open("rb") as stream:
            return stream.read(limit + 1)
    except OSError as error:
        raise StreamError.reading(str(path), error) from None


_collector_paused = False


def pause_collector() -> None:
    """Pause the cyclic garbage collector while the command starts up (imports, Typer's
    parameter adapters): start-up allocates many objects and frees almost none, so the
    collector's passes are wasted work, about a tenth of a short command's time. Undone by
    :func:`resume_collector` when the command itself starts; a process that stops before
    (help, a usage error) ends soon after anyway. Nothing happens if the collector is off."""
    global _collector_paused
    if gc.isenabled():
        gc.disable()
        _collector_paused = True


def resume_collector() -> None:
    """Switch the collector back on if :func:`pause_collector` switched it off, with what
    start-up left (modules, classes, adapters: kept until the process ends) moved out of
    its reach (``gc.freeze``), so that its first pass does not walk all of it."""
    global _collector_paused
    if _collector_paused:
        _collector_paused = False
        gc.freeze()
        gc.enable()


def freeze_start_up_heap() -> None:
    """Keep what the process holds now (modules, schemas, rule books, all kept until it
    ends) out of the cyclic collector's passes, which would otherwise walk it again and
    again as a bulk judge's caches grow, and again at exit: a fifth of a large batch.
    For a command that runs once per process (``judge --jsonl``), never for a server."""
    gc.freeze()

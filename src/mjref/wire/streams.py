"""Reading and writing streams: one error for a stream that fails, and lines read with
bounded memory.

A stream that cannot be read or written (a closed standard input, a full disk, a broken
pipe) raises :class:`StreamError`, which names the stream and whether reading or writing
failed; adapters map it to one exit code (``docs/cli.md``: 3).

>>> import io
>>> list(read_lines(io.BytesIO(b"a\\r\\n" + b"x" * 20 + b"\\nb"), "input", limit=8))
[b'a', None, b'b']
"""

from __future__ import annotations

import errno
from collections.abc import Iterator
from typing import BinaryIO

from mjref.messages import Message, register
from mjref.wire.jsonread import MAX_BYTES

register(
    {
        "io.cannot-read": "cannot read {stream}: {problem}",
        "io.cannot-write": "cannot write {stream}: {problem}",
        "io.closed": "it is closed",
        "io.no-such-file": "No such file or directory",
        "io.permission-denied": "Permission denied",
        "io.is-a-directory": "Is a directory",
        "io.not-a-directory": "Not a directory",
        "io.disk-full": "No space left on device",
    }
)


class StreamError(Exception):
    """A stream or file that cannot be read or written; ``message`` names it."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.english())

    @classmethod
    def reading(cls, stream: str, error: OSError | None = None) -> StreamError:
        return cls(Message("io.cannot-read", {"stream": stream, "problem": _problem(error)}))

    @classmethod
    def writing(cls, stream: str, error: OSError | None = None) -> StreamError:
        return cls(Message("io.cannot-write", {"stream": stream, "problem": _problem(error)}))


_KNOWN = {
    errno.ENOENT: "io.no-such-file",
    errno.EACCES: "io.permission-denied",
    errno.EPERM: "io.permission-denied",
    errno.EISDIR: "io.is-a-directory",
    errno.ENOTDIR: "io.not-a-directory",
    errno.ENOSPC: "io.disk-full",
}
"""The system's reasons a user meets most, as messages (in the user's language); any other
keeps the system's own wording."""


def _problem(error: OSError | None) -> object:
    if error is None:
        return Message("io.closed")
    if error.errno in _KNOWN:
        return Message(_KNOWN[error.errno])
    return error.strerror or str(error) or type(error).__name__


def read_lines(source: BinaryIO, name: str, *, limit: int = MAX_BYTES) -> Iterator[bytes | None]:
    """Each line of ``source`` without its line end (``\\n`` or ``\\r\\n``); ``None`` for a
    line longer than ``limit`` bytes, which is skipped without being kept in memory."""
    while True:
        try:
            line = source.readline(limit + 1)
        except OSError as error:
            raise StreamError.reading(name, error) from None
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                try:
                    line = source.readline(limit + 1)
                except OSError as error:
                    raise StreamError.reading(name, error) from None
            yield None
            continue
        yield line.removesuffix(b"\n").removesuffix(b"\r")

"""Rotating backups while serving: a snapshot of the database into a folder (say, on a USB
stick) every so many minutes, the oldest removed beyond a number kept, and a small status
file that the web app's dashboard reads (the last snapshot's time, or why the last one
failed: the stick pulled out, a full disk).

The snapshots are taken by one thread of ``mjref serve``'s own process (never by each web
worker); the status file is written aside and renamed, so a worker never reads half of it.
The problem of a failed snapshot is kept as a message (key and parameters), so that the
dashboard says it in each visitor's language.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import orjson

from mjref.errors import InputError
from mjref.messages import Message
from mjref.store.backup import backup, shown_path, timestamped_name
from mjref.store.sealed import Sealed
from mjref.wire.streams import StreamError

NAME = re.compile(r"mjref-\d{8}-\d{6}\.db")
"""The names of the snapshots (:func:`mjref.store.backup.timestamped_name`): only these
are ever removed from the folder."""
MAX_STATUS = 100_000


@dataclass(frozen=True, slots=True)
class SnapshotStatus:
    """What the dashboard shows: the folder, how often, how many kept, the last good
    snapshot (its local time and file name) and the last failure (local time, problem)."""

    folder: str
    every: int
    keep: int
    last_at: str | None = None
    last_file: str | None = None
    failed_at: str | None = None
    problem: Message | None = None


def rotate(folder: Path, keep: int) -> list[str]:
    """Remove the oldest snapshots of ``folder`` beyond the newest ``keep``; the names
    removed. Other files of the folder are never touched."""
    names = sorted(p.name for p in folder.iterdir() if NAME.fullmatch(p.name) and p.is_file())
    removed = names[: max(0, len(names) - keep)]
    for name in removed:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(folder / name)
    return removed


def take_snapshot(
    db: str | None, folder: Path, keep: int, *, now: datetime, sealed: Sealed | None
) -> str:
    """One snapshot of ``db`` into ``folder`` named by the time ``now``, then the rotation;
    the new file's name."""
    if not folder.is_dir():
        raise StreamError.writing(shown_path(folder), FileNotFoundError(2, "No such folder"))
    taken_at = now.isoformat(timespec="seconds")
    made = backup(
        db, folder / timestamped_name(taken_at), taken_at=taken_at, sealed=sealed, replace=True
    )
    rotate(folder, keep)
    return Path(made.path).name


def _message_value(value: object) -> object:
    if isinstance(value, Message):
        return {"key": value.key, "params": {k: _message_value(v) for k, v in value.params.items()}}
    if isinstance(value, tuple | list):
        return [_message_value(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def _message_of(value: object) -> object:
    if (
        isinstance(value, dict)
        and set(value) == {"key", "params"}
        and isinstance(value["params"], dict)
    ):
        return Message(
            str(value["key"]), {str(k): _message_of(v) for k, v in value["params"].items()}
        )
    if isinstance(value, list):
        return tuple(_message_of(v) for v in value)
    return value


def write_status(path: Path, status: SnapshotStatus) -> None:
    """Write ``status`` to ``path`` (aside, then renamed)."""
    document = {
        "folder": status.folder,
        "every": status.every,
        "keep": status.keep,
        "last_at": status.last_at,
        "last_file": status.last_file,
        "failed_at": status.failed_at,
        "problem": None if status.problem is None else _message_value(status.problem),
    }
    handle, aside = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(orjson.dumps(document))
        os.replace(aside, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(aside)


def read_status(path: str) -> SnapshotStatus | None:
    """The status written at ``path`` (``None``: no snapshots are taken, or none could be
    read yet)."""
    if not path:
        return None
    try:
        with open(path, "rb") as handle:
            found = orjson.loads(handle.read(MAX_STATUS))
        problem = _message_of(found.get("problem"))
        return SnapshotStatus(
            folder=str(found["folder"]),
            every=int(found["every"]),
            keep=int(found["keep"]),
            last_at=found.get("last_at"),
            last_file=found.get("last_file"),
            failed_at=found.get("failed_at"),
            problem=problem if isinstance(problem, Message) else None,
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def problem_of(error: BaseException) -> Message:
    """What went wrong with a snapshot, as a message."""
    if isinstance(error, StreamError | InputError):
        return error.message
    text = str(error).strip().splitlines()
    return Message("backup.failed", {"problem": text[0][:300] if text else type(error).__name__})


class Snapshots:
    """The thread that takes a snapshot at once and then every ``every`` minutes, writing
    the status file after each."""

    def __init__(
        self,
        db: str | None,
        folder: Path,
        every: int,
        keep: int,
        status_path: Path,
        *,
        sealed: Sealed | None,
        clock: Callable[[], datetime],
    ) -> None:
        self.db = db
        self.folder = folder
        self.every = every
        self.status = SnapshotStatus(str(folder), every, keep)
        self.status_path = status_path
        self.sealed = sealed
        self.clock = clock
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="mjref-backups", daemon=True)

    def start(self) -> None:
        write_status(self.status_path, self.status)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=60)

    def once(self) -> SnapshotStatus:
        """Take one snapshot now and record how it went."""
        now = self.clock()
        local = now.astimezone().strftime("%Y-%m-%d %H:%M")
        try:
            name = take_snapshot(
                self.db, self.folder, self.status.keep, now=now, sealed=self.sealed
            )
        except Exception as error:  # any failure is shown, never the end of the server
            self.status = SnapshotStatus(
                self.status.folder,
                self.every,
                self.status.keep,
                self.status.last_at,
                self.status.last_file,
                local,
                problem_of(error),
            )
        else:
            self.status = SnapshotStatus(
                self.status.folder, self.every, self.status.keep, local, name
            )
        with contextlib.suppress(OSError):
            write_status(self.status_path, self.status)
        return self.status

    def _run(self) -> None:
        while not self._stop.is_set():
            self.once()
            self._stop.wait(self.every * 60)

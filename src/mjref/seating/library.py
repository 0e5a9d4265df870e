"""The library of seat plans: the generator's plan for each common size, made in advance.

``scripts/build_seat_plans.py`` runs the generator (seed 0) once for every size it is
given and stores the plan in ``src/mjref/seating/plans/`` as package data, one file per
size (``<players>x<sessions>.plan``). A tournament's plan is then the stored plan
*relabelled* by its seed: the players and the table numbers are permuted (the same table
permutation in every session, the seats unchanged), which keeps every figure the checker
measures (repeats, winds, table revisits, common opponents, components), so the
organiser gets the generator's best plan at once instead of after seconds of search.

A stored file is ``zlib`` of one line of JSON (the size, the seed it was generated with,
how the generator made it and the figures it measured), a newline, then the seats: for
each session, for each table, the four players (East, South, West, North) as one byte
each, ``player - 1``, so at most 256 players. :func:`decode` checks the shape and
:class:`~mjref.seating.schedule.Schedule` the seats; the tests measure every stored plan
against the figures it claims.

>>> from mjref.seating.schedule import Schedule, as_sessions
>>> plan = Schedule(8, as_sessions((((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 5, 2, 6), (3, 7, 4, 8)))))
>>> from mjref.seating.metrics import measure
>>> stored = decode(encode(plan, (), measure(plan), seed=0))
>>> stored.schedule == plan
True
>>> relabel(plan, 7).players
8
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

from mjref.messages import Message
from mjref.seating.metrics import Metrics
from mjref.seating.schedule import TABLE_SIZE, Schedule, as_sessions

PLANS_FOLDER = "plans"
"""The package-data folder of :mod:`mjref.seating` holding the stored plans."""

SUFFIX = ".plan"

MIN_TABLES, MAX_TABLES = 2, 64
"""The table counts the library is meant to cover (8 to 256 players: a club evening of two
tables as well as a championship)."""

MIN_SESSIONS, MAX_SESSIONS = 1, 15
"""The session counts the library is meant to cover (one session is a single draw)."""

MAX_STORED_PLAYERS = 256
"""A seat is one byte, so a stored plan seats at most 256 players."""

FORMAT = 1
"""The version of the file layout (in each file's header)."""


class LibraryError(ValueError):
    """A stored file that is not a plan of the layout above (a broken build)."""


@dataclass(frozen=True, slots=True)
class StoredPlan:
    """One stored plan: the seats, how the generator made it, the figures it measured."""

    schedule: Schedule
    method: tuple[Message, ...]
    metrics: Metrics
    seed: int


def file_name(players: int, sessions: int) -> str:
    """The name of the stored file for a size, e.g. ``40x8.plan``."""
    return f"{players}x{sessions}{SUFFIX}"


def in_range(players: int, sessions: int) -> bool:
    """Whether the size is one the library is meant to cover (built or not)."""
    return (
        players % TABLE_SIZE == 0
        and MIN_TABLES <= players // TABLE_SIZE <= MAX_TABLES
        and MIN_SESSIONS <= sessions <= MAX_SESSIONS
    )


def _message_json(message: Message) -> dict[str, object]:
    return {"key": message.key, "params": {k: _param_json(v) for k, v in message.params.items()}}


def _param_json(value: object) -> object:
    if isinstance(value, Message):
        return {"message": _message_json(value)}
    if isinstance(value, tuple):
        return {"tuple": [_param_json(item) for item in value]}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise LibraryError(f"a method parameter that cannot be stored: {value!r}")


def _message_of(data: object) -> Message:
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        raise LibraryError("a method step without a key")
    params = data.get("params")
    if not isinstance(params, dict):
        raise LibraryError("a method step without parameters")
    return Message(data["key"], {str(k): _param_of(v) for k, v in params.items()})


def _param_of(value: object) -> object:
    if isinstance(value, dict):
        if "message" in value:
            return _message_of(value["message"])
        items = value.get("tuple")
        if isinstance(items, list):
            return tuple(_param_of(item) for item in items)
        raise LibraryError("a method parameter of unknown shape")
    return value


def encode(schedule: Schedule, method: tuple[Message, ...], metrics: Metrics, seed: int) -> bytes:
    """A plan as the bytes of its stored file (see the module doc)."""
    if schedule.players > MAX_STORED_PLAYERS:
        raise LibraryError(f"at most {MAX_STORED_PLAYERS} players can be stored")
    tables = len(schedule.sessions[0])
    if any(len(session) != tables for session in schedule.sessions):
        raise LibraryError("every session of a stored plan has the same tables")
    header = {
        "format": FORMAT,
        "players": schedule.players,
        "sessions": schedule.session_count,
        "tables": tables,
        "seed": seed,
        "method": [_message_json(step) for step in method],
        "metrics": metrics.as_dict(),
    }
    seats = bytes(p - 1 for session in schedule.sessions for table in session for p in table)
    text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return zlib.compress(text + b"\n" + seats, 9)


def _int(header: Mapping[str, object], name: str) -> int:
    value = header.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise LibraryError(f"header field {name!r} is not a whole number")
    return value


def _metrics(data: object) -> Metrics:
    if not isinstance(data, dict):
        raise LibraryError("the figures are missing")
    try:
        return Metrics(
            repeated_meetings=data["repeated_meetings"],
            pairs_meeting_more_than_twice=data["pairs_meeting_more_than_twice"],
            wind_spread=data["wind_spread"],
            table_revisits=data["table_revisits"],
            min_common_opponents=data["min_common_opponents"],
            byes=data["byes"],
            mean_common_opponents=data["mean_common_opponents"],
            components=data["components"],
        )
    except KeyError as missing:
        raise LibraryError(f"figure {missing} is missing") from None


def decode(blob: bytes) -> StoredPlan:
    """A stored file's plan; :class:`LibraryError` if it is not of the layout."""
    try:
        raw = zlib.decompress(blob)
    except zlib.error as error:
        raise LibraryError(f"not compressed data: {error}") from None
    head, sep, seats = raw.partition(b"\n")
    if not sep:
        raise LibraryError("no header line")
    try:
        header = json.loads(head)
    except ValueError as error:
        raise LibraryError(f"the header is not JSON: {error}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise LibraryError("not a stored plan of this format")
    players, sessions, tables = (_int(header, n) for n in ("players", "sessions", "tables"))
    if len(seats) != sessions * tables * TABLE_SIZE:
        raise LibraryError(f"{len(seats)} seats stored, {sessions * tables * TABLE_SIZE} expected")
    per_session = tables * TABLE_SIZE
    grouped = (
        [
            [b + 1 for b in seats[s * per_session + t * 4 : s * per_session + t * 4 + 4]]
            for t in range(tables)
        ]
        for s in range(sessions)
    )
    schedule = Schedule(players, as_sessions(grouped))
    method = header.get("method")
    if not isinstance(method, list):
        raise LibraryError("the method is missing")
    steps = tuple(_message_of(step) for step in method)
    return StoredPlan(schedule, steps, _metrics(header.get("metrics")), _int(header, "seed"))


def relabel(schedule: Schedule, seed: int) -> Schedule:
    """``schedule`` with its players and table numbers permuted by ``seed``.

    One permutation of the players and one of the table numbers (the same in every
    session); seats and sessions stay in place, so every figure is kept. The random
    numbers are drawn from a generator of their own, keyed by the seed.
    """
    rng = random.Random(f"library-relabel:{seed}")
    players = list(range(1, schedule.players + 1))
    rng.shuffle(players)
    numbers = list(range(schedule.table_count))
    rng.shuffle(numbers)
    sessions = []
    for session in schedule.sessions:
        renamed = [tuple(players[p - 1] for p in table) for table in session]
        order = sorted(range(len(session)), key=lambda t: numbers[t])
        sessions.append([renamed[t] for t in order])
    return Schedule(schedule.players, as_sessions(sessions))


def _folder() -> Traversable:
    return files("mjref.seating") / PLANS_FOLDER


@cache
def stored_sizes() -> frozenset[tuple[int, int]]:
    """``(players, sessions)`` of every plan stored."""
    folder = _folder()
    if not folder.is_dir():
        return frozenset()
    return frozenset(_size(entry.name) for entry in folder.iterdir() if entry.name.endswith(SUFFIX))


def _size(name: str) -> tuple[int, int]:
    players, _, sessions = name.removesuffix(SUFFIX).partition("x")
    return int(players), int(sessions)


def load(players: int, sessions: int) -> StoredPlan | None:
    """The stored plan for a size, or ``None`` when the library has none."""
    if (players, sessions) not in stored_sizes():
        return None
    return decode((_folder() / file_name(players, sessions)).read_bytes())


def stored_plans() -> Iterator[StoredPlan]:
    """Every stored plan, smallest first (for the tests)."""
    for players, sessions in sorted(stored_sizes()):
        plan = load(players, sessions)
        if plan is not None:
            yield plan

"""The schedule's JSON shape, as plain data (the adapters do the text and files).

The shape is ``{"players": N, "sessions": [[[e, s, w, n], ...], ...], "metrics": {...}}``
with an optional ``"substitutes": [player, ...]`` naming the players who are
substitutes. ``metrics`` is ignored on input: the checker measures afresh.

>>> data = {"players": 4, "sessions": [[[1, 2, 3, 4]]]}
>>> parse_schedule(data).schedule.sessions
(((1, 2, 3, 4),),)
>>> format_schedule(parse_schedule(data).schedule)
{'players': 4, 'sessions': [[[1, 2, 3, 4]]]}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mjref.seating.errors import SeatingError
from mjref.seating.schedule import Schedule, Table

KEYS = ("players", "sessions", "metrics", "substitutes")


@dataclass(frozen=True, slots=True)
class ParsedSchedule:
    """A schedule read from data, with the players marked as substitutes."""

    schedule: Schedule
    substitutes: tuple[int, ...] = ()


def kind_of(value: object) -> str:
    """How a decoded JSON value is described in messages (``a list``, ``a string`` ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _expect_int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeatingError.of(
            "seating.json-type", where=where, expected="a whole number", found=kind_of(value)
        )
    return value


def _expect_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SeatingError.of(
            "seating.json-type", where=where, expected="a list", found=kind_of(value)
        )
    return value


def parse_schedule(data: object, source: str = "the schedule") -> ParsedSchedule:
    """Read a schedule from decoded JSON; errors name the key, session and table."""
    if not isinstance(data, dict):
        raise SeatingError.of(
            "seating.json-type", where=source, expected="an object", found=kind_of(data)
        )
    for key in data:
        if key not in KEYS:
            raise SeatingError.of(
                "seating.json-key-unknown", where=source, name=key, expected=", ".join(KEYS)
            )
    for key in ("players", "sessions"):
        if key not in data:
            raise SeatingError.of("seating.json-key-missing", where=source, name=key)
    players = _expect_int(data["players"], "players")
    sessions: list[tuple[Table, ...]] = []
    for s, raw_session in enumerate(_expect_list(data["sessions"], "sessions")):
        tables: list[Table] = []
        for t, raw_table in enumerate(_expect_list(raw_session, f"session {s + 1}")):
            where = f"session {s + 1}, table {t + 1}"
            seats = _expect_list(raw_table, where)
            tables.append(
                tuple(_expect_int(p, f"{where}, seat {i + 1}") for i, p in enumerate(seats))
            )
        sessions.append(tuple(tables))
    schedule = Schedule(players, tuple(sessions))
    substitutes: list[int] = []
    for i, raw in enumerate(_expect_list(data.get("substitutes", []), "substitutes")):
        player = _expect_int(raw, f"substitutes, item {i + 1}")
        if not 1 <= player <= players:
            raise SeatingError.of(
                "seating.substitute-unknown", where="substitutes", player=player, players=players
            )
        if player in substitutes:
            raise SeatingError.of("seating.player-listed-twice", where="substitutes", player=player)
        substitutes.append(player)
    return ParsedSchedule(schedule, tuple(substitutes))


def format_schedule(schedule: Schedule) -> dict[str, Any]:
    """The JSON shape of ``schedule`` (without metrics; the service adds them)."""
    return {
        "players": schedule.players,
        "sessions": [[list(table) for table in session] for session in schedule.sessions],
    }

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

from mjref.errors import Where
from mjref.messages import Message
from mjref.seating.errors import SeatingError
from mjref.seating.schedule import Schedule, Table, where_of

KEYS = ("players", "sessions", "metrics", "substitutes")


@dataclass(frozen=True, slots=True)
class ParsedSchedule:
    """A schedule read from data, with the players marked as substitutes."""

    schedule: Schedule
    substitutes: tuple[int, ...] = ()


def kind_of(value: object) -> Message:
    """How a decoded JSON value is described in messages (``a list``, ``a string`` ...)."""
    if value is None:
        return Message("seating.json.null")
    if isinstance(value, bool):
        return Message("seating.json.boolean")
    if isinstance(value, int):
        return Message("seating.json.number")
    if isinstance(value, float):
        return Message("seating.json.decimal")
    if isinstance(value, str):
        return Message("seating.json.string")
    if isinstance(value, list):
        return Message("seating.json.list")
    if isinstance(value, dict):
        return Message("seating.json.object")
    return Message("seating.json.other", {"name": type(value).__name__})


def _expect_int(value: object, where: Where) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeatingError.of(
            "seating.json-type",
            where=where,
            expected=Message("seating.json.whole-number"),
            found=kind_of(value),
        )
    return value


def _expect_list(value: object, where: Where) -> list[Any]:
    if not isinstance(value, list):
        raise SeatingError.of(
            "seating.json-type",
            where=where,
            expected=Message("seating.json.list"),
            found=kind_of(value),
        )
    return value


def parse_schedule(data: object, source: Where = None) -> ParsedSchedule:
    """Read a schedule from decoded JSON; errors name the key, session and table."""
    if source is None:
        source = Message("seating.where.schedule")
    if not isinstance(data, dict):
        raise SeatingError.of(
            "seating.json-type",
            where=source,
            expected=Message("seating.json.object"),
            found=kind_of(data),
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
        for t, raw_table in enumerate(_expect_list(raw_session, where_of(s))):
            seats = _expect_list(raw_table, where_of(s, t))
            tables.append(tuple(_expect_int(p, where_of(s, t, i)) for i, p in enumerate(seats)))
        sessions.append(tuple(tables))
    schedule = Schedule(players, tuple(sessions))
    substitutes: list[int] = []
    for i, raw in enumerate(_expect_list(data.get("substitutes", []), "substitutes")):
        player = _expect_int(
            raw, Message("seating.where.item", {"list": "substitutes", "item": i + 1})
        )
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

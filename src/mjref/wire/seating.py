"""Seating's files: the schedule's JSON shape, groups files and standings, read and written.

Everything a person gives the seating commands is read here, within limits, and turned
into typed values (a :class:`~mjref.seating.schedule.Schedule`, player numbers,
:class:`~mjref.seating.constraints.ApartGroup` values); errors are
:class:`~mjref.seating.errors.SeatingError` values naming the file and the place.

The schedule's shape is ``{"players": N, "sessions": [[[e, s, w, n], ...], ...],
"metrics": {...}}`` with an optional ``"substitutes": [player, ...]``; a generated or
Swiss-seated schedule also says how it was made, ``"method"`` (the text in the chosen
language) and ``"method_steps"`` (each step ``{"key", "params", "text"}``). ``metrics``,
``method`` and ``method_steps`` are ignored on input (the checker measures afresh); any
other key is refused.

>>> plan = parse_schedule('{"players": 4, "sessions": [[[1, 2, 3, 4]]]}')
>>> plan.schedule.sessions
(((1, 2, 3, 4),),)
>>> format_schedule(plan.schedule)
{'players': 4, 'sessions': [[[1, 2, 3, 4]]]}
>>> parse_standings("3, 1\\n2 4")
(3, 1, 2, 4)
>>> parse_standings("1 1001", "ranking.txt")
Traceback (most recent call last):
...
mjref.seating.errors.SeatingError: ranking.txt, line 1, column 3: 1001 is not a player number ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mjref.errors import InputError, Where
from mjref.messages import Message
from mjref.players import MAX_PLAYERS, PlayerId, check_player_id
from mjref.seating.constraints import MAX_APART_PAIRS, ApartGroup
from mjref.seating.errors import SeatingError
from mjref.seating.schedule import MAX_SESSIONS, Schedule, Table, as_session, where_of
from mjref.services.seating import ScheduleReport
from mjref.wire.jsonread import MAX_BYTES, MAX_DIGITS, read_json
from mjref.wire.messages import method_json

KEYS = ("players", "sessions", "method", "method_steps", "metrics", "substitutes")

MAX_GROUPS = MAX_PLAYERS
"""The most groups a groups file may hold."""


@dataclass(frozen=True, slots=True)
class ParsedSchedule:
    """A schedule read from a file, with the players marked as substitutes."""

    schedule: Schedule
    substitutes: tuple[PlayerId, ...] = ()


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


def _item(source: Where, item: int) -> Message:
    return Message("seating.where.item", {"list": source, "item": item})


def _json(text: str | bytes, source: Where) -> object:
    """The JSON value in ``text`` (through the bounded reader), errors as seating errors."""
    try:
        return read_json(text)
    except InputError as error:
        raise SeatingError(error.message, where=source) from None


_WHOLE = Message("seating.json.whole-number")
_PLAYER = Message("seating.json.player-number")


def _expect_int(value: object, where: Where, expected: Message = _WHOLE) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeatingError.of(
            "seating.json-type", where=where, expected=expected, found=kind_of(value)
        )
    return value


def _expect_list(value: object, where: Where, limit: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise SeatingError.of(
            "seating.json-type",
            where=where,
            expected=Message("seating.json.list"),
            found=kind_of(value),
        )
    if limit is not None and len(value) > limit:
        raise SeatingError.of("seating.list-too-long", where=where, count=len(value), limit=limit)
    return value


def _seat(value: object, where: Where, expected: Message = _WHOLE) -> PlayerId:
    number = _expect_int(value, where, expected)
    try:
        return check_player_id(number, where)
    except InputError as error:
        raise SeatingError(error.message, where=where) from None


def schedule_from_data(data: object, source: Where = None) -> ParsedSchedule:
    """A schedule from decoded JSON; errors name the key, session, table and seat.

    Counts are checked before anything is built: at most
    :data:`~mjref.players.MAX_PLAYERS` players and
    :data:`~mjref.seating.schedule.MAX_SESSIONS` sessions.
    """
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
    if players > MAX_PLAYERS:
        raise SeatingError.of(
            "seating.too-many-players", where="players", players=players, limit=MAX_PLAYERS
        )
    raw_sessions = _expect_list(data["sessions"], "sessions", MAX_SESSIONS)
    sessions = []
    for s, raw_session in enumerate(raw_sessions):
        tables: list[Table] = []
        raw_tables = _expect_list(raw_session, where_of(s), MAX_PLAYERS // 4)
        for t, raw_table in enumerate(raw_tables):
            seats = _expect_list(raw_table, where_of(s, t), MAX_PLAYERS)
            tables.append(tuple(_seat(p, where_of(s, t, i)) for i, p in enumerate(seats)))
        sessions.append(as_session(tables))
    schedule = Schedule(players, tuple(sessions))
    substitutes: list[PlayerId] = []
    raw_substitutes = _expect_list(data.get("substitutes", []), "substitutes", MAX_PLAYERS)
    for i, raw in enumerate(raw_substitutes):
        player = _expect_int(raw, _item("substitutes", i + 1))
        if not 1 <= player <= players:
            raise SeatingError.of(
                "seating.substitute-unknown", where="substitutes", player=player, players=players
            )
        if player in substitutes:
            raise SeatingError.of("seating.player-listed-twice", where="substitutes", player=player)
        substitutes.append(PlayerId(player))
    return ParsedSchedule(schedule, tuple(substitutes))


def parse_schedule(text: str | bytes, source: str = "the schedule file") -> ParsedSchedule:
    """A schedule and its substitutes from JSON text; errors name the file and the place."""
    return schedule_from_data(_json(text, source), source)


def format_schedule(schedule: Schedule) -> dict[str, Any]:
    """The JSON shape of ``schedule`` (without metrics)."""
    return {
        "players": schedule.players,
        "sessions": [[list(table) for table in session] for session in schedule.sessions],
    }


def parse_groups(text: str | bytes, source: str = "the groups file") -> tuple[ApartGroup, ...]:
    """Groups from JSON: ``{"name": [players], ...}`` or ``[[players], ...]``.

    At most :data:`MAX_GROUPS` groups, each of distinct player numbers, and at most
    :data:`~mjref.seating.constraints.MAX_APART_PAIRS` pairs to keep apart in all.
    """
    data = _json(text, source)
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = [(f"group {i + 1}", members) for i, members in enumerate(data)]
    else:
        raise SeatingError.of(
            "seating.json-type",
            where=source,
            expected=Message("seating.json.object-or-list"),
            found=kind_of(data),
        )
    if len(items) > MAX_GROUPS:
        raise SeatingError.of(
            "seating.list-too-long", where=source, count=len(items), limit=MAX_GROUPS
        )
    groups = []
    pairs = 0
    for name, members in items:
        where = Message("seating.where.file-group", {"file": source, "group": name})
        if not isinstance(members, list):
            raise SeatingError.of(
                "seating.json-type",
                where=where,
                expected=Message("seating.json.player-list"),
                found=kind_of(members),
            )
        players: list[PlayerId] = []
        for member in members:
            if isinstance(member, bool) or not isinstance(member, int):
                raise SeatingError.of(
                    "seating.json-type",
                    where=where,
                    expected=Message("seating.json.player-numbers"),
                    found=kind_of(member),
                )
            player = _seat(member, where)
            if player in players:
                raise SeatingError.of("seating.player-listed-twice", where=where, player=player)
            players.append(player)
        pairs += len(players) * (len(players) - 1) // 2
        if pairs > MAX_APART_PAIRS:
            raise SeatingError.of("seating.groups-too-large", where=where, limit=MAX_APART_PAIRS)
        groups.append(ApartGroup(str(name), tuple(players)))
    return tuple(groups)


_TOKEN = re.compile(r"[^\s,]+")


def _ranked(token: str, where: Where) -> PlayerId:
    if not token.isdigit() or not token.isascii():
        raise SeatingError.of(
            "seating.json-type", where=where, expected=_PLAYER, found=repr(token[:20])
        )
    if len(token) > MAX_DIGITS:  # no int() of a huge number
        raise SeatingError(
            InputError.of("players.bad-id", None, value=token[:20], limit=MAX_PLAYERS).message,
            where=where,
        )
    return _seat(int(token), where)


def parse_standings(text: str | bytes, source: str = "the standings file") -> tuple[PlayerId, ...]:
    """Player numbers, leader first: a JSON list, or numbers separated by spaces, commas
    or new lines. Each is a player number (1 to :data:`~mjref.players.MAX_PLAYERS`);
    the text is at most :data:`~mjref.wire.jsonread.MAX_BYTES` long."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise SeatingError.of("json.too-long", where=source, size=len(text), limit=MAX_BYTES)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SeatingError.of("seating.not-text", where=source) from None
    if text.lstrip().startswith("["):
        data = _expect_list(_json(text, source), source)
        return tuple(
            _seat(item, _item(source, position), _PLAYER) for position, item in enumerate(data, 1)
        )
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise SeatingError.of("json.too-long", where=source, size=size, limit=MAX_BYTES)
    numbers = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        for match in _TOKEN.finditer(line):
            where = Message(
                "seating.where.line",
                {"file": source, "line": line_number, "column": match.start() + 1},
            )
            numbers.append(_ranked(match.group(), where))
    return tuple(numbers)


def parse_substitution(text: str, where: str = "--substitute") -> tuple[PlayerId, PlayerId]:
    """``OUT:IN`` as two player numbers."""
    left, sep, right = text.partition(":")
    left, right = left.strip(), right.strip()
    if not sep or not left.isdigit() or not right.isdigit() or len(text) > 20:
        raise SeatingError.of("seating.bad-substitution", where=where, text=text[:40])
    return _ranked(left, where), _ranked(right, where)


def schedule_document(report: ScheduleReport, language: str) -> dict[str, Any]:
    """The JSON shape: ``{"players", "sessions", "metrics"}``, with ``"method"`` and
    ``"method_steps"`` (in ``language``) when the report says how the schedule was made and
    ``"substitutes"`` when there are any."""
    data = format_schedule(report.schedule)
    if report.method:
        data.update(method_json(report.method, language))
    data["metrics"] = metrics_document(report)
    if report.substitutes:
        data["substitutes"] = list(report.substitutes)
    return data


def metrics_document(report: ScheduleReport) -> dict[str, Any]:
    """What the checker measured, as JSON (``group_meetings`` only when groups were given)."""
    metrics: dict[str, Any] = dict(report.metrics.as_dict())
    if report.groups_given:
        metrics["group_meetings"] = len(report.unmet)
    return metrics


def check_document(report: ScheduleReport) -> dict[str, Any]:
    """``mjref seating check --json``: the players, the metrics and the limits."""
    limits = report.limits
    return {
        "players": report.schedule.players,
        "metrics": metrics_document(report),
        "limits": {
            "repeat_free_sessions": limits.repeat_free_sessions,
            "repeated_meetings_at_least": limits.repeated_meetings_at_least,
            "table_revisits_at_least": limits.table_revisits_at_least,
        },
    }

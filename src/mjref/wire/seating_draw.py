"""The draw's JSON record: written for the public page and the API, read by ``mjref
seating verify``.

The shape (``docs/seating.md``, *A draw anyone can verify*)::

    {"tournament": "open-2026", "commitment": "<64 hex digits>",
     "committed": {"seq": 40, "by": "organiser", "at": "2026-05-01T09:00:00+00:00"},
     "seed": "<the seed>" | null,
     "revealed": {"seq": 61, "by": "organiser", "at": "..."} | null,
     "players": [3, 1, 2, ...], "fill": "substitutes", "version": "0.1.0",
     "sessions": [[[e, s, w, n], ...], ...],
     "verification": {...}}

``players`` are the tournament numbers of the plan's players 1, 2, ... in order;
``sessions`` the seating published with the seed. ``verification`` (what the server found)
is written, and ignored on input: the reader verifies afresh.
"""

from __future__ import annotations

from typing import Any

from mjref.errors import InputError, Where
from mjref.i18n import render
from mjref.messages import Message
from mjref.players import MAX_PLAYERS, PlayerId, check_player_id
from mjref.seating.draw import MAX_SEED
from mjref.seating.errors import SeatingError
from mjref.seating.schedule import where_of
from mjref.services.seating_draw import DrawRecord, DrawVerification
from mjref.tournament.events import MAX_SESSIONS, MAX_TABLES, MAX_TEXT
from mjref.wire.jsonread import read_json
from mjref.wire.messages import JsonValue, message_json

KEYS = (
    "tournament",
    "commitment",
    "committed",
    "seed",
    "revealed",
    "players",
    "fill",
    "version",
    "sessions",
    "reseated",
    "verification",
)
ENTRY_KEYS = ("seq", "by", "at")


def draw_document(
    record: DrawRecord, verification: DrawVerification | None, lang: str
) -> dict[str, JsonValue]:
    """The record as JSON, with what the verification found (if it was run)."""
    revealed: JsonValue = None
    if record.revealed_seq is not None:
        revealed = {"seq": record.revealed_seq, "by": record.revealed_by, "at": record.revealed_at}
    document: dict[str, JsonValue] = {
        "tournament": record.tournament,
        "commitment": record.commitment,
        "committed": {
            "seq": record.committed_seq,
            "by": record.committed_by,
            "at": record.committed_at,
        },
        "seed": record.seed,
        "revealed": revealed,
        "players": [int(p) for p in record.players],
        "fill": record.fill,
        "version": record.version,
        "sessions": [[[int(p) for p in table] for table in s] for s in record.seating],
        "reseated": list(record.reseated),
    }
    if verification is not None:
        document["verification"] = verification_document(verification, lang)
    return document


def verification_document(found: DrawVerification, lang: str) -> dict[str, JsonValue]:
    """What a verification found, with its outcome as a message in ``lang``."""
    difference: JsonValue = None
    if found.difference is not None:
        difference = {"session": found.difference[0], "table": found.difference[1]}
    return {
        "verified": found.verified,
        "seed_matches": found.seed_matches,
        "plan_matches": found.plan_matches,
        "difference": difference,
        "outcome": message_json(found.message(), lang),
        "notes": [message_json(note, lang) for note in found.notes],
    }


def outcome_text(found: DrawVerification, lang: str) -> str:
    """The outcome and the notes, one line each, in ``lang``."""
    return "\n".join(render(m, lang) for m in (found.message(), *found.notes))


def _type(value: object, where: Where, expected: str) -> InputError:
    from mjref.wire.seating import kind_of

    return SeatingError.of(
        "seating.json-type",
        where=where,
        expected=Message(f"seating.json.{expected}"),
        found=kind_of(value),
    )


def _object(value: object, where: Where, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _type(value, where, "object")
    for key in value:
        if key not in keys:
            raise SeatingError.of(
                "seating.json-key-unknown", where=where, name=key, expected=", ".join(keys)
            )
    return value


def _text(data: dict[str, Any], key: str, where: Where, limit: int = MAX_TEXT) -> str:
    if key not in data:
        raise SeatingError.of("seating.json-key-missing", where=where, name=key)
    value = data[key]
    if not isinstance(value, str):
        raise _type(value, key, "string")
    if len(value) > limit:
        raise SeatingError.of("seating.list-too-long", where=key, count=len(value), limit=limit)
    return value


def _int(value: object, where: Where) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _type(value, where, "whole-number")
    return value


def _list(value: object, where: Where, limit: int) -> list[Any]:
    if not isinstance(value, list):
        raise _type(value, where, "list")
    if len(value) > limit:
        raise SeatingError.of("seating.list-too-long", where=where, count=len(value), limit=limit)
    return value


def _player(value: object, where: Where) -> PlayerId:
    number = _int(value, where)
    try:
        return check_player_id(number, where)
    except InputError as error:
        raise SeatingError(error.message, where=where) from None


def _entry(data: dict[str, Any], key: str, where: Where) -> tuple[int, str, str] | None:
    if key not in data:
        raise SeatingError.of("seating.json-key-missing", where=where, name=key)
    if data[key] is None:
        return None
    place = key
    entry = _object(data[key], place, ENTRY_KEYS)
    if "seq" not in entry:
        raise SeatingError.of("seating.json-key-missing", where=place, name="seq")
    return _int(entry["seq"], place), _text(entry, "by", place), _text(entry, "at", place)


def parse_draw(text: str | bytes, source: Where = "the draw") -> DrawRecord:
    """A draw's record read from its JSON (at most 1 MiB, bounded like every input)."""
    try:
        value = read_json(text)
    except InputError as error:
        raise SeatingError(error.message, where=source) from None
    data = _object(value, source, KEYS)
    committed = _entry(data, "committed", source)
    if committed is None:
        raise SeatingError.of("seating.json-key-missing", where=source, name="committed")
    revealed = _entry(data, "revealed", source)
    seed = None if data.get("seed") is None else _text(data, "seed", source, MAX_SEED)
    players = tuple(
        _player(p, Message("seating.where.item", {"list": "players", "item": i + 1}))
        for i, p in enumerate(_list(data.get("players", []), "players", MAX_PLAYERS))
    )
    sessions = tuple(
        tuple(
            tuple(_player(p, where_of(s, t)) for p in _list(table, where_of(s, t), 4))
            for t, table in enumerate(_list(session, where_of(s), MAX_TABLES))
        )
        for s, session in enumerate(_list(data.get("sessions", []), "sessions", MAX_SESSIONS))
    )
    return DrawRecord(
        tournament=_text(data, "tournament", source),
        commitment=_text(data, "commitment", source),
        committed_seq=committed[0],
        committed_by=committed[1],
        committed_at=committed[2],
        seed=seed,
        revealed_seq=None if revealed is None else revealed[0],
        revealed_by=None if revealed is None else revealed[1],
        revealed_at=None if revealed is None else revealed[2],
        players=players,
        fill=_text(data, "fill", source) if "fill" in data else "substitutes",
        version=_text(data, "version", source) if "version" in data else "",
        seating=sessions,
        reseated=tuple(
            _int(seq, "reseated")
            for seq in _list(data.get("reseated", []), "reseated", MAX_SESSIONS)
        ),
    )

"""JSON shapes of a copied log (the hosted mirror and the standby): rows as stored, with
their hashes, sent in batches, and where a copy's log ends."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MAX_BATCH = 500
"""Rows in one batch, at most."""
MAX_DATA = 256 * 1024
"""Characters of one row's stored JSON, at most (the largest event, a 1,000-player
seating with its steps, is far below)."""


class RowJson(BaseModel):
    """One event's row as stored: position, kind, the JSON text, who, when, its hash."""

    model_config = ConfigDict(extra="forbid")
    seq: int = Field(ge=1, le=10_000_000)
    kind: str = Field(min_length=1, max_length=40)
    data: str = Field(max_length=MAX_DATA)
    actor: str = Field(max_length=200)
    at: str = Field(max_length=40)
    hash: str = Field(pattern=r"^[0-9a-f]{64}$")


class BatchJson(BaseModel):
    """Rows sent to a mirror, in order (positions one after another)."""

    model_config = ConfigDict(extra="forbid")
    events: list[RowJson] = Field(max_length=MAX_BATCH)


class HeadJson(BaseModel):
    """Where a copy's log ends: its last position (0: none) and that row's hash, and the
    tournament's standing here (``mirror``, ``promoted`` or ``null``: the server's own)."""

    model_config = ConfigDict(extra="ignore")
    tournament: str
    position: int = Field(ge=0)
    hash: str = Field(max_length=64)
    mirror: str | None = None
    added: int = 0


class RowsJson(BaseModel):
    """Rows of a log after a position (for a standby to follow)."""

    model_config = ConfigDict(extra="ignore")
    tournament: str
    position: int = Field(ge=0)
    events: list[RowJson] = Field(max_length=MAX_BATCH)


def row_json(seq: int, kind: str, data: str, actor: str, at: str, hash_: str) -> dict[str, Any]:
    return {"seq": seq, "kind": kind, "data": data, "actor": actor, "at": at, "hash": hash_}

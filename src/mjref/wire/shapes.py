"""The base of the JSON documents built as pydantic models, and a message in one.

Only the judges' and the clock's documents are models (their shapes are published in
``docs/judge-contract.md`` and checked against them); everything else is written from
plain values (:mod:`mjref.wire.messages`).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from mjref.wire.messages import JsonValue


class JsonShape(BaseModel):
    """A JSON shape mjref writes: no key beyond those declared."""

    model_config = ConfigDict(extra="forbid")


class MessageOut(JsonShape):
    """A message as JSON (``code`` and ``severity`` only where they apply); the same shape
    as :func:`mjref.wire.messages.message_json` writes."""

    code: str | None = None
    key: str
    params: dict[str, JsonValue]
    text: str
    severity: str | None = None

"""Messages in JSON: ``{"code", "key", "params", "text", "severity"}``.

Every message mjref writes as JSON carries its stable key and parameters (so any adapter
can render it again, in any language) and the text rendered in the requested language;
``code`` and ``severity`` where they apply (a finding, an error). A parameter that is
itself a message is written as ``{"key", "params", "text"}``. The same shape as a pydantic
model, for the documents that are built from models, is :class:`mjref.wire.shapes.MessageOut`
(kept apart: a command that writes no model does not pay for pydantic's model machinery).

>>> from mjref.messages import Message
>>> import mjref.players
>>> shaped = message_json(Message("players.bad-id", {"value": 0, "limit": 1000}), "en", code="x")
>>> shaped["key"], shaped["params"], shaped["text"]
('players.bad-id', {'value': 0, 'limit': 1000}, '0 is not a player number (1 to 1000)')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mjref.i18n import json_param, render
from mjref.messages import Message

JsonValue = Any
"""A value JSON can hold (``None``, ``bool``, numbers, ``str``, lists and objects of them)."""


def param_json(value: object, language: str) -> JsonValue:
    """A message parameter as a JSON value (a nested message as key, params and text; see
    :func:`mjref.i18n.json_param`)."""
    return json_param(value, language)


def params_json(params: Mapping[str, object], language: str) -> dict[str, JsonValue]:
    return {str(k): param_json(v, language) for k, v in params.items()}


def message_json(
    message: Message,
    language: str,
    *,
    code: str | None = None,
    severity: str | None = None,
) -> dict[str, JsonValue]:
    """``message`` as JSON, its text in ``language``; ``code`` and ``severity`` first and last
    when given."""
    shaped: dict[str, JsonValue] = {}
    if code is not None:
        shaped["code"] = code
    shaped["key"] = message.key
    shaped["params"] = params_json(message.params, language)
    shaped["text"] = render(message, language)
    if severity is not None:
        shaped["severity"] = severity
    return shaped


STEP_SEPARATOR = "; "
"""How the steps of a method (a seating's, say) are joined into one text (every language)."""


def steps_text(steps: Sequence[Message], language: str) -> str:
    """Steps rendered in ``language`` and joined with :data:`STEP_SEPARATOR`: the one place
    a seating method becomes text (the CLI's output and the JSON ``method`` use it; a web
    page that shows a method should too).

    >>> import mjref.seating
    >>> steps_text((Message("seating.method.affine", {"dimension": 2}),
    ...             Message("seating.method.opponents-spread")), "en")
    'affine geometry AG(2, 4); opponents spread'
    """
    return STEP_SEPARATOR.join(render(step, language) for step in steps)


def method_json(steps: Sequence[Message], language: str) -> dict[str, JsonValue]:
    """A method as JSON: ``{"method": text, "method_steps": [{"key", "params", "text"}, ...]}``,
    the text as :func:`steps_text` gives it (fields to merge into a document)."""
    return {
        "method": steps_text(steps, language),
        "method_steps": [message_json(step, language) for step in steps],
    }

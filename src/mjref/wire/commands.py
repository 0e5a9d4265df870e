"""The JSON shapes of the command catalogue (:mod:`mjref.services.catalogue`): a pydantic
model per command, derived from the command's fields and bounds (unknown fields refused),
and what a command's answer looks like in JSON."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Sequence
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from mjref.services.catalogue import Doc
from mjref.services.riichi_hands import RiichiHandEntry
from mjref.services.tournament import ImportReport, SeatingReport
from mjref.services.tournament_results import HandEntry
from mjref.tournament.events import Recorded
from mjref.tournament.state import PlayerView
from mjref.wire import tournament as wire
from mjref.wire.messages import JsonValue
from mjref.wire.riichi_hands import riichi_hand_json


@cache
def model_of(command: type) -> type[BaseModel]:
    """A pydantic model with the command's fields, types, bounds and defaults."""
    hints = typing.get_type_hints(command, include_extras=True)
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(command):
        default = ... if f.default is dataclasses.MISSING else f.default
        docs = [m.text for m in getattr(hints[f.name], "__metadata__", ()) if isinstance(m, Doc)]
        fields[f.name] = (hints[f.name], Field(default, description=docs[-1] if docs else None))
    return create_model(
        command.__name__,
        __config__=ConfigDict(extra="forbid", frozen=True),
        __doc__=command.__doc__,
        **fields,
    )


def command_of(command: type, body: BaseModel) -> object:
    """The command value from a validated body."""
    return command(**{f.name: getattr(body, f.name) for f in dataclasses.fields(command)})


def answer_json(value: object, language: str) -> dict[str, JsonValue]:
    """A command's answer in JSON: the entries it recorded and, where the service gives
    one, what it made (a player, the players, an import report, a seating, a hand)."""
    if isinstance(value, Recorded):
        return wire.entries_json([value])
    if isinstance(value, tuple) and all(isinstance(v, Recorded) for v in value):
        return wire.entries_json(value)
    if isinstance(value, PlayerView):
        return {"player": wire.player_json(value)}
    if isinstance(value, tuple) and all(isinstance(v, PlayerView) for v in value):
        return {"players": [wire.player_json(v) for v in value]}
    if isinstance(value, ImportReport):
        return wire.import_json(value, language)
    if isinstance(value, SeatingReport):
        return wire.seating_json(value, language)
    if isinstance(value, HandEntry):
        return wire.hand_json(value)
    if isinstance(value, RiichiHandEntry):
        return riichi_hand_json(value)
    raise TypeError(f"no JSON shape for {type(value).__name__}")


def catalogue_json(entries: Sequence[Any]) -> list[JsonValue]:
    """The catalogue as the API lists it: each command's name, who may run it, where it is
    reached and its JSON schema."""
    return [
        {
            "name": e.name,
            "who": e.who.value,
            "summary": e.summary,
            "cli": f"mjref {e.cli}",
            "web": e.web,
            "api": e.api,
            "schema": model_of(e.command).model_json_schema(),
        }
        for e in entries
    ]

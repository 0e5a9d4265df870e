"""One schema per hand family (mjref.schema): the hand dataclass, the JSON model, the ruling
facts and the command-line options agree with it, and one spelling per concept across the
families. A test here fails when any of them drifts."""

from __future__ import annotations

import dataclasses
import json
import typing
from typing import Any

import pytest
import typer

from mjref.cli.main import app
from mjref.mcr.generate import corpus
from mjref.mcr.hand import SCHEMA as MCR_SCHEMA
from mjref.mcr.hand import McrHand
from mjref.riichi.hand import SCHEMA as RIICHI_SCHEMA
from mjref.riichi.hand import RiichiHand
from mjref.rulings.build import HAND_FLAGS, RIICHI_FLAGS
from mjref.schema import FactKind, HandSchema
from mjref.tiles import Suit, Tile, Wind
from mjref.wire.mcr import McrHandIn, mcr_hand_from_json, mcr_hand_json
from mjref.wire.riichi import RiichiHandIn, riichi_hand_from_json, riichi_hand_json

FAMILIES = [
    pytest.param(MCR_SCHEMA, McrHand, McrHandIn, ("mcr", "judge"), id="mcr"),
    pytest.param(RIICHI_SCHEMA, RiichiHand, RiichiHandIn, ("riichi", "judge"), id="riichi"),
]

PYTHON_TYPES = {
    FactKind.FLAG: bool,
    FactKind.COUNT: int,
    FactKind.WIND: Wind,
    FactKind.TILES: tuple[Tile, ...],
    FactKind.SUITS: tuple[Suit, ...],
}


@pytest.mark.parametrize(("schema", "hand", "model", "command"), FAMILIES)
def test_the_dataclass_has_the_schemas_facts(
    schema: HandSchema, hand: type, model: type, command: tuple[str, ...]
) -> None:
    fields = [f for f in dataclasses.fields(hand) if f.name != "tiles"]
    hints = typing.get_type_hints(hand)
    assert [f.name for f in fields] == list(schema.names)
    for field, fact in zip(fields, schema, strict=True):
        assert field.default == fact.default, fact.name
        expected: Any = PYTHON_TYPES[fact.kind]
        if fact.optional:
            expected = expected | None
        assert hints[field.name] == expected, fact.name


@pytest.mark.parametrize(("schema", "hand", "model", "command"), FAMILIES)
def test_the_json_model_has_the_schemas_facts(
    schema: HandSchema, hand: type, model: type, command: tuple[str, ...]
) -> None:
    fields = model.model_fields  # type: ignore[attr-defined]
    tiles = {"melds", "concealed", "win_tile"}
    options = {"convention", "ruleset"}
    assert set(fields) - tiles - options == set(schema.names)
    for fact in schema:
        field = fields[fact.name]
        default = field.get_default(call_default_factory=True)
        if fact.kind is FactKind.WIND:
            assert default == fact.default.value, fact.name  # type: ignore[attr-defined]
        elif fact.kind in (FactKind.TILES, FactKind.SUITS):
            assert default == (None if fact.default is None else []), fact.name
        else:
            assert default == fact.default, fact.name
        if fact.kind is FactKind.COUNT:
            bounds = {type(m).__name__: m for m in field.metadata}
            assert bounds["Ge"].ge == fact.low, fact.name
            assert bounds["Le"].le == fact.high, fact.name


def test_the_ruling_facts_are_the_schemas() -> None:
    assert dict(HAND_FLAGS) == {f.name: f.kind for f in MCR_SCHEMA}
    assert dict(RIICHI_FLAGS) == {f.name: f.kind for f in RIICHI_SCHEMA}


def _command(path: tuple[str, ...]) -> Any:
    command: Any = typer.main.get_command(app)
    for name in path:
        command = command.get_command(None, name)  # loads a lazily registered command
    return command


NOT_FACTS = {
    "--convention",
    "--regulation",
    "--option",
    "--ruleset",
    "--lang",
    "--json",
    "--jsonl",
    "--workers",
    "--help",
}


@pytest.mark.parametrize(("schema", "hand", "model", "command"), FAMILIES)
def test_the_cli_options_are_the_schemas(
    schema: HandSchema, hand: type, model: type, command: tuple[str, ...]
) -> None:
    options = {
        opt: param
        for param in _command(command).params
        for opt in param.opts
        if opt.startswith("--")
    }
    assert set(options) - NOT_FACTS == {f.flag for f in schema}
    for fact in schema:
        assert options[fact.flag].help == fact.help, fact.name


def test_one_spelling_per_concept_across_the_families() -> None:
    shared = {"self_drawn", "seat_wind", "prevalent_wind"}
    assert shared <= set(MCR_SCHEMA.names) & set(RIICHI_SCHEMA.names)
    for name in shared:
        assert MCR_SCHEMA[name].flag == RIICHI_SCHEMA[name].flag
    for schema in (MCR_SCHEMA, RIICHI_SCHEMA):
        assert not {"tsumo", "round", "round_wind"} & set(schema.names)
        assert not {"--tsumo", "--round"} & {f.flag for f in schema}


def test_mcr_hands_round_trip_through_the_json_model() -> None:
    for hand in corpus(7, 300):
        text = json.dumps(mcr_hand_json(hand, "mil"))
        read = mcr_hand_from_json(json.loads(text))
        assert not isinstance(read, tuple), read
        assert read.hand == hand
        assert read.convention == "mil"


def test_a_riichi_hand_round_trips_through_the_json_model() -> None:
    hand = RiichiHand.from_notation(
        "[PPP]234m567p33s67s+8s",
        self_drawn=True,
        seat_wind=Wind.SOUTH,
        dora_indicators="9p",
        discards="1m2m",
        red_fives="p",
        honba=3,
    )
    read = riichi_hand_from_json(json.loads(json.dumps(riichi_hand_json(hand, "rcr-2012"))))
    assert not isinstance(read, tuple), read
    assert (read.hand, read.ruleset) == (hand, "rcr-2012")

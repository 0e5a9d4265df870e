"""The command catalogue is the one list of tournament actions: every command is found in
the CLI, the web and the API, and each adapter takes the command's fields (a test fails
when an option, a form field or a JSON field drifts from the command)."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import pytest
from pydantic import BaseModel

from mjref.cli.main import COMMANDS, load
from mjref.services.catalogue import CATALOGUE, ENTRIES, CatalogueEntry, Who, field_names
from mjref.web import (
    api,
    ema_pages,
    finals,
    hands,
    organiser,
    public,
    referee,
    scorer,
    teams,
    venue,
)

ADAPTER_ONLY = {"as_json", "lang", "db", "who", "tournament", "correct", "reason", "at"}
"""CLI options every recording command has (the database, who records, the language,
JSON, a correction with its reason, a clock time): not fields of a command."""


def _cli_params(path: str) -> set[str]:
    name, *rest = path.split()
    command: Any = load(name, COMMANDS[name])
    for sub in rest:
        context = type(command).context_class(command)
        command = command.get_command(context, sub)
        assert command is not None, f"mjref {path}: no such command"
    return {p.name for p in command.params}


def _routes() -> dict[tuple[str, str], Any]:
    found = {}
    for router in (
        *(m.router for m in (public, organiser, hands, referee, scorer, venue, api)),
        ema_pages.router,
        finals.router,
        teams.router,
    ):
        for route in router.routes:
            for method in getattr(route, "methods", ()):
                found[(method, route.path)] = route
    return found


ROUTES = _routes()


def _route_fields(route: Any) -> set[str]:
    dependant = route.dependant
    names = {p.name for p in (*dependant.path_params, *dependant.query_params)}
    for param in dependant.body_params:
        annotation = param.field_info.annotation
        models = [
            a
            for a in (*typing.get_args(annotation), annotation)
            if isinstance(a, type) and issubclass(a, BaseModel)
        ]
        for model in models:
            names |= set(model.model_fields)
        if not models:
            names.add(param.name)
    return names


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_the_cli_takes_the_command(entry: CatalogueEntry) -> None:
    params = _cli_params(entry.cli)
    wanted = {entry.cli_names.get(f, f) for f in field_names(entry.command)}
    assert wanted <= params, f"mjref {entry.cli} lacks {sorted(wanted - params)}"
    extra = params - wanted - ADAPTER_ONLY
    allowed_extra = EXTRA_CLI.get(entry.name, set())
    assert extra <= allowed_extra, f"mjref {entry.cli} has more: {sorted(extra - allowed_extra)}"


EXTRA_CLI: dict[str, set[str]] = {
    # `mjref hand`: --seat/--prevalent/--winds-reason override the winds the service
    # derives (with a reason); the API and the web take the derived ones.
    "hand": {"seat", "prevalent", "winds_reason"},
    # `mjref result` is both an official's entry and a player's proposal.
    "result": {"proposed_by", "code"},
    "result-propose": {"correct", "reason"},
    # `mjref riichi-hand` too: an official's entry, or a player's with --proposed-by.
    "riichi-hand": {"proposed_by", "code"},
    # `mjref rule` also rules without recording (--ruleset, --convention, --history ...).
    "ruling": {"ruleset", "convention", "history", "source", "record"},
    # `mjref seating publish` also publishes a plan made elsewhere (--plan).
    "seating-publish": {"replace", "plan", "from_session"},
    "disqualify": set(),
}


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_the_web_offers_the_command(entry: CatalogueEntry) -> None:
    assert entry.web is not None, f"{entry.name} has no web form yet"
    method, path = entry.web.split(" ", 1)
    route = ROUTES.get((method, path))
    assert route is not None, f"no route {entry.web}"
    fields = _route_fields(route)
    wanted = {
        entry.web_names.get(f, f) for f in field_names(entry.command) if f not in entry.web_omits
    }
    assert wanted <= fields, f"{entry.web} lacks {sorted(wanted - fields)}"


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_the_api_offers_the_command(entry: CatalogueEntry) -> None:
    method, path = entry.api.split(" ", 1)
    route = ROUTES.get((method, path))
    assert route is not None, f"no API operation {entry.api}"
    fields = _route_fields(route)
    wanted = {entry.api_names.get(f, f) for f in field_names(entry.command)}
    assert wanted <= fields, f"{entry.api} lacks {sorted(wanted - fields)}"


def test_names_are_unique_and_every_command_is_a_frozen_dataclass() -> None:
    assert len(ENTRIES) == len(CATALOGUE)
    for entry in CATALOGUE:
        assert dataclasses.is_dataclass(entry.command)
        params = entry.command.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen, entry.name
        assert entry.summary, entry.name
        assert entry.who in Who


@pytest.mark.parametrize("text", ["¹:10", "1:¹", "1:ruling=¹", "٣:10", "1:٢٠"])
def test_a_false_hu_with_digits_of_another_script_is_refused_clearly(text: str) -> None:
    from mjref.errors import InputError
    from mjref.services.catalogue import parse_false_hu

    with pytest.raises(InputError) as caught:
        parse_false_hu(text)
    assert caught.value.message.key == "tournament.bad-false-hu"

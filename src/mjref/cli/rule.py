"""``mjref rule``: rule on an incident under a ruleset, as text or as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from mjref.cli.errors import fail
from mjref.cli.exits import Exit
from mjref.cli.mcr import ConventionOption
from mjref.cli.rules import LangOption, reporting, ruling_text
from mjref.i18n import check_language, render
from mjref.players import PlayerId
from mjref.services.rulings import (
    DEFAULT_CONVENTION,
    DEFAULT_RULESET,
    rule,
    rule_request,
    ruling_json,
)


def parse_facts(pairs: list[str]) -> dict[str, Any]:
    """``name=value`` pairs as facts; ``hand.flowers=2`` goes into the object ``hand``.

    >>> parse_facts(["minutes=12", "hand.tiles=[123s]...", "hand.flowers=2"])
    {'minutes': '12', 'hand': {'tiles': '[123s]...', 'flowers': '2'}}
    """
    facts: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise fail(f"--fact takes NAME=VALUE (e.g. minutes=12), not {pair!r}")
        head, dot, rest = name.partition(".")
        if dot:
            group = facts.setdefault(head, {})
            if isinstance(group, str):
                group = facts[head] = {"tiles": group}
            group[rest] = value
        elif isinstance(facts.get(name), dict):
            facts[name]["tiles"] = value
        else:
            facts[name] = value
    return facts


def _read_json(path: Path | None, what: str) -> Any:
    try:
        raw = path.read_bytes() if path is not None else sys.stdin.buffer.read()
    except OSError as error:
        raise fail(f"cannot read {what} {str(path)!r}: {error.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise fail(f"{what} is not UTF-8 text", Exit.IO_ERROR) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise fail(f"{what} is not JSON: {error.msg} at line {error.lineno}") from None


def rule_command(
    incident: Annotated[
        str | None,
        typer.Argument(help="The incident type (see 'mjref rules incidents'); omit with --json."),
    ] = None,
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset", "-r", help="Ruleset and readings, e.g. mers-2010, mers-2008+italian."
        ),
    ] = DEFAULT_RULESET,
    convention: ConventionOption = DEFAULT_CONVENTION,
    lang: LangOption = "en",
    fact: Annotated[
        list[str] | None,
        typer.Option("--fact", "-f", help="A fact NAME=VALUE (repeat); hand.flowers=2 style."),
    ] = None,
    player: Annotated[
        int | None,
        typer.Option("--player", help="Who the incident is about (their player number)."),
    ] = None,
    session: Annotated[
        int | None, typer.Option("--session", help="The session (1, 2 ...).")
    ] = None,
    game: Annotated[int | None, typer.Option("--game", help="The game within the session.")] = None,
    history: Annotated[
        Path | None,
        typer.Option("--history", help="JSON file: a list of earlier incidents (the log)."),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Write the ruling as JSON; without INCIDENT, read the request as JSON "
            "from --input or standard input.",
        ),
    ] = False,
    source: Annotated[
        Path | None, typer.Option("--input", "-i", help="JSON request file (with --json).")
    ] = None,
) -> None:
    """Rule on an incident: the consequences, each with the clause that requires it."""
    with reporting(lang):
        check_language(lang)
        if incident is None:
            if not as_json:
                raise fail("give an incident type (see 'mjref rules incidents') or use --json")
            request = _read_json(source, "the request")
            if isinstance(request, dict):
                defaults = {"ruleset": ruleset, "convention": convention}
                request = {**defaults, **request}
            ruling = rule_request(request)
        else:
            if source is not None:
                raise fail("--input is for a JSON request; give facts with --fact instead")
            earlier = _read_json(history, "the history") if history is not None else []
            if not isinstance(earlier, list):
                raise fail("the history must be a JSON list of incidents")
            ruling = rule(
                incident,
                parse_facts(fact or []),
                ruleset,
                convention=convention,
                player=None if player is None else PlayerId(player),
                session=session,
                game=game,
                history=earlier,
            )
    if as_json:
        shaped = ruling_json(ruling, lang, lambda m: render(m, lang))
        typer.echo(json.dumps(shaped, ensure_ascii=False, indent=2))
        return
    for line in ruling_text(ruling, lang):
        typer.echo(line)

"""``mjref demo``: the main job (``make run``) - a demo tournament built and its standings
printed; ``--hands`` shows the MCR judge on sample hands instead."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from mjref.cli import _demo_messages, io  # noqa: F401  (registers the wording)
from mjref.cli.mcr import render_verdict
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament import standings_text
from mjref.cli.tournament_options import DbOption, now, opened
from mjref.i18n import render
from mjref.messages import Message
from mjref.services.mcr import DEFAULT_CONVENTION, judge_mcr_hand, mcr_hand
from mjref.services.tournament import current_standings, show_tournament
from mjref.services.tournament_demo import DEMO_ID, build_demo
from mjref.tiles import Wind
from mjref.wire.mcr import mcr_verdict_json
from mjref.wire.tournament import standings_json, tournament_json

COMMAND = StrictCommand


@dataclass(frozen=True, slots=True)
class Sample:
    title: str  # the key of its title (cli.demo.sample.*)
    hand: str
    self_drawn: bool = False
    prevalent_wind: Wind = Wind.EAST
    flowers: int = 0
    convention: str = DEFAULT_CONVENTION


SAMPLES = (
    Sample(
        "cli.demo.sample.valid-win",
        "[123s](7777p)EE45678s+9s",
        flowers=2,
        prevalent_wind=Wind.SOUTH,
    ),
    Sample(
        "cli.demo.sample.under-eight",
        "[123s][456p]678m11p99s+9s",
    ),
    Sample("cli.demo.sample.no-shape", "123m456p789s11pEE+S"),
    Sample(
        "cli.demo.sample.seven-pairs",
        "2244m5588p3377sW+W",
        self_drawn=True,
    ),
    Sample(
        "cli.demo.sample.seven-pairs-mil",
        "2244m5588p3377sW+W",
        self_drawn=True,
        convention="mil",
    ),
)


def demo(
    lang: LangOption = "en",
    as_json: JsonOption = False,
    hands: Annotated[bool, typer.Option("--hands", help="Judge sample MCR hands instead.")] = False,
    db: DbOption = None,
) -> None:
    """Build a demo tournament (16 players, 3 sessions of MCR, hand by hand) and print its
    standings; --hands judges a few sample hands instead. The tournament goes into a
    temporary database unless --db is given."""
    lang = language(lang)
    if hands:
        _hands(lang, as_json)
        return
    with tempfile.TemporaryDirectory() as tmp:
        where = db or f"sqlite:///{Path(tmp) / 'demo.db'}"
        with opened(where) as log:
            info = build_demo(log, now=now())
            result = current_standings(log, DEMO_ID)
            info = show_tournament(log, DEMO_ID)
    if as_json:
        io.write_json({"tournament": tournament_json(info), "standings": standings_json(result)})
        return
    headline = {
        "name": info.name,
        "ruleset": info.ruleset,
        "players": info.players,
        "sessions": info.sessions,
    }
    io.write(render(Message("cli.demo.headline", headline), lang))
    io.write("")
    standings_text(result, lang)


def _hands(lang: str, as_json: bool) -> None:
    shaped = []
    for number, sample in enumerate(SAMPLES, start=1):
        hand = mcr_hand(
            sample.hand,
            self_drawn=sample.self_drawn,
            prevalent_wind=sample.prevalent_wind,
            flowers=sample.flowers,
        )
        verdict = judge_mcr_hand(hand, sample.convention)
        if as_json:
            shaped.append(
                {"title": render(Message(sample.title), "en"), "hand": sample.hand}
                | mcr_verdict_json(verdict, lang)
            )
            continue
        title = Message(sample.title)
        io.write(render(Message("cli.demo.sample", {"number": number, "title": title}), lang))
        io.write(render_verdict(verdict, sample.hand, lang))
        io.write("")
    if as_json:
        io.write_json({"samples": shaped})

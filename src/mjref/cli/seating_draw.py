"""``mjref seating commit`` and ``mjref seating verify``: the verifiable draw.

``commit`` records the commitment to the draw's secret seed before the seating is drawn
(given with ``--commitment``, or made here from a fresh random seed, which is printed once
for the organiser to keep); ``mjref seating publish --draw SEED`` then draws the seating
with it. ``verify`` checks a draw: from the record's JSON (the public seating page's
``draw.json``, or the API's ``/api/tournaments/{tid}/draw``) or from the database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mjref.cli import _seating_messages, io  # noqa: F401  (registers the wording)
from mjref.cli.errors import usage
from mjref.cli.exits import Exit
from mjref.cli.options import JsonOption, LangOption, language
from mjref.cli.tournament_options import ActorOption, DbOption, actor, now, opened, progress
from mjref.i18n import render
from mjref.messages import Message
from mjref.services import seating_draw as service
from mjref.wire import seating_draw as wire


def _say(key: str, lang: str, **params: object) -> None:
    io.write(render(Message(f"cli.seating.{key}", params), lang))


def commit(
    tournament: Annotated[
        str,
        typer.Option(
            "--tournament",
            "-t",
            envvar="MJREF_TOURNAMENT",
            help="The tournament's id (default: MJREF_TOURNAMENT).",
            show_default=False,
        ),
    ],
    commitment: Annotated[
        str | None,
        typer.Option(
            "--commitment",
            help="The SHA-256 (hex) of the draw's secret seed; without it a seed is made here.",
        ),
    ] = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Publish the commitment to the draw's secret seed before the seating is drawn."""
    lang = language(lang)
    seed = None
    if commitment is None:
        seed, commitment = service.new_seed()
    with opened(db) as log:
        recorded = service.commit_draw(log, tournament, commitment, actor=actor(who), now=now())
    if as_json:
        io.write_json({"seq": recorded.seq, "commitment": commitment, "seed": seed})
        return
    _say("draw-committed", lang, seq=recorded.seq, commitment=commitment)
    if seed is not None:
        _say("draw-new-seed", lang, seed=seed)


def verify(
    file: Annotated[
        Path | None,
        typer.Argument(help="The draw's record (JSON), e.g. the public page's draw.json."),
    ] = None,
    tournament: Annotated[
        str | None,
        typer.Option(
            "--tournament", "-t", help="Verify the tournament's draw in the database instead."
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Verify a draw: the seed against the commitment, and the plan recomputed from the
    seed and the player list against the published seating (exit 6 if they differ)."""
    lang = language(lang)
    if (file is None) == (tournament is None):
        raise usage("cli.seating.draw-file-or-tournament")
    if file is not None:
        record = wire.parse_draw(io.read_bytes(file), str(file))
    else:
        assert tournament is not None
        with opened(db) as log:
            record = service.draw_record(log, tournament)
    if record.seed is not None:
        progress(Message("cli.seating.draw-checking"), lang)
    found = service.verify(record)
    if as_json:
        io.write_json(wire.draw_document(record, found, lang))
    else:
        _say(
            "draw-commitment",
            lang,
            commitment=record.commitment,
            seq=record.committed_seq,
            by=record.committed_by,
            at=record.committed_at,
        )
        _say(
            "draw-seed",
            lang,
            seed=record.seed,
            seq=record.revealed_seq,
            by=record.revealed_by,
            at=record.revealed_at,
        )
        io.write(wire.outcome_text(found, lang))
    if not found.verified:
        raise typer.Exit(int(Exit.TAMPERED))

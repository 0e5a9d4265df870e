"""``mjref riichi-hand``: record one riichi hand of a table entered hand by hand (RCR 2016
and 2012 game flow, ``docs/riichi.md``), or correct one with ``--correct``."""

from __future__ import annotations

from typing import Annotated

import typer

from mjref.cli import (
    _riichi_hand_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.errors import usage
from mjref.cli.options import JsonOption, LangOption, language
from mjref.cli.tournament import run_recorded, say, say_recorded
from mjref.cli.tournament_options import (
    ActorOption,
    CodeOption,
    CorrectOption,
    DbOption,
    ReasonOption,
    TournamentOption,
    actor,
    installation_secret,
    now,
    opened,
)
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services import catalogue
from mjref.services.riichi_hands import RiichiHandEntry
from mjref.wire.riichi_hands import riichi_hand_json

MAX_WINNERS = 3
TABLE = 4


def _players(values: list[int] | None, option: str, limit: int) -> tuple[int, ...]:
    found = tuple(values or ())
    if len(found) > limit:
        raise usage("cli.riichi-hand.too-many", option, option=option, limit=limit)
    return found


def riichi_hand_command(
    tournament: TournamentOption,
    session: Annotated[int, typer.Option("--session", help="The session.")],
    table: Annotated[int, typer.Option("--table", help="The table.")],
    hand: Annotated[int, typer.Option("--hand", help="The hand's number at the table (1 ...).")],
    outcome: Annotated[
        str,
        typer.Option(
            "--outcome",
            help="How the hand ended: ron, tsumo, draw, abortive, chombo, nagashi.",
        ),
    ],
    win: Annotated[
        list[str] | None,
        typer.Option(
            "--win",
            help="A winner: PLAYER:HAN:FU, PLAYER:yakuman, PLAYER:2xyakuman or "
            "PLAYER:tiles=NOTATION (repeat for a double or triple ron), with ,pao=PLAYER "
            "for the player liable for a Big Three Dragons or Big Four Winds; PLAYER alone "
            "for nagashi mangan (RCR 2012).",
        ),
    ] = None,
    discarder: Annotated[
        int | None, typer.Option("--discarder", help="Who discarded the winning tile (ron).")
    ] = None,
    riichi: Annotated[
        list[int] | None,
        typer.Option("--riichi", help="A player who declared riichi in the hand (repeat)."),
    ] = None,
    tenpai: Annotated[
        list[int] | None,
        typer.Option("--tenpai", help="A player tenpai at an exhaustive draw (repeat)."),
    ] = None,
    offender: Annotated[int | None, typer.Option("--offender", help="Who made the chombo.")] = None,
    dora: Annotated[
        str, typer.Option("--dora", help="Dora indicators, for a win given as tiles.")
    ] = "",
    ura: Annotated[
        str, typer.Option("--ura", help="Ura dora indicators, for a riichi win given as tiles.")
    ] = "",
    proposed_by: Annotated[
        int | None,
        typer.Option(
            "--proposed-by",
            help="Enter it as this player of the table (with --code): the table's hands "
            "count once a second person confirms them (mjref riichi-confirm).",
        ),
    ] = None,
    code: CodeOption = None,
    correct: CorrectOption = None,
    reason: ReasonOption = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Record one riichi hand: --outcome ron (--win and --discarder), tsumo (--win), draw
    (--tenpai), abortive (RCR 2012), chombo (--offender) or nagashi (RCR 2012, --win for
    each player who has it); --riichi for each declaration. The ruleset's game flow gives
    the scores, the dealer, counters and sticks."""
    lang = language(lang)
    if correct is not None and not reason.strip():
        raise usage("cli.tournament.correct-reason", "--reason")
    if correct is None and reason:
        raise usage("cli.tournament.reason-without-correct", "--reason")
    command = catalogue.RecordRiichiHand(
        session=session,
        table=table,
        hand=hand,
        outcome=outcome,
        win=tuple(str(w) for w in _players_text(win)),
        discarder=discarder,
        riichi=_players(riichi, "--riichi", TABLE),
        tenpai=_players(tenpai, "--tenpai", TABLE),
        offender=offender,
        dora=dora,
        ura=ura,
    )
    with opened(db) as log:
        entry = catalogue.riichi_hand(
            command,
            log,
            tournament,
            correcting=correct,
            reason=reason,
            player=None if proposed_by is None else PlayerId(proposed_by),
            code=code,
            secret=None if proposed_by is None else installation_secret(log),
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(riichi_hand_json(entry))
        return
    _say_entry(entry, hand, lang)


def _players_text(values: list[str] | None) -> list[str]:
    found = list(values or ())
    if len(found) > MAX_WINNERS:
        raise usage("cli.riichi-hand.too-many", "--win", option="--win", limit=MAX_WINNERS)
    return found


def _say_entry(entry: RiichiHandEntry, hand: int, lang: str) -> None:
    say_recorded([entry.recorded], lang)
    result, after = entry.result, entry.result.after
    players = [int(p) for p in entry.seats]
    changes = ", ".join(f"{p}: {c:+d}" for p, c in zip(players, result.changes, strict=True))
    scores = ", ".join(f"{p}: {s}" for p, s in zip(players, after.scores, strict=True))
    say(Message("cli.riichi-hand.changes", {"hand": hand, "changes": changes}), lang)
    say(Message("cli.riichi-hand.scores", {"scores": scores}), lang)
    for player, points in zip(players, result.after_uma, strict=True):
        if points:
            say(Message("cli.riichi-hand.after-uma", {"player": player, "points": points}), lang)
    if after.over:
        say(Message("cli.riichi-hand.over", {"sticks": len(after.sticks)}), lang)
        return
    say(
        Message(
            "cli.riichi-hand.next",
            {
                "wind": after.prevalent_wind.value,
                "number": after.round_hand,
                "dealer": players[after.dealer],
                "honba": after.honba,
                "sticks": len(after.sticks),
            },
        ),
        lang,
    )


def riichi_confirm_command(
    tournament: TournamentOption,
    session: Annotated[int, typer.Option("--session", help="The session.")],
    table: Annotated[int, typer.Option("--table", help="The table.")],
    hands: Annotated[
        int, typer.Option("--hands", help="How many hands the table has, as you checked them.")
    ],
    player: Annotated[
        int | None,
        typer.Option(
            "--player",
            help="A player of the table confirming (not one who entered the hands awaiting "
            "it), with --code; leave out when a referee or the organiser confirms.",
        ),
    ] = None,
    code: CodeOption = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Confirm a riichi table's hands entered by one of its players: from now on they
    count as the table's result."""
    lang = language(lang)
    command = catalogue.ConfirmRiichiHands(session, table, hands, player, code)
    run_recorded(
        "riichi-hands-confirm",
        command,
        tournament,
        db,
        who,
        as_json,
        lang,
        with_secret=player is not None,
    )

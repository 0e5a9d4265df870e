"""``mjref hand``, ``mjref result``, ``mjref late``, ``mjref substitute`` and ``mjref
disqualify``: what happens at the tables, into the log (``docs/tournament.md``)."""

from __future__ import annotations

from typing import Annotated

import typer

from mjref.cli import (
    _tournament_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.errors import usage
from mjref.cli.options import JsonOption, LangOption, language
from mjref.cli.rules import ruling_text
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
from mjref.services import mcr as mcr_service
from mjref.services import tournament_results as service
from mjref.services import tournament_review as review
from mjref.tiles import Wind
from mjref.tournament.events import SubstitutionReason
from mjref.wire import tournament as wire

MAX_FALSE_HUS = 3
MAX_SCORES_TEXT = 200


def _correction(correct: int | None, reason: str) -> None:
    if correct is not None and not reason.strip():
        raise usage("cli.tournament.correct-reason", "--reason")
    if correct is None and reason:
        raise usage("cli.tournament.reason-without-correct", "--reason")


def _false_hu(text: str) -> service.FalseHuEntry:
    player, sep, rest = text.partition(":")
    bad = usage("cli.tournament.bad-false-hu", "--false-hu", value=text[:60])
    if not sep or not catalogue.digits(player.strip(), 5):
        raise bad
    who = PlayerId(int(player))
    rest = rest.strip()
    if catalogue.digits(rest, 3):
        return service.FalseHuEntry(who, per_opponent=int(rest))
    kind, eq, value = rest.partition("=")
    if eq and kind == "ruling" and catalogue.digits(value, 9):
        return service.FalseHuEntry(who, ruling=int(value))
    if eq and kind == "hand" and value:
        return service.FalseHuEntry(who, hand=mcr_service.mcr_hand(value))
    raise bad


def _wind(code: str | None) -> Wind | None:
    return None if code is None else Wind.from_code(code.strip().upper())


def hand_command(
    tournament: TournamentOption,
    session: Annotated[int, typer.Option("--session", help="The session.")],
    table: Annotated[int, typer.Option("--table", help="The table.")],
    hand: Annotated[int, typer.Option("--hand", help="The hand's number at the table (1 ...).")],
    winner: Annotated[int | None, typer.Option("--winner", help="Who won (player number).")] = None,
    discarder: Annotated[
        int | None, typer.Option("--discarder", help="Who discarded the winning tile.")
    ] = None,
    self_drawn: Annotated[
        bool, typer.Option("--self-drawn", help="Won on a self-drawn tile.")
    ] = False,
    draw: Annotated[bool, typer.Option("--draw", help="Nobody won.")] = False,
    points: Annotated[
        int | None, typer.Option("--points", help="The hand's points, flowers included.")
    ] = None,
    flowers: Annotated[int, typer.Option("--flowers", help="Flowers in the winning hand.")] = 0,
    tiles: Annotated[
        str | None,
        typer.Option("--tiles", help="The winning hand in notation, valued by the MCR judge."),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            help="With --tiles: the winner's seat wind (E, S, W, N) instead of the one that "
            "follows from the seating and --hand; needs --winds-reason.",
        ),
    ] = None,
    prevalent: Annotated[
        str | None,
        typer.Option(
            "--prevalent",
            help="With --tiles: the prevalent wind (E, S, W, N) instead of the one that "
            "follows from --hand; needs --winds-reason.",
        ),
    ] = None,
    winds_reason: Annotated[
        str,
        typer.Option("--winds-reason", help="Why --seat or --prevalent is given (stored)."),
    ] = "",
    false_hu: Annotated[
        list[str] | None,
        typer.Option(
            "--false-hu",
            help="A false hu during the hand: PLAYER:10, PLAYER:20, PLAYER:ruling=POSITION "
            "or PLAYER:hand=NOTATION (repeat for several).",
        ),
    ] = None,
    correct: CorrectOption = None,
    reason: ReasonOption = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Record one MCR hand: the winner and the discarder (or --self-drawn), or --draw; the
    points (or the hand in notation, judged with the winner's seat wind and the prevalent
    wind that follow from the seating and --hand); false hus declared during it."""
    lang = language(lang)
    _correction(correct, reason)
    outcome = catalogue.hand_outcome(winner, discarder, self_drawn, draw)
    entries = [_false_hu(text) for text in false_hu or []]
    if len(entries) > MAX_FALSE_HUS:
        raise usage("cli.tournament.bad-false-hu", "--false-hu", value="...")
    declared = None
    if tiles is not None:
        declared = mcr_service.mcr_hand(tiles, self_drawn=self_drawn, flowers=flowers)
    with opened(db) as log:
        entry = service.record_hand(
            log,
            tournament,
            session=session,
            table=table,
            hand=hand,
            outcome=outcome,
            winner=None if winner is None else PlayerId(winner),
            discarder=None if discarder is None else PlayerId(discarder),
            points=points,
            flowers=flowers,
            declared=declared,
            seat_wind=_wind(seat),
            prevalent_wind=_wind(prevalent),
            winds_reason=winds_reason,
            false_hus=entries,
            correcting=correct,
            reason=reason,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(wire.hand_json(entry))
        return
    say_recorded([entry.recorded], lang)
    payments = ", ".join(f"{p}: {a:+d}" for p, a in entry.payments.items())
    say(
        Message(
            "cli.tournament.payments", {"hand": hand, "points": entry.points, "payments": payments}
        ),
        lang,
    )
    event = entry.recorded.event
    event = getattr(event, "replacement", event)  # a correction: the hand it records
    seat_wind, prevalent_wind = (
        getattr(event, "seat_wind", None),
        getattr(event, "prevalent_wind", None),
    )
    if seat_wind is not None and prevalent_wind is not None:
        say(
            Message(
                "cli.tournament.hand-winds",
                {"hand": hand, "seat": seat_wind.value, "prevalent": prevalent_wind.value},
            ),
            lang,
        )


def _scores(text: str) -> list[int]:
    bad = usage("cli.tournament.not-a-score-list", "--scores", value=text[:60])
    parts = [p.strip() for p in text.split(",")]
    if len(text) > MAX_SCORES_TEXT or len(parts) != 4:
        raise bad
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise bad from None


def result_command(
    tournament: TournamentOption,
    session: Annotated[int, typer.Option("--session", help="The session.")],
    table: Annotated[int, typer.Option("--table", help="The table.")],
    scores: Annotated[
        str, typer.Option("--scores", help="The four scores in seat order: E,S,W,N.")
    ],
    sticks: Annotated[
        int, typer.Option("--sticks", help="Riichi: sticks left on the table at the end.")
    ] = 0,
    proposed_by: Annotated[
        int | None,
        typer.Option(
            "--proposed-by",
            help="Enter it as proposed by this player of the table: it counts once a "
            "second person confirms it (mjref confirm).",
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
    """A table's session result: MCR, the four session totals of the score sheet (adding up
    to zero); riichi, the four final scores and the sticks left (making up 4 x the starting
    points)."""
    lang = language(lang)
    _correction(correct, reason)
    values = _scores(scores)
    if proposed_by is not None and correct is not None:
        raise usage("cli.tournament.proposed-by-correct", "--proposed-by")
    with opened(db) as log:
        if proposed_by is not None:
            recorded = review.propose_result(
                log,
                tournament,
                session=session,
                table=table,
                scores=values,
                sticks=sticks,
                player=PlayerId(proposed_by),
                code=code,
                secret=installation_secret(log),
                actor=actor(who),
                now=now(),
            )
        else:
            recorded = service.record_result(
                log,
                tournament,
                session=session,
                table=table,
                scores=values,
                sticks=sticks,
                correcting=correct,
                reason=reason,
                actor=actor(who),
                now=now(),
            )
    if as_json:
        io.write_json(wire.entries_json([recorded]))
    else:
        say_recorded([recorded], lang)


def late_command(
    player: Annotated[int, typer.Argument(help="The late player's number.")],
    tournament: TournamentOption,
    session: Annotated[int, typer.Option("--session", help="The session.")],
    minutes: Annotated[int, typer.Option("--minutes", help="Whole minutes late.")],
    substitute: Annotated[
        int | None,
        typer.Option("--substitute", help="Who plays instead (beyond the ruleset's limit)."),
    ] = None,
    correct: CorrectOption = None,
    reason: ReasonOption = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """A player arrives late: the ruleset's lateness ruling (MERS 2.3 and its readings, the
    2009 overview, RCR 5.7 / 5.6), recorded; beyond the limit a substitute plays."""
    lang = language(lang)
    _correction(correct, reason)
    with opened(db) as log:
        entry = service.record_lateness(
            log,
            tournament,
            player=PlayerId(player),
            session=session,
            minutes=minutes,
            substitute=None if substitute is None else PlayerId(substitute),
            correcting=correct,
            reason=reason,
            actor=actor(who),
            now=now(),
        )
    _ruling_out(entry, as_json, lang)


def _ruling_out(entry: service.RulingEntry, as_json: bool, lang: str) -> None:
    if as_json:
        io.write_json(wire.ruling_entry_json(entry, lang))
        return
    for line in ruling_text(entry.ruling, lang):
        io.write(line)
    say_recorded(list(entry.recorded), lang)


def substitute_command(
    player: Annotated[int, typer.Argument(help="The player replaced.")],
    tournament: TournamentOption,
    session: Annotated[int, typer.Option("--session", help="The session.")],
    by: Annotated[int, typer.Option("--by", help="The substitute's number.")],
    why: Annotated[str, typer.Option("--why", help="late, illness, disqualified or withdrawn.")],
    during_play: Annotated[
        bool, typer.Option("--during-play", help="Play at the table had begun.")
    ] = False,
    correct: CorrectOption = None,
    reason: ReasonOption = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """A substitute takes a player's seat for a session (MERS 2010 4.1-4.2, RCR 5.8/5.7)."""
    lang = language(lang)
    _correction(correct, reason)
    cause = catalogue.parse_choice(SubstitutionReason, why, "--why")
    with opened(db) as log:
        recorded = service.substitute(
            log,
            tournament,
            session=session,
            player=PlayerId(player),
            substitute=PlayerId(by),
            reason=cause,
            during_play=during_play,
            correcting=correct,
            note=reason,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(wire.entries_json([recorded]))
    else:
        say_recorded([recorded], lang)


def disqualify_command(
    player: Annotated[int, typer.Argument(help="The player disqualified.")],
    tournament: TournamentOption,
    session: Annotated[int, typer.Option("--session", help="The session it happened in.")],
    incident: Annotated[
        str | None,
        typer.Option(
            "--incident", help="Rule on this incident (cheating, serious-disturbance ...)."
        ),
    ] = None,
    fact: Annotated[
        list[str] | None, typer.Option("--fact", "-f", help="A fact NAME=VALUE of the incident.")
    ] = None,
    scope: Annotated[
        str | None, typer.Option("--scope", help="The referee's decision: session or tournament.")
    ] = None,
    substitute: Annotated[
        int | None, typer.Option("--substitute", help="Who takes the seat for the session.")
    ] = None,
    before_play: Annotated[
        bool, typer.Option("--before-play", help="The substitute sits down before play begins.")
    ] = False,
    note: Annotated[str, typer.Option("--note", help="A note.")] = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Disqualify a player: on an incident whose ruling disqualifies (MERS 3.5, RCR 5.5), or
    by the referee's decision with --scope; a substitute may take the seat."""
    lang = language(lang)
    command = catalogue.Disqualify(
        player,
        session,
        incident,
        tuple(fact or ()),
        scope,
        substitute,
        before_play,
        note,
    )
    run_recorded("disqualify", command, tournament, db, who, as_json, lang)

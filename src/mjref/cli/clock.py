"""``mjref clock start|pause|resume|end|extra|status|notice``: the session clock
(``docs/clock.md``) and the notice on the venue screen.

Each change is an entry in the log with who (``--actor``) and when; ``--at`` says it
happened a little earlier (up to 24 hours, never ahead of now). ``status`` shows the clock
at this moment, or at ``--at``. Times are shown in this computer's time zone; with
``--json`` they are ISO 8601 in UTC (:mod:`mjref.wire.clock`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated

import typer

from mjref.cli import (
    _clock_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.errors import StrictGroup
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament import say, say_recorded
from mjref.cli.tournament_options import (
    ActorOption,
    DbOption,
    TournamentOption,
    actor,
    now,
    opened,
)
from mjref.i18n import render
from mjref.messages import Message
from mjref.services import tournament_clock as service
from mjref.services import tournament_review as review
from mjref.services.tournament import EventLog
from mjref.services.tournament_clock import ClockChange
from mjref.tournament.clock import ClockSignal, ClockState, RuleNow
from mjref.wire import clock as wire
from mjref.wire import tournament as wire_tournament

app = typer.Typer(
    cls=StrictGroup,
    help="The session clock: start, pause, resume, end, extra time for a table, status; the"
    " notice on the venue screen.",
    no_args_is_help=True,
)

SessionArgument = Annotated[int, typer.Argument(help="The session.", show_default=False)]
AtOption = Annotated[
    str | None,
    typer.Option(
        "--at",
        help=(
            "When it happened, if not now: ISO 8601 (2026-06-01T14:05:00+02:00) or HH:MM[:SS] "
            "today, in this computer's time zone when no offset is given."
        ),
        show_default=False,
    ),
]


def duration(seconds: int) -> str:
    """``seconds`` as H:MM:SS.

    >>> duration(0), duration(59), duration(5400), duration(36061)
    ('0:00:00', '0:00:59', '1:30:00', '10:01:01')
    """
    hours, rest = divmod(max(seconds, 0), 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def clock_time(value: int | None, today: int, lang: str) -> str:
    """A moment in this computer's time zone: the time of day, with the date when it is
    not ``today``'s; 'not known yet' for ``None``."""
    if value is None:
        return render(Message("cli.clock.unknown", {}), lang)
    shown = datetime.fromtimestamp(value).astimezone()
    if shown.date() != datetime.fromtimestamp(today).astimezone().date():
        return shown.strftime("%Y-%m-%d %H:%M:%S")
    return shown.strftime("%H:%M:%S")


def _signal_line(signal: ClockSignal | None, state: ClockState, lang: str) -> Message:
    if signal is None:
        return Message("cli.clock.no-signal", {"ruleset": state.ruleset})
    lead = Message("rulings.quantity.minutes", {"count": signal.minutes})
    params: dict[str, object] = {"lead": lead, "clause": signal.clause}
    if signal.at is None:
        return Message("cli.clock.signal-open", params)
    params["at"] = clock_time(signal.at, state.now, lang)
    return Message("cli.clock.signal-passed" if signal.passed else "cli.clock.signal-due", params)


def _rule_lines(rules: tuple[RuleNow, ...], lang: str, indent: str) -> None:
    for rule in rules:
        case = Message(f"clock.case.{rule.case}", {})
        if rule.clauses:
            head = Message(
                "cli.clock.rule-case", {"case": case, "clauses": ", ".join(rule.clauses)}
            )
        else:
            head = Message("cli.clock.rule-case-uncited", {"case": case})
        io.write(indent + render(head, lang))
        for said in (*rule.says, *rule.notes):
            io.write(indent + "  " + render(said, lang))


def status_text(state: ClockState, lang: str) -> None:
    """The clock in words, line by line."""
    phase = Message(f"clock.phase.{state.phase.value}", {})
    stage = Message(f"clock.stage.{state.stage.value}", {})
    say(
        Message(
            "cli.clock.headline",
            {"session": state.session, "ruleset": state.ruleset, "phase": phase, "stage": stage},
        ),
        lang,
    )
    say(
        Message(
            "cli.clock.time-left",
            {
                "remaining": duration(state.remaining),
                "length": duration(state.minutes * 60),
                "elapsed": duration(state.elapsed),
                "paused": duration(state.paused_for),
            },
        ),
        lang,
    )
    if state.overtime:
        say(Message("cli.clock.overtime", {"overtime": duration(state.overtime)}), lang)

    def at(key: str, value: int | None) -> None:
        say(Message(f"cli.clock.{key}", {"at": clock_time(value, state.now, lang)}), lang)

    if state.started_at is not None:
        at("started-at", state.started_at)
    if state.paused_at is not None:
        at("paused-since", state.paused_at)
        reason = state.pauses[-1].reason
        if reason:
            say(Message("cli.clock.reason", {"reason": reason}), lang)
    if state.ended_at is not None:
        at("ended-at", state.ended_at)
    elif state.ends_at is not None:
        at("ends-at", state.ends_at)
    elif state.started_at is not None:
        say(Message("cli.clock.ends-paused", {}), lang)
    say(_signal_line(state.signal, state, lang), lang)
    for table in state.tables:
        say(
            Message(
                "cli.clock.table",
                {
                    "table": table.table,
                    "extra": Message("rulings.quantity.minutes", {"count": table.extra_minutes}),
                    "stage": Message(f"clock.stage.{table.stage.value}", {}),
                    "remaining": duration(table.remaining),
                    "at": clock_time(table.ends_at, state.now, lang),
                },
            ),
            lang,
        )
        for grant in table.grants:
            line = Message(
                "cli.clock.grant",
                {
                    "minutes": Message("rulings.quantity.minutes", {"count": grant.minutes}),
                    "at": clock_time(grant.time, state.now, lang),
                    "actor": grant.actor,
                    "seq": grant.seq,
                    "reason": grant.reason,
                },
            )
            io.write("  " + render(line, lang))
        if table.rules and table.stage is not state.stage:
            _rule_lines(table.rules, lang, "  ")
    if state.rules:
        say(Message("cli.clock.rules-now", {}), lang)
        _rule_lines(state.rules, lang, "  ")


def _at(text: str | None) -> datetime | None:
    return None if text is None else wire.parse_moment(text, now(), where="--at")


def _change(
    db: str | None,
    as_json: bool,
    lang: str,
    call: Callable[[EventLog], ClockChange],
) -> None:
    lang = language(lang)
    with opened(db) as log:
        change = call(log)
    if as_json:
        io.write_json(wire.change_json(change, lang))
        return
    say_recorded(change.recorded, lang)
    status_text(change.state, lang)


@app.command("start", cls=StrictCommand)
def start_command(
    session: SessionArgument,
    tournament: TournamentOption,
    minutes: Annotated[
        int | None,
        typer.Option("--minutes", help="Length of this session (default: the tournament's)."),
    ] = None,
    at: AtOption = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The start signal: the session's clock runs (the session is opened if it was not)."""
    when = _at(at)
    _change(
        db,
        as_json,
        lang,
        lambda log: service.start_session(
            log, tournament, session, minutes=minutes, at=when, actor=actor(who), now=now()
        ),
    )


@app.command("pause", cls=StrictCommand)
def pause_command(
    session: SessionArgument,
    tournament: TournamentOption,
    reason: Annotated[str, typer.Option("--reason", help="Why the room waits.")] = "",
    at: AtOption = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Stop the session's clock for the whole room."""
    when = _at(at)
    _change(
        db,
        as_json,
        lang,
        lambda log: service.pause_session(
            log, tournament, session, reason=reason, at=when, actor=actor(who), now=now()
        ),
    )


@app.command("resume", cls=StrictCommand)
def resume_command(
    session: SessionArgument,
    tournament: TournamentOption,
    at: AtOption = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Let the paused clock run again."""
    when = _at(at)
    _change(
        db,
        as_json,
        lang,
        lambda log: service.resume_session(
            log, tournament, session, at=when, actor=actor(who), now=now()
        ),
    )


@app.command("end", cls=StrictCommand)
def end_command(
    session: SessionArgument,
    tournament: TournamentOption,
    reason: Annotated[str, typer.Option("--reason", help="Why, if not the time.")] = "",
    at: AtOption = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Play of the session is over: the clock stops for good."""
    when = _at(at)
    _change(
        db,
        as_json,
        lang,
        lambda log: service.end_session(
            log, tournament, session, reason=reason, at=when, actor=actor(who), now=now()
        ),
    )


@app.command("extra", cls=StrictCommand)
def extra_command(
    session: SessionArgument,
    tournament: TournamentOption,
    table: Annotated[int, typer.Option("--table", help="The table.", show_default=False)],
    minutes: Annotated[
        int, typer.Option("--minutes", help="Minutes more (1 to 60).", show_default=False)
    ],
    reason: Annotated[
        str,
        typer.Option(
            "--reason", help="Why (e.g. play frozen for a ruling, MERS 2.1).", show_default=False
        ),
    ],
    at: AtOption = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Give one table extra time; only that table's end moves."""
    when = _at(at)
    _change(
        db,
        as_json,
        lang,
        lambda log: service.grant_extra_time(
            log,
            tournament,
            session,
            table,
            minutes,
            reason=reason,
            at=when,
            actor=actor(who),
            now=now(),
        ),
    )


@app.command("status", cls=StrictCommand)
def status_command(
    tournament: TournamentOption,
    session: Annotated[
        int | None,
        typer.Argument(help="The session (default: the one in play).", show_default=False),
    ] = None,
    at: Annotated[
        str | None,
        typer.Option(
            "--at",
            help="Show the clock as it stood (or will stand) at this time: ISO 8601 or HH:MM.",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The clock now: running or paused, time left, the signal, tables with extra time, and
    what the rules say happens now."""
    lang = language(lang)
    moment = now() if at is None else wire.parse_moment(at, now(), where="--at")
    with opened(db) as log:
        state = service.clock_state(log, tournament, session, moment)
    if as_json:
        io.write_json(wire.clock_json(state, lang))
    else:
        status_text(state, lang)


@app.command("notice", cls=StrictCommand)
def notice_command(
    tournament: TournamentOption,
    text: Annotated[
        str, typer.Argument(help="The notice for the venue screen; an empty text clears it.")
    ] = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The organiser's notice on the venue screen (one line; an empty text clears it)."""
    lang = language(lang)
    with opened(db) as log:
        recorded = review.announce(log, tournament, text=text, actor=actor(who), now=now())
    if as_json:
        io.write_json(wire_tournament.entries_json([recorded]))
    else:
        say_recorded([recorded], lang)

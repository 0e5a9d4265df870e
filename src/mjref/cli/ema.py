"""``mjref ema import-list|warnings|accept|details|weight|checklist|ranking-import|ranking|
observer|readings``: the EMA player list, the registrations' EMA numbers checked against
it, the tournament's MERS weight, the organiser's checklist, each player's EMA rating with
this event, the observer report and the named readings applied (``docs/ema.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mjref.cli import (
    _ema_messages,  # noqa: F401  (registers the wording)
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
    progress,
    read_text,
)
from mjref.i18n import render
from mjref.messages import Message
from mjref.players import PlayerId

if TYPE_CHECKING:
    from mjref.store import SqlEventLog

app = typer.Typer(
    cls=StrictGroup,
    help="The EMA: its player list, EMA numbers checked, the MERS weight.",
    no_args_is_help=True,
)

MAX_LIST = 10 << 20
"""The largest EMA player list read (10 MiB)."""


@app.command("import-list", cls=StrictCommand)
def import_list(
    file: Annotated[
        Path, typer.Argument(help="CSV of the EMA's player list: number,name,country.")
    ],
    skip_bad: Annotated[
        bool, typer.Option("--skip-bad", help="Import the good rows, list the bad ones.")
    ] = False,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Import the EMA's player list (it replaces the list imported before). Every bad row
    is reported with its line and reason, and nothing is imported if any row is bad
    (unless --skip-bad)."""
    from mjref.services import ema as service
    from mjref.store.ema_list import SqlEmaList
    from mjref.wire import ema as wire

    lang = language(lang)
    text = read_text(file, MAX_LIST)
    with opened(db) as log:
        report = service.import_ema_list(
            SqlEmaList(log.engine),
            text,
            source=file.name,
            skip_bad=skip_bad,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(wire.list_import_json(report, lang))
        return
    say(Message("ema.list-imported", {"count": report.players}), lang)
    for problem in report.skipped:
        say(Message("ema.row-skipped", {"line": problem.line, "reason": problem.reason}), lang)


@app.command("warnings", cls=StrictCommand)
def warnings_command(
    tournament: TournamentOption,
    player: Annotated[
        list[int] | None, typer.Option("--player", help="Only these players (repeatable).")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The warnings about the players' EMA numbers: numbers not on the EMA's list, a
    number given twice, a name or a country that differs (accepted ones marked)."""
    from mjref.services import ema as service
    from mjref.store.ema_list import SqlEmaList
    from mjref.wire import ema as wire

    lang = language(lang)
    with opened(db) as log:
        report = service.number_warnings(
            log, tournament, SqlEmaList(log.engine), players=tuple(player or ())
        )
    if as_json:
        io.write_json(wire.warnings_json(report, lang))
        return
    if report.list_import is None:
        say(Message("ema.warning.no-list", {}), lang)
        return
    at, who_, players, _ = report.list_import
    say(Message("ema.list-from", {"at": at, "actor": who_, "players": players}), lang)
    if not report.warnings:
        say(Message("ema.no-warnings", {}), lang)
    for w in report.warnings:
        parts = [w.message, Message("ema.accepted", {})] if w.accepted else [w.message]
        io.write(" ".join(render(m, lang) for m in parts))


@app.command("accept", cls=StrictCommand)
def accept_command(
    tournament: TournamentOption,
    player: Annotated[int, typer.Option("--player", help="The player's number.")],
    warning: Annotated[str, typer.Option("--warning", help="unknown, duplicate, name or country.")],
    note: Annotated[str, typer.Option("--note", help="Why it is accepted.")] = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Accept a warning about a player's EMA number: it stays listed, marked accepted;
    the registration is not changed."""
    from mjref.services import ema as service
    from mjref.wire import tournament as twire

    lang = language(lang)
    with opened(db) as log:
        recorded = service.accept_warning(
            log, tournament, PlayerId(player), warning, note=note, actor=actor(who), now=now()
        )
    if as_json:
        io.write_json({"recorded": [twire.recorded_json(recorded)]})
        return
    say_recorded((recorded,), lang)


@app.command("details", cls=StrictCommand)
def details_command(
    tournament: TournamentOption,
    days: Annotated[int, typer.Option("--days", help="Days of play (1 to 3).", min=1, max=3)],
    host_country: Annotated[
        str, typer.Option("--host-country", help="The organising country (ISO 3166-1).")
    ],
    qualifying: Annotated[
        bool, typer.Option("--qualifying", help="Players had to qualify (+1).")
    ] = False,
    reading: Annotated[
        str, typer.Option("--reading", help="countries-current (default) or countries-2018.")
    ] = "countries-current",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Set what the MERS weight needs beyond the registrations: the days of play, whether
    players had to qualify, the organising country and the reading of the countries'
    bands (they replace the ones before)."""
    from mjref.services import ema as service
    from mjref.wire import tournament as twire

    lang = language(lang)
    with opened(db) as log:
        recorded = service.set_ema_details(
            log,
            tournament,
            days=days,
            qualifying=qualifying,
            host_country=host_country,
            reading=reading,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json({"recorded": [twire.recorded_json(recorded)]})
        return
    say_recorded((recorded,), lang)


@app.command("weight", cls=StrictCommand)
def weight_command(
    tournament: TournamentOption,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The tournament's MERS weight as the log stands, and how it was reached."""
    from mjref.services import ema as service
    from mjref.wire import ema as wire

    lang = language(lang)
    with opened(db) as log:
        report = service.weight_of(log, tournament)
    if as_json:
        io.write_json(wire.weight_json(report, lang))
        return
    d = report.details
    yes = Message("cli.ema.yes" if d.qualifying else "cli.ema.no", {})
    say(Message("cli.ema.weight", {"weight": str(report.weight.total)}), lang)
    for part in report.weight.parts:
        say(part.why, lang)
    for note in report.notes:
        say(note, lang)
    say(
        Message(
            "cli.ema.details",
            {
                "days": d.days,
                "qualifying": yes,
                "host": d.host_country or "-",
                "reading": d.reading.value,
            },
        ),
        lang,
    )


def warn_numbers(log: SqlEventLog, tournament: str, players: Sequence[int], lang: str) -> None:
    """The open warnings about ``players``' EMA numbers, on standard error (registration
    and import check each number against the EMA's list when one is imported)."""
    from mjref.services import ema as service
    from mjref.store.ema_list import SqlEmaList

    if not players:
        return
    report = service.number_warnings(
        log, tournament, SqlEmaList(log.engine), players=tuple(players)
    )
    for w in report.warnings:
        if not w.accepted:
            progress(Message("cli.ema.warning", {"warning": w.message}), lang)


@app.command("checklist", cls=StrictCommand)
def checklist_command(
    tournament: TournamentOption,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The organiser's checklist of the EMA's requirements: each item met, not met or not
    known yet, with what was found and the source of the rule."""
    from mjref.services import ema as service
    from mjref.store.accounts import SqlAccounts
    from mjref.wire import ema as wire

    lang = language(lang)
    with opened(db) as log:
        items = service.checklist_of(log, tournament, SqlAccounts(log.engine))
    if as_json:
        io.write_json({"checklist": wire.checklist_json(items, lang)})
        return
    for item in items:
        status = render(Message(f"ema.status.{item.status.value}", {}), lang)
        io.write(f"[{status}] {item.name}: {render(item.why, lang)}")
        io.write(f"    {render(item.source, lang)}")


@app.command("ranking-import", cls=StrictCommand)
def ranking_import(
    file: Annotated[
        Path,
        typer.Argument(
            help="CSV: ema_number,family,tournament,start,end,place,players,weight[,world]."
        ),
    ],
    skip_bad: Annotated[
        bool, typer.Option("--skip-bad", help="Import the good rows, list the bad ones.")
    ] = False,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Import the EMA ranking data (each player's counted results; it replaces the data
    imported before). Every bad row is reported with its line and reason, and nothing is
    imported if any row is bad (unless --skip-bad)."""
    from mjref.services import ema as service
    from mjref.store.ema_list import SqlEmaList
    from mjref.wire import ema as wire

    lang = language(lang)
    text = read_text(file, MAX_LIST * 2)
    with opened(db) as log:
        report = service.import_ranking(
            SqlEmaList(log.engine),
            text,
            source=file.name,
            skip_bad=skip_bad,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(wire.ranking_import_json(report, lang))
        return
    say(Message("cli.ema.ranking-imported", {"count": report.rows}), lang)
    for problem in report.skipped:
        say(Message("ema.row-skipped", {"line": problem.line, "reason": problem.reason}), lang)


@app.command("ranking", cls=StrictCommand)
def ranking_command(
    tournament: TournamentOption,
    player: Annotated[int, typer.Option("--player", help="The player's number.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """A player's EMA rating now (from the imported ranking data) and with this event's
    result as it stands (the place now, the live MERS weight), with the readings applied."""
    from mjref.services import ema as service
    from mjref.store.ema_list import SqlEmaList
    from mjref.wire import ema as wire

    lang = language(lang)
    with opened(db) as log:
        preview = service.ranking_preview(
            log, tournament, SqlEmaList(log.engine), PlayerId(player), now=now()
        )
    shown = wire.preview_json(preview)
    if as_json:
        io.write_json(shown)
        return
    now_ = shown["now"]
    after = shown["with_event"]
    assert isinstance(now_, dict)
    say(
        Message(
            "ema.rating-now",
            {
                "family": preview.family_name,
                "rating": now_["rating"] or "-",
                "results": now_["results"],
                "day": preview.reckoning,
            },
        ),
        lang,
    )
    if isinstance(after, dict) and preview.event is not None:
        say(
            Message(
                "ema.rating-after",
                {
                    "rating": after["rating"] or "-",
                    "place": preview.event.place,
                    "players": preview.event.players,
                    "weight": str(float(preview.event.weight)),
                },
            ),
            lang,
        )
    say(Message("cli.ema.readings", {"readings": ", ".join(map(str, shown["readings"]))}), lang)


@app.command("observer", cls=StrictCommand)
def observer_command(
    tournament: TournamentOption,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The EMA observer report's fields filled from the log: rule system and weight, the
    schedule, participants and countries, referees, irregularities and appeals (the
    observer's name, the location and the dates are left to write; the printable page is
    /t/ID/admin/ema/observer)."""
    from mjref.services import ema as service
    from mjref.store.accounts import SqlAccounts
    from mjref.wire import ema as wire

    lang = language(lang)
    with opened(db) as log:
        report = service.observer_report(log, tournament, SqlAccounts(log.engine))
    shown = wire.observer_json(report, lang)
    if as_json:
        io.write_json(shown)
        return
    say(
        Message(
            "ema.observer.summary",
            {
                "name": report.name,
                "ruleset": report.ruleset,
                "weight": str(report.weight.weight.total),
                "sessions": report.sessions,
                "minutes": report.session_minutes,
                "players": report.players,
                "countries": len(report.countries),
                "referees": len(report.referees),
                "irregularities": len(report.irregularities),
            },
        ),
        lang,
    )
    for i in report.irregularities:
        io.write(f"  {i.seq} {i.kind} {i.session or '-'} {i.player or '-'} {i.what}")


@app.command("readings", cls=StrictCommand)
def readings_command(
    tournament: TournamentOption,
    countries: Annotated[
        str | None, typer.Option("--countries", help="countries-current or countries-2018.")
    ] = None,
    base_rank: Annotated[
        str | None,
        typer.Option(
            "--base-rank",
            help="base-rank-truncate, base-rank-half-up, base-rank-half-even or base-rank-exact.",
        ),
    ] = None,
    age: Annotated[
        str | None, typer.Option("--age", help="age-inclusive or age-exclusive.")
    ] = None,
    age_date: Annotated[
        str | None, typer.Option("--age-date", help="age-from-end or age-from-start.")
    ] = None,
    tie: Annotated[
        str | None, typer.Option("--tie", help="tie-higher-weight or tie-more-recent.")
    ] = None,
    world_championships: Annotated[
        bool | None,
        typer.Option(
            "--world-championships/--no-world-championships",
            help="Whether world championships' results count.",
        ),
    ] = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The named readings the MERS weight and the ranking preview apply, each with what it
    does; with any option, change those readings first (the others stay; recorded with
    who and when)."""
    from mjref.services import ema as service
    from mjref.wire import ema as wire

    lang = language(lang)
    given = (countries, base_rank, age, age_date, tie, world_championships)
    with opened(db) as log:
        if any(v is not None for v in given):
            recorded = service.set_ema_readings(
                log,
                tournament,
                countries=countries,
                base_rank=base_rank,
                age=age,
                age_date=age_date,
                tie=tie,
                world_championships=world_championships,
                actor=actor(who),
                now=now(),
            )
            if not as_json:
                say_recorded((recorded,), lang)
        found = service.ema_readings(log, tournament)
    if as_json:
        io.write_json(wire.readings_json(found, lang))
        return
    for field, name in service.reading_names(found).items():
        say(
            Message(
                "cli.ema.reading-line",
                {
                    "kind": Message(f"ema.reading-kind.{field}", {}),
                    "reading": name,
                    "described": Message(f"ema.reading.{name}", {}),
                },
            ),
            lang,
        )
    if found.set_at is None:
        say(Message("cli.ema.readings-default", {}), lang)
    else:
        say(
            Message(
                "cli.ema.readings-set",
                {"seq": found.set_at, "actor": found.actor, "at": found.at},
            ),
            lang,
        )

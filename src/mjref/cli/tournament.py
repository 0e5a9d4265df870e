"""``mjref tournament new|show|list``, ``mjref session``, ``mjref standings``, ``mjref log``,
``mjref correct``, ``mjref appeal`` and ``mjref export``: a tournament's log and what is
computed from it (``docs/tournament.md``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer

from mjref.cli import (
    _tournament_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.errors import StrictGroup, usage
from mjref.cli.exits import Exit
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament_options import (
    ActorOption,
    DbOption,
    TournamentOption,
    actor,
    installation_secret,
    now,
    opened,
    progress,
    table_lines,
)
from mjref.i18n import render
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services import catalogue
from mjref.services import tournament as service
from mjref.services import tournament_export as export_service
from mjref.services import tournament_results as results
from mjref.tournament.events import Recorded
from mjref.tournament.standings import LineStatus, Row, SessionLine, Standings
from mjref.tournament.state import PlayerView
from mjref.wire import tournament as wire
from mjref.wire.streams import StreamError

app = typer.Typer(
    cls=StrictGroup, help="Tournaments: create one, show it, list them.", no_args_is_help=True
)
session_app = typer.Typer(cls=StrictGroup, help="Open or close a session.", no_args_is_help=True)
appeal_app = typer.Typer(
    cls=StrictGroup, help="Appeals against rulings (MERS 2.2).", no_args_is_help=True
)
export_app = typer.Typer(
    cls=StrictGroup, help="The EMA results file and the HTML pages.", no_args_is_help=True
)


def say(message: Message, lang: str) -> None:
    io.write(render(message, lang))


def say_recorded(recorded: tuple[Recorded, ...] | list[Recorded], lang: str) -> None:
    for r in recorded:
        say(Message("cli.tournament.recorded", {"seq": r.seq, "kind": r.event.KIND}), lang)


def run_recorded(
    name: str,
    command: object,
    tournament: str,
    db: str | None,
    who: str | None,
    as_json: bool,
    lang: str,
    *,
    with_secret: bool = False,
) -> None:
    """Carry out the catalogue's command ``name`` on the database's log and show the
    entries it recorded (``--json``: the entries; else a line each). ``with_secret``: a
    player's command, checked against the installation's secret."""
    with opened(db) as log:
        secret = installation_secret(log) if with_secret else None
        answer = catalogue.run(
            catalogue.ENTRIES[name],
            log,
            tournament,
            command,
            actor=actor(who),
            now=now(),
            secret=secret,
        )
    recorded = [r for r in answer if isinstance(r, Recorded)] if isinstance(answer, tuple) else []
    if as_json:
        io.write_json(wire.entries_json(recorded))
    else:
        say_recorded(recorded, lang)


def number(value: Fraction | int | None) -> str:
    return wire.text_number(value)


def _info_lines(info: service.TournamentInfo, lang: str) -> None:
    none = render(Message("cli.tournament.none", {}), lang)
    say(
        Message(
            "cli.tournament.summary",
            {
                "name": info.name,
                "id": info.id,
                "ruleset": info.ruleset,
                "sessions": info.sessions,
                "minutes": info.session_minutes,
                "players": info.players,
                "checked_in": info.checked_in,
                "published": ", ".join(map(str, info.published)) or none,
                "closed": ", ".join(map(str, info.closed)) or none,
                "position": info.position,
            },
        ),
        lang,
    )
    if info.convention is not None:
        say(Message("cli.tournament.convention", {"convention": info.convention}), lang)
    if info.starting_points is not None:
        say(Message("cli.tournament.start", {"points": info.starting_points}), lang)


@app.command("new", cls=StrictCommand)
def new(
    tournament: Annotated[str, typer.Argument(help="An id: lower-case letters, digits, '-'.")],
    name: Annotated[str, typer.Option("--name", help="The tournament's name.")],
    ruleset: Annotated[
        str,
        typer.Option(
            "--ruleset",
            "-r",
            help="mers-2008, mers-2010, ema-2009, rcr-2016, rcr-2012 (+readings).",
        ),
    ],
    sessions: Annotated[int, typer.Option("--sessions", help="Number of sessions.")],
    minutes: Annotated[int, typer.Option("--minutes", help="Length of a session.")] = 120,
    convention: Annotated[
        str | None, typer.Option("--convention", help="MCR scoring convention (green-book, mil).")
    ] = None,
    start: Annotated[
        int | None, typer.Option("--start", help="Riichi starting points (default 30000).")
    ] = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Create a tournament."""
    lang = language(lang)
    with opened(db) as log:
        info = service.create_tournament(
            log,
            tournament,
            name=name,
            ruleset=ruleset,
            sessions=sessions,
            session_minutes=minutes,
            convention=convention,
            starting_points=start,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(wire.tournament_json(info))
        return
    say(
        Message(
            "cli.tournament.created",
            {"id": info.id, "name": info.name, "ruleset": info.ruleset, "sessions": info.sessions},
        ),
        lang,
    )


@app.command("show", cls=StrictCommand)
def show(
    tournament: Annotated[str, typer.Argument(help="The tournament's id.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """A tournament's settings and where it stands."""
    lang = language(lang)
    with opened(db) as log:
        info = service.show_tournament(log, tournament)
    if as_json:
        io.write_json(wire.tournament_json(info))
    else:
        _info_lines(info, lang)


@app.command("list", cls=StrictCommand)
def list_command(db: DbOption = None, as_json: JsonOption = False, lang: LangOption = "en") -> None:
    """Every tournament in the database."""
    lang = language(lang)
    with opened(db) as log:
        found = service.list_tournaments(log)
    if as_json:
        io.write_json([wire.tournament_json(i) for i in found])
        return
    if not found:
        say(Message("cli.tournament.no-tournaments", {}), lang)
    for info in found:
        _info_lines(info, lang)


def _session(
    action: str,
    tournament: str,
    session: int,
    db: str | None,
    who: str | None,
    as_json: bool,
    lang: str,
) -> None:
    lang = language(lang)
    with opened(db) as log:
        call = service.open_session if action == "open" else service.close_session
        recorded = call(log, tournament, session, actor=actor(who), now=now())
    if as_json:
        io.write_json(wire.entries_json([recorded]))
    else:
        say_recorded([recorded], lang)


@session_app.command("open", cls=StrictCommand)
def open_command(
    session: Annotated[int, typer.Argument(help="The session.")],
    tournament: TournamentOption,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Open a session (its start is recorded)."""
    _session("open", tournament, session, db, who, as_json, lang)


@session_app.command("close", cls=StrictCommand)
def close_command(
    session: Annotated[int, typer.Argument(help="The session.")],
    tournament: TournamentOption,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Close a session: every table has its result; appeals may then be decided."""
    _session("close", tournament, session, db, who, as_json, lang)


def _standing_rows(rows: tuple[Row, ...], mcr: bool) -> list[list[str]]:
    found = []
    for row in rows:
        p = row.player
        cells = [
            "" if row.place is None else str(row.place),
            str(p.player),
            f"{p.first_name} {p.last_name}",
            p.country,
        ]
        if mcr:
            cells.append(number(row.table_points))
        cells += [number(row.score), str(row.sessions), str(row.penalties) if row.penalties else ""]
        cells.append("" if row.status.value == "ranked" else row.status.value)
        found.append(cells)
    return found


def standings_text(result: Standings, lang: str) -> None:
    mcr = result.family.value == "mcr"

    def col(key: str) -> str:
        return render(Message(f"tournament.col-{key}", {}), lang)

    head = [col("place"), col("number"), col("player"), col("country")]
    head += [col("table-points"), col("score")] if mcr else [col("total")]
    head += [col("sessions"), col("penalties"), ""]
    numeric = [True, True, False, False] + ([True, True] if mcr else [True]) + [True, True, False]
    io.write(render(Message("tournament.standings-title", {}), lang))
    for line in table_lines(head, _standing_rows(result.ranked, mcr), numeric):
        io.write(line)
    for key, status in (("apart-struck", "struck"), ("apart-substitutes", "substitute")):
        rows = tuple(r for r in result.apart if r.status.value == status)
        if rows:
            io.write("")
            io.write(render(Message(f"tournament.{key}", {}), lang))
            for line in table_lines(head, _standing_rows(rows, mcr), numeric):
                io.write(line)


def _note(line: SessionLine, lang: str) -> str:
    if line.status is LineStatus.MISSED:
        text = render(Message("tournament.note-missed", {}), lang)
        if line.other is not None:
            text += "; " + render(Message("tournament.note-replaced", {"player": line.other}), lang)
        return text
    if line.status is LineStatus.BYE:
        return render(Message("tournament.note-bye", {}), lang)
    if line.status is LineStatus.PENDING:
        return render(Message("tournament.note-no-result", {}), lang)
    if line.status is LineStatus.SUBSTITUTE and line.other is not None:
        return render(Message("tournament.note-substitute", {"player": line.other}), lang)
    return line.clause or ""


def _history_text(view: PlayerView, lines: tuple[SessionLine, ...], mcr: bool, lang: str) -> None:
    def col(key: str) -> str:
        return render(Message(f"tournament.col-{key}", {}), lang)

    say(Message("cli.tournament.history", {"player": view.player, "name": view.name}), lang)
    head = [col("session"), col("table"), col("seat"), col("score"), col("penalties")]
    head += (
        [col("table-points"), col("total")] if mcr else [col("points"), col("uma"), col("total")]
    )
    head.append("")
    rows = []
    for line in lines:
        cells = [str(line.session), number(line.table), line.seat or "", number(line.score)]
        cells.append(str(line.penalty) if line.penalty else "")
        if mcr:
            cells += [number(line.table_points), number(line.total)]
        else:
            cells += [number(line.points), number(line.uma), number(line.total)]
        cells.append(_note(line, lang))
        rows.append(cells)
    numeric = [True] * (len(head) - 1) + [False]
    numeric[2] = False
    for text in table_lines(head, rows, numeric):
        io.write(text)


def standings_command(
    tournament: TournamentOption,
    player: Annotated[
        int | None, typer.Option("--player", help="One player's sessions instead.")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The standings (MCR: table points, then score; riichi: total), or one player's
    sessions with --player."""
    lang = language(lang)
    with opened(db) as log:
        if player is not None:
            who = PlayerId(player)
            view = service.show_player(log, tournament, who)
            lines = service.player_history(log, tournament, who)
            mcr = service.show_tournament(log, tournament).family.value == "mcr"
            if as_json:
                io.write_json(wire.history_json(view, lines))
            else:
                _history_text(view, lines, mcr, lang)
            return
        result = service.current_standings(log, tournament)
    if as_json:
        io.write_json(wire.standings_json(result))
    else:
        standings_text(result, lang)


def log_command(
    tournament: TournamentOption,
    verify: Annotated[
        str | None,
        typer.Argument(
            help="'verify': check the log's hash chain and append-only guard instead of "
            "listing it (exit 6 names the first broken position).",
            show_default=False,
        ),
    ] = None,
    player: Annotated[int | None, typer.Option("--player", help="Entries about a player.")] = None,
    session: Annotated[int | None, typer.Option("--session", help="Entries of a session.")] = None,
    table: Annotated[int | None, typer.Option("--table", help="Entries of a table.")] = None,
    kind: Annotated[
        list[str] | None,
        typer.Option("--type", help="Entry types (repeat): hand-recorded, ruling-recorded ..."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The log, filtered; each entry with who recorded it, when, and what superseded it."""
    lang = language(lang)
    if verify is not None:
        if verify != "verify":
            raise usage("cli.tournament.log-what", "verify", value=verify[:40])
        raise typer.Exit(_verify(db, tournament, as_json, lang))
    with opened(db) as log:
        entries = service.read_log(
            log,
            tournament,
            player=None if player is None else PlayerId(player),
            session=session,
            table=table,
            kinds=kind or (),
        )
    if as_json:
        io.write_json(wire.log_json(entries))
        return
    for e in entries:
        state = ""
        if e.superseded_by is not None:
            state = " " + render(
                Message("cli.tournament.superseded-by", {"seq": e.superseded_by}), lang
            )
        elif not e.in_force:
            state = " " + render(Message("cli.tournament.overturned", {}), lang)
        say(
            Message(
                "cli.tournament.log-line",
                {"seq": e.seq, "at": e.at, "actor": e.actor, "kind": e.kind, "state": state},
            ),
            lang,
        )
        io.write("    " + _event_text(e))


def _verify(db: str | None, tournament: str, as_json: bool, lang: str) -> int:
    """Check the log's hash chain and guard; the exit code (0 whole, 6 not)."""
    with opened(db) as log:
        (found,) = log.verify(service.check_tournament_id(tournament))
    if as_json:
        io.write_json(
            {
                "tournament": found.tournament,
                "events": found.events,
                "whole": found.whole,
                "broken_at": found.broken_at,
                "missing_triggers": list(found.missing_triggers),
            }
        )
    else:
        say(Message("cli.tournament.verify-count", {"count": found.events}), lang)
        if found.broken_at is not None:
            say(Message("cli.tournament.verify-broken", {"seq": found.broken_at}), lang)
        if found.missing_triggers:
            names = ", ".join(found.missing_triggers)
            say(Message("cli.tournament.verify-guard", {"triggers": names}), lang)
        if found.whole:
            say(Message("cli.tournament.verify-whole", {}), lang)
    return int(Exit.OK if found.whole else Exit.TAMPERED)


def _event_text(entry: service.LogEntry) -> str:
    from mjref.wire.output import json_line

    return json_line(wire.log_json([entry])[0]["event"])


def correct_command(
    position: Annotated[int, typer.Argument(help="The log position of the entry to void.")],
    tournament: TournamentOption,
    reason: Annotated[str, typer.Option("--reason", help="Why it is void.")],
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Void an entry (a result, a ruling ...), giving the reason; it stays in the log,
    superseded. To replace it instead, record the new entry with --correct POSITION."""
    lang = language(lang)
    with opened(db) as log:
        recorded = results.correct(
            log, tournament, target=position, reason=reason, actor=actor(who), now=now()
        )
    if as_json:
        io.write_json(wire.entries_json([recorded]))
    else:
        say_recorded([recorded], lang)


@appeal_app.command("file", cls=StrictCommand)
def appeal_file(
    ruling: Annotated[int, typer.Argument(help="The log position of the ruling appealed.")],
    tournament: TournamentOption,
    player: Annotated[int, typer.Option("--player", help="Who appeals.")],
    note: Annotated[str, typer.Option("--note", help="The grounds, briefly.")] = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """File an appeal against a recorded ruling (MERS 2.2: at once; heard after the session)."""
    lang = language(lang)
    with opened(db) as log:
        recorded = results.file_appeal(
            log,
            tournament,
            ruling=ruling,
            player=PlayerId(player),
            note=note,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(wire.entries_json([recorded]))
    else:
        say_recorded([recorded], lang)


@appeal_app.command("decide", cls=StrictCommand)
def appeal_decide(
    appeal: Annotated[int, typer.Argument(help="The log position of the appeal.")],
    tournament: TournamentOption,
    upheld: Annotated[bool, typer.Option("--upheld", help="The appeal succeeds.")] = False,
    rejected: Annotated[bool, typer.Option("--rejected", help="The ruling stands.")] = False,
    note: Annotated[str, typer.Option("--note", help="The decision's grounds.")] = "",
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Decide an appeal: --upheld (the ruling's consequences no longer count) or --rejected."""
    lang = language(lang)
    command = catalogue.DecideAppeal(appeal, upheld, rejected, note)
    run_recorded("appeal-decide", command, tournament, db, who, as_json, lang)


@export_app.command("ema", cls=StrictCommand)
def export_ema(
    tournament: TournamentOption,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="File to write (default, or -: standard output)."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The EMA results file (CSV): place, last name, first name, EMA number, country, then
    table points and score (MCR) or the total (riichi)."""
    lang = language(lang)
    with opened(db) as log:
        text = export_service.ema_results(log, tournament)
    if output is None or str(output) == "-":
        if as_json:
            io.write_json({"csv": text})
        else:
            io.write_raw(text)
        return
    _write_file(output, text)
    if as_json:
        io.write_json({"written": [str(output)]})
    else:
        say(Message("cli.tournament.exported", {"files": str(output)}), lang)


def _write_file(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise StreamError.writing(str(path), error) from None


@export_app.command("html", cls=StrictCommand)
def export_html(
    tournament: TournamentOption,
    output: Annotated[
        Path,
        typer.Option("--output", "-o", help="Directory to write the pages to (not -)."),
    ],
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The standings, the seating of every session and every player's results as static
    HTML pages, the web's own (index.html, seating/S.html, players/N.html, style.css), with
    relative links: the folder opens from disk."""
    lang = language(lang)
    if str(output) == "-":
        raise usage("cli.tournament.html-not-stdout", "--output")
    with opened(db) as log:
        players = len(service.list_players(log, tournament))
        progress(Message("cli.tournament.exporting", {"players": players}), lang)
        from mjref.web.site import site_pages

        pages = site_pages(log, tournament, lang)
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StreamError.writing(str(output), error) from None
    written = []
    for name, html in pages.items():
        path = output / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StreamError.writing(str(path.parent), error) from None
        _write_file(path, html)
        written.append(str(path))
    if as_json:
        io.write_json({"written": written})
    else:
        say(Message("cli.tournament.exported", {"files": ", ".join(written)}), lang)

"""``mjref seating``: generate, check, Swiss-seat and repair seat plans."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer

from mjref.cli import _seating_messages, io  # noqa: F401  (registers the wording)
from mjref.cli.errors import StrictGroup
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament_options import progress
from mjref.i18n import render
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services import seating as service
from mjref.services.seating import SEATS, ApartGroup, Changes, Fill
from mjref.wire import seating as wire
from mjref.wire.messages import steps_text

app = typer.Typer(
    cls=StrictGroup,
    help="Seat plans: repeat-free, wind-balanced schedules; checks; Swiss seating; re-seating.",
    no_args_is_help=True,
)

SeedOption = Annotated[int, typer.Option("--seed", help="Random seed; same seed, same plan.")]
GroupsOption = Annotated[
    Path | None,
    typer.Option(
        "--groups",
        help='JSON file of groups to keep apart: {"club A": [1, 7, 9], ...}.',
    ),
]
FillOption = Annotated[
    str | None,
    typer.Option(
        "--fill",
        help="When players do not fill tables of four: 'substitutes' or 'byes'.",
    ),
]


def _read(path: Path) -> bytes:
    """The file's bytes, at most one more than the readers accept (so a device or a huge
    file costs nothing); the readers check the size and the encoding. A file that cannot be
    read is the one I/O error (exit 3, naming it)."""
    return io.read_bytes(path)


def _say(key: str, lang: str, **params: object) -> str:
    return render(Message(f"cli.seating.{key}", params), lang)


PROGRESS_FROM = 16
"""From this many players on, ``generate`` says on standard error that it is working
when it must search: smaller fields, and any size the library of seat plans holds, are
seated at once; a search of a larger one takes seconds (docs/seating.md)."""


def _note(text: str, lang: str) -> None:
    """A note for the organiser on standard error (not part of the result)."""
    print(_say("note", lang, text=text), file=sys.stderr)


def _groups(path: Path | None) -> tuple[ApartGroup, ...]:
    return () if path is None else wire.parse_groups(_read(path), str(path))


def _players(players: Iterable[int]) -> str:
    return ", ".join(map(str, players))


def _print_schedule(
    report: service.ScheduleReport,
    lang: str,
    first_session: int = 0,
    gone: frozenset[int] = frozenset(),
) -> None:
    """The sessions from ``first_session`` as tables; ``gone``: players who left the event."""
    schedule = report.schedule
    table_head = _say("table", lang)
    width = max(5, len(table_head))
    seats = " ".join(f"{_say(f'seat.{seat}', lang):>6}" for seat in SEATS)
    for s in range(first_session, schedule.session_count):
        io.write(_say("session", lang, session=s + 1))
        io.write(f"  {table_head:<{width}} {seats}")
        for t, table in enumerate(schedule.sessions[s]):
            io.write(f"  {t + 1:>{width}} " + " ".join(f"{p:>6}" for p in table))
        byes = [p for p in schedule.byes(s) if p not in gone]
        if byes:
            io.write("  " + _say("sitting-out", lang, players=_players(byes)))
        io.write("")


def _print_metrics(report: service.ScheduleReport, lang: str) -> None:
    def say(key: str, **params: object) -> None:
        io.write(_say(key, lang, **params))

    m, limits = report.metrics, report.limits
    common = "-" if m.min_common_opponents is None else str(m.min_common_opponents)
    say("size", players=report.schedule.players, sessions=report.schedule.session_count)
    if report.method:
        say("method", method=steps_text(report.method, lang))
    say(
        "repeated-meetings",
        count=m.repeated_meetings,
        least=limits.repeated_meetings_at_least,
        sessions=limits.repeat_free_sessions,
    )
    say("more-than-twice", count=m.pairs_meeting_more_than_twice)
    say("wind-spread", spread=m.wind_spread)
    say("table-revisits", count=m.table_revisits, least=limits.table_revisits_at_least)
    say("fewest-common", value=common)
    mean = "-" if m.mean_common_opponents is None else m.mean_common_opponents
    say("mean-common", value=mean)
    say("components", count=m.components)
    if m.byes:
        say("byes", count=m.byes)
    if report.substitutes:
        say("substitutes", players=_players(report.substitutes))
    if report.groups_given:
        say("group-meetings", count=len(report.unmet))
        for unmet in report.unmet:
            a, b = unmet.players
            shown = _say(
                "unmet",
                lang,
                group=unmet.group,
                first=a,
                second=b,
                session=unmet.session + 1,
                table=unmet.table + 1,
            )
            io.write(f"  {shown}")


def _emit(report: service.ScheduleReport, as_json: bool, lang: str, first_session: int = 0) -> None:
    if as_json:
        io.write_json(wire.schedule_document(report, lang))
    else:
        _print_schedule(report, lang, first_session)
        _print_metrics(report, lang)


def _fill(text: str | None) -> Fill | None:
    return None if text is None else Fill.parse(text)


@app.command(cls=StrictCommand)
def generate(
    players: Annotated[int, typer.Option("--players", help="Number of players.")],
    sessions: Annotated[int, typer.Option("--sessions", help="Number of sessions.")],
    seed: SeedOption = 0,
    as_json: JsonOption = False,
    lang: LangOption = "en",
    fill: FillOption = None,
    groups: GroupsOption = None,
    search: Annotated[
        bool,
        typer.Option("--search", help="Run the generator even where the library has a plan."),
    ] = False,
) -> None:
    """Generate a schedule: players 1..N, tables in seat order East, South, West, North."""
    lang = language(lang)
    remedy = _fill(fill) or Fill.SUBSTITUTES
    apart = _groups(groups)
    service.check_request(players, sessions, seed)
    if players >= PROGRESS_FROM and service.searches(players, sessions, remedy, apart, search):
        progress(Message("cli.seating.working", {"players": players, "count": sessions}), lang)
    report = service.generate_schedule(players, sessions, seed, remedy, apart, search)
    for note in report.notes:
        chosen = (
            Message(
                "cli.seating.seated-with-substitutes", {"players": _players(report.substitutes)}
            )
            if report.substitutes
            else Message("cli.seating.seated-with-byes")
        )
        _note(_say("choose-fill", lang, advice=note, chosen=chosen), lang)
    _emit(report, as_json, lang)


@app.command(cls=StrictCommand)
def check(
    file: Annotated[Path, typer.Argument(help="A schedule in the JSON shape.")],
    as_json: JsonOption = False,
    lang: LangOption = "en",
    groups: GroupsOption = None,
) -> None:
    """Measure a schedule (ours or imported): repeats, winds, table revisits, ..."""
    lang = language(lang)
    plan = wire.parse_schedule(_read(file), str(file))
    report = service.check_schedule(plan.schedule, plan.substitutes, _groups(groups))
    if as_json:
        io.write_json(wire.check_document(report))
    else:
        _print_metrics(report, lang)


@app.command(cls=StrictCommand)
def swiss(
    file: Annotated[Path, typer.Argument(help="The schedule so far (JSON).")],
    standings: Annotated[
        Path,
        typer.Option(
            "--standings",
            help="Player numbers, leader first (JSON list or one per line).",
        ),
    ],
    played: Annotated[
        int | None,
        typer.Option("--played", help="Sessions played (default: all in the file)."),
    ] = None,
    seed: SeedOption = 0,
    as_json: JsonOption = False,
    lang: LangOption = "en",
    groups: GroupsOption = None,
) -> None:
    """Seat the next session from the standings: strongest together, no repeats if possible."""
    lang = language(lang)
    plan = wire.parse_schedule(_read(file), str(file))
    ranking = wire.parse_standings(_read(standings), str(standings))
    report, result = service.swiss_schedule(
        plan.schedule, ranking, played, _groups(groups), seed, plan.substitutes
    )
    if as_json:
        io.write_json(wire.schedule_document(report, lang))
        return
    _print_schedule(report, lang, report.schedule.session_count - 1)
    io.write(_say("method", lang, method=steps_text(result.method, lang)))
    io.write(_say("repeats", lang, count=result.repeats))
    io.write(_say("displacement", lang, count=result.displacement))
    io.write(_say("cost", lang, weight=result.repeat_weight, cost=result.cost))
    if groups is not None:
        io.write(_say("group-meetings", lang, count=result.group_meetings))


@app.command(cls=StrictCommand)
def repair(
    file: Annotated[Path, typer.Argument(help="The planned schedule (JSON).")],
    played: Annotated[int, typer.Option("--played", help="Sessions already played (kept).")],
    drop: Annotated[
        list[int] | None, typer.Option("--drop", help="A player who leaves (repeatable).")
    ] = None,
    substitute: Annotated[
        list[str] | None,
        typer.Option("--substitute", help="OUT:IN, IN takes OUT's seats (repeatable)."),
    ] = None,
    add: Annotated[
        list[int] | None, typer.Option("--add", help="A new player who joins (repeatable).")
    ] = None,
    fill: FillOption = None,
    seed: SeedOption = 0,
    as_json: JsonOption = False,
    lang: LangOption = "en",
    groups: GroupsOption = None,
) -> None:
    """Re-seat the remaining sessions after drop-outs, substitutes or new players."""
    lang = language(lang)
    plan = wire.parse_schedule(_read(file), str(file))
    replaced = tuple(wire.parse_substitution(text) for text in substitute or [])
    changes = Changes(
        dropped=tuple(PlayerId(p) for p in drop or []),
        replaced=replaced,
        added=tuple(PlayerId(p) for p in add or []),
        fill=_fill(fill),
    )
    report, repaired = service.repair_schedule(
        plan.schedule, played, changes, _groups(groups), seed, plan.substitutes
    )
    if repaired.substitutes:
        _note(_say("substitutes-fill", lang, players=_players(repaired.substitutes)), lang)
    if as_json:
        io.write_json(wire.schedule_document(report, lang))
        return
    gone = frozenset([*(drop or []), *(out for out, _ in replaced)])
    _print_schedule(report, lang, played, gone)
    _print_metrics(report, lang)
    if gone:
        io.write(_say("left", lang, session=played, players=_players(sorted(gone))))
    io.write(_say("moved", lang, count=repaired.moved))

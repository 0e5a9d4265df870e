"""Seating use cases: generate, check, Swiss-seat and repair schedules.

The CLI (and later the web) call these; they take text and plain values, call
the pure core in :mod:`mjref.seating` and return reports. Reading files and
printing are the adapters' job.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mjref.messages import Message
from mjref.seating.codec import format_schedule, kind_of, parse_schedule
from mjref.seating.constraints import Group, Unmet, check_groups, unmet_in
from mjref.seating.errors import SeatingError
from mjref.seating.limits import repeat_free_limit, repeat_lower_bound, revisit_lower_bound
from mjref.seating.metrics import Metrics, measure
from mjref.seating.repair import Repaired, repair
from mjref.seating.schedule import Schedule
from mjref.seating.sizes import Fill, plan
from mjref.seating.swiss import SwissSession, swiss_session


@dataclass(frozen=True, slots=True)
class Limits:
    """The theoretical figures to read the metrics against."""

    repeat_free_sessions: int
    repeated_meetings_at_least: int
    table_revisits_at_least: int


@dataclass(frozen=True, slots=True)
class ScheduleReport:
    """A schedule with what the checker measured, and notes for the organiser."""

    schedule: Schedule
    metrics: Metrics
    limits: Limits
    substitutes: tuple[int, ...] = ()
    unmet: tuple[Unmet, ...] = ()
    groups_given: bool = False
    method: str | None = None
    notes: tuple[Message, ...] = ()


def _report(
    schedule: Schedule,
    substitutes: Sequence[int] = (),
    groups: Sequence[Group] = (),
    method: str | None = None,
    notes: Sequence[Message] = (),
) -> ScheduleReport:
    seated = max(len(session) for session in schedule.sessions) * 4
    limits = Limits(
        repeat_free_sessions=repeat_free_limit(seated),
        repeated_meetings_at_least=repeat_lower_bound(seated, schedule.session_count),
        table_revisits_at_least=revisit_lower_bound(seated, schedule.session_count),
    )
    return ScheduleReport(
        schedule=schedule,
        metrics=measure(schedule),
        limits=limits,
        substitutes=tuple(substitutes),
        unmet=unmet_in(schedule.sessions, groups),
        groups_given=bool(groups),
        method=method,
        notes=tuple(notes),
    )


def document(report: ScheduleReport) -> dict[str, Any]:
    """The JSON shape: ``{"players", "sessions", "metrics"}`` (+ ``"substitutes"`` if any)."""
    data = format_schedule(report.schedule)
    metrics: dict[str, Any] = dict(report.metrics.as_dict())
    if report.groups_given:
        metrics["group_meetings"] = len(report.unmet)
    data["metrics"] = metrics
    if report.substitutes:
        data["substitutes"] = list(report.substitutes)
    return data


def _decode(text: str, source: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        detail = f"{error.msg} at line {error.lineno}, column {error.colno}"
        raise SeatingError.of("seating.json-syntax", where=source, detail=detail) from None


def parse_groups(text: str, source: str = "the groups file") -> tuple[Group, ...]:
    """Groups from JSON: ``{"name": [players], ...}`` or ``[[players], ...]``."""
    data = _decode(text, source)
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = [(f"group {i + 1}", members) for i, members in enumerate(data)]
    else:
        raise SeatingError.of(
            "seating.json-type",
            where=source,
            expected=Message("seating.json.object-or-list"),
            found=kind_of(data),
        )
    groups = []
    for name, members in items:
        where = Message("seating.where.file-group", {"file": source, "group": name})
        if not isinstance(members, list):
            raise SeatingError.of(
                "seating.json-type",
                where=where,
                expected=Message("seating.json.player-list"),
                found=kind_of(members),
            )
        players = []
        for member in members:
            if isinstance(member, bool) or not isinstance(member, int):
                raise SeatingError.of(
                    "seating.json-type",
                    where=where,
                    expected=Message("seating.json.player-numbers"),
                    found=kind_of(member),
                )
            players.append(member)
        groups.append(Group(str(name), tuple(players)))
    return tuple(groups)


_NUMBER = re.compile(r"[^\s,]+")


def parse_standings(text: str, source: str = "the standings file") -> tuple[int, ...]:
    """Player numbers, leader first: a JSON list, or numbers separated by spaces, commas
    or new lines."""
    if text.lstrip().startswith("["):
        data = _decode(text, source)
        if not isinstance(data, list):
            raise SeatingError.of(
                "seating.json-type",
                where=source,
                expected=Message("seating.json.list"),
                found=kind_of(data),
            )
        for position, item in enumerate(data, start=1):
            if isinstance(item, bool) or not isinstance(item, int):
                raise SeatingError.of(
                    "seating.json-type",
                    where=Message("seating.where.item", {"list": source, "item": position}),
                    expected=Message("seating.json.player-number"),
                    found=kind_of(item),
                )
        return tuple(data)
    numbers = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        for match in _NUMBER.finditer(line):
            token = match.group()
            if not token.isdigit():
                raise SeatingError.of(
                    "seating.json-type",
                    where=Message(
                        "seating.where.line",
                        {"file": source, "line": line_number, "column": match.start() + 1},
                    ),
                    expected=Message("seating.json.player-number"),
                    found=repr(token),
                )
            numbers.append(int(token))
    return tuple(numbers)


def generate_schedule(
    players: int,
    sessions: int,
    seed: int = 0,
    fill: Fill = Fill.SUBSTITUTES,
    groups: Sequence[Group] = (),
) -> ScheduleReport:
    """Generate a schedule (any player count; the remedy ``fill`` when tables are not full)."""
    planned = plan(players, sessions, seed, fill, groups)
    notes = [planned.advice.message()] if planned.advice is not None else []
    return _report(
        planned.generated.schedule, planned.substitutes, groups, planned.generated.method, notes
    )


def read_schedule(text: str, source: str = "the schedule file") -> tuple[Schedule, tuple[int, ...]]:
    """A schedule and its substitutes from JSON text; errors name the place."""
    parsed = parse_schedule(_decode(text, source), source)
    return parsed.schedule, parsed.substitutes


def check_schedule(
    text: str, source: str = "the schedule file", groups: Sequence[Group] = ()
) -> ScheduleReport:
    """Measure any schedule in the JSON shape (ours or imported)."""
    schedule, substitutes = read_schedule(text, source)
    check_groups(groups, schedule.players)
    return _report(schedule, substitutes, groups)


def swiss_schedule(
    text: str,
    standings: Sequence[int],
    played: int | None = None,
    groups: Sequence[Group] = (),
    seed: int = 0,
    source: str = "the schedule file",
) -> tuple[ScheduleReport, SwissSession]:
    """Seat session ``played + 1`` from the standings (earlier sessions kept, later dropped)."""
    schedule, substitutes = read_schedule(text, source)
    played = schedule.session_count if played is None else played
    if not 0 < played <= schedule.session_count:
        raise SeatingError.of(
            "seating.played-range", played=played, sessions=schedule.session_count
        )
    players = max([schedule.players, *standings])
    check_groups(groups, players)
    swiss = swiss_session(schedule.sessions[:played], standings, groups, seed)
    result = Schedule(players, (*schedule.sessions[:played], swiss.tables))
    return _report(result, substitutes, groups, swiss.method), swiss


def repair_schedule(
    text: str,
    played: int,
    dropped: Sequence[int] = (),
    replaced: Sequence[tuple[int, int]] = (),
    added: Sequence[int] = (),
    fill: Fill | None = None,
    groups: Sequence[Group] = (),
    seed: int = 0,
    source: str = "the schedule file",
) -> tuple[ScheduleReport, Repaired]:
    """Re-seat the sessions after ``played`` after drop-outs, substitutes or new players."""
    schedule, substitutes = read_schedule(text, source)
    repaired = repair(schedule, played, dropped, replaced, added, fill, groups, seed)
    newcomers = [new for _, new in replaced] + list(repaired.substitutes)
    all_substitutes = [*substitutes, *(p for p in newcomers if p not in substitutes)]
    report = _report(repaired.schedule, all_substitutes, groups, "re-seated with least change")
    return report, repaired

"""Seating use cases: generate, check, Swiss-seat and repair schedules.

The CLI (and later the web) call these with typed values (a
:class:`~mjref.seating.schedule.Schedule`, player numbers, options) and get typed
reports back; reading and writing files and JSON is :mod:`mjref.wire.seating`'s job.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjref.messages import Message
from mjref.players import PlayerId
from mjref.seating.constraints import ApartGroup, Unmet, check_groups, unmet_in
from mjref.seating.errors import SeatingError
from mjref.seating.generate import check_size
from mjref.seating.limits import repeat_free_limit, repeat_lower_bound, revisit_lower_bound
from mjref.seating.metrics import Metrics, measure
from mjref.seating.repair import Changes, Repaired, apply_repair, plan_repair, validate
from mjref.seating.schedule import SEATS, Schedule
from mjref.seating.sizes import Fill, plan, served_from_library
from mjref.seating.swiss import SwissSession, check_standings, swiss_session

__all__ = [
    "SEATS",
    "ApartGroup",
    "Changes",
    "Fill",
    "Limits",
    "Repaired",
    "ScheduleReport",
    "SwissSession",
    "check_request",
    "check_schedule",
    "check_seed",
    "generate_schedule",
    "repair_schedule",
    "swiss_schedule",
]


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
    substitutes: tuple[PlayerId, ...] = ()
    unmet: tuple[Unmet, ...] = ()
    groups_given: bool = False
    method: tuple[Message, ...] = ()
    """How the schedule was made, step by step (empty for a schedule only checked)."""
    notes: tuple[Message, ...] = ()


def _report(
    schedule: Schedule,
    substitutes: Sequence[PlayerId] = (),
    groups: Sequence[ApartGroup] = (),
    method: Sequence[Message] = (),
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
        method=tuple(method),
        notes=tuple(notes),
    )


def check_request(players: int, sessions: int, seed: int = 0) -> None:
    """Refuse a size or seed that :func:`generate_schedule` would refuse, before any work."""
    check_seed(seed)
    check_size(players, sessions)


def searches(
    players: int,
    sessions: int,
    fill: Fill = Fill.SUBSTITUTES,
    groups: Sequence[ApartGroup] = (),
    search: bool = False,
) -> bool:
    """Whether :func:`generate_schedule` with these arguments runs the generator (seconds
    for a large field) rather than taking the library's plan at once."""
    return not served_from_library(players, sessions, fill, groups, search=search)


def generate_schedule(
    players: int,
    sessions: int,
    seed: int = 0,
    fill: Fill = Fill.SUBSTITUTES,
    groups: Sequence[ApartGroup] = (),
    search: bool = False,
) -> ScheduleReport:
    """Generate a schedule (any player count; the remedy ``fill`` when tables are not full).

    A size held by the library of seat plans is served from it, relabelled by the seed,
    unless ``search`` asks for the generator (:func:`mjref.seating.sizes.plan`)."""
    check_request(players, sessions, seed)
    planned = plan(players, sessions, seed, fill, groups, search=search)
    notes = [planned.advice.message()] if planned.advice is not None else []
    return _report(
        planned.generated.schedule, planned.substitutes, groups, planned.generated.method, notes
    )


def check_schedule(
    schedule: Schedule, substitutes: Sequence[PlayerId] = (), groups: Sequence[ApartGroup] = ()
) -> ScheduleReport:
    """Measure any schedule (ours or imported)."""
    check_groups(groups, schedule.players)
    return _report(schedule, substitutes, groups)


def swiss_schedule(
    schedule: Schedule,
    standings: Sequence[PlayerId],
    played: int | None = None,
    groups: Sequence[ApartGroup] = (),
    seed: int = 0,
    substitutes: Sequence[PlayerId] = (),
) -> tuple[ScheduleReport, SwissSession]:
    """Seat session ``played + 1`` from the standings (earlier sessions kept, later dropped).

    The standings rank exactly the schedule's players (substitutes numbered on from them
    may complete the last table).
    """
    check_seed(seed)
    played = schedule.session_count if played is None else played
    if not 0 < played <= schedule.session_count:
        raise SeatingError.of(
            "seating.played-range", played=played, sessions=schedule.session_count
        )
    check_standings(standings, schedule.players)
    players = max([schedule.players, *standings])
    check_groups(groups, players)
    swiss = swiss_session(schedule.sessions[:played], standings, groups, seed, players)
    result = Schedule(players, (*schedule.sessions[:played], swiss.tables))
    return _report(result, substitutes, groups, swiss.method), swiss


def repair_schedule(
    schedule: Schedule,
    played: int,
    changes: Changes,
    groups: Sequence[ApartGroup] = (),
    seed: int = 0,
    substitutes: Sequence[PlayerId] = (),
) -> tuple[ScheduleReport, Repaired]:
    """Re-seat the sessions after ``played`` after drop-outs, substitutes or new players."""
    check_seed(seed)
    validate(schedule, played, changes)
    plan = plan_repair(schedule, played, changes, groups)
    repaired = apply_repair(plan, groups, seed)
    newcomers = [new for _, new in changes.replaced] + list(repaired.substitutes)
    all_substitutes = [*substitutes, *(p for p in newcomers if p not in substitutes)]
    report = _report(
        repaired.schedule, all_substitutes, groups, (Message("seating.method.re-seated"),)
    )
    return report, repaired


MAX_SEED = 2**64 - 1
"""The largest random seed accepted."""


def check_seed(seed: int) -> None:
    """Refuse a seed outside 0 .. :data:`MAX_SEED`."""
    if not 0 <= seed <= MAX_SEED:
        raise SeatingError.of("seating.bad-seed", where="--seed", seed=seed, limit=MAX_SEED)

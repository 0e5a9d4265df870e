"""The EMA pack's use cases: the EMA player list imported, the registrations' EMA numbers
checked against it (warnings an official may accept), the tournament's EMA details and its
MERS weight as the log stands, the organiser's checklist, the ranking data imported with
each player's rating now and with this event's result, and the observer report's fields
(``docs/ema.md``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Protocol

from mjref.ema.checklist import CheckItem, ChecklistFacts, checklist
from mjref.ema.members import is_member
from mjref.ema.names import same_name
from mjref.ema.number_check import NumberWarning, Registration, WarningKind, check_numbers
from mjref.ema.player_list import EmaPlayer, ListProblem, parse_player_list
from mjref.ema.ranking import (
    DEFAULT_READINGS,
    AgeDate,
    AgeReading,
    BaseRankReading,
    Rating,
    Readings,
    Result,
    TieReading,
    rating,
)
from mjref.ema.ranking_data import RankingRow, parse_ranking_data
from mjref.ema.weight import CountriesReading, MersWeight, count_countries, mers_weight
from mjref.errors import InputError
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services.tournament import EventLog, load
from mjref.services.tournament_results import record_one
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.roster import check_country, check_text
from mjref.tournament.standings import standings
from mjref.tournament.state import Tournament


class EmaListStore(Protocol):
    """Where the EMA player list is kept (:class:`mjref.store.ema_list.SqlEmaList`)."""

    def replace(
        self, entries: tuple[EmaPlayer, ...], *, at: str, actor: str, source: str
    ) -> int: ...

    def lookup(self, numbers: tuple[str, ...]) -> Mapping[str, EmaPlayer]: ...

    def last_import(self) -> tuple[str, str, int, str] | None: ...


class EmaListFileError(TournamentError):
    """A list with bad rows; ``problems`` lists every one."""

    def __init__(self, problems: tuple[ListProblem, ...]) -> None:
        shown = problems[:20]
        rows = tuple(Message("ema.list-row", {"line": p.line, "reason": p.reason}) for p in shown)
        super().__init__(Message("ema.list-bad-rows", {"count": len(problems), "rows": rows}))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class ListImport:
    """An import of the list: how many players are on it now, and the rows left out."""

    players: int
    skipped: tuple[ListProblem, ...]


def import_ema_list(
    store: EmaListStore,
    text: str,
    *,
    source: str = "",
    skip_bad: bool = False,
    actor: str,
    now: datetime,
) -> ListImport:
    """Replace the stored EMA player list by the list in ``text``. A bad row refuses the
    whole file (every row listed) unless ``skip_bad``."""
    parsed = parse_player_list(text)
    if parsed.problems and not skip_bad:
        raise EmaListFileError(parsed.problems)
    count = store.replace(
        parsed.players, at=now.isoformat(timespec="seconds"), actor=actor, source=source
    )
    return ListImport(count, parsed.problems)


@dataclass(frozen=True, slots=True)
class NumberReport:
    """The warnings about the registrations' EMA numbers, and the list they were checked
    against (``None``: no list imported, nothing checked)."""

    warnings: tuple[NumberWarning, ...]
    list_import: tuple[str, str, int, str] | None


def _registrations(t: Tournament) -> tuple[Registration, ...]:
    return tuple(
        Registration(int(v.player), v.first_name, v.last_name, v.country, v.ema_number)
        for v in t.player_views()
    )


def number_warnings(
    log: EventLog, tournament: str, store: EmaListStore, *, players: tuple[int, ...] = ()
) -> NumberReport:
    """Every warning about the EMA numbers of the tournament's players (of ``players``
    only, if given), each marked accepted when an official accepted it."""
    t = load(log, tournament)
    imported = store.last_import()
    if imported is None:
        return NumberReport((), None)
    regs = _registrations(t)
    listed = store.lookup(tuple(r.ema_number for r in regs if r.ema_number))
    accepted = {(int(p), w, n) for (p, w, n) in t.ema_accepted}
    found = check_numbers(regs, listed, accepted)
    if players:
        found = tuple(w for w in found if w.player in players)
    return NumberReport(found, imported)


def accept_warning(
    log: EventLog,
    tournament: str,
    player: PlayerId,
    warning: str,
    *,
    note: str = "",
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Record that an official accepts ``player``'s ``warning`` about the EMA number the
    player has now (unknown, duplicate, name or country); the registration is unchanged."""
    text = check_text(note, "note", required=False)
    try:
        kind = WarningKind(warning.strip().lower())
    except ValueError:
        choices = ", ".join(k.value for k in WarningKind)
        raise InputError.of("ema.bad-warning", "warning", value=warning, choices=choices) from None

    def event_of(t: Tournament) -> ev.Event:
        number = t.player(player).ema_number
        return ev.EmaWarningAccepted(player, kind.value, number, text)

    return record_one(log, tournament, event_of, actor=actor, now=now)


@dataclass(frozen=True, slots=True)
class EmaDetails:
    """The tournament's EMA details (as set, or the defaults when never set)."""

    days: int
    qualifying: bool
    host_country: str
    reading: CountriesReading
    set_at: int | None
    """The position of the entry that set them (``None``: defaults)."""


def ema_details(log: EventLog, tournament: str) -> EmaDetails:
    """The EMA details in force."""
    return _details(load(log, tournament))


def _details(t: Tournament) -> EmaDetails:
    readings = _readings(t)
    if t.ema_details is None:
        return EmaDetails(1, False, "", readings.countries, None)
    seq, event = t.ema_details
    return EmaDetails(event.days, event.qualifying, event.host_country, readings.countries, seq)


@dataclass(frozen=True, slots=True)
class EmaReadings:
    """The named readings in force (``docs/ema.md``): the countries' bands of the MERS
    weight and the ranking preview's readings, with the entry that set them last (its
    position, who and when; ``None``: the defaults)."""

    countries: CountriesReading
    ranking: Readings
    set_at: int | None
    actor: str
    at: str


def _readings(t: Tournament) -> EmaReadings:
    """The readings of the last ``ema-readings-set``; the countries' bands of whichever
    came last of it and the EMA details (kept until the next entry)."""
    kept = t.memo("ema-readings")
    if isinstance(kept, EmaReadings):
        return kept
    found = EmaReadings(CountriesReading.CURRENT, DEFAULT_READINGS, None, "", "")
    for recorded in t.records():
        event = recorded.event
        if isinstance(event, ev.EmaDetailsSet):
            found = dataclasses.replace(found, countries=CountriesReading(event.reading))
        elif isinstance(event, ev.EmaReadingsSet):
            found = EmaReadings(
                CountriesReading(event.countries),
                Readings(
                    BaseRankReading(event.base_rank),
                    AgeReading(event.age),
                    AgeDate(event.age_date),
                    TieReading(event.tie),
                    event.world_championships,
                ),
                recorded.seq,
                recorded.actor,
                recorded.at,
            )
    t.remember("ema-readings", found)
    return found


def ema_readings(log: EventLog, tournament: str) -> EmaReadings:
    """The named readings in force."""
    return _readings(load(log, tournament))


WORLD_CHAMPIONSHIPS = {True: "wc-count", False: "wc-excluded"}
"""The reading's name of whether world championships count."""

READING_CHOICES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("countries", tuple(r.value for r in CountriesReading)),
    ("base_rank", tuple(r.value for r in BaseRankReading)),
    ("age", tuple(r.value for r in AgeReading)),
    ("age_date", tuple(r.value for r in AgeDate)),
    ("tie", tuple(r.value for r in TieReading)),
    ("world_championships", tuple(WORLD_CHAMPIONSHIPS.values())),
)
"""Each kind of reading (the field of :class:`~mjref.tournament.events.EmaReadingsSet`)
and its readings by name; each reading's wording is ``ema.reading.<name>``, each kind's
``ema.reading-kind.<field>``."""


def reading_names(found: EmaReadings) -> dict[str, str]:
    """The name of each kind's reading in force, by field."""
    r = found.ranking
    return {
        "countries": found.countries.value,
        "base_rank": r.base_rank.value,
        "age": r.age.value,
        "age_date": r.age_date.value,
        "tie": r.tie.value,
        "world_championships": WORLD_CHAMPIONSHIPS[r.world_championships],
    }


def _choice(value: str | None, current: str) -> str:
    return current if value is None else value.strip().lower()


def set_ema_readings(
    log: EventLog,
    tournament: str,
    *,
    countries: str | None = None,
    base_rank: str | None = None,
    age: str | None = None,
    age_date: str | None = None,
    tie: str | None = None,
    world_championships: bool | None = None,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Record the named readings (a reading not given stays as it is); the MERS weight
    and the ranking preview apply them from then on. The fold refuses an unknown one."""

    def event_of(t: Tournament) -> ev.Event:
        now_in_force = _readings(t)
        r = now_in_force.ranking
        return ev.EmaReadingsSet(
            countries=_choice(countries, now_in_force.countries.value),
            base_rank=_choice(base_rank, r.base_rank.value),
            age=_choice(age, r.age.value),
            age_date=_choice(age_date, r.age_date.value),
            tie=_choice(tie, r.tie.value),
            world_championships=(
                r.world_championships if world_championships is None else world_championships
            ),
        )

    return record_one(log, tournament, event_of, actor=actor, now=now)


def set_ema_details(
    log: EventLog,
    tournament: str,
    *,
    days: int,
    qualifying: bool,
    host_country: str,
    reading: str = CountriesReading.CURRENT.value,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Record the tournament's EMA details (they replace the ones before)."""
    host = check_country(host_country)
    return record_one(
        log,
        tournament,
        lambda t: ev.EmaDetailsSet(days, qualifying, host, reading.strip().lower()),
        actor=actor,
        now=now,
    )


@dataclass(frozen=True, slots=True)
class WeightReport:
    """The MERS weight as the log stands, with what it was computed from."""

    weight: MersWeight
    details: EmaDetails
    players: int
    substitutes: int
    countries: int
    guests: int
    notes: tuple[Message, ...]


def weight_of(log: EventLog, tournament: str) -> WeightReport:
    """The MERS weight from the registrations, the substitutes who played and the EMA
    details: the players counted are the registered players who are not substitutes and
    were not struck from the final results; the countries are theirs, a player from a
    country that is not an EMA member counted as the organising country."""
    t = load(log, tournament)
    details = _details(t)
    views = [v for v in t.player_views() if not v.substitute and not v.struck]
    played = {event.substitute for (_, event) in t.substitutions.values()}
    host = details.host_country
    countries, guests = count_countries((v.country for v in views), host)
    notes: list[Message] = []
    if guests:
        notes.append(Message("ema.weight.guests", {"count": guests, "host": host or "-"}))
    weight = mers_weight(
        days=details.days,
        players=len(views),
        substitutes=len(played),
        countries=countries,
        qualifying=details.qualifying,
        reading=details.reading,
    )
    return WeightReport(weight, details, len(views), len(played), countries, guests, tuple(notes))


class RefereeSource(Protocol):
    """The accounts that may act on a tournament and the audit of their changes
    (:class:`mjref.store.accounts.SqlAccounts`)."""

    def grantees(self, tournament: str) -> list[tuple[str, str]]: ...

    def changes(self, name: str) -> list[tuple[str, str, str, str]]: ...


def _moment(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def checklist_facts(t: Tournament, referees: RefereeSource) -> ChecklistFacts:
    """What the checklist needs, from the folded log and the referees' accounts."""
    details = _details(t)
    views = [v for v in t.player_views() if not v.substitute and not v.struck]
    opened: dict[int, int] = {}
    closed: dict[int, int] = {}
    started: dict[int, int] = {}
    ended: dict[int, int] = {}
    first_play: str | None = None
    for r in t.log:
        e = r.event
        if isinstance(e, ev.SessionOpened):
            opened.setdefault(e.session, r.seq)
        elif isinstance(e, ev.SessionClosed):
            closed.setdefault(e.session, r.seq)
        elif isinstance(e, ev.SessionStarted):
            started.setdefault(e.session, e.time)
        elif isinstance(e, ev.SessionEnded):
            ended[e.session] = e.time
        if isinstance(e, ev.SessionOpened | ev.SessionStarted) and first_play is None:
            first_play = r.at
    begins = {s: opened.get(s, 0) for s in set(opened) | set(started)}
    in_time = tuple(
        (s, s - 1 in closed and closed[s - 1] < (opened.get(s) or 10**12))
        for s in sorted(begins)
        if s >= 2
    )
    breaks = tuple(
        (s, (started[s] - ended[s - 1]) // 60) for s in sorted(started) if s - 1 in ended
    )
    named = [name for name, role in referees.grantees(t.id) if role == "referee"]
    at_start: int | None = None
    start = _moment(first_play) if first_play else None
    if start is not None:
        at_start = 0
        for name in named:
            grants = [
                _moment(at)
                for at, _, action, detail in referees.changes(name)
                if action == "granted" and detail == t.id
            ]
            when = min((g for g in grants if g is not None), default=None)
            if when is not None and when <= start:
                at_start += 1
    return ChecklistFacts(
        family=t.family.value,
        days=details.days,
        sessions=t.sessions,
        session_minutes=t.settings.session_minutes,
        players=len(views),
        ema_country_players=sum(1 for v in views if is_member(v.country)),
        host=details.host_country,
        host_players=sum(
            1 for v in views if details.host_country and v.country == details.host_country
        ),
        referees=len(named),
        referees_at_start=at_start,
        results_in_time=in_time,
        breaks=breaks,
        clocked=tuple(sorted(started)),
        played=tuple(sorted(set(opened) | set(started))),
    )


def checklist_of(log: EventLog, tournament: str, referees: RefereeSource) -> tuple[CheckItem, ...]:
    """The organiser's checklist as the log and the accounts stand."""
    return checklist(checklist_facts(load(log, tournament), referees))


class RankingStore(Protocol):
    """Where the EMA ranking data is kept (:class:`mjref.store.ema_list.SqlEmaList`)."""

    def replace_results(
        self, rows: tuple[RankingRow, ...], *, at: str, actor: str, source: str
    ) -> int: ...

    def results_of(self, ema_number: str, family: str) -> tuple[Result, ...]: ...


@dataclass(frozen=True, slots=True)
class RankingImport:
    """An import of the ranking data: the rows kept now, and the rows left out."""

    rows: int
    skipped: tuple[ListProblem, ...]


def import_ranking(
    store: RankingStore,
    text: str,
    *,
    source: str = "",
    skip_bad: bool = False,
    actor: str,
    now: datetime,
) -> RankingImport:
    """Replace the stored ranking data by the rows of ``text``; a bad row refuses the
    whole file (every row listed) unless ``skip_bad``."""
    parsed = parse_ranking_data(text)
    if parsed.problems and not skip_bad:
        raise EmaListFileError(parsed.problems)
    count = store.replace_results(
        parsed.rows, at=now.isoformat(timespec="seconds"), actor=actor, source=source
    )
    return RankingImport(count, parsed.problems)


@dataclass(frozen=True, slots=True)
class RankingPreview:
    """A player's rating on the day ``reckoning``: from the imported results (``now``) and
    with this event's result as it stands (``with_event``; ``None``: the player has no
    place yet), in the tournament's family."""

    player: int
    ema_number: str
    family: str
    reckoning: str
    now: Rating
    event: Result | None
    with_event: Rating | None
    readings: Readings

    @property
    def family_name(self) -> str:
        """The family as people write it in every language (``MCR``, ``Riichi``), not its
        code (``mcr``)."""
        return FAMILY_NAMES.get(self.family, self.family)


FAMILY_NAMES = {"mcr": "MCR", "riichi": "Riichi"}
"""The EMA's two rankings by name, the same in the five languages."""


def ranking_preview(
    log: EventLog,
    tournament: str,
    store: RankingStore,
    player: PlayerId,
    *,
    now: datetime,
    readings: Readings | None = None,
) -> RankingPreview:
    """The player's rating now and with this event's result as it stands: the place in
    the standings now, of the players ranked, with the live MERS weight, dated today;
    under ``readings``, by default those in force (:func:`ema_readings`)."""
    t = load(log, tournament)
    if readings is None:
        readings = _readings(t).ranking
    view = t.player(player)
    family = t.family.value
    day = now.date().isoformat()
    history = store.results_of(view.ema_number, family) if view.ema_number else ()
    before = rating(history, day, readings)
    table = standings(t)
    placed = [r for r in table.ranked if r.place is not None]
    mine = next((r for r in placed if r.player.player == player), None)
    if mine is None or mine.place is None:
        return RankingPreview(
            int(player), view.ema_number, family, day, before, None, None, readings
        )
    weight = Fraction(weight_of(log, tournament).weight.total)
    event = Result(day, day, mine.place, len(placed), weight, False, t.settings.name)
    after = rating((*history, event), day, readings)
    return RankingPreview(int(player), view.ema_number, family, day, before, event, after, readings)


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An entry of the log the observer reports: a ruling, lateness, a substitution, a
    disqualification or an appeal (``what``: the incident, the reason or the decision;
    ``void``: a correction superseded it)."""

    seq: int
    kind: str
    session: int | None
    player: int | None
    what: str
    void: bool


@dataclass(frozen=True, slots=True)
class ObserverReport:
    """The observer report's fields as the log stands (``docs/ema.md``): the observer's
    name, the location and the dates are left for the observer to write."""

    name: str
    ruleset: str
    family: str
    weight: WeightReport
    sessions: int
    session_minutes: int
    schedule: tuple[tuple[int, int | None, int | None], ...]
    """(session, start, end) on the clock, in Unix seconds (``None``: not on the clock)."""
    players: int
    substitutes: int
    countries: tuple[tuple[str, int], ...]
    referees: tuple[tuple[str, bool | None], ...]
    """(account, whether a player of the same name played: ``None`` when no player has it)."""
    irregularities: tuple[Irregularity, ...]


def _what(event: ev.Event) -> str:
    if isinstance(event, ev.RulingRecorded | ev.LatenessRecorded):
        return event.ruling.incident
    if isinstance(event, ev.Substituted):
        return str(event.reason)
    if isinstance(event, ev.Disqualified):
        return str(event.scope)
    if isinstance(event, ev.AppealDecided):
        return "upheld" if event.upheld else "rejected"
    return ""


REPORTED = (
    ev.RulingRecorded,
    ev.LatenessRecorded,
    ev.Substituted,
    ev.Disqualified,
    ev.AppealFiled,
    ev.AppealDecided,
)


def observer_report(log: EventLog, tournament: str, referees: RefereeSource) -> ObserverReport:
    """The observer report's fields, filled from the log, the EMA details and the
    referees' accounts."""
    t = load(log, tournament)
    weight = weight_of(log, tournament)
    views = [v for v in t.player_views() if not v.substitute and not v.struck]
    counts: dict[str, int] = {}
    for v in views:
        counts[v.country] = counts.get(v.country, 0) + 1
    starts: dict[int, int] = {}
    ends: dict[int, int] = {}
    found: list[Irregularity] = []
    for r in t.log:
        e = r.event
        if isinstance(e, ev.SessionStarted):
            starts.setdefault(e.session, e.time)
        elif isinstance(e, ev.SessionEnded):
            ends[e.session] = e.time
        elif isinstance(e, REPORTED):
            session = getattr(e, "session", None)
            player = getattr(e, "player", None)
            found.append(
                Irregularity(
                    r.seq,
                    e.KIND,
                    session if isinstance(session, int) else None,
                    int(player) if isinstance(player, int) else None,
                    _what(e),
                    r.seq in t.superseded,
                )
            )
    named = [name for name, role in referees.grantees(t.id) if role == "referee"]
    played = {v.name for v in t.player_views()}
    return ObserverReport(
        name=t.settings.name,
        ruleset=t.settings.ruleset,
        family=t.family.value,
        weight=weight,
        sessions=t.sessions,
        session_minutes=t.settings.session_minutes,
        schedule=tuple((s, starts.get(s), ends.get(s)) for s in range(1, t.sessions + 1)),
        players=len(views),
        substitutes=weight.substitutes,
        countries=tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
        referees=tuple(
            (name, True if any(same_name(name, p) for p in played) else None) for name in named
        ),
        irregularities=tuple(found),
    )

"""Use cases of running a tournament: create it, register and check in players, publish
the seating, read the log, the standings and a player's history.

Results, rulings, substitutions, appeals and corrections are in
:mod:`mjref.services.tournament_results`; the EMA file and the HTML pages in
:mod:`mjref.services.tournament_export`.

Every function takes the event log through the small :class:`EventLog` protocol (the
store adapter, :class:`mjref.store.SqlEventLog`, is one), typed values, and - when it
records something - who records it (``actor``) and when (``now``). Each entry is checked
against the tournament as folded from the log and appended right after the position it
was checked at; when another entry got there first the log is read again and the entry
checked again, so two entries for the same place end with one recorded and a
:class:`~mjref.tournament.errors.ConflictError` naming it for the other.

The folded tournament is kept per log object between calls, and only the events
appended since are read (:func:`load`).
"""

from __future__ import annotations

import math
import re
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from mjref.errors import InputError
from mjref.messages import Message
from mjref.players import MAX_PLAYERS, PlayerId
from mjref.rules.model import Family
from mjref.rules.registry import get_ruleset
from mjref.tournament import events as ev
from mjref.tournament.errors import (
    AlreadyRecordedError,
    RequestKeyTakenError,
    SlotTakenError,
    StaleLogError,
    TournamentError,
)
from mjref.tournament.family import FamilyRules, family_rules
from mjref.tournament.fold.teams import registered_teams, team_key, team_of_players
from mjref.tournament.roster import PlayerDetails, RowProblem, check_details, parse_players_csv
from mjref.tournament.rulings import message_of, store_message
from mjref.tournament.standings import (
    Progress,
    Reporting,
    SessionLine,
    Standings,
    history,
    progress,
    reporting,
    standings,
)
from mjref.tournament.state import LadderEntry, PlayerView, Tournament
from mjref.tournament.teams import teams_to_keep_apart
from mjref.tournament.timeline import ClockPhase

if TYPE_CHECKING:  # the seating modules load NumPy and SciPy: only when seating
    from mjref.seating import Fill
    from mjref.seating.constraints import ApartGroup

MAX_TRIES = 20
"""How often an entry is checked again after another writer got in first."""

MAX_SESSION_MINUTES = ev.MAX_SESSION_MINUTES
MAX_START = 1_000_000
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


class EventLog(Protocol):
    """What the services need of a store."""

    def read(self, tournament: str, after: int = 0) -> Sequence[ev.Recorded]: ...

    def append(
        self, tournament: str, after: int, pending: Sequence[ev.NewEntry]
    ) -> Sequence[ev.Recorded]: ...

    def tournaments(self) -> Sequence[tuple[str, ev.Recorded]]: ...


class KeyedLog(EventLog, Protocol):
    """A store that keeps request keys: a retried request finds what it stored."""

    def append(
        self,
        tournament: str,
        after: int,
        pending: Sequence[ev.NewEntry],
        request_key: str | None = None,
    ) -> Sequence[ev.Recorded]: ...

    def entries_of_key(self, tournament: str, request_key: str) -> Sequence[ev.Recorded] | None: ...


REQUEST_KEY: ContextVar[str | None] = ContextVar("mjref_request_key", default=None)
"""The idempotency key of the request being served (a web form's hidden ``request_key``,
an API call's ``Idempotency-Key`` header), set by the adapter for the request: entries
recorded under a key are recorded once, and a retry with the same key raises
:class:`~mjref.tournament.errors.AlreadyRecordedError` with the entries stored the first
time, which the adapter answers with (the venue's Wi-Fi drops answers, people press
again)."""

MAX_REQUEST_KEY = 80
"""Keys longer than this are not used (the request is then recorded as it comes)."""


def _keyed(log: EventLog) -> KeyedLog | None:
    return log if hasattr(log, "entries_of_key") else None  # type: ignore[return-value]


class _Kept(threading.local):
    """The folded tournaments kept per log object, one set per thread: a web server
    answers requests in several threads, and a folded tournament is not shared between
    them (each is brought up to the log's end when used; see :func:`load`)."""

    def __init__(self) -> None:
        self.by_log: weakref.WeakKeyDictionary[object, dict[str, Tournament]] = (
            weakref.WeakKeyDictionary()
        )


_KEPT = _Kept()


def _cache(log: EventLog) -> dict[str, Tournament]:
    try:
        return _KEPT.by_log.setdefault(log, {})
    except TypeError:  # a log object that cannot be weakly referenced: no cache
        return {}


_WRITERS: weakref.WeakKeyDictionary[object, dict[str, threading.RLock]] = (
    weakref.WeakKeyDictionary()
)
_WRITERS_LOCK = threading.Lock()


def _writing(log: EventLog, tournament: str) -> threading.RLock:
    """The lock a thread holds while it checks and appends an entry of ``tournament`` to
    ``log``: the threads of one process (a web worker's) take turns, so that they do not
    make one another's appends stale. Under a crowd of scorers they did, until some
    entry lost every one of its :data:`MAX_TRIES` (each try reads and folds the log
    anew) and was refused; other processes (another worker, the command line) are still
    found by the log's position, and the entry checked again."""
    with _WRITERS_LOCK:
        try:
            locks = _WRITERS.setdefault(log, {})
        except TypeError:  # a log object that cannot be weakly referenced
            return threading.RLock()
        return locks.setdefault(tournament, threading.RLock())


def forget(log: EventLog, tournament: str) -> None:
    """Drop the folded tournament kept for ``log`` (the next call reads the whole log)."""
    _cache(log).pop(tournament, None)


def check_tournament_id(value: str) -> str:
    """A tournament id: 1-40 lower-case letters, digits and dashes."""
    if not _ID.fullmatch(value):
        raise InputError.of("tournament.bad-id", "tournament", value=value)
    return value


def load(log: EventLog, tournament: str) -> Tournament:
    """The tournament folded from its log (reading only what was appended since the last
    call with the same log object)."""
    cache = _cache(log)
    found = cache.get(tournament) or Tournament(tournament)
    found.extend(log.read(tournament, found.position))
    if found.created is None:
        raise TournamentError(Message("tournament.unknown", {"tournament": tournament}))
    cache[tournament] = found
    return found


def kept(log: EventLog, tournament: str) -> Tournament:
    """The folded tournament as the last call with ``log`` left it (read from the log
    when there is none)."""
    found = _cache(log).get(tournament)
    return found if found is not None else load(log, tournament)


def _stamp(now: datetime) -> str:
    return now.isoformat(timespec="seconds")


def seconds(moment: datetime) -> int:
    """A moment as Unix time in whole seconds (what clock events hold); the moment must
    carry its time zone."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("a moment for the clock needs its time zone")
    return math.floor(moment.timestamp())


Build = Callable[[Tournament], Iterator[ev.Event]]
"""Yields the events of one entry; each is checked and folded in before the next is asked
for, so later events may rely on earlier ones."""


def record(
    log: EventLog, tournament: str, build: Build, *, actor: str, now: datetime, new: bool = False
) -> tuple[ev.Recorded, ...]:
    """Check and append the events ``build`` yields, all or none (see the module's
    description for what happens when another writer gets in first)."""
    at = _stamp(now)
    actor = actor.strip()
    if not actor or len(actor) > ev.MAX_TEXT or not actor.isprintable():
        raise InputError.of("tournament.bad-actor", "--actor", limit=ev.MAX_TEXT)
    key = REQUEST_KEY.get()
    keyed = _keyed(log) if key and len(key) <= MAX_REQUEST_KEY else None
    if keyed is not None and key is not None:
        stored = keyed.entries_of_key(tournament, key)
        if stored is not None:  # a retry of a request already recorded
            raise AlreadyRecordedError(tuple(stored))
    with _writing(log, tournament):
        return _record(log, tournament, build, actor, at, new, keyed, key)


def _record(
    log: EventLog,
    tournament: str,
    build: Build,
    actor: str,
    at: str,
    new: bool,
    keyed: KeyedLog | None,
    key: str | None,
) -> tuple[ev.Recorded, ...]:
    for _ in range(MAX_TRIES):
        if new:
            t = Tournament(tournament)
            t.extend(log.read(tournament))
        else:
            # The state kept from the last call, brought up to what the log holds now
            # (another process or worker may have appended since): the entry is checked
            # against the current log, and if yet another writer gets in before the
            # append, the append is refused as stale and the entry checked again.
            t = load(log, tournament)
        start = t.position
        pending: list[ev.NewEntry] = []
        try:
            for event in build(t):
                t.check(event)
                t.apply(ev.Recorded(t.position + 1, event, actor, at))
                pending.append(ev.NewEntry(event, actor, at))
        except BaseException:
            if t.position != start:
                forget(log, tournament)
            raise
        if not pending:
            return ()
        try:
            if keyed is not None:
                recorded = tuple(keyed.append(tournament, start, pending, request_key=key))
            else:
                recorded = tuple(log.append(tournament, start, pending))
        except RequestKeyTakenError:
            forget(log, tournament)
            assert keyed is not None
            assert key is not None
            raise AlreadyRecordedError(tuple(keyed.entries_of_key(tournament, key) or ())) from None
        except (StaleLogError, SlotTakenError):
            forget(log, tournament)
            continue
        except BaseException:
            forget(log, tournament)  # the state holds events the log does not
            raise
        if new:
            _cache(log)[tournament] = t
        return recorded
    raise TournamentError(Message("tournament.stale", {}))


# -- the tournament ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """A tournament's settings and where it stands."""

    id: str
    name: str
    ruleset: str
    family: Family
    convention: str | None
    sessions: int
    session_minutes: int
    starting_points: int | None
    players: int
    checked_in: int
    published: tuple[int, ...]
    closed: tuple[int, ...]
    position: int
    created_by: str
    created_at: str

    @property
    def rules(self) -> FamilyRules:
        """How results are entered and shown in the tournament's family."""
        return family_rules(self.family)


def info(t: Tournament) -> TournamentInfo:
    s = t.settings
    first = t.log[0]
    views = [v for v in t.player_views() if not v.substitute]
    return TournamentInfo(
        id=t.id,
        name=s.name,
        ruleset=s.ruleset,
        family=t.family,
        convention=s.convention,
        sessions=s.sessions,
        session_minutes=s.session_minutes,
        starting_points=s.starting_points,
        players=len(views),
        checked_in=sum(1 for v in views if v.checked_in),
        published=tuple(sorted(t.seating)),
        closed=tuple(sorted(t.closed)),
        position=t.position,
        created_by=first.actor,
        created_at=first.at,
    )


def create_tournament(
    log: EventLog,
    tournament: str,
    *,
    name: str,
    ruleset: str,
    sessions: int,
    session_minutes: int = 120,
    convention: str | None = None,
    starting_points: int | None = None,
    actor: str,
    now: datetime,
) -> TournamentInfo:
    """A new tournament under ``ruleset`` (a ruleset spec with readings, as ``mjref
    rules`` lists them); MCR takes a scoring convention (default ``green-book``), riichi
    the starting points (default 30,000)."""
    check_tournament_id(tournament)
    rs = get_ruleset(ruleset)
    if not 1 <= sessions <= ev.MAX_SESSIONS:
        raise InputError.of(
            "tournament.bad-sessions", "--sessions", value=sessions, limit=ev.MAX_SESSIONS
        )
    if not 1 <= session_minutes <= MAX_SESSION_MINUTES:
        raise InputError.of(
            "tournament.bad-minutes", "--minutes", value=session_minutes, limit=MAX_SESSION_MINUTES
        )
    rules = family_rules(rs.family)
    conv: str | None = None
    start: int | None = None
    if rules.convention:
        from mjref.mcr.conventions import DEFAULT_CONVENTION, get_convention

        conv = get_convention(convention or DEFAULT_CONVENTION).id
    elif convention is not None:
        raise InputError.of("tournament.convention-for-riichi", "--convention")
    if rules.start is not None:
        start = rules.start if starting_points is None else starting_points
        if not 0 <= start <= MAX_START:
            raise InputError.of("tournament.bad-start", "--start", value=start, limit=MAX_START)
    elif starting_points is not None:
        raise InputError.of("tournament.start-for-mcr", "--start")
    from mjref.tournament.roster import check_text

    created = ev.TournamentCreated(
        name=check_text(name, "name", required=True),
        ruleset=rs.spec,
        convention=conv,
        sessions=sessions,
        session_minutes=session_minutes,
        starting_points=start,
    )

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield created

    record(log, tournament, build, actor=actor, now=now, new=True)
    return info(load(log, tournament))


def tournament_rulesets() -> tuple[str, ...]:
    """The rulesets a tournament can be played under, from the rules registry: the
    regulations (MCR) and the riichi rulesets, in the registry's order (readings are
    added to a name: ``mers-2008+italian``)."""
    from mjref.rules import rulesets
    from mjref.rules.model import EntryKind

    kinds = (EntryKind.REGULATION, EntryKind.RIICHI_RULESET)
    return tuple(r.id for r in rulesets().values() if r.kind in kinds)


def tournament_readings() -> dict[str, tuple[str, ...]]:
    """Each reading a tournament's ruleset can take (``+italian``), by name, with the
    rulesets of :func:`tournament_rulesets` that have it, in the registry's order."""
    from mjref.rules import rulesets

    found: dict[str, list[str]] = {}
    for ruleset in tournament_rulesets():
        for name in rulesets()[ruleset].readings:
            found.setdefault(name, []).append(ruleset)
    return {name: tuple(where) for name, where in found.items()}


def with_readings(ruleset: str, readings: Sequence[str]) -> str:
    """``ruleset`` with ``readings`` added as the CLI's ``--ruleset`` takes them
    (``mers-2010+italian``); whether each applies is checked when the tournament is made."""
    return "".join([ruleset.strip(), *(f"+{r.strip().lstrip('+')}" for r in readings if r.strip())])


def show_tournament(log: EventLog, tournament: str) -> TournamentInfo:
    return info(load(log, tournament))


def list_tournaments(log: EventLog) -> tuple[TournamentInfo, ...]:
    return tuple(show_tournament(log, tid) for tid, _ in log.tournaments())


# -- players -----------------------------------------------------------------------------


def _registered(
    t: Tournament, player: PlayerId, details: PlayerDetails, substitute: bool
) -> ev.PlayerRegistered:
    return ev.PlayerRegistered(
        player=player,
        first_name=details.first_name,
        last_name=details.last_name,
        country=details.country,
        ema_number=details.ema_number,
        club=details.club,
        substitute=substitute,
    )


def player_details(
    first_name: str,
    last_name: str,
    country: str,
    ema_number: str = "",
    club: str = "",
    *,
    substitute: bool = False,
) -> PlayerDetails:
    """A player's details, checked (:mod:`mjref.tournament.roster`); a substitute may have
    no country."""
    if substitute and not country.strip():
        details = check_details(first_name, last_name, "NL", ema_number, club)
        return PlayerDetails(
            details.first_name, details.last_name, "", details.ema_number, details.club
        )
    return check_details(first_name, last_name, country, ema_number, club)


def _next_id(t: Tournament) -> PlayerId:
    player = t.next_player_id()
    if player > MAX_PLAYERS:
        raise InputError.of("tournament.too-many-players", limit=MAX_PLAYERS)
    return player


def add_player(
    log: EventLog,
    tournament: str,
    details: PlayerDetails,
    *,
    substitute: bool = False,
    check_in: bool = False,
    actor: str,
    now: datetime,
) -> PlayerView:
    """Register a player (the next free number), optionally checking them in."""

    def build(t: Tournament) -> Iterator[ev.Event]:
        player = _next_id(t)
        yield _registered(t, player, details, substitute)
        if check_in:
            yield ev.CheckedIn(player)

    recorded = record(log, tournament, build, actor=actor, now=now)
    first = recorded[0].event
    assert isinstance(first, ev.PlayerRegistered)
    return load(log, tournament).player(first.player)


class PlayersFileError(TournamentError):
    """A players file with bad rows; ``problems`` lists every one (line and reason)."""

    def __init__(self, problems: Sequence[RowProblem]) -> None:
        rows = tuple(
            Message("tournament.csv-row", {"line": p.line, "reason": p.reason}) for p in problems
        )
        super().__init__(Message("tournament.csv-bad-rows", {"count": len(problems), "rows": rows}))
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class ImportReport:
    """Players added by an import, and the rows left out (with ``skip_bad``)."""

    added: tuple[PlayerView, ...]
    skipped: tuple[RowProblem, ...]


def import_players(
    log: EventLog,
    tournament: str,
    text: str,
    *,
    skip_bad: bool = False,
    check_in: bool = False,
    actor: str,
    now: datetime,
) -> ImportReport:
    """Register every player of a CSV file (see :mod:`mjref.tournament.roster`). Any bad
    row refuses the whole file (:class:`PlayersFileError`, every row listed) unless
    ``skip_bad``: then the good rows are registered and the bad ones reported. A row's
    ``team`` puts the player in that registered team (registered with the file's players
    of that name when new); all of it is recorded or none."""
    t = load(log, tournament)
    parsed = parse_players_csv(text, known_ema=t.ema_numbers)
    if parsed.problems and not skip_bad:
        raise PlayersFileError(parsed.problems)

    def build(t: Tournament) -> Iterator[ev.Event]:
        joining: dict[str, tuple[str, list[PlayerId]]] = {}
        for _, details in parsed.players:
            player = _next_id(t)
            yield _registered(t, player, details, False)
            if check_in:
                yield ev.CheckedIn(player)
            if details.team:
                key = team_key(details.team)
                joining.setdefault(key, (details.team, []))[1].append(player)
        # The players file's `team` column: each team registered with its new members,
        # or, registered before, joined by them (the fold checks each).
        known = {team_key(team.name): team for team in registered_teams(t)}
        for key, (name, members) in joining.items():
            if key in known:
                for player in members:
                    yield ev.TeamMemberAdded(known[key].name, player)
            else:
                yield ev.TeamRegistered(name, tuple(members))

    recorded = record(log, tournament, build, actor=actor, now=now)
    t = load(log, tournament)
    added = tuple(
        t.player(r.event.player) for r in recorded if isinstance(r.event, ev.PlayerRegistered)
    )
    return ImportReport(added, parsed.problems)


def edit_player(
    log: EventLog,
    tournament: str,
    player: PlayerId,
    *,
    first_name: str | None = None,
    last_name: str | None = None,
    country: str | None = None,
    ema_number: str | None = None,
    club: str | None = None,
    actor: str,
    now: datetime,
) -> PlayerView:
    """Change some of a player's details (the others stay)."""

    def build(t: Tournament) -> Iterator[ev.Event]:
        old = t.player(player)
        details = check_details(
            first_name if first_name is not None else old.first_name,
            last_name if last_name is not None else old.last_name,
            country if country is not None else old.country,
            ema_number if ema_number is not None else old.ema_number,
            club if club is not None else old.club,
        )
        yield ev.PlayerEdited(
            player,
            details.first_name,
            details.last_name,
            details.country,
            details.ema_number,
            details.club,
        )

    record(log, tournament, build, actor=actor, now=now)
    return load(log, tournament).player(player)


def withdraw_player(
    log: EventLog,
    tournament: str,
    player: PlayerId,
    *,
    from_session: int | None = None,
    reason: ev.Withdrawal = ev.Withdrawal.OTHER,
    struck: bool = False,
    note: str = "",
    actor: str,
    now: datetime,
) -> PlayerView:
    """A player leaves before ``from_session`` (by default the first session the player has
    not played yet: what was played always stands); ``struck``: removed from the final
    results (illness, by the head referee and organisers: MERS 2010 4.3, RCR 5.8 / 5.7)."""
    from mjref.tournament.roster import check_text

    text = check_text(note, "note", required=False)

    def build(t: Tournament) -> Iterator[ev.Event]:
        first = from_session if from_session is not None else t.last_played(player) + 1
        yield ev.PlayerWithdrawn(player, first, reason, struck, text)

    record(log, tournament, build, actor=actor, now=now)
    return load(log, tournament).player(player)


def withdrawal_session(log: EventLog, tournament: str, player: PlayerId) -> int:
    """The first session a withdrawal of ``player`` takes out when none is given: the first
    one the player has not played (what was played stands, as :func:`withdraw_player`)."""
    t = load(log, tournament)
    t.player(player)  # an unknown player is refused
    return t.last_played(player) + 1


def check_in(
    log: EventLog, tournament: str, players: Sequence[PlayerId], *, actor: str, now: datetime
) -> tuple[PlayerView, ...]:
    """Check players in (all or none)."""

    def build(t: Tournament) -> Iterator[ev.Event]:
        for player in players:
            yield ev.CheckedIn(player)

    record(log, tournament, build, actor=actor, now=now)
    t = load(log, tournament)
    return tuple(t.player(p) for p in players)


def check_in_all(
    log: EventLog, tournament: str, *, actor: str, now: datetime
) -> tuple[PlayerView, ...]:
    """Check in every registered player not yet checked in, except substitutes and
    players who withdrew (``mjref players checkin --all``; the web's *Check in all*)."""

    def build(t: Tournament) -> Iterator[ev.Event]:
        for view in t.player_views():
            if not (view.checked_in or view.substitute or view.withdrawn_from is not None):
                yield ev.CheckedIn(view.player)

    recorded = record(log, tournament, build, actor=actor, now=now)
    t = load(log, tournament)
    return tuple(t.player(r.event.player) for r in recorded if isinstance(r.event, ev.CheckedIn))


def list_players(log: EventLog, tournament: str) -> tuple[PlayerView, ...]:
    return load(log, tournament).player_views()


def show_player(log: EventLog, tournament: str, player: PlayerId) -> PlayerView:
    return load(log, tournament).player(player)


# -- seating -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatingReport:
    """A published seating: the sessions it covers and their tables, the substitutes
    registered for it, how it was made (the steps of the method; a seating recorded with
    only a method text has that text as its one step, ``tournament.method.recorded``), and
    (re-seating) how many seats moved."""

    first_session: int
    sessions: tuple[tuple[tuple[PlayerId, ...], ...], ...]
    substitutes: tuple[PlayerId, ...]
    method: tuple[Message, ...]
    moved: int | None = None


def _substitute_details(number: int) -> PlayerDetails:
    """A substitute the seating brought in, before the organiser names him."""
    return PlayerDetails("Substitute", str(number), "", "", "")


def publish_seating(
    log: EventLog,
    tournament: str,
    *,
    seed: int = 0,
    fill: Fill | None = None,
    draw: str | None = None,
    teams_apart: bool = False,
    actor: str,
    now: datetime,
) -> SeatingReport:
    """Seat every session for the checked-in players (:func:`mjref.seating.plan`); when
    they do not fill tables of four, ``fill`` adds substitutes (the default: registered
    now, numbered after the players) or gives byes.

    ``teams_apart`` keeps each team - the members of a registered team, or without
    registered teams the players of one club, two or more of them
    (:func:`mjref.tournament.fold.teams.team_of_players`) - apart: the generator seats
    no two team-mates at one table where it can, and a last step of the method says how
    many pairs of team-mates still meet. Not with ``draw``: a drawn seating is one anyone
    can recompute from the seed and the player list.

    ``draw`` is the seed of a draw committed to before (:mod:`mjref.seating.draw`): the
    plan is drawn with it and the seed is revealed in the entry before the seating's, with
    the player list, so that anyone can recompute the plan (``seed`` is then not used)."""
    from mjref import __version__
    from mjref.seating import Fill, plan
    from mjref.seating.constraints import ApartGroup
    from mjref.seating.draw import plan_seed

    fill = Fill.SUBSTITUTES if fill is None else fill
    if draw is not None and seed:
        raise InputError.of("seating.draw.seed-and-draw", "--draw")
    if draw is not None and teams_apart:
        # A drawn seating is recomputed from the revealed seed and player list alone.
        raise InputError.of("seating.teams-apart-draw", "--teams-apart")

    def build(t: Tournament) -> Iterator[ev.Event]:
        players = sorted(
            v.player
            for v in t.player_views()
            if v.checked_in and not v.substitute and v.withdrawn_from is None
        )
        if not players:
            raise TournamentError(Message("tournament.nobody-checked-in", {}))
        if len(players) < 4 and fill is not Fill.SUBSTITUTES:
            raise TournamentError(Message("tournament.too-few-checked-in", {"count": len(players)}))
        if draw is not None:
            # The seed is checked against the commitment before the plan is drawn: a
            # wrong seed is refused at once, not after seconds of seating.
            t.check(ev.DrawRevealed(draw, tuple(players), fill.value, __version__))
        drawn = seed if draw is None else plan_seed(draw)
        # The seating module numbers the players 1..N in the order of their numbers.
        number_of = {p: PlayerId(i) for i, p in enumerate(players, start=1)}
        team_of = team_of_players(t) if teams_apart else {}
        teams = teams_to_keep_apart([(p, team_of.get(p, "")) for p in players])
        groups = tuple(
            ApartGroup(name, tuple(number_of[p] for p in members)) for name, members in teams
        )
        planned = plan(len(players), t.sessions, seed=drawn, fill=fill, groups=groups)
        steps = planned.generated.method
        if teams_apart:
            steps = (*steps, _teams_step(groups, planned.generated.schedule.sessions))
        numbers = dict(enumerate(players, start=1))
        spare = [v.player for v in t.player_views() if v.substitute]
        for number in planned.substitutes:
            if spare:
                numbers[number] = spare.pop(0)
            else:
                new = _next_id(t)
                yield _registered(t, new, _substitute_details(number - len(players)), True)
                numbers[number] = new
        if draw is not None:
            in_order = tuple(numbers[n] for n in sorted(numbers))
            yield ev.DrawRevealed(draw, in_order, fill.value, __version__)
        yield ev.SeatingPublished(
            first_session=1,
            sessions=_map_sessions(planned.generated.schedule.sessions, numbers),
            steps=tuple(store_message(step) for step in steps),
        )

    recorded = record(log, tournament, build, actor=actor, now=now)
    return _report(recorded, None)


def republish_seating(
    log: EventLog,
    tournament: str,
    *,
    replaced: Sequence[tuple[PlayerId, PlayerId]] = (),
    fill: Fill | None = None,
    seed: int = 0,
    teams_apart: bool = False,
    actor: str,
    now: datetime,
) -> SeatingReport:
    """Seat the sessions not yet played again after players left (withdrawn or
    disqualified), with least change (:func:`mjref.seating.repair.repair`): the sessions
    played stay exactly as they are. ``replaced`` names substitutes taking a leaving
    player's seats; otherwise ``fill`` (default: substitutes) says how the tables are
    filled again. ``teams_apart`` keeps the teams of the players who play on apart in
    the sessions re-seated (as :func:`publish_seating` does), as far as the least-change
    search can, and says how many pairs of team-mates still meet there."""
    from mjref.seating import Fill, Schedule
    from mjref.seating.constraints import ApartGroup
    from mjref.seating.repair import repair

    fill = Fill.SUBSTITUTES if fill is None else fill

    def build(t: Tournament) -> Iterator[ev.Event]:
        played = max(t.played_sessions(), default=0)
        first = played + 1
        if first > max(t.seating, default=0):
            raise TournamentError(
                Message("seating.no-sessions-left", {"sessions": max(t.seating, default=0)})
            )
        everyone = sorted({p for s in t.seating.values() for table in s for p in table})
        leaving = [p for p in everyone if (t.leaves(p) or t.sessions + 1) <= first]
        renames = dict(replaced)
        for out, _ in replaced:
            t.player(out)
        if not leaving and not replaced:
            raise TournamentError(Message("tournament.nothing-to-repair", {}))
        # The seating module numbers the players of a schedule 1..N: the players seated
        # so far in the order of their numbers, then the substitutes coming in.
        number_of = {p: PlayerId(i) for i, p in enumerate(everyone, start=1)}
        numbers: dict[int, PlayerId] = {i: p for p, i in number_of.items()}
        incoming: list[tuple[PlayerId, PlayerId]] = []
        for out, sub in renames.items():
            t.player(sub)
            new = PlayerId(len(numbers) + 1)
            numbers[new] = sub
            incoming.append((number_of[out], new))
        schedule = Schedule(
            len(everyone),
            tuple(
                tuple(tuple(number_of[p] for p in table) for table in t.seating[s])
                for s in sorted(t.seating)
            ),
        )
        dropped = [number_of[p] for p in leaving if p not in renames]
        playing_on = [(n, p) for n, p in numbers.items() if p not in leaving and p not in renames]
        team_of = team_of_players(t) if teams_apart else {}
        teams = teams_to_keep_apart([(PlayerId(n), team_of.get(p, "")) for n, p in playing_on])
        groups = tuple(ApartGroup(name, members) for name, members in teams)
        fixed = repair(
            schedule,
            played,
            dropped=dropped,
            replaced=incoming,
            fill=fill,
            groups=groups,
            seed=seed,
        )
        steps = [Message("seating.method.re-seated")]
        if teams_apart:
            steps.append(_teams_step(groups, fixed.schedule.sessions[played:]))
        spare = [
            v.player for v in t.player_views() if v.substitute and v.player not in numbers.values()
        ]
        for number in fixed.substitutes:
            if spare:
                numbers[number] = spare.pop(0)
            else:
                new_id = _next_id(t)
                yield _registered(t, new_id, _substitute_details(int(new_id)), True)
                numbers[number] = new_id
        yield ev.SeatingPublished(
            first_session=first,
            sessions=_map_sessions(fixed.schedule.sessions[played:], numbers),
            steps=tuple(store_message(step) for step in steps),
        )

    recorded = record(log, tournament, build, actor=actor, now=now)
    return _report(recorded, None)


def publish_plan(
    log: EventLog,
    tournament: str,
    sessions: Sequence[Sequence[Sequence[PlayerId]]],
    *,
    first_session: int = 1,
    method: Sequence[Message] = (Message("tournament.method.given"),),
    actor: str,
    now: datetime,
) -> SeatingReport:
    """Publish a seating made elsewhere: per session its tables, four registered players
    each in seat order East, South, West, North (sessions before ``first_session`` stay);
    ``method`` says how it was made, step by step."""
    frozen = tuple(tuple(tuple(table) for table in s) for s in sessions)
    steps = tuple(store_message(step) for step in method)

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield ev.SeatingPublished(first_session, frozen, steps=steps)

    return _report(record(log, tournament, build, actor=actor, now=now), None)


def _map_sessions(
    sessions: Sequence[Sequence[Sequence[int]]], numbers: dict[int, PlayerId]
) -> tuple[tuple[tuple[PlayerId, ...], ...], ...]:
    return tuple(tuple(tuple(numbers[n] for n in table) for table in s) for s in sessions)


def _report(recorded: Sequence[ev.Recorded], moved: int | None) -> SeatingReport:
    subs = tuple(
        r.event.player
        for r in recorded
        if isinstance(r.event, ev.PlayerRegistered) and r.event.substitute
    )
    published = recorded[-1].event
    assert isinstance(published, ev.SeatingPublished)
    return SeatingReport(
        published.first_session, published.sessions, subs, method_steps(published), moved
    )


def method_steps(published: ev.SeatingPublished) -> tuple[Message, ...]:
    """How a published seating was made, step by step; an event recorded with only a method
    text (before the steps were stored) gives that text as its one step."""
    if published.steps:
        from mjref.seating import _messages  # noqa: F401  (registers the steps' wording)

        return tuple(message_of(step) for step in published.steps)
    if published.method:
        return (Message("tournament.method.recorded", {"text": published.method}),)
    return ()


def _teams_step(
    groups: Sequence[ApartGroup], sessions: Sequence[Sequence[Sequence[int]]]
) -> Message:
    """The last step of a seating's method with ``teams_apart``: how many teams were kept
    apart and how many pairs of team-mates still meet in ``sessions``."""
    from mjref.seating.constraints import unmet_in

    meetings = len(unmet_in(sessions, groups))
    return Message("seating.method.teams-apart", {"teams": len(groups), "meetings": meetings})


def seating_method(log: EventLog, tournament: str) -> tuple[Message, ...]:
    """How the seating published last was made, step by step (with ``teams_apart``, its
    last step counts the team-mates who still meet); nothing before a seating."""
    found = [
        r.event for r in load(log, tournament).records() if isinstance(r.event, ev.SeatingPublished)
    ]
    return method_steps(found[-1]) if found else ()


def seating(log: EventLog, tournament: str, session: int) -> tuple[tuple[PlayerId, ...], ...]:
    """The tables of a published session, seat order East, South, West, North."""
    t = load(log, tournament)
    if session not in t.seating:
        raise TournamentError(Message("tournament.session-not-published", {"session": session}))
    return t.seating[session]


def open_session(
    log: EventLog, tournament: str, session: int, *, actor: str, now: datetime
) -> ev.Recorded:
    """Record a session's start."""

    def build(t: Tournament) -> Iterator[ev.Event]:
        yield ev.SessionOpened(session)

    return record(log, tournament, build, actor=actor, now=now)[0]


def close_session(
    log: EventLog, tournament: str, session: int, *, actor: str, now: datetime
) -> ev.Recorded:
    """Close a session: every table has its result; appeals may be decided (MERS 2.2).
    A session whose clock still runs (or is paused) is ended first, at ``now``."""

    def build(t: Tournament) -> Iterator[ev.Event]:
        line = t.timeline(session)
        if line.phase in (ClockPhase.RUNNING, ClockPhase.PAUSED):
            yield ev.SessionEnded(session, max(seconds(now), line.last or 0))
        yield ev.SessionClosed(session)

    return record(log, tournament, build, actor=actor, now=now)[-1]


# -- reading -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LogEntry:
    """An entry of the log, with what became of it."""

    seq: int
    kind: str
    event: ev.Event
    actor: str
    at: str
    origin: int
    """The first entry of its correction chain (itself, unless it is a correction)."""
    superseded_by: int | None
    in_force: bool
    """Neither superseded nor overturned on appeal."""


def _touches(
    event: ev.Event, player: PlayerId | None, session: int | None, table: int | None
) -> bool:
    if isinstance(event, ev.Corrected) and event.replacement is not None:
        return _touches(event.replacement, player, session, table)
    if session is not None and getattr(event, "session", session) != session:
        return False
    if table is not None and getattr(event, "table", None) != table:
        return False
    if player is not None:
        names = {
            getattr(event, name, None) for name in ("player", "winner", "discarder", "substitute")
        }
        if isinstance(event, ev.HandRecorded):
            names |= {f.player for f in event.false_hus}
        if isinstance(event, ev.SeatingPublished):
            names |= {p for s in event.sessions for tbl in s for p in tbl}
        if isinstance(event, ev.RiichiHandRecorded):
            names |= {w.player for w in event.wins} | set(event.riichi) | set(event.tenpai)
            names.add(event.offender)
        if player not in names:
            return False
    return True


def read_log(
    log: EventLog,
    tournament: str,
    *,
    player: PlayerId | None = None,
    session: int | None = None,
    table: int | None = None,
    kinds: Sequence[str] = (),
) -> tuple[LogEntry, ...]:
    """The log, filtered by player, session, table and event kinds, each entry with the
    entry that superseded it (if any) and whether it is in force."""
    t = load(log, tournament)
    for kind in kinds:
        if kind not in ev.BY_KIND:
            raise InputError.of(
                "tournament.unknown-kind", "--type", kind=kind, known=", ".join(ev.BY_KIND)
            )
    found = []
    for r in t.records():
        if kinds and r.event.KIND not in kinds:
            continue
        if not _touches(r.event, player, session, table):
            continue
        found.append(
            LogEntry(
                r.seq,
                r.event.KIND,
                r.event,
                r.actor,
                r.at,
                t.origin.get(r.seq, r.seq),
                t.superseded.get(r.seq),
                t.in_force(r.seq),
            )
        )
    return tuple(found)


def current_standings(log: EventLog, tournament: str) -> Standings:
    return standings(load(log, tournament))


def standings_reporting(log: EventLog, tournament: str) -> Reporting:
    """How far the standings have got: the last session with results, how many of its
    tables have reported, when the standings last changed."""
    return reporting(load(log, tournament))


def player_history(log: EventLog, tournament: str, player: PlayerId) -> tuple[SessionLine, ...]:
    return history(load(log, tournament), player)


def player_progress(log: EventLog, tournament: str, player: PlayerId) -> tuple[Progress, ...]:
    """The player's running totals and place after each session with results."""
    return progress(load(log, tournament), player)


def foul_ladder(
    log: EventLog, tournament: str, player: PlayerId | None = None
) -> tuple[LadderEntry, ...]:
    t = load(log, tournament)
    if player is not None:
        t.player(player)
    return t.ladder(player)

"""The events of a tournament's log: every fact recorded, as frozen values.

A tournament is an append-only log. Each entry (:class:`Recorded`) holds its position
(``seq``, from 1), the event, who recorded it (``actor``) and when (``at``, an ISO 8601
time the caller supplies: the core has no clock). Nothing is updated or deleted: a
mistake is put right by a :class:`Corrected` event that supersedes an earlier one, with a
reason, and both stay in the log.

Each event stores what was decided (a ruling's consequences and clauses, a judged hand's
points), so reading the log back never judges anything again.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import ClassVar

from mjref.players import PlayerId
from mjref.scoring.mcr import FalseHuPayment, HandOutcome
from mjref.tiles import Wind

MAX_SESSIONS = 100
"""The most sessions a tournament may have."""

MAX_TABLES = 250
"""The most tables a session may have (1,000 players)."""

MAX_HANDS = 64
"""The most hands a table may record in one session."""

MAX_TEXT = 200
"""The longest name, club, note, reason or actor (characters)."""

MAX_ANNOUNCEMENT = 500
"""The longest notice for the venue screen (characters)."""

MAX_MINUTES_LATE = 24 * 60
"""The most minutes late an entry may give."""

MAX_SESSION_MINUTES = 24 * 60
"""The longest session (minutes)."""

MAX_EXTRA_MINUTES = 60
"""The most extra minutes one grant may give a table."""

MAX_TABLE_EXTRA_MINUTES = 240
"""The most extra minutes a table may have in one session, all grants together."""

MAX_CLOCK_TIME = 253_402_300_799
"""The latest moment a clock event may carry (Unix time of 9999-12-31 23:59:59 UTC)."""


def _frozen() -> Mapping[str, object]:
    return MappingProxyType({})


class Withdrawal(enum.StrEnum):
    """Why a player left the tournament."""

    ILLNESS = "illness"
    OTHER = "other"


class SubstitutionReason(enum.StrEnum):
    """Why a substitute took a player's seat for a session (MERS 2010 4.1, 4.2; RCR 5.8)."""

    LATE = "late"
    ILLNESS = "illness"
    DISQUALIFIED = "disqualified"
    WITHDRAWN = "withdrawn"


class Scope(enum.StrEnum):
    """What a disqualification covers."""

    SESSION = "session"
    TOURNAMENT = "tournament"


@dataclass(frozen=True, slots=True)
class StoredMessage:
    """A message as stored: its key and parameters in JSON form (nested messages are
    objects with ``$key`` and ``$params``)."""

    key: str
    params: Mapping[str, object] = field(default_factory=_frozen)


@dataclass(frozen=True, slots=True)
class StoredConsequence:
    """One consequence of a ruling as decided: kind, the clause requiring it, whom it
    concerns, the amount, its parameters, the clauses sizing it, the case it decided and
    its explanation."""

    kind: str
    clause: str
    party: str
    points: int | None
    params: Mapping[str, object]
    also: tuple[str, ...]
    situation: str
    outcome: str
    message: StoredMessage


@dataclass(frozen=True, slots=True)
class StoredRuling:
    """A ruling as recorded: the incident type and its facts (JSON form), the ruleset
    spec it was decided under, its consequences and the clauses it cites."""

    incident: str
    facts: Mapping[str, object]
    ruleset: str
    consequences: tuple[StoredConsequence, ...]
    citations: tuple[str, ...]
    notes: tuple[StoredMessage, ...] = ()


class Event:
    """Base of the event types; ``KIND`` is the stored name of the type."""

    __slots__ = ()
    KIND: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class TournamentCreated(Event):
    """A tournament: its name, ruleset spec (readings included), MCR scoring convention,
    number of sessions, session length and (riichi) starting points."""

    KIND: ClassVar[str] = "tournament-created"
    name: str
    ruleset: str
    convention: str | None
    sessions: int
    session_minutes: int
    starting_points: int | None


@dataclass(frozen=True, slots=True)
class PlayerRegistered(Event):
    """A player (or a substitute, who is never ranked) joins the tournament."""

    KIND: ClassVar[str] = "player-registered"
    player: PlayerId
    first_name: str
    last_name: str
    country: str
    ema_number: str
    club: str
    substitute: bool = False


@dataclass(frozen=True, slots=True)
class PlayerEdited(Event):
    """A player's details as they are now (all of them)."""

    KIND: ClassVar[str] = "player-edited"
    player: PlayerId
    first_name: str
    last_name: str
    country: str
    ema_number: str
    club: str


@dataclass(frozen=True, slots=True)
class PlayerWithdrawn(Event):
    """A player leaves the tournament before session ``from_session``. ``struck``: the
    head referee and organisers took the name off the final results (illness, MERS 2010
    4.3, RCR 2016 5.8 / 2012 5.7)."""

    KIND: ClassVar[str] = "player-withdrawn"
    player: PlayerId
    from_session: int
    reason: Withdrawal
    struck: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class CheckedIn(Event):
    """A player is present and will be seated."""

    KIND: ClassVar[str] = "checked-in"
    player: PlayerId


@dataclass(frozen=True, slots=True)
class CodeIssued(Event):
    """A new confirmation code for ``player``; the one before no longer confirms a
    result. The code is never stored: it is derived from the installation's secret and
    the number of codes issued to the player (:mod:`mjref.services.player_codes`)."""

    KIND: ClassVar[str] = "code-issued"
    player: PlayerId


@dataclass(frozen=True, slots=True)
class SeatingPublished(Event):
    """The seating of sessions ``first_session`` onwards (earlier sessions unchanged):
    per session its tables, each four players in seat order East, South, West, North;
    table number = position + 1.

    ``steps`` says how the seating was made, one stored message per step of the method
    (keys ``seating.method.*`` and ``tournament.method.*``). ``method`` is kept only for
    events recorded before the steps were stored: their method as English text, shown as
    it was recorded. New events leave ``method`` empty."""

    KIND: ClassVar[str] = "seating-published"
    first_session: int
    sessions: tuple[tuple[tuple[PlayerId, ...], ...], ...]
    method: str = ""
    steps: tuple[StoredMessage, ...] = ()


@dataclass(frozen=True, slots=True)
class DrawCommitted(Event):
    """Before the seating is drawn: the commitment to the draw's secret seed, its SHA-256
    in lower-case hex (:mod:`mjref.seating.draw`). Final: the seating is then drawn with
    the seed that hashes to it, revealed by :class:`DrawRevealed`."""

    KIND: ClassVar[str] = "draw-committed"
    commitment: str


@dataclass(frozen=True, slots=True)
class DrawRevealed(Event):
    """The draw's seed, revealed with the seating it draws (the next entry): ``players``
    are the tournament numbers of the plan's players 1, 2, ... (the checked-in players in
    order, then the substitutes), ``fill`` the remedy for a last table not full and
    ``version`` the mjref that drew, so that anyone can recompute the plan."""

    KIND: ClassVar[str] = "draw-revealed"
    seed: str
    players: tuple[PlayerId, ...]
    fill: str
    version: str


@dataclass(frozen=True, slots=True)
class SessionOpened(Event):
    KIND: ClassVar[str] = "session-opened"
    session: int


@dataclass(frozen=True, slots=True)
class SessionClosed(Event):
    """Play of the session is over: no new results; appeals may be decided (MERS 2.2)."""

    KIND: ClassVar[str] = "session-closed"
    session: int


@dataclass(frozen=True, slots=True)
class SessionStarted(Event):
    """The start signal of ``session``: its clock runs from ``time`` for ``minutes``.

    Clock events carry the moment they took effect as Unix time in whole seconds (UTC):
    the core has no clock and parses no dates, and a session's clock is then a matter of
    subtraction (:mod:`mjref.tournament.clock`). The entry's ``at`` is when it was recorded.
    """

    KIND: ClassVar[str] = "session-started"
    session: int
    time: int
    minutes: int


@dataclass(frozen=True, slots=True)
class SessionPaused(Event):
    """The clock of ``session`` stops at ``time`` (the whole room waits)."""

    KIND: ClassVar[str] = "session-paused"
    session: int
    time: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SessionResumed(Event):
    """The clock of ``session`` runs again from ``time``."""

    KIND: ClassVar[str] = "session-resumed"
    session: int
    time: int


@dataclass(frozen=True, slots=True)
class SessionEnded(Event):
    """Play of ``session`` is over at ``time``: its clock stops for good."""

    KIND: ClassVar[str] = "session-ended"
    session: int
    time: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ExtraTimeGranted(Event):
    """A referee gives ``table`` of ``session`` ``minutes`` more, at ``time``: e.g. the
    time its play was frozen for a ruling (MERS 2.1)."""

    KIND: ClassVar[str] = "extra-time-granted"
    session: int
    table: int
    minutes: int
    reason: str
    time: int


CLOCK_EVENTS: tuple[type[Event], ...] = (
    SessionStarted,
    SessionPaused,
    SessionResumed,
    SessionEnded,
    ExtraTimeGranted,
)
"""The events a session's clock is folded from."""


@dataclass(frozen=True, slots=True)
class HandRecorded(Event):
    """One MCR hand at a table: outcome, winner, discarder, the hand's points (flowers
    included) and flowers, false hus declared during it, and the hand as entered when it
    was judged (``notation``, judged under ``convention`` with the winner's
    ``seat_wind`` and the ``prevalent_wind``; ``winds_reason`` when they were given
    instead of those that follow from the seating and the hand number)."""

    KIND: ClassVar[str] = "hand-recorded"
    session: int
    table: int
    hand: int
    outcome: HandOutcome
    winner: PlayerId | None
    discarder: PlayerId | None
    points: int
    flowers: int
    false_hus: tuple[FalseHuPayment, ...] = ()
    notation: str = ""
    convention: str = ""
    seat_wind: Wind | None = None
    prevalent_wind: Wind | None = None
    winds_reason: str = ""


@dataclass(frozen=True, slots=True)
class SessionTotalsRecorded(Event):
    """An MCR table's session from its score sheet: four scores in seat order."""

    KIND: ClassVar[str] = "session-totals-recorded"
    session: int
    table: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RiichiResultRecorded(Event):
    """A riichi table's session: the four final scores in seat order and the riichi
    sticks still on the table at the end."""

    KIND: ClassVar[str] = "riichi-result-recorded"
    session: int
    table: int
    scores: tuple[int, ...]
    sticks: int = 0


class RiichiHandOutcome(enum.StrEnum):
    """How a riichi hand ended (:mod:`mjref.scoring.riichi_game`)."""

    RON = "ron"
    TSUMO = "tsumo"
    DRAW = "draw"
    ABORTIVE = "abortive"
    CHOMBO = "chombo"
    NAGASHI = "nagashi"


@dataclass(frozen=True, slots=True)
class RiichiWin:
    """A winner of a riichi hand and the hand's value: ``han`` and ``fu``, or ``yakuman``
    limits (all 0 for nagashi mangan, paid as a mangan); ``notation``: the hand as entered
    when it was judged from its tiles; ``liable``: who fed the third dragon set or the
    fourth wind set of a Big Three Dragons or Big Four Winds (RCR 3.3.9)."""

    player: PlayerId
    han: int
    fu: int
    yakuman: int = 0
    notation: str = ""
    liable: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class RiichiHandRecorded(Event):
    """One riichi hand at a table: how it ended, its winners (a discard: one to three and
    the ``discarder``; a self-draw: one), who declared riichi in it, who was tenpai at an
    exhaustive draw, who made a chombo. The hands of a table, played in order under the
    ruleset's game flow, give its final scores and the sticks left."""

    KIND: ClassVar[str] = "riichi-hand-recorded"
    session: int
    table: int
    hand: int
    outcome: RiichiHandOutcome
    wins: tuple[RiichiWin, ...] = ()
    discarder: PlayerId | None = None
    riichi: tuple[PlayerId, ...] = ()
    tenpai: tuple[PlayerId, ...] = ()
    offender: PlayerId | None = None
    player: PlayerId | None = None
    """The player of the table who entered the hand through the table's scorer link (with
    their code), ``None`` for an official: a table whose hands a player entered counts
    once another person confirms them (:class:`RiichiHandsConfirmed`)."""


@dataclass(frozen=True, slots=True)
class RiichiHandsConfirmed(Event):
    """The first ``hands`` hands of a riichi table, as they stand, are confirmed: by a
    player of the table who entered none of those awaiting confirmation (``player``), or
    by a referee or the organiser (``player`` is ``None``; the entry's actor says who).
    A hand a player enters or corrects later awaits a new confirmation."""

    KIND: ClassVar[str] = "riichi-hands-confirmed"
    session: int
    table: int
    hands: int
    player: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class ResultProposed(Event):
    """A table's session result entered by one of its players (through the table's scorer
    link): the four scores in seat order (MCR: the session totals; riichi: the final
    scores, with ``sticks`` left on the table). It counts only once another person
    confirms it (:class:`ResultConfirmed`)."""

    KIND: ClassVar[str] = "result-proposed"
    session: int
    table: int
    scores: tuple[int, ...]
    player: PlayerId
    sticks: int = 0


@dataclass(frozen=True, slots=True)
class ResultConfirmed(Event):
    """The result proposed at ``proposal`` is confirmed: by another player of the table
    (``player``) or by a referee or the organiser (``player`` is ``None``; the entry's
    actor says who). From here on it is the table's result, changed only by a
    correction of this entry."""

    KIND: ClassVar[str] = "result-confirmed"
    proposal: int
    session: int
    table: int
    player: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class ResultRejected(Event):
    """The result proposed at ``proposal`` is rejected and does not count; the table can
    enter its result again."""

    KIND: ClassVar[str] = "result-rejected"
    proposal: int
    reason: str
    player: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class RulingRecorded(Event):
    """A ruling on an incident, against ``player``. ``discretion``: the points the referee
    chose where the ruling leaves the amount to him."""

    KIND: ClassVar[str] = "ruling-recorded"
    player: PlayerId
    session: int
    table: int | None
    hand: int | None
    game: int
    ruling: StoredRuling
    discretion: int | None = None


@dataclass(frozen=True, slots=True)
class LatenessRecorded(Event):
    """A player arrived ``minutes`` late for ``session``; the lateness ruling."""

    KIND: ClassVar[str] = "lateness-recorded"
    player: PlayerId
    session: int
    minutes: int
    ruling: StoredRuling


@dataclass(frozen=True, slots=True)
class Substituted(Event):
    """A substitute takes ``player``'s seat for ``session``; ``during_play``: after play
    at the table had begun."""

    KIND: ClassVar[str] = "substituted"
    session: int
    player: PlayerId
    substitute: PlayerId
    reason: SubstitutionReason
    during_play: bool = False


@dataclass(frozen=True, slots=True)
class Disqualified(Event):
    """A player is disqualified in ``session``, for that session or the tournament."""

    KIND: ClassVar[str] = "disqualified"
    player: PlayerId
    session: int
    scope: Scope
    ruling: StoredRuling | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class AppealFiled(Event):
    """``player`` appeals against the ruling recorded at position ``ruling`` (MERS 2.2:
    made at once, heard after the session)."""

    KIND: ClassVar[str] = "appeal-filed"
    ruling: int
    player: PlayerId
    note: str = ""


@dataclass(frozen=True, slots=True)
class AppealDecided(Event):
    """The decision on the appeal recorded at ``appeal``: upheld (the ruling's
    consequences are superseded) or rejected (they stand)."""

    KIND: ClassVar[str] = "appeal-decided"
    appeal: int
    upheld: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class EmaDetailsSet(Event):
    """What the MERS weight needs beyond the registrations (``docs/ema.md``): the days of
    play (1 to 3), whether players had to qualify, the organising country (players from
    countries that are not EMA members count as it) and the reading of the countries'
    bands; it replaces the one before."""

    KIND: ClassVar[str] = "ema-details-set"
    days: int
    qualifying: bool
    host_country: str
    reading: str = "countries-current"


@dataclass(frozen=True, slots=True)
class EmaWarningAccepted(Event):
    """An official accepts a warning about ``player``'s EMA number (``warning``: unknown,
    duplicate, name or country; ``ema_number`` as registered then): it stays listed,
    marked accepted, and nothing of the registration changes."""

    KIND: ClassVar[str] = "ema-warning-accepted"
    player: PlayerId
    warning: str
    ema_number: str
    note: str = ""


MAX_TEAM_MEMBERS = 100
"""The most members a registered team may have."""


@dataclass(frozen=True, slots=True)
class TeamRegistered(Event):
    """A team registered with its name and members, apart from the players' clubs; a team
    of the same name (any case) registered before gets these members instead (an empty
    list keeps the name with no member). A player is in one team at most
    (``docs/tournament.md``, "Teams")."""

    KIND: ClassVar[str] = "team-registered"
    team: str
    members: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class TeamMemberAdded(Event):
    """A player added to a registered team."""

    KIND: ClassVar[str] = "team-member-added"
    team: str
    player: PlayerId


@dataclass(frozen=True, slots=True)
class TeamMemberRemoved(Event):
    """A player taken out of a registered team (the team and the entries before stay)."""

    KIND: ClassVar[str] = "team-member-removed"
    team: str
    player: PlayerId


@dataclass(frozen=True, slots=True)
class EmaReadingsSet(Event):
    """The named readings the MERS weight and the ranking preview apply
    (``docs/ema.md``): the countries' bands, how a base rank that is not whole is kept, a
    result exactly one or two years old, which date ages a result, the tie at a cut-off,
    and whether world championships count; they replace the ones before (the countries'
    reading also replaces the one of the EMA details set before)."""

    KIND: ClassVar[str] = "ema-readings-set"
    countries: str
    base_rank: str
    age: str
    age_date: str
    tie: str
    world_championships: bool


@dataclass(frozen=True, slots=True)
class TeamRuleSet(Event):
    """The organiser's rule for the team standings: the sum over all of a team's members
    (``best`` is ``None``) or over its best ``best``; it replaces the rule before."""

    KIND: ClassVar[str] = "team-rule-set"
    best: int | None = None


TEAM_EMA_EVENTS: tuple[type[Event], ...] = (
    TeamRegistered,
    TeamMemberAdded,
    TeamMemberRemoved,
    TeamRuleSet,
    EmaReadingsSet,
)
"""Teams registered apart from clubs, and the EMA readings set (issue 27)."""


class FinalsMode(enum.StrEnum):
    """How a final session is seated from the standings."""

    TOP_FOUR = "top-4"
    """The first four of the standings at the one final table."""
    BY_RANK = "by-rank"
    """The first ``count`` players at tables by rank: 1-4 at table 1, 5-8 at table 2 ..."""


@dataclass(frozen=True, slots=True)
class FinalsSeated(Event):
    """A final session seated from the standings after the sessions before it: the
    organiser's choice of ``mode`` and ``count`` (players seated, a multiple of 4), and the
    tables it gave (each in seat order East, South, West, North: the higher ranked first).
    The players not seated sit the session out."""

    KIND: ClassVar[str] = "finals-seated"
    session: int
    mode: FinalsMode
    count: int
    tables: tuple[tuple[PlayerId, ...], ...]


@dataclass(frozen=True, slots=True)
class StandingsHidden(Event):
    """The standings are hidden from the public from ``from_session`` on (its results
    and the later ones, and every total and place) until they are revealed; officials
    still see them."""

    KIND: ClassVar[str] = "standings-hidden"
    from_session: int


@dataclass(frozen=True, slots=True)
class StandingsRevealed(Event):
    """The organiser shows the hidden standings to the public again."""

    KIND: ClassVar[str] = "standings-revealed"


@dataclass(frozen=True, slots=True)
class Announced(Event):
    """A notice for the venue screen, typed by the organiser or a referee; it replaces the
    one before (an empty text clears it)."""

    KIND: ClassVar[str] = "announced"
    text: str


@dataclass(frozen=True, slots=True)
class MirrorPromoted(Event):
    """A copy of the venue's log (a standby laptop, the hosted mirror pulled back down)
    made the venue's own, writable tournament, because the venue's server was lost; it
    held the venue's log up to ``position``, copied from ``source``."""

    KIND: ClassVar[str] = "mirror-promoted"
    position: int
    source: str


@dataclass(frozen=True, slots=True)
class Corrected(Event):
    """Supersedes the event at ``target`` with ``replacement`` (``None``: it is void)."""

    KIND: ClassVar[str] = "corrected"
    target: int
    replacement: Event | None
    reason: str


EVENT_TYPES: tuple[type[Event], ...] = (
    TournamentCreated,
    PlayerRegistered,
    PlayerEdited,
    PlayerWithdrawn,
    CheckedIn,
    CodeIssued,
    SeatingPublished,
    DrawCommitted,
    DrawRevealed,
    SessionOpened,
    SessionClosed,
    *CLOCK_EVENTS,
    HandRecorded,
    SessionTotalsRecorded,
    RiichiResultRecorded,
    RiichiHandRecorded,
    RiichiHandsConfirmed,
    ResultProposed,
    ResultConfirmed,
    ResultRejected,
    RulingRecorded,
    LatenessRecorded,
    Substituted,
    Disqualified,
    AppealFiled,
    AppealDecided,
    EmaDetailsSet,
    EmaWarningAccepted,
    *TEAM_EMA_EVENTS,
    FinalsSeated,
    StandingsHidden,
    StandingsRevealed,
    Announced,
    MirrorPromoted,
    Corrected,
)

BY_KIND: Mapping[str, type[Event]] = MappingProxyType({t.KIND: t for t in EVENT_TYPES})

CORRECTABLE: tuple[type[Event], ...] = (
    HandRecorded,
    RiichiHandRecorded,
    SessionTotalsRecorded,
    RiichiResultRecorded,
    RulingRecorded,
    LatenessRecorded,
    Substituted,
    Disqualified,
    PlayerWithdrawn,
    ExtraTimeGranted,
)
"""What a correction may supersede: results, rulings, substitutions, withdrawals, extra
time given to a table."""


@dataclass(frozen=True, slots=True)
class NewEntry:
    """An event about to be appended, with who records it and when (ISO 8601)."""

    event: Event
    actor: str
    at: str


@dataclass(frozen=True, slots=True)
class Recorded:
    """An event in the log: its position, the event, who recorded it and when."""

    seq: int
    event: Event
    actor: str
    at: str


def slot_of(event: Event) -> str | None:
    """The entry an event fills, when two of them at once would be a conflict: a hand
    of a table, a table's session result, a correction of one event, an appeal against
    one ruling. The store keeps slots unique per tournament."""
    match event:
        case TournamentCreated():
            return "created"
        case PlayerRegistered(player=player):
            return f"player/{player}"
        case (
            HandRecorded(session=s, table=t, hand=h)
            | RiichiHandRecorded(session=s, table=t, hand=h)
        ):
            return f"hand/{s}/{t}/{h}"
        case (
            SessionTotalsRecorded(session=s, table=t)
            | RiichiResultRecorded(session=s, table=t)
            | ResultConfirmed(session=s, table=t)
        ):
            return f"result/{s}/{t}"
        case ResultRejected(proposal=p):
            return f"rejected/{p}"
        case Substituted(session=s, player=p):
            return f"substitute/{s}/{p}"
        case SessionClosed(session=s):
            return f"closed/{s}"
        case SessionStarted(session=s):
            return f"started/{s}"
        case SessionEnded(session=s):
            return f"ended/{s}"
        case AppealFiled(ruling=r):
            return f"appeal/{r}"
        case AppealDecided(appeal=a):
            return f"decision/{a}"
        case Corrected(target=t):
            return f"correction/{t}"
    return None

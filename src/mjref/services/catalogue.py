"""The command catalogue: every tournament action once, as a typed command (its fields,
their bounds and help) with the one service function that carries it out.

Each command is a frozen dataclass whose fields are what a person gives (a player's number,
a session, a reason ...), bounded with ``annotated_types`` and documented with
:class:`Doc`. An :class:`CatalogueEntry` names the command, who may run it (:class:`Who`), where it
is reached (the CLI command, the web form, the API operation) and the function that runs
it: that function calls the service the CLI and the web call, so the rules are checked in
one place - where the log is folded (:mod:`mjref.tournament.state`). The API's operations
are generated from this catalogue (:mod:`mjref.web.api`); ``tests/services/test_catalogue.py``
finds every command in the CLI, the web and the API and fails when their fields drift from
the command's.

>>> ENTRIES["players-withdraw"].cli
'players withdraw'
>>> [f for f in field_names(WithdrawPlayer)]
['player', 'from_session', 'illness', 'struck', 'note']
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Annotated, Any

from annotated_types import Ge, Le, MaxLen

from mjref.errors import InputError
from mjref.players import MAX_PLAYERS, PlayerId
from mjref.scoring import HandOutcome
from mjref.seating.draw import MAX_SEED
from mjref.services import ema as ema_service
from mjref.services import finals, player_codes
from mjref.services import mcr as mcr_service
from mjref.services import riichi_hands as rh
from mjref.services import seating_draw as draw_service
from mjref.services import teams as teams_service
from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as review
from mjref.services.rulings import facts_from_text
from mjref.services.seating import Fill
from mjref.tiles import Wind
from mjref.tournament import events as ev
from mjref.tournament.codes import MAX_TYPED


@dataclass(frozen=True, slots=True)
class Doc:
    """The help of a command's field (``Annotated[int, Doc("...")]``)."""

    text: str


class Who(enum.StrEnum):
    """Who may run a command."""

    ORGANISER = "organiser"
    """The tournament's organisers."""
    OFFICIAL = "official"
    """The organisers and the referees of the tournament."""
    PLAYER = "player"
    """A player of the table, with their confirmation code (or an official)."""


MAX_SCORE = 10**7
MAX_FALSE_HUS = 3
MAX_FACTS = 20
MAX_CSV = 1_000_000

Session = Annotated[int, Ge(1), Le(ev.MAX_SESSIONS), Doc("The session.")]
Table = Annotated[int, Ge(1), Le(ev.MAX_TABLES), Doc("The table.")]
Player = Annotated[int, Ge(1), Le(MAX_PLAYERS), Doc("The player's number.")]
Position = Annotated[int, Ge(1), Le(10**9), Doc("A position in the log.")]
Text = Annotated[str, MaxLen(ev.MAX_TEXT), Doc("A short text.")]
Score = Annotated[int, Ge(-MAX_SCORE), Le(MAX_SCORE)]
Scores = Annotated[
    tuple[Score, ...], MaxLen(4), Doc("The four scores in seat order: East, South, West, North.")
]
Code = Annotated[str, MaxLen(MAX_TYPED), Doc("The player's confirmation code.")]


def _one(recorded: ev.Recorded) -> tuple[ev.Recorded, ...]:
    return (recorded,)


# -- the tournament ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CreateTournament:
    """Create a tournament: its id, name, ruleset (readings included), sessions and their
    length; MCR takes a scoring convention, riichi the starting points."""

    tournament: Annotated[str, MaxLen(40), Doc("An id: lower-case letters, digits, '-'.")]
    name: Annotated[str, MaxLen(ev.MAX_TEXT), Doc("The tournament's name.")]
    ruleset: Annotated[str, MaxLen(80), Doc("mers-2008, mers-2010, ema-2009, rcr-2016, ...")]
    sessions: Annotated[int, Ge(1), Le(ev.MAX_SESSIONS), Doc("Number of sessions.")]
    minutes: Annotated[int, Ge(1), Le(ev.MAX_SESSION_MINUTES), Doc("Length of a session.")] = 120
    convention: Annotated[str | None, MaxLen(40), Doc("MCR scoring convention.")] = None
    start: Annotated[int | None, Ge(1), Le(10**6), Doc("Riichi starting points.")] = None

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        """Create the tournament ``self.tournament`` (``tid`` is not used: it is new)."""
        return ts.create_tournament(
            log,
            self.tournament,
            name=self.name,
            ruleset=self.ruleset,
            sessions=self.sessions,
            session_minutes=self.minutes,
            convention=self.convention,
            starting_points=self.start,
            actor=actor,
            now=now,
        )


# -- the EMA -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetEmaDetails:
    """Set what the MERS weight needs beyond the registrations: the days of play, whether
    players had to qualify, the organising country and the reading of the countries' bands
    (docs/ema.md); they replace the ones before."""

    days: Annotated[int, Ge(1), Le(3), Doc("Days of play (1 to 3).")]
    host_country: Annotated[str, MaxLen(3), Doc("The organising country (ISO 3166-1).")]
    qualifying: Annotated[bool, Doc("Players had to qualify (+1).")] = False
    reading: Annotated[str, MaxLen(40), Doc("countries-current (default) or countries-2018.")] = (
        "countries-current"
    )

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            ema_service.set_ema_details(
                log,
                tid,
                days=self.days,
                qualifying=self.qualifying,
                host_country=self.host_country,
                reading=self.reading,
                actor=actor,
                now=now,
            )
        )


@dataclass(frozen=True, slots=True)
class AcceptEmaWarning:
    """Accept a warning about a player's EMA number (unknown, duplicate, name or
    country): it stays listed, marked accepted; the registration is not changed."""

    player: Player
    warning: Annotated[str, MaxLen(20), Doc("unknown, duplicate, name or country.")]
    note: Text = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            ema_service.accept_warning(
                log, tid, PlayerId(self.player), self.warning, note=self.note, actor=actor, now=now
            )
        )


@dataclass(frozen=True, slots=True)
class SetEmaReadings:
    """Change the named readings the MERS weight and the ranking preview apply (the
    countries' bands, base ranks, ageing, ties at a cut-off, world championships;
    docs/ema.md); a reading not given stays as it is."""

    countries: Annotated[str | None, MaxLen(40), Doc("countries-current or countries-2018.")] = None
    base_rank: Annotated[
        str | None,
        MaxLen(40),
        Doc("base-rank-truncate, base-rank-half-up, base-rank-half-even or base-rank-exact."),
    ] = None
    age: Annotated[str | None, MaxLen(40), Doc("age-inclusive or age-exclusive.")] = None
    age_date: Annotated[str | None, MaxLen(40), Doc("age-from-end or age-from-start.")] = None
    tie: Annotated[str | None, MaxLen(40), Doc("tie-higher-weight or tie-more-recent.")] = None
    world_championships: Annotated[
        bool | None, Doc("Whether world championships' results count.")
    ] = None

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            ema_service.set_ema_readings(
                log,
                tid,
                countries=self.countries,
                base_rank=self.base_rank,
                age=self.age,
                age_date=self.age_date,
                tie=self.tie,
                world_championships=self.world_championships,
                actor=actor,
                now=now,
            )
        )


# -- teams -------------------------------------------------------------------------------------

TeamName = Annotated[str, MaxLen(ev.MAX_TEXT), Doc("The team's name.")]


@dataclass(frozen=True, slots=True)
class RegisterTeam:
    """Register a team with its name and members, apart from the players' clubs; a team of
    the same name registered before gets these members instead (docs/tournament.md)."""

    team: TeamName
    members: Annotated[
        tuple[Player, ...], MaxLen(ev.MAX_TEAM_MEMBERS), Doc("The members' numbers.")
    ] = ()

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        members = [PlayerId(p) for p in self.members]
        return teams_service.register_team(log, tid, self.team, members, actor=actor, now=now)


@dataclass(frozen=True, slots=True)
class AddTeamMember:
    """Add a registered player to a registered team (a player is in one team at most)."""

    team: TeamName
    player: Player

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return teams_service.add_team_member(
            log, tid, self.team, PlayerId(self.player), actor=actor, now=now
        )


@dataclass(frozen=True, slots=True)
class RemoveTeamMember:
    """Take a member out of their registered team."""

    team: TeamName
    player: Player

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return teams_service.remove_team_member(
            log, tid, self.team, PlayerId(self.player), actor=actor, now=now
        )


@dataclass(frozen=True, slots=True)
class SetTeamRule:
    """The rule of the team standings: each team's best N members, or all of them (no
    number); it replaces the rule before and is what the pages, files and the static site
    rank by."""

    best: Annotated[
        int | None, Ge(1), Le(100), Doc("Count each team's best N members (none: all).")
    ] = None

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return teams_service.set_team_rule(log, tid, self.best, actor=actor, now=now)


# -- players -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AddPlayer:
    """Register a player (or a substitute), with the next number."""

    first: Annotated[str, MaxLen(ev.MAX_TEXT), Doc("First name.")]
    last: Annotated[str, MaxLen(ev.MAX_TEXT), Doc("Last name.")]
    country: Annotated[str, MaxLen(10), Doc("Country code (ISO 3166-1).")] = ""
    ema: Annotated[str, MaxLen(30), Doc("EMA number (8 digits).")] = ""
    club: Text = ""
    substitute: Annotated[bool, Doc("A substitute, never ranked.")] = False
    check_in: Annotated[bool, Doc("Check the player in at once.")] = False

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        details = ts.player_details(
            self.first, self.last, self.country, self.ema, self.club, substitute=self.substitute
        )
        return ts.add_player(
            log,
            tid,
            details,
            substitute=self.substitute,
            check_in=self.check_in,
            actor=actor,
            now=now,
        )


@dataclass(frozen=True, slots=True)
class ImportPlayers:
    """Register the players of a CSV file: every bad row listed, nothing imported if one
    is bad (unless bad rows are left out)."""

    text: Annotated[str, MaxLen(MAX_CSV), Doc("The players file (CSV) as text.")]
    skip_bad: Annotated[bool, Doc("Leave bad rows out.")] = False
    check_in: Annotated[bool, Doc("Check the players in at once.")] = False

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return ts.import_players(
            log,
            tid,
            self.text.removeprefix("\ufeff"),
            skip_bad=self.skip_bad,
            check_in=self.check_in,
            actor=actor,
            now=now,
        )


@dataclass(frozen=True, slots=True)
class EditPlayer:
    """A player's details as they are now (each one given replaces the old)."""

    player: Player
    first: Annotated[str | None, MaxLen(ev.MAX_TEXT), Doc("First name.")] = None
    last: Annotated[str | None, MaxLen(ev.MAX_TEXT), Doc("Last name.")] = None
    country: Annotated[str | None, MaxLen(10), Doc("Country code.")] = None
    ema: Annotated[str | None, MaxLen(30), Doc("EMA number.")] = None
    club: Annotated[str | None, MaxLen(ev.MAX_TEXT), Doc("Club.")] = None

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return ts.edit_player(
            log,
            tid,
            PlayerId(self.player),
            first_name=self.first,
            last_name=self.last,
            country=self.country,
            ema_number=self.ema,
            club=self.club,
            actor=actor,
            now=now,
        )


@dataclass(frozen=True, slots=True)
class WithdrawPlayer:
    """A player leaves the tournament; what was played stands."""

    player: Player
    from_session: Annotated[
        int | None,
        Ge(1),
        Le(ev.MAX_SESSIONS),
        Doc("The first session missed (default: the next one not yet played)."),
    ] = None
    illness: Annotated[bool, Doc("Withdrawn through illness.")] = False
    struck: Annotated[bool, Doc("Removed from the final results (MERS 2010 4.3).")] = False
    note: Text = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return ts.withdraw_player(
            log,
            tid,
            PlayerId(self.player),
            from_session=self.from_session,
            reason=ev.Withdrawal.ILLNESS if self.illness else ev.Withdrawal.OTHER,
            struck=self.struck,
            note=self.note,
            actor=actor,
            now=now,
        )


@dataclass(frozen=True, slots=True)
class CheckIn:
    """Check players in (all or none): they will be seated."""

    players: Annotated[tuple[Player, ...], MaxLen(MAX_PLAYERS), Doc("Player numbers.")] = ()
    every: Annotated[bool, Doc("Every registered player not yet checked in.")] = False

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        if self.every == bool(self.players):
            raise InputError.of("tournament.checkin-which", "players")
        chosen = [PlayerId(p) for p in self.players]
        if self.every:
            chosen = [
                v.player
                for v in ts.list_players(log, tid)
                if not (v.checked_in or v.substitute or v.withdrawn_from is not None)
            ]
        return ts.check_in(log, tid, chosen, actor=actor, now=now)


@dataclass(frozen=True, slots=True)
class IssueCode:
    """A new confirmation code for a player; the old one stops working."""

    player: Player

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            player_codes.issue_code(log, tid, player=PlayerId(self.player), actor=actor, now=now)
        )


# -- seating and sessions --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PublishSeating:
    """Seat the checked-in players for every session (or, ``again``, the sessions not yet
    played after drop-outs) and freeze the seating in the log."""

    seed: Annotated[int, Ge(0), Le(2**31), Doc("Random seed; same seed, same plan.")] = 0
    fill: Annotated[
        str | None, MaxLen(20), Doc("When players do not fill tables: substitutes or byes.")
    ] = None
    again: Annotated[bool, Doc("Seat the sessions not yet played again.")] = False
    draw: Annotated[
        str | None, MaxLen(MAX_SEED), Doc("The draw's seed committed to (seating commit).")
    ] = None
    teams_apart: Annotated[
        bool,
        Doc(
            "Keep each team (the players of one club, two or more) apart: no two "
            "team-mates at one table where the generator can avoid it."
        ),
    ] = False

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        remedy = None if self.fill is None else Fill.parse(self.fill)
        if self.again:
            return ts.republish_seating(
                log,
                tid,
                replaced=(),
                fill=remedy,
                seed=self.seed,
                teams_apart=self.teams_apart,
                actor=actor,
                now=now,
            )
        return ts.publish_seating(
            log,
            tid,
            seed=self.seed,
            fill=remedy,
            draw=self.draw,
            teams_apart=self.teams_apart,
            actor=actor,
            now=now,
        )


@dataclass(frozen=True, slots=True)
class CommitDraw:
    """Publish the commitment to the draw's secret seed (its SHA-256 in hex) before the
    seating is drawn; the seating is then drawn with that seed (seating publish --draw)."""

    commitment: Annotated[str, MaxLen(64), Doc("The SHA-256 of the draw's seed: 64 hex digits.")]

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(draw_service.commit_draw(log, tid, self.commitment, actor=actor, now=now))


@dataclass(frozen=True, slots=True)
class OpenSession:
    """Open a session for results again (a closed one stays closed)."""

    session: Session

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(ts.open_session(log, tid, self.session, actor=actor, now=now))


@dataclass(frozen=True, slots=True)
class CloseSession:
    """Close a session: its results change only by correction or appeal from now on."""

    session: Session

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(ts.close_session(log, tid, self.session, actor=actor, now=now))


# -- at the tables ---------------------------------------------------------------------------


def digits(text: str, most: int) -> bool:
    """Whether ``text`` is 1 to ``most`` ASCII digits (not '¹' or '٣', which ``int`` refuses
    or reads as another script's digit)."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def parse_false_hu(text: str) -> tr.FalseHuEntry:
    """A false hu written as the CLI takes it: ``PLAYER:10``, ``PLAYER:20``,
    ``PLAYER:ruling=POSITION`` or ``PLAYER:hand=NOTATION``."""
    player, sep, rest = text.partition(":")
    bad = InputError.of("tournament.bad-false-hu", "false_hu", value=text[:60])
    if not sep or not digits(player.strip(), 5):
        raise bad
    who = PlayerId(int(player))
    rest = rest.strip()
    if digits(rest, 3):
        return tr.FalseHuEntry(who, per_opponent=int(rest))
    kind, eq, value = rest.partition("=")
    if eq and kind == "ruling" and digits(value, 9):
        return tr.FalseHuEntry(who, ruling=int(value))
    if eq and kind == "hand" and value:
        return tr.FalseHuEntry(who, hand=mcr_service.mcr_hand(value))
    raise bad


def hand_outcome(
    winner: int | None, discarder: int | None, self_drawn: bool, draw: bool
) -> HandOutcome:
    """How a hand ended, from who won and who discarded (exactly one way must fit)."""
    if draw:
        if winner is not None or discarder is not None or self_drawn:
            raise InputError.of("tournament.one-outcome", "draw")
        return HandOutcome.DRAW
    if winner is not None and (discarder is None) == self_drawn:
        return HandOutcome.SELF_DRAWN if self_drawn else HandOutcome.DISCARD
    raise InputError.of("tournament.one-outcome", "winner")


@dataclass(frozen=True, slots=True)
class RecordHand:
    """One MCR hand: who won and who discarded (or self-drawn, or a draw), the points or
    the hand in notation (judged), the false hus declared during it."""

    session: Session
    table: Table
    hand: Annotated[int, Ge(1), Le(ev.MAX_HANDS), Doc("The hand's number at the table.")]
    winner: Annotated[int | None, Ge(1), Le(MAX_PLAYERS), Doc("Who won.")] = None
    discarder: Annotated[int | None, Ge(1), Le(MAX_PLAYERS), Doc("Who discarded.")] = None
    self_drawn: Annotated[bool, Doc("Won on a self-drawn tile.")] = False
    draw: Annotated[bool, Doc("Nobody won.")] = False
    points: Annotated[int | None, Ge(0), Le(10_000), Doc("The points, flowers included.")] = None
    flowers: Annotated[int, Ge(0), Le(8), Doc("Flowers in the winning hand.")] = 0
    tiles: Annotated[str | None, MaxLen(200), Doc("The winning hand in notation.")] = None
    false_hu: Annotated[
        tuple[Annotated[str, MaxLen(300)], ...],
        MaxLen(MAX_FALSE_HUS),
        Doc("False hus: PLAYER:10, PLAYER:20, PLAYER:ruling=POSITION, PLAYER:hand=NOTATION."),
    ] = ()

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        outcome = hand_outcome(self.winner, self.discarder, self.self_drawn, self.draw)
        declared = None
        if self.tiles is not None:
            declared = mcr_service.mcr_hand(
                self.tiles,
                self_drawn=self.self_drawn,
                seat_wind=Wind.EAST,
                prevalent_wind=Wind.EAST,
                flowers=self.flowers,
            )
        return tr.record_hand(
            log,
            tid,
            session=self.session,
            table=self.table,
            hand=self.hand,
            outcome=outcome,
            winner=None if self.winner is None else PlayerId(self.winner),
            discarder=None if self.discarder is None else PlayerId(self.discarder),
            points=self.points,
            flowers=self.flowers,
            declared=declared,
            false_hus=[parse_false_hu(text) for text in self.false_hu],
            actor=actor,
            now=now,
        )


def _player_number(text: str) -> PlayerId | None:
    text = text.strip()
    return PlayerId(int(text)) if digits(text, 5) else None


def parse_win(text: str) -> rh.WinEntry:
    """A riichi winner written as the CLI takes it: ``PLAYER:HAN:FU``, ``PLAYER:yakuman``,
    ``PLAYER:2xyakuman`` (a double yakuman) or ``PLAYER:tiles=NOTATION``, each with
    ``,pao=PLAYER`` after it for the player liable for a Big Three Dragons or Big Four Winds
    (RCR 3.3.9); ``PLAYER`` alone for nagashi mangan (paid as a mangan)."""
    bad = InputError.of("tournament.riichi-hand.bad-win", "win", value=text[:60])
    body, comma, tail = text.partition(",")
    liable = None
    if comma:
        key, eq, value = tail.partition("=")
        liable = _player_number(value)
        if not eq or key.strip().lower() != "pao" or liable is None:
            raise bad
    player, sep, rest = body.partition(":")
    who = _player_number(player)
    if who is None:
        raise bad
    rest = rest.strip()
    if not sep:
        return rh.WinEntry(who, liable=liable)
    kind, eq, value = rest.partition("=")
    if eq and kind.strip().lower() == "tiles" and value.strip():
        return rh.WinEntry(who, tiles=value.strip(), liable=liable)
    if rest.lower() in ("yakuman", "1xyakuman", "2xyakuman"):
        return rh.WinEntry(who, yakuman=2 if rest.lower() == "2xyakuman" else 1, liable=liable)
    han, sep, fu = rest.partition(":")
    if sep and digits(han, 2) and digits(fu, 3):
        return rh.WinEntry(who, int(han), int(fu), liable=liable)
    raise bad


@dataclass(frozen=True, slots=True)
class RecordRiichiHand:
    """One riichi hand at a table: how it ended (ron, tsumo, draw, abortive, chombo), the
    winners with han and fu (or the winning hand's tiles, judged), the discarder, who
    declared riichi, who was tenpai at a draw, who made a chombo; the game flow of the
    ruleset gives the scores, counters and sticks."""

    session: Session
    table: Table
    hand: Annotated[int, Ge(1), Le(ev.MAX_HANDS), Doc("The hand's number at the table.")]
    outcome: Annotated[
        str,
        MaxLen(10),
        Doc("How the hand ended: ron, tsumo, draw, abortive, chombo or nagashi."),
    ]
    win: Annotated[
        tuple[Annotated[str, MaxLen(300)], ...],
        MaxLen(3),
        Doc(
            "Winners: PLAYER:HAN:FU, PLAYER:yakuman, PLAYER:2xyakuman or PLAYER:tiles=NOTATION"
            " (,pao=PLAYER after it: who is liable); PLAYER alone for nagashi mangan."
        ),
    ] = ()
    discarder: Annotated[
        int | None, Ge(1), Le(MAX_PLAYERS), Doc("Who discarded the winning tile (ron).")
    ] = None
    riichi: Annotated[tuple[Player, ...], MaxLen(4), Doc("Who declared riichi in the hand.")] = ()
    tenpai: Annotated[
        tuple[Player, ...], MaxLen(4), Doc("Who was tenpai at an exhaustive draw.")
    ] = ()
    offender: Annotated[int | None, Ge(1), Le(MAX_PLAYERS), Doc("Who made the chombo.")] = None
    dora: Annotated[str, MaxLen(40), Doc("Dora indicators, for a win given as tiles.")] = ""
    ura: Annotated[str, MaxLen(40), Doc("Ura dora indicators, for a riichi win as tiles.")] = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return riichi_hand(self, log, tid, actor=actor, now=now)


@dataclass(frozen=True, slots=True, kw_only=True)
class ProposeRiichiHand(RecordRiichiHand):
    """One riichi hand entered by a player of the table with their code: the table's hands
    count once another player of the table (or an official) confirms them."""

    proposed_by: Player
    code: Code

    def run_with(
        self, log: ts.EventLog, tid: str, actor: str, now: datetime, secret: str | None
    ) -> object:
        return riichi_hand(
            self,
            log,
            tid,
            player=PlayerId(self.proposed_by),
            code=self.code,
            secret=secret,
            actor=actor,
            now=now,
        )


@dataclass(frozen=True, slots=True)
class ConfirmRiichiHands:
    """Confirm a riichi table's hands entered by one of its players: another player of the
    table with their code, or an official (no player); ``hands`` is how many hands the
    confirmer saw (a table that has more or fewer is refused)."""

    session: Session
    table: Table
    hands: Annotated[int, Ge(1), Le(ev.MAX_HANDS), Doc("How many hands the table has.")]
    player: Annotated[int | None, Ge(1), Le(MAX_PLAYERS), Doc("The player confirming.")] = None
    code: Annotated[str | None, MaxLen(MAX_TYPED), Doc("Their confirmation code.")] = None

    def run_with(
        self, log: ts.EventLog, tid: str, actor: str, now: datetime, secret: str | None
    ) -> object:
        return _one(
            rh.confirm_riichi_hands(
                log,
                tid,
                session=self.session,
                table=self.table,
                hands=self.hands,
                player=None if self.player is None else PlayerId(self.player),
                code=self.code,
                secret=secret,
                actor=actor,
                now=now,
            )
        )


def riichi_hand(
    command: RecordRiichiHand,
    log: ts.EventLog,
    tid: str,
    *,
    correcting: int | None = None,
    reason: str = "",
    player: PlayerId | None = None,
    code: str | None = None,
    secret: str | None = None,
    actor: str,
    now: datetime,
) -> rh.RiichiHandEntry:
    """Record (or, with ``correcting``, correct) the hand ``command`` describes: as an
    official, or as ``player`` of the table with their ``code``."""
    wins = [
        dataclasses.replace(w, dora=command.dora, ura=command.ura) if w.tiles else w
        for w in (parse_win(text) for text in command.win)
    ]
    return rh.record_riichi_hand(
        log,
        tid,
        session=command.session,
        table=command.table,
        hand=command.hand,
        outcome=parse_choice(ev.RiichiHandOutcome, command.outcome, "outcome"),
        wins=wins,
        discarder=None if command.discarder is None else PlayerId(command.discarder),
        riichi=[PlayerId(p) for p in command.riichi],
        tenpai=[PlayerId(p) for p in command.tenpai],
        offender=None if command.offender is None else PlayerId(command.offender),
        correcting=correcting,
        reason=reason,
        player=player,
        code=code,
        secret=secret,
        actor=actor,
        now=now,
    )


@dataclass(frozen=True, slots=True)
class RecordResult:
    """A table's session result entered by an official (it counts at once): MCR, the four
    session totals (adding up to zero); riichi, the final scores and the sticks left."""

    session: Session
    table: Table
    scores: Scores
    sticks: Annotated[int, Ge(0), Le(100), Doc("Riichi: sticks left on the table.")] = 0

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            tr.record_result(
                log,
                tid,
                session=self.session,
                table=self.table,
                scores=self.scores,
                sticks=self.sticks,
                actor=actor,
                now=now,
            )
        )


@dataclass(frozen=True, slots=True)
class ProposeResult:
    """A table's result proposed by one of its players, with their code; it counts once
    another player of the table (or an official) confirms it."""

    session: Session
    table: Table
    scores: Scores
    proposed_by: Player
    code: Code
    sticks: Annotated[int, Ge(0), Le(100), Doc("Riichi: sticks left on the table.")] = 0

    def run_with(
        self, log: ts.EventLog, tid: str, actor: str, now: datetime, secret: str | None
    ) -> object:
        return _one(
            review.propose_result(
                log,
                tid,
                session=self.session,
                table=self.table,
                scores=self.scores,
                sticks=self.sticks,
                player=PlayerId(self.proposed_by),
                code=self.code,
                secret=secret,
                actor=actor,
                now=now,
            )
        )


@dataclass(frozen=True, slots=True)
class ConfirmResult:
    """Confirm a proposed result: another player of the table with their code, or an
    official (no player)."""

    proposal: Position
    player: Annotated[int | None, Ge(1), Le(MAX_PLAYERS), Doc("The player confirming.")] = None
    code: Annotated[str | None, MaxLen(MAX_TYPED), Doc("Their confirmation code.")] = None

    def run_with(
        self, log: ts.EventLog, tid: str, actor: str, now: datetime, secret: str | None
    ) -> object:
        return _one(
            review.confirm_result(
                log,
                tid,
                proposal=self.proposal,
                player=None if self.player is None else PlayerId(self.player),
                code=self.code,
                secret=secret,
                actor=actor,
                now=now,
            )
        )


@dataclass(frozen=True, slots=True)
class RejectResult:
    """Reject a proposed result, saying why; the table enters its result again."""

    proposal: Position
    reason: Annotated[str, MaxLen(ev.MAX_TEXT), Doc("Why the result is rejected.")]
    player: Annotated[int | None, Ge(1), Le(MAX_PLAYERS), Doc("The player rejecting.")] = None
    code: Annotated[str | None, MaxLen(MAX_TYPED), Doc("Their confirmation code.")] = None

    def run_with(
        self, log: ts.EventLog, tid: str, actor: str, now: datetime, secret: str | None
    ) -> object:
        return _one(
            review.reject_result(
                log,
                tid,
                proposal=self.proposal,
                reason=self.reason,
                player=None if self.player is None else PlayerId(self.player),
                code=self.code,
                secret=secret,
                actor=actor,
                now=now,
            )
        )


# -- rulings, lateness, substitutes, disqualification ------------------------------------------


def _facts(incident: str, pairs: tuple[str, ...]) -> Mapping[str, object]:
    if len(pairs) > MAX_FACTS:
        raise InputError.of("tournament.too-many-facts", "fact", limit=MAX_FACTS)
    return facts_from_text(incident, pairs)


@dataclass(frozen=True, slots=True)
class RecordRuling:
    """Rule on an incident against a player under the tournament's ruleset (the player's
    rulings so far counted) and record the ruling."""

    incident: Annotated[str, MaxLen(60), Doc("The incident type (mjref rules incidents).")]
    player: Player
    session: Session
    fact: Annotated[
        tuple[Annotated[str, MaxLen(400)], ...], MaxLen(MAX_FACTS), Doc("Facts NAME=VALUE.")
    ] = ()
    table: Annotated[int | None, Ge(1), Le(ev.MAX_TABLES), Doc("The table.")] = None
    hand: Annotated[int | None, Ge(1), Le(ev.MAX_HANDS), Doc("The hand.")] = None
    game: Annotated[int, Ge(1), Le(100), Doc("The game (riichi: hanchan) of the session.")] = 1
    points: Annotated[
        int | None, Ge(0), Le(1000), Doc("The amount, where the clause leaves it open.")
    ] = None

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        entry = tr.record_ruling(
            log,
            tid,
            player=PlayerId(self.player),
            session=self.session,
            incident=self.incident,
            facts=_facts(self.incident, self.fact),
            table=self.table,
            hand=self.hand,
            game=self.game,
            discretion=self.points,
            actor=actor,
            now=now,
        )
        return entry.recorded


@dataclass(frozen=True, slots=True)
class RecordLateness:
    """A player arrives late: the ruleset's lateness ruling, recorded."""

    player: Player
    session: Session
    minutes: Annotated[int, Ge(1), Le(ev.MAX_MINUTES_LATE), Doc("Whole minutes late.")]
    substitute: Annotated[
        int | None, Ge(1), Le(MAX_PLAYERS), Doc("Who plays instead (beyond the limit).")
    ] = None

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        entry = tr.record_lateness(
            log,
            tid,
            player=PlayerId(self.player),
            session=self.session,
            minutes=self.minutes,
            substitute=None if self.substitute is None else PlayerId(self.substitute),
            actor=actor,
            now=now,
        )
        return entry.recorded


@dataclass(frozen=True, slots=True)
class Substitute:
    """A substitute takes a player's seat for a session (MERS 2010 4.1-4.2, RCR 5.8)."""

    player: Player
    session: Session
    by: Annotated[int, Ge(1), Le(MAX_PLAYERS), Doc("The substitute's number.")]
    why: Annotated[str, MaxLen(20), Doc("late, illness, disqualified or withdrawn.")]
    during_play: Annotated[bool, Doc("Play at the table had begun.")] = False

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            tr.substitute(
                log,
                tid,
                session=self.session,
                player=PlayerId(self.player),
                substitute=PlayerId(self.by),
                reason=parse_choice(ev.SubstitutionReason, self.why, "why"),
                during_play=self.during_play,
                actor=actor,
                now=now,
            )
        )


@dataclass(frozen=True, slots=True)
class Disqualify:
    """Disqualify a player: on an incident whose ruling disqualifies, or by the referee's
    decision with a scope; a substitute may take the seat."""

    player: Player
    session: Session
    incident: Annotated[str | None, MaxLen(60), Doc("The incident that disqualifies.")] = None
    fact: Annotated[
        tuple[Annotated[str, MaxLen(400)], ...], MaxLen(MAX_FACTS), Doc("Facts NAME=VALUE.")
    ] = ()
    scope: Annotated[
        str | None, MaxLen(20), Doc("The referee's decision: session or tournament.")
    ] = None
    substitute: Annotated[int | None, Ge(1), Le(MAX_PLAYERS), Doc("Who takes the seat.")] = None
    before_play: Annotated[bool, Doc("The substitute sits down before play begins.")] = False
    note: Text = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        facts = None if self.incident is None else _facts(self.incident, self.fact)
        return tr.disqualify(
            log,
            tid,
            player=PlayerId(self.player),
            session=self.session,
            incident=self.incident,
            facts=facts,
            scope=None if self.scope is None else parse_choice(ev.Scope, self.scope, "scope"),
            substitute=None if self.substitute is None else PlayerId(self.substitute),
            during_play=not self.before_play,
            note=self.note,
            actor=actor,
            now=now,
        )


# -- appeals and corrections ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FileAppeal:
    """A player appeals against a ruling (MERS 2.2)."""

    ruling: Position
    player: Player
    note: Text = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            tr.file_appeal(
                log,
                tid,
                ruling=self.ruling,
                player=PlayerId(self.player),
                note=self.note,
                actor=actor,
                now=now,
            )
        )


@dataclass(frozen=True, slots=True)
class DecideAppeal:
    """Decide an appeal: upheld (the ruling is overturned) or rejected (it stands)."""

    appeal: Position
    upheld: Annotated[bool, Doc("The appeal succeeds.")] = False
    rejected: Annotated[bool, Doc("The ruling stands.")] = False
    note: Text = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        if self.upheld == self.rejected:
            raise InputError.of("tournament.upheld-or-rejected", "upheld")
        return _one(
            tr.decide_appeal(
                log,
                tid,
                appeal=self.appeal,
                upheld=self.upheld,
                note=self.note,
                actor=actor,
                now=now,
            )
        )


@dataclass(frozen=True, slots=True)
class Correct:
    """Void an entry, giving the reason (it stays in the log, superseded). To replace an
    entry, run its command again with ``correct``."""

    position: Position
    reason: Annotated[str, MaxLen(ev.MAX_TEXT), Doc("Why it is void.")]

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            tr.correct(log, tid, target=self.position, reason=self.reason, actor=actor, now=now)
        )


# -- the clock and the notice ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartClock:
    """The start signal of a session: its clock runs."""

    session: Session
    minutes: Annotated[
        int | None, Ge(1), Le(ev.MAX_SESSION_MINUTES), Doc("Minutes (default: the tournament's).")
    ] = None

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return clock.start_session(
            log, tid, session=self.session, minutes=self.minutes, actor=actor, now=now
        ).recorded


@dataclass(frozen=True, slots=True)
class PauseClock:
    """Stop a session's clock (a ruling, an incident), saying why."""

    session: Session
    reason: Text = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return clock.pause_session(
            log, tid, session=self.session, reason=self.reason, actor=actor, now=now
        ).recorded


@dataclass(frozen=True, slots=True)
class ResumeClock:
    """Let a paused session's clock run again."""

    session: Session

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return clock.resume_session(log, tid, session=self.session, actor=actor, now=now).recorded


@dataclass(frozen=True, slots=True)
class EndClock:
    """The end of play of a session."""

    session: Session
    reason: Text = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return clock.end_session(
            log, tid, session=self.session, reason=self.reason, actor=actor, now=now
        ).recorded


@dataclass(frozen=True, slots=True)
class ExtraTime:
    """Give a table extra minutes (play frozen for a ruling, MERS 2.1)."""

    session: Session
    table: Table
    minutes: Annotated[int, Ge(1), Le(ev.MAX_EXTRA_MINUTES), Doc("Extra minutes.")]
    reason: Annotated[str, MaxLen(ev.MAX_TEXT), Doc("Why.")]

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return clock.grant_extra_time(
            log,
            tid,
            session=self.session,
            table=self.table,
            minutes=self.minutes,
            reason=self.reason,
            actor=actor,
            now=now,
        ).recorded


@dataclass(frozen=True, slots=True)
class Announce:
    """The notice on the venue screen (an empty text clears it)."""

    text: Annotated[str, MaxLen(ev.MAX_ANNOUNCEMENT), Doc("The notice.")] = ""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(review.announce(log, tid, text=self.text, actor=actor, now=now))


@dataclass(frozen=True, slots=True)
class SeatFinals:
    """Seat a final session from the standings: the first four at one table (top-4), or
    the first COUNT players at tables by rank, 1-4, 5-8, ... (by-rank)."""

    session: Session
    mode: Annotated[str, MaxLen(20), Doc("top-4 or by-rank.")] = "top-4"
    count: Annotated[
        int, Ge(0), Le(MAX_PLAYERS), Doc("by-rank: the players seated, a multiple of 4.")
    ] = 0

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        mode = parse_choice(ev.FinalsMode, self.mode, "mode")
        return _one(
            finals.seat_finals(
                log, tid, session=self.session, mode=mode, count=self.count, actor=actor, now=now
            )
        )


@dataclass(frozen=True, slots=True)
class HideStandings:
    """Hide the standings from the public from a session on (officials still see them)."""

    from_session: Session

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(
            finals.hide_standings(log, tid, from_session=self.from_session, actor=actor, now=now)
        )


@dataclass(frozen=True, slots=True)
class RevealStandings:
    """Show the hidden standings to the public again."""

    def run(self, log: ts.EventLog, tid: str, actor: str, now: datetime) -> object:
        return _one(finals.reveal_standings(log, tid, actor=actor, now=now))


# -- the catalogue -------------------------------------------------------------------------


def parse_choice(kind: type[enum.StrEnum], value: str, where: str) -> Any:
    """``value`` as one of ``kind``'s choices (any case), or the one error naming them."""
    try:
        return kind(value.strip().lower())
    except ValueError:
        known = ", ".join(member.value for member in kind)
        raise InputError.of("tournament.bad-choice", where, value=value[:40], known=known) from None


@dataclass(frozen=True, slots=True)
class CatalogueEntry:
    """A command of the catalogue and where it is reached.

    ``cli`` is the command line (``players withdraw``); ``web`` the form's route
    (``POST /t/{tid}/...``; ``None`` where the web has none yet, which the catalogue test
    refuses); ``api`` the API's operation. ``cli_names`` and ``web_names`` map a field to
    the adapter's own name where it differs (a path parameter, an older option name)."""

    name: str
    command: type
    who: Who
    cli: str
    web: str | None
    api: str
    summary: str
    cli_names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    web_names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    web_omits: tuple[str, ...] = ()
    """Fields the web's form does not offer (the reason is in the entry's comment)."""
    api_names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


def _api(name: str) -> str:
    return f"POST /api/tournaments/{{tid}}/commands/{name}"


def _entry(
    name: str,
    command: type,
    who: Who,
    cli: str,
    web: str | None,
    *,
    api: str | None = None,
    cli_names: Mapping[str, str] | None = None,
    web_names: Mapping[str, str] | None = None,
    web_omits: tuple[str, ...] = (),
    api_names: Mapping[str, str] | None = None,
) -> CatalogueEntry:
    summary = (command.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    return CatalogueEntry(
        name,
        command,
        who,
        cli,
        web,
        api or _api(name),
        summary,
        MappingProxyType(dict(cli_names or {})),
        MappingProxyType(dict(web_names or {})),
        web_omits,
        MappingProxyType(dict(api_names or {})),
    )


CATALOGUE: tuple[CatalogueEntry, ...] = (
    _entry(
        "tournament-new",
        CreateTournament,
        Who.ORGANISER,
        "tournament new",
        "POST /new",
        api="POST /api/tournaments",
        web_names={"tournament": "tid"},
    ),
    _entry(
        "players-add",
        AddPlayer,
        Who.ORGANISER,
        "players add",
        "POST /t/{tid}/admin/players",
    ),
    _entry(
        "players-import",
        ImportPlayers,
        Who.ORGANISER,
        "players import",
        "POST /t/{tid}/admin/players/import",
        cli_names={"text": "file"},
    ),
    _entry(
        "players-edit",
        EditPlayer,
        Who.ORGANISER,
        "players edit",
        "POST /t/{tid}/admin/players/{number}/edit",
        web_names={"player": "number"},
    ),
    _entry(
        "players-withdraw",
        WithdrawPlayer,
        Who.ORGANISER,
        "players withdraw",
        "POST /t/{tid}/admin/players/{number}/withdraw",
        web_names={"player": "number", "from_session": "session"},
    ),
    _entry(
        "players-checkin",
        CheckIn,
        Who.ORGANISER,
        "players checkin",
        "POST /t/{tid}/admin/players/{number}/checkin",
        web_names={"players": "number"},
        web_omits=("every",),  # the page's "check in all" is its own form
    ),
    _entry(
        "players-new-code",
        IssueCode,
        Who.OFFICIAL,
        "players new-code",
        "POST /t/{tid}/admin/codes/{number}",
        web_names={"player": "number"},
    ),
    _entry(
        "seating-publish",
        PublishSeating,
        Who.ORGANISER,
        "seating publish",
        "POST /t/{tid}/admin/seating",
    ),
    _entry(
        "seating-commit",
        CommitDraw,
        Who.ORGANISER,
        "seating commit",
        "POST /t/{tid}/admin/seating/commit",
    ),
    _entry(
        "session-open",
        OpenSession,
        Who.OFFICIAL,
        "session open",
        "POST /t/{tid}/admin/results/open",
    ),
    _entry(
        "session-close",
        CloseSession,
        Who.OFFICIAL,
        "session close",
        "POST /t/{tid}/admin/results/close",
    ),
    _entry(
        "hand",
        RecordHand,
        Who.OFFICIAL,
        "hand",
        "POST /t/{tid}/admin/hands",
        web_names={"tiles": "notation"},
        # The form asks how the hand ended (one "outcome" choice) instead of the two flags.
        web_omits=("self_drawn", "draw"),
    ),
    _entry(
        "riichi-hand",
        RecordRiichiHand,
        Who.OFFICIAL,
        "riichi-hand",
        "POST /t/{tid}/admin/riichi-hands",
    ),
    _entry(
        "riichi-hand-propose",
        ProposeRiichiHand,
        Who.PLAYER,
        "riichi-hand",
        "POST /s/{token}/riichi-hands",
        api="POST /api/tournaments/{tid}/riichi-hand-proposals",
        web_names={"proposed_by": "player", "session": "token", "table": "token"},
    ),
    _entry(
        "riichi-hands-confirm",
        ConfirmRiichiHands,
        Who.PLAYER,
        "riichi-confirm",
        "POST /s/{token}/riichi-hands/confirm",
        api="POST /api/tournaments/{tid}/riichi-hands/confirm",
        web_names={"session": "token", "table": "token"},
    ),
    _entry(
        "result",
        RecordResult,
        Who.OFFICIAL,
        "result",
        "POST /t/{tid}/admin/results",
        web_names={"scores": "east"},
    ),
    _entry(
        "result-propose",
        ProposeResult,
        Who.PLAYER,
        "result",
        "POST /s/{token}",
        api="POST /api/tournaments/{tid}/proposals",
        web_names={"proposed_by": "player", "scores": "east", "session": "token", "table": "token"},
        api_names={"proposed_by": "player"},
    ),
    _entry(
        "result-confirm",
        ConfirmResult,
        Who.PLAYER,
        "confirm",
        "POST /s/{token}/confirm/{seq}",
        api="POST /api/tournaments/{tid}/confirm/{seq}",
        web_names={"proposal": "seq"},
        api_names={"proposal": "seq"},
    ),
    _entry(
        "result-reject",
        RejectResult,
        Who.PLAYER,
        "reject",
        "POST /s/{token}/reject/{seq}",
        api="POST /api/tournaments/{tid}/reject/{seq}",
        web_names={"proposal": "seq"},
        api_names={"proposal": "seq"},
    ),
    _entry(
        "ruling",
        RecordRuling,
        Who.OFFICIAL,
        "rule",
        "POST /t/{tid}/referee/rule",
        web_names={"fact": "facts"},
    ),
    _entry(
        "late",
        RecordLateness,
        Who.OFFICIAL,
        "late",
        "POST /t/{tid}/referee/late",
    ),
    _entry(
        "substitute",
        Substitute,
        Who.OFFICIAL,
        "substitute",
        "POST /t/{tid}/referee/substitute",
        web_names={"by": "substitute"},
    ),
    _entry(
        "disqualify",
        Disqualify,
        Who.OFFICIAL,
        "disqualify",
        "POST /t/{tid}/referee/disqualify",
        # On the web the referee disqualifies by decision (a scope); a ruling on an
        # incident that disqualifies is recorded through the assistant.
        web_omits=("incident", "fact"),
    ),
    _entry(
        "appeal-file",
        FileAppeal,
        Who.OFFICIAL,
        "appeal file",
        "POST /t/{tid}/referee/appeal",
    ),
    _entry(
        "appeal-decide",
        DecideAppeal,
        Who.OFFICIAL,
        "appeal decide",
        "POST /t/{tid}/referee/appeal/{seq}",
        web_names={"appeal": "seq"},
        web_omits=("rejected",),  # one choice on the form: upheld or not
    ),
    _entry(
        "correct",
        Correct,
        Who.OFFICIAL,
        "correct",
        "POST /t/{tid}/referee/void",
        web_names={"position": "target"},
    ),
    _entry("clock-start", StartClock, Who.OFFICIAL, "clock start", "POST /t/{tid}/clock/start"),
    _entry("clock-pause", PauseClock, Who.OFFICIAL, "clock pause", "POST /t/{tid}/clock/pause"),
    _entry("clock-resume", ResumeClock, Who.OFFICIAL, "clock resume", "POST /t/{tid}/clock/resume"),
    _entry("clock-end", EndClock, Who.OFFICIAL, "clock end", "POST /t/{tid}/clock/end"),
    _entry("clock-extra", ExtraTime, Who.OFFICIAL, "clock extra", "POST /t/{tid}/clock/extra"),
    _entry("notice", Announce, Who.OFFICIAL, "clock notice", "POST /t/{tid}/clock/announce"),
    _entry("finals-seat", SeatFinals, Who.ORGANISER, "finals seat", "POST /t/{tid}/admin/finals"),
    _entry(
        "standings-hide",
        HideStandings,
        Who.ORGANISER,
        "finals hide",
        "POST /t/{tid}/admin/standings/hide",
    ),
    _entry(
        "standings-reveal",
        RevealStandings,
        Who.ORGANISER,
        "finals reveal",
        "POST /t/{tid}/admin/standings/reveal",
    ),
    _entry(
        "ema-details",
        SetEmaDetails,
        Who.ORGANISER,
        "ema details",
        "POST /t/{tid}/admin/ema/details",
    ),
    _entry(
        "ema-accept",
        AcceptEmaWarning,
        Who.OFFICIAL,
        "ema accept",
        "POST /t/{tid}/admin/ema/accept",
    ),
    _entry(
        "ema-readings",
        SetEmaReadings,
        Who.OFFICIAL,
        "ema readings",
        "POST /t/{tid}/admin/ema/readings",
    ),
    _entry(
        "team-register",
        RegisterTeam,
        Who.ORGANISER,
        "team register",
        "POST /t/{tid}/admin/teams",
    ),
    _entry("team-add", AddTeamMember, Who.ORGANISER, "team add", "POST /t/{tid}/admin/teams/add"),
    _entry(
        "team-remove",
        RemoveTeamMember,
        Who.ORGANISER,
        "team remove",
        "POST /t/{tid}/admin/teams/remove",
    ),
    _entry("team-rule", SetTeamRule, Who.ORGANISER, "team rule", "POST /t/{tid}/admin/teams/rule"),
)
"""Every tournament action, once."""

ENTRIES: Mapping[str, CatalogueEntry] = MappingProxyType({e.name: e for e in CATALOGUE})


def field_names(command: type) -> list[str]:
    """The fields of a command, in order."""
    return [f.name for f in dataclasses.fields(command)]


def run(
    entry: CatalogueEntry,
    log: ts.EventLog,
    tournament: str,
    command: object,
    *,
    actor: str,
    now: datetime,
    secret: str | None = None,
) -> object:
    """Carry out ``command`` (an instance of ``entry.command``): the service's answer (the
    entries recorded, or the player, report ... the service gives)."""
    if type(command) is not entry.command:  # a player's command is not an official's
        raise TypeError(f"{entry.name} takes a {entry.command.__name__}")
    runner: Callable[..., object]
    if entry.who is Who.PLAYER:
        runner = command.run_with  # type: ignore[attr-defined]
        return runner(log, tournament, actor, now, secret)
    runner = command.run  # type: ignore[attr-defined]
    return runner(log, tournament, actor, now)

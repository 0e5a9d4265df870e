"""The roster in the fold: the tournament's settings and its players (registered, edited,
checked in, given a new code, withdrawn), and a player as the log has them now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mjref.players import MAX_PLAYERS, PlayerId
from mjref.rules.registry import get_ruleset
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.fold.base import Reducer, conflict, err

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament


@dataclass(slots=True)
class PlayerState:
    """A player as the log has them now (internal; read through :class:`PlayerView`)."""

    player: PlayerId
    first_name: str
    last_name: str
    country: str
    ema_number: str
    club: str
    substitute: bool
    registered: int
    checked_in: int | None = None
    withdrawn: int | None = None
    """Origin of the withdrawal in force, if any."""
    codes_issued: int = 0
    """How many times a new confirmation code was issued (0: the first code holds)."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's details and status."""

    player: PlayerId
    first_name: str
    last_name: str
    country: str
    ema_number: str
    club: str
    substitute: bool
    checked_in: bool
    withdrawn_from: int | None
    """The first session missed through withdrawal, if the player withdrew."""
    struck: bool
    """Removed from the final results (illness: MERS 2010 4.3, RCR 5.8 / 5.7)."""
    disqualified: int | None
    """The session of a disqualification from the tournament, if any."""
    codes_issued: int = 0
    """How many new confirmation codes were issued to the player (the code in force is
    derived from this number)."""

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


def player_view(t: Tournament, player: PlayerId) -> PlayerView:
    """The player's details and status (``tournament.unknown-player`` if not registered)."""
    state = t.players.get(player)
    if state is None:
        raise err("tournament.unknown-player", player=player)
    withdrawal = t.live.get(state.withdrawn) if state.withdrawn else None
    assert withdrawal is None or isinstance(withdrawal, ev.PlayerWithdrawn)
    dq = t.disqualified_from(player)
    return PlayerView(
        player=player,
        first_name=state.first_name,
        last_name=state.last_name,
        country=state.country,
        ema_number=state.ema_number,
        club=state.club,
        substitute=state.substitute,
        checked_in=state.checked_in is not None,
        withdrawn_from=withdrawal.from_session if withdrawal else None,
        struck=bool(withdrawal and withdrawal.struck),
        disqualified=dq,
        codes_issued=state.codes_issued,
    )


def _check_ema(t: Tournament, number: str, player: PlayerId | None) -> None:
    if number and t.ema_numbers.get(number, player) != player:
        raise err("tournament.ema-registered", "ema-number", number=number)


def _check_withdrawal(t: Tournament, event: ev.PlayerWithdrawn) -> None:
    """A withdrawal starts after the last session the player played: what was played
    stands (the player's results count for the opponents and in the standings; striking
    the name from the final results is the ``struck`` flag, MERS 2010 4.3)."""
    t.require_session(event.from_session, published=False)
    played = t.last_played(event.player)
    if event.from_session <= played:
        raise err(
            "tournament.withdraw-played",
            "from-session",
            player=event.player,
            session=event.from_session,
            played=played,
        )


class CreatedReducer(Reducer[ev.TournamentCreated]):
    """The tournament itself: its settings and the family of its ruleset."""

    opens_log = True

    def check(self, t: Tournament, event: ev.TournamentCreated) -> None:
        if t.created is not None:
            raise err("tournament.exists", tournament=t.id)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.TournamentCreated) -> None:
        t.created = event
        t.family = get_ruleset(event.ruleset).family


class RegisteredReducer(Reducer[ev.PlayerRegistered]):
    """A player registered: a new number, an EMA number nobody else has."""

    def check(self, t: Tournament, event: ev.PlayerRegistered) -> None:
        if event.player in t.players:
            raise conflict(
                "player", t.entry(t.slots[f"player/{event.player}"]), player=event.player
            )
        if not 1 <= event.player <= MAX_PLAYERS:
            raise err("tournament.too-many-players", limit=MAX_PLAYERS)
        _check_ema(t, event.ema_number, None)

    def conflict(
        self, t: Tournament, event: ev.PlayerRegistered, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("player", winner, player=event.player)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.PlayerRegistered) -> None:
        t.players[event.player] = PlayerState(
            event.player,
            event.first_name,
            event.last_name,
            event.country,
            event.ema_number,
            event.club,
            event.substitute,
            seq,
        )
        if event.ema_number:
            t.ema_numbers[event.ema_number] = event.player


class EditedReducer(Reducer[ev.PlayerEdited]):
    """A player's details replaced."""

    def check(self, t: Tournament, event: ev.PlayerEdited) -> None:
        t.player(event.player)
        _check_ema(t, event.ema_number, event.player)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.PlayerEdited) -> None:
        state = t.players[event.player]
        if state.ema_number and t.ema_numbers.get(state.ema_number) == event.player:
            del t.ema_numbers[state.ema_number]
        state.first_name, state.last_name = event.first_name, event.last_name
        state.country, state.ema_number, state.club = (
            event.country,
            event.ema_number,
            event.club,
        )
        if event.ema_number:
            t.ema_numbers[event.ema_number] = event.player


class WithdrawnReducer(Reducer[ev.PlayerWithdrawn]):
    """A withdrawal: from a session not yet played; corrected or voided like a result."""

    def check(self, t: Tournament, event: ev.PlayerWithdrawn) -> None:
        view = t.player(event.player)
        if view.withdrawn_from is not None:
            raise err("tournament.already-withdrawn", player=event.player)
        _check_withdrawal(t, event)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.PlayerWithdrawn) -> None:
        t.players[event.player].withdrawn = origin
        t._touch_player(event.player)

    def remove(self, t: Tournament, origin: int, event: ev.PlayerWithdrawn) -> None:
        state = t.players[event.player]
        if state.withdrawn == origin:
            state.withdrawn = None
        t._touch_player(event.player)

    def check_replacement(
        self,
        t: Tournament,
        replacement: ev.PlayerWithdrawn,
        original: ev.PlayerWithdrawn,
        target: int,
    ) -> None:
        t.player(replacement.player)
        _check_withdrawal(t, replacement)


class CheckedInReducer(Reducer[ev.CheckedIn]):
    """A player present, once."""

    def check(self, t: Tournament, event: ev.CheckedIn) -> None:
        view = t.player(event.player)
        if view.checked_in:
            raise err("tournament.already-checked-in", player=event.player)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.CheckedIn) -> None:
        t.players[event.player].checked_in = seq


class CodeIssuedReducer(Reducer[ev.CodeIssued]):
    """A new confirmation code for a player."""

    def check(self, t: Tournament, event: ev.CodeIssued) -> None:
        t.player(event.player)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.CodeIssued) -> None:
        t.players[event.player].codes_issued += 1


class PromotedReducer(Reducer[ev.MirrorPromoted]):
    """A copy made the venue's tournament: the settings and players stay as they are.
    The store appends it only to a tournament that is a mirror there, and then lets the
    tournament take entries again (:mod:`mjref.store.mirrors`)."""


REDUCERS: tuple[Reducer[Any], ...] = (
    CreatedReducer(ev.TournamentCreated),
    RegisteredReducer(ev.PlayerRegistered),
    EditedReducer(ev.PlayerEdited),
    WithdrawnReducer(ev.PlayerWithdrawn),
    CheckedInReducer(ev.CheckedIn),
    CodeIssuedReducer(ev.CodeIssued),
    PromotedReducer(ev.MirrorPromoted),
)
"""The roster's reducers, one per event type."""

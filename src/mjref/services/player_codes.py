"""Use cases of players' confirmation codes: each player's code (for their programme and
the check-in desk), a new code issued by an official, and the check that a code typed at a
table is the player's (:mod:`mjref.tournament.codes`).

A player proposing, confirming or rejecting a table's result gives their code; an official
acts from their account instead. The codes are derived from the installation's secret,
which the caller passes: the log never holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services.tournament import EventLog, load
from mjref.services.tournament_results import record_one
from mjref.tournament import events as ev
from mjref.tournament.codes import confirmation_code, same_code
from mjref.tournament.errors import TournamentError
from mjref.tournament.state import PlayerView, Tournament


@dataclass(frozen=True, slots=True)
class PlayerCode:
    """A player and their confirmation code in force."""

    player: PlayerView
    code: str


def code_of(t: Tournament, secret: str, player: PlayerId) -> str:
    """``player``'s code in force in the folded tournament ``t``."""
    view = t.player(player)
    return confirmation_code(secret, t.id, view.player, view.codes_issued)


def check_code(t: Tournament, secret: str | None, player: PlayerId, typed: str | None) -> None:
    """Refuse unless ``typed`` is ``player``'s code in force (any case, spaces ignored)."""
    if not secret:
        raise ValueError("checking a player's code needs the installation's secret")
    if not typed or not typed.strip():
        raise TournamentError(Message("tournament.code-needed", {"player": player}), where="code")
    if not same_code(typed, code_of(t, secret, player)):
        raise TournamentError(Message("tournament.bad-code", {"player": player}), where="code")


def player_codes(
    log: EventLog, tournament: str, secret: str, player: PlayerId | None = None
) -> tuple[PlayerCode, ...]:
    """Every player's code (or only ``player``'s), by player number."""
    t = load(log, tournament)
    views = t.player_views() if player is None else (t.player(player),)
    return tuple(PlayerCode(v, code_of(t, secret, v.player)) for v in views)


def issue_code(
    log: EventLog, tournament: str, *, player: PlayerId, actor: str, now: datetime
) -> ev.Recorded:
    """Give ``player`` a new code (theirs was lost or seen): the old one stops working."""

    def make(t: Tournament) -> ev.Event:
        return ev.CodeIssued(player)

    return record_one(log, tournament, make, actor=actor, now=now)

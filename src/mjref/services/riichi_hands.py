"""Riichi hands entered hand by hand: record one (or correct one), read a table's game.

A hand is recorded as :class:`~mjref.tournament.events.RiichiHandRecorded`; the fold checks
it by playing the table's game again (:mod:`mjref.tournament.fold.riichi_hands`). A winning
hand is given as han and fu (or yakuman limits), or as its tiles: then it is judged by the
riichi judge under the tournament's ruleset with the winner's seat wind, the prevalent wind,
the counters and the riichi sticks that the table's game gives before this hand, riichi if
the winner declared it in this hand, and the dora indicators given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from mjref.errors import InputError
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.riichi import RiichiHand, RiichiVerdict, judge
from mjref.rules.model import Family
from mjref.scoring import riichi_stats
from mjref.scoring.riichi_game import Game, HandScored, judged_value
from mjref.scoring.riichi_stats import RiichiStats
from mjref.services.player_codes import check_code
from mjref.services.tournament import EventLog, kept
from mjref.services.tournament_results import _wrap, record_one
from mjref.tiles.notation import format_hand
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.fold import riichi_hands as fold
from mjref.tournament.state import Tournament

LIABLE_YAKUMAN = frozenset({"Daisangen", "Dai Suushii"})
"""The hands a player can be liable for (RCR 3.3.9), by the ``mahjong`` package's names."""


@dataclass(frozen=True, slots=True)
class WinEntry:
    """A winner as entered: han and fu, or yakuman limits, or the hand's tiles (with the
    dora and ura dora indicators, as in ``mjref riichi judge``); none of them for nagashi
    mangan. ``liable``: who fed the third dragon set or fourth wind set (RCR 3.3.9)."""

    player: PlayerId
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    tiles: str | None = None
    dora: str = ""
    ura: str = ""
    liable: PlayerId | None = None

    @property
    def valued(self) -> bool:
        """Whether a value (han and fu, yakuman or tiles) was given."""
        return bool(self.han or self.fu or self.yakuman or self.tiles is not None)


@dataclass(frozen=True, slots=True)
class RiichiHandEntry:
    """A recorded hand: its entry in the log and what it did at the table."""

    recorded: ev.Recorded
    result: HandScored
    seats: tuple[PlayerId, ...]
    """Who plays each seat, in the table's order (seat 0 dealt first)."""


def _err(key: str, where: str | None = None, **params: object) -> TournamentError:
    return TournamentError(Message(key, dict(params)), where=where)


def _verdict(
    t: Tournament,
    entry: WinEntry,
    *,
    session: int,
    table: int,
    hand: int,
    self_drawn: bool,
    riichi: Sequence[PlayerId],
) -> tuple[RiichiHand, RiichiVerdict]:
    """The winner's hand as judged at hand ``hand`` of the table (its winds, counters and
    sticks from the table's game so far)."""
    assert entry.tiles is not None
    if entry.han or entry.fu or entry.yakuman:
        raise _err("tournament.riichi-hand.value-and-tiles", "win", player=entry.player)
    state = fold.game_of(t, session, table, before=hand).final
    index = fold.seat_index(t.seats(session, table), entry.player)
    if index is None:
        raise _err(
            "tournament.riichi-hand.not-at-table",
            "win",
            role=Message("tournament.riichi-hand.role-winner", {}),
            player=entry.player,
            session=session,
            table=table,
        )
    declared = entry.player in riichi
    try:
        shown = RiichiHand.from_notation(
            entry.tiles,
            self_drawn=self_drawn,
            riichi=declared,
            seat_wind=state.seat_wind(index),
            prevalent_wind=state.prevalent_wind,
            dora_indicators=entry.dora,
            ura_indicators=entry.ura if declared else "",
            honba=state.honba,
            riichi_sticks=len(state.sticks) + len(riichi),
        )
    except InputError as error:
        raise _err("tournament.riichi-hand.bad-tiles", "win", error=error.message) from error
    return shown, judge(shown, t.settings.ruleset)


def _judged(
    t: Tournament,
    entry: WinEntry,
    *,
    session: int,
    table: int,
    hand: int,
    self_drawn: bool,
    riichi: Sequence[PlayerId],
) -> ev.RiichiWin:
    shown, verdict = _verdict(
        t, entry, session=session, table=table, hand=hand, self_drawn=self_drawn, riichi=riichi
    )
    value = judged_value(verdict)
    if value is None:
        reason = verdict.findings[0].message if verdict.findings else ""
        raise _err("tournament.riichi-hand.not-a-win", "win", player=entry.player, reason=reason)
    if entry.liable is not None and not LIABLE_YAKUMAN & {y.name for y in verdict.yaku}:
        raise _err("tournament.riichi-hand.not-liable-hand", "win", player=entry.player)
    return ev.RiichiWin(
        entry.player,
        value.han,
        value.fu,
        value.yakuman,
        format_hand(shown.tiles),
        entry.liable,
    )


def _win(
    t: Tournament,
    entry: WinEntry,
    outcome: ev.RiichiHandOutcome,
    *,
    session: int,
    table: int,
    hand: int,
    riichi: Sequence[PlayerId],
) -> ev.RiichiWin:
    """A winner as the log keeps it: judged from its tiles, or its value as given (none for
    nagashi mangan, which is paid as a mangan)."""
    if outcome is ev.RiichiHandOutcome.NAGASHI:
        if entry.valued:
            raise _err("tournament.riichi-hand.nagashi-value", "win", player=entry.player)
        return ev.RiichiWin(entry.player, 0, 0, liable=entry.liable)
    if not entry.valued:
        raise _err("tournament.riichi-hand.value-needed", "win", player=entry.player)
    if entry.tiles is not None:
        self_drawn = outcome is ev.RiichiHandOutcome.TSUMO
        return _judged(
            t,
            entry,
            session=session,
            table=table,
            hand=hand,
            self_drawn=self_drawn,
            riichi=riichi,
        )
    return ev.RiichiWin(entry.player, entry.han, entry.fu, entry.yakuman, liable=entry.liable)


def judge_win(
    log: EventLog,
    tournament: str,
    entry: WinEntry,
    *,
    session: int,
    table: int,
    hand: int,
    self_drawn: bool,
    riichi: Sequence[PlayerId] = (),
) -> RiichiVerdict:
    """Judge a winner's tiles as :func:`record_riichi_hand` would, recording nothing (the
    yaku table to show before recording)."""
    t = kept(log, tournament)
    t.require_table(session, table)
    return _verdict(
        t, entry, session=session, table=table, hand=hand, self_drawn=self_drawn, riichi=riichi
    )[1]


def record_riichi_hand(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    table: int,
    hand: int,
    outcome: ev.RiichiHandOutcome,
    wins: Sequence[WinEntry] = (),
    discarder: PlayerId | None = None,
    riichi: Sequence[PlayerId] = (),
    tenpai: Sequence[PlayerId] = (),
    offender: PlayerId | None = None,
    correcting: int | None = None,
    reason: str = "",
    player: PlayerId | None = None,
    code: str | None = None,
    secret: str | None = None,
    actor: str,
    now: datetime,
) -> RiichiHandEntry:
    """Record hand ``hand`` of a riichi table (or, with ``correcting``, replace the entry at
    that position with it, giving ``reason``). As an official (``player`` ``None``) it
    counts at once; as ``player`` of the table, with their ``code`` (checked under the
    installation's ``secret``), the table's hands count once another person confirms
    them (:func:`confirm_riichi_hands`)."""

    def make(t: Tournament) -> ev.Event:
        if t.family is not Family.RIICHI:
            raise _err("tournament.wrong-family", family="riichi", actual=t.family.value)
        if player is not None:
            check_code(t, secret, player, code)
        values = tuple(
            _win(t, w, outcome, session=session, table=table, hand=hand, riichi=riichi)
            for w in wins
        )
        event = ev.RiichiHandRecorded(
            session=session,
            table=table,
            hand=hand,
            outcome=outcome,
            wins=values,
            discarder=discarder,
            riichi=tuple(dict.fromkeys(riichi)),
            tenpai=tuple(dict.fromkeys(tenpai)),
            offender=offender,
            player=player,
        )
        return _wrap(event, correcting, reason)

    recorded = record_one(log, tournament, make, actor=actor, now=now)
    t = kept(log, tournament)
    game = fold.game_of(t, session, table)
    return RiichiHandEntry(
        recorded, game.hands[hand - 1], tuple(s.playing for s in t.seats(session, table))
    )


def confirm_riichi_hands(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    table: int,
    hands: int,
    player: PlayerId | None = None,
    code: str | None = None,
    secret: str | None = None,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Confirm the table's ``hands`` hands as they stand (the number the confirmer saw):
    another player of the table with their ``code``, or an official (``player``
    ``None``). From then on they count as the table's result."""

    def make(t: Tournament) -> ev.Event:
        if player is not None:
            check_code(t, secret, player, code)
        return ev.RiichiHandsConfirmed(session, table, hands, player)

    return record_one(log, tournament, make, actor=actor, now=now)


def table_game(log: EventLog, tournament: str, *, session: int, table: int) -> Game:
    """A riichi table's game from its hands so far."""
    t = kept(log, tournament)
    t.require_table(session, table)
    return fold.game_of(t, session, table)


@dataclass(frozen=True, slots=True)
class TableHands:
    """A riichi table's hands with what each did, and the game so far."""

    seats: tuple[PlayerId, ...]
    hands: tuple[tuple[ev.RiichiHandRecorded, HandScored], ...]
    game: Game
    unconfirmed: tuple[int, ...] = ()
    """Hands a player entered that await confirmation (the table has no result yet)."""
    entered_by: tuple[PlayerId, ...] = ()
    """Who entered them: they cannot confirm them."""


def table_hands(log: EventLog, tournament: str, *, session: int, table: int) -> TableHands | None:
    """The table's riichi hands in order, each with its result, and the game so far
    (``None`` in a tournament that does not play riichi)."""
    t = kept(log, tournament)
    if t.family is not Family.RIICHI:
        return None
    t.require_table(session, table)
    events = fold.hands_of(t, session, table)
    game = fold.play_hands(t, session, table, events)
    seats = tuple(s.playing for s in t.seats(session, table))
    return TableHands(
        seats,
        tuple(zip(events, game.hands, strict=True)),
        game,
        fold.unconfirmed(t, session, table),
        fold.entered_by(t, session, table),
    )


def player_stats(
    log: EventLog, tournament: str, player: PlayerId | None = None
) -> dict[PlayerId, RiichiStats]:
    """Each player's statistics from the riichi hands entered hand by hand (of one player
    if given; a player without such hands has none); a table whose hands a player entered
    counts once they are confirmed. Players are counted at the seats they
    played (a substitute's hands are the substitute's)."""
    t = kept(log, tournament)
    if player is not None:
        t.player(player)  # an unknown player: the usual error
    tables = []
    for (session, table), entries in sorted(t.tables.items()):
        if not entries.riichi or fold.unconfirmed(t, session, table):
            continue  # no hands, or a player's hands not confirmed yet
        seats = tuple(s.playing for s in t.seats(session, table))
        if player is not None and player not in seats:
            continue
        game = fold.play_hands(t, session, table, fold.hands_of(t, session, table))
        tables.append((seats, game.hands))
    found = riichi_stats.player_stats(tables)
    return found if player is None else {p: s for p, s in found.items() if p == player}

"""Riichi hands in the fold: a table's game entered hand by hand.

A riichi table's hands (:class:`~mjref.tournament.events.RiichiHandRecorded`) are kept by
number beside the table's other entries; they are entered in order (hand ``n`` after hands
1 to ``n - 1``), and every new hand or correction is checked by playing the table's whole
game again under the tournament's ruleset (:mod:`mjref.scoring.riichi_game`): a hand the
game cannot take (after the end of the south round, a winner who is not at the table ...)
is refused with what and where. The table's result is then the game's final scores, the
sticks left and the chombo points after uma, scored as a score sheet's entry is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from mjref.errors import InputError
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules.model import Family
from mjref.tournament import _riichi_hand_messages  # noqa: F401  (registers the wording)
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.fold.base import err
from mjref.tournament.fold.seating import TableSeat

if TYPE_CHECKING:
    from mjref.scoring.riichi_game import Game, HandPlay
    from mjref.tournament.state import Tournament


def seat_index(seats: Sequence[TableSeat], player: PlayerId) -> int | None:
    """The seat (0-3, in the table's order) ``player`` plays or was planned for."""
    for index, seat in enumerate(seats):
        if player in (seat.playing, seat.planned):
            return index
    return None


def to_play(
    event: ev.RiichiHandRecorded, seats: Sequence[TableSeat], where: Mapping[str, object]
) -> HandPlay:
    """The hand as the game flow takes it, players turned into seats (an error names a
    player who is not at the table)."""
    from mjref.scoring.riichi_game import MANGAN, Ending, HandPlay, HandValue, Win

    def seat(player: PlayerId, role: str) -> int:
        index = seat_index(seats, player)
        if index is None:
            params = {"role": Message(f"tournament.riichi-hand.role-{role}", {}), "player": player}
            raise TournamentError(
                Message("tournament.riichi-hand.not-at-table", {**params, **where})
            )
        return index

    outcome = Ending(event.outcome.value)
    return HandPlay(
        outcome,
        wins=tuple(
            Win(
                seat(w.player, "winner"),
                MANGAN if outcome is Ending.NAGASHI else HandValue(w.han, w.fu, w.yakuman),
                None if w.liable is None else seat(w.liable, "liable"),
            )
            for w in event.wins
        ),
        discarder=None if event.discarder is None else seat(event.discarder, "discarder"),
        riichi=frozenset(seat(p, "riichi") for p in event.riichi),
        tenpai=frozenset(seat(p, "tenpai") for p in event.tenpai),
        offender=None if event.offender is None else seat(event.offender, "offender"),
    )


def hands_of(t: Tournament, session: int, table: int) -> tuple[ev.RiichiHandRecorded, ...]:
    """The table's riichi hands in force, by number."""
    entries = t.tables.get((session, table))
    if entries is None:
        return ()
    return tuple(h for _, (_, h) in sorted(entries.riichi.items()))


def play_hands(
    t: Tournament, session: int, table: int, hands: Sequence[ev.RiichiHandRecorded]
) -> Game:
    """The table's game from ``hands`` (in order) under the tournament's ruleset."""
    from mjref.scoring.riichi_game import game_rules, play

    seats = t.seats(session, table)
    where = {"session": session, "table": table}
    rules = game_rules(t.settings.ruleset, start=t.settings.starting_points or 0)
    try:
        return play(rules, [to_play(h, seats, where) for h in hands])
    except TournamentError:
        raise
    except InputError as error:
        raise TournamentError(
            Message("tournament.riichi-hand.refused", {"error": error.message, **where})
        ) from error


def game_of(t: Tournament, session: int, table: int, *, before: int | None = None) -> Game:
    """The table's game so far (only the hands before hand ``before``, if given)."""
    hands = hands_of(t, session, table)
    if before is not None:
        hands = tuple(h for h in hands if h.hand < before)
    return play_hands(t, session, table, hands)


def unconfirmed(t: Tournament, session: int, table: int) -> tuple[int, ...]:
    """The numbers of the table's hands that a player entered (or corrected) since the
    table's hands were last confirmed: while there is one, the table has no result."""
    entries = t.tables.get((session, table))
    if entries is None:
        return ()
    return tuple(
        number
        for number, (_, hand) in sorted(entries.riichi.items())
        if hand.player is not None and entries.riichi_at[number] > entries.riichi_confirmed
    )


def entered_by(t: Tournament, session: int, table: int) -> tuple[PlayerId, ...]:
    """The players who entered the hands awaiting confirmation (in hand order, once)."""
    hands = {h.hand: h for h in hands_of(t, session, table)}
    found = (hands[n].player for n in unconfirmed(t, session, table))
    return tuple(dict.fromkeys(p for p in found if p is not None))


def check_confirmation(t: Tournament, event: ev.RiichiHandsConfirmed) -> None:
    """Refuse a confirmation of hands that are not awaiting one, of a number of hands the
    table no longer has (the confirmer saw another game), or by a player not at the table
    or who entered one of the hands awaiting it."""
    if t.family is not Family.RIICHI:
        raise err("tournament.wrong-family", family="riichi", actual=t.family.value)
    t.require_table(event.session, event.table)
    session, table = event.session, event.table
    if not unconfirmed(t, session, table):
        raise err("tournament.riichi-hands.nothing-to-confirm", session=session, table=table)
    count = len(hands_of(t, session, table))
    if event.hands != count:
        raise err(
            "tournament.riichi-hands.count",
            hands=event.hands,
            count=count,
            session=session,
            table=table,
        )
    if event.player is not None:
        t._playing_at(session, table, event.player)
        if event.player in entered_by(t, session, table):
            raise err(
                "tournament.riichi-hands.confirm-own",
                player=event.player,
                session=session,
                table=table,
            )


def check(t: Tournament, event: ev.RiichiHandRecorded, *, correcting: int | None = None) -> None:
    """Refuse a riichi hand (or a correction of one) the table's game cannot take; a hand
    a player enters must be theirs to enter (at the table, the session open)."""
    from mjref.tournament.fold.results import _conflict_mode, _open_for_results

    if t.family is not Family.RIICHI:
        raise err("tournament.wrong-family", family="riichi", actual=t.family.value)
    if correcting is None or event.player is not None:
        _open_for_results(t, event.session, event.table)
    else:
        t.require_table(event.session, event.table)
    if event.player is not None:
        t._playing_at(event.session, event.table, event.player)
    if not 1 <= event.hand <= ev.MAX_HANDS:
        raise err("tournament.bad-hand-number", hand=event.hand, limit=ev.MAX_HANDS)
    mode = t.table_mode((event.session, event.table))
    if mode is not None and mode[0] == "totals":
        raise _conflict_mode(t.entry(mode[1]), event.session, event.table, "totals", "hands")
    hands = {h.hand: h for h in hands_of(t, event.session, event.table)}
    if correcting is None:
        expected = len(hands) + 1
        if event.hand != expected:
            raise err(
                "tournament.riichi-hand.order",
                hand=event.hand,
                expected=expected,
                session=event.session,
                table=event.table,
            )
    elif event.hand not in hands:
        raise err(
            "tournament.riichi-hand.same-number",
            hand=event.hand,
            session=event.session,
            table=event.table,
        )
    hands[event.hand] = event
    play_hands(t, event.session, event.table, [hands[n] for n in sorted(hands)])

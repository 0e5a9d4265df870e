"""Rulings and the ladder in the fold: rulings recorded against a player, lateness and
disqualification, the rulings in force with their penalties, and the foul ladder read from
them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mjref.players import PlayerId
from mjref.tournament import events as ev
from mjref.tournament.fold.base import Reducer, err
from mjref.tournament.fold.seating import check_not_rewritten
from mjref.tournament.rulings import (
    PenaltyPoints,
    disqualification,
    false_hu_payment,
    ladder_steps,
    penalties,
)

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament


@dataclass(frozen=True, slots=True)
class RulingInForce:
    """A ruling (or lateness, or disqualification with a ruling) whose effects count."""

    origin: int
    seq: int
    """The position of the entry now in force (the last correction, or the origin)."""
    player: PlayerId
    session: int
    table: int | None
    hand: int | None
    game: int
    ruling: ev.StoredRuling
    discretion: int | None
    penalties: tuple[PenaltyPoints, ...]


@dataclass(frozen=True, slots=True)
class LadderEntry:
    """A step on the foul ladder as recorded."""

    seq: int
    player: PlayerId
    session: int
    game: int
    step: int
    points: int
    infraction: str
    clause: str


def ladder(t: Tournament, player: PlayerId | None = None) -> tuple[LadderEntry, ...]:
    """The foul-ladder steps in force, in log order (one player's, or everyone's)."""
    entries = []
    for found in sorted(t.rulings.values(), key=lambda r: r.seq):
        if player is not None and found.player != player:
            continue
        for step in ladder_steps(found.ruling):
            entries.append(
                LadderEntry(
                    found.seq,
                    found.player,
                    found.session,
                    found.game,
                    int(str(step.params.get("step", 0))),
                    step.points or 0,
                    str(step.params.get("infraction", "")),
                    step.clause,
                )
            )
    return tuple(entries)


def add_ruling(
    t: Tournament,
    origin: int,
    seq: int,
    player: PlayerId,
    session: int,
    table: int | None,
    hand: int | None,
    game: int,
    ruling: ev.StoredRuling,
    discretion: int | None,
) -> None:
    """A ruling in force (unless an appeal against its chain was upheld): its penalties,
    a false hu's payments in its hand, a disqualification it decides."""
    if origin in t.overturned:
        return
    found = RulingInForce(
        origin,
        seq,
        player,
        session,
        table,
        hand,
        game,
        ruling,
        discretion,
        penalties(ruling, discretion),
    )
    t.rulings[origin] = found
    t._penalty_index.setdefault((player, session), []).append(origin)
    if table is not None and hand is not None and false_hu_payment(ruling) is not None:
        t._hand_rulings.setdefault((session, table, hand), []).append(origin)
        t._dirty.add((session, table))
    scope = disqualification(ruling)
    if scope is not None:
        t._disqualifications.setdefault(origin, (player, session, scope))
        t._touch_player(player)
    if found.penalties:
        t._touch_player(player, session)


def forget_ruling(t: Tournament, found: RulingInForce) -> None:
    """Take a ruling's effects out (corrected, voided or overturned on appeal)."""
    if t._disqualifications.pop(found.origin, None) is not None:
        t._touch_player(found.player)
    if found.table is not None and found.hand is not None:
        at_hand = t._hand_rulings.get((found.session, found.table, found.hand), [])
        if found.origin in at_hand:
            at_hand.remove(found.origin)
            t._dirty.add((found.session, found.table))
    index = t._penalty_index.get((found.player, found.session), [])
    if found.origin in index:
        index.remove(found.origin)
    if found.penalties:
        t._touch_player(found.player, found.session)
    t._memo.clear()


AnyRuling = ev.RulingRecorded | ev.LatenessRecorded | ev.Disqualified
"""The entries that carry (or are) a ruling and can be appealed."""


def _check_replacement(t: Tournament, replacement: AnyRuling) -> None:
    t.player(replacement.player)
    t.require_session(replacement.session, published=False)


class RulingReducer(Reducer[ev.RulingRecorded]):
    """A ruling on an incident against a player (at a table of theirs, in a hand)."""

    def check(self, t: Tournament, event: ev.RulingRecorded) -> None:
        t.player(event.player)
        t.require_session(event.session, published=False)
        if event.table is not None:
            t.require_table(event.session, event.table)
            t._playing_at(event.session, event.table, event.player)
        elif event.hand is not None:
            raise err("tournament.hand-without-table", hand=event.hand)
        if event.hand is not None and not 1 <= event.hand <= ev.MAX_HANDS:
            raise err("tournament.bad-hand-number", hand=event.hand, limit=ev.MAX_HANDS)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.RulingRecorded) -> None:
        add_ruling(
            t,
            origin,
            seq,
            event.player,
            event.session,
            event.table,
            event.hand,
            event.game,
            event.ruling,
            event.discretion,
        )

    def remove(self, t: Tournament, origin: int, event: ev.RulingRecorded) -> None:
        current = t.rulings.pop(origin, None)
        if current is not None:
            forget_ruling(t, current)

    def check_replacement(
        self,
        t: Tournament,
        replacement: ev.RulingRecorded,
        original: ev.RulingRecorded,
        target: int,
    ) -> None:
        _check_replacement(t, replacement)


class LatenessReducer(Reducer[ev.LatenessRecorded]):
    """A player late for a session, with the lateness ruling."""

    def check(self, t: Tournament, event: ev.LatenessRecorded) -> None:
        t.player(event.player)
        t.require_session(event.session, published=False)
        if not 1 <= event.minutes <= ev.MAX_MINUTES_LATE:
            raise err(
                "tournament.bad-minutes-late",
                minutes=event.minutes,
                limit=ev.MAX_MINUTES_LATE,
            )

    def add(self, t: Tournament, origin: int, seq: int, event: ev.LatenessRecorded) -> None:
        add_ruling(t, origin, seq, event.player, event.session, None, None, 1, event.ruling, None)

    def remove(self, t: Tournament, origin: int, event: ev.LatenessRecorded) -> None:
        current = t.rulings.pop(origin, None)
        if current is not None:
            forget_ruling(t, current)

    def check_replacement(
        self,
        t: Tournament,
        replacement: ev.LatenessRecorded,
        original: ev.LatenessRecorded,
        target: int,
    ) -> None:
        _check_replacement(t, replacement)


class DisqualifiedReducer(Reducer[ev.Disqualified]):
    """A disqualification for a session or the tournament, with its ruling if any."""

    def check(self, t: Tournament, event: ev.Disqualified) -> None:
        t.player(event.player)
        t.require_session(event.session, published=False)
        if t.disqualified_from(event.player) is not None:
            raise err("tournament.already-disqualified", player=event.player)
        # For the session: that game is not over (its hands so far stand, MERS 2010
        # 4.2). From the tournament: no later session is played yet; the sessions
        # played stand, and MERS 2010 4.4 decides their table points.
        if event.scope is ev.Scope.SESSION:
            check_not_rewritten(t, event.player, event.session, hands_allowed=True)
            return
        played = t.last_played(event.player)
        if played > event.session:
            raise err(
                "tournament.disqualify-played",
                player=event.player,
                session=event.session,
                played=played,
            )

    def add(self, t: Tournament, origin: int, seq: int, event: ev.Disqualified) -> None:
        t._disqualifications[origin] = (event.player, event.session, event.scope)
        if event.ruling is not None:
            add_ruling(
                t, origin, seq, event.player, event.session, None, None, 1, event.ruling, None
            )
        t._touch_player(event.player)

    def remove(self, t: Tournament, origin: int, event: ev.Disqualified) -> None:
        t._disqualifications.pop(origin, None)
        current = t.rulings.pop(origin, None)
        if current is not None:
            forget_ruling(t, current)
        t._touch_player(event.player)

    def check_replacement(
        self,
        t: Tournament,
        replacement: ev.Disqualified,
        original: ev.Disqualified,
        target: int,
    ) -> None:
        _check_replacement(t, replacement)


REDUCERS: tuple[Reducer[Any], ...] = (
    RulingReducer(ev.RulingRecorded),
    LatenessReducer(ev.LatenessRecorded),
    DisqualifiedReducer(ev.Disqualified),
)
"""The reducers of rulings, one per event type."""

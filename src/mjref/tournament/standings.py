"""Standings and each player's history, from the folded tournament.

Each player has one line per published session:

- *played*: the seat's result (MCR: score at the table, penalties, score after
  penalties, table points; riichi: final score, points, uma, penalties, total);
- *missed*: the player was replaced by a substitute that session, or has left the
  tournament (withdrawal, disqualification). MCR: no table points and no score (MERS 2.3,
  2010 4.3); riichi: the ruleset's fixed result for a session missed (RCR 2016 5.8:
  -15,000 points and -15,000 uma; 2012 5.7: 0 and -30,000). A missed session counts once
  the session has any result;
- *bye*: not seated that session (the players left do not fill tables of four);
- *pending*: seated, but the table has no result yet;
- a substitute's lines are the seats he played.

Ranking: MCR by table points, then score after penalties; riichi by total. Players tied
on every key share a place (1, 2, 2, 4). Players disqualified from the tournament are
ranked after everyone else (RCR 2016 5.8 / 2012 5.7; MERS 2010 4.4, under which they
also have no table points at all). Players the organisers removed from the final results
(illness: MERS 2010 4.3, RCR) and substitutes are listed apart, unranked.
"""

from __future__ import annotations

import bisect
import enum
import weakref
from dataclasses import dataclass
from fractions import Fraction

from mjref.players import PlayerId
from mjref.rules.model import Family
from mjref.scoring.places import competition_ranks
from mjref.scoring.riichi import missed_line
from mjref.tournament import events as ev
from mjref.tournament.rulings import disqualification
from mjref.tournament.state import PlayerView, SeatResult, Tournament


class LineStatus(enum.StrEnum):
    PLAYED = "played"
    SUBSTITUTE = "substitute"
    """Played a seat as the substitute for another player."""
    MISSED = "missed"
    BYE = "bye"
    PENDING = "pending"


@dataclass(frozen=True, slots=True)
class SessionLine:
    """A player's session (see the module's description)."""

    session: int
    status: LineStatus
    table: int | None = None
    seat: str | None = None
    score: int | None = None
    penalty: int = 0
    table_points: Fraction = Fraction(0)
    points: Fraction = Fraction(0)
    uma: Fraction = Fraction(0)
    total: Fraction = Fraction(0)
    other: PlayerId | None = None
    """The substitute who took the seat (missed), or the player replaced (substitute)."""
    clause: str | None = None
    """The clause behind a line that is not simply the table's result."""

    @property
    def counts(self) -> bool:
        return self.status in (LineStatus.PLAYED, LineStatus.SUBSTITUTE, LineStatus.MISSED)


class Standing(enum.StrEnum):
    RANKED = "ranked"
    DISQUALIFIED = "disqualified"
    STRUCK = "struck"
    SUBSTITUTE = "substitute"
    ABSENT = "absent"
    """Registered but never seated (or withdrew before playing)."""


@dataclass(frozen=True, slots=True)
class Row:
    """A player's line in the standings."""

    place: int | None
    player: PlayerView
    status: Standing
    table_points: Fraction
    score: Fraction
    """MCR: the score after penalties over all sessions; riichi: the total."""
    sessions: int
    penalties: int
    points: Fraction = Fraction(0)
    """Riichi: the points over all sessions (the total before uma and the penalties after
    it); MCR: 0."""
    uma: Fraction = Fraction(0)
    """Riichi: the uma over all sessions; MCR: 0."""


@dataclass(frozen=True, slots=True)
class Standings:
    family: Family
    position: int
    ranked: tuple[Row, ...]
    """Everyone ranked, disqualified players last."""
    apart: tuple[Row, ...]
    """Removed from the final results, never seated, and substitutes."""


def _seat_line(session: int, table: int, result: SeatResult, status: LineStatus) -> SessionLine:
    sub = result.seat.substitution
    return SessionLine(
        session=session,
        status=status,
        table=table,
        seat=result.seat.wind,
        score=result.score,
        penalty=result.penalty,
        table_points=result.table_points,
        points=result.points,
        uma=result.uma,
        total=result.total,
        other=sub.player if status is LineStatus.SUBSTITUTE and sub is not None else None,
        clause=result.zero_clause,
    )


def _missed(
    t: Tournament,
    player: PlayerId,
    session: int,
    table: int | None,
    seat: str | None,
    other: PlayerId | None,
) -> SessionLine:
    penalty = sum(p.points for p in t.penalties_of(player, session))
    if t.family is Family.RIICHI:
        scheme = t.riichi()
        fixed = missed_line(scheme)
        return SessionLine(
            session,
            LineStatus.MISSED,
            table,
            seat,
            None,
            penalty,
            Fraction(0),
            fixed.points,
            fixed.uma,
            fixed.total - penalty,
            other,
            scheme.substitute_clause,
        )
    return SessionLine(
        session,
        LineStatus.MISSED,
        table,
        seat,
        None,
        penalty,
        Fraction(0),
        Fraction(0),
        Fraction(0),
        Fraction(-penalty),
        other,
        None,
    )


def history(
    t: Tournament, player: PlayerId, played: set[int] | frozenset[int] | None = None
) -> tuple[SessionLine, ...]:
    """One line per published session (see the module's description)."""
    view = t.player(player)
    if played is None:
        played = t.played_sessions()  # given by a caller asking for many players at once
    lines: list[SessionLine] = []
    for session in sorted(t.seating):
        seat = t.seat_of(session, player)
        sub = t.substitutions.get((session, player))
        replaced = t.replaced_by(session, player)
        if replaced is not None:
            where = t.seat_of(session, replaced)
            assert where is not None
            result = t.result(session, where[0])
            if result is None:
                lines.append(
                    SessionLine(session, LineStatus.PENDING, where[0], where[1], other=replaced)
                )
            else:
                mine = next(r for r in result if r.seat.playing == player)
                lines.append(_seat_line(session, where[0], mine, LineStatus.SUBSTITUTE))
            continue
        if view.substitute and seat is None:
            continue
        if sub is not None or t.out_for(player, session):
            if session in played:
                table, wind = seat if seat is not None else (None, None)
                lines.append(
                    _missed(t, player, session, table, wind, sub[1].substitute if sub else None)
                )
            continue
        if seat is None:
            lines.append(SessionLine(session, LineStatus.BYE))
            continue
        result = t.result(session, seat[0])
        if result is None:
            lines.append(SessionLine(session, LineStatus.PENDING, seat[0], seat[1]))
            continue
        mine = next(r for r in result if r.seat.planned == player)
        lines.append(_seat_line(session, seat[0], mine, LineStatus.PLAYED))
    return tuple(lines)


def _row(
    t: Tournament, view: PlayerView, lines: tuple[SessionLine, ...]
) -> tuple[Standing, Fraction, Fraction, int, int, Fraction, Fraction]:
    counted = [line for line in lines if line.counts]
    disqualified = t.disqualified_from(view.player) is not None
    table_points = sum((line.table_points for line in counted), Fraction(0))
    if disqualified and t.family is Family.MCR and t.mcr().disqualified_zero is not None:
        table_points = Fraction(0)
    score = sum((line.total for line in counted), Fraction(0))
    penalty = sum(line.penalty for line in counted)
    points = sum((line.points for line in counted), Fraction(0))
    uma = sum((line.uma for line in counted), Fraction(0))
    if view.substitute:
        status = Standing.SUBSTITUTE
    elif view.struck:
        status = Standing.STRUCK
    elif disqualified:
        status = Standing.DISQUALIFIED
    elif (
        not any(line.status is not LineStatus.BYE for line in lines)
        and (view.withdrawn_from is not None or not lines)
    ) or not lines:
        status = Standing.ABSENT
    else:
        status = Standing.RANKED
    return status, table_points, score, len(counted), penalty, points, uma


RowValues = tuple[PlayerView, Standing, Fraction, Fraction, int, int, Fraction, Fraction]
"""A player's standing before the places: view, status, table points, score, sessions
counted, penalty points, points and uma."""


def _values(t: Tournament, view: PlayerView, played: frozenset[int]) -> RowValues:
    status, tp, score, count, penalty, points, uma = _row(t, view, history(t, view.player, played))
    return view, status, tp, score, count, penalty, points, uma


def standings(t: Tournament) -> Standings:
    """The standings after the last event folded in (cached until the next one; after
    events that touch a few tables only, the lines of those tables' players are
    computed again, the others kept: :func:`touched`)."""
    cached = t.memo("standings")
    if isinstance(cached, Standings) and cached.position == t.position:
        return cached
    last = _LAST.get(t)
    result = None if last is None else _update(t, last)
    if result is None:
        result = _full(t)
    t.remember("standings", result)
    return result


def standings_from_scratch(t: Tournament) -> Standings:
    """The standings computed anew from the folded state, every player's lines again
    (what :func:`standings` must always equal)."""
    return _full(t, keep=False)


@dataclass(slots=True)
class _Last:
    """The last standings computed for a folded tournament, with what they came from."""

    position: int
    played: frozenset[int]
    values: dict[PlayerId, RowValues]
    order: dict[Standing, list[PlayerId]]
    """The players of each ranked group, best first."""
    rows: dict[PlayerId, Row]
    result: Standings


_LAST: weakref.WeakKeyDictionary[Tournament, _Last] = weakref.WeakKeyDictionary()
_GROUPS = (Standing.RANKED, Standing.DISQUALIFIED)
MAX_STEPS = 64
"""More events than this since the last standings: computed anew (as fast by then)."""


def _sort_key(mcr: bool, player: PlayerId, values: RowValues) -> tuple[object, ...]:
    _, _, tp, score, *_ = values
    return (-tp, -score, player) if mcr else (-score, player)


def _rows(
    t: Tournament,
    values: dict[PlayerId, RowValues],
    order: dict[Standing, list[PlayerId]],
    previous: dict[PlayerId, Row],
) -> tuple[tuple[Row, ...], dict[PlayerId, Row]]:
    """The ranked rows from each group's order: tied players share a place (1, 2, 2, 4),
    disqualified players after everyone else; a row equal to the last one is kept."""
    mcr = t.family is Family.MCR
    ranked: list[Row] = []
    rows: dict[PlayerId, Row] = {}
    offset = 0
    for group in _GROUPS:
        place = 0
        key: tuple[object, ...] | None = None
        for index, p in enumerate(order[group], start=1):
            view, status, tp, score, count, penalty, points, uma = values[p]
            found = (tp, score) if mcr else (score,)
            if found != key:
                place, key = index, found
            old = previous.get(p)
            row = (
                old
                if old is not None
                and old.place == place + offset
                and old.player is view
                and (old.status, old.table_points, old.score, old.sessions, old.penalties)
                == (status, tp, score, count, penalty)
                and (old.points, old.uma) == (points, uma)
                else Row(place + offset, view, status, tp, score, count, penalty, points, uma)
            )
            rows[p] = row
            ranked.append(row)
        offset += len(order[group])
    return tuple(ranked), rows


def _apart(values: dict[PlayerId, RowValues]) -> tuple[Row, ...]:
    return tuple(
        Row(None, view, status, tp, score, count, penalty, points, uma)
        for p, (view, status, tp, score, count, penalty, points, uma) in sorted(values.items())
        if status not in _GROUPS
    )


def _full(t: Tournament, *, keep: bool = True) -> Standings:
    played = frozenset(t.played_sessions())
    values = {view.player: _values(t, view, played) for view in t.player_views()}
    mcr = t.family is Family.MCR
    order = {
        group: sorted(
            (p for p, v in values.items() if v[1] is group),
            key=lambda p: _sort_key(mcr, p, values[p]),
        )
        for group in _GROUPS
    }
    ranked, rows = _rows(t, values, order, {})
    result = Standings(t.family, t.position, ranked, _apart(values))
    if keep:
        _LAST[t] = _Last(t.position, played, values, order, rows, result)
    return result


def _update(t: Tournament, last: _Last) -> Standings | None:
    """The standings from ``last`` and the events since, or ``None`` when they must be
    computed anew (an event that may touch every player, a player changing group)."""
    if last.position > t.position or t.position - last.position > MAX_STEPS:
        return None
    players: set[PlayerId] = set()
    for recorded in t.log[last.position : t.position]:
        found = touched(t, recorded.event)
        if found is None:
            return None
        players |= found
    played = frozenset(t.played_sessions())
    if played != last.played:
        return None  # a session now counts: missed sessions count for everyone out
    values = dict(last.values)
    changed: set[PlayerId] = set()
    for p in players:
        if p not in values:
            return None
        new = _values(t, t.player(p), played)
        if new == values[p]:
            continue
        if new[1] is not values[p][1]:
            return None  # a player changes group: computed anew
        values[p] = new
        changed.add(p)
    mcr = t.family is Family.MCR
    order = last.order
    if changed:
        order = dict(last.order)
        for group in _GROUPS:
            moved = [p for p in changed if values[p][1] is group]
            if not moved:
                continue
            kept = [p for p in order[group] if p not in changed]
            for p in moved:
                bisect.insort(kept, p, key=lambda q: _sort_key(mcr, q, values[q]))
            order[group] = kept
    ranked, rows = _rows(t, values, order, last.rows)
    apart = last.result.apart
    if any(values[p][1] not in _GROUPS for p in changed):
        apart = _apart(values)
    result = Standings(t.family, t.position, ranked, apart)
    _LAST[t] = _Last(t.position, played, values, order, rows, result)
    return result


_NO_PLAYER = (
    *ev.CLOCK_EVENTS,
    ev.Announced,
    ev.TeamRuleSet,
)
"""Events that change no player's lines or standing."""


def touched(t: Tournament, event: ev.Event) -> set[PlayerId] | None:
    """The players whose lines or standing ``event`` (folded in already) may have
    changed, or ``None``: perhaps anyone's (a seating, a withdrawal, a disqualification,
    an appeal, an event this function does not know). A table's result touches the
    players who sat at that table (planned or substitutes): their table points depend
    on one another's scores and penalties."""
    if isinstance(event, _NO_PLAYER):
        return set()
    if isinstance(event, ev.HandRecorded | ev.SessionTotalsRecorded | ev.RiichiResultRecorded):
        return _at_table(t, event.session, event.table)
    if isinstance(
        event,
        ev.ResultProposed | ev.ResultConfirmed | ev.RiichiHandRecorded | ev.RiichiHandsConfirmed,
    ):
        return _at_table(t, event.session, event.table)
    if isinstance(event, ev.ResultRejected):
        proposal = t.proposals.get(event.proposal)
        return None if proposal is None else _at_table(t, proposal.session, proposal.table)
    if isinstance(event, ev.RulingRecorded | ev.LatenessRecorded):
        if disqualification(event.ruling) is not None:
            return None
        found = _around(t, event.session, event.player)
        if isinstance(event, ev.RulingRecorded) and event.table is not None:
            found |= _at_table(t, event.session, event.table)
        return found
    if isinstance(event, ev.CheckedIn | ev.CodeIssued):
        return {event.player}
    if isinstance(event, ev.Corrected):
        if not 1 <= event.target <= t.position:
            return None
        first = touched(t, t.entry(event.target).event)
        if first is None or event.replacement is None:
            return first
        second = touched(t, event.replacement)
        return None if second is None else first | second
    return None


def _at_table(t: Tournament, session: int, table: int) -> set[PlayerId]:
    planned = t.seating.get(session, ())
    if not 1 <= table <= len(planned):
        return set()
    return {who for seat in t.seats(session, table) for who in (seat.planned, seat.playing)}


def _around(t: Tournament, session: int, player: PlayerId) -> set[PlayerId]:
    """``player`` and whoever sat at the player's table in ``session`` (their own seat,
    or the seat they took as a substitute)."""
    seat = t.seat_of(session, player)
    replaced = t.replaced_by(session, player)
    if seat is None and replaced is not None:
        seat = t.seat_of(session, replaced)
    found = {player}
    if seat is not None:
        found |= _at_table(t, session, seat[0])
    return found


@dataclass(frozen=True, slots=True)
class Reporting:
    """How far the standings have got, for people reading them: the last session with a
    result (``None``: no table has one yet), how many of its tables have their result and
    how many it has, and when the last entry that can change the standings was recorded
    (``None``: none yet, as the log wrote it)."""

    session: int | None
    reported: int
    tables: int
    updated: str | None

    @property
    def complete(self) -> bool:
        return self.session is not None and self.reported == self.tables


def reporting(t: Tournament) -> Reporting:
    """Where the standings stand (:class:`Reporting`)."""
    last: tuple[int, int, int] | None = None
    for session in sorted(t.seating):
        tables = len(t.seating[session])
        reported = sum(1 for table in range(1, tables + 1) if t.result(session, table) is not None)
        if reported:
            last = (session, reported, tables)
    updated = next((r.at for r in reversed(t.log) if not isinstance(r.event, _NO_PLAYER)), None)
    if last is None:
        return Reporting(None, 0, 0, updated)
    return Reporting(*last, updated)


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a player stood after a session: the running table points and score (riichi:
    the running total in ``score``) and the place among the players ranked then."""

    session: int
    table_points: Fraction
    score: Fraction
    place: int | None
    """``None``: the player was not ranked (a substitute, struck, ...)."""


def progress(t: Tournament, player: PlayerId) -> tuple[Progress, ...]:
    """The player's running totals and place after each session that has results, the
    place counted as in :func:`standings` over the sessions up to that one."""
    t.player(player)
    return _progress(t, (player,))[player]


def progress_of_all(t: Tournament) -> dict[PlayerId, tuple[Progress, ...]]:
    """:func:`progress` of every player at once (each session's places counted once)."""
    return _progress(t, tuple(view.player for view in t.player_views()))


def _progress(t: Tournament, players: tuple[PlayerId, ...]) -> dict[PlayerId, tuple[Progress, ...]]:
    mcr = t.family is Family.MCR
    played_now = t.played_sessions()
    lines = {view.player: history(t, view.player, played_now) for view in t.player_views()}
    ranked_players = {row.player.player for row in standings(t).ranked}
    played = sorted(t.played_sessions())
    found: dict[PlayerId, list[Progress]] = {player: [] for player in players}
    for session in played:
        totals: dict[PlayerId, tuple[Fraction, Fraction]] = {}
        for p, history_lines in lines.items():
            counted = [x for x in history_lines if x.counts and x.session <= session]
            tp = sum((x.table_points for x in counted), Fraction(0))
            score = sum((x.total for x in counted), Fraction(0))
            totals[p] = (tp, score)
        keys = {p: (totals[p] if mcr else (totals[p][1],)) for p in totals if p in ranked_players}
        ranks = competition_ranks(keys)
        for player, kept in found.items():
            tp, score = totals.get(player, (Fraction(0), Fraction(0)))
            kept.append(Progress(session, tp, score, ranks.get(player)))
    return {player: tuple(kept) for player, kept in found.items()}

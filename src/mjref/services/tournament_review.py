"""Use cases of reviewing what the tables report: a result proposed by one of a table's
players counts only once a second person confirms it (another player of that table, a
referee or the organiser); the confirmer can confirm or reject, never edit. And what
needs the organiser's attention now: tables not reported, results awaiting
confirmation, open appeals.

A player proposes, confirms or rejects with their confirmation code
(:mod:`mjref.services.player_codes`): the table's link alone cannot make a result count.

Results entered by the organiser or a referee directly (:func:`record_totals`,
:func:`record_riichi_result`, hands) count at once, as before: they are the tournament's
officials. The web's table-scorer link always proposes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from mjref.players import PlayerId
from mjref.services.player_codes import check_code
from mjref.services.tournament import EventLog, load
from mjref.services.tournament_results import record_one
from mjref.tournament import events as ev
from mjref.tournament.clock import current_session
from mjref.tournament.roster import check_text
from mjref.tournament.state import Tournament


@dataclass(frozen=True, slots=True)
class Proposal:
    """A proposed result awaiting its decision."""

    seq: int
    session: int
    table: int
    scores: tuple[int, ...]
    sticks: int
    player: PlayerId
    """The player of the table who entered it."""
    actor: str
    at: str


@dataclass(frozen=True, slots=True)
class Attention:
    """What needs attention in a session (or in every session so far)."""

    unreported: tuple[tuple[int, int], ...]
    """(session, table) without a result, in published sessions not closed, up to the
    session in play (a later session's tables have not played yet)."""
    proposals: tuple[Proposal, ...]
    open_appeals: tuple[tuple[int, int, PlayerId], ...]
    """(appeal position, ruling position, appellant) of appeals not yet decided."""
    in_play: int | None = None
    """The session in play (:func:`mjref.tournament.clock.current_session`): on the
    clock, else the last started and not closed, else the first published not closed;
    ``None`` when no session is published."""
    later: tuple[int, ...] = ()
    """Published sessions after the one in play, not closed (seated, not played yet)."""
    reported: tuple[int, int] = (0, 0)
    """Of the session in play: tables with a result, and its tables."""
    hands_awaiting: tuple[tuple[int, int], ...] = ()
    """(session, table) of riichi tables whose hands a player entered, awaiting
    confirmation (:func:`mjref.services.riichi_hands.confirm_riichi_hands`)."""


def _proposal(t: Tournament, seq: int, p: ev.ResultProposed) -> Proposal:
    entry = t.entry(seq)
    return Proposal(seq, p.session, p.table, p.scores, p.sticks, p.player, entry.actor, entry.at)


def propose_result(
    log: EventLog,
    tournament: str,
    *,
    session: int,
    table: int,
    scores: Sequence[int],
    player: PlayerId,
    code: str | None,
    secret: str | None,
    sticks: int = 0,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """``player`` of the table enters its session result (MCR: the session totals, which
    add up to zero; riichi: the final scores and the sticks left, which add up to four
    times the starting points), with their confirmation ``code`` (checked under the
    installation's ``secret``). It counts once confirmed."""

    def make(t: Tournament) -> ev.Event:
        check_code(t, secret, player, code)
        return ev.ResultProposed(session, table, tuple(scores), player, sticks)

    return record_one(log, tournament, make, actor=actor, now=now)


def confirm_result(
    log: EventLog,
    tournament: str,
    *,
    proposal: int,
    player: PlayerId | None = None,
    code: str | None = None,
    secret: str | None = None,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Confirm the result proposed at ``proposal``: by another player of the table
    (``player``, with their ``code``, checked under the installation's ``secret``), or by
    an official (``player`` ``None``; ``actor`` says who)."""

    def make(t: Tournament) -> ev.Event:
        found = t.proposals.get(proposal)
        session, table = (found.session, found.table) if found is not None else (0, 0)
        if player is not None:
            check_code(t, secret, player, code)
        return ev.ResultConfirmed(proposal, session, table, player)

    return record_one(log, tournament, make, actor=actor, now=now)


def reject_result(
    log: EventLog,
    tournament: str,
    *,
    proposal: int,
    reason: str,
    player: PlayerId | None = None,
    code: str | None = None,
    secret: str | None = None,
    actor: str,
    now: datetime,
) -> ev.Recorded:
    """Reject the result proposed at ``proposal``; the table enters its result again. A
    player of the table gives their ``code``, as to confirm."""
    text = check_text(reason, "reason", required=True)

    def make(t: Tournament) -> ev.Event:
        if player is not None:
            check_code(t, secret, player, code)
        return ev.ResultRejected(proposal, text, player)

    return record_one(log, tournament, make, actor=actor, now=now)


def pending_results(
    log: EventLog, tournament: str, session: int | None = None
) -> tuple[Proposal, ...]:
    """Proposed results awaiting confirmation (for tables that have no result yet)."""
    t = load(log, tournament)
    return tuple(_proposal(t, seq, p) for seq, p in t.pending_results(session))


def attention(log: EventLog, tournament: str, session: int | None = None) -> Attention:
    """Tables not reported (in published sessions not yet closed, up to the session in
    play, or in ``session``), results awaiting confirmation and appeals not yet decided."""
    t = load(log, tournament)
    proposals = pending_results(log, tournament, session)
    awaiting = {(p.session, p.table) for p in proposals}
    in_play = current_session(t)
    open_ones = [s for s in sorted(t.seating) if s not in t.closed]
    later = tuple(s for s in open_ones if in_play is not None and s > in_play)
    sessions = [session] if session is not None else [s for s in open_ones if s not in later]
    unreported = tuple(
        (s, table)
        for s in sessions
        if s in t.seating and s not in t.closed
        for table in range(1, t.table_count(s) + 1)
        if t.table_mode((s, table)) is None and (s, table) not in awaiting
    )
    appeals = tuple(
        (seq, filed.ruling, filed.player)
        for seq, filed in sorted(t.appeals.items())
        if seq not in t.decisions
    )
    hands_awaiting = t.pending_riichi_hands(session)
    reported = (0, 0)
    if in_play is not None and in_play in t.seating:
        tables = t.table_count(in_play)
        done = sum(
            t.table_mode((in_play, n)) is not None and (in_play, n) not in hands_awaiting
            for n in range(1, tables + 1)
        )
        reported = (done, tables)
    return Attention(unreported, proposals, appeals, in_play, later, reported, hands_awaiting)


def announce(
    log: EventLog, tournament: str, *, text: str, actor: str, now: datetime
) -> ev.Recorded:
    """Put a notice on the venue screen (an empty text clears it)."""
    clean = " ".join(text.split())

    def make(t: Tournament) -> ev.Event:
        return ev.Announced(clean)

    return record_one(log, tournament, make, actor=actor, now=now)


def announcement(log: EventLog, tournament: str) -> str:
    """The notice on the venue screen now ("" if none)."""
    found = load(log, tournament).announcement
    return "" if found is None else found[1]

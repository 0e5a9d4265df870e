"""The verifiable draw of a tournament's seating: commit, read back, verify.

Before the draw the organiser records a commitment (the SHA-256 of a secret seed,
:func:`commit_draw`); the seating is then drawn with the seed
(:func:`mjref.services.tournament.publish_seating` with ``draw``), which reveals it in the
log with the player list. :func:`draw_record` gives everything a person needs to check the
draw (who committed and when, the seed, who revealed it and when, the player list, the
seating published), and :func:`verify` recomputes the plan from the seed and the player
list and compares it with the published seating. The same record, as JSON, lets anyone
verify it elsewhere (``mjref seating verify``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from mjref import __version__
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.seating.draw import MAX_SEED as MAX_SEED
from mjref.seating.draw import commitment_of, matches, plan_seed
from mjref.seating.sizes import Fill, plan
from mjref.services.tournament import EventLog, load, record
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.fold.seating import draw_of
from mjref.tournament.state import Tournament

Tables = tuple[tuple[tuple[PlayerId, ...], ...], ...]

SEED_BYTES = 32
"""Random bytes of a seed made by :func:`new_seed` (shown as 64 hex digits)."""


@dataclass(frozen=True, slots=True)
class DrawRecord:
    """A draw as the log holds it: the commitment's entry, and once drawn the seed, the
    player list (the tournament numbers of the plan's players 1, 2, ...), the remedy for a
    last table not full, the mjref version that drew and the seating published."""

    tournament: str
    commitment: str
    committed_seq: int
    committed_by: str
    committed_at: str
    seed: str | None = None
    revealed_seq: int | None = None
    revealed_by: str | None = None
    revealed_at: str | None = None
    players: tuple[PlayerId, ...] = ()
    fill: str = Fill.SUBSTITUTES.value
    version: str = ""
    seating: Tables = ()
    reseated: tuple[int, ...] = ()
    """Entries of the seatings published after the drawn one (re-seating after drop-outs):
    the check covers the seating as drawn, and says so."""


@dataclass(frozen=True, slots=True)
class DrawVerification:
    """What :func:`verify` found: whether the seed hashes to the commitment, whether the
    recomputed plan is the published seating (the first table that differs if not), and
    notes (another mjref version than the one that drew)."""

    seed_matches: bool
    plan_matches: bool
    difference: tuple[int, int] | None
    notes: tuple[Message, ...] = ()

    @property
    def verified(self) -> bool:
        return self.seed_matches and self.plan_matches

    def message(self) -> Message:
        """The outcome in one message."""
        if not self.seed_matches:
            return Message("seating.draw.seed-mismatch", {})
        if self.difference is not None:
            session, table = self.difference
            return Message("seating.draw.plan-mismatch", {"session": session, "table": table})
        return Message("seating.draw.verified", {})


def new_seed() -> tuple[str, str]:
    """A fresh random seed (:data:`SEED_BYTES` bytes from the system's secure source, in
    hex) and its commitment: the organiser keeps the seed secret until the draw."""
    seed = secrets.token_hex(SEED_BYTES)
    return seed, commitment_of(seed)


def commit_draw(
    log: EventLog, tournament: str, commitment: str, *, actor: str, now: datetime
) -> ev.Recorded:
    """Record the commitment to the draw's seed (before any seating is published)."""

    def build(_: Tournament) -> Iterator[ev.Event]:
        yield ev.DrawCommitted(commitment.strip().lower())

    (recorded,) = record(log, tournament, build, actor=actor, now=now)
    return recorded


def draw_record(log: EventLog, tournament: str) -> DrawRecord:
    """The tournament's draw; an error when no commitment was published."""
    t = load(log, tournament)
    found = draw_of(t)
    if found is None:
        raise TournamentError(Message("seating.draw.no-draw", {}))
    committed = found.committed
    assert isinstance(committed.event, ev.DrawCommitted)
    result = DrawRecord(
        tournament=t.id,
        commitment=committed.event.commitment,
        committed_seq=committed.seq,
        committed_by=committed.actor,
        committed_at=committed.at,
    )
    revealed = found.revealed
    if revealed is None or not isinstance(revealed.event, ev.DrawRevealed):
        return result
    seating = found.seating.event if found.seating is not None else None
    tables = seating.sessions if isinstance(seating, ev.SeatingPublished) else ()
    return DrawRecord(
        tournament=result.tournament,
        commitment=result.commitment,
        committed_seq=result.committed_seq,
        committed_by=result.committed_by,
        committed_at=result.committed_at,
        seed=revealed.event.seed,
        revealed_seq=revealed.seq,
        revealed_by=revealed.actor,
        revealed_at=revealed.at,
        players=revealed.event.players,
        fill=revealed.event.fill,
        version=revealed.event.version,
        seating=tables,
        reseated=tuple(r.seq for r in found.later),
    )


def recompute(seed: str, players: Sequence[PlayerId], sessions: int, fill: Fill) -> Tables:
    """The seating a draw with ``seed`` gives for ``players`` (the plan's players 1, 2, ...
    in order) over ``sessions`` sessions, in tournament numbers."""
    planned = plan(len(players), sessions, seed=plan_seed(seed), fill=fill)
    number = dict(enumerate(players, start=1))
    return tuple(
        tuple(tuple(number[p] for p in table) for table in session)
        for session in planned.generated.schedule.sessions
    )


def verify(found: DrawRecord) -> DrawVerification:
    """Check a drawn record: the seed against the commitment, then the plan recomputed
    from the seed and the player list against the seating published."""
    if found.seed is None or not found.seating:
        raise TournamentError(Message("seating.draw.not-drawn", {}))
    notes: tuple[Message, ...] = ()
    if found.version != __version__:
        notes += (
            Message("seating.draw.version", {"recorded": found.version, "running": __version__}),
        )
    if found.reseated:
        entries = ", ".join(str(seq) for seq in found.reseated)
        notes += (Message("seating.draw.reseated", {"entries": entries}),)
    if not matches(found.seed, found.commitment):
        return DrawVerification(False, False, None, notes)
    again = recompute(found.seed, found.players, len(found.seating), Fill.parse(found.fill))
    difference = _first_difference(again, found.seating)
    return DrawVerification(True, difference is None, difference, notes)


def _first_difference(ours: Tables, published: Tables) -> tuple[int, int] | None:
    for s in range(max(len(ours), len(published))):
        mine = ours[s] if s < len(ours) else ()
        theirs = published[s] if s < len(published) else ()
        for t in range(max(len(mine), len(theirs))):
            if (mine[t] if t < len(mine) else None) != (theirs[t] if t < len(theirs) else None):
                return s + 1, t + 1
    return None


def has_draw(log: EventLog, tournament: str) -> bool:
    """Whether the tournament published a commitment to a draw's seed."""
    return draw_of(load(log, tournament)) is not None

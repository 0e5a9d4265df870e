"""Appeals and corrections in the fold: an appeal against a ruling and its decision (upheld,
the ruling's consequences are superseded), and a correction that supersedes an entry with
its replacement (or voids it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mjref.rules.model import Family
from mjref.tournament import events as ev
from mjref.tournament.errors import ConflictError, TournamentError
from mjref.tournament.fold.base import Reducer, conflict, err
from mjref.tournament.fold.rulings import forget_ruling

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament


class AppealFiledReducer(Reducer[ev.AppealFiled]):
    """An appeal against a ruling in force, before its session is closed."""

    def check(self, t: Tournament, event: ev.AppealFiled) -> None:
        t.player(event.player)
        target = t.entry(event.ruling)
        if not isinstance(target.event, (ev.RulingRecorded, ev.LatenessRecorded, ev.Disqualified)):
            raise err("tournament.not-a-ruling", seq=event.ruling)
        if not t.in_force(event.ruling):
            raise err("tournament.ruling-void", seq=event.ruling)
        session = target.event.session
        if session in t.closed:
            raise err("tournament.appeal-too-late", seq=event.ruling, session=session)

    def conflict(
        self, t: Tournament, event: ev.AppealFiled, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("appeal", winner, target=event.ruling)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.AppealFiled) -> None:
        t.appeals[seq] = event
        t.appeal_of.setdefault(t.origin.get(event.ruling, event.ruling), seq)


class AppealDecidedReducer(Reducer[ev.AppealDecided]):
    """The decision on an appeal (MCR: after the session, MERS 2.2); upheld, the
    ruling's chain is overturned and its effects taken out."""

    def check(self, t: Tournament, event: ev.AppealDecided) -> None:
        target = t.entry(event.appeal)
        if not isinstance(target.event, ev.AppealFiled):
            raise err("tournament.not-an-appeal", seq=event.appeal)
        ruling = t.entry(target.event.ruling).event
        assert isinstance(ruling, (ev.RulingRecorded, ev.LatenessRecorded, ev.Disqualified))
        if t.family is Family.MCR and ruling.session not in t.closed:
            raise err("tournament.appeal-before-end", session=ruling.session)

    def conflict(
        self, t: Tournament, event: ev.AppealDecided, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("decision", winner, target=event.appeal)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.AppealDecided) -> None:
        t.decisions[event.appeal] = seq
        if event.upheld:
            filed = t.appeals[event.appeal]
            ruling_origin = t.origin.get(filed.ruling, filed.ruling)
            t.overturned[ruling_origin] = seq
            current = t.rulings.pop(ruling_origin, None)
            if current is not None:
                forget_ruling(t, current)
            lifted = t._disqualifications.pop(ruling_origin, None)
            if lifted is not None:
                t._touch_player(lifted[0])


class CorrectedReducer(Reducer[ev.Corrected]):
    """A correction: the target's chain gets a new entry in force; the old effect is
    taken out and the replacement's (if any) put in by the replacement's own reducer."""

    def check(self, t: Tournament, event: ev.Corrected) -> None:
        target = t.entry(event.target)
        if isinstance(target.event, ev.Corrected):
            original = t.entry(t.origin[event.target]).event
        else:
            original = target.event
        if isinstance(original, ev.ResultConfirmed):
            original = t.proposed_result(original.proposal)
        if not isinstance(original, ev.CORRECTABLE):
            raise err("tournament.not-correctable", seq=event.target, kind=original.KIND)
        if event.target in t.superseded:
            raise err("tournament.superseded", seq=event.target, by=t.superseded[event.target])
        replacement = event.replacement
        if replacement is None:
            return
        if type(replacement) is not type(original):
            raise err("tournament.correction-kind", kind=original.KIND, other=replacement.KIND)
        if ev.slot_of(replacement) != ev.slot_of(original):
            raise err("tournament.correction-slot")
        t.reducer(replacement).check_replacement(t, replacement, original, event.target)

    def conflict(
        self, t: Tournament, event: ev.Corrected, winner: ev.Recorded
    ) -> TournamentError | ConflictError | None:
        return conflict("correction", winner, target=event.target)

    def apply(self, t: Tournament, seq: int, event: ev.Corrected) -> None:
        origin = t.origin.get(event.target, event.target)
        t.origin[seq] = origin
        t.superseded[event.target] = seq
        old = t.live.get(origin)
        if old is not None:
            t._remove(origin, old)
        t.live[origin] = event.replacement
        if event.replacement is not None:
            t._add(origin, seq, event.replacement)


REDUCERS: tuple[Reducer[Any], ...] = (
    AppealFiledReducer(ev.AppealFiled),
    AppealDecidedReducer(ev.AppealDecided),
    CorrectedReducer(ev.Corrected),
)
"""The reducers of appeals and corrections, one per event type."""

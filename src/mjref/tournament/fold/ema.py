"""The EMA's details in the fold: the days, qualification, organising country and reading
of the MERS weight (the last one set is in force), the named readings of the weight and
the ranking preview set by an official, and the warnings about EMA numbers an official
accepted.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from mjref.ema.number_check import WarningKind
from mjref.ema.ranking import AgeDate, AgeReading, BaseRankReading, TieReading
from mjref.ema.weight import CountriesReading
from mjref.tournament import events as ev
from mjref.tournament.fold.base import Reducer, err
from mjref.tournament.roster import check_country

if TYPE_CHECKING:
    from mjref.tournament.state import Tournament


class EmaDetailsReducer(Reducer[ev.EmaDetailsSet]):
    """The weight's details; each replaces the one before."""

    def check(self, t: Tournament, event: ev.EmaDetailsSet) -> None:
        if event.days not in (1, 2, 3):
            raise err("ema.bad-days", "days", days=event.days)
        if check_country(event.host_country) != event.host_country:
            raise err("tournament.bad-country", "host_country", value=event.host_country)
        if event.reading not in {r.value for r in CountriesReading}:
            choices = ", ".join(r.value for r in CountriesReading)
            raise err("ema.bad-reading", "reading", value=event.reading, choices=choices)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.EmaDetailsSet) -> None:
        t.ema_details = (seq, event)


class EmaWarningAcceptedReducer(Reducer[ev.EmaWarningAccepted]):
    """A warning accepted, once."""

    def check(self, t: Tournament, event: ev.EmaWarningAccepted) -> None:
        t.player(event.player)
        if event.warning not in {k.value for k in WarningKind}:
            choices = ", ".join(k.value for k in WarningKind)
            raise err("ema.bad-warning", "warning", value=event.warning, choices=choices)
        if len(event.note) > ev.MAX_TEXT or not event.note.isprintable():
            raise err("tournament.field-too-long", "note", field="note", limit=ev.MAX_TEXT)
        if (event.player, event.warning, event.ema_number) in t.ema_accepted:
            raise err("ema.already-accepted", player=event.player, warning=event.warning)

    def add(self, t: Tournament, origin: int, seq: int, event: ev.EmaWarningAccepted) -> None:
        t.ema_accepted[(event.player, event.warning, event.ema_number)] = seq


class EmaReadingsReducer(Reducer[ev.EmaReadingsSet]):
    """The named readings of the weight and the ranking preview; each set replaces the one
    before. Every reading must be one of its kind's."""

    def check(self, t: Tournament, event: ev.EmaReadingsSet) -> None:
        kinds: tuple[tuple[str, str, type[enum.StrEnum]], ...] = (
            ("countries", event.countries, CountriesReading),
            ("base_rank", event.base_rank, BaseRankReading),
            ("age", event.age, AgeReading),
            ("age_date", event.age_date, AgeDate),
            ("tie", event.tie, TieReading),
        )
        for where, value, kind in kinds:
            if value not in {r.value for r in kind}:
                choices = ", ".join(r.value for r in kind)
                raise err("ema.bad-reading", where, value=value, choices=choices)


REDUCERS: tuple[Reducer[Any], ...] = (
    EmaDetailsReducer(ev.EmaDetailsSet),
    EmaReadingsReducer(ev.EmaReadingsSet),
    EmaWarningAcceptedReducer(ev.EmaWarningAccepted),
)
"""The EMA area's reducers, one per event type."""

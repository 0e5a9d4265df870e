"""The fold in parts: one reducer per type of event, in one table, grouped by area.

Each area module holds, for the event types of its area, how an event is checked before
an append, added to the state and removed when a correction supersedes it (a
:class:`~mjref.tournament.fold.base.Reducer` each), with the readers that belong to the
area:

- :mod:`~mjref.tournament.fold.roster`: the tournament's settings and its players;
- :mod:`~mjref.tournament.fold.seating`: the seating and substitutes;
- :mod:`~mjref.tournament.fold.results`: sessions opened and closed, hands, results,
  proposals and their confirmation, each seat's result;
- :mod:`~mjref.tournament.fold.rulings`: rulings, lateness, disqualification, the ladder;
- :mod:`~mjref.tournament.fold.clock`: the session clock and the venue screen's notice;
- :mod:`~mjref.tournament.fold.appeals`: appeals and corrections;
- :mod:`~mjref.tournament.fold.ema`: the EMA's details and accepted warnings;
- :mod:`~mjref.tournament.fold.finals`: finals seated from the standings, standings hidden;
- :mod:`~mjref.tournament.fold.teams`: teams registered with their members.

:data:`REDUCERS` maps every type of :data:`~mjref.tournament.events.EVENT_TYPES` to its
reducer; :class:`~mjref.tournament.state.Tournament` is the façade that holds the data and
dispatches through it. ``tests/tournament/test_fold.py`` fails when a type has no reducer
or two.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType, ModuleType
from typing import Any

from mjref.tournament import events as ev
from mjref.tournament.fold import (
    appeals,
    clock,
    ema,
    finals,
    results,
    roster,
    rulings,
    seating,
    teams,
)
from mjref.tournament.fold.base import Reducer

AREAS: tuple[ModuleType, ...] = (
    roster,
    seating,
    results,
    rulings,
    clock,
    appeals,
    ema,
    finals,
    teams,
)
"""The area modules, each with its ``REDUCERS``."""


def registered() -> tuple[Reducer[Any], ...]:
    """Every area's reducers, in the order of :data:`AREAS`."""
    found: list[Reducer[Any]] = []
    for area in AREAS:
        found.extend(area.REDUCERS)
    return tuple(found)


REDUCERS: Mapping[type[ev.Event], Reducer[Any]] = MappingProxyType(
    {reducer.event: reducer for reducer in registered()}
)
"""Each event type's reducer."""

"""The fold in parts: every event type has exactly one reducer, in one area module.

A new kind of event fails here until its reducer is registered in the ``REDUCERS`` of its
area (``docs/contributing.md``, "A new kind of event").
"""

from __future__ import annotations

from collections import Counter

import pytest

from mjref.tournament import events as ev
from mjref.tournament import fold
from mjref.tournament.fold.base import Reducer
from mjref.tournament.state import Tournament
from tests.tournament.test_codec import EXAMPLES


def test_every_event_type_has_exactly_one_reducer() -> None:
    counts = Counter(reducer.event for reducer in fold.registered())
    missing = [t.__name__ for t in ev.EVENT_TYPES if counts[t] == 0]
    twice = [t.__name__ for t, n in counts.items() if n > 1]
    unknown = [t.__name__ for t in counts if t not in ev.EVENT_TYPES]
    assert missing == [], f"event types without a reducer: {missing}"
    assert twice == [], f"event types with more than one reducer: {twice}"
    assert unknown == [], f"reducers of types that are not in EVENT_TYPES: {unknown}"
    assert set(fold.REDUCERS) == set(ev.EVENT_TYPES)


def test_each_area_registers_only_its_own_reducers() -> None:
    for area in fold.AREAS:
        assert area.REDUCERS, area.__name__
        for reducer in area.REDUCERS:
            assert isinstance(reducer, Reducer)
            assert type(reducer).__module__ == area.__name__, (reducer, area.__name__)


@pytest.mark.parametrize("kind", ev.CORRECTABLE, ids=lambda t: t.KIND)
def test_a_correctable_event_checks_its_replacement(kind: type[ev.Event]) -> None:
    reducer = fold.REDUCERS[kind]
    assert reducer.correctable
    assert type(reducer).check_replacement is not Reducer.check_replacement


def test_only_correctable_events_are_kept_live() -> None:
    live = {t for t, reducer in fold.REDUCERS.items() if reducer.correctable}
    assert live == set(ev.CORRECTABLE)


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: e.KIND)
def test_an_event_with_a_slot_names_the_entry_that_filled_it(event: ev.Event) -> None:
    """Two entries for one slot: the second is refused with an error naming the first."""
    reducer = fold.REDUCERS[type(event)]
    if ev.slot_of(event) is None or reducer.opens_log:
        return
    winner = ev.Recorded(1, event, "someone", "2026-06-01T09:00:00+00:00")
    assert reducer.conflict(Tournament("t"), event, winner) is not None


def test_the_facade_dispatches_through_the_table() -> None:
    state = Tournament("t")
    for kind in ev.EVENT_TYPES:
        example = next(e for e in EXAMPLES if type(e) is kind)
        assert state.reducer(example) is fold.REDUCERS[kind]

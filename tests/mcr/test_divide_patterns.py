"""The divisions of a suit pattern, worked out per pattern, against every combination of
sets and a pair composed by brute force (the way the judge once built a whole table)."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from mjref.mcr.divide import MAX_COPIES, _suit_divisions
from mjref.mcr.groups import GroupKind


def _composed(suited: bool) -> dict[tuple[int, ...], set[tuple[object, int | None]]]:
    size = 9 if suited else 7
    kinds = [(GroupKind.PUNG, i) for i in range(size)]
    if suited:
        kinds += [(GroupKind.CHOW, i) for i in range(7)]
    found: dict[tuple[int, ...], set[tuple[object, int | None]]] = {}
    for n in range(5):
        for combo in combinations_with_replacement(kinds, n):
            counts = [0] * size
            for kind, offset in combo:
                for i in (offset,) * 3 if kind is GroupKind.PUNG else range(offset, offset + 3):
                    counts[i] += 1
            sets = tuple(sorted(combo, key=lambda s: (s[1], s[0])))
            for pair in (None, *range(size)):
                with_pair = list(counts)
                if pair is not None:
                    with_pair[pair] += 2
                if max(with_pair) <= MAX_COPIES:
                    found.setdefault(tuple(with_pair), set()).add((sets, pair))
    return found


@pytest.mark.parametrize("suited", [True, False])
def test_every_composed_pattern_has_exactly_its_divisions(suited: bool) -> None:
    composed = _composed(suited)
    assert len(composed) > (20_000 if suited else 700)
    for pattern, divisions in composed.items():
        assert set(_suit_divisions(pattern, suited)) == divisions, pattern


@pytest.mark.parametrize("suited", [True, False])
def test_a_pattern_no_combination_makes_has_no_division(suited: bool) -> None:
    composed = _composed(suited)
    size = 9 if suited else 7
    checked = 0
    for first in range(MAX_COPIES + 2):
        for second in range(4):
            pattern = (first, second, 1, *([0] * (size - 3)))
            if pattern not in composed:
                assert _suit_divisions(pattern, suited) == (), pattern
                checked += 1
    assert checked > 10

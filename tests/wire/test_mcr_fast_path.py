"""The bulk judge reads plain, well-formed MCR hand objects without pydantic
(:func:`mjref.wire.mcr._plain_request`) and anything else with the full reader
(:class:`mjref.wire.mcr.McrHandIn`): for any object, valid or not, both give the same
request and the pipeline writes the same output line, byte for byte."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.mcr.generate import corpus, nonwinning_corpus
from mjref.wire import mcr as wire_mcr
from mjref.wire.jsonl import judge_line, mcr_family
from mjref.wire.mcr import McrHandIn, McrRequest, mcr_hand_json

HANDS = [mcr_hand_json(h) for h in (*corpus(5, 40), *nonwinning_corpus(6, 10))]
FAMILY = mcr_family("green-book")
SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_CODES = ["1m", "5p", "9s", "E", "N", "P", "C", "1z", "7z", "8z", "0m", "", "e", "1M", "10m"]
_ODD = (
    st.none()
    | st.booleans()
    | st.sampled_from([-1, 0, 1, 2, 3, 4, 8, 9, 136, 137])
    | st.sampled_from([2**70, -(2**64), 1.0, 0.5, -0.0])
    | st.sampled_from(_CODES)
    | st.sampled_from(["chow", "pung", "kong", "Pung", "E", "S", "W", "N", "x", "mil", "gb"])
    | st.just([])
    | st.lists(st.sampled_from(_CODES), max_size=5)
    | st.just({})
)
_BOOLS = [True, False, 0, 1, None, "true", [True]]
_WINDS = ["E", "S", "W", "N", "e", "X", "", None, 1, ["E"]]
_LISTS = [[], ["1m"], ["1m", "x"], [1], None, "1m", {"a": 1}, ["5s"] * 137, ["5s"] * 136]
_AT_KEY: dict[str, list[Any]] = {
    "melds": [[], None, {}, [None], [{}], [[]], [{"type": "pung"}] * 17],
    "concealed": _LISTS,
    "win_tile": [*_CODES, None, 1, ["1m"]],
    "self_drawn": _BOOLS,
    "seat_wind": _WINDS,
    "prevalent_wind": _WINDS,
    "flowers": [-1, 0, 1, 8, 9, True, False, 1.0, None, "1", 2**70],
    "last_tile": _BOOLS,
    "kong_win": _BOOLS,
    "wall_last": _BOOLS,
    "winning_tile_shown": _BOOLS,
    "visible": _LISTS,
    "convention": [None, "mil", "green-book", "gb", "chinese", "nope", "", 1, ["mil"]],
    "type": ["chow", "pung", "kong", "Chow", "", None, 1, ["pung"]],
    "tiles": [*_LISTS, ["1m"] * 5, ["1m"] * 4, ["1m"] * 3],
    "concealed_meld": _BOOLS,
    "claimed": [None, 0, 1, 2, 3, 4, -1, True, 1.0, "1", 2**70],
    "id": [1, None, "x", [1], {"a": 1}, 2**70],
    "lang": ["en", "nl", "xx", None, 1],
}
_KEYS = sorted(_AT_KEY)


def _value_at(key: object, data: st.DataObject) -> Any:
    """A value to try for ``key``: usual ones, the limits and just past them, odd types."""
    values = _AT_KEY.get(key) if isinstance(key, str) else None
    if values is None or data.draw(st.integers(0, 4)) == 0:
        return data.draw(_ODD)
    return data.draw(st.sampled_from(values))


def _mutate(value: Any, data: st.DataObject, rate: int, depth: int = 0) -> Any:
    """``value`` with some keys, items or values changed, dropped or added: each with a
    chance of ``rate`` in 100."""

    def hit() -> bool:
        return data.draw(st.integers(0, 99)) < rate

    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if hit():
                continue  # dropped
            if hit():
                in_meld = key == "concealed" and "type" in value
                out[key] = _value_at("concealed_meld" if in_meld else key, data)
            else:
                out[key] = _mutate(item, data, rate, depth + 1)
        if hit():
            key = data.draw(st.sampled_from(_KEYS))
            out[key] = _value_at(key, data)
        return out
    if isinstance(value, list):
        items = [_mutate(v, data, rate, depth + 1) for v in value]
        if hit() and items:
            del items[data.draw(st.integers(0, len(items) - 1))]
        if hit():
            items.append(data.draw(_ODD))
        if hit() and items:
            items = items * data.draw(st.integers(2, 40))
        return items
    return data.draw(_ODD) if hit() else value


_RATES = st.sampled_from([0, 1, 3, 6, 12, 30])


def _full(data: Any) -> McrRequest | None:
    try:
        read = McrHandIn.model_validate(data)
    except ValueError:
        return None
    return McrRequest(read.to_hand(), read.convention)


@SETTINGS
@given(st.sampled_from(HANDS), st.data(), _RATES)
def test_plain_reader_builds_what_the_full_reader_builds(
    hand: dict[str, Any], data: Any, rate: int
) -> None:
    obj = _mutate(hand, data, rate)
    quick = wire_mcr._plain_request(obj)
    if quick is not None:
        assert quick == _full(obj)


@SETTINGS
@given(st.sampled_from(HANDS), st.data(), _RATES, st.sampled_from(["en", "nl"]))
def test_pipeline_lines_are_the_same_with_and_without_the_plain_reader(
    hand: dict[str, Any], data: Any, rate: int, language: str
) -> None:
    raw = json.dumps(_mutate({"id": 1, **hand}, data, rate)).encode()
    quick = judge_line(FAMILY, raw, language=language)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(wire_mcr, "_plain_request", lambda data: None)
        full = judge_line(FAMILY, raw, language=language)
    assert quick == full


def test_well_formed_hands_take_the_plain_reader() -> None:
    for hand in HANDS:
        assert wire_mcr._plain_request(hand) is not None
        assert wire_mcr._plain_request(hand) == _full(hand)
        assert wire_mcr._plain_request({**hand, "convention": "mil", "visible": ["1m"]}) is not None


def _one_change_variants(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """``hand`` with one key dropped, added or set to one of the values to try, at the top
    level and in each meld."""
    variants = []
    for key in _KEYS:
        if key in hand:
            variants.append({k: v for k, v in hand.items() if k != key})
        variants.extend({**hand, key: value} for value in _AT_KEY[key])
    for n, meld in enumerate(hand["melds"]):
        for key in ("type", "tiles", "concealed", "claimed", "other"):
            changed = [{k: v for k, v in meld.items() if k != key}]
            changed += [{**meld, key: v} for v in _AT_KEY.get(key, _AT_KEY["claimed"])]
            if key == "concealed":
                changed += [{**meld, key: v} for v in _BOOLS]
            for new in changed:
                melds = [*hand["melds"][:n], new, *hand["melds"][n + 1 :]]
                variants.append({**hand, "melds": melds})
    return variants


def test_every_single_change_is_read_alike() -> None:
    with_melds = [h for h in HANDS if h["melds"]][:6]
    without = [h for h in HANDS if not h["melds"]][:3]
    for hand in [*with_melds, *without]:
        for variant in _one_change_variants(hand):
            quick = wire_mcr._plain_request(variant)
            if quick is not None:
                assert quick == _full(variant), variant
            else:
                assert _full(variant) is None, variant

"""Comparing rulesets and readings situation by situation."""

from __future__ import annotations

from mjref.rules.diff import diff_rulesets


def _situations(left: str, right: str) -> dict[str, tuple[object, object]]:
    found = diff_rulesets(left, right)
    return {s.situation: (s.left, s.right) for s in found.situations}


def test_a_ruleset_against_itself() -> None:
    same = diff_rulesets("mers-2010", "mers")
    assert (same.options, same.tables, same.situations) == ((), (), ())
    assert same.same > 50


def test_italian_reading() -> None:
    found = diff_rulesets("mers-2008", "mers-2008+italian")
    assert {o.option: (o.left, o.right) for o in found.options}["lateness"] == (
        "english",
        "italian",
    )
    changed = _situations("mers-2008", "mers-2008+italian")
    left, right = changed["time-expired"]
    assert left is None
    assert right is not None
    assert "call-word/variant" in changed


def test_rcr_editions() -> None:
    found = diff_rulesets("rcr-2016", "rcr-2012")
    assert [t.option for t in found.tables] == [
        "chombo",
        "riichi open_tanyao",
        "riichi red_fives",
        "riichi double_yakuman",
        "riichi kazoe",
        "riichi renhou",
        "riichi two_han_minimum_counters",
        "riichi corrections",
    ]
    changed = _situations("rcr-2016", "rcr-2012")
    left, right = changed["late-arrival/per-minute"]
    assert left.consequences == ("deduction:1000/minute/after-uma",)  # type: ignore[union-attr]
    assert right.consequences == ("deduction:1000/minute/at-once",)  # type: ignore[union-attr]
    assert changed["telephone/ringing"][1] is None
    assert changed["exposed/many/player"][0] is None


def test_overview_against_mers() -> None:
    changed = _situations("mers-2010", "ema-2009")
    left, right = changed["obstruction/obstruction"]
    assert left.clause == "mers-2010:3.4"  # type: ignore[union-attr]
    assert right.consequences == ("discretion:10-60",)  # type: ignore[union-attr]
    assert "wrong-direction-draw" not in changed  # the overview falls back on MERS 2008

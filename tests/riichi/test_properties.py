"""Property tests on generated legal winning hands, against the bare mahjong package."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import event, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand import HandCalculator

from mjref.riichi import RiichiHand, YakuKind, judge, riichi_rules
from mjref.riichi.library import estimate, waits
from tests.riichi.strategies import winning_hands

ERRORS = {HandCalculator.ERR_NO_YAKU: "no-yaku", HandCalculator.ERR_HAND_NOT_WINNING: None}


def _hands() -> st.SearchStrategy[tuple[RiichiHand, str]]:
    return st.one_of(
        st.tuples(winning_hands(), st.just("rcr-2016")),
        st.tuples(winning_hands(red_fives=True), st.just("rcr-2012")),
    )


def _correction_applies(declared: RiichiHand, name: str, yaku: list[str], yakuman: int) -> bool:
    rules = riichi_rules(name).settings
    return (
        yakuman >= 2
        or any(y in rules.double_yakuman for y in yaku)
        or (
            bool(rules.two_han_minimum_counters)
            and declared.honba >= rules.two_han_minimum_counters
        )
    )


@settings(max_examples=400, deadline=None)
@given(_hands())
def test_same_as_the_bare_package_where_no_correction_applies(case: tuple[RiichiHand, str]) -> None:
    declared, name = case
    bare = estimate(declared, riichi_rules(name))
    names = [y.name for y in bare.yaku or []]
    yakuman = sum(1 for y in bare.yaku or [] if y.is_yakuman)
    ours = judge(declared, name)
    if _correction_applies(declared, name, names, yakuman):
        event("a correction applies")
        return
    event("valid" if bare.error is None else f"invalid: {bare.error}")
    assert ours.corrections == ()
    assert ours.valid == (bare.error is None)
    if bare.error is not None:
        assert [f.code for f in ours.findings] == [ERRORS[bare.error]]
        return
    assert bare.cost is not None
    assert [y.name for y in ours.yaku] == names
    assert sum(y.han for y in ours.yaku) == ours.han == bare.han
    assert ours.fu == bare.fu
    assert ours.limit == bare.cost["yaku_level"]
    assert ours.hand_points == bare.cost["main"] + 2 * bare.cost["additional"]
    assert ours.payments is not None
    assert ours.payments.total == bare.cost["total"]


@settings(max_examples=400, deadline=None)
@given(_hands())
def test_invariants_of_every_verdict(case: tuple[RiichiHand, str]) -> None:
    declared, name = case
    verdict = judge(declared, name)
    # Generated hands are winning shapes with facts that fit them.
    assert not verdict.is_input_error
    assert "not-a-winning-shape" not in [f.code for f in verdict.findings]
    yakuman = [y for y in verdict.yaku if y.kind is YakuKind.YAKUMAN]
    assert len(yakuman) <= 1
    if yakuman:
        double = name == "rcr-2012" and yakuman[0].name == "Dai Suushii"
        assert verdict.han == (26 if double else 13)
    assert verdict.valid == (verdict.chombo is None)
    assert not verdict.dead_hand
    if verdict.payments is None:
        assert not verdict.valid
        assert verdict.hand_points == 0
        return
    p = verdict.payments
    assert p.honba == 300 * declared.honba
    assert p.riichi_sticks == 1000 * declared.riichi_sticks
    if not declared.self_drawn:
        paid = p.discarder
    elif declared.is_dealer:
        paid = 3 * p.non_dealer
    else:
        paid = p.dealer + 2 * p.non_dealer
    assert paid + p.riichi_sticks == p.total
    assert verdict.hand_points == p.total - p.honba - p.riichi_sticks > 0
    assert verdict.hand_points % 100 == 0


@settings(max_examples=200, deadline=None)
@given(_hands(), st.data())
def test_discarding_a_wait_makes_ron_furiten(
    case: tuple[RiichiHand, str], data: st.DataObject
) -> None:
    declared, name = case
    hand_waits = waits(declared.tiles.concealed)
    assert declared.tiles.winning_tile in hand_waits
    held = [
        *declared.tiles.concealed,
        *(t for m in declared.melds for t in m.tiles),
        declared.tiles.winning_tile,
        *declared.dora_indicators,
        *declared.ura_indicators,
    ]
    spare = [t for t in hand_waits if held.count(t) < 4]
    if not spare:
        return
    discarded = data.draw(st.sampled_from(spare))
    ron = replace(declared, self_drawn=False, rinshan=False, haitei=False, discards=(discarded,))
    verdict = judge(ron, name)
    assert verdict.furiten
    assert "furiten-ron-discards" in [f.code for f in verdict.findings]


@settings(max_examples=200, deadline=None)
@given(_hands())
def test_the_encoding_is_the_packages_own(case: tuple[RiichiHand, str]) -> None:
    # Checked with the package's converter, so the differential tests above do not rest on
    # mjref's encoding alone.
    from mahjong.constants import AKA_DORAS
    from mahjong.tile import TilesConverter

    from mjref.riichi.library import encode

    declared, name = case
    data = encode(declared)
    every = [
        *(t for m in declared.melds for t in m.tiles),
        *declared.tiles.concealed,
        declared.tiles.winning_tile,
    ]
    expected = [0] * 34
    for tile in every:
        assert tile is not None
        expected[tile.index] += 1
    assert TilesConverter.to_34_array(data.tiles) == expected
    assert len(set(data.tiles)) == len(data.tiles)
    assert data.win_tile // 4 == declared.tiles.winning_tile.index  # type: ignore[union-attr]
    if riichi_rules(
        name
    ).settings.red_fives:  # else a fourth five may take the red one's number, unread
        assert sum(t in AKA_DORAS for t in data.tiles) == len(declared.red_fives)
    for meld, (_, ids, opened) in zip(declared.melds, data.melds, strict=True):
        assert [i // 4 for i in ids] == [t.index for t in meld.tiles]
        assert opened is not meld.concealed
    assert [i // 4 for i in data.dora] == [t.index for t in declared.dora_indicators]

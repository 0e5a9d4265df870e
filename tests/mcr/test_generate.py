"""The hand generator: determinism, legality, flag consistency, shapes, and (with the
PyMahjongGB oracle) that winning hands win, non-winning hands do not, and a corpus of a
few thousand hands reaches every fan."""

import random
from collections import Counter

import pytest

from mjref.mcr.fans import GREEN_BOOK_FANS, Fan
from mjref.mcr.generate import (
    SHAPE_WEIGHTS,
    Shape,
    corpus,
    is_complete,
    labelled_corpus,
    nonwinning_corpus,
    random_nonwinning_hand,
    random_winning_hand,
)
from mjref.mcr.hand import McrHand
from mjref.tiles import MeldKind, Tile, parse_hand
from tests.mcr.oracle import oracle_fans

SEED = 20240611
LABELLED = labelled_corpus(SEED, 3000)
NONWINNING = nonwinning_corpus(SEED, 1500)


def _all_tiles(hand: McrHand) -> Counter[Tile]:
    counts: Counter[Tile] = Counter(t for m in hand.melds for t in m.tiles)
    counts.update(hand.concealed)
    assert hand.winning_tile is not None
    counts[hand.winning_tile] += 1
    return counts


def _check_legal(hand: McrHand) -> None:
    assert hand.winning_tile is not None
    assert len(hand.concealed) + 3 * len(hand.melds) == 13
    assert len(hand.melds) <= 4
    assert max(_all_tiles(hand).values()) <= 4
    for meld in hand.melds:
        if meld.concealed:
            assert meld.kind is MeldKind.KONG
            assert meld.claimed is None
        else:
            assert meld.claimed in (1, 2, 3)
    assert 0 <= hand.flowers <= 8
    assert hand.visible == ()
    assert hand.winning_tile_shown


def _check_flags(hand: McrHand) -> None:
    winning = hand.winning_tile
    in_melds = sum(t == winning for m in hand.melds for t in m.tiles)
    in_concealed = hand.concealed.count(winning)
    if hand.kong_win and hand.self_drawn:
        assert any(m.kind is MeldKind.KONG for m in hand.melds)
    if hand.kong_win and not hand.self_drawn:
        assert in_melds + in_concealed == 0
        assert not hand.wall_last
    if hand.last_tile:
        assert in_concealed == 0
    if in_melds == 3:
        assert hand.last_tile


def test_the_same_seed_gives_the_same_hands() -> None:
    assert corpus(5, 200) == corpus(5, 200)
    assert corpus(5, 200) != corpus(6, 200)
    assert nonwinning_corpus(5, 50) == nonwinning_corpus(5, 50)
    for shape in Shape:
        assert random_winning_hand(random.Random(9), shape) == random_winning_hand(
            random.Random(9), shape
        )
    assert random_nonwinning_hand(random.Random(9)) == random_nonwinning_hand(random.Random(9))


def test_corpus_is_the_labelled_corpus() -> None:
    assert corpus(SEED, 100) == tuple(hand for _, hand in LABELLED[:100])


def test_winning_hands_are_legal_with_consistent_flags() -> None:
    for _, hand in LABELLED:
        _check_legal(hand)
        _check_flags(hand)


def test_nonwinning_hands_are_legal_with_consistent_flags() -> None:
    for hand in NONWINNING:
        _check_legal(hand)
        _check_flags(hand)


def test_every_shape_is_produced_in_its_form() -> None:
    by_shape: dict[Shape, list[McrHand]] = {}
    for shape, hand in LABELLED:
        by_shape.setdefault(shape, []).append(hand)
    assert set(by_shape) == set(Shape) == set(SHAPE_WEIGHTS)
    for shape in set(Shape) - {Shape.REGULAR, Shape.KNITTED_STRAIGHT}:
        assert all(not h.melds for h in by_shape[shape]), shape
    assert {len(h.melds) for h in by_shape[Shape.KNITTED_STRAIGHT]} == {0, 1}
    assert {len(h.melds) for h in by_shape[Shape.REGULAR]} == {0, 1, 2, 3, 4}
    # A doubled pair (four of a tile) among the Seven Pairs.
    assert any(4 in _all_tiles(h).values() for h in by_shape[Shape.SEVEN_PAIRS])
    # Honors and Knitted Tiles with and without a full knitted straight (nine suited tiles).
    suited = {
        sum(c for t, c in _all_tiles(h).items() if t.is_suited)
        for h in by_shape[Shape.HONORS_AND_KNITTED]
    }
    assert suited == {7, 8, 9}


def test_declared_melds_of_every_kind_occur() -> None:
    kinds = Counter((m.kind, m.concealed, m.claimed) for _, hand in LABELLED for m in hand.melds)
    for claimed in (1, 2, 3):
        assert kinds[(MeldKind.CHOW, False, claimed)]
        assert kinds[(MeldKind.PUNG, False, claimed)]
        assert kinds[(MeldKind.KONG, False, claimed)]
    assert kinds[(MeldKind.KONG, True, None)]


def test_every_flag_occurs() -> None:
    hands = [hand for _, hand in LABELLED]
    assert any(h.self_drawn and h.kong_win for h in hands)
    assert any(not h.self_drawn and h.kong_win for h in hands)
    assert any(h.wall_last and h.self_drawn for h in hands)
    assert any(h.wall_last and not h.self_drawn for h in hands)
    assert any(h.last_tile for h in hands)
    assert {h.flowers for h in hands} == set(range(9))


@pytest.mark.parametrize(
    ("shape", "fans"),
    [
        (Shape.SEVEN_SHIFTED_PAIRS, {Fan.SEVEN_SHIFTED_PAIRS}),
        (Shape.THIRTEEN_ORPHANS, {Fan.THIRTEEN_ORPHANS}),
        (
            Shape.HONORS_AND_KNITTED,
            {Fan.LESSER_HONORS_AND_KNITTED_TILES, Fan.GREATER_HONORS_AND_KNITTED_TILES},
        ),
        (Shape.KNITTED_STRAIGHT, {Fan.KNITTED_STRAIGHT}),
        (Shape.NINE_GATES, {Fan.NINE_GATES}),
    ],
)
def test_special_shapes_score_their_shape(shape: Shape, fans: set[Fan]) -> None:
    # (Seven Pairs is left out: PyMahjongGB may read a seven-pairs hand such as
    # 44 55 66p 44 55 66s as four chows and a pair when that scores more.)
    rng = random.Random(SEED)
    for _ in range(100):
        scored = oracle_fans(random_winning_hand(rng, shape))
        assert scored is not None
        assert fans & set(scored)


def test_pymahjonggb_accepts_every_winning_hand() -> None:
    rejected = [h for _, h in LABELLED if oracle_fans(h) is None]
    assert rejected == []
    assert all(is_complete(h.tiles) for _, h in LABELLED)


def test_pymahjonggb_rejects_every_nonwinning_hand() -> None:
    accepted = [h for h in NONWINNING if oracle_fans(h) is not None]
    assert accepted == []
    assert not any(is_complete(h.tiles) for h in NONWINNING)


@pytest.mark.parametrize(
    ("text", "complete"),
    [
        ("[123m][345m]678p56sWW+7s", True),  # four sets and a pair
        ("1122m3344p5566s7z+7z", True),  # seven pairs
        ("11m4444p556688s7z+7z", True),  # seven pairs with a doubled pair
        ("19m19p19sESWNPFC+C", True),  # thirteen orphans
        ("147m258p36sESWNP+9s", True),  # lesser honors and knitted tiles
        ("[EEE]147m258p369sN+N", True),  # knitted straight, a set and a pair
        ("1112345678999m+5m", True),  # nine gates
        ("[123m][345m]678p56sWW+9s", False),
        ("1122m3344p5566s7z+6z", False),
        ("147m258p36sESWNN+9s", False),
        ("[EEE][123m]147m258p369s+N", False),  # a knitted straight needs at most one meld
    ],
)
def test_is_complete(text: str, complete: bool) -> None:
    assert is_complete(parse_hand(text)) is complete


@pytest.mark.slow
def test_a_corpus_of_5000_reaches_every_fan() -> None:
    reached: Counter[Fan] = Counter()
    for hand in corpus(1, 5000):
        fans = oracle_fans(hand)
        assert fans is not None
        reached.update(set(fans))
    missing = [
        f.title for f in (*GREEN_BOOK_FANS, Fan.CONCEALED_KONG_AND_MELDED_KONG) if not reached[f]
    ]
    assert missing == []

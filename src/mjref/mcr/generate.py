"""Seeded generation of legal declared MCR hands, for tests and benchmarks.

Every hand is legal as a declaration: at most four copies of a tile (a kong counts four),
``len(concealed) + 3 * len(melds) == 13`` plus the winning tile, and win flags the tiles
do not contradict (see :func:`declare`). Winning hands are built shape by shape
(:class:`Shape`); generation is biased towards suit concentration, honours, terminals,
identical and shifted sets and kongs, so that every scoring element, rare ones included,
turns up in a corpus of a few thousand hands. Non-winning hands have legal tile counts but
complete no shape at all.

The same seed gives the same hands (the only source of randomness is the
``random.Random`` passed in):

>>> hands = corpus(7, 3)
>>> len(hands), corpus(7, 3) == hands
(3, True)
>>> all(len(h.concealed) + 3 * len(h.melds) == 13 for h in hands)
True
>>> is_complete(random_nonwinning_hand(random.Random(1)).tiles)
False
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from mjref.mcr.hand import McrHand
from mjref.mcr.special import KNITTED_PATTERNS
from mjref.tiles import TILES, HandTiles, Meld, MeldKind, Tile, Wind


class Shape(enum.Enum):
    """The mahjong shapes a generated winning hand is built in."""

    REGULAR = "regular"  # four sets and a pair, 0-4 declared melds
    SEVEN_PAIRS = "seven-pairs"
    SEVEN_SHIFTED_PAIRS = "seven-shifted-pairs"
    THIRTEEN_ORPHANS = "thirteen-orphans"
    HONORS_AND_KNITTED = "honors-and-knitted"  # Lesser or Greater Honors and Knitted Tiles
    KNITTED_STRAIGHT = "knitted-straight"  # a knitted straight, one set and a pair
    NINE_GATES = "nine-gates"


SHAPE_WEIGHTS: Mapping[Shape, float] = MappingProxyType(
    {
        Shape.REGULAR: 0.70,
        Shape.SEVEN_PAIRS: 0.08,
        Shape.SEVEN_SHIFTED_PAIRS: 0.03,
        Shape.THIRTEEN_ORPHANS: 0.03,
        Shape.HONORS_AND_KNITTED: 0.06,
        Shape.KNITTED_STRAIGHT: 0.06,
        Shape.NINE_GATES: 0.04,
    }
)
"""How often :func:`corpus` draws each shape."""

# ---------------------------------------------------------------------------------------
# Tiles by index: 0-8 characters, 9-17 dots, 18-26 bamboo, 27-30 E S W N, 31-33 P F C.

_SUITS = (0, 1, 2)
_WINDS = frozenset(range(27, 31))
_DRAGONS = frozenset(range(31, 34))
_HONORS = _WINDS | _DRAGONS
_WHITE, _GREEN = 31, 32
_ORPHANS = tuple(i for i in range(34) if i >= 27 or i % 9 in (0, 8))
_MAX_ATTEMPTS = 10_000


def _index(suit: int, rank: int) -> int:
    return 9 * suit + rank - 1


def _rank(index: int) -> int:
    return index % 9 + 1


def _suited(suits: Iterable[int], ranks: Iterable[int]) -> frozenset[int]:
    ranks = tuple(ranks)
    return frozenset(_index(s, r) for s in suits for r in ranks)


_ALL_SUITED = _suited(_SUITS, range(1, 10))
_TERMINALS = _suited(_SUITS, (1, 9))
_GREEN_TILES = _suited((2,), (2, 3, 4, 6, 8)) | {_GREEN}
_REVERSIBLE_TILES = _suited((1,), (1, 2, 3, 4, 5, 8, 9)) | _suited((2,), (2, 4, 5, 6, 8, 9))
_REVERSIBLE_TILES |= {_WHITE}


_KNITTED = KNITTED_PATTERNS


# ---------------------------------------------------------------------------------------
# Sets while building a regular hand.


@dataclass(frozen=True, slots=True)
class _Group:
    """A chow (``first`` = lowest tile) or a pung/kong of ``first``."""

    chow: bool
    first: int

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.chow:
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * 3


def _chows_within(tiles: frozenset[int]) -> list[_Group]:
    return [
        _Group(True, i)
        for i in sorted(tiles)
        if i < 27 and _rank(i) <= 7 and i + 1 in tiles and i + 2 in tiles
    ]


def _pungs_within(tiles: frozenset[int]) -> list[_Group]:
    return [_Group(False, i) for i in sorted(tiles)]


@dataclass(frozen=True, slots=True)
class _Theme:
    """Which tiles the free sets and the pair are drawn from, and how often as chows."""

    tiles: frozenset[int]
    chow_share: float
    set_filter: Callable[[_Group], bool] | None = None
    pair_filter: Callable[[int], bool] | None = None

    def sets(self) -> tuple[list[_Group], list[_Group]]:
        def keep(groups: list[_Group]) -> list[_Group]:
            f = self.set_filter
            return [g for g in groups if f is None or f(g)]

        return keep(_chows_within(self.tiles)), keep(_pungs_within(self.tiles))

    def pairs(self) -> list[int]:
        f = self.pair_filter
        return [t for t in sorted(self.tiles) if f is None or f(t)]


def _mixed_tiles(rng: random.Random) -> frozenset[int]:
    """A random suit concentration: one to three suits, with or without winds and dragons."""
    count = rng.choices((1, 2, 3), weights=(0.2, 0.35, 0.45))[0]
    tiles = _suited(rng.sample(_SUITS, count), range(1, 10))
    if rng.random() < 0.5:
        tiles |= _WINDS
    if rng.random() < 0.5:
        tiles |= _DRAGONS
    return tiles


def _has_five(group: _Group) -> bool:
    return any(t < 27 and _rank(t) == 5 for t in group.tiles)


def _is_outside(group: _Group) -> bool:
    return any(t in _ORPHANS for t in group.tiles)


def _theme(rng: random.Random) -> _Theme:
    def suited_ranks(ranks: Iterable[int]) -> frozenset[int]:
        return _suited(_SUITS, ranks)

    choices: list[tuple[float, Callable[[], _Theme]]] = [
        (30, lambda: _Theme(_mixed_tiles(rng), 0.6)),
        (10, lambda: _Theme(_mixed_tiles(rng), 0.0)),
        (3, lambda: _Theme(_GREEN_TILES, 0.5)),
        (3, lambda: _Theme(_REVERSIBLE_TILES, 0.5)),
        (2, lambda: _Theme(suited_ranks((7, 8, 9)), 0.5)),
        (2, lambda: _Theme(suited_ranks((4, 5, 6)), 0.5)),
        (2, lambda: _Theme(suited_ranks((1, 2, 3)), 0.5)),
        (2, lambda: _Theme(suited_ranks((6, 7, 8, 9)), 0.5)),
        (2, lambda: _Theme(suited_ranks((1, 2, 3, 4)), 0.5)),
        (2, lambda: _Theme(suited_ranks((2, 4, 6, 8)), 0.0)),
        (2, lambda: _Theme(_ALL_SUITED, 0.6, _has_five, lambda t: t < 27 and _rank(t) == 5)),
        (
            3,
            lambda: _Theme(_mixed_tiles(rng) | _TERMINALS, 0.5, _is_outside, _ORPHANS.__contains__),
        ),
        (1.5, lambda: _Theme(_TERMINALS, 0.0)),
        (2, lambda: _Theme(_TERMINALS | _HONORS, 0.0)),
        (1.5, lambda: _Theme(_HONORS, 0.0)),
        (3, lambda: _Theme(suited_ranks(range(2, 9)), 0.6)),
        (3, lambda: _Theme(_ALL_SUITED | _HONORS, 0.9, None, _HONORS.__contains__)),
    ]
    weights = [w for w, _ in choices]
    return rng.choices([make for _, make in choices], weights=weights)[0]()


# Structures: a few sets (and maybe the pair) in a pattern that scores, placed first.
_Structure = tuple[list[_Group], int | None]


def _pick(rng: random.Random, candidates: Sequence[int], preferred: frozenset[int]) -> int:
    within = [c for c in candidates if c in preferred]
    return rng.choice(within or list(candidates))


def _structure(rng: random.Random, preferred: frozenset[int]) -> _Structure:
    suit = rng.choice(_SUITS)
    order = list(_SUITS)
    rng.shuffle(order)

    def chow_start(candidates: Iterable[int]) -> int:
        every = list(candidates)
        starts = [c for c in every if c in preferred and c + 2 in preferred]
        return rng.choice(starts or every)

    def identical() -> _Structure:
        start = chow_start(_index(s, r) for s in _SUITS for r in range(1, 8))
        return [_Group(True, start)] * rng.choice((2, 3, 3, 4)), None

    def shifted_chows() -> _Structure:
        step, count = rng.choice((1, 2)), rng.choice((3, 3, 4))
        low = rng.randint(1, 7 - step * (count - 1))
        return [_Group(True, _index(suit, low + step * k)) for k in range(count)], None

    def shifted_pungs() -> _Structure:
        count = rng.choice((3, 3, 4))
        low = rng.randint(1, 10 - count)
        return [_Group(False, _index(suit, low + k)) for k in range(count)], None

    def pure_straight() -> _Structure:
        return [_Group(True, _index(suit, r)) for r in (1, 4, 7)], None

    def mixed_straight() -> _Structure:
        return [_Group(True, _index(s, r)) for s, r in zip(order, (1, 4, 7), strict=True)], None

    def mixed_triple_chow() -> _Structure:
        low = _rank(chow_start(_index(order[0], r) for r in range(1, 8)))
        return [_Group(True, _index(s, low)) for s in order], None

    def mixed_shifted(chow: bool) -> _Structure:
        low = rng.randint(1, 5 if chow else 7)
        return [_Group(chow, _index(s, low + k)) for k, s in enumerate(order)], None

    def same_rank_pungs(count: int) -> _Structure:
        rank = _rank(_pick(rng, [_index(order[0], r) for r in range(1, 10)], preferred))
        return [_Group(False, _index(s, rank)) for s in order[:count]], None

    def terminal_chows(pure: bool) -> _Structure:
        if pure:
            ends = [_Group(True, _index(suit, 1)), _Group(True, _index(suit, 7))]
            return ends * 2, _index(suit, 5)
        groups = [_Group(True, _index(s, r)) for s in order[:2] for r in (1, 7)]
        return groups, _index(order[2], 5)

    def two_chows(shift: int, same_suit: bool) -> _Structure:
        low = rng.randint(1, 7 - shift)
        other = suit if same_suit else order[1]
        return [_Group(True, _index(suit, low)), _Group(True, _index(other, low + shift))], None

    def honour_pungs(family: Sequence[int]) -> _Structure:
        chosen = rng.sample(
            list(family), rng.choice((2, 3)) if len(family) == 3 else rng.choice((3, 4))
        )
        pungs = [_Group(False, t) for t in chosen]
        rest = [t for t in family if t not in chosen]
        pair = rng.choice(rest) if rest and rng.random() < 0.5 else None
        return pungs, pair

    def plain() -> _Structure:
        # One chow per suit at unrelated ranks, a pung of simples away from its suit's chow
        # and an honour pair: nothing but the way of winning can score (Chicken Hand).
        while True:
            lows = rng.sample(range(1, 8), 3)
            if sorted(lows) not in ([1, 4, 7], *([r, r + 1, r + 2] for r in range(1, 6))):
                break
        chows = [_Group(True, _index(s, low)) for s, low in zip(order, lows, strict=True)]
        pung_suit = rng.choice(_SUITS)
        low = lows[order.index(pung_suit)]
        rank = rng.choice([r for r in range(2, 9) if not low <= r <= low + 2])
        return [*chows, _Group(False, _index(pung_suit, rank))], rng.choice(sorted(_HONORS))

    options: list[tuple[float, Callable[[], _Structure]]] = [
        (35, lambda: ([], None)),
        (10, plain),
        (8, identical),
        (8, shifted_chows),
        (5, shifted_pungs),
        (4, pure_straight),
        (4, mixed_straight),
        (4, mixed_triple_chow),
        (4, lambda: mixed_shifted(True)),
        (3, lambda: mixed_shifted(False)),
        (3, lambda: same_rank_pungs(3)),
        (3, lambda: same_rank_pungs(2)),
        (1.5, lambda: terminal_chows(True)),
        (2, lambda: terminal_chows(False)),
        (2, lambda: two_chows(6, True)),
        (2, lambda: two_chows(3, True)),
        (2, lambda: two_chows(0, False)),
        (4, lambda: honour_pungs(sorted(_WINDS))),
        (4, lambda: honour_pungs(sorted(_DRAGONS))),
    ]
    weights = [w for w, _ in options]
    return rng.choices([make for _, make in options], weights=weights)[0]()


# ---------------------------------------------------------------------------------------
# Shapes.


def _counts(indices: Iterable[int]) -> Counter[int]:
    return Counter(indices)


def _fits(counts: Counter[int]) -> bool:
    return all(c <= 4 for c in counts.values())


def _pick_winning(rng: random.Random, concealed: list[int], pair: int | None) -> int:
    if pair is not None and rng.random() < 0.25:
        return pair
    return rng.choice(concealed)


def _hand_tiles(melds: Sequence[Meld], concealed: list[int], winning: int) -> HandTiles:
    rest = list(concealed)
    rest.remove(winning)
    return HandTiles(tuple(melds), tuple(TILES[i] for i in rest), TILES[winning])


def _meld_of(rng: random.Random, group: _Group, kong: bool, concealed_kong: bool) -> Meld:
    tile = TILES[group.first]
    if kong:
        if concealed_kong:
            return Meld.kong(tile, concealed=True)
        return Meld.kong(tile, claimed=rng.randint(1, 3))
    if group.chow:
        return Meld.chow(tile, claimed=rng.randint(1, 3))
    return Meld.pung(tile, claimed=rng.randint(1, 3))


def _regular_groups(rng: random.Random) -> tuple[list[_Group], int]:
    for _ in range(_MAX_ATTEMPTS):
        theme = _theme(rng)
        groups, pair = _structure(rng, theme.tiles)
        chows, pungs = theme.sets()
        while len(groups) < 4:
            use_chow = bool(chows) and (not pungs or rng.random() < theme.chow_share)
            groups.append(rng.choice(chows if use_chow else pungs))
        if pair is None:
            pair = rng.choice(theme.pairs())
        counts = _counts(t for g in groups for t in g.tiles)
        counts[pair] += 2
        if _fits(counts):
            return groups, pair
    raise RuntimeError("could not build a regular hand")  # pragma: no cover


def _regular(rng: random.Random) -> HandTiles:
    groups, pair = _regular_groups(rng)
    counts = _counts(t for g in groups for t in g.tiles)
    counts[pair] += 2
    kong_share = 0.7 if rng.random() < 0.15 else 0.08
    open_share = 0.0 if rng.random() < 0.3 else rng.choice((0.3, 0.6, 1.0))
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for group in groups:
        kong = not group.chow and counts[group.first] == 3 and rng.random() < kong_share
        if kong:
            counts[group.first] += 1
            melds.append(_meld_of(rng, group, True, rng.random() < 0.45))
        elif rng.random() < open_share:
            melds.append(_meld_of(rng, group, False, False))
        else:
            concealed.extend(group.tiles)
    rng.shuffle(melds)
    return _hand_tiles(melds, concealed, _pick_winning(rng, concealed, pair))


def _pair_pool(rng: random.Random) -> frozenset[int]:
    pools = (
        _mixed_tiles(rng),
        _mixed_tiles(rng),
        _mixed_tiles(rng),
        _GREEN_TILES,
        _REVERSIBLE_TILES,
        _TERMINALS,
        _TERMINALS | _HONORS,
        _HONORS | _suited((rng.choice(_SUITS),), range(1, 10)),
        _suited(_SUITS, (7, 8, 9)),
        _suited(_SUITS, (4, 5, 6)),
        _suited(_SUITS, (1, 2, 3)),
        _suited(_SUITS, (6, 7, 8, 9)),
        _suited(_SUITS, (1, 2, 3, 4)),
        _suited(_SUITS, range(2, 9)),
    )
    return rng.choice(pools)


def _seven_pairs(rng: random.Random) -> HandTiles:
    pool = sorted(_pair_pool(rng))
    doubled = len(pool) < 7 or rng.random() < 0.25
    kinds = rng.sample(pool, 6 if doubled else 7)
    if doubled:
        kinds.append(rng.choice(kinds))
    concealed = [t for k in kinds for t in (k, k)]
    return _hand_tiles((), concealed, rng.choice(concealed))


def _seven_shifted_pairs(rng: random.Random) -> HandTiles:
    low = _index(rng.choice(_SUITS), rng.randint(1, 3))
    concealed = [t for k in range(low, low + 7) for t in (k, k)]
    return _hand_tiles((), concealed, rng.choice(concealed))


def _thirteen_orphans(rng: random.Random) -> HandTiles:
    concealed = [*_ORPHANS, rng.choice(_ORPHANS)]
    return _hand_tiles((), concealed, rng.choice(concealed))


def _honors_and_knitted(rng: random.Random) -> HandTiles:
    suited = sorted(rng.choice(_KNITTED))
    honours = sorted(_HONORS)
    variant = rng.randrange(3)
    if variant == 0:  # Greater: all seven honours
        concealed = rng.sample(suited, 7) + honours
    elif variant == 1:  # Lesser with a complete knitted straight
        concealed = suited + rng.sample(honours, 5)
    else:
        concealed = rng.sample(suited, 8) + rng.sample(honours, 6)
    return _hand_tiles((), concealed, rng.choice(concealed))


def _knitted_straight(rng: random.Random) -> HandTiles:
    knitted = sorted(rng.choice(_KNITTED))
    for _ in range(_MAX_ATTEMPTS):
        theme = _Theme(_mixed_tiles(rng), 0.5)
        chows, pungs = theme.sets()
        group = rng.choice(chows if chows and rng.random() < 0.5 else pungs)
        pair = rng.choice(theme.pairs())
        counts = _counts([*knitted, *group.tiles, pair, pair])
        if not _fits(counts):
            continue
        concealed = [*knitted, pair, pair]
        melds: list[Meld] = []
        if rng.random() < 0.35:
            kong = not group.chow and counts[group.first] == 3 and rng.random() < 0.4
            melds.append(_meld_of(rng, group, kong, rng.random() < 0.45))
        else:
            concealed.extend(group.tiles)
        return _hand_tiles(melds, concealed, _pick_winning(rng, concealed, pair))
    raise RuntimeError("could not build a knitted straight hand")  # pragma: no cover


def _nine_gates(rng: random.Random) -> HandTiles:
    suit = rng.choice(_SUITS)
    ranks = (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, rng.randint(1, 9))
    concealed = [_index(suit, r) for r in ranks]
    return _hand_tiles((), concealed, concealed[-1])


_BUILDERS: Mapping[Shape, Callable[[random.Random], HandTiles]] = {
    Shape.REGULAR: _regular,
    Shape.SEVEN_PAIRS: _seven_pairs,
    Shape.SEVEN_SHIFTED_PAIRS: _seven_shifted_pairs,
    Shape.THIRTEEN_ORPHANS: _thirteen_orphans,
    Shape.HONORS_AND_KNITTED: _honors_and_knitted,
    Shape.KNITTED_STRAIGHT: _knitted_straight,
    Shape.NINE_GATES: _nine_gates,
}


# ---------------------------------------------------------------------------------------
# Win flags.


def declare(rng: random.Random, tiles: HandTiles) -> McrHand:
    """Random winds, flowers (0-8) and win flags that the tiles do not contradict.

    - ``kong_win`` self-drawn (Out with Replacement Tile) only with a kong among the melds;
      on a discard (Robbing the Kong) only when the winning tile appears nowhere else in
      the hand, and never together with ``wall_last``;
    - ``last_tile`` never when the concealed tiles hold another copy of the winning tile,
      and always when the declared melds hold the other three copies.
    """
    winning = tiles.winning_tile
    if winning is None:
        raise ValueError("a declared win needs a winning tile")
    in_melds = sum(t == winning for m in tiles.melds for t in m.tiles)
    in_concealed = tiles.concealed.count(winning)
    has_kong = any(m.kind is MeldKind.KONG for m in tiles.melds)
    self_drawn = rng.random() < 0.5
    wall_last = rng.random() < 0.06
    kong_win = False
    if self_drawn and has_kong:
        kong_win = rng.random() < 0.3
    elif not self_drawn and not wall_last and in_melds + in_concealed == 0:
        kong_win = rng.random() < 0.15
    if in_concealed:
        last_tile = False
    elif in_melds == 3:
        last_tile = True
    else:
        last_tile = rng.random() < 0.15
    return McrHand(
        tiles=tiles,
        self_drawn=self_drawn,
        seat_wind=rng.choice(list(Wind)),
        prevalent_wind=rng.choice(list(Wind)),
        flowers=0 if rng.random() < 0.5 else rng.randint(1, 8),
        last_tile=last_tile,
        kong_win=kong_win,
        wall_last=wall_last,
    )


# ---------------------------------------------------------------------------------------
# Completeness (to keep non-winning hands honest).


def _forms_sets(counts: list[int], sets: int, pair: bool) -> bool:
    """Whether ``counts`` splits into exactly ``sets`` chows/pungs and, if asked, one pair."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return sets == 0 and not pair
    found = False
    if pair and counts[first] >= 2:
        counts[first] -= 2
        found = _forms_sets(counts, sets, False)
        counts[first] += 2
    if not found and sets and counts[first] >= 3:
        counts[first] -= 3
        found = _forms_sets(counts, sets - 1, pair)
        counts[first] += 3
    if (
        not found
        and sets
        and first < 27
        and _rank(first) <= 7
        and counts[first + 1]
        and counts[first + 2]
    ):
        for i in (first, first + 1, first + 2):
            counts[i] -= 1
        found = _forms_sets(counts, sets - 1, pair)
        for i in (first, first + 1, first + 2):
            counts[i] += 1
    return found


def is_complete(tiles: HandTiles) -> bool:
    """Whether the hand (with its winning tile) completes any MCR shape.

    Four sets and a pair, Seven Pairs (a doubled pair allowed), Thirteen Orphans,
    Honors and Knitted Tiles, or a Knitted Straight with a set and a pair. This is only a
    shape test for building non-winning hands; the judge is :mod:`mjref.mcr`.
    """
    if tiles.winning_tile is None:
        return False
    hand = [t.index for t in tiles.concealed] + [tiles.winning_tile.index]
    counts = [0] * 34
    for i in hand:
        counts[i] += 1
    sets = 4 - len(tiles.melds)
    if len(hand) != 3 * sets + 2:
        return False
    if _forms_sets(counts, sets, True):
        return True
    if not tiles.melds:
        distinct = set(hand)
        if all(c in (0, 2, 4) for c in counts):
            return True
        if distinct == set(_ORPHANS):
            return True
        if len(distinct) == 14 and any(
            all(i in k or i in _HONORS for i in distinct) for k in _KNITTED
        ):
            return True
    if len(tiles.melds) <= 1:
        for knitted in _KNITTED:
            if all(counts[i] for i in knitted):
                rest = list(counts)
                for i in knitted:
                    rest[i] -= 1
                if _forms_sets(rest, sets - 3, True):
                    return True
    return False


# ---------------------------------------------------------------------------------------
# Public API.


def random_winning_hand(rng: random.Random, shape: Shape | None = None) -> McrHand:
    """A legal winning hand of ``shape`` (drawn by :data:`SHAPE_WEIGHTS` when ``None``)."""
    if shape is None:
        shape = _draw_shape(rng)
    return declare(rng, _BUILDERS[shape](rng))


def random_nonwinning_hand(rng: random.Random) -> McrHand:
    """A hand with legal tile counts (and flags) that completes no shape at all.

    Mostly a winning hand with one concealed tile or the winning tile replaced (a near
    miss), otherwise fourteen random tiles with up to two declared melds.
    """
    for _ in range(_MAX_ATTEMPTS):
        tiles = _near_miss(rng) if rng.random() < 0.7 else _random_tiles(rng)
        if tiles is not None and not is_complete(tiles):
            return declare(rng, tiles)
    raise RuntimeError("could not build a non-winning hand")  # pragma: no cover


def labelled_corpus(seed: int, n: int) -> tuple[tuple[Shape, McrHand], ...]:
    """``n`` winning hands with the shape each was built in, mixed by :data:`SHAPE_WEIGHTS`."""
    rng = random.Random(seed)
    out: list[tuple[Shape, McrHand]] = []
    for _ in range(n):
        shape = _draw_shape(rng)
        out.append((shape, random_winning_hand(rng, shape)))
    return tuple(out)


def corpus(seed: int, n: int) -> tuple[McrHand, ...]:
    """``n`` legal winning hands of every shape, the same for the same seed."""
    return tuple(hand for _, hand in labelled_corpus(seed, n))


def nonwinning_corpus(seed: int, n: int) -> tuple[McrHand, ...]:
    """``n`` legal hands that are not complete, the same for the same seed."""
    rng = random.Random(seed)
    return tuple(random_nonwinning_hand(rng) for _ in range(n))


def _draw_shape(rng: random.Random) -> Shape:
    shapes = list(SHAPE_WEIGHTS)
    return rng.choices(shapes, weights=[SHAPE_WEIGHTS[s] for s in shapes])[0]


def _legal(tiles: HandTiles) -> bool:
    """At most four copies of each tile among the melds, concealed tiles and winning tile."""
    counts: Counter[Tile] = Counter(t for m in tiles.melds for t in m.tiles)
    counts.update(tiles.concealed)
    if tiles.winning_tile is not None:
        counts[tiles.winning_tile] += 1
    return all(c <= 4 for c in counts.values())


def _near_miss(rng: random.Random) -> HandTiles | None:
    base = _BUILDERS[_draw_shape(rng)](rng)
    assert base.winning_tile is not None
    loose = [*base.concealed, base.winning_tile]
    position = rng.randrange(len(loose))
    old = loose[position]
    if old.is_suited and rng.random() < 0.6:
        rank = old.rank + rng.choice((-2, -1, 1, 2))
        if not 1 <= rank <= 9:
            return None
        loose[position] = TILES[old.index + rank - old.rank]
    else:
        loose[position] = rng.choice([t for t in TILES if t != old])
    tiles = HandTiles(base.melds, tuple(loose[:-1]), loose[-1])
    return tiles if _legal(tiles) else None


def _random_tiles(rng: random.Random) -> HandTiles | None:
    melds: list[Meld] = []
    for _ in range(rng.choice((0, 0, 1, 2))):
        first = rng.randrange(34)
        chow = first < 27 and _rank(first) <= 7 and rng.random() < 0.5
        kong = not chow and rng.random() < 0.2
        melds.append(_meld_of(rng, _Group(chow, first), kong, rng.random() < 0.5))
    loose = rng.choices(range(34), k=14 - 3 * len(melds))
    tiles = HandTiles(tuple(melds), tuple(TILES[i] for i in loose[:-1]), TILES[loose[-1]])
    return tiles if _legal(tiles) else None

"""Hypothesis strategies: legal declared riichi wins (winning shapes, at most four copies)."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from mjref.riichi import RiichiHand
from mjref.tiles import TILES, HandTiles, Meld, MeldKind, Suit, Tile, Wind

TERMINALS_AND_HONOURS = tuple(t for t in TILES if t.is_terminal_or_honor)


def _room(counts: Counter[Tile], tiles: list[Tile]) -> bool:
    need = Counter(tiles)
    return all(counts[t] + n <= 4 for t, n in need.items())


@st.composite
def _standard(draw: st.DrawFn, counts: Counter[Tile]) -> tuple[list[Meld], list[Tile]]:
    """Four sets and a pair: declared melds, and the concealed tiles including the winner."""
    melds: list[Meld] = []
    concealed: list[Tile] = []
    for _ in range(4):
        kind = draw(st.sampled_from([MeldKind.CHOW] * 3 + [MeldKind.PUNG] * 2 + [MeldKind.KONG]))
        if kind is MeldKind.CHOW:
            options = [t for t in TILES if t.is_suited and t.rank <= 7]
            options = [
                t for t in options if _room(counts, [t, TILES[t.index + 1], TILES[t.index + 2]])
            ]
            first = draw(st.sampled_from(options))
            tiles = [first, TILES[first.index + 1], TILES[first.index + 2]]
        else:
            size = 3 if kind is MeldKind.PUNG else 4
            tile = draw(st.sampled_from([t for t in TILES if _room(counts, [t] * size)]))
            tiles = [tile] * size
        counts.update(tiles)
        if kind is MeldKind.KONG:
            melds.append(Meld(kind, tuple(tiles), concealed=draw(st.booleans())))
        elif draw(st.integers(0, 3)) == 0:
            melds.append(Meld(kind, tuple(tiles)))
        else:
            concealed.extend(tiles)
    pair = draw(st.sampled_from([t for t in TILES if _room(counts, [t, t])]))
    counts.update([pair, pair])
    concealed.extend([pair, pair])
    return melds, concealed


@st.composite
def _seven_pairs(draw: st.DrawFn, counts: Counter[Tile]) -> tuple[list[Meld], list[Tile]]:
    pairs = draw(st.lists(st.sampled_from(TILES), min_size=7, max_size=7, unique=True))
    counts.update(pairs * 2)
    return [], [t for t in pairs for _ in range(2)]


@st.composite
def _thirteen_orphans(draw: st.DrawFn, counts: Counter[Tile]) -> tuple[list[Meld], list[Tile]]:
    extra = draw(st.sampled_from(TERMINALS_AND_HONOURS))
    tiles = [*TERMINALS_AND_HONOURS, extra]
    counts.update(tiles)
    return [], tiles


@st.composite
def winning_hands(draw: st.DrawFn, *, red_fives: bool = False) -> RiichiHand:
    """A legal declared win with facts that fit it (no first-turn wins)."""
    counts: Counter[Tile] = Counter()
    shape = draw(st.sampled_from(["standard"] * 10 + ["pairs", "orphans"]))
    if shape == "standard":
        melds, concealed = draw(_standard(counts))
    elif shape == "pairs":
        melds, concealed = draw(_seven_pairs(counts))
    else:
        melds, concealed = draw(_thirteen_orphans(counts))
    winner = draw(st.sampled_from(sorted(set(concealed))))
    rest = list(concealed)
    rest.remove(winner)
    is_open = any(not m.concealed for m in melds)
    has_kong = any(m.kind is MeldKind.KONG for m in melds)
    tsumo = draw(st.booleans())
    riichi = not is_open and draw(st.booleans())
    double_riichi = riichi and draw(st.integers(0, 5)) == 0
    held_elsewhere = winner in rest or any(winner in m.tiles for m in melds)
    last = draw(st.sampled_from(["none", "none", "none", "last", "kong"]))
    dora = draw(st.lists(st.sampled_from(TILES), min_size=1, max_size=3))
    dora = [t for t in dora if _room(counts, [t]) and not counts.update([t])]
    ura: list[Tile] = []
    if riichi:
        ura = draw(st.lists(st.sampled_from(TILES), max_size=len(dora)))
        ura = [t for t in ura if _room(counts, [t]) and not counts.update([t])]
    reds: tuple[Suit, ...] = ()
    if red_fives:
        every = concealed + [x for m in melds for x in m.tiles]
        fives = Counter(t.suit for t in every if t.is_suited and t.rank == 5)
        reds = tuple(
            s
            for s in (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO)
            if fives[s] == 4 or (fives[s] and draw(st.booleans()))
        )
    return RiichiHand(
        tiles=HandTiles(tuple(melds), tuple(rest), winner),
        self_drawn=tsumo,
        riichi=riichi and not double_riichi,
        double_riichi=double_riichi,
        ippatsu=riichi and draw(st.booleans()),
        rinshan=tsumo and has_kong and last == "kong",
        chankan=not tsumo and not held_elsewhere and last == "kong",
        haitei=tsumo and last == "last",
        houtei=not tsumo and last == "last",
        seat_wind=draw(st.sampled_from(list(Wind))),
        prevalent_wind=draw(st.sampled_from([Wind.EAST, Wind.SOUTH])),
        dora_indicators=tuple(dora),
        ura_indicators=tuple(ura),
        red_fives=reds,
        honba=draw(st.integers(0, 7)),
        riichi_sticks=draw(st.integers(0, 3)),
    )

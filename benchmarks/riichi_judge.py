"""Benchmark: the riichi judge against the bare ``mahjong`` package on one corpus.

Generates one seeded corpus of legal declared wins (four sets and a pair with some sets
declared, seven pairs, thirteen orphans; random facts that fit), then times, in the same
run and on the same hands:

- bare: ``HandCalculator.estimate_hand_value`` with the hands already in the package's
  encoding and a fresh ``HandConfig`` per hand (the package writes into its config);
- ours: ``mjref.riichi.judge`` on :class:`RiichiHand` values (fact checks, encoding, the
  package, corrections, furiten, payments, the verdict).

Prints hands per second for both and the ratio. Not a test: nothing here fails.

    .venv/bin/python benchmarks/riichi_judge.py [hands (20000)] [repeats (5)]
"""

from __future__ import annotations

import gc
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.meld import Meld as LibraryMeld

from mjref.riichi import RiichiHand, RiichiRules, judge, riichi_rules
from mjref.riichi.library import config_for, encode
from mjref.tiles import TILES, HandTiles, Meld, MeldKind, Suit, Tile, Wind

ORPHANS = [t for t in TILES if t.is_terminal_or_honor]


def _room(counts: Counter[Tile], tiles: list[Tile]) -> bool:
    return all(counts[t] + n <= 4 for t, n in Counter(tiles).items())


def _sets(rng: random.Random, counts: Counter[Tile]) -> tuple[list[Meld], list[Tile]]:
    melds: list[Meld] = []
    concealed: list[Tile] = []
    for _ in range(4):
        while True:
            kind = rng.choice([MeldKind.CHOW] * 3 + [MeldKind.PUNG] * 2 + [MeldKind.KONG])
            if kind is MeldKind.CHOW:
                first = rng.choice([t for t in TILES if t.is_suited and t.rank <= 7])
                tiles = [first, TILES[first.index + 1], TILES[first.index + 2]]
            else:
                tiles = [rng.choice(TILES)] * (3 if kind is MeldKind.PUNG else 4)
            if _room(counts, tiles):
                break
        counts.update(tiles)
        if kind is MeldKind.KONG:
            melds.append(Meld(kind, tuple(tiles), concealed=rng.random() < 0.5))
        elif rng.random() < 0.25:
            melds.append(Meld(kind, tuple(tiles)))
        else:
            concealed.extend(tiles)
    pair = rng.choice([t for t in TILES if _room(counts, [t, t])])
    counts.update([pair, pair])
    return melds, [*concealed, pair, pair]


def random_win(rng: random.Random, *, red_fives: bool) -> RiichiHand:
    counts: Counter[Tile] = Counter()
    shape = rng.random()
    if shape < 0.85:
        melds, concealed = _sets(rng, counts)
    elif shape < 0.95:
        pairs = rng.sample(TILES, 7)
        melds, concealed = [], [t for t in pairs for _ in range(2)]
        counts.update(concealed)
    else:
        melds, concealed = [], [*ORPHANS, rng.choice(ORPHANS)]
        counts.update(concealed)
    winner = rng.choice(concealed)
    rest = list(concealed)
    rest.remove(winner)
    is_open = any(not m.concealed for m in melds)
    tsumo = rng.random() < 0.4
    riichi = not is_open and rng.random() < 0.6
    dora = [t for t in rng.sample(TILES, rng.randint(1, 2)) if _room(counts, [t])]
    counts.update(dora)
    ura = [t for t in rng.sample(TILES, len(dora)) if riichi and _room(counts, [t])]
    every = concealed + [t for m in melds for t in m.tiles]
    fives = Counter(t.suit for t in every if t.is_suited and t.rank == 5)
    reds = tuple(
        s
        for s in (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO)
        if red_fives and (fives[s] == 4 or (fives[s] and rng.random() < 0.5))
    )
    return RiichiHand(
        tiles=HandTiles(tuple(melds), tuple(rest), winner),
        self_drawn=tsumo,
        riichi=riichi,
        ippatsu=riichi and rng.random() < 0.2,
        seat_wind=rng.choice(list(Wind)),
        prevalent_wind=rng.choice([Wind.EAST, Wind.SOUTH]),
        dora_indicators=tuple(dora),
        ura_indicators=tuple(ura),
        red_fives=reds,
        honba=rng.choice([0, 0, 0, 1, 2, 5]),
        riichi_sticks=rng.randint(0, 2),
    )


@dataclass(frozen=True, slots=True)
class Case:
    """A hand for the judge, and the same hand already in the package's encoding."""

    hand: RiichiHand
    rules: RiichiRules
    tiles: list[int]
    win: int
    melds: list[LibraryMeld]
    dora: list[int]
    ura: list[int]

    def run_bare(self) -> object:
        return HandCalculator.estimate_hand_value(
            self.tiles,
            self.win,
            melds=self.melds,
            dora_indicators=self.dora,
            ura_dora_indicators=self.ura,
            config=config_for(self.hand, self.rules),
        )


def corpus(size: int, seed: int = 2016) -> list[Case]:
    rng = random.Random(seed)
    cases: list[Case] = []
    for i in range(size):
        rules = riichi_rules("rcr-2016" if i % 2 == 0 else "rcr-2012")
        hand = random_win(rng, red_fives=rules.red_fives)
        data = encode(hand)
        melds = [LibraryMeld(meld_type=t, tiles=ids, opened=o) for t, ids, o in data.melds]
        cases.append(
            Case(
                hand, rules, list(data.tiles), data.win_tile, melds, list(data.dora), list(data.ura)
            )
        )
    return cases


def best_times(runs: dict[str, Callable[[], None]], repeats: int) -> dict[str, float]:
    """Best wall time of each run, alternating between them so both see the same load."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def main(argv: list[str]) -> None:
    size = int(argv[1]) if len(argv) > 1 else 20_000
    repeats = int(argv[2]) if len(argv) > 2 else 5
    cases = corpus(size)
    # The corpus is a large, long-lived heap; keep the cyclic collector from walking it
    # over and over while timing (it would tax whichever run allocates more, not the work).
    gc.collect()
    gc.freeze()

    def bare() -> None:
        for case in cases:
            case.run_bare()

    def ours() -> None:
        for case in cases:
            judge(case.hand, case.rules)

    verdicts = [judge(c.hand, c.rules) for c in cases]
    valid = sum(v.valid for v in verdicts)
    corrected = sum(bool(v.corrections) for v in verdicts)
    chombo = sum(v.chombo is not None for v in verdicts)
    print(f"corpus: {size} declared wins (seed 2016), half rcr-2016, half rcr-2012")
    print(f"        {valid} valid, {chombo} chombo, {corrected} corrected by an EMA rule")
    print("        (corpus frozen out of the garbage collector's sight while timing)")
    best = best_times({"bare": bare, "ours": ours}, repeats)
    bare_rate, ours_rate = size / best["bare"], size / best["ours"]
    print(f"bare mahjong package: {bare_rate:10,.0f} hands/s  ({1e6 / bare_rate:6.1f} us/hand)")
    print(f"mjref riichi judge:   {ours_rate:10,.0f} hands/s  ({1e6 / ours_rate:6.1f} us/hand)")
    print(
        f"ratio judge/bare:     {ours_rate / bare_rate:10.2f}  "
        f"(our layer adds {1e6 / ours_rate - 1e6 / bare_rate:.1f} us/hand, "
        f"best of {repeats} alternating runs each)"
    )


if __name__ == "__main__":
    main(sys.argv)

"""Indirect meetings of every choice of sessions from the 64-player affine design.

AG(3, 4) gives 21 repeat-free sessions for 64 players (its parallel classes). For a
number of sessions S, this script tries every choice of S classes (all C(21, S)) and
prints the trade-off between the two mixing figures the generator maximises, in its
order: the fewest common opponents of a pair who never meet (*min*), then their mean.
For each minimum reached it prints the best mean, so the last line is the generator's
best choice by that order, and the lines above show what a lower minimum would buy.

    python benchmarks/affine_front.py 11
    python benchmarks/affine_front.py 4-15

How it counts, without building a 64 x 64 matrix per choice: in an affine design, a
pair who never meet differ by a direction d that is not chosen; their common opponents
are the points z reached from one of them along a chosen direction a and from the
other along a chosen direction b != a. By translation this number depends on d only,
and it is 1 for each ordered (a, b) with a, b and d in one plane, else 0. That table
of triples is read off the design itself (one pair per direction, from
``mjref.seating.affine``), then every choice is scored from it; the script checks the
count against the checker's matrix count on a few choices first.

Not a test: it prints figures (quoted in docs/seating.md).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys

import numpy as np

from mjref.seating.affine import affine_groupings
from mjref.seating.mixing import score, session_matrix

PLAYERS = 64


def planes() -> np.ndarray:
    """``through[a, b, d]``: common opponents that directions ``a`` and ``b`` give a
    pair of direction ``d`` (0 or 1)."""
    pool = affine_groupings(PLAYERS)
    matrices = [session_matrix(PLAYERS, session) for session in pool]
    count = len(pool)
    # one pair per direction: player 1 and a table mate in that class
    pairs = []
    for session in pool:
        table = next(t for t in session if 1 in t)
        pairs.append((0, next(p for p in table if p != 1) - 1))
    through = np.zeros((count, count, count), dtype=np.int64)
    for a, b in itertools.permutations(range(count), 2):
        product = matrices[a] @ matrices[b]
        for d, (x, y) in enumerate(pairs):
            through[a, b, d] = round(float(product[x, y]))
    return through


def figures(chosen: tuple[int, ...], through: np.ndarray) -> tuple[int, float]:
    """(min, mean) of common opponents over pairs who never meet, for ``chosen``."""
    mask = np.zeros(through.shape[0], dtype=bool)
    mask[list(chosen)] = True
    per_direction = through[np.ix_(mask, mask, ~mask)].sum(axis=(0, 1))
    # every left-out direction holds the same number of pairs (64 * 3 / 2)
    return int(per_direction.min()), float(per_direction.mean())


def check(through: np.ndarray, rng: random.Random) -> None:
    """The shortcut agrees with the checker's own count on a few random choices."""
    pool = affine_groupings(PLAYERS)
    for sessions in (4, 8, 13):
        chosen = tuple(sorted(rng.sample(range(len(pool)), sessions)))
        measured = score(PLAYERS, [pool[i] for i in chosen])
        least, mean = figures(chosen, through)
        if (measured.minimum, round(measured.mean, 3)) != (least, round(mean, 3)):
            raise SystemExit(f"count disagrees with the checker on {chosen}")


def front(sessions: int, through: np.ndarray) -> dict[int, tuple[float, tuple[int, ...]]]:
    """For each minimum reached, the best mean and a choice that reaches it."""
    best: dict[int, tuple[float, tuple[int, ...]]] = {}
    for chosen in itertools.combinations(range(through.shape[0]), sessions):
        least, mean = figures(chosen, through)
        if least not in best or mean > best[least][0]:
            best[least] = (mean, chosen)
    return best


def span(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("sessions", type=span, help="e.g. 11 or 4-15 (at most 20)")
    args = parser.parse_args()
    through = planes()
    check(through, random.Random(0))
    print(f"{'S':>3} {'min':>4} {'best mean':>9}  classes (of 21)")
    for sessions in args.sessions:
        if not 2 <= sessions <= 20:
            raise SystemExit("sessions: 2 to 20")
        for least, (mean, chosen) in sorted(front(sessions, through).items()):
            print(f"{sessions:>3} {least:>4} {mean:>9.3f}  {' '.join(map(str, chosen))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Seating identity check: the exact plans the generator makes, written once and compared.

A change meant to make the generator faster without changing what it does (the same
random draws, the same decisions) must leave every plan byte for byte as it was. Run
``python benchmarks/seating_identity.py --write before.jsonl`` with the old code, then
``python benchmarks/seating_identity.py --check before.jsonl`` with the new: it prints
each case with its CPU seconds then and now, and exits 1 if any output differs.

The cases are the sizes and seeds the tests generate (``tests/seating``), a few more
sizes up to 100 players where the lifted cyclic design runs, a few plans with groups
or at a small effort, and direct calls of the polish (with and without ``lift``) and
of the table numbering on many seeds. ``--only polish`` (or ``generate``, ``tables``)
runs one kind.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from mjref.seating.constraints import ApartGroup
from mjref.seating.generate import _quick_cyclic, designs, finish, generate, renumber
from mjref.seating.polish import polish
from mjref.seating.schedule import Schedule
from mjref.seating.tables import number_tables

# (players, sessions, seed, effort); the tests' sizes first
GENERATED: list[tuple[int, int, int, float]] = [
    *((n, s, 1, 1.0) for n, s in [(16, 5), (24, 7), (28, 9), (32, 10), (36, 11), (40, 13)]),
    *((n, s, 1, 1.0) for n, s in [(44, 14), (48, 15), (20, 5), (52, 15), (56, 15), (60, 15)]),
    (76, 15, 1, 1.0),
    (44, 6, 1, 1.0),
    *((n, s, 2, 1.0) for n, s in [(16, 6), (16, 9), (28, 11), (32, 12), (44, 15), (24, 10)]),
    (24, 8, 0, 1.0),
    (20, 8, 0, 1.0),
    (32, 9, 4, 1.0),
    (40, 8, 11, 1.0),
    (40, 8, 12, 1.0),
    (40, 6, 0, 1.0),
    (24, 4, 0, 1.0),
    (64, 4, 0, 1.0),
    (64, 6, 0, 1.0),
    (56, 4, 0, 1.0),
    (40, 7, 5, 1.0),
    *((40, 8, seed, 1.0) for seed in range(6)),
    (32, 9, 3, 1.0),
    (40, 4, 0, 1.0),
    (16, 8, 3, 1.0),
    (12, 3, 0, 1.0),
    (24, 7, 3, 1.0),
    (48, 4, 0, 1.0),
    (60, 5, 1, 1.0),
    (72, 6, 2, 1.0),
    (68, 7, 0, 1.0),
    (88, 10, 1, 1.0),
    (100, 9, 0, 1.0),
    (36, 4, 3, 1.0),
    (28, 4, 7, 0.05),
    (64, 5, 3, 0.05),
    (80, 9, 9, 0.05),
    (36, 3, 1, 0.05),
]

GROUPED: list[tuple[int, int, int, tuple[ApartGroup, ...]]] = [
    (40, 7, 3, (ApartGroup("a", (1, 2, 3, 4, 5)), ApartGroup("b", (6, 7, 8)))),
    (32, 6, 1, (ApartGroup("team", tuple(range(1, 9))),)),
]

# (players, sessions, plan seed, polish seed, steps, lift): the generator's design at a
# small effort, and a quick cyclic design (which the lifting polish moves most)
POLISHED: list[tuple[int, int, int, int, int, bool]] = [
    (n, s, seed, 100 + seed, steps, lift)
    for n, s in [(28, 4), (32, 6), (40, 5), (48, 4), (56, 4), (64, 5), (64, 7), (72, 6)]
    for seed in range(3)
    for steps, lift in [(3000, False), (3000, True), (601, True)]
]
CYCLIC_POLISHED: list[tuple[int, int, int, bool]] = [
    (n, s, seed, lift)
    for n, s in [(56, 4), (40, 4), (32, 4), (48, 5), (100, 6)]
    for seed in range(2)
    for lift in (False, True)
]

TABLED: list[tuple[int, int, int]] = [
    (n, s, seed) for n, s in [(24, 7), (40, 8), (60, 15), (32, 9), (52, 5)] for seed in range(3)
]


def _numbered(schedule: Schedule) -> Any:
    return tuple(tuple(tuple(sorted(t)) for t in session) for session in schedule.sessions)


def _plan(players: int, sessions: int, seed: int) -> Any:
    grouping = designs(players, sessions, random.Random(seed), effort=0.05)[0][0]
    return _numbered(finish(players, grouping, seed=seed))


def _method(method: Any) -> list[Any]:
    return [[step.key, {k: repr(v) for k, v in sorted(step.params.items())}] for step in method]


def cases(only: str | None) -> Iterator[tuple[str, Callable[[], Any]]]:
    if only in (None, "generate"):
        for n, s, seed, effort in GENERATED:

            def made(n: int = n, s: int = s, seed: int = seed, effort: float = effort) -> Any:
                g = generate(n, s, seed=seed, effort=effort)
                return [g.schedule.sessions, _method(g.method)]

            yield f"generate {n} x {s} seed {seed} effort {effort}", made
        for n, s, seed, groups in GROUPED:

            def grouped(n: int = n, s: int = s, seed: int = seed, groups: Any = groups) -> Any:
                g = generate(n, s, seed=seed, groups=groups)
                return [g.schedule.sessions, _method(g.method)]

            yield f"generate {n} x {s} seed {seed} groups", grouped
    if only in (None, "polish"):
        for n, s, seed, rseed, steps, lift in POLISHED:

            def polished(
                n: int = n,
                s: int = s,
                seed: int = seed,
                rseed: int = rseed,
                steps: int = steps,
                lift: bool = lift,
            ) -> Any:
                plan = _plan(n, s, seed)
                return polish(n, plan, random.Random(rseed), steps, lift=lift)

            yield f"polish {n} x {s} plan {seed} seed {rseed} steps {steps} lift {lift}", polished
        for n, s, seed, lift in CYCLIC_POLISHED:

            def lifted(n: int = n, s: int = s, seed: int = seed, lift: bool = lift) -> Any:
                rng = random.Random(seed)
                found = _quick_cyclic(n, s, rng, effort=1.0)
                if found is None:
                    return None
                plan = _numbered(finish(n, renumber(found[0], n, rng), seed=seed))
                return polish(n, plan, random.Random(seed + 7), 12_000, lift=lift)

            yield f"polish {n} x {s} cyclic {seed} steps 12000 lift {lift}", lifted
    if only in (None, "tables"):
        for n, s, seed in TABLED:

            def tabled(n: int = n, s: int = s, seed: int = seed) -> Any:
                order = list(range(1, n + 1))
                rng = random.Random(seed)
                sessions = []
                for _ in range(s):
                    rng.shuffle(order)
                    sessions.append([tuple(order[i : i + 4]) for i in range(0, n, 4)])
                return number_tables(sessions, seed=seed)

            yield f"tables {n} x {s} seed {seed}", tabled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path, help="write the outputs to this file")
    mode.add_argument("--check", type=Path, help="compare the outputs with this file")
    parser.add_argument("--only", choices=["generate", "polish", "tables"])
    args = parser.parse_args()
    before: dict[str, dict[str, Any]] = {}
    if args.check:
        for line in args.check.read_text().splitlines():
            row = json.loads(line)
            before[row["case"]] = row
    out = args.write.open("w") if args.write else None
    differ = total = 0
    for name, run in cases(args.only):
        start = time.process_time()
        text = json.dumps(run(), separators=(",", ":"))
        cpu = time.process_time() - start
        total += 1
        if out is not None:
            out.write(json.dumps({"case": name, "cpu": round(cpu, 2), "output": text}) + "\n")
            out.flush()
            print(f"{name}: {cpu:.2f} s", flush=True)
            continue
        old = before.get(name)
        if old is None:
            print(f"{name}: not in {args.check}", flush=True)
            differ += 1
            continue
        same = old["output"] == text
        differ += not same
        verdict = "same" if same else "DIFFERENT"
        print(f"{name}: {verdict}, {old['cpu']:.2f} s then, {cpu:.2f} s now", flush=True)
    if out is not None:
        out.close()
        return 0
    print(f"{total} cases, {differ} different")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

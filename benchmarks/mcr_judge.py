"""Benchmark: the MCR judge against PyMahjongGB 1.4.0 (the anchor) on one corpus.

Generates one seeded corpus of legal winning hands of every shape (``mjref.mcr.generate``)
and times, in the same run and on one core:

- PyMahjongGB's ``MahjongFanCalculator`` (C++), arguments prepared beforehand;
- our Python API, ``judge(hand, convention)`` with the hands already built;
- our bulk path, one JSON line in and one JSON line out (``mjref.wire.jsonl.judge_line``),
  which is what ``mjref mcr judge --jsonl`` does per line;
- the bulk CLI end to end (a ``mjref mcr judge --jsonl`` process fed the corpus),
  including process start-up.

It prints hands/second for each and the ratios to the anchor. Our judge keeps caches of
suit decompositions, so its first pass over a corpus (cold) is slower than the following
ones (warm, the steady state of a long-running process): both are printed. Figures are
the best of several passes, to damp the noise of other work on the machine.

Run: ``make bench`` or ``.venv/bin/python benchmarks/mcr_judge.py [--hands N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import MahjongGB

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.mcr.oracle import call_arguments  # noqa: E402

from mjref.mcr.conventions import get_convention  # noqa: E402
from mjref.mcr.generate import corpus  # noqa: E402
from mjref.mcr.judging import judge  # noqa: E402
from mjref.wire.jsonl import judge_line, mcr_family  # noqa: E402
from mjref.wire.mcr import mcr_hand_json  # noqa: E402


def best_rate(count: int, run: Callable[[], object], passes: int) -> float:
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def pin_to_one_core() -> str:
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except (AttributeError, OSError):
        return "not pinned"
    return f"pinned to core {min(os.sched_getaffinity(0))}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="corpus size (default 20000)")
    parser.add_argument("--seed", type=int, default=2026, help="corpus seed (default 2026)")
    parser.add_argument("--passes", type=int, default=5, help="timed passes, best kept")
    parser.add_argument("--convention", default="mil", help="our convention (default mil)")
    args = parser.parse_args(argv)

    pinning = pin_to_one_core()
    hands = corpus(args.seed, args.hands)
    convention = get_convention(args.convention)
    oracle_args = [call_arguments(h) for h in hands]
    lines = [json.dumps(mcr_hand_json(h)) for h in hands]
    raw_lines = [line.encode() for line in lines]
    family = mcr_family(convention)
    n = len(hands)
    calculator = MahjongGB.MahjongFanCalculator

    def run_anchor() -> None:
        for kwargs in oracle_args:
            calculator(**kwargs)

    def run_api() -> None:
        for hand in hands:
            judge(hand, convention)

    def run_bulk() -> None:
        for raw in raw_lines:
            judge_line(family, raw, language="en")

    start = time.perf_counter()
    run_api()
    cold = n / (time.perf_counter() - start)
    anchor = best_rate(n, run_anchor, args.passes)
    api = best_rate(n, run_api, args.passes)
    bulk = best_rate(n, run_bulk, args.passes)
    cli = _cli_rate(lines, args.convention)

    print(
        f"MCR judge benchmark: {n} legal winning hands of every shape, seed {args.seed}, {pinning}"
    )
    print(f"convention for mjref: {convention.id}; anchor: PyMahjongGB 1.4.0 (C++)")
    print()
    print(f"{'what':<44}{'hands/s':>12}{'vs anchor':>12}")
    rows = [
        ("PyMahjongGB MahjongFanCalculator (anchor)", anchor),
        ("mjref judge(), Python API, cold caches", cold),
        ("mjref judge(), Python API, warm", api),
        ("mjref bulk, JSON line in/out, warm", bulk),
        ("mjref mcr judge --jsonl, process end to end", cli),
    ]
    for label, rate in rows:
        print(f"{label:<44}{rate:>12,.0f}{rate / anchor:>12.3f}")
    print()
    target = 20_000
    print(
        f"target for the Python API: {target:,} hands/s on one core -> "
        f"{'met' if api >= target else 'NOT met'} ({api:,.0f} warm, {cold:,.0f} cold)"
    )
    print(f"bulk path / Python API: {bulk / api:.2f}; CLI end to end / Python API: {cli / api:.2f}")


def _cli_rate(lines: list[str], convention: str) -> float:
    mjref = Path(sys.executable).with_name("mjref")
    payload = ("\n".join(lines) + "\n").encode()
    start = time.perf_counter()
    done = subprocess.run(
        [str(mjref), "mcr", "judge", "--jsonl", "--convention", convention],
        input=payload,
        capture_output=True,
        check=True,
    )
    elapsed = time.perf_counter() - start
    answered = done.stdout.count(b"\n")
    if answered != len(lines):
        raise SystemExit(f"the CLI answered {answered} lines for {len(lines)}")
    return len(lines) / elapsed


if __name__ == "__main__":
    main()

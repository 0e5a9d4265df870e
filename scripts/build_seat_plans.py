"""Build the library of seat plans (``src/mjref/seating/plans/``), size by size.

For each size asked for (table counts 4 to 64, sessions 4 to 15 by default) the
generator is run with seed 0 (``--seeds N``: seeds 0 to N - 1, keeping the best plan by
the generator's order), as ``mjref seating generate`` runs it, and the plan is stored
with the figures the checker measures (:mod:`mjref.seating.library`). Each
size is one file, written to a temporary name and renamed, so the build can be stopped
at any point and run again: sizes already stored are skipped. Smaller sizes come first.
Usage::

    nice -n 19 python scripts/build_seat_plans.py --tables 4-16 --sessions 4-10 --jobs 1
    python scripts/build_seat_plans.py --jobs 2              # everything left
    python scripts/build_seat_plans.py --list                # what is stored, what is left

One line per size is printed (and appended to ``--log``): players, sessions, the CPU
seconds the generator took and the figures.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # two BLAS threads cost more than they give

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from mjref.seating import library
from mjref.seating.generate import generate, quality
from mjref.seating.metrics import measure

TARGET = Path(__file__).resolve().parent.parent / "src/mjref/seating" / library.PLANS_FOLDER


def _span(text: str, low: int, high: int) -> range:
    first, _, last = text.partition("-")
    start, stop = int(first), int(last or first)
    if not low <= start <= stop <= high:
        raise argparse.ArgumentTypeError(f"{text}: expected a range within {low}-{high}")
    return range(start, stop + 1)


def build(players: int, sessions: int, target: Path, seeds: int = 1) -> str:
    """Generate, measure and store one size (the best of seeds 0 .. ``seeds`` - 1 by the
    generator's order); the line to print."""
    start = time.process_time()
    best = None
    for seed in range(seeds):
        generated = generate(players, sessions, seed)
        metrics = measure(generated.schedule)
        if best is None or quality(metrics) < quality(best[1]):
            best = (generated, metrics, seed)
    assert best is not None
    generated, metrics, seed = best
    seconds = time.process_time() - start
    blob = library.encode(generated.schedule, generated.method, metrics, seed)
    final = target / library.file_name(players, sessions)
    temporary = final.with_suffix(".tmp")
    temporary.write_bytes(blob)
    os.replace(temporary, final)
    m = metrics
    return (
        f"{players}\t{sessions}\t{seconds:.1f}\t{m.repeated_meetings}\t{m.wind_spread}\t"
        f"{m.table_revisits}\t{m.min_common_opponents}\t{m.mean_common_opponents}\t"
        f"{m.components}\t{len(blob)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default=f"{library.MIN_TABLES}-{library.MAX_TABLES}")
    parser.add_argument("--sessions", default=f"{library.MIN_SESSIONS}-{library.MAX_SESSIONS}")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--seeds", type=int, default=1, help="keep the best plan of seeds 0 .. N-1 (default 1)"
    )
    parser.add_argument("--target", type=Path, default=TARGET)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--list", action="store_true", help="print what is stored and left")
    args = parser.parse_args()
    tables = _span(args.tables, library.MIN_TABLES, library.MAX_TABLES)
    sessions = _span(args.sessions, library.MIN_SESSIONS, library.MAX_SESSIONS)
    args.target.mkdir(parents=True, exist_ok=True)
    for stale in args.target.glob("*.tmp"):
        stale.unlink()
    sizes = sorted(
        ((t * 4, s) for t in tables for s in sessions), key=lambda size: (size[0] * size[1], size)
    )
    left = [size for size in sizes if not (args.target / library.file_name(*size)).exists()]
    if args.list:
        print(f"{len(sizes) - len(left)} of {len(sizes)} sizes stored; left:")
        print(" ".join(f"{p}x{s}" for p, s in left))
        return
    print("players\tsessions\tcpu_s\trepeats\twind\trevisits\tmin\tmean\tcomponents\tbytes")
    log = args.log.open("a", encoding="utf-8") if args.log else None
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(build, p, s, args.target, max(1, args.seeds)) for p, s in left]
        for future in as_completed(futures):
            line = future.result()
            print(line, flush=True)
            if log is not None:
                log.write(line + "\n")
                log.flush()
    if log is not None:
        log.close()
    sys.exit(0)


if __name__ == "__main__":
    main()

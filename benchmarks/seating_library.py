"""How long ``mjref seating generate`` takes as a whole process, from the library of seat
plans and (``--search``) from the generator, size by size.

Each size is run as its own process (the ``mjref`` script beside the Python running
this: ``mjref seating generate --players N --sessions S --seed 7 --json``), as the
organiser runs it. The wall time and the CPU time (user and system) include Python's
start-up and the imports; on a shared machine the wall time mostly measures the wait for
a core. A line per size: players, sessions, wall and CPU seconds, whether the plan came
from the library, and the figures (repeats, wind spread, revisits, fewest and mean common
opponents). Usage::

    python benchmarks/seating_library.py                 # every stored size
    python benchmarks/seating_library.py --sizes 16x4 40x7 64x7 --search
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from mjref.seating import library

TARGET_SECONDS = 2.0
"""The issue's target for a stored size, as a whole process."""


def run(players: int, sessions: int, search: bool) -> tuple[float, float, dict[str, object]]:
    """Wall seconds, CPU seconds (user and system, of the process) and the document."""
    command = [str(Path(sys.executable).parent / "mjref"), "seating", "generate"]
    command += ["--players", str(players), "--sessions", str(sessions), "--seed", "7", "--json"]
    if search:
        command.append("--search")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    document: dict[str, object] = json.loads(done.stdout)
    return seconds, cpu, document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="*", help="NxS, e.g. 40x7 (default: every stored size)")
    parser.add_argument("--search", action="store_true", help="run the generator (--search)")
    args = parser.parse_args()
    sizes = (
        [tuple(int(x) for x in size.split("x")) for size in args.sizes]
        if args.sizes
        else sorted(library.stored_sizes())
    )
    print(f"# load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("players\tsessions\twall_s\tcpu_s\tlibrary\trepeats\twind\trevisits\tmin\tmean")
    slow = 0
    for players, sessions in sizes:
        try:
            seconds, cpu, document = run(players, sessions, args.search)
        except subprocess.CalledProcessError as failed:
            last = (failed.stderr or "").strip().splitlines()[-1:]
            print(f"{players}\t{sessions}\tfailed\t{failed.returncode}\t{last}", flush=True)
            continue
        steps = document.get("method_steps")
        served = isinstance(steps, list) and steps[-1]["key"] == "seating.method.library"
        m = document["metrics"]
        assert isinstance(m, dict)
        slow += served and cpu > TARGET_SECONDS
        print(
            f"{players}\t{sessions}\t{seconds:.2f}\t{cpu:.2f}\t{'yes' if served else 'no'}\t"
            f"{m['repeated_meetings']}\t{m['wind_spread']}\t{m['table_revisits']}\t"
            f"{m['min_common_opponents']}\t{m['mean_common_opponents']}",
            flush=True,
        )
    print(f"# {len(sizes)} sizes; from the library over {TARGET_SECONDS} s of CPU: {slow}")
    print(f"# load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

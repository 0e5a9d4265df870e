"""Benchmark: how long a command takes from the shell, against importing Typer and Pydantic.

Issue 8 (item 10) asks that ``mjref --help``, a single-hand judge and a ruling start within
2.5 times the time of ``python -c "import typer, pydantic"`` (the anchor: the least any
command built on those two libraries pays). Each command runs as a fresh process of this
virtual environment's Python, several times in turn with the anchor, after one run each
that leaves the compiled byte code in place as an installed package has it; the figure is
the median wall time (the best is printed too), so that other work on the machine weighs
on both alike. Output goes to a pipe, as in a script.

Prints seconds per command and the ratio to the anchor. Not a test: nothing here fails.

    .venv/bin/python benchmarks/startup.py [runs (15)]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

TARGET = 2.5
MJREF = ("-c", "from mjref.cli.main import main; main()")

COMMANDS: dict[str, tuple[str, ...]] = {
    'python -c "import typer, pydantic" (anchor)': ("-c", "import typer, pydantic"),
    "mjref --help": (*MJREF, "--help"),
    "mjref mcr judge HAND": (*MJREF, "mcr", "judge", "[123s](7777p)EE45678s+9s"),
    "mjref mcr judge HAND --json": (*MJREF, "mcr", "judge", "[123s](7777p)EE45678s+9s", "--json"),
    "mjref riichi judge HAND": (*MJREF, "riichi", "judge", "[PPP]234m567p33s67s+8s"),
    "mjref rule INCIDENT -f ...": (
        *MJREF,
        *("rule", "changed-call", "-r", "rcr-2016", "-f", "first=hu", "-f", "second=pung"),
        *("-f", "winning_hand=false", "-f", "revealed=none"),
    ),
    "mjref rule INCIDENT (MCR, --lang it)": (
        *MJREF,
        *("rule", "tiles-knocked-over", "-r", "mers-2010", "-f", "whose=own", "--lang", "it"),
    ),
}


# As installed: Python keeps each module's compiled byte code (a sandbox or CI may switch it
# off with PYTHONDONTWRITEBYTECODE, making every start compile mjref's sources again).
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _once(args: tuple[str, ...]) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, check=False, env=ENVIRONMENT
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        message = done.stderr.decode(errors="replace").strip()
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): {message}")
    return elapsed


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for args in COMMANDS.values():
        _once(args)  # compiled byte code and file caches warm for every command alike
    for _ in range(runs):
        for name, args in COMMANDS.items():
            times[name].append(_once(args))
    anchor = statistics.median(next(iter(times.values())))
    print(f"median of {runs} fresh processes each; target: at most {TARGET} x the anchor\n")
    print(f"{'command':<42} {'median s':>9} {'best s':>7} {'x anchor':>9}")
    for name, measured in times.items():
        median = statistics.median(measured)
        ratio = median / anchor
        mark = "" if name.endswith("(anchor)") else ("  ok" if ratio <= TARGET else "  over")
        print(f"{name:<42} {median:>9.3f} {min(measured):>7.3f} {ratio:>9.2f}{mark}")


if __name__ == "__main__":
    main()

"""Seating benchmark: metrics, theoretical limits and time per generated schedule.

Run ``python benchmarks/seating.py`` for the full table (16 to 200 players in steps
of 4, 1 to 15 sessions: a long run), or a part of it, e.g.
``python benchmarks/seating.py --max-players 48 --sessions 10-15``.

Columns: players N, sessions S, the repeat-free limit (N - 1) // 3, repeated
meetings and their lower bound, pairs meeting more than twice, wind spread, table
revisits and their simple lower bound N * max(0, S - N / 4), the smallest number
of common opponents of two players who never meet, the seconds taken, and
whether the issue's targets hold for that row. The targets: zero repeated
meetings for S <= the limit when N is 16, 24, 28, 32, 36, 40, 44 or 48; zero for
S <= min(15, limit - 1) for every N; past the limit, repeats at or near the lower
bound; wind spread at most 1. This is not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import sys
import time

from mjref.seating.generate import generate
from mjref.seating.limits import (
    repeat_free_limit,
    repeat_lower_bound,
    revisit_lower_bound,
    wind_spread_bound,
)
from mjref.seating.metrics import measure

AT_LIMIT = (16, 24, 28, 32, 36, 40, 44, 48)


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def target_zero(players: int, sessions: int) -> bool:
    """Whether the issue requires zero repeated meetings for this size."""
    limit = repeat_free_limit(players)
    if players in AT_LIMIT and sessions <= limit:
        return True
    return sessions <= min(15, limit - 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-players", type=int, default=16)
    parser.add_argument("--max-players", type=int, default=200)
    parser.add_argument("--step", type=int, default=4)
    parser.add_argument("--sessions", type=span, default=span("1-15"), help="e.g. 15 or 1-15")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    header = (
        f"{'N':>4} {'S':>3} {'limit':>5} {'repeats':>7} {'bound':>5} {'>2':>3} {'wind':>4} "
        f"{'revisits':>8} {'bound':>5} {'common':>6} {'seconds':>7}  target  method"
    )
    print(header, flush=True)
    failures: list[str] = []
    slowest = 0.0
    total = 0.0
    rows = 0
    for players in range(args.min_players, args.max_players + 1, args.step):
        for sessions in args.sessions:
            start = time.process_time()
            generated = generate(players, sessions, seed=args.seed)
            seconds = time.process_time() - start
            metrics = measure(generated.schedule)
            limit = repeat_free_limit(players)
            bound = repeat_lower_bound(players, sessions)
            notes = []
            if target_zero(players, sessions) and metrics.repeated_meetings:
                notes.append("repeats")
            if metrics.wind_spread > max(1, wind_spread_bound(sessions)):
                notes.append("wind")
            if seconds > 60:
                notes.append("time")
            verdict = "FAIL " + ",".join(notes) if notes else "ok"
            if notes:
                failures.append(f"N={players} S={sessions}: {verdict}")
            common = metrics.min_common_opponents
            print(
                f"{players:>4} {sessions:>3} {limit:>5} {metrics.repeated_meetings:>7} "
                f"{bound:>5} {metrics.pairs_meeting_more_than_twice:>3} "
                f"{metrics.wind_spread:>4} {metrics.table_revisits:>8} "
                f"{revisit_lower_bound(players, sessions):>5} "
                f"{'-' if common is None else common:>6} {seconds:>7.2f}  {verdict:<6}  "
                f"{generated.method.split(' (')[0]}",
                flush=True,
            )
            slowest = max(slowest, seconds)
            total += seconds
            rows += 1
    print(
        f"\n{rows} schedules, {total:.1f} s in all, {total / max(1, rows):.2f} s on average, "
        f"slowest {slowest:.2f} s (CPU time of one core)"
    )
    print("targets: all met" if not failures else "targets NOT met:\n  " + "\n  ".join(failures))
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())

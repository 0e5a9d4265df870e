"""Seating benchmark: metrics, theoretical limits and time per generated schedule, side by
side with the published schedules' figures.

Run ``python benchmarks/seating.py`` for the full table (16 to 200 players in steps
of 4, 1 to 15 sessions: a long run), or a part of it, e.g.
``python benchmarks/seating.py --max-players 48 --sessions 10-15``;
``--published`` keeps only the sizes the published schedules cover (16 to 172 players,
4 to 15 sessions); ``--jobs 2`` runs two schedules at a time.

Columns: players N, sessions S, the repeat-free limit (N - 1) // 3, repeated meetings
and their lower bound, pairs meeting more than twice, wind spread, table revisits and
their simple lower bound N * max(0, S - N / 4), the connected components of the field,
the smallest and the mean number of common opponents of two players who never meet
(indirect meetings), the seconds taken, and whether the targets hold for that row.
Where ``benchmarks/data/aim_published.csv`` has the published plan's figures for the
size (Smith's seat plans, measured by the same checker), they follow after ``|``:
repeats, wind, revisits, indirect minimum and mean; and ``worse:`` names every figure
in which mjref's plan is worse (repeats, wind spread, revisits, indirect minimum lower,
indirect mean more than 2% lower, more than one component).

The targets: zero repeated meetings for S <= the limit when N is 16, 24, 28, 32, 36,
40, 44 or 48, and for S <= min(15, limit - 1) for every N; wind spread at most 1; one
connected field for S >= 2; at most 60 s per plan. This is not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from mjref.seating.generate import generate
from mjref.seating.limits import (
    repeat_free_limit,
    repeat_lower_bound,
    revisit_lower_bound,
    wind_spread_bound,
)
from mjref.seating.metrics import Metrics, measure

AT_LIMIT = (16, 24, 28, 32, 36, 40, 44, 48)
PUBLISHED = Path(__file__).parent / "data" / "aim_published.csv"
MEAN_TOLERANCE = 0.02


@dataclass(frozen=True, slots=True)
class Published:
    repeats: int
    wind: int
    revisits: int
    indirect_min: int | None
    indirect_mean: float | None


def read_published(path: Path = PUBLISHED) -> dict[tuple[int, int], Published]:
    found: dict[tuple[int, int], Published] = {}
    if not path.exists():
        return found
    with path.open(encoding="utf-8") as file:
        rows = csv.DictReader(line for line in file if not line.startswith("#"))
        for row in rows:
            found[int(row["players"]), int(row["sessions"])] = Published(
                int(row["repeats"]),
                int(row["wind_spread"]),
                int(row["table_revisits"]),
                int(row["indirect_min"]) if row["indirect_min"] else None,
                float(row["indirect_mean"]) if row["indirect_mean"] else None,
            )
    return found


def span(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def target_zero(players: int, sessions: int) -> bool:
    """Whether zero repeated meetings is required for this size."""
    limit = repeat_free_limit(players)
    if players in AT_LIMIT and sessions <= limit:
        return True
    return sessions <= min(15, limit - 1)


def worse_than(metrics: Metrics, published: Published) -> list[str]:
    """The figures in which ``metrics`` is worse than the published plan's."""
    worse = []
    if metrics.repeated_meetings > published.repeats:
        worse.append("repeats")
    if metrics.wind_spread > published.wind:
        worse.append("wind")
    if metrics.table_revisits > published.revisits:
        worse.append("revisits")
    ours_min, theirs_min = metrics.min_common_opponents, published.indirect_min
    if theirs_min is not None and ours_min is not None and ours_min < theirs_min:
        worse.append("indirect-min")
    ours_mean, theirs_mean = metrics.mean_common_opponents, published.indirect_mean
    if (
        theirs_mean is not None
        and ours_mean is not None
        and ours_mean < theirs_mean * (1 - MEAN_TOLERANCE)
    ):
        worse.append("indirect-mean")
    if metrics.components > 1:
        worse.append("components")
    return worse


def run_one(size: tuple[int, int, int]) -> tuple[int, int, float, Metrics, str]:
    players, sessions, seed = size
    start = time.process_time()
    generated = generate(players, sessions, seed=seed)
    seconds = time.process_time() - start
    method = "; ".join(step.english() for step in generated.method)
    return players, sessions, seconds, measure(generated.schedule), method


def _figure(value: object) -> str:
    return "-" if value is None else str(value)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--min-players", type=int, default=16)
    parser.add_argument("--max-players", type=int, default=200)
    parser.add_argument("--step", type=int, default=4)
    parser.add_argument("--sessions", type=span, default=span("1-15"), help="e.g. 15 or 1-15")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--published", action="store_true", help="only the published sizes")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    published = read_published()
    sizes = [
        (players, sessions, args.seed)
        for players in range(args.min_players, args.max_players + 1, args.step)
        for sessions in args.sessions
        if not args.published or ((players, sessions) in published and sessions >= 4)
    ]
    header = (
        f"{'N':>4} {'S':>3} {'limit':>5} {'repeats':>7} {'bound':>5} {'>2':>3} {'wind':>4} "
        f"{'revisits':>8} {'bound':>5} {'comp':>4} {'min':>4} {'mean':>7} {'seconds':>7}  "
        f"target | published: repeats wind revisits min mean  worse  method"
    )
    print(header, flush=True)
    failures: list[str] = []
    worse_rows: list[str] = []
    slowest = total = 0.0
    rows = 0
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for players, sessions, seconds, metrics, method in pool.map(run_one, sizes):
            notes = []
            if target_zero(players, sessions) and metrics.repeated_meetings:
                notes.append("repeats")
            if metrics.wind_spread > max(1, wind_spread_bound(sessions)):
                notes.append("wind")
            if sessions >= 2 and metrics.components > 1:
                notes.append("components")
            if seconds > 60:
                notes.append("time")
            verdict = "FAIL " + ",".join(notes) if notes else "ok"
            if notes:
                failures.append(f"N={players} S={sessions}: {verdict}")
            theirs = published.get((players, sessions))
            side = ""
            if theirs is not None:
                worse = worse_than(metrics, theirs)
                side = (
                    f"| {theirs.repeats:>4} {theirs.wind:>4} {theirs.revisits:>8} "
                    f"{_figure(theirs.indirect_min):>4} {_figure(theirs.indirect_mean):>7}  "
                    f"{','.join(worse) or '-'}"
                )
                if worse:
                    worse_rows.append(f"N={players} S={sessions}: {','.join(worse)}")
            mean = metrics.mean_common_opponents
            print(
                f"{players:>4} {sessions:>3} {repeat_free_limit(players):>5} "
                f"{metrics.repeated_meetings:>7} {repeat_lower_bound(players, sessions):>5} "
                f"{metrics.pairs_meeting_more_than_twice:>3} {metrics.wind_spread:>4} "
                f"{metrics.table_revisits:>8} {revisit_lower_bound(players, sessions):>5} "
                f"{metrics.components:>4} {_figure(metrics.min_common_opponents):>4} "
                f"{_figure(mean):>7} {seconds:>7.2f}  {verdict:<6} {side}  "
                f"{method.split(' (')[0]}",
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
    print(
        "no worse than the published plans anywhere"
        if not worse_rows
        else f"worse than the published plan in {len(worse_rows)} sizes:\n  "
        + "\n  ".join(worse_rows)
    )
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())

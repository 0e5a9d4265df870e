"""The library of seat plans: every stored plan checked, relabelling, when it serves."""

from __future__ import annotations

import subprocess
import sys
import zlib
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjref.seating
from mjref.players import PlayerId
from mjref.seating import library, sizes
from mjref.seating.constraints import ApartGroup
from mjref.seating.generate import Generated, generate, quality
from mjref.seating.limits import repeat_free_limit
from mjref.seating.metrics import measure
from mjref.seating.schedule import Schedule, as_sessions
from mjref.seating.sizes import Fill, plan
from tests.seating import brute

PLANS = list(library.stored_plans())
FOLDER = Path(mjref.seating.__file__).parent / library.PLANS_FOLDER
LIBRARY_BYTES = 5 * 1024 * 1024
"""The library's total size must stay within a few MB (the issue's bound)."""


def _id(stored: library.StoredPlan) -> str:
    return f"{stored.schedule.players}x{stored.schedule.session_count}"


def test_the_library_holds_plans_and_stays_small() -> None:
    assert len(PLANS) >= 20
    files = list(FOLDER.glob(f"*{library.SUFFIX}"))
    # (>=: a build running beside the tests may add files after the library was read)
    assert len(files) >= len(PLANS) == len(library.stored_sizes())
    assert sum(f.stat().st_size for f in files) <= LIBRARY_BYTES
    for players, sessions in library.stored_sizes():
        assert library.in_range(players, sessions)


@pytest.mark.parametrize("stored", PLANS, ids=_id)
def test_every_stored_plan_is_sound_and_has_the_figures_it_claims(
    stored: library.StoredPlan,
) -> None:
    schedule = stored.schedule
    players, tables = schedule.players, schedule.players // 4
    assert library.in_range(players, schedule.session_count)
    seats: dict[int, Counter[int]] = {p: Counter() for p in range(1, players + 1)}
    visits: Counter[tuple[int, int]] = Counter()
    pairs: Counter[tuple[int, int]] = Counter()
    for session in schedule.sessions:
        # Every player exactly once per session, at full tables.
        assert len(session) == tables
        assert sorted(p for table in session for p in table) == list(range(1, players + 1))
        for number, table in enumerate(session):
            for seat, player in enumerate(table):
                seats[player][seat] += 1
                visits[player, number] += 1
            pairs.update(combinations(sorted(table), 2))
    spread = max(max(c[s] for s in range(4)) - min(c[s] for s in range(4)) for c in seats.values())
    claimed = stored.metrics
    assert claimed == measure(schedule)
    assert claimed.wind_spread == spread
    assert claimed.table_revisits == sum(v - 1 for v in visits.values())
    assert claimed.repeated_meetings == sum(m - 1 for m in pairs.values())
    # One session is one draw: each table is a field of its own.
    assert claimed.components == (tables if schedule.session_count == 1 else 1)
    assert claimed.byes == 0
    assert stored.method
    assert stored.seed >= 0
    if players <= 32:
        sessions = schedule.sessions
        assert claimed.min_common_opponents == brute.min_common_opponents(players, sessions)


def test_few_sessions_are_stored_without_a_revisit_or_a_repeat() -> None:
    # At most a third as many sessions as tables, and no more than a plan without
    # repeats allows: the generator's targets (test_generate.py), for every size stored.
    few = [
        stored
        for stored in PLANS
        if 3 * stored.schedule.session_count <= stored.schedule.players // 4
        and stored.schedule.session_count <= repeat_free_limit(stored.schedule.players)
    ]
    assert len(few) >= 600
    for stored in few:
        metrics = stored.metrics
        assert (metrics.table_revisits, metrics.repeated_meetings) == (0, 0), _id(stored)
        assert metrics.wind_spread <= 1, _id(stored)


@pytest.mark.parametrize("stored", PLANS[:12], ids=_id)
@pytest.mark.parametrize("seed", [1, 7, 2**64 - 1])
def test_relabelling_keeps_every_figure_and_changes_the_plan(
    stored: library.StoredPlan, seed: int
) -> None:
    relabelled = library.relabel(stored.schedule, seed)
    assert measure(relabelled) == stored.metrics
    assert relabelled != stored.schedule
    assert relabelled == library.relabel(stored.schedule, seed)  # same seed, same plan


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_relabelling_any_plan_by_any_seed_keeps_its_figures(seed: int, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from([8, 12, 16]))
    sessions = []
    for _ in range(data.draw(st.integers(1, 5))):
        order = data.draw(st.permutations(range(1, players + 1)))
        sessions.append([order[i : i + 4] for i in range(0, players, 4)])
    schedule = Schedule(players, as_sessions(sessions))
    assert measure(library.relabel(schedule, seed)) == measure(schedule)


def test_a_plan_is_served_from_the_library_relabelled_by_the_seed() -> None:
    stored = library.load(20, 4)
    assert stored is not None
    served = plan(20, 4, seed=5)
    assert served.generated.schedule == library.relabel(stored.schedule, 5)
    assert served.generated.method[-1].key == "seating.method.library"
    assert served.generated.method[:-1] == stored.method
    # No worse than the generator gives for the size (the stored plan is its seed-0 plan).
    assert quality(measure(served.generated.schedule)) <= quality(
        measure(generate(20, 4, 0).schedule)
    )


@pytest.mark.parametrize(
    ("players", "sessions", "size"),
    [(7, 3, 8), (8, 2, 8), (12, 1, 12), (11, 15, 12), (64, 3, 64), (250, 2, 252)],
)
def test_club_evenings_and_short_events_are_served_from_the_library_too(
    players: int, sessions: int, size: int
) -> None:
    # Two or three tables, and one to three sessions, took the generator 1 to 7 s of
    # CPU (8 x 2: 2.7 s) before they were stored.
    stored = library.load(size, sessions)
    assert stored is not None
    assert sizes.served_from_library(players, sessions)
    served = plan(players, sessions, seed=11)
    assert served.generated.schedule == library.relabel(stored.schedule, 11)
    assert served.generated.method[-1].key == "seating.method.library"
    assert served.substitutes == tuple(range(players + 1, size + 1))


def test_players_short_of_full_tables_are_seated_from_the_next_table_count() -> None:
    stored = library.load(20, 4)
    assert stored is not None
    served = plan(18, 4, seed=3)
    assert served.substitutes == (19, 20)
    assert served.generated.schedule == library.relabel(stored.schedule, 3)


@pytest.fixture
def generator_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Replace the generator (and its byes variant) by a recorder: the test sees which
    path ``plan`` takes without paying for a search."""
    calls: list[str] = []
    marker = Schedule(4, as_sessions([[[1, 2, 3, 4]]]))

    def fake(name: str) -> object:
        def run(players: int, *args: object) -> Generated:
            calls.append(f"{name} {players}")
            return Generated(marker, ())

        return run

    monkeypatch.setattr(sizes, "generate", fake("generate"))
    monkeypatch.setattr(sizes, "generate_with_byes", fake("byes"))
    return calls


@pytest.mark.parametrize(
    ("players", "sessions", "options", "expected"),
    [
        (20, 4, {"search": True}, "generate 20"),
        (20, 4, {"groups": (ApartGroup("club", (PlayerId(1), PlayerId(2))),)}, "generate 20"),
        (18, 4, {"fill": Fill.BYES}, "byes 18"),
        (20, 4, {"effort": 0.5}, "generate 20"),
        (4, 4, {}, "generate 4"),  # one table
        (20, 16, {}, "generate 20"),  # more than 15 sessions
        (260, 4, {}, "generate 260"),  # more than 64 tables
    ],
)
def test_the_generator_runs_where_the_library_cannot_serve(
    generator_calls: list[str],
    players: int,
    sessions: int,
    options: dict[str, object],
    expected: str,
) -> None:
    planned = plan(players, sessions, 0, **options)  # type: ignore[arg-type]
    assert generator_calls == [expected]
    assert planned.generated.method == ()
    # what the command line asks before saying it is working
    assert not sizes.served_from_library(players, sessions, **options)  # type: ignore[arg-type]


def test_a_size_not_yet_built_falls_back_to_the_generator(
    generator_calls: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(library, "stored_sizes", lambda: frozenset())
    plan(20, 4, 0)
    assert generator_calls == ["generate 20"]


def test_the_round_trip_keeps_plan_method_and_figures() -> None:
    generated = generate(20, 2, seed=4, effort=0.05)  # any plan with its method will do
    metrics = measure(generated.schedule)
    stored = library.decode(library.encode(generated.schedule, generated.method, metrics, 4))
    assert (stored.schedule, stored.method, stored.metrics, stored.seed) == (
        generated.schedule,
        generated.method,
        metrics,
        4,
    )


@pytest.mark.parametrize(
    "blob",
    [b"", b"not zlib", zlib.compress(b"no header"), zlib.compress(b"{}\n")],
)
def test_a_broken_file_is_refused(blob: bytes) -> None:
    with pytest.raises(library.LibraryError):
        library.decode(blob)


def test_a_file_whose_seats_do_not_match_its_header_is_refused() -> None:
    good = library.encode(*_small())
    raw = zlib.decompress(good)
    with pytest.raises(library.LibraryError, match="seats stored"):
        library.decode(zlib.compress(raw[:-1]))


def _small() -> tuple[Schedule, tuple[()], mjref.seating.Metrics, int]:
    schedule = Schedule(8, as_sessions([[[1, 2, 3, 4], [5, 6, 7, 8]]]))
    return schedule, (), measure(schedule), 0


def test_the_build_script_stores_a_size_once_and_skips_it_after(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parents[2] / "scripts" / "build_seat_plans.py"
    command = [sys.executable, str(script), "--tables", "5", "--sessions", "4"]
    command += ["--target", str(tmp_path)]
    first = subprocess.run(command, capture_output=True, text=True, check=True)
    assert first.stdout.splitlines()[1].startswith("20\t4\t")
    built = tmp_path / library.file_name(20, 4)
    stored = library.decode(built.read_bytes())
    assert stored.metrics == measure(stored.schedule)
    assert not list(tmp_path.glob("*.tmp"))  # written aside, then renamed
    again = subprocess.run(command, capture_output=True, text=True, check=True)
    assert again.stdout.splitlines()[1:] == []  # nothing left to build
    listed = subprocess.run([*command, "--list"], capture_output=True, text=True, check=True)
    assert listed.stdout.startswith("1 of 1 sizes stored")
    best_of_three = tmp_path / "best"
    more = [*command[:-1], str(best_of_three), "--seeds", "3"]
    subprocess.run(more, capture_output=True, text=True, check=True)
    chosen = library.decode((best_of_three / library.file_name(20, 4)).read_bytes())
    for seed in range(3):
        assert quality(chosen.metrics) <= quality(measure(generate(20, 4, seed).schedule))
    assert measure(generate(20, 4, chosen.seed).schedule) == chosen.metrics

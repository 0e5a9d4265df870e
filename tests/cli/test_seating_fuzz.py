"""Bad input to ``mjref seating``, generated: never a traceback, a hang or a memory blow-up.

Every input path is fuzzed — plan files, standings files, groups files and the options
(numbers of any size) — and each run must end with exit code 0, or exit code 2 and one
``error:`` line on standard error that names the place. Inputs are small, so each run
must also be quick (the ``deadline``), and the process must not have grown large.
"""

from __future__ import annotations

import json
import resource
from pathlib import Path
from typing import Any

from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjref.cli.main import app

runner = CliRunner()

FUZZ = settings(
    max_examples=40,
    deadline=5000,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

numbers = st.one_of(
    st.integers(-5, 50),
    st.integers(-(10**40), 10**40),
    st.sampled_from([0, 1, 999, 1000, 1001, 10**9, 2**63, 2**64, -(2**63)]),
)
scalars = st.one_of(
    st.none(), st.booleans(), numbers, st.floats(allow_nan=False), st.text(max_size=5)
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=40,
)

GOOD_PLAN = {
    "players": 16,
    "sessions": [
        [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]],
        [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]],
        [[1, 6, 11, 16], [2, 5, 12, 15], [3, 8, 9, 14], [4, 7, 10, 13]],
    ],
}


@st.composite
def plans(draw: st.DrawFn) -> Any:
    """Mostly a good plan with one part replaced; sometimes anything at all."""
    if draw(st.booleans()):
        return draw(json_values)
    plan = json.loads(json.dumps(GOOD_PLAN))
    where = draw(st.sampled_from(["players", "sessions", "session", "table", "seat", "key"]))
    value = draw(json_values)
    if where == "players":
        plan["players"] = value
    elif where == "sessions":
        plan["sessions"] = value
    elif where == "session":
        plan["sessions"][draw(st.integers(0, 2))] = value
    elif where == "table":
        plan["sessions"][draw(st.integers(0, 2))][draw(st.integers(0, 3))] = value
    elif where == "seat":
        plan["sessions"][draw(st.integers(0, 2))][draw(st.integers(0, 3))][
            draw(st.integers(0, 3))
        ] = value
    else:
        plan[draw(st.sampled_from(["substitutes", "metrics", "extra"]))] = value
    return plan


standings_texts = st.one_of(
    st.text(alphabet='0123456789 ,\n-x[]"', max_size=60),
    st.lists(numbers, max_size=20).map(lambda xs: " ".join(map(str, xs))),
    st.lists(numbers, max_size=20).map(json.dumps),
    st.permutations(list(range(1, 17))).map(lambda xs: "\n".join(map(str, xs))),
)


def assert_clean(result: Result) -> None:
    """Exit 0, or exit 2 with exactly one ``error:`` line; never a traceback."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 2), (result.exit_code, result.stderr)
    if result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("error: "), result.stderr
        assert len(lines[0]) > len("error: ") + 10, result.stderr  # says what (and where)


def run(*args: str) -> Result:
    return runner.invoke(app, ["seating", *args])


def write(path: Path, data: object) -> str:
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    return str(path)


@FUZZ
@given(plan=plans())
def test_check_any_plan_file(tmp_path: Path, plan: object) -> None:
    assert_clean(run("check", write(tmp_path / "plan.json", plan), "--json"))


@FUZZ
@given(groups=json_values)
def test_check_any_groups_file(tmp_path: Path, groups: object) -> None:
    plan = write(tmp_path / "plan.json", GOOD_PLAN)
    assert_clean(run("check", plan, "--groups", write(tmp_path / "groups.json", groups)))


@FUZZ
@given(text=standings_texts, played=st.one_of(st.none(), numbers))
def test_swiss_any_standings(tmp_path: Path, text: str, played: int | None) -> None:
    plan = write(tmp_path / "plan.json", GOOD_PLAN)
    args = ["swiss", plan, "--standings", write(tmp_path / "standings.txt", text)]
    if played is not None:
        args += ["--played", str(played)]
    assert_clean(run(*args))


@FUZZ
@given(plan=plans())
def test_swiss_any_plan_file(tmp_path: Path, plan: object) -> None:
    standings = write(tmp_path / "standings.txt", " ".join(map(str, range(1, 17))))
    assert_clean(run("swiss", write(tmp_path / "plan.json", plan), "--standings", standings))


@FUZZ
@given(
    played=numbers,
    drops=st.lists(numbers, max_size=3),
    adds=st.lists(numbers, max_size=3),
    substitutes=st.lists(st.text(alphabet="0123456789:x -", max_size=12), max_size=2),
    fill=st.sampled_from([None, "byes", "substitutes", "bogus"]),
    seed=numbers,
)
def test_repair_any_options(
    tmp_path: Path,
    played: int,
    drops: list[int],
    adds: list[int],
    substitutes: list[str],
    fill: str | None,
    seed: int,
) -> None:
    args = ["repair", write(tmp_path / "plan.json", GOOD_PLAN), "--played", str(played)]
    args += [f"--drop={p}" for p in drops] + [f"--add={p}" for p in adds]
    args += [f"--substitute={s}" for s in substitutes] + [f"--seed={seed}"]
    if fill is not None:
        args.append(f"--fill={fill}")
    assert_clean(run(*args))


@settings(parent=FUZZ, deadline=None)  # a real plan (seconds) when the sizes are valid
@given(
    players=st.one_of(st.integers(-(10**30), 3), st.integers(4, 24), st.integers(1001, 10**30)),
    sessions=st.one_of(st.integers(-(10**30), 0), st.integers(1, 4), st.integers(61, 10**30)),
    seed=numbers,
    fill=st.sampled_from([None, "byes", "substitutes", "bogus"]),
)
def test_generate_any_sizes(players: int, sessions: int, seed: int, fill: str | None) -> None:
    args = ["generate", f"--players={players}", f"--sessions={sessions}", f"--seed={seed}"]
    if fill is not None:
        args.append(f"--fill={fill}")
    assert_clean(run(*args, "--json"))


def test_the_reported_cases() -> None:
    """The inputs that ran away or were wrongly accepted before."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        plan = write(tmp / "plan.json", GOOD_PLAN)
        huge = run("swiss", plan, "--standings", write(tmp / "s.txt", "1 1000000000"))
        assert_clean(huge)
        assert "1000000000 is not a player number" in huge.stderr
        billion = write(tmp / "big.json", {"players": 10**9, "sessions": [[[1, 2, 3, 4]]]})
        result = run("check", billion)
        assert_clean(result)
        assert "at most 1000 players" in result.stderr
        phantom = run("swiss", plan, "--standings", write(tmp / "p.txt", "1 2 3 4 500"))
        assert "player 500 is not in the schedule" in phantom.stderr
        assert (
            "error: --add: 0 is not a player number"
            in run("repair", plan, "--played", "1", "--add", "0").stderr
        )
        empty = run("swiss", plan, "--standings", "/dev/null")
        assert_clean(empty)
        assert "missing: 1, 2, 3" in empty.stderr
        assert "substitute" not in empty.stderr


def test_memory_stays_small_after_the_fuzzing() -> None:
    """Defined last, so it runs after the fuzzing above (pytest keeps the file's order)."""
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert peak_kib < 2 * 1024 * 1024  # 2 GiB: the runaway inputs grew to 24 GB

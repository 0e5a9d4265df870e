"""Benchmark: the MCR judge compiled with mypyc, against the same code interpreted.

Issue 8 asks for ``mjref mcr judge --jsonl`` at 0.05 of PyMahjongGB's throughput end to end
on one core; pure Python does not reach it (``docs/mcr-judge.md``, "Speed"). This script
measures what a compiled build of the same typed code would give, without changing the
package or its set-up:

1. copies ``src/mjref`` into a temporary directory and compiles the modules of the judge's
   hot path (:data:`COMPILED`) there with mypyc (``mypycify`` and setuptools'
   ``build_ext --inplace``); the modules of :data:`NOT_COMPILED` stay interpreted, each
   with the reason;
2. runs, each in a fresh process pinned to one core, on one seeded corpus of legal winning
   hands of every shape: PyMahjongGB (the anchor), the interpreted judge (the installed
   package) and the compiled copy (``PYTHONPATH`` pointing at it first), timing the Python
   API (first pass and warm) and the bulk path (one JSON line in and out);
3. feeds the corpus to ``mjref mcr judge --jsonl`` end to end, interpreted and compiled;
4. repeats 2 and 3 in rounds, so that every role meets much the same load from other work
   on the machine, and keeps each figure's best;
5. prints hands/second, the ratio to the anchor and to the interpreted code, and the number
   of output lines that differ between the interpreted and compiled runs (must be 0; the
   bulk path's comparison includes a few malformed lines, :data:`ODD_LINES`);
6. removes the temporary directory. Nothing is written under ``src/``.

It needs a C compiler and the Python headers (mypyc comes with the dev extras); without
them it says so and exits with status 2. The package itself never needs a compiler.

Run: ``.venv/bin/python benchmarks/compiled.py [--hands N] [--seed S] [--rounds R]
[--passes P]`` (about four minutes with the defaults on a 2-core machine). It is not part of
``make bench``, which must run without a compiler.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

COMPILED = (
    "mjref.tiles",
    "mjref.mcr",
    "mjref.services.mcr",
    "mjref.wire.fields",
    "mjref.wire.jsonl",
    "mjref.wire.jsonread",
    "mjref.wire.mcr_plain",
    "mjref.wire.output",
)
"""Packages (every module in them) and modules compiled with mypyc: the judge's hot path."""

NOT_COMPILED = {
    "mjref.wire.mcr": (
        "it declares pydantic models: mypyc 2.4.1 writes C for them that gcc rejects "
        "('CPyModule_pydantic___main' undeclared); with 'import pydantic.main' added, the "
        "module compiles but fails at import, as mypyc checks a field's default "
        "'Field(None, ...)' against the field's type (TypeError: None object expected; "
        "got pydantic.fields.FieldInfo). On the hot path it keeps only mcr_hand_from_json, "
        "a short wrapper; the plain-hand reader and the verdict writer are in "
        "mjref.wire.mcr_plain, which compiles"
    ),
    "mjref.wire.messages": (
        "it declares pydantic models: the same C that gcc rejects; it words findings"
    ),
    "mjref.mcr.generate": (
        "mypyc 2.4.1 stops with an internal error (AssertionError in visit_star_expr) on a "
        "starred generator inside a tuple display; it only builds the benchmark's corpus"
    ),
    "mjref.mcr.fans": (
        "the Fan enum defines __init__; compiled, the members fail to build at import "
        "(TypeError: mjref.mcr.fans.Fan object expected; got mjref.mcr.fans.Fan)"
    ),
}
"""Modules of the judge's hot path left interpreted, with the reason."""

MYPY_INI = """\
[mypy]
python_version = 3.11
strict = True

[mypy-scipy.*,scipy,asgi_csrf]
ignore_missing_imports = True
"""

SETUP_PY = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="mjref-mypyc-benchmark",
    ext_modules=mypycify({paths!r}, opt_level="3", target_dir={target!r}),
)
"""

ROLES = ("anchor", "interpreted", "compiled")

ODD_LINES = (
    b"",
    b"   ",
    b"\xff",
    b"[1, 2]",
    b"{",
    b"NaN",
    b"1" * 40,
    b"[" * 40 + b"]" * 40,
    b'{"id": 1, "concealed": ["1m"], "win_tile": "1x"}',
    b'{"id": [2], "concealed": "1m", "win_tile": 3, "melds": [{"type": "pong"}]}',
    b'{"concealed": ["1m","1m","1m","1m","1m","2m","3m","4m","5m","6m","7m","8m","9m"],'
    b' "win_tile": "9m"}',
    b'{"concealed": ["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","5s"],'
    b' "win_tile": "9s", "lang": "fr"}',
    b'{"concealed": ["1m","2m","3m"], "win_tile": "4m", "flowers": 12, "lang": "xx"}',
    b'{"melds": [{"type": "chow", "tiles": ["1m","3m","5m"]}], "concealed": ["1m"],'
    b' "win_tile": "1m", "convention": "nonesuch"}',
)
"""Lines that are not legal wins (bad bytes, JSON, fields, hands), judged by the interpreted
and the compiled code (not timed) and compared, so that the error paths are compared too."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="corpus size (default 20000)")
    parser.add_argument("--seed", type=int, default=2026, help="corpus seed (default 2026)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, best kept (default 3)")
    parser.add_argument("--passes", type=int, default=2, help="timed passes a round (default 2)")
    parser.add_argument("--convention", default="mil", help="our convention (default mil)")
    parser.add_argument("--child", choices=ROLES, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        _child(args.child, args.out, args.hands, args.seed, args.passes, args.convention)
        return
    _check_toolchain()
    before = _shared_objects_in_src()
    with tempfile.TemporaryDirectory(prefix="mjref-mypyc-") as tmp:
        work = Path(tmp).resolve()
        if work.is_relative_to(SRC):
            raise SystemExit(f"the temporary directory {work} is inside {SRC}; set TMPDIR")
        build_root = work / "build"
        compiled = _build(build_root, work)
        pinning = _pin_to_one_core()
        results: dict[str, ChildResult] = {}
        cli: dict[str, float] = {}
        bulk_mismatches = cli_mismatches = 0
        # Rounds alternate the roles, so that each meets much the same load from other work.
        for round_number in range(1, args.rounds + 1):
            print(f"round {round_number} of {args.rounds}: ", end="", flush=True)
            for role in ROLES:
                print(f"{role} ...", end=" ", flush=True)
                result = _run_child(role, args, work, build_root)
                results[role] = result.best_with(results.get(role))
            bulk_mismatches += _mismatches(work / "interpreted.out", work / "compiled.out")
            outputs = []
            for role in ("interpreted", "compiled"):
                print(f"{role} end to end ...", end=" ", flush=True)
                rate, output = _cli_run(work / "corpus.jsonl", args.convention, role, build_root)
                cli[role] = max(rate, cli.get(role, 0.0))
                outputs.append(output)
            cli_mismatches += _mismatches(*outputs)
            print(flush=True)
        _report(args, pinning, compiled, results, cli, bulk_mismatches, cli_mismatches)
    if _shared_objects_in_src() != before:
        raise SystemExit(f"a compiled module appeared under {SRC}: remove it")
    if bulk_mismatches or cli_mismatches:
        raise SystemExit("the compiled build's output differs from the interpreted one")


def _check_toolchain() -> None:
    problems = []
    if importlib.util.find_spec("mypyc") is None:
        problems.append("mypyc is not installed (it comes with mypy: pip install -e '.[dev]')")
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")[0]
    if shutil.which(compiler) is None:
        problems.append(f"no C compiler: {compiler!r} is not on PATH")
    header = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not header.is_file():
        problems.append(f"no Python headers: {header} is missing (python3-dev)")
    if problems:
        print("cannot build the compiled judge:", *problems, sep="\n  ", file=sys.stderr)
        raise SystemExit(2)


def _module_files(package_root: Path) -> tuple[list[str], list[str]]:
    """The files to compile (relative to ``package_root``'s parent) and their modules."""
    files: list[str] = []
    modules: list[str] = []
    for name in COMPILED:
        path = package_root.parent.joinpath(*name.split("."))
        found = sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
        for file in found:
            relative = file.relative_to(package_root.parent)
            module = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
            if module not in NOT_COMPILED:
                files.append(relative.as_posix())
                modules.append(module)
    return files, modules


def _build(build_root: Path, work: Path) -> list[str]:
    shutil.copytree(
        SRC / "mjref",
        build_root / "mjref",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"),
    )
    files, modules = _module_files(build_root / "mjref")
    (build_root / "mypy.ini").write_text(MYPY_INI, encoding="utf-8")
    (build_root / "setup.py").write_text(
        SETUP_PY.format(paths=files, target=str(work / "c")), encoding="utf-8"
    )
    log = work / "build.log"
    print(f"compiling {len(files)} modules with mypyc in {build_root} ...", flush=True)
    start = time.perf_counter()
    with log.open("wb") as out:
        done = subprocess.run(
            [
                sys.executable,
                "setup.py",
                "build_ext",
                "--inplace",
                "--build-temp",
                str(work / "objects"),
            ],
            cwd=build_root,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=False,
        )
    if done.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-30:]
        print("the mypyc build failed; the end of its log:", *tail, sep="\n", file=sys.stderr)
        raise SystemExit(1)
    print(f"built in {time.perf_counter() - start:.0f} s", flush=True)
    return modules


def _shared_objects_in_src() -> set[Path]:
    return set(SRC.rglob("*.so"))


def _pin_to_one_core() -> str:
    try:
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
    except (AttributeError, OSError):
        return "not pinned"
    return f"pinned to core {core}"


def _env(role: str, build_root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if role == "compiled":
        env["PYTHONPATH"] = str(build_root)
    return env


@dataclass(frozen=True)
class ChildResult:
    """What one timing process measured."""

    rates: dict[str, float]
    corpus: str  # digest of the corpus it generated
    compiled_modules: list[str]  # modules of the package it loaded from an extension

    def best_with(self, other: ChildResult | None) -> ChildResult:
        """The better of each rate of this result and ``other`` (another round's)."""
        if other is None:
            return self
        if other.corpus != self.corpus:
            raise SystemExit("two rounds generated different corpora")
        best = {key: max(rate, other.rates[key]) for key, rate in self.rates.items()}
        return ChildResult(best, self.corpus, self.compiled_modules)


def _run_child(role: str, args: argparse.Namespace, work: Path, build_root: Path) -> ChildResult:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        role,
        "--out",
        str(work / f"{role}.out"),
        "--hands",
        str(args.hands),
        "--seed",
        str(args.seed),
        "--passes",
        str(args.passes),
        "--convention",
        args.convention,
    ]
    subprocess.run(command, env=_env(role, build_root), check=True)
    data = json.loads((work / f"{role}.json").read_text(encoding="utf-8"))
    return ChildResult(
        rates={key: float(value) for key, value in data["rates"].items()},
        corpus=str(data["corpus"]),
        compiled_modules=[str(name) for name in data["compiled_modules"]],
    )


def _best_rate(count: int, run: Callable[[], object], passes: int) -> float:
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def _child(role: str, out: Path, count: int, seed: int, passes: int, convention_id: str) -> None:
    """One fresh process: time one role on the corpus and write what it measured."""
    from mjref.mcr.conventions import get_convention
    from mjref.mcr.generate import corpus
    from mjref.mcr.judging import judge
    from mjref.wire.jsonl import judge_line, mcr_family
    from mjref.wire.mcr import mcr_hand_json

    hands = corpus(seed, count)
    lines = [json.dumps(mcr_hand_json(hand)) for hand in hands]
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    rates: dict[str, float] = {}
    if role == "anchor":
        sys.path.append(str(ROOT))  # tests.mcr.oracle; after the package on the path
        oracle = importlib.import_module("tests.mcr.oracle")
        calculator = importlib.import_module("MahjongGB").MahjongFanCalculator
        arguments = [oracle.call_arguments(hand) for hand in hands]

        def run_anchor() -> None:
            for kwargs in arguments:
                calculator(**kwargs)

        rates["anchor"] = _best_rate(count, run_anchor, passes)
        out.with_name("corpus.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    else:
        convention = get_convention(convention_id)
        family = mcr_family(convention)
        raw_lines = [line.encode() for line in lines]
        answers: list[str] = []

        def run_api() -> None:
            for hand in hands:
                judge(hand, convention)

        def run_bulk() -> None:
            answers[:] = [judge_line(family, raw, language="en") for raw in raw_lines]

        start = time.perf_counter()
        run_api()
        rates["api_cold"] = count / (time.perf_counter() - start)
        rates["api_warm"] = _best_rate(count, run_api, passes)
        rates["bulk_warm"] = _best_rate(count, run_bulk, passes)
        answers += [judge_line(family, raw, language="en") for raw in ODD_LINES]
        out.write_text("".join(answers), encoding="utf-8")
        if role == "compiled":  # load the rest too, to check that every one is compiled
            package_root = Path(importlib.import_module("mjref").__file__ or "").parent
            for module in _module_files(package_root)[1]:
                importlib.import_module(module)
    result = {"rates": rates, "corpus": digest, "compiled_modules": _compiled_modules()}
    out.with_suffix(".json").write_text(json.dumps(result), encoding="utf-8")


def _compiled_modules() -> list[str]:
    """The modules of the package that were loaded from a compiled extension."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    names = []
    for name in sorted(sys.modules):
        file = getattr(sys.modules[name], "__file__", None) or ""
        if name.startswith("mjref") and file.endswith(suffix):
            names.append(name)
    return names


def _cli_run(corpus: Path, convention: str, role: str, build_root: Path) -> tuple[float, Path]:
    """Hands/second of one ``mjref mcr judge --jsonl`` process fed the corpus, and its output."""
    mjref = Path(sys.executable).with_name("mjref")
    command = [str(mjref), "mcr", "judge", "--jsonl", "--convention", convention]
    env = _env(role, build_root)
    payload = corpus.read_bytes()
    count = payload.count(b"\n")
    path = corpus.with_name(f"cli-{role}.out")
    if not path.exists():  # a short run first: both pay for writing bytecode before timing
        first = payload[: payload.index(b"\n") + 1]
        subprocess.run(command, input=first, env=env, check=True, capture_output=True)
    start = time.perf_counter()
    done = subprocess.run(command, input=payload, env=env, capture_output=True, check=True)
    elapsed = time.perf_counter() - start
    answered = done.stdout.count(b"\n")
    if answered != count:
        raise SystemExit(f"the CLI ({role}) answered {answered} lines for {count}")
    path.write_bytes(done.stdout)
    return count / elapsed, path


def _mismatches(first: Path, second: Path) -> int:
    a = first.read_bytes().splitlines()
    b = second.read_bytes().splitlines()
    return sum(x != y for x, y in zip(a, b, strict=False)) + abs(len(a) - len(b))


def _report(
    args: argparse.Namespace,
    pinning: str,
    compiled: list[str],
    results: dict[str, ChildResult],
    cli: dict[str, float],
    bulk_mismatches: int,
    cli_mismatches: int,
) -> None:
    digests = {result.corpus for result in results.values()}
    if len(digests) != 1:
        raise SystemExit("the three processes generated different corpora")
    loaded = results["compiled"].compiled_modules
    if sorted(loaded) != sorted(compiled) or results["interpreted"].compiled_modules:
        raise SystemExit(f"compiled {compiled}, but the timed process loaded {loaded} compiled")
    anchor = results["anchor"].rates["anchor"]
    print()
    print(
        f"MCR judge, interpreted and compiled with mypyc: {args.hands} legal winning hands "
        f"of every shape, seed {args.seed}, convention {args.convention}, {pinning}; best of "
        f"{args.rounds} rounds of {args.passes} passes (end to end: of {args.rounds} runs)"
    )
    print(f"compiled ({len(compiled)}): {', '.join(compiled)}")
    for module, reason in NOT_COMPILED.items():
        print(f"interpreted: {module}: {reason}")
    print()
    header = f"{'what':<40}{'interpreted':>12}{'vs anchor':>10}{'compiled':>12}{'vs anchor':>10}"
    print(header + f"{'speed-up':>10}")
    print(f"{'PyMahjongGB 1.4.0 (C++, the anchor)':<40}{anchor:>12,.0f}{1:>10.3f}")
    rows = [
        (label, results["interpreted"].rates[key], results["compiled"].rates[key])
        for label, key in (
            ("judge(), Python API, first pass", "api_cold"),
            ("judge(), Python API, warm", "api_warm"),
            ("bulk path, JSON line in/out, warm", "bulk_warm"),
        )
    ]
    rows.append(("mjref mcr judge --jsonl, end to end", cli["interpreted"], cli["compiled"]))
    for label, slow, fast in rows:
        print(
            f"{label:<40}{slow:>12,.0f}{slow / anchor:>10.3f}"
            f"{fast:>12,.0f}{fast / anchor:>10.3f}{fast / slow:>10.2f}"
        )
    print()
    print(f"output lines differing, bulk path: {bulk_mismatches}; end to end: {cli_mismatches}")
    end_to_end = cli["compiled"] / anchor
    verdict = "reached" if end_to_end >= 0.05 else "NOT reached"
    print(f"target 0.05 of the anchor end to end, compiled: {end_to_end:.3f} -> {verdict}")


if __name__ == "__main__":
    main()

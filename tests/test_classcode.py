"""The dataclass methods compiled at build time (mjref.classcode, issue 28: start-up):
the stored file holds every text the timed commands compile, the classes made from it
are the same as those Python compiles, and nothing is used for another interpreter."""

from __future__ import annotations

import dataclasses
import marshal
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from mjref import classcode

ROOT = Path(__file__).resolve().parent.parent

STORED = classcode.load(classcode.store_path())


@pytest.mark.skipif(STORED is None, reason="no stored code for this Python")
def test_the_stored_code_holds_every_text_the_commands_compile() -> None:
    """Fails while ``scripts/compile_dataclasses.py`` has not been run after a
    dataclass changed (the command is then slower to start, never wrong)."""
    namespace = runpy.run_path(str(ROOT / "scripts" / "compile_dataclasses.py"))
    probe = f"COMMANDS = {namespace['COMMANDS']!r}\n" + namespace["RECORD"].replace(
        "classcode.write(seen, classcode.store_path())\n"
        'print(classcode.store_path(), len(seen), "texts")',
        "print(repr(sorted(seen)))",
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    texts = eval(done.stdout.strip().splitlines()[-1])  # a list of str, printed by repr
    assert STORED is not None
    missing = [text.splitlines()[1] for text in texts if text not in STORED]
    assert missing == [], "run scripts/compile_dataclasses.py"


@pytest.mark.skipif(STORED is None, reason="no stored code for this Python")
def test_stored_code_is_what_python_compiles() -> None:
    assert STORED is not None
    for text, code in list(STORED.items())[:200]:
        assert marshal.dumps(code) == marshal.dumps(classcode.compiled(text))


def test_classes_made_from_stored_code_are_the_same() -> None:
    """A frozen, slotted class with defaults, a factory and a return annotation, made
    with the stand-in (noting its texts), then made again from the noted code."""
    original = dataclasses._create_fn  # type: ignore[attr-defined]

    def make() -> type:
        @dataclasses.dataclass(frozen=True, slots=True, order=True)
        class Point:
            x: int
            y: int = 0
            tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)

        return Point

    try:
        plain = make()
        seen = classcode.record()
        noted = make()
        dataclasses._create_fn = classcode._maker(dict(seen))  # type: ignore[attr-defined]
        stored = make()
    finally:
        dataclasses._create_fn = original  # type: ignore[attr-defined]
    assert seen
    for kind in (plain, noted, stored):
        point = kind(1, tags=("a",))
        assert repr(point) == "test_classes_made_from_stored_code_are_the_same.<locals>." + (
            "make.<locals>.Point(x=1, y=0, tags=('a',))"
        )
        assert point == kind(1, 0, ("a",))
        assert hash(point) == hash(kind(1, 0, ("a",)))
        assert point < kind(2)
        with pytest.raises(dataclasses.FrozenInstanceError):
            point.x = 2
        assert vars(kind)["__init__"].__annotations__ == vars(plain)["__init__"].__annotations__


def test_nothing_is_used_for_another_interpreter(tmp_path: Path) -> None:
    path = tmp_path / "other.marshal"
    document = {"tag": "cpython-399", "fingerprint": classcode.fingerprint(), "code": {}}
    path.write_bytes(marshal.dumps(document))
    assert classcode.load(path) is None
    document = {"tag": sys.implementation.cache_tag, "fingerprint": "other", "code": {}}
    path.write_bytes(marshal.dumps(document))
    assert classcode.load(path) is None
    path.write_bytes(b"not marshal")
    assert classcode.load(path) is None
    assert classcode.load(tmp_path / "missing.marshal") is None


def test_the_fingerprint_is_the_same_in_every_process() -> None:
    probe = "from mjref import classcode; print(classcode.fingerprint())"
    runs = {
        subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    }
    assert len(runs) == 1

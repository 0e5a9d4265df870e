"""The methods of dataclasses compiled at build time, not at every start of a command.

Python's ``dataclasses`` writes each class's methods (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, ``__setattr__`` ...) as source text and compiles it when the
class is made. For ``mjref rule`` that is about 100 classes (mjref's and those of Typer
and Pydantic it loads) and, in instructions, about a fifth of the command's start-up:
the compiler, not the work (``docs/speed.md``). ``scripts/compile_dataclasses.py``
compiles those texts once and stores the code objects (``marshal``) in
``compiled/dataclasses-<tag>.marshal``; :func:`install` makes ``dataclasses`` take the
stored code for a text it holds, and compile any other text as before.

The stored code is what compiling the same text gives (the same call, the same flags),
so every class is the same as without it. The file is used only by the Python it was
made with: it records the interpreter's cache tag and a fingerprint of the
``dataclasses`` function it stands in for, and :func:`install` does nothing when either
differs (another Python version, a patched standard library) or the file is missing.
``tests/test_classcode.py`` fails while the stored file lacks a text the commands make.
"""

from __future__ import annotations

import dataclasses
import hashlib
import marshal
import sys
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "compiled"
FILENAME = "dataclasses-{tag}.marshal"


def store_path() -> Path:
    """The stored code for this interpreter (by its cache tag, e.g. ``cpython-311``)."""
    return FOLDER / FILENAME.format(tag=sys.implementation.cache_tag)


def fingerprint() -> str:
    """What identifies the standard library's ``dataclasses._create_fn`` (its byte code
    and constants): the stored code stands in for that function only."""
    function = getattr(dataclasses, "_create_fn", None)
    if function is None:
        return ""
    # Once installed (the mjref command, or a test that imported it), the standard
    # library's function is kept on its stand-in: fingerprint that one.
    function = getattr(function, "_mjref_original", function)
    digest = hashlib.sha256()
    _digest_code(function.__code__, digest)
    return digest.hexdigest()


def _digest_code(code: Any, digest: Any) -> None:
    """Feed ``code`` (its byte code, names and constants, nested code included) to
    ``digest``; nothing that changes between runs (no addresses)."""
    digest.update(code.co_code)
    digest.update(repr((code.co_names, code.co_varnames)).encode())
    for constant in code.co_consts:
        if hasattr(constant, "co_code"):
            _digest_code(constant, digest)
        else:
            digest.update(repr(constant).encode())


def compiled(text: str) -> Any:
    """``text`` compiled as ``dataclasses`` compiles it (``exec`` of the text from
    ``dataclasses``, which has no ``__future__`` import: no flags inherited)."""
    return compile(text, "<string>", "exec", dont_inherit=True)


def _function_text(
    name: str, args: list[str], body: list[str], local_names: list[str], returns: bool
) -> str:
    """The text ``dataclasses._create_fn`` (Python 3.11 and 3.12) compiles."""
    annotation = "->_return_type" if returns else ""
    inner = "\n".join(f"  {b}" for b in body)
    text = f" def {name}({','.join(args)}){annotation}:\n{inner}"
    return f"def __create_fn__({', '.join(local_names)}):\n{text}\n return {name}"


def _maker(stored: dict[str, Any], seen: dict[str, Any] | None = None) -> Any:
    """A stand-in for ``dataclasses._create_fn`` taking ``stored`` code (and noting in
    ``seen`` every text it compiles, if given)."""
    missing = dataclasses.MISSING

    def _create_fn(
        name: str,
        args: list[str],
        body: list[str],
        *,
        globals: dict[str, Any] | None = None,  # the standard library's names
        locals: dict[str, Any] | None = None,
        return_type: Any = missing,
    ) -> Any:
        # As the standard library's (which may mutate ``locals`` too).
        if locals is None:
            locals = {}
        if return_type is not missing:
            locals["_return_type"] = return_type
        text = _function_text(name, args, body, list(locals), return_type is not missing)
        code = stored.get(text)
        if code is None:
            code = compiled(text)
        if seen is not None:
            seen[text] = code
        namespace: dict[str, Any] = {}
        exec(code, globals, namespace)  # as dataclasses does
        return namespace["__create_fn__"](**locals)

    return _create_fn


def load(path: Path) -> dict[str, Any] | None:
    """The stored texts and their code, if the file is for this interpreter."""
    try:
        found = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(found, dict):
        return None
    if found.get("tag") != sys.implementation.cache_tag or found.get("fingerprint") != (
        fingerprint()
    ):
        return None
    code = found.get("code")
    return code if isinstance(code, dict) else None


def install() -> bool:
    """Make ``dataclasses`` take the stored code (see the module's description); whether
    it does. Called first thing by the ``mjref`` command."""
    if getattr(dataclasses._create_fn, "_mjref_stored", False):  # type: ignore[attr-defined]
        return True
    stored = load(store_path())
    if stored is None:
        return False
    replacement = _maker(stored)
    replacement._mjref_stored = True
    replacement._mjref_original = dataclasses._create_fn  # type: ignore[attr-defined]
    dataclasses._create_fn = replacement  # type: ignore[attr-defined]
    return True


def record() -> dict[str, Any]:
    """Make ``dataclasses`` compile as it does while noting each text it compiles (for
    ``scripts/compile_dataclasses.py``); returns the texts noted so far, with their code."""
    global _RECORDED
    _RECORDED = fingerprint()
    seen: dict[str, Any] = {}
    dataclasses._create_fn = _maker({}, seen)  # type: ignore[attr-defined]
    return seen


_RECORDED = ""
"""The fingerprint of the standard library's function, taken before :func:`record`
stood in for it."""


def write(code: dict[str, Any], path: Path) -> None:
    """Store ``code`` (text -> code object) for this interpreter at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "tag": sys.implementation.cache_tag,
        "fingerprint": _RECORDED or fingerprint(),
        "code": dict(sorted(code.items())),
    }
    path.write_bytes(marshal.dumps(document))

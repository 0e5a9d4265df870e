"""The judges' JSON-lines pipeline, one for both families (``docs/judge-contract.md``).

One JSON object per input line, exactly one JSON object per output line, in order,
whatever a line holds: not UTF-8, blank, longer than :data:`~mjref.wire.jsonread.MAX_BYTES`
(skipped without being held in memory), nested too deep, a huge number, not an object, a
field of the wrong type or value. Such a line is answered with ``"judged": false`` and
findings saying what and where, every field problem at once; an ``id``, when the line can
be read as an object, is echoed first, on error lines too. A line's ``"lang"`` chooses the
language of its texts (else the caller's). Only a stream that cannot be read or written
stops the run (:class:`StreamError`).

>>> import io
>>> family = mcr_family("green-book")
>>> lines = [b'{"id": 1, "concealed": ["1m"], "win_tile": "1x"}', b"", b"\\xff"]
>>> out = io.StringIO()
>>> judge_lines(family, iter(lines), out.write, language="en")
>>> for line in out.getvalue().splitlines():
...     print(line[:100])
{"id":1,"valid":false,"judged":false,"findings":[{"code":"bad-tile","key":"json.bad-tile","params":{
{"valid":false,"judged":false,"findings":[{"code":"empty-line","key":"json.empty-line","params":{},"
{"valid":false,"judged":false,"findings":[{"code":"bad-encoding","key":"json.not-utf8","params":{"po
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult
from typing import Any, BinaryIO

from mjref.i18n import LANGUAGES
from mjref.messages import Message
from mjref.schema import shown
from mjref.services.mcr import DEFAULT_REGULATION, Convention, judge_mcr_hand
from mjref.services.riichi import judge_riichi_hand
from mjref.wire.fields import FieldProblem
from mjref.wire.jsonread import MAX_BYTES, JsonInputError, read_json
from mjref.wire.mcr import mcr_hand_from_json
from mjref.wire.mcr_plain import mcr_unjudged_json, mcr_verdict_json
from mjref.wire.messages import JsonValue
from mjref.wire.output import json_line
from mjref.wire.riichi import riichi_hand_from_json, riichi_unjudged_json, riichi_verdict_json
from mjref.wire.streams import StreamError, read_lines

__all__ = [
    "JudgeFamily",
    "StreamError",
    "judge_line",
    "judge_lines",
    "judge_stream",
    "mcr_family",
    "riichi_family",
]

Shaped = dict[str, JsonValue]


@dataclass(frozen=True, slots=True)
class JudgeFamily:
    """What the pipeline needs of a hand family: judge one decoded object, and the output
    object of a line that could not be judged."""

    name: str
    judge: Callable[[Mapping[str, Any], str], Shaped]
    unjudged: Callable[[tuple[FieldProblem, ...], str], Shaped]


def mcr_family(
    default_convention: str | Convention, *, regulation: str = DEFAULT_REGULATION
) -> JudgeFamily:
    """The MCR judge; a line without ``convention`` is judged under ``default_convention``;
    false-hu classes are those of ``regulation``."""

    def judge(data: Mapping[str, Any], language: str) -> Shaped:
        read = mcr_hand_from_json(data)
        if isinstance(read, tuple):
            return mcr_unjudged_json(read, language)
        convention = default_convention if read.convention is None else read.convention
        verdict = judge_mcr_hand(read.hand, convention, regulation=regulation)
        return mcr_verdict_json(verdict, language)

    return JudgeFamily("mcr", judge, mcr_unjudged_json)


def riichi_family(default_ruleset: str) -> JudgeFamily:
    """The riichi judge; a line without ``ruleset`` is judged under ``default_ruleset``."""

    def judge(data: Mapping[str, Any], language: str) -> Shaped:
        read = riichi_hand_from_json(data)
        if isinstance(read, tuple):
            return riichi_unjudged_json(read, language)
        ruleset = default_ruleset if read.ruleset is None else read.ruleset
        return riichi_verdict_json(judge_riichi_hand(read.hand, ruleset), language)

    return JudgeFamily("riichi", judge, riichi_unjudged_json)


_READ_CODES = {
    "json.too-long": "too-long",
    "json.too-deep": "too-deep",
    "json.number-too-long": "number-too-long",
    "json.number-out-of-range": "number-too-long",
    "json.not-utf8": "bad-encoding",
}


def _problem(
    finding: str, key: str, params: dict[str, object] | None = None
) -> tuple[FieldProblem, ...]:
    return (FieldProblem(finding, Message(key, params or {})),)


def _kind(value: object) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool) or value is None:
        return "true, false or null"
    return "a number"


def judge_line(family: JudgeFamily, raw: bytes | None, *, language: str) -> str:
    """The output line (without its newline) for one input line (without its line end);
    ``None`` stands for a line that was too long to read."""
    if raw is None:
        return json_line(
            family.unjudged(
                _problem("too-long", "json.line-too-long", {"limit": MAX_BYTES}), language
            )
        )
    if not raw.strip():
        return json_line(family.unjudged(_problem("empty-line", "json.empty-line"), language))
    try:
        data = read_json(raw)
    except JsonInputError as error:
        code = _READ_CODES.get(error.message.key, "bad-json")
        return json_line(family.unjudged((FieldProblem(code, error.message),), language))
    if not isinstance(data, dict):
        problems = _problem("not-an-object", "json.not-an-object", {"kind": _kind(data)})
        return json_line(family.unjudged(problems, language))
    lang = data.get("lang", language)
    if lang in LANGUAGES:
        shaped = family.judge(data, lang)
    else:
        known = ", ".join(LANGUAGES)
        params: dict[str, object] = {"field": "lang", "code": shown(lang), "known": known}
        problems = _problem("bad-field", "json.bad-lang", params)
        shaped = family.unjudged(problems, language)
    if "id" in data:
        return json_line({"id": data["id"], **shaped})
    return json_line(shaped)


def judge_lines(
    family: JudgeFamily,
    lines: Iterable[bytes | None],
    write: Callable[[str], object],
    *,
    language: str,
) -> None:
    """Judge every line, writing one output line (with its newline) for each, in order."""
    for raw in lines:
        write(judge_line(family, raw, language=language) + "\n")


def judge_stream(
    family: JudgeFamily,
    source: BinaryIO,
    write: Callable[[str], object],
    *,
    language: str,
    source_name: str = "standard input",
    target_name: str = "standard output",
    workers: int = 1,
) -> None:
    """Judge every line of ``source``; a stream that cannot be read or written raises
    :class:`StreamError` naming it (the lines answered so far are written).

    With ``workers`` above 1 (and where processes can be
    forked), lines are judged in that many processes, in chunks, and written in order
    (:func:`judge_in_parallel`).
    """

    def writing(text: str) -> None:
        try:
            write(text)
        except OSError as error:
            raise StreamError.writing(target_name, error) from None

    lines = read_lines(source, source_name)
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        judge_in_parallel(family, lines, writing, language=language, workers=workers)
    else:
        judge_lines(family, lines, writing, language=language)


CHUNK_LINES = 500
"""Lines judged as one task by a worker process."""
CHUNK_BYTES = 4 << 20
"""A chunk ends early once it holds this many bytes of input (lines may be 1 MiB each)."""

_forked_family: JudgeFamily | None = None
"""The family the worker processes judge with (set before they are forked)."""


def _chunks(lines: Iterable[bytes | None]) -> Iterator[list[bytes | None]]:
    """The lines in chunks; a stream that fails to read ends the chunks with the lines
    read before it, then raises."""
    chunk: list[bytes | None] = []
    size = 0
    iterator = iter(lines)
    while True:
        try:
            raw = next(iterator)
        except StopIteration:
            break
        except StreamError:
            if chunk:
                yield chunk
            raise
        chunk.append(raw)
        size += 0 if raw is None else len(raw)
        if len(chunk) >= CHUNK_LINES or size >= CHUNK_BYTES:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def _judge_chunk(chunk: list[bytes | None], language: str) -> str:
    """In a worker: the output lines of one chunk, each with its newline."""
    family = _forked_family
    assert family is not None
    return "".join(judge_line(family, raw, language=language) + "\n" for raw in chunk)


def judge_in_parallel(
    family: JudgeFamily,
    lines: Iterable[bytes | None],
    write: Callable[[str], object],
    *,
    language: str,
    workers: int,
) -> None:
    """:func:`judge_lines` in ``workers`` forked processes: chunks of lines are judged
    side by side and their answers written in input order. At most two chunks per worker
    are in flight, so memory stays bounded whatever the length of the input. A stream that
    fails to read still gets the answers of the lines read before it (then the error)."""
    global _forked_family
    _forked_family = family
    pending: deque[AsyncResult[str]] = deque()
    chunks = _chunks(lines)
    failed: StreamError | None = None
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            while failed is None:
                try:
                    chunk = next(chunks)
                except StopIteration:
                    break
                except StreamError as error:
                    failed = error
                    break
                pending.append(pool.apply_async(_judge_chunk, (chunk, language)))
                while len(pending) >= 2 * workers:
                    write(pending.popleft().get())
            while pending:
                write(pending.popleft().get())
    finally:
        _forked_family = None
    if failed is not None:
        raise failed

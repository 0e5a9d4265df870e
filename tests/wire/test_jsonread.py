"""The JSON reader with limits: everything a user can write is read or refused with
what and where, within the limits, never with a traceback."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.wire.jsonread import MAX_DEPTH, MAX_DIGITS, JsonInputError, _parse, read_json


def test_reads_ordinary_documents() -> None:
    assert read_json('{"a": [1, -2.5e3, "]}{", null, true]}') == {
        "a": [1, -2500.0, "]}{", None, True]
    }
    assert read_json(b'["\\u00e9"]') == ["é"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "json.too-deep"),
        ('{"a":' * 1000 + "1" + "}" * 1000, "json.too-deep"),
        ("9" * (MAX_DIGITS + 1), "json.number-too-long"),
        ("[1." + "5" * 5000 + "]", "json.number-too-long"),
        ("[NaN]", "json.not-a-number"),
        ("[Infinity]", "json.not-a-number"),
        ("{", "json.syntax"),
        ("", "json.syntax"),
    ],
)
def test_refuses_with_a_key_and_the_place(text: str, key: str) -> None:
    with pytest.raises(JsonInputError) as raised:
        read_json(text, where="line 7")
    assert raised.value.message.key == key
    assert str(raised.value).startswith("line 7: ")


def test_nesting_at_the_limit_is_read() -> None:
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_size_limit_and_encoding() -> None:
    with pytest.raises(JsonInputError) as raised:
        read_json("[" + "1," * 100 + "1]", max_bytes=100)
    assert raised.value.message.key == "json.too-long"
    with pytest.raises(JsonInputError) as raised:
        read_json(b'["\xff"]', where="stdin")
    assert raised.value.message.key == "json.not-utf8"
    assert str(raised.value) == "stdin: the text is not UTF-8 (byte 3)"


@pytest.mark.parametrize("text", ["1e400", "[-1e999]", '{"a": 1E+400}'])
def test_numbers_beyond_a_float_are_refused(text: str) -> None:
    with pytest.raises(JsonInputError) as raised:
        read_json(text)
    assert raised.value.message.key == "json.number-out-of-range"


def test_many_brackets_in_strings_or_side_by_side_are_not_depth() -> None:
    assert read_json('["' + "[" * 100 + '"]') == ["[" * 100]
    assert read_json("[" + "[]," * 100 + "[]]") == [[]] * 101


@given(st.text(max_size=200))
def test_any_text_is_read_or_refused_as_input_error(text: str) -> None:
    with contextlib.suppress(InputError):
        read_json(text)


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
        max_leaves=20,
    )
)
def test_round_trips_what_json_writes(value: object) -> None:
    assert read_json(json.dumps(value)) == value


# --- the fast reader (orjson) and the exact reader (the standard parser) agree -------------


def _both(text: str) -> tuple[str, str]:
    """What :func:`read_json` (fast where it can be) and the exact reader make of ``text``:
    the value's ``repr`` (types, key order and the sign of zero included) or the message."""

    def outcome(read: Callable[[], object]) -> str:
        try:
            return "value " + repr(read())
        except JsonInputError as error:
            return f"error {error.message.key} {error.message.params!r} {error}"

    return outcome(lambda: read_json(text, where="w")), outcome(lambda: _parse(text, "w"))


_JSON_ATOMS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
    | st.decimals(allow_nan=False, allow_infinity=False, places=4).map(str)
    | st.text(max_size=6)
)
_JSON_VALUES = st.recursive(
    _JSON_ATOMS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["a", "b", "id", "é", ""]), inner, max_size=4)
    ),
    max_leaves=12,
)
_NUMBER_TEXT = st.from_regex(r"\A-?(0|[1-9][0-9]{0,20})(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,4})?\Z")


@given(_JSON_VALUES, st.booleans())
def test_fast_and_exact_readers_agree_on_json_values(value: object, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    fast, exact = _both(text)
    assert fast == exact


@given(st.lists(_NUMBER_TEXT, min_size=1, max_size=4), st.sampled_from(["[{}]", '{{"a":{}}}']))
def test_fast_and_exact_readers_agree_on_numbers_as_written(numbers: list[str], frame: str) -> None:
    text = frame.format(",".join(numbers) if frame[0] == "[" else numbers[0])
    fast, exact = _both(text)
    assert fast == exact


@given(st.text(max_size=60))
def test_fast_and_exact_readers_agree_on_any_text(text: str) -> None:
    fast, exact = _both(text)
    assert fast == exact


@given(
    st.lists(
        st.sampled_from(
            [
                '{"a":',
                '"',
                "\\ud800",
                "\\udc00",
                "\\u00e9",
                "\\n",
                "1",
                "-0",
                "0.5",
                "NaN",
                ",",
                "]",
                "[",
                "}",
                " ",
                "\x00",
                "\ufeff",
                "true",
                "null",
                ":",
                '"a"',
                "1e5",
                "é",
            ]
        ),
        max_size=12,
    ).map("".join)
)
def test_fast_and_exact_readers_agree_on_json_like_text(text: str) -> None:
    fast, exact = _both(text)
    assert fast == exact


@pytest.mark.parametrize(
    "text",
    [
        '{"a":1,"b":2,"a":3}',
        "[-0, -0.0, 0.1, 1.5, 123456789012345, 1234567890123456, 0.30000000000000004]",
        '["\\ud83d\\ude00", "\\ud800", "\\u0000"]',
        "\ufeff[]",
        "[1]\x0c",
        " [1] \n",
        "[9223372036854775808, -9223372036854775809, 18446744073709551616]",
    ],
)
def test_fast_and_exact_readers_agree_on_corner_cases(text: str) -> None:
    fast, exact = _both(text)
    assert fast == exact

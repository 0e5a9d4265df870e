"""The JSON reader with limits: everything a user can write is read or refused with
what and where, within the limits, never with a traceback."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.wire.jsonread import MAX_DEPTH, MAX_DIGITS, JsonInputError, read_json


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

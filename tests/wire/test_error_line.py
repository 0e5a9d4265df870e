"""An error on standard error is one line whatever the user typed."""

from hypothesis import given
from hypothesis import strategies as st

import mjref.tournament._riichi_hand_messages  # noqa: F401  (registers the messages)
from mjref.errors import InputError
from mjref.wire.errors import error_text, one_line


def test_a_typed_line_break_is_shown_escaped_in_the_error() -> None:
    problem = InputError.of("tournament.riichi-hand.bad-win", "win", value="3:\n2\x1b[2J")
    line = error_text(problem.message, problem.where, "en")
    assert "\n" not in line
    assert "\x1b" not in line
    assert line.endswith("not '3:\\n2\\x1b[2J'")


def test_accents_and_no_break_spaces_are_kept() -> None:
    text = "Kovács\u00a0Éva\u202f: 東"
    assert one_line(text) == text


@given(st.text(max_size=60))
def test_any_text_becomes_one_printable_line(text: str) -> None:
    line = one_line(text)
    assert not any(c in line for c in "\n\r\x00\x1b\u2028\u2029\x85")
    assert len(line) <= 10 * len(text)

"""Exit codes of the ``mjref`` command, in one place (documented in docs/cli.md)."""

import enum


class Exit(enum.IntEnum):
    OK = 0
    """The command did what was asked (a judged hand is a valid win, where that applies)."""
    NOT_A_WIN = 1
    """``mjref mcr judge`` / ``mjref riichi judge`` on one hand: judged, but not a valid win."""
    BAD_INPUT = 2
    """The input could not be used: bad notation, an unknown option value, a malformed file."""
    UNREADABLE_STREAM = 3
    """A ``--jsonl`` stream could not be read at all (e.g. not UTF-8)."""

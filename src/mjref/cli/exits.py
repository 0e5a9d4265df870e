"""Exit codes of the ``mjref`` command, in one place (documented in docs/cli.md)."""

import enum


class Exit(enum.IntEnum):
    OK = 0
    """The command did what was asked (a judged hand is a valid win, where that applies)."""
    NOT_A_WIN = 1
    """A judged hand that is not a valid win (false hu, chombo)."""
    BAD_INPUT = 2
    """The input or the command line could not be used; one ``error:`` line says what and where."""
    IO_ERROR = 3
    """A stream or file could not be read or written (the message says which)."""
    NOT_COVERED = 4
    """A ruling: no rule of the ruleset covers the incident."""
    CONFLICT = 5
    """A tournament entry lost to another one made at the same time (the message names it)."""
    TAMPERED = 6
    """``mjref log verify``: the log's hash chain is broken (the first bad position is
    named) or its append-only guard is missing."""
    INTERRUPTED = 130
    """Interrupted (Ctrl-C)."""

    # The name used before the I/O code covered writing too.
    UNREADABLE_STREAM = 3

"""Mapping of input errors to messages on standard error and exit codes."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer

from mjref.cli.exits import Exit
from mjref.errors import InputError

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str, code: Exit = Exit.BAD_INPUT) -> typer.Exit:
    """Print ``error: message`` to standard error and return the exit to raise."""
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(int(code))


def reports_input_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn an :class:`~mjref.errors.InputError` into a one-line message and exit code 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except InputError as error:
            raise fail(str(error)) from None

    return wrapper

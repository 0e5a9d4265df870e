"""Errors of the rules layer."""

from __future__ import annotations

from mjref.errors import InputError


class RulesetError(InputError):
    """An unknown ruleset, reading, option or clause was asked for."""


class RulesDataError(ValueError):
    """A ruleset data file is malformed. The message names the file and the clause.

    This is a fault of the package, not of the user's input, so it is not an
    :class:`~mjref.errors.InputError` and is not translated.
    """

"""Errors of the rulings layer: a malformed incident, or one a ruleset does not cover."""

from __future__ import annotations

from mjref.errors import InputError


class IncidentError(InputError):
    """An incident is malformed: an unknown type, a missing or wrong fact.

    ``fact`` names the fact at fault (``None`` when the incident type itself is wrong).
    Never answered with a guessed ruling.
    """

    @property
    def fact(self) -> str | None:
        value = self.message.params.get("fact")
        return str(value) if value is not None else None


class NotCoveredError(InputError):
    """The ruleset has no rule for this incident (or this case of it); nothing is guessed."""


class HistoryError(InputError):
    """The history given with an incident is inconsistent (e.g. later than the incident)."""

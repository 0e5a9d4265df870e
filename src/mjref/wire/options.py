"""The text of a ruleset's option or of one of its choices, as a message (the rules data's
English, translated in the catalogues), for every adapter that shows readings to people.

Kept apart from :mod:`mjref.wire.rulings` so that a command that judges one hand does not
load the whole rulebook to print a disputed point.
"""

from __future__ import annotations

from mjref.messages import Message
from mjref.rules import get_ruleset
from mjref.rules.registry import option_key, reading_key


def option_text(spec: str, option: str, choice: str | None = None) -> Message:
    """An option's title (``choice`` None) or one choice's description as a message;
    ``spec`` names an entry or a reading that has the option (``green-book+D6=self-drawn``),
    whoever defines it.

    >>> from mjref.i18n import render
    >>> render(option_text("mil", "D1", "6"), "it")
    '6 punti, il valore cinese del 1998.'
    """
    owner = get_ruleset(spec).option_owner(option).id
    return Message(option_key(owner, option, choice))


def reading_text(reading: str) -> Message:
    """What the named reading ``reading`` (``italian``, ``per-game``) does, as a message.

    >>> from mjref.i18n import render
    >>> render(reading_text("ladder-stays-at-30"), "en")
    'Every foul after the fifth costs 30 points again.'
    """
    return Message(reading_key(reading))

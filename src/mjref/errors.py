"""The error taxonomy for bad input.

Every error a user's input can cause is a subclass of :class:`ValueError` that
carries a :class:`~mjref.messages.Message` (what is wrong, as a key and its
parameters) and, where it applies, where in the input it is. ``where`` is a plain
string when it names part of the input as the user wrote it (a field such as
``hand.tiles``, an option such as ``--drop``, a file name) and a :class:`Message` when
it is wording for people ("column 3 of '123m'"), rendered in the user's language by the
adapters (:func:`mjref.i18n.render_where`). ``str(error)`` is the English rendering, so
a traceback is never needed to understand it; adapters map these classes to exit codes
and HTTP statuses in one place.

>>> str(NotationError.at("12x", 2, "notation.unknown-char", char="x"))
"column 3 of '12x': unknown character 'x'"
"""

from __future__ import annotations

from mjref.messages import Message, register

register({"where.column": "column {column} of {text!r}", "where.at": "{where}: {problem}"})

Where = str | Message | None
"""Where in the input a problem is: a name as written, wording for people, or nothing."""


class InputError(ValueError):
    """Base class: the caller's input is wrong; the message says what and where."""

    def __init__(self, message: Message, *, where: Where = None) -> None:
        self.message = message
        self.where = where
        text = message.english()
        place = where.english() if isinstance(where, Message) else where
        super().__init__(f"{place}: {text}" if place else text)

    @classmethod
    def of(cls, key: str, where: Where = None, **params: object) -> InputError:
        return cls(Message(key, dict(params)), where=where)


class NotationError(InputError):
    """A tile or hand string is not valid notation.

    ``text`` is the whole input and ``position`` the 0-based index of the offending
    character (``None`` when the problem is the string as a whole).
    """

    def __init__(self, message: Message, *, text: str, position: int | None) -> None:
        self.text = text
        self.position = position
        where: Where = (
            Message("where.column", {"column": position + 1, "text": text})
            if position is not None
            else repr(text)
        )
        super().__init__(message, where=where)

    @classmethod
    def at(cls, text: str, position: int | None, key: str, **params: object) -> NotationError:
        return cls(Message(key, dict(params)), text=text, position=position)


class IllegalMeldError(InputError):
    """Tiles that do not form the declared meld, or an impossible meld state."""


class IllegalHandError(InputError):
    """A hand that cannot be judged at all (as opposed to one judged invalid)."""

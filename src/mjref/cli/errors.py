"""The one error mapper of the ``mjref`` command: every error becomes one ``error:`` line on
standard error, in the chosen language, and an exit code (``docs/cli.md``); with ``--json``
the same error is also written on standard output as
``{"error": {"code", "key", "params", "text", "where"}}``.

- :class:`~mjref.errors.InputError` (bad notation, a bad fact, an unknown ruleset ...):
  exit 2; :class:`~mjref.rulings.NotCoveredError` (no rule covers the incident): exit 4.
- a backup that must not be used (:class:`~mjref.store.restore.BrokenBackupError`: not
  a database, damaged, a gap or a changed row in a tournament's log): exit 6, naming the
  file and the first bad tournament and position.
- :class:`~mjref.tournament.errors.ConflictError` (a tournament entry another one got to
  first): exit 5, naming the entry that won.
- :class:`~mjref.wire.streams.StreamError` (a stream, file or database that cannot be read
  or written): exit 3, naming it; so is any database error (SQLAlchemy's ``DBAPIError``:
  a full disk, a server that refuses connections), never a traceback.
- usage errors of the command line (an unknown option, a missing argument, a bad value):
  exit 2, as one line (never a boxed panel).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any, ParamSpec, TypeVar

import typer
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from mjref.cli import _messages  # noqa: F401  (registers the wording)
from mjref.cli.exits import Exit
from mjref.errors import InputError, Where
from mjref.i18n import LANGUAGES
from mjref.messages import Message
from mjref.wire.streams import StreamError

P = ParamSpec("P")
R = TypeVar("R")


class CliError(Exception):
    """A mistake on the command line found by a command (a message key and where)."""

    def __init__(
        self, message: Message, where: Where = None, exit_code: Exit = Exit.BAD_INPUT
    ) -> None:
        self.message = message
        self.where = where
        self.exit_code = exit_code
        super().__init__(message.english())


def usage(key: str, where: str | None = None, **params: object) -> CliError:
    """A usage error (exit 2) with the message ``key``."""
    return CliError(Message(key, params), where)


def unknown_command(name: str, known: Sequence[str]) -> CliError:
    """A command name no group has: the error, with the closest known names as a hint."""
    import difflib  # here, not at the top: start-up time

    shown = name[:40]
    close = difflib.get_close_matches(name, list(known))
    if close:
        return usage("cli.no-such-command-hint", command=shown, hint=", ".join(close))
    return usage("cli.no-such-command", command=shown)


class StrictGroup(TyperGroup):
    """A group of commands that reports an unknown command in the user's language, with
    the closest names as a hint (the root group and every group below it)."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and not args[0].startswith("-") and self.get_command(ctx, args[0]) is None:
            raise unknown_command(args[0], self.list_commands(ctx))
        return super().resolve_command(ctx, args)


class OptionValueError(Exception):
    """An option's value that cannot be read (raised by an option's parser; not a
    ``ValueError``, so that Typer passes it on unchanged)."""

    def __init__(self, error: InputError) -> None:
        self.error = error
        super().__init__(str(error))


@dataclass(frozen=True, slots=True)
class Reported:
    """What the mapper says about an error: a stable code, the message, where, the exit."""

    code: str
    message: Message
    where: Where
    exit_code: Exit


def _usage_error(error: click_errors.UsageError) -> Reported:
    if isinstance(error, click_errors.NoSuchOption):
        if error.possibilities:
            message = Message(
                "cli.no-such-option-hint",
                {"option": error.option_name, "hint": ", ".join(sorted(error.possibilities))},
            )
        else:
            message = Message("cli.no-such-option", {"option": error.option_name})
        return Reported("usage", message, None, Exit.BAD_INPUT)
    if isinstance(error, click_errors.MissingParameter):
        param = error.param
        what = param.get_error_hint() if param is not None else "parameter"
        return Reported("usage", Message("cli.missing", {"what": what}), None, Exit.BAD_INPUT)
    if isinstance(error, click_errors.BadParameter):
        hint = error.param.get_error_hint() if error.param is not None else None
        problem = _value_problem(error.__cause__) or error.message
        return Reported(
            "usage", Message("cli.bad-value", {"problem": problem}), hint, Exit.BAD_INPUT
        )
    return Reported(
        "usage", Message("cli.usage", {"problem": error.format_message()}), None, Exit.BAD_INPUT
    )


_BOUNDS = {
    "greater_than_equal": ("cli.value-at-least", "ge"),
    "greater_than": ("cli.value-above", "gt"),
    "less_than_equal": ("cli.value-at-most", "le"),
    "less_than": ("cli.value-below", "lt"),
}


def _value_problem(cause: BaseException | None) -> Message | None:
    """What Typer found wrong with an option's value, as a message in the user's language,
    where Typer's reading of the value (by Pydantic) failed as not a whole number or out of
    its bounds; ``None`` for anything else (Typer's own wording is kept)."""
    validation = _loaded("pydantic_core", "ValidationError")
    if validation is None or not isinstance(cause, validation):
        return None
    details = cause.errors()  # type: ignore[attr-defined]
    if not details:
        return None
    first = details[0]
    kind, value = first.get("type"), str(first.get("input", ""))[:40]
    if kind == "int_parsing":
        return Message("cli.value-not-whole", {"value": value})
    if kind in _BOUNDS:
        key, bound = _BOUNDS[kind]
        return Message(key, {"value": value, "limit": (first.get("ctx") or {}).get(bound)})
    return None


def _loaded(module: str, name: str) -> type[BaseException] | None:
    """The class ``name`` of ``module`` if that module has been imported, else ``None``:
    an error of a module never imported cannot have been raised (the commands import what
    they use only when they run, to start fast)."""
    found = getattr(sys.modules.get(module), name, None)
    return found if isinstance(found, type) and issubclass(found, BaseException) else None


def classify(error: BaseException) -> Reported | None:
    """How ``error`` is reported, or ``None`` for an error that is a bug (re-raised)."""
    not_covered = _loaded("mjref.rulings.errors", "NotCoveredError")
    conflict = _loaded("mjref.tournament.errors", "ConflictError")
    broken = _loaded("mjref.store.restore", "BrokenBackupError")
    if isinstance(error, CliError):
        return Reported("usage", error.message, error.where, error.exit_code)
    if broken is not None and isinstance(error, broken):
        assert isinstance(error, InputError)
        return Reported("broken-backup", error.message, error.where, Exit.TAMPERED)
    if isinstance(error, OptionValueError):
        inner = error.error
        return Reported("bad-input", inner.message, inner.where, Exit.BAD_INPUT)
    if not_covered is not None and isinstance(error, not_covered):
        assert isinstance(error, InputError)
        return Reported("not-covered", error.message, error.where, Exit.NOT_COVERED)
    if conflict is not None and isinstance(error, conflict):
        assert isinstance(error, InputError)
        return Reported("conflict", error.message, error.where, Exit.CONFLICT)
    if isinstance(error, InputError):
        return Reported("bad-input", error.message, error.where, Exit.BAD_INPUT)
    if isinstance(error, StreamError):
        return Reported("io-error", error.message, None, Exit.IO_ERROR)
    stored = _storage_error(error)
    if stored is not None:
        return Reported("io-error", stored.message, None, Exit.IO_ERROR)
    if isinstance(error, click_errors.UsageError):
        return _usage_error(error)
    if isinstance(error, KeyboardInterrupt | typer.Abort):
        return Reported("interrupted", Message("cli.interrupted"), None, Exit.INTERRUPTED)
    return None


def _storage_error(error: BaseException) -> StreamError | None:
    """A database error that reached the mapper (every command's ``opened`` names its
    database already): a full disk or an unusable database, named as ``MJREF_DB`` or the
    default names it; ``None`` for anything else (a refused row is a bug: re-raised)."""
    dbapi = _loaded("sqlalchemy.exc", "DBAPIError")
    integrity = _loaded("sqlalchemy.exc", "IntegrityError")
    if dbapi is None or not isinstance(error, dbapi):
        return None
    if integrity is not None and isinstance(error, integrity):
        return None
    from mjref.store.database import database_url, unreachable

    return unreachable(database_url(None), error)  # type: ignore[arg-type]


def language_of(language: str) -> str:
    """``language`` if mjref renders in it, else English (for reporting errors)."""
    return language if language in LANGUAGES else "en"


def report(reported: Reported, language: str, as_json: bool) -> int:
    """Write the error (one line on standard error; with ``as_json`` the JSON document on
    standard output too) and return the exit code."""
    from mjref.wire.errors import error_json, error_text  # here, not at the top: start-up time
    from mjref.wire.output import json_document

    lang = language_of(language)
    line = "error: " + error_text(reported.message, reported.where, lang)
    _write(sys.stderr, line)
    if as_json:
        document = error_json(reported.code, reported.message, reported.where, lang)
        _write(sys.stdout, json_document(document))
    return int(reported.exit_code)


def _write(stream: object, text: str) -> None:
    """Best effort: a stream that fails while an error is reported is given up on."""
    try:
        stream.write(text + "\n")  # type: ignore[attr-defined]
        stream.flush()  # type: ignore[attr-defined]
    except (OSError, AttributeError, ValueError):
        pass
    except UnicodeEncodeError:
        with contextlib.suppress(OSError, ValueError):
            escaped = text.encode("ascii", "backslashreplace").decode("ascii")
            stream.write(escaped + "\n")  # type: ignore[attr-defined]


# --- the seating commands' helpers (until they use the mapper through CliError) ---------------


def fail(message: str, code: Exit = Exit.BAD_INPUT) -> CliError:
    """An error with an English text (``raise fail(...)``), reported by the mapper."""
    return CliError(Message("cli.text", {"text": message}), None, code)


def reports_input_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Kept for commands written before the mapper: input errors are reported by the mapper
    anyway, so this only returns the command."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        return command(*args, **kwargs)

    return wrapper


def repeated_options(args: Sequence[str], single: Sequence[str]) -> str | None:
    """The first option of ``single`` (options taking one value) given twice in ``args``."""
    seen: set[str] = set()
    for arg in args:
        if arg == "--":
            return None
        name = arg.split("=", 1)[0] if arg.startswith("--") else arg
        if name in single:
            if name in seen:
                return name
            seen.add(name)
    return None

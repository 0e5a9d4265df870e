"""Options every command shares (``--json``, ``--lang``), the options of a hand's facts
taken from the hand schema (:mod:`mjref.schema`: flag, help text, bounds), and the command
class that refuses an option given twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from mjref.cli.errors import OptionValueError, repeated_options, usage
from mjref.cli.io import resume_collector
from mjref.errors import InputError
from mjref.i18n import LANGUAGES, check_language
from mjref.schema import FactKind, HandFact, HandSchema

LangOption = Annotated[
    str,
    typer.Option(
        "--lang",
        "-l",
        envvar="MJREF_LANG",
        help=f"Language of the texts: {', '.join(LANGUAGES)} (default: MJREF_LANG or en).",
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Write the result as one JSON document (docs/cli.md).")
]


def language(value: str) -> str:
    """The chosen language, checked (an unknown one is an error naming ``--lang``)."""
    try:
        return check_language(value)
    except InputError as error:
        raise InputError(error.message, where="--lang") from None


@dataclass(frozen=True, slots=True)
class Listed:
    """The value of an option holding a list (tiles, suits): Typer would take a ``tuple``
    annotation for several values of one option."""

    items: tuple[Any, ...]


NOT_GIVEN = Listed(())


def fact_parser(fact: HandFact) -> Callable[[Any], Any]:
    """The parser of the option of ``fact``: its value read as the schema says (a count
    within bounds, a wind, tiles in notation), an error naming the option otherwise."""

    def parse(value: Any) -> Any:
        if not isinstance(value, str):
            return value  # the default
        try:
            read = fact.read_text(value, where=fact.flag)
        except InputError as error:
            raise OptionValueError(error) from None
        return Listed(read) if isinstance(read, tuple) else read

    return parse


def fact_option(schema: HandSchema, name: str, *decls: str) -> Any:
    """The ``typer.Option`` of a hand fact: its flag and help text from the schema."""
    fact = schema[name]
    if fact.kind is FactKind.FLAG:
        return typer.Option(fact.flag, *decls, help=fact.help)
    metavar = {
        FactKind.COUNT: "N",
        FactKind.WIND: "WIND",
        FactKind.TILES: "TILES",
        FactKind.SUITS: "SUITS",
    }[fact.kind]
    return typer.Option(
        fact.flag, *decls, help=fact.help, parser=fact_parser(fact), metavar=metavar
    )


def pairs(values: Sequence[str], option: str, example: str) -> dict[str, str]:
    """``NAME=VALUE`` options as a mapping; a name given twice is refused."""
    found: dict[str, str] = {}
    for value in values:
        name, sep, choice = value.partition("=")
        name, choice = name.strip(), choice.strip()
        if not sep or not name or not choice:
            raise usage("cli.not-a-pair", option, example=example, value=value[:40])
        if name in found:
            raise usage("cli.repeated-pair", option, name=name[:40])
        found[name] = choice
    return found


class StrictCommand(TyperCommand):
    """A command that refuses an option taking one value given more than once (instead of
    silently keeping the last), and reports arguments left over in the user's language."""

    allow_extra_args = True  # left over arguments reach parse_args, which refuses them

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        single = [
            opt
            for param in self.params
            if isinstance(param, typer.core.TyperOption) and not param.multiple
            for opt in param.opts
        ]
        repeated = repeated_options(args, single)
        if repeated is not None:
            raise usage("cli.repeated-option", option=repeated)
        result: list[str] = super().parse_args(ctx, args)
        if ctx.args:  # what is left over (allowed through, to be reported here)
            extra = " ".join(str(a)[:40] for a in ctx.args[:5])
            raise usage("cli.extra-arguments", arguments=extra)
        return result

    def invoke(self, ctx: Any) -> Any:
        resume_collector()  # the command runs with the collector on (paused at start-up)
        return super().invoke(ctx)

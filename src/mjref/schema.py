"""One declaration per fact of a declared hand (the schema of a hand family).

Each hand family (MCR, riichi) declares the facts of a declared win once, as a
:class:`HandSchema` of :class:`HandFact` rows: the name (the dataclass field and the JSON
key), the kind of value, the default, the bounds of a count, the help text and the
command-line option. The hand dataclass, the JSON model (:mod:`mjref.wire`), the ruling
facts (:mod:`mjref.rulings`) and the CLI options are derived from it or checked against it
by a test that fails when they drift.

Facts are read in two ways, both here: from text (a command-line value such as
``hand.flowers=2``, :func:`read_text`) and from JSON values (:func:`read_json`, JSON types
as JSON types: ``2`` is a count, ``"2"`` is not).

>>> FLOWERS = HandFact("flowers", FactKind.COUNT, 0, "Flowers and seasons.", "--flowers", 0, 8)
>>> read_text(FLOWERS, "3")
3
>>> read_json(FLOWERS, "3")
Traceback (most recent call last):
...
mjref.errors.InputError: flowers: '3' is not a whole number
>>> read_json(FLOWERS, 9)
Traceback (most recent call last):
...
mjref.errors.InputError: flowers: 9 is out of range (0 to 8)
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mjref.errors import InputError
from mjref.messages import register
from mjref.tiles import Suit, Tile, Wind, format_tiles, parse_tiles

register(
    {
        "hand.not-a-flag": "{value!r} is not true or false",
        "hand.not-a-count": "{value!r} is not a whole number",
        "hand.out-of-range": "{value} is out of range ({low} to {high})",
        "hand.not-a-wind": "{value!r} is not a wind (E, S, W or N)",
        "hand.not-tiles": "{value!r} is not a list of tiles (notation or tile codes)",
        "hand.not-suits": "{value!r} is not a list of suits with a red five (m, p or s)",
        "hand.bad-suit": "{suit!r} is not a suit with a red five (m, p or s)",
        "hand.too-many-tiles": "{count} tiles is too many (at most {limit})",
    }
)

MAX_TILE_LIST = 136
"""The longest list of tiles any fact may hold (a whole set of tiles)."""

_TRUE = frozenset({"true", "yes", "1", "y", "on"})
_FALSE = frozenset({"false", "no", "0", "n", "off"})


class FactKind(enum.Enum):
    """The kinds of value a fact of a hand takes."""

    FLAG = "flag"
    """true or false (``bool``)."""
    COUNT = "count"
    """A whole number within the fact's bounds (``int``)."""
    WIND = "wind"
    """E, S, W or N (:class:`~mjref.tiles.Wind`)."""
    TILES = "tiles"
    """Tiles (``tuple[Tile, ...]``): notation in text, notation or tile codes in JSON."""
    SUITS = "suits"
    """Suits with a red five (``tuple[Suit, ...]``): letters in text, a list in JSON."""


@dataclass(frozen=True, slots=True)
class HandFact:
    """One fact of a declared hand, declared once."""

    name: str
    """The field of the hand dataclass and the JSON key."""
    kind: FactKind
    default: object
    help: str
    """What the fact means (the command line's help text)."""
    flag: str
    """The command-line option. A flag fact's option switches it away from its default."""
    low: int | None = None
    high: int | None = None
    """The bounds of a count, both included."""
    optional: bool = False
    """``None`` is a value (not known), the default."""

    def read_text(self, text: str, where: str | None = None) -> object:
        """This fact's value from text (see :func:`read_text`)."""
        return read_text(self, text, where)

    def read_json(self, value: object, where: str | None = None) -> object:
        """This fact's value from a JSON value (see :func:`read_json`)."""
        return read_json(self, value, where)

    def check_count(self, value: int, where: str | None = None) -> int:
        """``value`` if it is within the bounds; an :class:`InputError` otherwise."""
        low = self.low if self.low is not None else 0
        high = self.high if self.high is not None else low
        if not low <= value <= high:
            raise InputError.of(
                "hand.out-of-range", where or self.name, value=value, low=low, high=high
            )
        return value


@dataclass(frozen=True, slots=True)
class HandSchema:
    """The facts of one hand family, in order."""

    family: str
    facts: tuple[HandFact, ...]

    def __iter__(self) -> Iterator[HandFact]:
        return iter(self.facts)

    def __getitem__(self, name: str) -> HandFact:
        for fact in self.facts:
            if fact.name == name:
                return fact
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return any(f.name == name for f in self.facts)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.facts)

    @property
    def types(self) -> Mapping[str, FactKind]:
        """Each fact's kind, by name (what rulings read a hand object's keys as)."""
        return MappingProxyType({f.name: f.kind for f in self.facts})


def shown(value: object, limit: int = 40) -> object:
    """``value`` for a message: text and numbers cut to ``limit`` characters."""
    if isinstance(value, bool | float) or value is None:
        return value
    if isinstance(value, int):
        return value if value.bit_length() <= 100 else "…"
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bad(key: str, where: str, **params: object) -> InputError:
    return InputError.of(key, where, **{k: shown(v) for k, v in params.items()})


def _tiles_from_text(fact: HandFact, text: str, where: str) -> tuple[Tile, ...]:
    tiles = parse_tiles(text) if text.strip() else ()
    if len(tiles) > MAX_TILE_LIST:
        raise _bad("hand.too-many-tiles", where, count=len(tiles), limit=MAX_TILE_LIST)
    return tiles


def _suits_from_letters(letters: str | list[str], where: str) -> tuple[Suit, ...]:
    suits: list[Suit] = []
    for letter in letters:
        if letter == " ":
            continue
        if letter not in ("m", "p", "s"):
            raise _bad("hand.bad-suit", where, suit=letter)
        suits.append(Suit(letter))
    return tuple(suits)


def read_text(fact: HandFact, text: str, where: str | None = None) -> object:
    """A fact's value from text (a command-line value): ``yes``/``no`` for a flag, digits
    for a count, a wind letter, tiles in notation, suit letters. An optional fact that is
    not known is left out: no word stands for it (``none`` could as well mean no tiles, which
    is the empty text)."""
    at = where or fact.name
    value = text.strip()
    if fact.kind is FactKind.FLAG:
        if value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise _bad("hand.not-a-flag", at, value=text)
    if fact.kind is FactKind.COUNT:
        digits = value.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
            if digits.isascii() and digits.isdigit():
                raise _bad(
                    "hand.out-of-range", at, value=value, low=fact.low or 0, high=fact.high or 0
                )
            raise _bad("hand.not-a-count", at, value=text)
        return fact.check_count(int(value), at)
    if fact.kind is FactKind.WIND:
        try:
            return Wind.from_code(value.upper())
        except InputError:
            raise _bad("hand.not-a-wind", at, value=text) from None
    if fact.kind is FactKind.TILES:
        try:
            return _tiles_from_text(fact, value, at)
        except InputError as error:
            raise InputError(error.message, where=at) from None
    return _suits_from_letters(value, at)


def read_json(fact: HandFact, value: object, where: str | None = None) -> object:
    """A fact's value from a JSON value, JSON types as JSON types: ``true``/``false`` for a
    flag, a number for a count, a wind letter, tiles as notation or a list of tile codes,
    suits as a list of letters (or one string of letters). ``null`` for an optional fact."""
    at = where or fact.name
    if value is None and fact.optional:
        return None
    if fact.kind is FactKind.FLAG:
        if isinstance(value, bool):
            return value
        raise _bad("hand.not-a-flag", at, value=value)
    if fact.kind is FactKind.COUNT:
        if isinstance(value, int) and not isinstance(value, bool):
            return fact.check_count(value, at)
        raise _bad("hand.not-a-count", at, value=value)
    if fact.kind is FactKind.WIND:
        if isinstance(value, str) and value in ("E", "S", "W", "N"):
            return Wind(value)
        raise _bad("hand.not-a-wind", at, value=value)
    if fact.kind is FactKind.TILES:
        if isinstance(value, str):
            return read_text(fact, value, at)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            if len(value) > MAX_TILE_LIST:
                raise _bad("hand.too-many-tiles", at, count=len(value), limit=MAX_TILE_LIST)
            tiles = []
            for index, code in enumerate(value):
                try:
                    tiles.append(Tile.from_code(code))
                except InputError as error:
                    raise InputError(error.message, where=f"{at}[{index}]") from None
            return tuple(tiles)
        raise _bad("hand.not-tiles", at, value=value)
    if isinstance(value, str):
        return _suits_from_letters(value, at)
    if isinstance(value, list) and all(isinstance(v, str) and len(v) == 1 for v in value):
        return _suits_from_letters([str(v) for v in value], at)
    raise _bad("hand.not-suits", at, value=value)


def to_json(fact: HandFact, value: object) -> object:
    """A fact's value as the JSON value :func:`read_json` reads back (tiles as notation)."""
    if value is None:
        return None
    if fact.kind is FactKind.WIND:
        assert isinstance(value, Wind)
        return value.value
    if fact.kind is FactKind.TILES:
        assert isinstance(value, tuple)
        return format_tiles(value)
    if fact.kind is FactKind.SUITS:
        assert isinstance(value, tuple)
        return "".join(s.value for s in value)
    return value

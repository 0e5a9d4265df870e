"""The compact tile and hand notation for people: parse and format functions.

The notation is described once, with examples that run as tests, in ``docs/notation.md``:
digits and a suit letter for suited tiles (``123m``, ``5p``, ``99s``), letters for honours
(``E S W N`` and ``P F C``, or ``1z``-``7z``), ``[...]`` for an exposed meld, ``(...)`` for
a concealed kong, and ``+`` before the winning tile.

>>> format_hand(parse_hand("[123s](7777p)EE45678s+9s"))
'[123s](7777p)45678sEE+9s'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from mjref.errors import IllegalMeldError, NotationError
from mjref.tiles import _messages  # noqa: F401  (registers the wording)
from mjref.tiles.meld import Meld, MeldKind, kind_of_set
from mjref.tiles.tile import HONOR_LETTERS, TILES, Suit, Tile, tile_index

MAX_NOTATION = 1000
"""The longest notation read, in characters (every tile of a set, spaced, fits)."""

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_CLOSING = {"[": "]", "(": ")"}


@dataclass(frozen=True, slots=True)
class HandTiles:
    """The tiles of a hand: declared melds, concealed tiles, and the winning tile.

    ``concealed`` is kept sorted (the order of tiles in a hand carries no meaning);
    ``winning_tile`` is ``None`` for a hand that has not won (13 tiles).
    """

    melds: tuple[Meld, ...] = ()
    concealed: tuple[Tile, ...] = ()
    winning_tile: Tile | None = None

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.concealed, key=tile_index))
        if ordered != self.concealed:
            object.__setattr__(self, "concealed", ordered)

    def __repr__(self) -> str:
        return f"parse_hand({format_hand(self)!r})"


@dataclass(slots=True)
class _Token:
    tile: Tile
    position: int


def _scan(text: str) -> list[tuple[str, int, object]]:
    """Split ``text`` into ('tile', pos, Tile), ('open'|'close', pos, char), ('plus', pos, '')."""
    items: list[tuple[str, int, object]] = []
    digits: list[tuple[str, int]] = []

    def flush_error_if_pending() -> None:
        if digits:
            run = "".join(d for d, _ in digits)
            raise NotationError.at(text, digits[0][1], "notation.no-suit", digits=run)

    for pos, char in enumerate(text):
        if char.isdigit() and char.isascii():
            digits.append((char, pos))
        elif char in _SUIT_BASE:
            if not digits:
                raise NotationError.at(text, pos, "notation.suit-without-digits", suit=char)
            limit = 7 if char == "z" else 9
            for digit, dpos in digits:
                rank = int(digit)
                if not 1 <= rank <= limit:
                    raise NotationError.at(text, dpos, "notation.bad-rank", rank=rank, suit=char)
                items.append(("tile", dpos, TILES[_SUIT_BASE[char] + rank - 1]))
            digits.clear()
        elif char in HONOR_LETTERS:
            flush_error_if_pending()
            items.append(("tile", pos, TILES[27 + HONOR_LETTERS.index(char)]))
        elif char in "[(":
            flush_error_if_pending()
            items.append(("open", pos, char))
        elif char in "])":
            flush_error_if_pending()
            items.append(("close", pos, char))
        elif char == "+":
            flush_error_if_pending()
            items.append(("plus", pos, char))
        elif char.isspace():
            flush_error_if_pending()
        else:
            raise NotationError.at(text, pos, "notation.unknown-char", char=char)
    flush_error_if_pending()
    return items


def _check_copies(text: str, tokens: Iterable[_Token]) -> None:
    seen: Counter[Tile] = Counter()
    for token in tokens:
        seen[token.tile] += 1
        if seen[token.tile] == 5:
            raise NotationError.at(text, token.position, "notation.fifth-copy", tile=token.tile)


def _build_meld(text: str, opener: str, position: int, tokens: list[_Token]) -> Meld:
    tiles = tuple(sorted((t.tile for t in tokens), key=tile_index))
    kind = kind_of_set(tiles)
    joined = format_tiles(tiles) if tiles else "nothing"
    if kind is None:
        raise NotationError.at(text, position, "notation.not-a-set", tiles=joined)
    concealed = opener == "("
    if concealed and kind is not MeldKind.KONG:
        raise NotationError.at(text, position, "notation.concealed-not-kong", tiles=joined)
    try:
        return Meld(kind, tiles, concealed=concealed)
    except IllegalMeldError as error:  # pragma: no cover - kind_of_set already agreed
        raise NotationError(error.message, text=text, position=position) from error


@dataclass(frozen=True, slots=True)
class _Parsed:
    melds: tuple[Meld, ...]
    concealed: tuple[Tile, ...]  # in the order written
    winning_tile: Tile | None


def _parse(text: str, *, allow_melds: bool, allow_plus: bool) -> _Parsed:
    if len(text) > MAX_NOTATION:
        shown = text[:20] + "…"
        raise NotationError.at(
            shown, None, "notation.too-long", length=len(text), limit=MAX_NOTATION
        )
    items = _scan(text)
    if not items:
        raise NotationError.at(text, None, "notation.empty")
    melds: list[Meld] = []
    concealed: list[_Token] = []
    winning: list[_Token] = []
    all_tokens: list[_Token] = []
    open_meld: tuple[str, int, list[_Token]] | None = None
    plus_at: int | None = None
    for kind, pos, value in items:
        if kind == "tile":
            assert isinstance(value, Tile)
            token = _Token(value, pos)
            all_tokens.append(token)
            if open_meld is not None:
                open_meld[2].append(token)
            elif plus_at is not None:
                winning.append(token)
            else:
                concealed.append(token)
        elif kind == "open":
            if not allow_melds:
                raise NotationError.at(text, pos, "notation.melds-not-allowed")
            if open_meld is not None:
                raise NotationError.at(text, pos, "notation.nested-meld")
            if plus_at is not None:
                raise NotationError.at(text, pos, "notation.meld-after-plus")
            open_meld = (str(value), pos, [])
        elif kind == "close":
            if not allow_melds:
                raise NotationError.at(text, pos, "notation.melds-not-allowed")
            if open_meld is None:
                raise NotationError.at(text, pos, "notation.unopened-meld", bracket=value)
            opener, start, tokens = open_meld
            if _CLOSING[opener] != value:
                raise NotationError.at(
                    text, pos, "notation.wrong-bracket", opened=opener, expected=_CLOSING[opener]
                )
            melds.append(_build_meld(text, opener, start, tokens))
            open_meld = None
        else:  # plus
            if not allow_plus:
                raise NotationError.at(text, pos, "notation.plus-not-allowed")
            if open_meld is not None:
                raise NotationError.at(
                    text, open_meld[1], "notation.unclosed-meld", bracket=open_meld[0]
                )
            if plus_at is not None:
                raise NotationError.at(text, pos, "notation.second-plus")
            plus_at = pos
    if open_meld is not None:
        raise NotationError.at(text, open_meld[1], "notation.unclosed-meld", bracket=open_meld[0])
    if plus_at is not None and len(winning) != 1:
        where = winning[1].position if len(winning) > 1 else plus_at
        raise NotationError.at(text, where, "notation.winning-tile-count", count=len(winning))
    _check_copies(text, all_tokens)
    return _Parsed(
        melds=tuple(melds),
        concealed=tuple(t.tile for t in concealed),
        winning_tile=winning[0].tile if winning else None,
    )


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse plain tiles (no melds, no ``+``), keeping their order.

    >>> [t.code for t in parse_tiles("9s 1m E")]
    ['9s', '1m', 'E']
    """
    return _parse(text, allow_melds=False, allow_plus=False).concealed


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles compactly, in the order given, sharing a suit letter between neighbours.

    >>> format_tiles(parse_tiles("1m2m5p5pE"))
    '12m55pE'
    """
    out: list[str] = []
    run: list[str] = []
    run_suit: Suit | None = None
    for tile in tiles:
        if tile.is_honor:
            if run:
                out.append("".join(run) + (run_suit.value if run_suit else ""))
                run, run_suit = [], None
            out.append(tile.code)
            continue
        if run_suit is not None and tile.suit is not run_suit:
            out.append("".join(run) + run_suit.value)
            run = []
        run_suit = tile.suit
        run.append(str(tile.rank))
    if run and run_suit is not None:
        out.append("".join(run) + run_suit.value)
    return "".join(out)


def parse_meld(text: str, *, claimed: int | None = None) -> Meld:
    """Parse one bracketed meld, ``[123m]``, ``[EEE]``, ``[5555p]`` or ``(5555p)``.

    ``claimed`` is not part of the notation and may be given alongside (see :class:`Meld`).

    >>> parse_meld("(5555p)").concealed
    True
    >>> parse_meld("[123s]", claimed=2)
    parse_meld('[123s]', claimed=2)
    """
    parsed = _parse(text, allow_melds=True, allow_plus=False)
    if len(parsed.melds) != 1 or parsed.concealed:
        raise NotationError.at(text, 0, "notation.not-a-set", tiles=text.strip())
    meld = parsed.melds[0]
    if claimed is None:
        return meld
    try:
        return Meld(meld.kind, meld.tiles, concealed=meld.concealed, claimed=claimed)
    except IllegalMeldError as error:
        raise NotationError(error.message, text=text, position=None) from error


def format_meld(meld: Meld) -> str:
    """``[...]`` for an exposed meld, ``(...)`` for a concealed kong."""
    inner = format_tiles(meld.tiles)
    return f"({inner})" if meld.concealed else f"[{inner}]"


def parse_hand(text: str) -> HandTiles:
    """Parse a hand: melds in brackets, concealed tiles, optionally ``+`` a winning tile."""
    parsed = _parse(text, allow_melds=True, allow_plus=True)
    return HandTiles(parsed.melds, parsed.concealed, parsed.winning_tile)


def format_hand(hand: HandTiles) -> str:
    """The canonical spelling of a hand (melds as given, concealed tiles sorted)."""
    parts = [format_meld(m) for m in hand.melds]
    parts.append(format_tiles(hand.concealed))
    if hand.winning_tile is not None:
        parts.append("+" + hand.winning_tile.code)
    return "".join(parts)

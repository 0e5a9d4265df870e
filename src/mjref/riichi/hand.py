"""A declared riichi win: its tiles and the facts of how it was won.

The tiles use the project's compact notation (:mod:`mjref.tiles.notation`): declared
melds in brackets, a concealed kong in parentheses, the concealed tiles, ``+`` and the
winning tile. Everything else is a fact of the table:

>>> hand = RiichiHand.from_notation(
...     "234m567p33s67sPPP+8s", riichi=True, seat_wind=Wind.SOUTH, dora_indicators="9p"
... )
>>> hand.riichi, hand.self_drawn, hand.is_dealer, [t.code for t in hand.dora_indicators]
(True, False, False, ['9p'])
>>> hand.is_open
False

Nothing is validated here: :func:`mjref.riichi.judge` reports every problem as a finding.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjref.errors import InputError
from mjref.riichi import _messages  # noqa: F401  (registers the wording)
from mjref.schema import FactKind, HandFact, HandSchema
from mjref.tiles import HandTiles, Meld, Suit, Tile, Wind, parse_hand, parse_tiles

MAX_HONBA = 100
"""The most counters (honba) a table can show, as far as mjref reads them."""
MAX_RIICHI_STICKS = 100
"""The most riichi sticks on a table, as far as mjref reads them."""


def _flag(name: str, help_text: str) -> HandFact:
    return HandFact(name, FactKind.FLAG, False, help_text, "--" + name.replace("_", "-"))


SCHEMA = HandSchema(
    "riichi",
    (
        _flag("self_drawn", "Won by self-draw (tsumo), else on a discard (ron)."),
        _flag("riichi", "Riichi declared."),
        _flag("double_riichi", "Double riichi (in the first uninterrupted go-around)."),
        _flag("ippatsu", "Won within one go-around of declaring riichi."),
        _flag("rinshan", "Won on a kong's replacement tile."),
        _flag("chankan", "Won by robbing a kong."),
        _flag("haitei", "Won by self-draw on the last tile of the wall."),
        _flag("houtei", "Won on the last discard."),
        _flag("tenhou", "The dealer's win on the dealt hand."),
        _flag("chiihou", "A non-dealer's win on the first draw."),
        _flag("renhou", "A non-dealer's win on a discard before the first draw."),
        HandFact(
            "seat_wind", FactKind.WIND, Wind.EAST, "Seat wind: E, S, W or N (E deals).", "--seat"
        ),
        HandFact(
            "prevalent_wind",
            FactKind.WIND,
            Wind.EAST,
            "Prevalent (round) wind: E, S, W or N.",
            "--prevalent",
        ),
        HandFact("dora_indicators", FactKind.TILES, (), "Dora indicators, e.g. '9p3s'.", "--dora"),
        HandFact(
            "ura_indicators", FactKind.TILES, (), "Ura dora indicators (riichi only).", "--ura"
        ),
        HandFact(
            "red_fives",
            FactKind.SUITS,
            (),
            "Suits whose red five the hand holds, e.g. 'mp' (rulesets with red fives).",
            "--red-fives",
        ),
        HandFact(
            "honba",
            FactKind.COUNT,
            0,
            f"Counters (honba) on the table, 0-{MAX_HONBA}.",
            "--honba",
            0,
            MAX_HONBA,
        ),
        HandFact(
            "riichi_sticks",
            FactKind.COUNT,
            0,
            f"Riichi sticks on the table, the winner's own included, 0-{MAX_RIICHI_STICKS}.",
            "--riichi-sticks",
            0,
            MAX_RIICHI_STICKS,
        ),
        _flag("furiten", "The player was furiten (temporary, or after riichi)."),
        HandFact(
            "discards",
            FactKind.TILES,
            None,
            "The player's own discards, when known (furiten is derived from them).",
            "--discards",
            optional=True,
        ),
    ),
)
"""The facts of a declared riichi win besides its tiles, declared once (:mod:`mjref.schema`)."""

BOOLEAN_FACTS = tuple(f.name for f in SCHEMA if f.kind is FactKind.FLAG)
"""The yes/no facts of a declared win."""

FACT_TYPES = SCHEMA.types
"""The facts a riichi hand object of a ruling may carry besides ``tiles``, by kind."""


@dataclass(frozen=True, slots=True)
class RiichiHand:
    """The facts a riichi judge needs about one declared win.

    - ``tiles``: declared melds, the concealed tiles *before* the winning tile, and the
      winning tile. A kong counts as three tiles towards the thirteen.
    - ``self_drawn``: won by self-draw (tsumo), else on a discard (ron).
    - ``riichi`` / ``double_riichi`` / ``ippatsu``: declared riichi; in the first uninterrupted
      go-around; won within one go-around of declaring it. Double riichi implies riichi.
    - ``rinshan``: won on the replacement tile after a kong; ``chankan``: won by robbing a
      kong; ``haitei``: won by self-draw on the last wall tile; ``houtei``: won on the last
      discard.
    - ``tenhou`` / ``chiihou`` / ``renhou``: the dealer's win on the dealt hand; a
      non-dealer's win on the first draw; a non-dealer's win on a discard before the first
      draw (no calls made in either case).
    - ``seat_wind`` (East is the dealer) and ``prevalent_wind``.
    - ``dora_indicators`` and ``ura_indicators`` (the ura only count for riichi).
    - ``red_fives``: the suits whose red five is in the hand (rulesets with red fives).
    - ``honba``: counters on the table; ``riichi_sticks``: riichi sticks on the table,
      including the winner's own.
    - ``furiten``: the player was furiten, as stated; ``discards``: the player's own
      discards, when known, from which furiten on a wait is derived as well.
    """

    tiles: HandTiles
    self_drawn: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: Wind = Wind.EAST
    prevalent_wind: Wind = Wind.EAST
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    red_fives: tuple[Suit, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    furiten: bool = False
    discards: tuple[Tile, ...] | None = None

    @classmethod
    def from_notation(
        cls,
        text: str,
        *,
        self_drawn: bool = False,
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        renhou: bool = False,
        seat_wind: Wind = Wind.EAST,
        prevalent_wind: Wind = Wind.EAST,
        dora_indicators: str = "",
        ura_indicators: str = "",
        red_fives: str = "",
        honba: int = 0,
        riichi_sticks: int = 0,
        furiten: bool = False,
        discards: str | None = None,
    ) -> RiichiHand:
        """Build a hand from the compact notation; tile lists (``dora_indicators``,
        ``ura_indicators``, ``discards``) use the same notation.

        ``red_fives`` is a string of suit letters (``"mp"``: the red 5m and 5p);
        ``discards=None`` means the discards are not known (``""`` means none yet).
        """
        return cls(
            tiles=parse_hand(text),
            self_drawn=self_drawn,
            riichi=riichi,
            double_riichi=double_riichi,
            ippatsu=ippatsu,
            rinshan=rinshan,
            chankan=chankan,
            haitei=haitei,
            houtei=houtei,
            tenhou=tenhou,
            chiihou=chiihou,
            renhou=renhou,
            seat_wind=seat_wind,
            prevalent_wind=prevalent_wind,
            dora_indicators=_tiles(dora_indicators),
            ura_indicators=_tiles(ura_indicators),
            red_fives=parse_red_fives(red_fives),
            honba=honba,
            riichi_sticks=riichi_sticks,
            furiten=furiten,
            discards=None if discards is None else _tiles(discards),
        )

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.tiles.melds

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind is Wind.EAST

    @property
    def is_open(self) -> bool:
        """Any declared set other than a concealed kong."""
        return any(not m.concealed for m in self.tiles.melds)

    @property
    def riichi_declared(self) -> bool:
        return self.riichi or self.double_riichi


def _tiles(text: str) -> tuple[Tile, ...]:
    return parse_tiles(text) if text.strip() else ()


def parse_red_fives(text: str) -> tuple[Suit, ...]:
    """Suit letters to suits, in order (``"pm"`` -> dots, characters); checked for letters only.

    >>> parse_red_fives("ps")
    (<Suit.DOTS: 'p'>, <Suit.BAMBOO: 's'>)
    """
    suits: list[Suit] = []
    for char in text.replace(" ", ""):
        if char not in "mps":
            raise InputError.of("riichi.bad-red-five-suit", suit=char)
        suits.append(Suit(char))
    return tuple(suits)

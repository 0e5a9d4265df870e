"""A declared riichi win: its tiles and the facts of how it was won.

The tiles use the project's compact notation (:mod:`mjref.tiles.notation`): declared
melds in brackets, a concealed kong in parentheses, the concealed tiles, ``+`` and the
winning tile. Everything else is a fact of the table:

>>> hand = RiichiHand.from_notation(
...     "234m567p33s67sPPP+8s", riichi=True, seat_wind=Wind.SOUTH, dora="9p"
... )
>>> hand.riichi, hand.tsumo, hand.is_dealer, [t.code for t in hand.dora_indicators]
(True, False, False, ['9p'])
>>> hand.is_open
False

Nothing is validated here: :func:`mjref.riichi.judge` reports every problem as a finding.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjref.errors import InputError
from mjref.riichi import _messages  # noqa: F401  (registers the wording)
from mjref.tiles import HandTiles, Meld, Suit, Tile, Wind, parse_hand, parse_tiles

BOOLEAN_FACTS = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "furiten",
)
"""The yes/no facts of a declared win."""

FACT_TYPES: dict[str, type] = {
    **dict.fromkeys(BOOLEAN_FACTS, bool),
    "seat_wind": Wind,
    "prevalent_wind": Wind,
    "dora": str,
    "ura": str,
    "red_fives": str,
    "discards": str,
    "honba": int,
    "riichi_sticks": int,
}
"""The keyword facts of :meth:`RiichiHand.from_notation` and their types."""


@dataclass(frozen=True, slots=True)
class RiichiHand:
    """The facts a riichi judge needs about one declared win.

    - ``tiles``: declared melds, the concealed tiles *before* the winning tile, and the
      winning tile. A kong counts as three tiles towards the thirteen.
    - ``tsumo``: won by self-draw (else on a discard, ron).
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
    tsumo: bool = False
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
        tsumo: bool = False,
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
        dora: str = "",
        ura: str = "",
        red_fives: str = "",
        honba: int = 0,
        riichi_sticks: int = 0,
        furiten: bool = False,
        discards: str | None = None,
    ) -> RiichiHand:
        """Build a hand from the compact notation; tile lists use the same notation.

        ``red_fives`` is a string of suit letters (``"mp"``: the red 5m and 5p);
        ``discards=None`` means the discards are not known (``""`` means none yet).
        """
        return cls(
            tiles=parse_hand(text),
            tsumo=tsumo,
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
            dora_indicators=_tiles(dora),
            ura_indicators=_tiles(ura),
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

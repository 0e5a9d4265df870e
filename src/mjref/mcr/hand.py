"""A declared MCR hand: its tiles and the facts of how it was won.

>>> hand = McrHand.from_notation("[123s](7777p)EE45678s+9s", flowers=2, prevalent_wind=Wind.SOUTH)
>>> hand.flowers, hand.self_drawn, hand.seat_wind
(2, False, <Wind.EAST: 'E'>)
"""

from __future__ import annotations

from dataclasses import dataclass

from mjref.schema import FactKind, HandFact, HandSchema
from mjref.tiles import HandTiles, Meld, Tile, Wind, parse_hand, parse_tiles

MAX_FLOWERS = 8
"""A set has eight flowers and seasons."""

SCHEMA = HandSchema(
    "mcr",
    (
        HandFact(
            "self_drawn", FactKind.FLAG, False, "Won on a tile from the wall.", "--self-drawn"
        ),
        HandFact("seat_wind", FactKind.WIND, Wind.EAST, "Seat wind: E, S, W or N.", "--seat"),
        HandFact(
            "prevalent_wind",
            FactKind.WIND,
            Wind.EAST,
            "Prevalent wind: E, S, W or N.",
            "--prevalent",
        ),
        HandFact(
            "flowers",
            FactKind.COUNT,
            0,
            f"Flowers and seasons, 0-{MAX_FLOWERS}.",
            "--flowers",
            0,
            MAX_FLOWERS,
        ),
        HandFact(
            "last_tile",
            FactKind.FLAG,
            False,
            "The winning tile is the last of its kind.",
            "--last-tile",
        ),
        HandFact(
            "kong_win",
            FactKind.FLAG,
            False,
            "Robbing the Kong (on a discard) / Out with Replacement Tile (self-drawn).",
            "--kong-win",
        ),
        HandFact(
            "wall_last",
            FactKind.FLAG,
            False,
            "Last Tile Claim (on a discard) / Last Tile Draw (self-drawn).",
            "--wall-last",
        ),
        HandFact(
            "winning_tile_shown",
            FactKind.FLAG,
            True,
            "MERS 1.9: the winning tile was shown clearly (no wait fans, Last Tile or Nine "
            "Gates when it was not).",
            "--winning-tile-not-shown",
        ),
        HandFact(
            "visible",
            FactKind.TILES,
            (),
            "Tiles visible elsewhere on the table (discards, other players' melds).",
            "--visible",
        ),
    ),
)
"""The facts of a declared MCR hand besides its tiles, declared once (see :mod:`mjref.schema`)."""

FACT_TYPES = SCHEMA.types
"""The facts an MCR hand object of a ruling may carry besides ``tiles``, by kind."""


@dataclass(frozen=True, slots=True)
class McrHand:
    """The facts a judge needs about one declared win.

    - ``tiles``: declared melds, the concealed tiles *before* the winning tile, and the
      winning tile. A kong counts as three tiles towards the thirteen.
    - ``self_drawn``: won on a tile from the wall (else on a discard).
    - ``last_tile``: the winning tile is the last of its kind (the other three visible).
    - ``kong_win``: Robbing the Kong on a discard; Out with Replacement Tile when self-drawn.
    - ``wall_last``: Last Tile Claim on a discard; Last Tile Draw when self-drawn.
    - ``winning_tile_shown``: MERS 1.9 - the winning tile was shown clearly (kept apart).
    - ``visible``: tiles visible elsewhere on the table (discards, other players' melds);
      optional, used to infer Last Tile and, under some conventions, exhausted waits.

    Nothing is validated here: :func:`mjref.mcr.judge` reports every problem as a finding.
    """

    tiles: HandTiles
    self_drawn: bool = False
    seat_wind: Wind = Wind.EAST
    prevalent_wind: Wind = Wind.EAST
    flowers: int = 0
    last_tile: bool = False
    kong_win: bool = False
    wall_last: bool = False
    winning_tile_shown: bool = True
    visible: tuple[Tile, ...] = ()

    @classmethod
    def from_notation(
        cls,
        text: str,
        *,
        self_drawn: bool = False,
        seat_wind: Wind = Wind.EAST,
        prevalent_wind: Wind = Wind.EAST,
        flowers: int = 0,
        last_tile: bool = False,
        kong_win: bool = False,
        wall_last: bool = False,
        winning_tile_shown: bool = True,
        visible: str = "",
    ) -> McrHand:
        """Build a hand from the compact notation (see :mod:`mjref.tiles.notation`)."""
        return cls(
            tiles=parse_hand(text),
            self_drawn=self_drawn,
            seat_wind=seat_wind,
            prevalent_wind=prevalent_wind,
            flowers=flowers,
            last_tile=last_tile,
            kong_win=kong_win,
            wall_last=wall_last,
            winning_tile_shown=winning_tile_shown,
            visible=parse_tiles(visible) if visible.strip() else (),
        )

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.tiles.melds

    @property
    def concealed(self) -> tuple[Tile, ...]:
        return self.tiles.concealed

    @property
    def winning_tile(self) -> Tile | None:
        return self.tiles.winning_tile

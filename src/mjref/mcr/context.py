"""What the scoring steps need to know about a hand, computed once per hand."""

from __future__ import annotations

from dataclasses import dataclass, field

from mjref.mcr.conventions import Convention
from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group, GroupKind, concealed_group
from mjref.mcr.tally import Tally
from mjref.mcr.traits import tile_set_fans
from mjref.mcr.waits import is_unique_wait
from mjref.tiles import TILES


@dataclass(slots=True)
class HandContext:
    """A legal hand's facts as scoring sees them (win flags already checked against the tiles).

    ``standing`` counts the concealed tiles including the winning tile; ``totals`` counts
    every tile of the hand (a kong counts four); ``visible`` counts the tiles visible
    elsewhere (only the tiles given, by index).
    """

    convention: Convention
    fixed: tuple[Group, ...]
    standing: list[int]
    totals: list[int]
    visible: dict[int, int]
    win: int
    self_drawn: bool
    last_tile: bool
    kong_win: bool
    wall_last: bool
    seat: int
    prevalent: int
    mask: int
    standing_mask: int
    exposed_melds: int
    _unique_wait: bool | None = None
    notes: set[str] = field(default_factory=set)
    _hogs: tuple[Group, ...] | None = None

    def unique_wait(self) -> bool:
        """Did the concealed tiles before the winning tile wait on one tile only (per D8)?

        Computed when first asked (only a division that could score a wait fan asks).
        """
        if self._unique_wait is None:
            before = list(self.standing)
            before[self.win] -= 1
            self._unique_wait = is_unique_wait(self, before, seven_pairs=sum(before) == 13)
        return self._unique_wait

    def seen(self, index: int) -> int:
        """Copies of a tile the winner can see: in his own hand and melds, and elsewhere."""
        return self.totals[index] + self.visible.get(index, 0)

    def add_win_flag_fans(self, tally: Tally) -> None:
        """The fans of how the hand was won: Last Tile, Self-Drawn, Last Tile Draw/Claim,
        Out with Replacement Tile, Robbing the Kong."""
        if self.last_tile:
            tally.put(Fan.LAST_TILE)
        if self.self_drawn:
            tally.put(Fan.SELF_DRAWN)
            if self.wall_last:
                tally.put(Fan.LAST_TILE_DRAW)
                tally.drop(Fan.SELF_DRAWN)
            if self.kong_win:
                tally.put(Fan.OUT_WITH_REPLACEMENT_TILE)
                tally.drop(Fan.SELF_DRAWN)
        else:
            if self.wall_last:
                tally.put(Fan.LAST_TILE_CLAIM)
            if self.kong_win:
                tally.put(Fan.ROBBING_THE_KONG)
                tally.drop(Fan.LAST_TILE)

    def add_tile_set_fans(self, tally: Tally) -> None:
        """The fans that depend only on which tile kinds the hand holds."""
        for fan, count in tile_set_fans(self.mask):
            for _ in range(count):
                tally.add(fan)

    def add_tile_hogs(self, tally: Tally) -> None:
        """Tile Hog for each tile held four times that is not a kong."""
        for hog in self.hogs:
            tally.add(Fan.TILE_HOG, (hog,))

    @property
    def hogs(self) -> tuple[Group, ...]:
        """The tiles held four times without being a kong, as groups of four."""
        if self._hogs is None:
            if 4 not in self.totals:
                self._hogs = ()
                return self._hogs
            kong_tiles = {g.first for g in self.fixed if g.kind is GroupKind.KONG}
            self._hogs = tuple(
                concealed_group(GroupKind.SINGLES, i, (TILES[i],) * 4)
                for i, count in enumerate(self.totals)
                if count == 4 and i not in kong_tiles
            )
        return self._hogs

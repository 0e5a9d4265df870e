"""The MCR scoring elements ("fan"), numbered and valued as in the Green Book (2006).

Each member carries its Green Book number, English name, Chinese name and its
Green Book value. A convention may value a fan differently (see
:mod:`mjref.mcr.conventions`); the value here is the Green Book's.

>>> Fan.PURE_STRAIGHT.number, Fan.PURE_STRAIGHT.title, Fan.PURE_STRAIGHT.points
(28, 'Pure Straight', 16)
>>> Fan.by_title("Two Concealed Kongs").points
8
>>> len(GREEN_BOOK_FANS)
81
"""

from __future__ import annotations

import enum


class Fan(enum.Enum):
    """A scoring element. ``value`` is the Green Book number (0 for the MIL extra fan)."""

    BIG_FOUR_WINDS = (1, "Big Four Winds", "大四喜", 88)
    BIG_THREE_DRAGONS = (2, "Big Three Dragons", "大三元", 88)
    ALL_GREEN = (3, "All Green", "绿一色", 88)
    NINE_GATES = (4, "Nine Gates", "九莲宝灯", 88)
    FOUR_KONGS = (5, "Four Kongs", "四杠", 88)
    SEVEN_SHIFTED_PAIRS = (6, "Seven Shifted Pairs", "连七对", 88)
    THIRTEEN_ORPHANS = (7, "Thirteen Orphans", "十三幺", 88)
    ALL_TERMINALS = (8, "All Terminals", "清幺九", 64)
    LITTLE_FOUR_WINDS = (9, "Little Four Winds", "小四喜", 64)
    LITTLE_THREE_DRAGONS = (10, "Little Three Dragons", "小三元", 64)
    ALL_HONORS = (11, "All Honors", "字一色", 64)
    FOUR_CONCEALED_PUNGS = (12, "Four Concealed Pungs", "四暗刻", 64)
    PURE_TERMINAL_CHOWS = (13, "Pure Terminal Chows", "一色双龙会", 64)
    QUADRUPLE_CHOW = (14, "Quadruple Chow", "一色四同顺", 48)
    FOUR_PURE_SHIFTED_PUNGS = (15, "Four Pure Shifted Pungs", "一色四节高", 48)
    FOUR_PURE_SHIFTED_CHOWS = (16, "Four Pure Shifted Chows", "一色四步高", 32)
    THREE_KONGS = (17, "Three Kongs", "三杠", 32)
    ALL_TERMINALS_AND_HONORS = (18, "All Terminals and Honors", "混幺九", 32)
    SEVEN_PAIRS = (19, "Seven Pairs", "七对", 24)
    GREATER_HONORS_AND_KNITTED_TILES = (20, "Greater Honors and Knitted Tiles", "七星不靠", 24)
    ALL_EVEN_PUNGS = (21, "All Even Pungs", "全双刻", 24)
    FULL_FLUSH = (22, "Full Flush", "清一色", 24)
    PURE_TRIPLE_CHOW = (23, "Pure Triple Chow", "一色三同顺", 24)
    PURE_SHIFTED_PUNGS = (24, "Pure Shifted Pungs", "一色三节高", 24)
    UPPER_TILES = (25, "Upper Tiles", "全大", 24)
    MIDDLE_TILES = (26, "Middle Tiles", "全中", 24)
    LOWER_TILES = (27, "Lower Tiles", "全小", 24)
    PURE_STRAIGHT = (28, "Pure Straight", "清龙", 16)
    THREE_SUITED_TERMINAL_CHOWS = (29, "Three-Suited Terminal Chows", "三色双龙会", 16)
    PURE_SHIFTED_CHOWS = (30, "Pure Shifted Chows", "一色三步高", 16)
    ALL_FIVES = (31, "All Fives", "全带五", 16)
    TRIPLE_PUNG = (32, "Triple Pung", "三同刻", 16)
    THREE_CONCEALED_PUNGS = (33, "Three Concealed Pungs", "三暗刻", 16)
    LESSER_HONORS_AND_KNITTED_TILES = (34, "Lesser Honors and Knitted Tiles", "全不靠", 12)
    KNITTED_STRAIGHT = (35, "Knitted Straight", "组合龙", 12)
    UPPER_FOUR = (36, "Upper Four", "大于五", 12)
    LOWER_FOUR = (37, "Lower Four", "小于五", 12)
    BIG_THREE_WINDS = (38, "Big Three Winds", "三风刻", 12)
    MIXED_STRAIGHT = (39, "Mixed Straight", "花龙", 8)
    REVERSIBLE_TILES = (40, "Reversible Tiles", "推不倒", 8)
    MIXED_TRIPLE_CHOW = (41, "Mixed Triple Chow", "三色三同顺", 8)
    MIXED_SHIFTED_PUNGS = (42, "Mixed Shifted Pungs", "三色三节高", 8)
    CHICKEN_HAND = (43, "Chicken Hand", "无番和", 8)
    LAST_TILE_DRAW = (44, "Last Tile Draw", "妙手回春", 8)
    LAST_TILE_CLAIM = (45, "Last Tile Claim", "海底捞月", 8)
    OUT_WITH_REPLACEMENT_TILE = (46, "Out with Replacement Tile", "杠上开花", 8)
    ROBBING_THE_KONG = (47, "Robbing the Kong", "抢杠和", 8)
    TWO_CONCEALED_KONGS = (48, "Two Concealed Kongs", "双暗杠", 8)
    ALL_PUNGS = (49, "All Pungs", "碰碰和", 6)
    HALF_FLUSH = (50, "Half Flush", "混一色", 6)
    MIXED_SHIFTED_CHOWS = (51, "Mixed Shifted Chows", "三色三步高", 6)
    ALL_TYPES = (52, "All Types", "五门齐", 6)
    MELDED_HAND = (53, "Melded Hand", "全求人", 6)
    TWO_DRAGON_PUNGS = (54, "Two Dragon Pungs", "双箭刻", 6)
    OUTSIDE_HAND = (55, "Outside Hand", "全带幺", 4)
    FULLY_CONCEALED_HAND = (56, "Fully Concealed Hand", "不求人", 4)
    TWO_MELDED_KONGS = (57, "Two Melded Kongs", "双明杠", 4)
    LAST_TILE = (58, "Last Tile", "和绝张", 4)
    DRAGON_PUNG = (59, "Dragon Pung", "箭刻", 2)
    PREVALENT_WIND = (60, "Prevalent Wind", "圈风刻", 2)
    SEAT_WIND = (61, "Seat Wind", "门风刻", 2)
    CONCEALED_HAND = (62, "Concealed Hand", "门前清", 2)
    ALL_CHOWS = (63, "All Chows", "平和", 2)
    TILE_HOG = (64, "Tile Hog", "四归一", 2)
    DOUBLE_PUNG = (65, "Double Pung", "双同刻", 2)
    TWO_CONCEALED_PUNGS = (66, "Two Concealed Pungs", "双暗刻", 2)
    CONCEALED_KONG = (67, "Concealed Kong", "暗杠", 2)
    ALL_SIMPLES = (68, "All Simples", "断幺", 2)
    PURE_DOUBLE_CHOW = (69, "Pure Double Chow", "一般高", 1)
    MIXED_DOUBLE_CHOW = (70, "Mixed Double Chow", "喜相逢", 1)
    SHORT_STRAIGHT = (71, "Short Straight", "连六", 1)
    TWO_TERMINAL_CHOWS = (72, "Two Terminal Chows", "老少副", 1)
    PUNG_OF_TERMINALS_OR_HONORS = (73, "Pung of Terminals or Honors", "幺九刻", 1)
    MELDED_KONG = (74, "Melded Kong", "明杠", 1)
    ONE_VOIDED_SUIT = (75, "One Voided Suit", "缺一门", 1)
    NO_HONORS = (76, "No Honors", "无字", 1)
    EDGE_WAIT = (77, "Edge Wait", "边张", 1)
    CLOSED_WAIT = (78, "Closed Wait", "坎张", 1)
    SINGLE_WAIT = (79, "Single Wait", "单钓将", 1)
    SELF_DRAWN = (80, "Self-Drawn", "自摸", 1)
    FLOWER_TILES = (81, "Flower Tiles", "花牌", 1)
    # Not a Green Book fan: the Chinese/MIL rules score one concealed and one melded kong
    # as this single fan (see disputed point D2 in docs/mcr-conventions.md).
    CONCEALED_KONG_AND_MELDED_KONG = (0, "Concealed Kong and Melded Kong", "明暗杠", 5)

    # Members are singletons compared by identity: hash them by identity too (fast).
    __hash__ = object.__hash__

    def __init__(self, number: int, title: str, chinese: str, points: int) -> None:
        self.number = number
        self.title = title
        self.chinese = chinese
        self.points = points
        # Listing order: the Green Book's; the MIL extra fan sits by Two Melded Kongs.
        self.order = number if number else 57.5

    @classmethod
    def by_title(cls, title: str) -> Fan:
        """The fan with this English title (exact spelling)."""
        return _BY_TITLE[title]

    def __repr__(self) -> str:
        return f"Fan.{self.name}"


_BY_TITLE = {fan.title: fan for fan in Fan}

GREEN_BOOK_FANS: tuple[Fan, ...] = tuple(f for f in Fan if f.number)
"""The 81 fans of the Green Book, in its order."""

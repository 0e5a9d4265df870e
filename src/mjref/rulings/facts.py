"""The values facts of incidents can take (enumerations shared by several incident types)."""

from __future__ import annotations

import enum


class Call(enum.StrEnum):
    """What a player meant to call. For riichi, ``hu`` is any win call (ron or tsumo)."""

    FLOWER = "flower"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    HU = "hu"

    @property
    def is_meld(self) -> bool:
        return self in (Call.CHOW, Call.PUNG, Call.KONG)


class Seat(enum.StrEnum):
    """A seat seen from the caller."""

    RIGHT = "right"
    OPPOSITE = "opposite"
    LEFT = "left"


class Which(enum.StrEnum):
    HAND = "hand"
    DISCARD = "discard"
    PLAYED_WITH = "played-with"
    """The player plays around with his tiles without need (MERS 1.5)."""


class Whose(enum.StrEnum):
    OWN = "own"
    WALL = "wall"
    OPPONENT = "opponent"


class About(enum.StrEnum):
    """What information was passed."""

    STRATEGY = "strategy"
    """Hints or advice on play: tenpai status, dangerous tiles, what to aim for."""
    TILE_COUNT = "tile-count"
    """Another player's wrong number of tiles."""
    FALSE_SET = "false-set"
    MISSING_REPLACEMENT = "missing-replacement"
    WRONG_WALL_TILE = "wrong-wall-tile"
    """A player about to take (or taking) a tile from the wrong place in the wall."""
    WRONG_WALL_TILE_IN_HAND = "wrong-wall-tile-in-hand"
    """Pointing out that a wrongly taken wall tile went into the hand (MERS 2.6.2)."""
    DEAD_HAND_STATUS = "dead-hand-status"
    """Saying that a player has a dead hand."""
    OTHER = "other"


class Counters(enum.StrEnum):
    DISCARDS = "discards"
    OWN_FLOWERS = "own-flowers"
    WALL_TILES = "wall-tiles"
    HAND_TILES = "hand-tiles"


class ObjectedTo(enum.StrEnum):
    """What an objection to the winner's counting was about (MERS 2.9.2)."""

    EXCESS = "excess"
    """Points counted in excess."""
    TOO_FEW = "too-few"
    """Points the winner missed."""


class Owner(enum.StrEnum):
    """Whose telephone (RCR 2016 5.6 covers players and spectators)."""

    PLAYER = "player"
    SPECTATOR = "spectator"


class ObstructionKind(enum.StrEnum):
    OBSTRUCTION = "obstruction"
    STALLING = "stalling"


class ExposedWhy(enum.StrEnum):
    """Why a player's exposed tiles were to be discarded first (or, after a false hu, were
    not)."""

    SHOWN_BEFORE_CALL = "shown-before-call"
    """MERS 2.7.1: tiles shown before the call."""
    FALSE_SET = "false-set"
    """MERS 2.7.4: a false set corrected before the discard."""
    FALSE_FLOWER = "false-flower"
    """MERS 2.7.4: a false flower corrected before the replacement joined the hand."""
    REVEALED_DURING_HU = "revealed-during-hu"
    """MERS 2.9.9: tiles revealed while a hu that turned out invalid was checked."""
    FALSE_HU = "false-hu"
    """MERS 2.10.3: the player's own false hu (no obligation)."""


class Reason(enum.StrEnum):
    """Why a player was replaced by a substitute."""

    LATE = "late"
    ILLNESS = "illness"
    DISQUALIFIED = "disqualified"
    WITHDRAWN = "withdrawn"
    """The player withdrew (left the tournament for a reason other than illness)."""


class Source(enum.StrEnum):
    """Where exposed tiles came from."""

    WALL = "wall"
    DEAD_WALL = "dead-wall"
    OWN_HAND = "own-hand"
    OPPONENT_HAND = "opponent-hand"


class Phase(enum.StrEnum):
    DEAL = "deal"
    PLAY = "play"
    AFTER_HAND = "after-hand"


class Fault(enum.StrEnum):
    PLAYER = "player"
    NOBODY = "nobody"


class RiichiError(enum.StrEnum):
    STICK_MISSING = "stick-missing"
    NOT_CALLED = "not-called"
    NOT_ROTATED = "not-rotated"
    OPEN_HAND = "open-hand"
    NEXT_NOT_ROTATED = "next-not-rotated"
    """After the sideways riichi tile was claimed, the next discard was not turned."""


class Revealed(enum.StrEnum):
    """What a player showed after a win call turned out wrong (RCR 5.1.3)."""

    NONE = "none"
    PUNG_TILES = "pung-tiles"
    ALL = "all"


class FalseWinReason(enum.StrEnum):
    """Why a declared riichi win is not valid (given by the referee or the riichi judge)."""

    NO_YAKU = "no-yaku"
    NOT_A_WINNING_SHAPE = "not-a-winning-shape"
    FURITEN = "furiten"
    WRONG_TILE_COUNT = "wrong-tile-count"
    OTHER = "other"


class HandEnd(enum.StrEnum):
    CHOMBO = "chombo"
    ABORTIVE_DRAW = "abortive-draw"

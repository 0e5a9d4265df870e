"""The vocabulary of consequences a clause can require, and who they concern.

A clause's consequences are data (see ``data/*.toml``); each names a :class:`Kind`
and the parameters that kind takes. :data:`PARAMS` is the schema the loader checks
them against, so a misspelt parameter or a value of the wrong type is an error that
names the file and the clause.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType


class Kind(enum.StrEnum):
    """What a ruling makes happen."""

    FOUL = "foul"
    """A foul on the ladder (warning, 5, 10, 20 ...); in a ruling it becomes ``LADDER``."""
    LADDER = "ladder"
    """The ladder step given for a foul (0 points = a warning)."""
    WARNING = "warning"
    """A warning that is not a ladder step (e.g. the opponents' warning in RCR 5.4)."""
    DEDUCTION = "deduction"
    """Points taken from the offender's score only (not paid to anyone)."""
    HAND_VALUE_REDUCED = "hand-value-reduced"
    """Points taken off the value of the winning hand (not off the winner's total)."""
    PAYMENT_EACH = "payment-each"
    """The offender pays this many points to each of the other three players."""
    NO_PAYMENT = "no-payment"
    DEAD_HAND = "dead-hand"
    ACTION_VOID = "action-void"
    ACTION_STANDS = "action-stands"
    CORRECTION_ALLOWED = "correction-allowed"
    NO_CORRECTION = "no-correction"
    DISCARD_EXPOSED_FIRST = "discard-exposed-first"
    NO_DISCARD_OBLIGATION = "no-discard-obligation"
    TILE_BACK = "tile-back"
    TILES_STAY_EXPOSED = "tiles-stay-exposed"
    FANS_VOID = "fans-void"
    FLOWER_POINTS_VOID = "flower-points-void"
    DISCRETION = "discretion"
    """The referee may (additionally) penalise; the range, where the text gives one."""
    DISQUALIFICATION = "disqualification"
    SUBSTITUTE = "substitute"
    TABLE_POINTS = "table-points"
    SESSION_POINTS_ZERO = "session-points-zero"
    SESSION_RESULT = "session-result"
    UMA = "uma"
    RANKING = "ranking"
    CHOMBO = "chombo"
    REDEAL = "redeal"
    RIICHI_INVALID = "riichi-invalid"
    RIICHI_STICK_RETURNED = "riichi-stick-returned"
    MUST = "must"
    SHOULD = "should"
    MAY = "may"
    MAY_NOT = "may-not"
    NO_PENALTY = "no-penalty"
    NOT_SPECIFIED = "not-specified"
    """The text is silent on this point; the referee decides. Never a guessed answer."""
    REFER = "refer"
    """Rule this as another incident type (named by the ``incident`` parameter)."""
    PRIORITY_LOST = "priority-lost"
    NO_RULING = "no-ruling"
    APPEAL_INADMISSIBLE = "appeal-inadmissible"
    FEE = "fee"
    VALID_WIN = "valid-win"
    HAND_COUNTED = "hand-counted"


class Party(enum.StrEnum):
    """Whom a consequence concerns."""

    OFFENDER = "offender"
    OTHERS = "others"
    """The other players at the table."""
    TABLE = "table"
    """Everyone at the table."""
    REFEREE = "referee"
    ORGANISERS = "organisers"
    SUBSTITUTE = "substitute"
    SPECTATOR = "spectator"
    """Someone watching, not playing (RCR 2016 5.6: telephones)."""


class Timing(enum.StrEnum):
    """When a point penalty is applied (RCR 5.5 and 5.7 differ between 2012 and 2016)."""

    AT_ONCE = "at-once"
    """Deducted at once, at the table (may change the ranking at the table)."""
    AFTER_UMA = "after-uma"
    """Deducted at the end of the game after uma (does not change the ranking at the table)."""


_ANY_STR = str
_INT = int
_BOOL = bool
_STR_LIST = "str-list"
_INT_LIST = "int-list"

PARAMS: Mapping[Kind, Mapping[str, object]] = MappingProxyType(
    {
        Kind.FOUL: {"infraction": _ANY_STR},
        Kind.LADDER: {},
        Kind.WARNING: {},
        Kind.DEDUCTION: {
            "points": _INT,
            "per_minute": _INT,
            "timing": tuple(Timing),
            "to_others": _BOOL,
        },
        Kind.HAND_VALUE_REDUCED: {"points": _INT},
        Kind.PAYMENT_EACH: {"points": _INT},
        Kind.NO_PAYMENT: {},
        Kind.DEAD_HAND: {"declare": _BOOL},
        Kind.ACTION_VOID: {},
        Kind.ACTION_STANDS: {"what": ("action", "call", "hand", "riichi", "win-call")},
        Kind.CORRECTION_ALLOWED: {},
        Kind.NO_CORRECTION: {},
        Kind.DISCARD_EXPOSED_FIRST: {},
        Kind.NO_DISCARD_OBLIGATION: {},
        Kind.TILE_BACK: {"to": ("wall", "dead-wall", "hand", "origin")},
        Kind.TILES_STAY_EXPOSED: {"claimable": _BOOL},
        Kind.FANS_VOID: {"fans": _STR_LIST},
        Kind.FLOWER_POINTS_VOID: {},
        Kind.DISCRETION: {
            "min": _INT,
            "max": _INT,
            "choices": _INT_LIST,
            "dead_hand": ("or", "and-or"),
            "timing": tuple(Timing),
            "to_others": _BOOL,
            "up_to": ("disqualification",),
            "what": ("penalty", "dead-hand-or-points"),
        },
        Kind.DISQUALIFICATION: {"scope": ("session", "tournament")},
        Kind.SUBSTITUTE: {},
        Kind.TABLE_POINTS: {
            "rule": (
                "none-for-session",
                "normal",
                "substitute-zero",
                "zero-for-missed",
                "zero-for-tournament",
                "normal-later-sessions",
            )
        },
        Kind.SESSION_POINTS_ZERO: {},
        Kind.SESSION_RESULT: {"points": _INT, "uma": _INT},
        Kind.UMA: {"rule": ("substitute-counts", "substitute-last"), "values": _INT_LIST},
        Kind.RANKING: {
            "rule": ("counts", "bottom", "may-be-removed", "may-be-removed-if-acceptable")
        },
        Kind.CHOMBO: {},
        Kind.REDEAL: {"penalty": _BOOL},
        Kind.RIICHI_INVALID: {},
        Kind.RIICHI_STICK_RETURNED: {},
        Kind.MUST: {"action": _ANY_STR},
        Kind.SHOULD: {"action": _ANY_STR},
        Kind.MAY: {"action": _ANY_STR},
        Kind.MAY_NOT: {"action": _ANY_STR},
        Kind.NO_PENALTY: {},
        Kind.NOT_SPECIFIED: {
            "what": (
                "penalty",
                "outcome",
                "part-minute",
                "precedence",
                "unseen-obstruction",
                "late-hu",
                "claim",
                "table-points",
            )
        },
        Kind.REFER: {"incident": _ANY_STR},
        Kind.PRIORITY_LOST: {},
        Kind.NO_RULING: {},
        Kind.APPEAL_INADMISSIBLE: {},
        Kind.FEE: {"amount": _INT, "currency": _ANY_STR},
        Kind.VALID_WIN: {},
        Kind.HAND_COUNTED: {"counted": _BOOL},
    }
)
"""For each kind, its parameters: a Python type, ``"str-list"``/``"int-list"``, or a tuple
of the allowed string values."""

REQUIRED: Mapping[Kind, tuple[str, ...]] = MappingProxyType(
    {
        Kind.PAYMENT_EACH: ("points",),
        Kind.HAND_VALUE_REDUCED: ("points",),
        Kind.TILE_BACK: ("to",),
        Kind.FANS_VOID: ("fans",),
        Kind.DISQUALIFICATION: ("scope",),
        Kind.TABLE_POINTS: ("rule",),
        Kind.SESSION_RESULT: ("points", "uma"),
        Kind.UMA: ("rule",),
        Kind.RANKING: ("rule",),
        Kind.MUST: ("action",),
        Kind.SHOULD: ("action",),
        Kind.MAY: ("action",),
        Kind.MAY_NOT: ("action",),
        Kind.REFER: ("incident",),
        Kind.FEE: ("amount", "currency"),
        Kind.HAND_COUNTED: ("counted",),
    }
)
"""Parameters a kind cannot do without."""


RIICHI_CORRECTIONS = frozenset(
    {
        "yakuman-not-cumulative",
        "daisuushii-double-yakuman",
        "renhou-mangan-not-cumulative",
        "two-han-minimum-with-counters",
    }
)
"""The corrections of the ``mahjong`` package's result a riichi ruleset may list (each is
implemented in :mod:`mjref.riichi.corrections`; a test keeps the two in line)."""

RIICHI_CITES = frozenset(
    {
        "mahjong-hand",
        "yaku-minimum",
        "furiten",
        "dead-hand",
        "riichi-open-hand",
        "payments",
        "minipoints",
        "limits",
        "open-tanyao",
        "red-fives",
        "renhou",
        "yakuman",
    }
)
"""What the riichi judge cites under every riichi ruleset (``cites`` in its data file);
``two-han-minimum`` too where the ruleset has that rule, and the chombo clause always."""

CONVENTION_CITES = frozenset({"minimum-points", "payments", "flowers"})
"""What the MCR judge cites from a scoring convention (besides its disputed points)."""

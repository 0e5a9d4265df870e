"""The incident types, one module per area of play.

An area's module is imported when one of its incident types is first asked for
(:func:`load`), so that a ruling reads only the area it needs; :func:`load_all` imports
every area (listings, the catalogues). :data:`AREAS` names each area's types, in the order
they are listed; a test checks it against what the modules register.
"""

from __future__ import annotations

import importlib
from types import MappingProxyType

AREAS: MappingProxyType[str, tuple[str, ...]] = MappingProxyType(
    {
        "calls": (
            "wrong-call-word",
            "late-claim",
            "competing-claims",
            "meld-call-not-made",
            "changed-call",
        ),
        "claims": (
            "tiles-shown-before-call",
            "tile-taken-before-showing",
            "claimed-tile-not-taken",
            "false-set",
            "false-flower",
        ),
        "conduct": (
            "petty-dispute",
            "table-language",
            "tiles-not-visible",
            "turn-too-long",
            "referee-called",
            "appeal",
            "passing-information",
        ),
        "attendance": (
            "late-arrival",
            "substitution",
            "time-expired",
        ),
        "hu": (
            "winning-tile-not-shown",
            "false-hu",
            "wrong-tile-count",
        ),
        "declaring": (
            "hu-retracted",
            "late-self-drawn-hu",
            "winning-hand-broken",
            "winning-tile-not-added",
            "revealed-during-hu",
        ),
        "checking": (
            "helped-counting",
            "improper-counters",
            "wall-destroyed-early",
            "discards-disturbed-early",
        ),
        "penalties": (
            "obstruction",
            "cheating",
            "serious-disturbance",
            "rules-abused",
        ),
        "riichi": (
            "riichi-declaration-error",
            "telephone",
            "time-signal",
            "hand-ended",
            "early-start",
        ),
        "exposure": (
            "exposed-not-discarded-first",
            "opponent-tiles-exposed",
            "talking",
        ),
        "wall": (
            "wrong-direction-draw",
            "wrong-wall-tile",
            "wall-tile-touched",
            "tiles-knocked-over",
            "tiles-exposed",
        ),
    }
)

NAMES: tuple[str, ...] = tuple(name for names in AREAS.values() for name in names)
"""Every incident type's name, in the order they are listed."""

_AREA_OF = {name: area for area, names in AREAS.items() for name in names}


def load(name: str) -> bool:
    """Import the module of incident type ``name``; False if no area has that name."""
    area = _AREA_OF.get(name)
    if area is None:
        return False
    importlib.import_module(f"{__name__}.{area}")
    return True


def load_all() -> None:
    """Import every area's module (each registers its incident types)."""
    for area in AREAS:
        importlib.import_module(f"{__name__}.{area}")

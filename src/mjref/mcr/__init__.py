"""The MCR (Chinese Official) hand judge.

The public API: :class:`McrHand` (what was declared), :func:`judge` (the verdict),
:class:`Verdict`, :class:`Fan` (the 81 Green Book scoring elements), the named
conventions (:func:`get_convention`; they and the regulations whose false-hu classes a
verdict cites are entries of the rules registry, :mod:`mjref.rules`) and the seeded hand
generator (``mjref.mcr.generate``).
See ``docs/mcr-judge.md``. Each public name is imported from its module when first used
(:mod:`mjref.lazy`): a convention or a hand's facts do not load the judge.
"""

from typing import TYPE_CHECKING

from mjref.lazy import exports

if TYPE_CHECKING:
    from mjref.mcr.conventions import DEFAULT_CONVENTION, Convention, get_convention
    from mjref.mcr.fans import GREEN_BOOK_FANS, Fan
    from mjref.mcr.hand import McrHand
    from mjref.mcr.judging import judge
    from mjref.mcr.regulation import DEFAULT_REGULATION
    from mjref.mcr.verdict import (
        FalseHuPenalty,
        FanScore,
        McrFinding,
        McrPayments,
        Severity,
        Verdict,
    )

__getattr__ = exports(
    __name__,
    {
        "conventions": ("DEFAULT_CONVENTION", "Convention", "get_convention"),
        "fans": ("GREEN_BOOK_FANS", "Fan"),
        "hand": ("McrHand",),
        "judging": ("judge",),
        "regulation": ("DEFAULT_REGULATION",),
        "verdict": (
            "FalseHuPenalty",
            "FanScore",
            "McrFinding",
            "McrPayments",
            "Severity",
            "Verdict",
        ),
    },
)

__all__ = [
    "DEFAULT_CONVENTION",
    "DEFAULT_REGULATION",
    "GREEN_BOOK_FANS",
    "Convention",
    "FalseHuPenalty",
    "Fan",
    "FanScore",
    "McrFinding",
    "McrHand",
    "McrPayments",
    "Severity",
    "Verdict",
    "get_convention",
    "judge",
]

"""The MCR (Chinese Official) hand judge.

The public API: :class:`McrHand` (what was declared), :func:`judge` (the verdict),
:class:`Verdict`, :class:`Fan` (the 81 Green Book scoring elements), the named
conventions (:func:`get_convention`) and the seeded hand generator (``mjref.mcr.generate``).
See ``docs/mcr-judge.md``.
"""

from mjref.mcr.conventions import DEFAULT_CONVENTION, Convention, get_convention
from mjref.mcr.fans import GREEN_BOOK_FANS, Fan
from mjref.mcr.hand import McrHand
from mjref.mcr.judge import judge
from mjref.mcr.verdict import FalseHu, FanScore, Finding, Severity, Verdict

__all__ = [
    "DEFAULT_CONVENTION",
    "GREEN_BOOK_FANS",
    "Convention",
    "FalseHu",
    "Fan",
    "FanScore",
    "Finding",
    "McrHand",
    "Severity",
    "Verdict",
    "get_convention",
    "judge",
]

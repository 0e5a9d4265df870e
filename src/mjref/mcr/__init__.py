"""The MCR (Chinese Official) hand judge.

The public API: :class:`McrHand` (what was declared), :func:`judge` (the verdict),
:class:`Fan` (the 81 Green Book scoring elements) and the named conventions.
"""

from mjref.mcr.fans import GREEN_BOOK_FANS, Fan
from mjref.mcr.hand import McrHand

__all__ = ["GREEN_BOOK_FANS", "Fan", "McrHand"]

"""Scoring rules as pure functions: MCR hands and table points (MERS), riichi uma and
substitutes (RCR), and what tied players share.

Nothing here knows about a tournament's log; :mod:`mjref.tournament` feeds these
functions the entries it holds.
"""

from mjref.scoring.errors import ScoringError
from mjref.scoring.mcr import FalseHuPayment, HandOutcome, HandResult, McrLine, TableRanking
from mjref.scoring.places import competition_ranks, shared_awards
from mjref.scoring.riichi import Entry, RiichiLine, RiichiScheme, riichi_scheme

__all__ = [
    "Entry",
    "FalseHuPayment",
    "HandOutcome",
    "HandResult",
    "McrLine",
    "RiichiLine",
    "RiichiScheme",
    "ScoringError",
    "TableRanking",
    "competition_ranks",
    "riichi_scheme",
    "shared_awards",
]

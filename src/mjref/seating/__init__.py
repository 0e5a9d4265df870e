"""Seating: repeat-free, wind-balanced seat plans; Swiss seating; re-seating.

The pure core of seating (no I/O, no clock): values and the checker
(:mod:`~mjref.seating.schedule`, :mod:`~mjref.seating.metrics`,
:mod:`~mjref.seating.limits`), sources of repeat-free meetings
(:mod:`~mjref.seating.known`, :mod:`~mjref.seating.affine`,
:mod:`~mjref.seating.cyclic`), local search (:mod:`~mjref.seating.improve`,
:mod:`~mjref.seating.polish`),
winds and table numbers (:mod:`~mjref.seating.winds`,
:mod:`~mjref.seating.tables`) and the use-level functions :func:`plan`,
:func:`swiss_session` and :func:`mjref.seating.repair.repair` (the modules
``generate`` and ``repair`` keep their names; their functions are imported from
them). See ``docs/seating.md`` for the
methods, the data sources and the limits.
"""

from mjref.seating.constraints import ApartGroup, Unmet, unmet_in
from mjref.seating.errors import SeatingError
from mjref.seating.generate import Generated
from mjref.seating.metrics import Metrics, measure
from mjref.seating.repair import Repaired
from mjref.seating.schedule import SEATS, Schedule
from mjref.seating.sizes import Advice, Fill, Planned, advise, plan
from mjref.seating.swiss import SwissSession, swiss_session

__all__ = [
    "SEATS",
    "Advice",
    "ApartGroup",
    "Fill",
    "Generated",
    "Metrics",
    "Planned",
    "Repaired",
    "Schedule",
    "SeatingError",
    "SwissSession",
    "Unmet",
    "advise",
    "measure",
    "plan",
    "swiss_session",
    "unmet_in",
]

"""Incidents in, rulings out: the MERS and EMA regulations executed.

>>> from mjref.rulings import decide, incident_from_facts
>>> ruling = decide(incident_from_facts("late-arrival", {"minutes": 10}), "mers-2008")
>>> ruling.compact()
('deduction:20 @mers-2008:2.3', 'may-not:start-before-arrival @mers-2008:2.3')
>>> decide(incident_from_facts("late-arrival", {"minutes": 10}), "ema-2009").compact()
('deduction:10 @ema-2009:late-up-to-10',)

Pure: no I/O beyond the package's own data, no clock. Rendering the explanations in a
language is the adapters' job (:mod:`mjref.i18n`).
"""

from mjref.rulings.build import (
    describe_type,
    fact_fields,
    facts_from_text,
    incident_from_facts,
    incident_type,
    incident_types,
)
from mjref.rulings.decide import citation, decide
from mjref.rulings.errors import HistoryError, IncidentError, NotCoveredError
from mjref.rulings.incident import Incident, fact_doc, incident_summary
from mjref.rulings.ruling import Citation, Consequence, Ruling

__all__ = [
    "Citation",
    "Consequence",
    "HistoryError",
    "Incident",
    "IncidentError",
    "NotCoveredError",
    "Ruling",
    "citation",
    "decide",
    "describe_type",
    "fact_doc",
    "fact_fields",
    "facts_from_text",
    "incident_from_facts",
    "incident_summary",
    "incident_type",
    "incident_types",
]

"""Incident types are read by area: asking for one imports only its area's module; the
table of areas names exactly the types each module registers, in the listed order."""

from __future__ import annotations

import pytest

from mjref.rulings import IncidentError, incident_type, incident_types
from mjref.rulings.incident import REGISTRY
from mjref.rulings.incidents import AREAS, NAMES
from tests.fresh import run_fresh


def test_the_table_names_what_each_area_registers() -> None:
    listed = incident_types()
    assert tuple(listed) == NAMES
    assert set(REGISTRY) == set(NAMES)
    for area, names in AREAS.items():
        for name in names:
            assert REGISTRY[name].__module__ == f"mjref.rulings.incidents.{area}", name


def test_an_unknown_name_is_refused_with_the_known_ones() -> None:
    with pytest.raises(IncidentError) as raised:
        incident_type("calls")  # an area, not an incident type
    assert raised.value.message.params["name"] == "calls"
    assert "late-arrival" in str(raised.value.message.params["known"])


def test_one_incident_reads_only_its_area() -> None:
    program = (
        "import sys\n"
        "from mjref.rulings import incident_type\n"
        "incident_type('late-arrival')\n"
        "loaded = sorted(m.rsplit('.', 1)[1] for m in sys.modules\n"
        "                if m.startswith('mjref.rulings.incidents.'))\n"
        "print(' '.join(loaded))\n"
    )
    done = run_fresh(program)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["attendance"]

"""Loading and running the golden ruling cases of ``data/*.toml``.

A case: ``incident`` and ``facts``; ``rulesets`` it is ruled under (each gets the same
expectation, a clause key without a ruleset meaning the ruleset ruled under); ``expect``:
every consequence in its compact form ``kind[:value] @clause``; optional ``cites``
(clauses that must be cited), ``notes`` (message keys that must be among the notes),
``history`` (earlier incidents, decided in order first), ``player``/``session``/``game``,
``error`` (the error class expected instead of a ruling) with ``error_fact``;
``convention``, the MCR scoring convention a declared hand is judged under (default
``green-book``); and ``source``, the text the expectation rests on.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjref.rules import get_ruleset
from mjref.rulings import Ruling, decide, incident_from_facts

DATA = Path(__file__).parent / "data"
CASE_FILES = (
    "mers.toml",
    "ema-2009.toml",
    "rcr.toml",
    "discrepancies.toml",
    "false-hu.toml",
    "hungarian.toml",
)


@dataclass(frozen=True)
class Case:
    file: str
    name: str
    ruleset: str
    incident: str
    facts: dict[str, Any]
    expect: tuple[str, ...] | None
    cites: tuple[str, ...]
    notes: tuple[str, ...]
    error: str | None
    error_fact: str | None
    source: str
    who: dict[str, Any] = field(default_factory=dict)
    history: tuple[dict[str, Any], ...] = ()
    convention: str = "green-book"

    @property
    def id(self) -> str:
        return f"{self.file}:{self.name}[{self.ruleset}]"


def qualify(ref: str, ruleset: str) -> str:
    """``2.3`` under ``mers-2008+italian`` -> ``mers-2008:2.3``; full ids stay as they are."""
    return ref if ":" in ref else f"{get_ruleset(ruleset).id}:{ref}"


def qualify_compact(text: str, ruleset: str) -> str:
    head, sep, ref = text.partition(" @")
    assert sep, f"{text!r} lacks ' @clause'"
    return f"{head} @{qualify(ref.strip(), ruleset)}"


def cases() -> Iterator[Case]:
    for file in CASE_FILES:
        raw = tomllib.loads((DATA / file).read_text("utf-8"))
        for entry in raw.get("case", []):
            for ruleset in entry["rulesets"]:
                yield Case(
                    file=file,
                    name=entry["name"],
                    ruleset=ruleset,
                    incident=entry["incident"],
                    facts=dict(entry.get("facts", {})),
                    expect=(
                        tuple(qualify_compact(e, ruleset) for e in entry["expect"])
                        if "expect" in entry
                        else None
                    ),
                    cites=tuple(qualify(c, ruleset) for c in entry.get("cites", ())),
                    notes=tuple(entry.get("notes", ())),
                    error=entry.get("error"),
                    error_fact=entry.get("error_fact"),
                    source=entry["source"],
                    who={k: entry[k] for k in ("player", "session", "game") if k in entry},
                    history=tuple(entry.get("history", ())),
                    convention=entry.get("convention", "green-book"),
                )


def run(case: Case) -> Ruling:
    """Decide the case's history in order, then the case itself."""
    earlier: list[Ruling] = []
    for step in case.history:
        who = {k: step[k] for k in ("player", "session", "game") if k in step}
        incident = incident_from_facts(step["incident"], step.get("facts", {}), **who)
        earlier.append(decide(incident, case.ruleset, earlier, convention=case.convention))
    incident = incident_from_facts(case.incident, case.facts, **case.who)
    return decide(incident, case.ruleset, earlier, convention=case.convention)

"""An in-memory event log for tests of the core and the services (every event goes through
the codec and JSON, as in the database)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from mjref.tournament.codec import decode, encode
from mjref.tournament.errors import SlotTakenError, StaleLogError
from mjref.tournament.events import NewEntry, Recorded, slot_of


class MemoryLog:
    def __init__(self) -> None:
        self.rows: dict[str, list[tuple[str, str, str, str]]] = {}
        self.slots: dict[str, set[str]] = {}
        self.reads = 0

    def read(self, tournament: str, after: int = 0) -> list[Recorded]:
        self.reads += 1
        rows = self.rows.get(tournament, [])
        return [
            Recorded(seq, decode(kind, json.loads(data)), actor, at)
            for seq, (kind, data, actor, at) in enumerate(rows, start=1)
            if seq > after
        ]

    def append(self, tournament: str, after: int, pending: Sequence[NewEntry]) -> list[Recorded]:
        rows = self.rows.setdefault(tournament, [])
        taken = self.slots.setdefault(tournament, set())
        if len(rows) != after:
            raise StaleLogError(after, len(rows))
        new_slots = [slot_of(p.event) for p in pending]
        for slot in new_slots:
            if slot is not None and slot in taken:
                raise SlotTakenError(slot)
        out = []
        for offset, p in enumerate(pending, start=1):
            rows.append((p.event.KIND, json.dumps(encode(p.event)), p.actor, p.at))
            out.append(Recorded(after + offset, p.event, p.actor, p.at))
        taken.update(s for s in new_slots if s is not None)
        return out

    def tournaments(self) -> list[tuple[str, Recorded]]:
        return [(tid, self.read(tid)[0]) for tid in sorted(self.rows)]

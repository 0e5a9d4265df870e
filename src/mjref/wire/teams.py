"""The team standings' JSON shape: each team's place, name, total (exact: an integer, or a
fraction as text), the members counted and the members left out."""

from __future__ import annotations

from mjref.tournament.numbers import format_exact
from mjref.tournament.teams import TeamRow
from mjref.wire.messages import JsonValue


def teams_json(rows: tuple[TeamRow, ...], best: int | None) -> dict[str, JsonValue]:
    return {
        "rule": "all" if best is None else f"best-{best}",
        "teams": [
            {
                "place": r.place,
                "team": r.team,
                "total": r.total.numerator if r.total.denominator == 1 else format_exact(r.total),
                "counted": [int(p) for p in r.counted],
                "others": [int(p) for p in r.others],
            }
            for r in rows
        ],
    }

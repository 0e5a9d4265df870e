"""The foul ladder: warning, 5, 10, 20, 30 ... points, per player, reset each session.

The position of a new foul is computed from the earlier rulings (the history), so one
function serves a standalone look-up (empty history) and the tournament log. What is
counted and when it starts again are readings of the ruleset:

- ``ladder-counts``: ``any-foul`` (MERS English/French/Hungarian) or ``same-infraction``
  (the Italian "same infraction repeated");
- ``ladder-reset``: ``session`` (MERS 3.6) or ``game`` (the Dutch overview's *partij*);
- ``ladder-carry``: what survives a reset for obstruction and stalling - only those
  entries (``obstruction-entries``) or, once a player has one, the player's whole count
  (``whole-count``, the literal English wording of 3.6);
- ``ladder-carried``: which infractions those are - the ladder's ``carry`` (obstruction
  and stalling), or those the reading names (the Hungarian 3.6: stalling only).
"""

from __future__ import annotations

from collections.abc import Sequence

from mjref.rules.model import Ladder, Ruleset
from mjref.rulings.incident import Incident
from mjref.rulings.ruling import Ruling


def ladder_of(ruleset: Ruleset) -> Ladder:
    """The ladder that applies under ``ruleset`` (its own, or its base document's)."""
    current: Ruleset | None = ruleset
    while current is not None:
        if current.ladder is not None:
            return current.ladder
        current = current.base
    raise LookupError(f"{ruleset.id} has no foul ladder")


def ladder_owner(ruleset: Ruleset) -> Ruleset:
    """The document whose ladder clauses are cited under ``ruleset``."""
    current: Ruleset | None = ruleset
    while current is not None:
        if current.ladder is not None:
            return current
        current = current.base
    raise LookupError(f"{ruleset.id} has no foul ladder")


def carried(ruleset: Ruleset) -> tuple[str, ...]:
    """The infractions whose ladder entries survive the reset under ``ruleset``: the
    ladder's own list, unless the ladder's document reads them from ``ladder-carried``."""
    owner = ladder_owner(ruleset)
    ladder = ladder_of(ruleset)
    if "ladder-carried" not in owner.options:
        return ladder.carry
    names = ruleset.choice_params("ladder-carried").get("carry", ladder.carry)
    assert isinstance(names, tuple | list)
    return tuple(str(n) for n in names)


def foul_index(
    ruleset: Ruleset, incident: Incident, infraction: str, history: Sequence[Ruling]
) -> int:
    """0-based position on the ladder of a new foul ``infraction`` by ``incident.player``.

    >>> from mjref.rules import get_ruleset
    >>> from mjref.rulings.incidents.claims import FalseSet
    >>> foul_index(get_ruleset("mers-2008"), FalseSet(discarded=False), "false-set", ())
    0
    """
    by_game = (ruleset.choice("ladder-reset") or "session") == "game"
    same_only = (ruleset.choice("ladder-counts") or "any-foul") == "same-infraction"
    whole = (ruleset.choice("ladder-carry") or "obstruction-entries") == "whole-count"
    carry = carried(ruleset)

    def period(found: Incident) -> tuple[int, int]:
        return (found.session, found.game if by_game else 0)

    # The player's ladder entries in order; a ruling on obstruction or stalling that put
    # nothing on the ladder (the Dutch overview keeps obstruction off it: 10-60 points) is
    # still an entry "for obstruction" in the sense of the reset's exception, so it is kept
    # as a mark (None) that protects the count under ``whole-count``.
    entries: list[tuple[tuple[int, int], str | None]] = sorted(
        (
            (period(r.incident), name)
            for r in history
            if r.incident.player == incident.player
            for name in _entries(r, carry)
        ),
        key=lambda e: e[0],
    )
    kept: list[str] = []
    protected = False
    current: tuple[int, int] | None = None

    def reset(items: list[str]) -> list[str]:
        if whole and protected:
            return items
        return [i for i in items if i in carry]

    for when, found in entries:
        if current is not None and when != current:
            kept = reset(kept)
        current = when
        if found is None:
            protected = True
            continue
        kept.append(found)
        protected = protected or found in carry
    if current is not None and period(incident) != current:
        kept = reset(kept)
    if same_only:
        return sum(1 for i in kept if i == infraction)
    return len(kept)


def _entries(ruling: Ruling, carry: tuple[str, ...]) -> list[str | None]:
    """What ``ruling`` puts on its player's ladder: its fouls' infractions, or a mark (None)
    for a ruling on obstruction or stalling that is off the ladder."""
    fouls: list[str | None] = [
        str(c.params.get("infraction", "")) for c in ruling.consequences if c.is_foul
    ]
    if fouls:
        return fouls
    if ruling.incident.NAME == "obstruction" and str(ruling.incident.facts()["kind"]) in carry:
        return [None]
    return []

"""A working tally of the fans found in one reading of a hand.

Each fan instance keeps the groups that form it (empty for fans about the whole
hand, such as Half Flush or Self-Drawn). The tally is internal scratch space of
the scoring functions; the judge turns the chosen one into an immutable verdict.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group

Instance = tuple[Group, ...]


class Tally:
    """Fans found so far, each with its instances."""

    __slots__ = ("_fans", "notes")

    def __init__(self) -> None:
        self._fans: dict[Fan, list[Instance]] = {}
        self.notes: set[str] = set()
        """Disputed points (``D1``…``D8``) whose reading decided something in this tally."""

    def add(self, fan: Fan, groups: Instance = ()) -> None:
        """One more instance of ``fan``."""
        self._fans.setdefault(fan, []).append(groups)

    def put(self, fan: Fan, groups: Instance = ()) -> None:
        """Exactly one instance of ``fan`` (replacing any)."""
        self._fans[fan] = [groups]

    def drop(self, *fans: Fan) -> None:
        """Remove every instance of these fans."""
        for fan in fans:
            self._fans.pop(fan, None)

    def drop_last(self, fan: Fan) -> None:
        """Remove the most recently added instance of ``fan``."""
        instances = self._fans.get(fan)
        if instances:
            instances.pop()
            if not instances:
                del self._fans[fan]

    def drop_with(self, fan: Fan, group: Group) -> bool:
        """Remove one instance of ``fan`` formed by ``group``; report whether there was one."""
        instances = self._fans.get(fan, [])
        for position, groups in enumerate(instances):
            if group in groups:
                del instances[position]
                if not instances:
                    del self._fans[fan]
                return True
        return False

    def present(self) -> list[Fan]:
        """The fans with at least one instance."""
        return list(self._fans)

    def has(self, fan: Fan) -> bool:
        return fan in self._fans

    def count(self, fan: Fan) -> int:
        return len(self._fans.get(fan, ()))

    def instances(self, fan: Fan) -> list[Instance]:
        return list(self._fans.get(fan, ()))

    def fans(self) -> Iterable[tuple[Fan, list[Instance]]]:
        return self._fans.items()

    def is_empty(self) -> bool:
        return not self._fans

    def total(self, points: Mapping[Fan, int]) -> int:
        """The points of all instances, valued by ``points``."""
        return sum(points[fan] * len(found) for fan, found in self._fans.items())

    def copy(self) -> Tally:
        other = Tally()
        other._fans = {fan: list(found) for fan, found in self._fans.items()}
        other.notes = set(self.notes)
        return other

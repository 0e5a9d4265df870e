"""A working tally of the fans found in one division of a hand.

Each fan instance keeps the groups that form it (empty for fans about the whole
hand, such as Half Flush or Self-Drawn). The tally is internal scratch space of
the scoring functions; the judge turns the chosen one into an immutable verdict.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mjref.mcr.fans import Fan
from mjref.mcr.groups import Group

Instance = tuple[Group, ...]


class Tally(dict[Fan, list[Instance]]):
    """Fans found so far, each with its instances (a dict from fan to its instances).

    Membership (``fan in tally``) and emptiness (``not tally``) are the dict's own; the
    methods below keep the instance lists consistent (no fan with an empty list).
    """

    __slots__ = ("notes",)

    def __init__(self) -> None:
        super().__init__()
        self.notes: set[str] = set()
        """Disputed points (``D1``…``D8``) whose reading decided something in this tally."""

    def add(self, fan: Fan, groups: Instance = ()) -> None:
        """One more instance of ``fan``."""
        found = self.get(fan)
        if found is None:
            self[fan] = [groups]
        else:
            found.append(groups)

    def put(self, fan: Fan, groups: Instance = ()) -> None:
        """Exactly one instance of ``fan`` (replacing any)."""
        self[fan] = [groups]

    def drop(self, *fans: Fan) -> None:
        """Remove every instance of these fans."""
        for fan in fans:
            self.pop(fan, None)

    def drop_with(self, fan: Fan, group: Group) -> bool:
        """Remove one instance of ``fan`` formed by ``group``; report whether there was one."""
        instances = self.get(fan, [])
        for position, groups in enumerate(instances):
            if group in groups:
                del instances[position]
                if not instances:
                    del self[fan]
                return True
        return False

    def count(self, fan: Fan) -> int:
        """How many instances of ``fan``."""
        return len(self.get(fan, ()))

    def instances(self, fan: Fan) -> list[Instance]:
        return list(self.get(fan, ()))

    def fans(self) -> Iterable[tuple[Fan, list[Instance]]]:
        return self.items()

    def total(self, points: Mapping[Fan, int]) -> int:
        """The points of all instances, valued by ``points``."""
        return sum(points[fan] * len(found) for fan, found in self.items())

    def copy(self) -> Tally:
        other = Tally()
        for fan, found in self.items():
            other[fan] = list(found)
        other.notes = set(self.notes)
        return other

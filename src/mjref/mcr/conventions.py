"""Named MCR scoring conventions and the disputed points they decide, from the rules registry.

The Green Book leaves some combinations open to more than one reading; each such
disputed point (D1-D8) is an option of the ``green-book`` entry of the rules registry
(``rules/data/green-book.toml``), with named choices and a clause of its own that
verdicts cite (``green-book:D6``). A convention is a registry entry of kind
``convention`` that picks one choice per point (``mil`` reads them the Chinese way).
Names resolve through the registry's one alias table, in any case, and a spec may read
points differently: ``mil+D3=not-counted``.

>>> get_convention("gb").id
'green-book'
>>> get_convention("MIL").choice("D1")
'6'
>>> get_convention("mil").with_choices(D3="not-counted").id
'mil+D3=not-counted'
>>> get_convention("mil+d3=not-counted").choice("D3")
'not-counted'
>>> get_convention("mil").cite("payments"), disputed_points()["D6"].clause
('green-book:payments', 'green-book:D6')
>>> get_convention("nope")
Traceback (most recent call last):
...
mjref.rules.errors.RulesetError: unknown scoring convention 'nope' (known: green-book, mil; ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from types import MappingProxyType

from mjref.mcr import _messages  # noqa: F401  (registers the wording)
from mjref.mcr.fans import Fan
from mjref.rules import EntryKind, Ruleset, get_ruleset, rulesets

DEFAULT_CONVENTION = "green-book"

KINDS = (EntryKind.CONVENTION,)
"""The kind of registry entry ``--convention`` accepts."""


@dataclass(frozen=True, slots=True)
class DisputedPoint:
    """One open question of the rules, its possible readings and the clause that states it."""

    id: str
    question: str
    choices: Mapping[str, str]
    """Each choice's name and what it says."""
    clause: str
    """The clause id verdicts cite for this point (``green-book:D6``)."""


@dataclass(frozen=True, slots=True)
class Convention:
    """A scoring convention with its readings applied: one choice per disputed point.

    ``id`` is the spec (``green-book``, ``mil+D3=not-counted``); ``ruleset`` the registry
    entry it was read from.
    """

    id: str
    title: str
    aliases: tuple[str, ...]
    choices: Mapping[str, str]
    points: Mapping[Fan, int] = field(repr=False)
    # The choices as typed flags, for the scoring code.
    two_concealed_kongs_points: int = field(repr=False)
    mixed_kongs: str = field(repr=False)
    knitted_straight_waits_counted: bool = field(repr=False)
    tile_hog_in_seven_pairs_terminals_or_green: bool = field(repr=False)
    nine_gates_terminal_pung: bool = field(repr=False)
    special_hand_self_drawn_fully_concealed: bool = field(repr=False)
    kong_concealment_additive: bool = field(repr=False)
    effective_waits: bool = field(repr=False)
    # The clause ids a verdict cites, looked up once.
    minimum_clause: str = field(repr=False)
    flowers_clause: str = field(repr=False)
    payments_clause: str = field(repr=False)
    ruleset: Ruleset = field(repr=False, compare=False)

    def choice(self, point: str) -> str:
        """The reading this convention applies to disputed point ``point`` (``D1``…``D8``)."""
        return self.choices[point]

    def cite(self, topic: str) -> str:
        """The clause id cited for ``minimum-points``, ``flowers`` or ``payments``."""
        return self.ruleset.cite(topic)

    def with_choices(self, **choices: str) -> Convention:
        """This convention with some disputed points read differently (named after it)."""
        changed = sorted(p for p in choices if self.choices.get(p) != choices[p])
        if not changed:
            return self
        return get_convention(self.id + "".join(f"+{p}={choices[p]}" for p in changed))


def _build(ruleset: Ruleset) -> Convention:
    # A convention reads every disputed point (its options, its base's included); reading
    # them from the entry itself loads no other data file. The registry validates every
    # choice against its option when the data is loaded.
    choices = {point: ruleset.choice(point) for point in ruleset.all_options}
    values = {p: c for p, c in choices.items() if c is not None}
    assert len(values) == len(choices), f"{ruleset.id} leaves a disputed point unread"
    fan_points = {fan: fan.points for fan in Fan}
    fan_points[Fan.TWO_CONCEALED_KONGS] = int(values["D1"])
    return Convention(
        id=ruleset.spec,
        title=f"{ruleset.document}, {ruleset.edition}",
        aliases=ruleset.aliases,
        choices=MappingProxyType(values),
        points=MappingProxyType(fan_points),
        two_concealed_kongs_points=int(values["D1"]),
        mixed_kongs=values["D2"],
        knitted_straight_waits_counted=values["D3"] == "counted",
        tile_hog_in_seven_pairs_terminals_or_green=values["D4"] == "yes",
        nine_gates_terminal_pung=values["D5"] == "yes",
        special_hand_self_drawn_fully_concealed=values["D6"] == "fully-concealed-hand",
        kong_concealment_additive=values["D7"] == "additive",
        effective_waits=values["D8"] == "effective",
        minimum_clause=ruleset.cite("minimum-points"),
        flowers_clause=ruleset.cite("flowers"),
        payments_clause=ruleset.cite("payments"),
        ruleset=ruleset,
    )


@cache
def disputed_points() -> Mapping[str, DisputedPoint]:
    """The disputed points D1-D8, in order (the options of the conventions)."""
    found: dict[str, DisputedPoint] = {}
    for entry in rulesets().values():
        if entry.kind not in KINDS:
            continue
        for name, option in entry.all_options.items():
            if name in found:
                continue
            owner = entry.option_owner(name)
            found[name] = DisputedPoint(
                id=name,
                question=option.title,
                choices=MappingProxyType({c.name: c.description for c in option.choices.values()}),
                clause=owner.qualified(option.clauses[0]),
            )
    return MappingProxyType(found)


@cache
def conventions() -> Mapping[str, Convention]:
    """Every convention by id, with its own readings."""
    return MappingProxyType({r.id: _cached(r.id) for r in rulesets().values() if r.kind in KINDS})


@lru_cache(maxsize=256)
def _cached(spec: str) -> Convention:
    """One shared value per canonical spec (``get_convention("gb") is get_convention(
    "green-book")``)."""
    return _build(get_ruleset(spec, kinds=KINDS))


@lru_cache(maxsize=256)
def _by_name(spec: str) -> Convention:
    return _cached(get_ruleset(spec, kinds=KINDS).spec)


def get_convention(spec: str | Convention = DEFAULT_CONVENTION) -> Convention:
    """A convention by spec (an id or alias in any case, then ``+D3=counted`` parts);
    a :class:`Convention` is returned as is. Raises
    :class:`~mjref.rules.RulesetError` for a name that is not a scoring convention."""
    if isinstance(spec, Convention):
        return spec
    return _by_name(spec)

"""Named MCR scoring conventions and the disputed points they decide.

The Green Book leaves some combinations open to more than one reading; each such
disputed point (D1-D8) is an option with named choices, and a convention picks one
choice per point. Conventions are loaded from ``data/conventions.toml`` and
validated on load.

>>> get_convention("gb").id
'green-book'
>>> get_convention("mil").choice("D1")
'6'
>>> get_convention("mil").with_choices(D3="not-counted").choice("D3")
'not-counted'
>>> get_convention("nope")
Traceback (most recent call last):
...
mjref.errors.InputError: unknown MCR convention 'nope' (known: green-book, mil; aliases: ...)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType

from mjref.errors import InputError
from mjref.mcr import _messages  # noqa: F401  (registers the wording)
from mjref.mcr.fans import Fan

DEFAULT_CONVENTION = "green-book"


@dataclass(frozen=True, slots=True)
class DisputedPoint:
    """One open question of the rules and its possible readings."""

    id: str
    key: str
    question: str
    choices: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Convention:
    """A named set of readings, one per disputed point."""

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

    def choice(self, point: str) -> str:
        """The reading this convention applies to disputed point ``point`` (``D1``…``D8``)."""
        return self.choices[point]

    def with_choices(self, **choices: str) -> Convention:
        """This convention with some disputed points read differently (named after it)."""
        merged = dict(self.choices)
        merged.update(choices)
        changed = sorted(p for p in choices if self.choices.get(p) != choices[p])
        suffix = "".join(f"+{p}={merged[p]}" for p in changed)
        return _build(self.id + suffix, self.title, (), merged)


def _build(
    conv_id: str, title: str, aliases: tuple[str, ...], choices: dict[str, str]
) -> Convention:
    points = disputed_points()
    unknown = sorted(set(choices) - set(points))
    if unknown:
        raise InputError.of(
            "mcr.convention.unknown-point", point=unknown[0], known=", ".join(points)
        )
    for point_id, point in points.items():
        if point_id not in choices:
            raise InputError.of("mcr.convention.missing-point", convention=conv_id, point=point_id)
        if choices[point_id] not in point.choices:
            raise InputError.of(
                "mcr.convention.bad-choice",
                point=point_id,
                choice=choices[point_id],
                choices=", ".join(point.choices),
            )
    fan_points = {fan: fan.points for fan in Fan}
    fan_points[Fan.TWO_CONCEALED_KONGS] = int(choices["D1"])
    return Convention(
        id=conv_id,
        title=title,
        aliases=aliases,
        choices=MappingProxyType(dict(sorted(choices.items()))),
        points=MappingProxyType(fan_points),
        two_concealed_kongs_points=int(choices["D1"]),
        mixed_kongs=choices["D2"],
        knitted_straight_waits_counted=choices["D3"] == "counted",
        tile_hog_in_seven_pairs_terminals_or_green=choices["D4"] == "yes",
        nine_gates_terminal_pung=choices["D5"] == "yes",
        special_hand_self_drawn_fully_concealed=choices["D6"] == "fully-concealed-hand",
        kong_concealment_additive=choices["D7"] == "additive",
        effective_waits=choices["D8"] == "effective",
    )


@cache
def _data() -> dict[str, object]:
    text = resources.files("mjref.mcr").joinpath("data/conventions.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def disputed_points() -> Mapping[str, DisputedPoint]:
    """The disputed points D1-D8, in order."""
    raw = _data()["options"]
    assert isinstance(raw, dict)
    found = {}
    for point_id, spec in raw.items():
        found[point_id] = DisputedPoint(
            id=point_id,
            key=str(spec["key"]),
            question=str(spec["question"]),
            choices=MappingProxyType({str(k): str(v) for k, v in spec["choices"].items()}),
        )
    return MappingProxyType(found)


@cache
def conventions() -> Mapping[str, Convention]:
    """Every convention by id."""
    raw = _data()["conventions"]
    assert isinstance(raw, dict)
    loaded = {}
    for conv_id, spec in raw.items():
        loaded[conv_id] = _build(
            conv_id,
            str(spec["title"]),
            tuple(str(a) for a in spec.get("aliases", ())),
            {str(k): str(v) for k, v in spec["options"].items()},
        )
    return MappingProxyType(loaded)


def get_convention(name: str | Convention = DEFAULT_CONVENTION) -> Convention:
    """A convention by id or alias (a :class:`Convention` is returned as is)."""
    if isinstance(name, Convention):
        return name
    known = conventions()
    if name in known:
        return known[name]
    for convention in known.values():
        if name in convention.aliases:
            return convention
    aliases = sorted(a for c in known.values() for a in c.aliases)
    raise InputError.of(
        "mcr.convention.unknown", name=name, known=", ".join(known), aliases=", ".join(aliases)
    )

"""Riichi rulesets as data: a registry with aliases, loaded from ``rulesets.toml``.

A :class:`Ruleset` holds everything that differs between the EMA Riichi Competition
Rules of 2016 and 2012 as far as judging one declared win goes: the options the
``mahjong`` package is run with, the corrections applied to its result afterwards, the
chombo penalty, and the clauses (section and a summary in mjref's own words) every
finding and correction cites.

>>> ruleset("rcr").id, ruleset("RCR-2012").id
('rcr-2016', 'rcr-2012')
>>> ruleset("rcr-2016").clause("yakuman").id
'rcr-2016:4.2.5'
>>> ruleset("rcr-2099")
Traceback (most recent call last):
...
mjref.errors.InputError: unknown riichi ruleset 'rcr-2099' (known: rcr-2012, rcr-2016)
"""

from __future__ import annotations

import enum
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from mjref.errors import InputError
from mjref.riichi import _messages  # noqa: F401  (registers the wording)

CORRECTION_NAMES = frozenset(
    {
        "yakuman-not-cumulative",
        "daisuushii-double-yakuman",
        "renhou-mangan-not-cumulative",
        "two-han-minimum-with-counters",
    }
)
"""The corrections :mod:`mjref.riichi.corrections` implements (checked against the data)."""

REQUIRED_CLAUSES = frozenset(
    {
        "mahjong-hand",
        "yaku-minimum",
        "furiten",
        "chombo",
        "dead-hand",
        "riichi-open-hand",
        "payments",
        "minipoints",
        "limits",
        "open-tanyao",
        "red-fives",
        "renhou",
        "yakuman",
    }
)
"""Clause keys the judge cites under every ruleset."""


class Kazoe(enum.Enum):
    """What 13 or more han without a yakuman pattern is worth."""

    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


class Renhou(enum.Enum):
    """The value of renhou (a win on a discard before the player's first draw)."""

    MANGAN = "mangan"
    YAKUMAN = "yakuman"


class PenaltyTiming(enum.Enum):
    AFTER_UMA = "after-uma"
    """Deducted from the offender's result after uma; the table scores are untouched."""
    AT_TABLE = "at-table"
    """Paid to the other players at the table at once."""


@dataclass(frozen=True, slots=True)
class Clause:
    """One rule of a ruleset that the judge cites: ``id`` is ``<ruleset>:<section>``."""

    key: str
    id: str
    section: str
    summary: str
    source: str


@dataclass(frozen=True, slots=True)
class ChomboRule:
    """The chombo penalty: points after uma, or payments at the table."""

    timing: PenaltyTiming
    points: int = 0
    dealer_pays_each: int = 0
    non_dealer_pays_dealer: int = 0
    non_dealer_pays_each_other: int = 0


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A riichi ruleset (see the module docstring); get one with :func:`ruleset`."""

    id: str
    title: str
    aliases: tuple[str, ...]
    open_tanyao: bool
    red_fives: bool
    double_yakuman: tuple[str, ...]
    kazoe: Kazoe
    kiriage: bool
    renhou: Renhou
    two_han_minimum_counters: int
    corrections: tuple[str, ...]
    chombo: ChomboRule
    clauses: Mapping[str, Clause]

    def clause(self, key: str) -> Clause:
        """The clause cited for ``key``; a missing key is a programming error."""
        return self.clauses[key]

    def __repr__(self) -> str:
        return f"ruleset({self.id!r})"

    def __hash__(self) -> int:
        return hash(self.id)


class _ClauseData(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    key: str = Field(min_length=1)
    section: str = Field(pattern=r"^\d+(\.\d+)*$")
    summary: str = Field(min_length=10)
    source: str = Field(min_length=1)


class _ChomboData(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    timing: Literal["after-uma", "at-table"]
    points: int = Field(ge=0)
    dealer_pays_each: int = Field(0, ge=0)
    non_dealer_pays_dealer: int = Field(0, ge=0)
    non_dealer_pays_each_other: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _amounts_match_timing(self) -> _ChomboData:
        at_table = (self.dealer_pays_each, self.non_dealer_pays_dealer)
        if self.timing == "after-uma" and (self.points <= 0 or any(at_table)):
            raise ValueError("an after-uma chombo has points and no table payments")
        if self.timing == "at-table" and (self.points or not all(at_table)):
            raise ValueError("an at-table chombo has table payments and no points")
        return self


class _RulesetData(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(pattern=r"^rcr-\d{4}$")
    title: str
    aliases: list[str]
    open_tanyao: bool
    red_fives: bool
    double_yakuman: list[str]
    kazoe: Literal["sanbaiman", "yakuman"]
    kiriage: bool
    renhou: Literal["mangan", "yakuman"]
    two_han_minimum_counters: int = Field(ge=0)
    corrections: list[str]
    chombo: _ChomboData
    clause: list[_ClauseData]

    @model_validator(mode="after")
    def _consistent(self) -> _RulesetData:
        keys = [c.key for c in self.clause]
        if len(keys) != len(set(keys)):
            raise ValueError(f"{self.id}: a clause key appears twice")
        missing = REQUIRED_CLAUSES - set(keys)
        if self.two_han_minimum_counters:
            missing |= {"two-han-minimum"} - set(keys)
        if missing:
            raise ValueError(f"{self.id}: clauses missing: {', '.join(sorted(missing))}")
        unknown = set(self.corrections) - CORRECTION_NAMES
        if unknown:
            raise ValueError(f"{self.id}: unknown corrections: {', '.join(sorted(unknown))}")
        return self


class _RulesetFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    ruleset: list[_RulesetData] = Field(min_length=1)


def _build(data: _RulesetData) -> Ruleset:
    clauses = {
        c.key: Clause(c.key, f"{data.id}:{c.section}", c.section, c.summary, c.source)
        for c in data.clause
    }
    chombo = ChomboRule(
        timing=PenaltyTiming(data.chombo.timing),
        points=data.chombo.points,
        dealer_pays_each=data.chombo.dealer_pays_each,
        non_dealer_pays_dealer=data.chombo.non_dealer_pays_dealer,
        non_dealer_pays_each_other=data.chombo.non_dealer_pays_each_other,
    )
    return Ruleset(
        id=data.id,
        title=data.title,
        aliases=tuple(data.aliases),
        open_tanyao=data.open_tanyao,
        red_fives=data.red_fives,
        double_yakuman=tuple(data.double_yakuman),
        kazoe=Kazoe(data.kazoe),
        kiriage=data.kiriage,
        renhou=Renhou(data.renhou),
        two_han_minimum_counters=data.two_han_minimum_counters,
        corrections=tuple(data.corrections),
        chombo=chombo,
        clauses=MappingProxyType(clauses),
    )


def load_rulesets(text: str) -> Mapping[str, Ruleset]:
    """Parse and validate a rulesets file; the result maps every id and alias (lower case).

    Invalid data is a programming error in the shipped file, raised as ``ValueError``.
    """
    try:
        parsed = _RulesetFile.model_validate(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise ValueError(f"invalid riichi rulesets data: {error}") from error
    registry: dict[str, Ruleset] = {}
    for data in parsed.ruleset:
        built = _build(data)
        for name in (built.id, *built.aliases):
            if name.lower() in registry:
                raise ValueError(f"invalid riichi rulesets data: {name!r} names two rulesets")
            registry[name.lower()] = built
    return MappingProxyType(registry)


@cache
def _registry() -> Mapping[str, Ruleset]:
    text = resources.files("mjref.riichi").joinpath("rulesets.toml").read_text(encoding="utf-8")
    return load_rulesets(text)


def ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (an id or an alias, any case)."""
    found = _registry().get(name.strip().lower())
    if found is None:
        raise InputError.of("riichi.unknown-ruleset", name=name, known=", ".join(ruleset_ids()))
    return found


def ruleset_ids() -> tuple[str, ...]:
    """The canonical ruleset ids, sorted."""
    return tuple(sorted({r.id for r in _registry().values()}))


DEFAULT_RULESET = "rcr-2016"

"""The rulesets by name, with aliases and readings.

A ruleset is asked for by a *spec*: a name or alias, then ``+reading`` or
``+option=choice`` parts applied left to right.

>>> get_ruleset("mers").id
'mers-2010'
>>> get_ruleset("mers-2008+italian").choice("lateness")
'italian'
>>> get_ruleset("ema-2009+ladder-reset=session").spec
'ema-2009+ladder-reset=session'
>>> get_ruleset("mers-2008+italian").spec
'mers-2008+italian'
>>> get_ruleset("nope")
Traceback (most recent call last):
...
mjref.rules.errors.RulesetError: unknown ruleset 'nope' (known: mers-2008, ...)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from types import MappingProxyType

from mjref.messages import register
from mjref.rules import _messages  # noqa: F401  (registers the wording)
from mjref.rules.errors import RulesetError
from mjref.rules.load import load_all
from mjref.rules.model import Clause, Ruleset

ALIASES: Mapping[str, str] = MappingProxyType(
    {"mers": "mers-2010", "mers-latest": "mers-2010", "rcr": "rcr-2016", "ema": "ema-2009"}
)
"""Registry-wide aliases: ``mers`` is the latest MERS text, ``rcr`` the latest RCR."""


@cache
def rulesets() -> Mapping[str, Ruleset]:
    """Every ruleset by id, with its default readings, in the order of the data files."""
    loaded = load_all()
    for ruleset in loaded.values():
        register({c.summary_key: c.summary for c in ruleset.clauses.values()})
        register({location_key(c): c.location for c in ruleset.clauses.values() if c.location})
    return MappingProxyType(loaded)


def location_key(clause: Clause) -> str:
    """The message key of where an unnumbered clause stands (translated like summaries)."""
    return f"clause.{clause.ruleset}.{clause.key}.location"


def _aliases() -> dict[str, str]:
    found = dict(ALIASES)
    for ruleset in rulesets().values():
        for alias in ruleset.aliases:
            found[alias] = ruleset.id
    return found


def _unknown(name: str) -> RulesetError:
    aliases = _aliases()
    return RulesetError.of(  # type: ignore[return-value]
        "rules.unknown-ruleset",
        name=name,
        known=", ".join(rulesets()),
        aliases=", ".join(f"{a}={t}" for a, t in sorted(aliases.items())),
    )


def get_ruleset(spec: str | Ruleset) -> Ruleset:
    """A ruleset by spec (name or alias, then ``+reading`` / ``+option=choice`` parts);
    a :class:`Ruleset` is returned as it is."""
    if isinstance(spec, Ruleset):
        return spec
    return _by_spec(spec)


@cache
def _by_spec(spec: str) -> Ruleset:
    name, *parts = spec.strip().split("+")
    name = name.strip()
    known = rulesets()
    ruleset_id = name if name in known else _aliases().get(name)
    if ruleset_id is None:
        raise _unknown(name)
    base = known[ruleset_id]
    choices = dict(base.choices)
    applied: list[str] = []
    for raw in parts:
        part = raw.strip()
        if not part:
            raise RulesetError.of("rules.empty-part", spec=spec)
        if "=" in part:
            option, _, choice = (p.strip() for p in part.partition("="))
            if option not in base.options:
                raise _no_reading(base, option)
            allowed = base.options[option].choices
            if choice not in allowed:
                raise RulesetError.of(
                    "rules.bad-choice", choice=choice, option=option, choices=", ".join(allowed)
                )
            choices[option] = choice
        elif part in base.readings:
            choices.update(base.readings[part])
        else:
            raise _no_reading(base, part)
        applied.append(part)
    if not applied:
        return base
    return replace(
        base,
        choices=MappingProxyType(choices),
        spec="+".join([ruleset_id, *applied]),
    )


def _no_reading(ruleset: Ruleset, name: str) -> RulesetError:
    return RulesetError.of(  # type: ignore[return-value]
        "rules.unknown-reading",
        ruleset=ruleset.id,
        name=name,
        readings=", ".join(ruleset.readings) or "none",
        options=", ".join(ruleset.options) or "none",
    )


def get_clause(clause_id: str) -> Clause:
    """A clause by full id (``mers-2010:2.7.3``); the ruleset part may be an alias."""
    prefix, sep, key = clause_id.strip().partition(":")
    if not sep or not prefix or not key:
        raise RulesetError.of("rules.bad-clause-id", text=clause_id)
    ruleset = get_ruleset(prefix)
    if key not in ruleset.clauses:
        raise RulesetError.of(
            "rules.unknown-clause",
            ruleset=ruleset.id,
            clause=key,
            known=", ".join(ruleset.clauses),
        )
    return ruleset.clauses[key]

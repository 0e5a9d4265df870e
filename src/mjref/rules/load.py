"""Reading and validating the registry's data files (``data/<id>.toml``).

One format for every entry (regulations, riichi rulesets, MCR scoring conventions).
Every file is checked on load: unknown keys, missing fields, values of the wrong
type, consequence parameters a kind does not take, references to clauses, options or
rulesets that do not exist, the riichi judge's settings, aliases that name two
entries. Each error names the file and the clause.

The TOML files are the source, written by people. Python's TOML reader is slow for a
command that starts for one ruling, so ``scripts/compile_rules.py`` writes each file's
reading as JSON (``data/compiled/<id>.json``, with the SHA-256 of the TOML text it was
read from): the loader takes the JSON when that hash matches the file's text and reads the
TOML otherwise (so an edited file is never read stale, only slower until the script runs
again; a test fails meanwhile). Either way the same checks follow.
"""

from __future__ import annotations

import enum
import hashlib
import json
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any, TypeVar

from mjref.rules.errors import RulesDataError
from mjref.rules.kinds import (
    CONVENTION_CITES,
    PARAMS,
    REQUIRED,
    RIICHI_CITES,
    RIICHI_CORRECTIONS,
    Kind,
    Party,
    Timing,
)
from mjref.rules.model import (
    LANGUAGES,
    Choice,
    Chombo,
    Clause,
    ClockRules,
    ConsequenceSpec,
    EntryKind,
    Family,
    Kazoe,
    Ladder,
    Option,
    Outcome,
    Renhou,
    RiichiSettings,
    Ruleset,
)

_E = TypeVar("_E", bound=enum.Enum)

FILES = ("mers-2008", "mers-2010", "ema-2009", "rcr-2016", "rcr-2012", "green-book", "mil")
"""The data files, in an order where every file comes after the files it refers to."""

_TOP = {
    "id": True,
    "kind": True,
    "family": True,
    "document": True,
    "edition": True,
    "languages": True,
    "primary": True,
    "sources": True,
    "aliases": False,
    "note": True,
    "base": False,
    "dead_hand_clause": False,
    "ladder": False,
    "chombo": False,
    "options": False,
    "choices": False,
    "readings": False,
    "riichi": False,
    "cites": False,
    "clock": False,
    "clauses": False,
}
_CLAUSE = {
    "key": True,
    "topic": False,
    "sections": False,
    "location": False,
    "summary": False,
    "like": False,
    "note": False,
    "in_seeds": False,
    "source": False,
    "when": False,
    "params": False,
    "outcomes": False,
}
_OUTCOME = {"name": True, "decides": True, "consequences": True, "when": False}
_CONSEQUENCE_COMMON = {"kind", "party", "clause", "also", "when"}
_LADDER = {
    "clause": True,
    "reset_clause": True,
    "steps": True,
    "then": True,
    "carry": True,
}
_CHOMBO = {
    "clause": True,
    "timing": True,
    "points": False,
    "dealer_pays_each": False,
    "non_dealer_pays_dealer": False,
    "non_dealer_pays_others": False,
}
_CLOCK = {"clause": True, "signal_minutes": True}
MAX_SIGNAL_MINUTES = 60
"""The longest lead a time signal may have."""
_OPTION = {"title": True, "default": True, "choices": True, "clauses": False}
_RIICHI = {
    "open_tanyao": True,
    "red_fives": True,
    "double_yakuman": True,
    "kazoe": True,
    "kiriage": True,
    "renhou": True,
    "two_han_minimum_counters": True,
    "corrections": True,
}
_CHOICE = {"description": True, "source": True, "params": False}


class _Context:
    """Where we are in a file, for error messages."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.clause: str | None = None

    def error(self, problem: str) -> RulesDataError:
        where = f"{self.file}: clause {self.clause}" if self.clause else self.file
        return RulesDataError(f"{where}: {problem}")


def _keys(table: object, spec: Mapping[str, bool], what: str, ctx: _Context) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise ctx.error(f"{what} must be a table")
    unknown = sorted(set(table) - set(spec))
    if unknown:
        raise ctx.error(f"unknown key {unknown[0]!r} in {what}")
    missing = [k for k, needed in spec.items() if needed and k not in table]
    if missing:
        raise ctx.error(f"{what} lacks the field {missing[0]!r}")
    return table


def _str(value: object, what: str, ctx: _Context) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ctx.error(f"{what} must be a non-empty string")
    return value


def _strs(value: object, what: str, ctx: _Context) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ctx.error(f"{what} must be a list of strings")
    return tuple(value)


def _str_map(value: object, what: str, ctx: _Context) -> Mapping[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ctx.error(f"{what} must be a table of strings")
    return MappingProxyType(dict(value))


def _text(value: object, what: str, ctx: _Context) -> str:
    text = _str(value, what, ctx)
    if "{" in text or "}" in text:
        raise ctx.error(f"{what} must not contain braces (it is a message template)")
    return " ".join(text.split())


def _param(kind: Kind, name: str, value: object, ctx: _Context) -> object:
    schema = PARAMS[kind]
    if name not in schema:
        raise ctx.error(f"consequence {kind.value!r} takes no parameter {name!r}")
    expected = schema[name]
    if isinstance(expected, tuple):
        if value not in expected:
            choices = ", ".join(str(e) for e in expected)
            raise ctx.error(f"{kind.value}.{name} must be one of {choices}, not {value!r}")
        return value
    if expected == "str-list":
        return _strs(value, f"{kind.value}.{name}", ctx)
    if expected == "int-list":
        if not isinstance(value, list) or not all(type(v) is int for v in value):
            raise ctx.error(f"{kind.value}.{name} must be a list of integers")
        return tuple(value)
    if expected is int and type(value) is not int:
        raise ctx.error(f"{kind.value}.{name} must be an integer")
    if expected is bool and type(value) is not bool:
        raise ctx.error(f"{kind.value}.{name} must be true or false")
    if expected is str:
        return _str(value, f"{kind.value}.{name}", ctx)
    return value


def _consequence(raw: object, ctx: _Context) -> ConsequenceSpec:
    if not isinstance(raw, dict) or "kind" not in raw:
        raise ctx.error("every consequence is a table with a 'kind'")
    try:
        kind = Kind(raw["kind"])
    except ValueError:
        raise ctx.error(f"unknown consequence kind {raw['kind']!r}") from None
    if kind is Kind.LADDER:
        raise ctx.error("'ladder' is computed from 'foul'; write kind = 'foul'")
    params = {
        name: _param(kind, name, value, ctx)
        for name, value in raw.items()
        if name not in _CONSEQUENCE_COMMON
    }
    missing = [p for p in REQUIRED.get(kind, ()) if p not in params]
    if missing:
        raise ctx.error(f"consequence {kind.value!r} needs the parameter {missing[0]!r}")
    try:
        party = Party(raw.get("party", "offender"))
    except ValueError:
        raise ctx.error(f"unknown party {raw['party']!r}") from None
    clause = raw.get("clause")
    return ConsequenceSpec(
        kind=kind,
        params=MappingProxyType(params),
        party=party,
        clause=_str(clause, "consequence clause", ctx) if clause is not None else None,
        also=_strs(raw.get("also", []), "consequence also", ctx),
        when=_str_map(raw.get("when", {}), "consequence when", ctx),
    )


def _outcomes(raw: object, ctx: _Context) -> Mapping[str, Outcome]:
    if not isinstance(raw, list):
        raise ctx.error("outcomes must be a list of tables")
    found: dict[str, Outcome] = {}
    for entry in raw:
        table = _keys(entry, _OUTCOME, "outcome", ctx)
        name = _str(table["name"], "outcome name", ctx)
        if name in found:
            raise ctx.error(f"outcome {name!r} is given twice")
        consequences = table["consequences"]
        if not isinstance(consequences, list):
            raise ctx.error(f"outcome {name!r}: consequences must be a list")
        found[name] = Outcome(
            name=name,
            decides=_strs(table["decides"], f"outcome {name!r} decides", ctx),
            consequences=tuple(_consequence(c, ctx) for c in consequences),
            when=_str_map(table.get("when", {}), "outcome when", ctx),
        )
    return MappingProxyType(found)


def _clause(
    raw: object,
    ruleset: str,
    languages: tuple[str, ...],
    ctx: _Context,
    lookup: Callable[[str], Clause],
) -> Clause:
    table = _keys(raw, _CLAUSE, "clause", ctx)
    key = _str(table["key"], "clause key", ctx)
    ctx.clause = f"{ruleset}:{key}"
    liked: Clause | None = None
    if "like" in table:
        ref = _str(table["like"], "like", ctx)
        try:
            liked = lookup(ref)
        except KeyError:
            raise ctx.error(f"'like' refers to an unknown clause {ref!r}") from None
    if liked is None:
        for needed in ("topic", "summary"):
            if needed not in table:
                raise ctx.error(f"clause lacks the field {needed!r} (and has no 'like')")
    sections = _str_map(table.get("sections", {}), "sections", ctx)
    for lang in sections:
        if lang not in languages:
            raise ctx.error(f"section given for {lang!r}, not a language of this document")
    if not sections and "location" not in table:
        raise ctx.error("a clause needs its printed 'sections' or a 'location'")
    if "summary" in table:
        summary = _text(table["summary"], "summary", ctx)
        summary_key = f"clause.{ruleset}.{key}"
    else:
        assert liked is not None
        summary, summary_key = liked.summary, liked.summary_key
    outcomes = (
        _outcomes(table["outcomes"], ctx)
        if "outcomes" in table
        else (liked.outcomes if liked is not None else MappingProxyType({}))
    )
    in_seeds = table.get("in_seeds", True)
    if type(in_seeds) is not bool:
        raise ctx.error("in_seeds must be true or false")
    if not in_seeds and "source" not in table:
        raise ctx.error("a clause from outside the seeds must name its 'source'")
    params = table.get("params", {})
    if not isinstance(params, dict):
        raise ctx.error("params must be a table")
    return Clause(
        ruleset=ruleset,
        key=key,
        topic=_str(table.get("topic", liked.topic if liked else ""), "topic", ctx),
        sections=sections,
        summary=summary,
        summary_key=summary_key,
        outcomes=outcomes,
        location=_str(table["location"], "location", ctx) if "location" in table else None,
        note=_text(table["note"], "note", ctx)
        if "note" in table
        else (liked.note if liked else None),
        in_seeds=in_seeds,
        source=_str(table["source"], "source", ctx) if "source" in table else None,
        when=_str_map(table.get("when", {}), "when", ctx),
        params=MappingProxyType(dict(params)),
    )


def _options(raw: object, ctx: _Context) -> Mapping[str, Option]:
    if not isinstance(raw, dict):
        raise ctx.error("options must be a table")
    found = {}
    for name, spec in raw.items():
        table = _keys(spec, _OPTION, f"option {name!r}", ctx)
        choices_raw = table["choices"]
        if not isinstance(choices_raw, dict) or not choices_raw:
            raise ctx.error(f"option {name!r} needs at least one choice")
        choices = {}
        for choice_name, choice_spec in choices_raw.items():
            ctable = _keys(choice_spec, _CHOICE, f"choice {name}={choice_name}", ctx)
            params = ctable.get("params", {})
            if not isinstance(params, dict):
                raise ctx.error(f"choice {name}={choice_name}: params must be a table")
            if "bands" in params:
                _bands(params["bands"], f"choice {name}={choice_name}: bands", ctx)
            choices[choice_name] = Choice(
                name=choice_name,
                description=_text(ctable["description"], "description", ctx),
                source=_text(ctable["source"], "source", ctx),
                params=MappingProxyType(dict(params)),
            )
        default = _str(table["default"], f"option {name!r} default", ctx)
        if default not in choices:
            raise ctx.error(f"option {name!r}: default {default!r} is not one of its choices")
        found[name] = Option(
            name=name,
            title=_text(table["title"], "title", ctx),
            default=default,
            choices=MappingProxyType(choices),
            clauses=_strs(table.get("clauses", []), f"option {name!r} clauses", ctx),
        )
    return MappingProxyType(found)


def _bands(raw: object, what: str, ctx: _Context) -> None:
    """Lateness bands: ``[op, minutes, name]`` rows, ``op`` ``<`` or ``<=``, the limits in
    order (a time beyond the last is over the limit)."""
    if not isinstance(raw, list) or not raw:
        raise ctx.error(f"{what} must be a non-empty list of [op, minutes, name]")
    last = (0, "<")
    for row in raw:
        if (
            not isinstance(row, list)
            or len(row) != 3
            or row[0] not in ("<", "<=")
            or type(row[1]) is not int
            or not isinstance(row[2], str)
            or not row[2]
        ):
            raise ctx.error(f"{what}: {row!r} is not [op ('<' or '<='), minutes, name]")
        if (row[1], row[0]) <= last:
            raise ctx.error(f"{what}: the limits must grow ({row!r})")
        last = (row[1], row[0])


def _ladder(raw: object, ctx: _Context) -> Ladder:
    table = _keys(raw, _LADDER, "ladder", ctx)
    steps = table["steps"]
    if not isinstance(steps, list) or not steps or not all(type(s) is int for s in steps):
        raise ctx.error("ladder steps must be a list of integers")
    if type(table["then"]) is not int:
        raise ctx.error("ladder 'then' must be an integer")
    return Ladder(
        clause=_str(table["clause"], "ladder clause", ctx),
        reset_clause=_str(table["reset_clause"], "ladder reset_clause", ctx),
        steps=tuple(steps),
        then=table["then"],
        carry=_strs(table["carry"], "ladder carry", ctx),
    )


def _chombo(raw: object, ctx: _Context) -> Chombo:
    table = _keys(raw, _CHOMBO, "chombo", ctx)
    amounts = {
        name: table.get(name)
        for name in (
            "points",
            "dealer_pays_each",
            "non_dealer_pays_dealer",
            "non_dealer_pays_others",
        )
    }
    for name, value in amounts.items():
        if value is not None and type(value) is not int:
            raise ctx.error(f"chombo {name} must be an integer")
    flat = amounts["points"] is not None
    table_pay = all(amounts[n] is not None for n in amounts if n != "points")
    if flat == table_pay:
        raise ctx.error("chombo needs either 'points' or all three table payments")
    return Chombo(
        clause=_str(table["clause"], "chombo clause", ctx),
        timing=_enum(Timing, table["timing"], "chombo timing", ctx),
        points=amounts["points"],
        dealer_pays_each=amounts["dealer_pays_each"],
        non_dealer_pays_dealer=amounts["non_dealer_pays_dealer"],
        non_dealer_pays_others=amounts["non_dealer_pays_others"],
    )


def _clock(raw: object, ctx: _Context) -> ClockRules:
    table = _keys(raw, _CLOCK, "clock", ctx)
    minutes = table["signal_minutes"]
    if type(minutes) is not int or not 1 <= minutes <= MAX_SIGNAL_MINUTES:
        raise ctx.error(
            f"clock signal_minutes must be a whole number from 1 to {MAX_SIGNAL_MINUTES}"
        )
    return ClockRules(clause=_str(table["clause"], "clock clause", ctx), signal_minutes=minutes)


def _enum(cls: type[_E], value: object, what: str, ctx: _Context) -> _E:
    try:
        return cls(value)
    except ValueError:
        allowed = ", ".join(str(e.value) for e in cls)
        raise ctx.error(f"{what} must be one of {allowed}, not {value!r}") from None


def _riichi(raw: object, ctx: _Context) -> RiichiSettings:
    table = _keys(raw, _RIICHI, "riichi", ctx)
    for name in ("open_tanyao", "red_fives", "kiriage"):
        if type(table[name]) is not bool:
            raise ctx.error(f"riichi {name} must be true or false")
    counters = table["two_han_minimum_counters"]
    if type(counters) is not int or counters < 0:
        raise ctx.error("riichi two_han_minimum_counters must be a whole number, 0 or more")
    double = table["double_yakuman"]
    if not isinstance(double, list) or not all(isinstance(d, str) and d for d in double):
        raise ctx.error("riichi double_yakuman must be a list of yaku names")
    corrections = _strs(table["corrections"], "riichi corrections", ctx)
    unknown = sorted(set(corrections) - RIICHI_CORRECTIONS)
    if unknown:
        raise ctx.error(f"riichi corrections: unknown correction {unknown[0]!r}")
    if len(set(corrections)) != len(corrections):
        raise ctx.error("riichi corrections: a correction is listed twice")
    return RiichiSettings(
        open_tanyao=table["open_tanyao"],
        red_fives=table["red_fives"],
        double_yakuman=tuple(double),
        kazoe=_enum(Kazoe, table["kazoe"], "riichi kazoe", ctx),
        kiriage=table["kiriage"],
        renhou=_enum(Renhou, table["renhou"], "riichi renhou", ctx),
        two_han_minimum_counters=counters,
        corrections=corrections,
    )


def read_toml(text: str, file: str) -> dict[str, Any]:
    """The tables of a data file's TOML text."""
    import tomllib  # here: a compiled reading spares most starts the parser's import

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _Context(file).error(f"not valid TOML: {error}") from None


def parse_ruleset(text: str, file: str, known: Mapping[str, Ruleset]) -> Ruleset:
    """Parse and validate one data file; ``known`` holds the rulesets already loaded."""
    return build_ruleset(read_toml(text, file), file, known)


def build_ruleset(raw: Mapping[str, Any], file: str, known: Mapping[str, Ruleset]) -> Ruleset:
    """Validate one data file's tables (as read from its TOML) into its entry."""
    ctx = _Context(file)
    top = _keys(raw, _TOP, "the file", ctx)
    ruleset_id = _str(top["id"], "id", ctx)
    kind = _enum(EntryKind, top["kind"], "kind", ctx)
    try:
        family = Family(top["family"])
    except ValueError:
        raise ctx.error(f"unknown family {top['family']!r}") from None
    languages = _strs(top["languages"], "languages", ctx)
    for lang in languages:
        if lang not in LANGUAGES:
            raise ctx.error(f"unknown language {lang!r}")
    primary = _str(top["primary"], "primary", ctx)
    if primary not in languages:
        raise ctx.error(f"primary language {primary!r} is not among the languages")
    base: Ruleset | None = None
    if "base" in top:
        base_id = _str(top["base"], "base", ctx)
        if base_id not in known:
            raise ctx.error(f"base ruleset {base_id!r} is unknown (or loaded later)")
        base = known[base_id]

    def lookup(ref: str) -> Clause:
        other, _, key = ref.partition(":")
        return known[other].clauses[key]

    clauses: dict[str, Clause] = {}
    raw_clauses = top.get("clauses", [])
    if not isinstance(raw_clauses, list) or (not raw_clauses and base is None):
        raise ctx.error(
            "clauses must be a non-empty list (only an entry with a base may have none)"
        )
    for entry in raw_clauses:
        clause = _clause(entry, ruleset_id, languages, ctx, lookup)
        if clause.key in clauses:
            raise ctx.error("the clause is given twice")
        clauses[clause.key] = clause
    ctx.clause = None
    options = _options(top.get("options", {}), ctx)
    readings_raw = top.get("readings", {})
    if not isinstance(readings_raw, dict):
        raise ctx.error("readings must be a table")
    readings = {
        name: _str_map(spec, f"reading {name!r}", ctx) for name, spec in readings_raw.items()
    }
    choices = {name: o.default for name, o in options.items()}
    inherited = _str_map(top.get("choices", {}), "choices", ctx)
    if inherited and base is None:
        raise ctx.error("'choices' reads the options of a base; this entry has no base")
    for option in inherited:
        if option in options:
            raise ctx.error(f"choices: {option!r} is this entry's own option; set its default")
    choices.update(inherited)
    ruleset = Ruleset(
        id=ruleset_id,
        kind=kind,
        family=family,
        document=_str(top["document"], "document", ctx),
        edition=_str(top["edition"], "edition", ctx),
        languages=languages,
        primary=primary,
        sources=_str_map(top["sources"], "sources", ctx),
        aliases=_strs(top.get("aliases", []), "aliases", ctx),
        note=_text(top["note"], "note", ctx),
        clauses=MappingProxyType(clauses),
        options=options,
        readings=MappingProxyType(readings),
        choices=MappingProxyType(choices),
        ladder=_ladder(top["ladder"], ctx) if "ladder" in top else None,
        chombo=_chombo(top["chombo"], ctx) if "chombo" in top else None,
        base=base,
        dead_hand_clause=top.get("dead_hand_clause"),
        spec=ruleset_id,
        riichi=_riichi(top["riichi"], ctx) if "riichi" in top else None,
        cites=_str_map(top.get("cites", {}), "cites", ctx),
        clock=_clock(top["clock"], ctx) if "clock" in top else None,
    )
    _check_kind(ruleset, ctx)
    _check_references(ruleset, ctx)
    return ruleset


def _check_kind(ruleset: Ruleset, ctx: _Context) -> None:
    """What each kind of entry must (and must not) have."""
    kind = ruleset.kind
    if any(a != a.lower() or a != a.strip() for a in ruleset.aliases):
        raise ctx.error("aliases are written in lower case (they are matched in any case)")
    if ruleset.id != ruleset.id.lower():
        raise ctx.error("the id is written in lower case")
    if (ruleset.riichi is not None) != (kind is EntryKind.RIICHI_RULESET):
        raise ctx.error("a riichi ruleset, and only a riichi ruleset, has a [riichi] table")
    if kind is EntryKind.RIICHI_RULESET:
        assert ruleset.riichi is not None
        if ruleset.family is not Family.RIICHI or ruleset.chombo is None:
            raise ctx.error("a riichi ruleset is of family riichi and has its [chombo]")
        needed = set(RIICHI_CITES)
        if ruleset.riichi.two_han_minimum_counters:
            needed.add("two-han-minimum")
        _check_cites(ruleset, needed, ctx)
    elif kind is EntryKind.CONVENTION:
        if ruleset.family is not Family.MCR:
            raise ctx.error("a scoring convention is of family mcr")
        if ruleset.ladder or ruleset.chombo or ruleset.dead_hand_clause:
            raise ctx.error("a scoring convention has no ladder, chombo or dead-hand clause")
        if ruleset.base is not None and ruleset.base.kind is not EntryKind.CONVENTION:
            raise ctx.error("a scoring convention's base is a scoring convention")
        if any(o.outcomes for o in ruleset.clauses.values()):
            raise ctx.error("a scoring convention's clauses decide no incidents (no outcomes)")
        if ruleset.base is None:
            _check_cites(ruleset, set(CONVENTION_CITES), ctx)
    elif ruleset.cites:
        raise ctx.error("'cites' is for the judges' entries (riichi rulesets, conventions)")
    if ruleset.base is not None and ruleset.base.kind is not kind:
        raise ctx.error(f"the base {ruleset.base.id!r} is not of kind {kind.value!r}")


def _check_cites(ruleset: Ruleset, needed: set[str], ctx: _Context) -> None:
    missing = sorted(needed - set(ruleset.cites))
    if missing:
        raise ctx.error(f"cites lacks {missing[0]!r}")
    unknown = sorted(set(ruleset.cites) - needed)
    if unknown:
        raise ctx.error(f"cites: nothing cites {unknown[0]!r}")


def _check_references(ruleset: Ruleset, ctx: _Context) -> None:
    """Every clause, option and choice a file refers to exists."""

    def clause_ref(ref: str, what: str) -> None:
        if ":" in ref:
            raise ctx.error(f"{what} {ref!r}: refer to clauses of the same document by key")
        if ref not in ruleset.clauses:
            raise ctx.error(f"{what} refers to an unknown clause {ref!r}")

    def when_ref(when: Mapping[str, str], what: str) -> None:
        options = ruleset.all_options
        for option, value in when.items():
            if option not in options:
                raise ctx.error(f"{what}: unknown option {option!r}")
            if value not in options[option].choices:
                raise ctx.error(f"{what}: {value!r} is not a choice of option {option!r}")

    if ruleset.dead_hand_clause is not None:
        clause_ref(ruleset.dead_hand_clause, "dead_hand_clause")
    if ruleset.ladder is not None:
        clause_ref(ruleset.ladder.clause, "ladder clause")
        clause_ref(ruleset.ladder.reset_clause, "ladder reset_clause")
    if ruleset.chombo is not None:
        clause_ref(ruleset.chombo.clause, "chombo clause")
    if ruleset.clock is not None:
        clause_ref(ruleset.clock.clause, "clock clause")
    for topic, ref in ruleset.cites.items():
        clause_ref(ref, f"cites {topic!r}")
    for option in ruleset.options.values():
        for ref in option.clauses:
            clause_ref(ref, f"option {option.name!r} clauses")
    when_ref({o: c for o, c in ruleset.choices.items() if o not in ruleset.options}, "choices")
    for name, reading in ruleset.readings.items():
        when_ref(reading, f"reading {name!r}")
    for clause in ruleset.clauses.values():
        ctx.clause = clause.id
        when_ref(clause.when, "when")
        if clause.ruleset != ruleset.id:
            raise ctx.error("clause belongs to another ruleset")
        for outcome in clause.outcomes.values():
            when_ref(outcome.when, f"outcome {outcome.name!r}")
            for spec in outcome.consequences:
                when_ref(spec.when, f"outcome {outcome.name!r}")
                if spec.clause is not None:
                    clause_ref(spec.clause, f"outcome {outcome.name!r} consequence clause")
                for ref in spec.also:
                    clause_ref(ref, f"outcome {outcome.name!r} also")
                if spec.kind is Kind.FOUL and ruleset.ladder is None and ruleset.base is None:
                    raise ctx.error("a foul needs a ladder, and this document has none")
                if spec.kind is Kind.CHOMBO and ruleset.chombo is None:
                    raise ctx.error("a chombo needs the document's chombo amounts")
    ctx.clause = None
    _check_cited(ruleset, ctx)
    seen: dict[str, str] = {}
    for clause in ruleset.clauses.values():
        for outcome in clause.outcomes.values():
            if outcome.when or clause.when:
                continue
            for situation in outcome.decides:
                if situation in seen:
                    raise ctx.error(
                        f"situation {situation!r} is decided by both {seen[situation]} and "
                        f"{clause.id} ({outcome.name})"
                    )
                seen[situation] = f"{clause.id} ({outcome.name})"


def _check_cited(ruleset: Ruleset, ctx: _Context) -> None:
    """A clause without outcomes must be cited by another (a definition, the ladder ...)."""
    cited: set[str] = set()
    for name in ("dead_hand_clause",):
        ref = getattr(ruleset, name)
        if ref is not None:
            cited.add(ref)
    if ruleset.ladder is not None:
        cited.update((ruleset.ladder.clause, ruleset.ladder.reset_clause))
    if ruleset.chombo is not None:
        cited.add(ruleset.chombo.clause)
    if ruleset.clock is not None:
        cited.add(ruleset.clock.clause)
    cited.update(ruleset.cites.values())
    for option in ruleset.options.values():
        cited.update(option.clauses)
    for clause in ruleset.clauses.values():
        for outcome in clause.outcomes.values():
            for spec in outcome.consequences:
                cited.update(spec.also)
                if spec.clause is not None:
                    cited.add(spec.clause)
    for clause in ruleset.clauses.values():
        if not clause.outcomes and clause.key not in cited:
            ctx.clause = clause.id
            raise ctx.error("a clause without outcomes must be cited by another clause")
    ctx.clause = None


def _file_text(name: str) -> str:
    return resources.files("mjref.rules").joinpath("data", f"{name}.toml").read_text("utf-8")


def source_hash(text: str) -> str:
    """The SHA-256 of a data file's TOML text, as its compiled reading records it."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def compiled_reading(text: str, raw: Mapping[str, Any]) -> str:
    """The compiled reading of a data file (what ``scripts/compile_rules.py`` writes): its
    tables as JSON, with the hash of the text they were read from."""
    reading = {"source": source_hash(text), "tables": raw}
    return json.dumps(reading, ensure_ascii=False, indent=1) + "\n"


def _file_tables(name: str, text: str) -> dict[str, Any]:
    """The tables of a data file: its compiled reading when that was made from this very
    text, else the TOML read again."""
    compiled = resources.files("mjref.rules").joinpath("data", "compiled", f"{name}.json")
    try:
        reading = json.loads(compiled.read_text("utf-8"))
    except (OSError, ValueError):
        reading = None
    if isinstance(reading, dict) and reading.get("source") == source_hash(text):
        tables = reading.get("tables")
        if isinstance(tables, dict):
            return tables
    return read_toml(text, f"{name}.toml")


class LazyRulesets(Mapping[str, Ruleset]):
    """Every entry by id, in the order of :data:`FILES`; a data file is parsed and validated
    the first time one of its entries, or an entry built on it, is asked for.

    A command that judges one hand under one convention parses that convention's file
    (and those it refers to) rather than all seven, which keeps start-up short. A file
    refers to another only by writing its id (``base = "mers-2008"``, ``"mers-2008:2.3"``),
    so the files whose ids appear in its text, all earlier in :data:`FILES`, are loaded
    first. Walking the mapping loads every file, and then checks the alias table as
    :func:`load_all` does. Safe to share between threads (the web server's): a file is
    read once, under a lock.
    """

    def __init__(self, on_load: Callable[[Ruleset], None] = lambda _: None) -> None:
        self._loaded: dict[str, Ruleset] = {}
        self._on_load = on_load
        self._complete = False
        self._lock = threading.RLock()

    def _load(self, name: str) -> Ruleset:
        with self._lock:
            found = self._loaded.get(name)
            if found is not None:
                return found
            text = _file_text(name)
            for other in FILES[: FILES.index(name)]:
                if other in text:
                    self._load(other)
            ruleset = build_ruleset(_file_tables(name, text), f"{name}.toml", self._loaded)
            if ruleset.id != name:
                raise RulesDataError(f"{name}.toml: id {ruleset.id!r} does not match the file name")
            self._on_load(ruleset)
            self._loaded[name] = ruleset
            return ruleset

    def __getitem__(self, name: str) -> Ruleset:
        if name not in FILES:
            raise KeyError(name)
        found = self._loaded.get(name)
        return found if found is not None else self._load(name)

    def __contains__(self, name: object) -> bool:
        return name in FILES

    def __iter__(self) -> Iterator[str]:
        if not self._complete:
            with self._lock:
                for name in FILES:
                    self._load(name)
                alias_table(self._loaded[name] for name in FILES)
                self._complete = True
        return iter(FILES)

    def __len__(self) -> int:
        return len(FILES)


def load_all() -> dict[str, Ruleset]:
    """Load and validate every data file of the package."""
    everything = LazyRulesets()
    return {name: everything[name] for name in everything}


def alias_table(entries: Iterable[Ruleset]) -> dict[str, str]:
    """Every alias (lower case) and the id it names; one name names one entry."""
    entries = list(entries)
    ids = {r.id for r in entries}
    table: dict[str, str] = {}
    for ruleset in entries:
        for alias in ruleset.aliases:
            if alias in ids:
                raise RulesDataError(f"{ruleset.id}.toml: alias {alias!r} is the id of an entry")
            if alias in table:
                raise RulesDataError(
                    f"{ruleset.id}.toml: alias {alias!r} already names {table[alias]!r}"
                )
            table[alias] = ruleset.id
    return table

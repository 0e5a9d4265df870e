"""The rules registry: every regulation, riichi ruleset and MCR scoring convention by name.

An entry is asked for by a *spec*: a name or alias, then ``+reading`` or
``+option=choice`` parts applied left to right. Names, readings, options and choices
are matched in any case; one alias table serves every entry, and one name names one
entry (the data files are checked for it on load). Where only some kinds of entry make
sense (a scoring convention for ``--convention``, a riichi ruleset for the riichi judge)
the caller says which ``kinds`` it accepts; the name is resolved the same way everywhere.

>>> get_ruleset("mers").id
'mers-2010'
>>> get_ruleset("MERS-2008+Italian").spec
'mers-2008+italian'
>>> get_ruleset("mers-2008+italian").choice("lateness")
'italian'
>>> get_ruleset("ema-2009+ladder-reset=session").spec
'ema-2009+ladder-reset=session'
>>> get_ruleset("rcr2016").id, get_ruleset("gb").kind.value
('rcr-2016', 'convention')
>>> get_ruleset("mil+d3=not-counted").spec
'mil+D3=not-counted'
>>> get_clause("rcr-a:5.7").id
'rcr-2016:5.7'
>>> get_ruleset("nope")
Traceback (most recent call last):
...
mjref.rules.errors.RulesetError: unknown ruleset 'nope' (known: mers-2008, ...)
>>> get_ruleset("mers", kinds=(EntryKind.CONVENTION,))
Traceback (most recent call last):
...
mjref.rules.errors.RulesetError: 'mers' is mers-2010, not a scoring convention (...)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from functools import cache, lru_cache
from types import MappingProxyType

from mjref.messages import Message, register
from mjref.rules import _messages  # noqa: F401  (registers the wording)
from mjref.rules.errors import RulesetError
from mjref.rules.load import LazyRulesets, alias_table
from mjref.rules.model import RULEBOOKS, Clause, EntryKind, Ruleset


def _register_texts(ruleset: Ruleset) -> None:
    """The texts of a data file (clause summaries, locations and notes, option titles and
    choice descriptions) become message keys, translated in the catalogues."""
    register({c.summary_key: c.summary for c in ruleset.clauses.values()})
    register({location_key(c): c.location for c in ruleset.clauses.values() if c.location})
    register({note_key(c): c.note for c in ruleset.clauses.values() if c.note})
    for name, option in ruleset.options.items():
        register({option_key(ruleset.id, name): option.title})
        register(
            {option_key(ruleset.id, name, c): o.description for c, o in option.choices.items()}
        )


@cache
def rulesets() -> Mapping[str, Ruleset]:
    """Every entry by id, with its default readings, in the order of the data files; a file
    is read when one of its entries is first needed (:class:`LazyRulesets`)."""
    return LazyRulesets(_register_texts)


@cache
def aliases() -> Mapping[str, str]:
    """The one alias table: every alias (lower case) and the id it names."""
    return MappingProxyType(alias_table(rulesets().values()))


def location_key(clause: Clause) -> str:
    """The message key of where an unnumbered clause stands (translated like summaries)."""
    return f"clause.{clause.ruleset}.{clause.key}.location"


def note_key(clause: Clause) -> str:
    """The message key of a clause's note (translated like summaries)."""
    return f"clause.{clause.ruleset}.{clause.key}.note"


def option_key(owner: str, option: str, choice: str | None = None) -> str:
    """The message key of an option's title, or of one choice's description (translated
    like summaries); ``owner`` is the entry that defines the option (``option_owner``).

    >>> option_key("green-book", "D6"), option_key("green-book", "D6", "self-drawn")
    ('option.green-book.D6.title', 'option.green-book.D6.choice.self-drawn')
    """
    return f"option.{owner}.{option}." + ("title" if choice is None else f"choice.{choice}")


def reading_key(reading: str) -> str:
    """The message key of what a named reading does, in a line (the same for every entry
    that has a reading of that name).

    >>> reading_key("italian")
    'rules.reading.italian'
    """
    return f"rules.reading.{reading}"


def _of_kinds(kinds: Collection[EntryKind] | None) -> list[Ruleset]:
    return [r for r in rulesets().values() if kinds is None or r.kind in kinds]


def _kind_key(kinds: Collection[EntryKind] | None) -> str:
    """The message key suffix naming what was asked for."""
    if kinds is None:
        return "ruleset"
    if set(kinds) == {EntryKind.CONVENTION}:
        return "convention"
    if set(kinds) == {EntryKind.RIICHI_RULESET}:
        return "riichi-ruleset"
    if set(kinds) == {EntryKind.REGULATION}:
        return "regulation"
    return "rulebook"


def _unknown(name: str, kinds: Collection[EntryKind] | None) -> RulesetError:
    entries = _of_kinds(kinds)
    ids = {r.id for r in entries}
    key = _kind_key(kinds)
    return RulesetError(
        Message(
            "rules.unknown-ruleset" if key == "ruleset" else f"rules.unknown.{key}",
            {
                "name": name,
                "known": ", ".join(r.id for r in entries),
                "aliases": ", ".join(f"{a}={t}" for a, t in sorted(aliases().items()) if t in ids),
            },
        )
    )


def _wrong_kind(name: str, found: Ruleset, kinds: Collection[EntryKind]) -> RulesetError:
    return RulesetError(
        Message(
            f"rules.not-a.{_kind_key(kinds)}",
            {
                "name": name,
                "ruleset": found.id,
                "known": ", ".join(r.id for r in _of_kinds(kinds)),
            },
        )
    )


def find_id(name: str) -> str | None:
    """The id a name or alias (any case) names, or ``None``."""
    key = name.strip().lower()
    if key in rulesets():
        return key
    return aliases().get(key)


def get_ruleset(spec: str | Ruleset, *, kinds: Collection[EntryKind] | None = None) -> Ruleset:
    """An entry by spec (name or alias, then ``+reading`` / ``+option=choice`` parts);
    a :class:`Ruleset` is returned as it is. With ``kinds``, an entry of another kind is
    refused (e.g. ``mers`` where a scoring convention is needed)."""
    if isinstance(spec, Ruleset):
        found = spec
    else:
        name = spec.strip().partition("+")[0].strip()
        if find_id(name) is None:
            raise _unknown(name, kinds)
        found = _by_spec(spec.strip())
    if kinds is not None and found.kind not in kinds:
        name = spec if isinstance(spec, str) else found.spec
        raise _wrong_kind(name.strip().partition("+")[0].strip(), found, kinds)
    return found


def get_rulebook(spec: str | Ruleset) -> Ruleset:
    """An entry that rules on incidents (a regulation or a riichi ruleset)."""
    return get_ruleset(spec, kinds=RULEBOOKS)


@lru_cache(maxsize=1024)
def _by_spec(spec: str) -> Ruleset:
    name, *parts = spec.split("+")
    name = name.strip()
    ruleset_id = find_id(name)
    if ruleset_id is None:
        raise _unknown(name, None)
    base = rulesets()[ruleset_id]
    options = base.all_options
    choices = dict(base.choices)
    applied: list[str] = []
    for raw in parts:
        part = raw.strip()
        if not part:
            raise RulesetError.of("rules.empty-part", spec=spec)
        if "=" in part:
            option_name, _, choice_name = (p.strip() for p in part.partition("="))
            option = _match(option_name, options)
            if option is None:
                raise _no_reading(base, option_name)
            allowed = options[option].choices
            choice = _match(choice_name, allowed)
            if choice is None:
                raise RulesetError.of(
                    "rules.bad-choice",
                    choice=choice_name,
                    option=option,
                    choices=", ".join(allowed),
                )
            choices[option] = choice
            applied.append(f"{option}={choice}")
        else:
            reading = _match(part, base.readings)
            if reading is None:
                raise _no_reading(base, part)
            choices.update(base.readings[reading])
            applied.append(reading)
    if not applied:
        return base
    return replace(
        base,
        choices=MappingProxyType(choices),
        spec="+".join([ruleset_id, *applied]),
    )


def _match(name: str, known: Mapping[str, object]) -> str | None:
    """``name`` as spelt in ``known``, matched in any case."""
    if name in known:
        return name
    lowered = name.lower()
    return next((k for k in known if k.lower() == lowered), None)


def _no_reading(ruleset: Ruleset, name: str) -> RulesetError:
    return RulesetError.of(  # type: ignore[return-value]
        "rules.unknown-reading",
        ruleset=ruleset.id,
        name=name,
        readings=", ".join(ruleset.readings) or "none",
        options=", ".join(ruleset.all_options) or "none",
    )


def resolve_clause(clause_id: str) -> tuple[Ruleset, Clause]:
    """A clause by full id and the entry it was asked under, readings applied
    (``mers-2008+italian:2.3``; the entry part may be an alias, in any case). A
    convention's id also finds its base's clauses (``mil:D1`` is ``green-book:D1`` as mil
    reads it)."""
    prefix, sep, key = clause_id.strip().partition(":")
    if not sep or not prefix.strip() or not key.strip():
        raise RulesetError.of("rules.bad-clause-id", text=clause_id)
    ruleset = get_ruleset(prefix)
    doc: Ruleset | None = ruleset
    while doc is not None:
        found = _match(key.strip(), doc.clauses)
        if found is not None:
            return ruleset, doc.clauses[found]
        # A convention shares its base's clauses (mil reads the green-book's points).
        doc = doc.base if doc.kind is EntryKind.CONVENTION else None
    raise RulesetError.of(
        "rules.unknown-clause",
        ruleset=ruleset.id,
        clause=key.strip(),
        known=", ".join(ruleset.clauses) or "none",
    )


def get_clause(clause_id: str) -> Clause:
    """A clause by full id (``mers-2010:2.7.3``; the entry part may be an alias or a spec)."""
    return resolve_clause(clause_id)[1]

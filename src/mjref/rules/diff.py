"""What differs between two rulesets, or two readings of one: situation by situation.

Rulesets number their clauses differently (the French MERS renumbers chapter 2, the
Dutch overview has no numbers, RCR 2012 and 2016 shift from 5.6 on), so clauses are
compared by meaning: for every situation either ruleset decides, the consequences each
requires under its readings, with the clause that requires them. Options whose reading
differs are listed first.

>>> d = diff_rulesets("mers-2008", "mers-2008+italian")
>>> [o.option for o in d.options]  # doctest: +NORMALIZE_WHITESPACE
['lateness', 'late-claim', 'call-variants', 'waiting-time', 'counting-objection',
 'ladder-counts', 'time-expiry']
>>> [s.situation for s in d.situations][:2]
['call-word/variant', 'late-claim/late']
>>> [s.situation for s in diff_rulesets("mers-2008", "mers-2008+hungarian").situations][:2]
['competing-claims/not-waited', 'winning-tile-not-shown']
>>> [(o.option, o.left, o.right) for o in diff_rulesets("gb", "mil").options][:2]
[('D1', '8', '6'), ('D2', 'two-melded-kongs-6', 'concealed-and-melded-kong-5')]
"""

from __future__ import annotations

from dataclasses import dataclass

from mjref.messages import Message
from mjref.rules.kinds import Kind
from mjref.rules.model import ConsequenceSpec, Ruleset
from mjref.rules.registry import get_ruleset


@dataclass(frozen=True, slots=True)
class OptionDiff:
    """An option read differently (``None``: the ruleset has no such option)."""

    option: str
    left: str | None
    right: str | None


@dataclass(frozen=True, slots=True)
class TableDiff:
    """A document-wide table read differently (``None``: the ruleset has no such table).
    A side is worded for people (a :class:`Message`: the ladder, the chombo amounts) or a
    setting's value as the data spells it (``true``, ``sanbaiman``)."""

    option: str
    left: Message | str | None
    right: Message | str | None


@dataclass(frozen=True, slots=True)
class Side:
    """How one ruleset decides a situation: the clause, and its consequences in short form."""

    clause: str
    consequences: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SituationDiff:
    """A situation decided differently (``None``: not decided by that ruleset)."""

    situation: str
    topic: str
    left: Side | None
    right: Side | None


@dataclass(frozen=True, slots=True)
class RulesetDiff:
    left: str
    right: str
    options: tuple[OptionDiff, ...]
    tables: tuple[TableDiff, ...]
    """Document-wide tables read differently: the foul ladder, the chombo amounts, the
    riichi judge's settings (``riichi open_tanyao`` ...)."""
    situations: tuple[SituationDiff, ...]
    same: int
    """How many situations both decide the same way."""


def spec_text(spec: ConsequenceSpec) -> str:
    """A consequence as the data states it, in short form (``deduction:10``, ``foul``).

    >>> spec_text(ConsequenceSpec(Kind.MAY_NOT, {"action": "undo-hu"}))
    'may-not:undo-hu'
    """
    params = spec.params
    value: object = None
    names = ("points", "per_minute", "amount", "action", "rule", "scope", "to", "incident", "what")
    for name in names:
        if name in params:
            value = params[name]
            break
    if spec.kind is Kind.FANS_VOID:
        value = ", ".join(str(f) for f in params["fans"])  # type: ignore[attr-defined]
    elif spec.kind is Kind.DISCRETION and "min" in params:
        value = f"{params['min']}-{params['max']}"
    elif spec.kind is Kind.DISCRETION and "choices" in params:
        value = "|".join(str(v) for v in params["choices"])  # type: ignore[attr-defined]
    if value is None:
        flags = [
            f"{n}={str(params[n]).lower()}"
            for n in ("claimable", "penalty", "counted", "declare")
            if n in params
        ]
        value = ",".join(flags) or None
    text = spec.kind.value if value is None else f"{spec.kind.value}:{value}"
    if "per_minute" in params:
        text += "/minute"
    if "timing" in params:
        text += f"/{params['timing']}"
    if spec.party.value != "offender":
        text += f" ({spec.party.value})"
    return text


def _side(rs: Ruleset, situation: str) -> tuple[Side, str] | None:
    hit = rs.resolve(situation)
    if hit is None:
        return None
    _, clause, outcome = hit
    texts = tuple(spec_text(s) for s in outcome.consequences if rs.active(s.when))
    return Side(clause.id, texts), clause.topic


def diff_rulesets(left: str | Ruleset, right: str | Ruleset) -> RulesetDiff:
    """Compare two rulesets (or readings) situation by situation."""
    a, b = get_ruleset(left), get_ruleset(right)
    names = list(dict.fromkeys([*a.all_options, *b.all_options]))
    read = [(n, _read(a, n), _read(b, n)) for n in names]
    options = tuple(OptionDiff(n, x, y) for n, x, y in read if x != y)
    left_riichi, right_riichi = riichi_settings_text(a), riichi_settings_text(b)
    tables = tuple(
        TableDiff(name, x, y)
        for name, x, y in (
            ("ladder", _ladder_text(a), _ladder_text(b)),
            ("chombo", _chombo_text(a), _chombo_text(b)),
            *(
                (f"riichi {key}", left_riichi.get(key), right_riichi.get(key))
                for key in dict.fromkeys([*left_riichi, *right_riichi])
            ),
        )
        if x != y
    )
    keys: dict[str, None] = {}
    for rs in (a, b):
        for doc in rs.chain():
            keys.update(dict.fromkeys(doc.situations()))
    diffs = []
    same = 0
    for key in keys:
        left_side, right_side = _side(a, key), _side(b, key)
        if left_side is None and right_side is None:
            continue
        if (
            left_side is not None
            and right_side is not None
            and left_side[0].consequences == right_side[0].consequences
        ):
            same += 1
            continue
        topic = (left_side or right_side)[1]  # type: ignore[index]
        diffs.append(
            SituationDiff(
                situation=key,
                topic=topic,
                left=left_side[0] if left_side else None,
                right=right_side[0] if right_side else None,
            )
        )
    return RulesetDiff(
        left=a.spec,
        right=b.spec,
        options=options,
        tables=tables,
        situations=tuple(diffs),
        same=same,
    )


def riichi_settings_text(rs: Ruleset) -> dict[str, str]:
    """A riichi ruleset's judge settings in short form (empty for other entries).

    >>> riichi_settings_text(get_ruleset("rcr-2016"))["corrections"]
    'yakuman-not-cumulative, renhou-mangan-not-cumulative'
    """
    settings = rs.riichi
    if settings is None:
        return {}
    return {
        "open_tanyao": str(settings.open_tanyao).lower(),
        "red_fives": str(settings.red_fives).lower(),
        "double_yakuman": ", ".join(settings.double_yakuman) or "none",
        "kazoe": settings.kazoe.value,
        "kiriage": str(settings.kiriage).lower(),
        "renhou": settings.renhou.value,
        "two_han_minimum_counters": str(settings.two_han_minimum_counters),
        "corrections": ", ".join(settings.corrections) or "none",
    }


def _read(rs: Ruleset, option: str) -> str | None:
    return rs.choice(option) if option in rs.all_options else None


def _ladder_text(rs: Ruleset) -> Message | None:
    for doc in rs.chain():
        if doc.ladder is not None:
            return Message(
                "rules.diff.ladder", {"steps": tuple(doc.ladder.steps), "then": doc.ladder.then}
            )
    return None


def _chombo_text(rs: Ruleset) -> Message | None:
    chombo = rs.chombo
    if chombo is None:
        return None
    if chombo.points is not None:
        return Message(
            "rules.diff.chombo-points", {"points": chombo.points, "timing": chombo.timing}
        )
    return Message(
        "rules.diff.chombo-table",
        {
            "each": chombo.dealer_pays_each,
            "to_dealer": chombo.non_dealer_pays_dealer,
            "others": chombo.non_dealer_pays_others,
            "timing": chombo.timing,
        },
    )

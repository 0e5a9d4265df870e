"""A form for each incident type, derived from its facts (:mod:`mjref.rulings`): one
control per fact - a choice among the values of its enumeration, a number with its unit
and bounds, yes or no (or "not known" when the fact may be unknown), several values (seats), a
word, a declared hand in notation with the facts of its family's schema
(:mod:`mjref.schema`) - each with a label and the fact's help as messages; and the facts
back from what such a form sends (:func:`facts_from_form`), as JSON values that
:func:`mjref.rulings.incident_from_facts` then checks like any other.

>>> [(c.name, c.kind) for c in incident_form("late-arrival")]
[('dealer', 'yesno'), ('minutes', 'number')]
>>> facts_from_form("late-arrival", {"minutes": ["7,5"]})
{'minutes': 7.5}
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from mjref.errors import InputError
from mjref.mcr.hand import SCHEMA as MCR_SCHEMA
from mjref.mcr.hand import McrHand
from mjref.messages import Message, is_registered
from mjref.riichi import RiichiHand
from mjref.riichi.hand import SCHEMA as RIICHI_SCHEMA
from mjref.rules.model import Family
from mjref.rulings.build import MAX_NUMBER, fact_fields, incident_type
from mjref.rulings.errors import IncidentError
from mjref.rulings.incident import MAX_SECONDS, RIICHI, fact_doc
from mjref.schema import FactKind, HandFact, HandSchema, read_text, shown, to_json
from mjref.services import _incident_forms_messages  # noqa: F401  (registers the wording)

Kind = Literal["choice", "number", "yesno", "text", "several", "hand"]
HandKind = Literal["yesno", "number", "wind", "tiles"]

COMMON = ("player", "session", "game")
"""Facts the referee's page asks for once, outside the incident's own controls."""

MAX_TEXT = 60
"""The longest word a text fact may hold (the word a player said)."""


@dataclass(frozen=True, slots=True)
class Number:
    """A number fact's unit and bounds (both included) and the smallest step."""

    unit: str
    low: float
    high: float
    step: str


NUMBERS: Mapping[str, Number] = types.MappingProxyType(
    {
        "minutes": Number("minutes", 0, 1440, "any"),
        "seconds": Number("seconds", 0, MAX_SECONDS, "any"),
        "count": Number("tiles", 1, 136, "1"),
        "other_count": Number("tiles", 0, 136, "1"),
    }
)
"""Every number fact of an incident, by name (a test checks none is left out)."""


@dataclass(frozen=True, slots=True)
class HandControl:
    """One fact of a declared hand (its family's schema) as a control."""

    name: str
    kind: HandKind
    label: Message
    default: str
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True, slots=True)
class FactControl:
    """One fact of an incident as a form control."""

    name: str
    kind: Kind
    label: Message
    help: Message
    required: bool
    default: str
    """What the control holds at first: an enumeration value, ``yes``/``no``/``""``, a
    number or nothing."""
    unknown: bool = False
    """Whether "not known" is a value (the fact may be left unknown)."""
    choices: tuple[tuple[str, Message], ...] = ()
    unit: Message | None = None
    low: float | None = None
    high: float | None = None
    step: str = "1"
    hand: tuple[HandControl, ...] = ()
    family: str = ""
    """A hand's family (``mcr`` or ``riichi``): whose schema its members follow."""


def _inner(kind: Any) -> tuple[Any, bool]:
    """The type of a fact without ``None``, and whether ``None`` (unknown) is allowed."""
    if typing.get_origin(kind) in (types.UnionType, typing.Union):
        inner = [a for a in typing.get_args(kind) if a is not type(None)]
        return inner[0], True
    return kind, False


def choice_label(value: enum.Enum) -> Message:
    """A value of a fact's enumeration, in words (as it is, for a value added without
    wording: ``tests/services/test_incident_forms.py`` fails until it has some)."""
    key = f"incident-form.choice.{type(value).__name__}.{value.value}"
    if is_registered(key):
        return Message(key)
    return Message("incident-form.choice.unnamed", {"value": str(value.value)})


def fact_label(name: str) -> Message:
    """A fact's label (its name as it is for a fact added without one, as above)."""
    key = f"incident-form.fact.{name}"
    return (
        Message(key)
        if is_registered(key)
        else Message("incident-form.fact.unnamed", {"fact": name})
    )


def _default_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if value is None:
        return ""
    return str(value)


def _hand_controls(schema: HandSchema) -> tuple[HandControl, ...]:
    found = []
    for f in schema:
        label = Message(f"incident-form.hand.{f.name}")
        if f.kind is FactKind.FLAG:
            found.append(HandControl(f.name, "yesno", label, _default_text(f.default)))
        elif f.kind is FactKind.COUNT:
            found.append(HandControl(f.name, "number", label, str(f.default), f.low, f.high))
        elif f.kind is FactKind.WIND:
            code = getattr(f.default, "code", "E")
            found.append(HandControl(f.name, "wind", label, str(code)))
        else:
            found.append(HandControl(f.name, "tiles", label, ""))
    return tuple(found)


def _for_family(doc: str, kind: Any, family: Family) -> bool:
    """Whether a fact matters under ``family``: a hand of the other family never does, nor
    a fact whose help begins with the other family's name (``MCR: ...``, ``Riichi ...``)."""
    inner, _ = _inner(kind)
    if inner is McrHand or inner is RiichiHand:
        return (inner is McrHand) == (family is Family.MCR)
    other = "Riichi" if family is Family.MCR else "MCR"
    return not doc.startswith(other)


def incident_form(name: str, *, family: Family | None = None) -> tuple[FactControl, ...]:
    """The controls of incident type ``name``: one per fact but player, session and game;
    under ``family``, only the facts that family's rulesets read (the dealer only for
    riichi)."""
    cls = incident_type(name)
    controls = []
    for fname, kind, doc, required, default in fact_fields(cls):
        if fname in COMMON:
            continue
        if fname == "dealer" and (family is Family.MCR or not (cls.FAMILIES & RIICHI)):
            continue
        if family is not None and not required and not _for_family(doc, kind, family):
            continue
        controls.append(_control(cls.NAME, fname, kind, required, default, fact_doc(cls, fname)))
    return tuple(controls)


def _control(
    incident: str, name: str, kind: Any, required: bool, default: object, doc: Message
) -> FactControl:
    inner, unknown = _inner(kind)
    label = fact_label(name)
    base: dict[str, Any] = {
        "name": name,
        "label": label,
        "help": doc,
        "required": required,
        "default": _default_text(default),
        "unknown": unknown,
    }
    if inner is bool:
        return FactControl(kind="yesno", **base)
    if typing.get_origin(inner) is tuple:  # several values of an enumeration (seats)
        item = typing.get_args(inner)[0]
        return FactControl(
            kind="several", choices=tuple((m.value, choice_label(m)) for m in item), **base
        )
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        return FactControl(
            kind="choice", choices=tuple((m.value, choice_label(m)) for m in inner), **base
        )
    if inner in (int, float):
        number = NUMBERS.get(name)
        if number is None:
            raise RuntimeError(f"the number fact {incident}.{name} has no unit and bounds")
        return FactControl(
            kind="number",
            unit=Message(f"incident-form.unit.{number.unit}"),
            low=number.low,
            high=number.high,
            step=number.step,
            **base,
        )
    if inner is McrHand:
        return FactControl(kind="hand", hand=_hand_controls(MCR_SCHEMA), family="mcr", **base)
    if inner is RiichiHand:
        return FactControl(kind="hand", hand=_hand_controls(RIICHI_SCHEMA), family="riichi", **base)
    if inner is str:
        return FactControl(kind="text", **base)
    raise RuntimeError(f"no control for the fact {incident}.{name}: {kind!r}")


Sent = Mapping[str, Sequence[str]]
"""What a form sends: each field's values (a list: checkboxes send several)."""


def field_name(fact: str, member: str | None = None) -> str:
    """The name of a fact's field in the form (``hand.flowers`` for a member of a hand)."""
    return f"{fact}.{member}" if member else fact


def _one(sent: Sent, name: str) -> str:
    values = sent.get(name) or ()
    return values[0].strip() if values else ""


def _bad(incident: str, fact: str, value: object, expected: Message) -> IncidentError:
    return IncidentError(
        Message(
            "rulings.fact.bad-value",
            {"incident": incident, "fact": fact, "value": shown(value), "expected": expected},
        )
    )


def _number(incident: str, control: FactControl, text: str) -> float | int:
    """A number as people type it: ``7.5`` or ``7,5`` (a decimal comma), within bounds."""
    cleaned = text.replace(",", ".", 1).replace("\u202f", "").replace(" ", "")
    expected = Message("rulings.expect.number-range", {"low": control.low, "high": control.high})
    try:
        value = float(cleaned) if len(cleaned) <= 20 else float("nan")
    except ValueError:
        raise _bad(incident, control.name, text, expected) from None
    low = control.low if control.low is not None else 0
    high = control.high if control.high is not None else MAX_NUMBER
    if not low <= value <= high:  # NaN is refused here too
        raise _bad(incident, control.name, text, expected)
    if control.step == "1":
        if value != int(value):
            raise _bad(incident, control.name, text, Message("rulings.expect.int"))
        return int(value)
    return value


def _yes_no(incident: str, name: str, text: str) -> bool | None:
    if text == "":
        return None
    if text in ("yes", "no"):
        return text == "yes"
    raise _bad(incident, name, text, Message("rulings.expect.bool"))


def _hand_member(
    incident: str, fact: str, schema: HandSchema, control: HandControl, text: str
) -> object:
    member: HandFact = schema[control.name]
    where = f"{fact}.{control.name}"
    if control.kind == "yesno":
        value = _yes_no(incident, where, text)
        return None if value is None else value
    try:
        return to_json(member, read_text(member, text, where))
    except InputError as error:
        raise IncidentError(
            Message(
                "rulings.fact.bad-hand-fact",
                {"incident": incident, "fact": where, "problem": error.message},
            )
        ) from None


def facts_from_form(
    incident: str, sent: Sent, *, family: Family | None = None
) -> dict[str, object]:
    """The JSON values of the facts a form of :func:`incident_form` sent. A field left
    empty (or "not known") is a fact not given; a hand is given by its notation, with the
    facts of its family from their fields. Every wrong value is an :class:`IncidentError`
    naming the fact (``hand.flowers`` for a member of a hand)."""
    cls = incident_type(incident)
    facts: dict[str, object] = {}
    for control in incident_form(incident, family=family):
        text = _one(sent, field_name(control.name))
        if control.kind == "several":
            values = [v.strip() for v in sent.get(control.name) or () if v.strip()]
            allowed = {value for value, _ in control.choices}
            for value in values:
                if value not in allowed:
                    expected = Message("rulings.expect.one-of", {"values": ", ".join(allowed)})
                    raise _bad(incident, control.name, value, expected)
            if values or control.required:
                facts[control.name] = values[:12]
            continue
        if text == "":
            continue
        if control.kind == "yesno":
            facts[control.name] = _yes_no(incident, control.name, text)
        elif control.kind == "number":
            facts[control.name] = _number(incident, control, text)
        elif control.kind == "text":
            if len(text) > MAX_TEXT:
                raise _bad(incident, control.name, text, Message("rulings.expect.word"))
            facts[control.name] = text
        elif control.kind == "choice":
            facts[control.name] = text
        else:  # a hand: its notation, then the facts of its family
            schema = MCR_SCHEMA if control.family == "mcr" else RIICHI_SCHEMA
            hand: dict[str, object] = {"tiles": text[:200]}
            for member in control.hand:
                value_text = _one(sent, field_name(control.name, member.name))
                if value_text == "":
                    continue
                member_value = _hand_member(cls.NAME, control.name, schema, member, value_text)
                if member_value is not None:
                    hand[member.name] = member_value
            facts[control.name] = hand
    return facts

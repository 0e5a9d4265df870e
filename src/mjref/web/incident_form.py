"""The referee's form for one incident, ready for the template: each fact's control
(:mod:`mjref.services.incident_forms`) with its label, help, choices and unit in the
page's language, what was typed (kept after a mistake) and the mistake next to its field;
and the fingerprint of a previewed ruling, so that what is recorded is what was shown."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fastapi import Request

from mjref.errors import InputError
from mjref.i18n import render, render_error
from mjref.messages import Message
from mjref.rules.model import Family
from mjref.services.incident_forms import FactControl, HandControl, field_name, incident_form
from mjref.web import _referee_messages  # noqa: F401  (registers the wording)

MAX_FIELD = 400
"""The longest value a fact's field keeps (a hand's notation is the longest)."""


@dataclass(frozen=True, slots=True)
class FieldChoice:
    value: str
    label: str
    chosen: bool


@dataclass(frozen=True, slots=True)
class Field:
    """One control as the template draws it."""

    name: str
    kind: str
    label: str
    help: str
    required: bool
    value: str
    options: tuple[FieldChoice, ...] = ()
    unit: str = ""
    low: str = ""
    high: str = ""
    step: str = "1"
    error: str = ""
    members: tuple[Field, ...] = ()


Sent = Mapping[str, Sequence[str]]


PREFIX = "fact."
"""The facts' fields are named ``fact.NAME`` (``fact.hand.flowers``), apart from the
form's own (the hand number, the session ...)."""


async def sent_form(request: Request) -> dict[str, list[str]]:
    """The facts' fields of the posted form by fact name, each with its values (kept
    short)."""
    form = await request.form()
    found: dict[str, list[str]] = {}
    for key, value in form.multi_items():
        if isinstance(value, str) and key.startswith(PREFIX) and len(key) <= 60:
            found.setdefault(key.removeprefix(PREFIX), []).append(value[:MAX_FIELD])
    return found


def _number_text(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)


def _choices(
    pairs: Sequence[tuple[str, str]], chosen: Sequence[str], lang: str
) -> tuple[FieldChoice, ...]:
    return tuple(FieldChoice(value, label, value in chosen) for value, label in pairs)


def _yes_no(lang: str, unknown: bool) -> list[tuple[str, str]]:
    pairs = [
        ("yes", render(Message("web.fact.yes"), lang)),
        ("no", render(Message("web.fact.no"), lang)),
    ]
    if unknown:
        pairs.append(("", render(Message("web.fact.unknown"), lang)))
    return pairs


def fields(
    incident: str,
    *,
    family: Family,
    sent: Sent | None,
    errors: Mapping[str, str],
    lang: str,
) -> tuple[Field, ...]:
    """The fields of ``incident``'s form: with what was sent (``None``: the defaults)."""
    found = []
    for control in incident_form(incident, family=family):
        found.append(_field(control, sent, errors, lang))
    return tuple(found)


def _values(sent: Sent | None, name: str, default: str) -> list[str]:
    if sent is None:
        return [default] if default else []
    return [v for v in sent.get(name, ()) if v != ""]


def _field(control: FactControl, sent: Sent | None, errors: Mapping[str, str], lang: str) -> Field:
    chosen = _values(sent, control.name, control.default)
    value = chosen[0] if chosen else ""
    options: tuple[FieldChoice, ...] = ()
    if control.kind == "yesno":
        options = _choices(_yes_no(lang, control.unknown or not control.required), [value], lang)
        if not value and (control.unknown or not control.required):
            options = tuple(FieldChoice(o.value, o.label, o.value == "") for o in options)
    elif control.kind in ("choice", "several"):
        pairs = [(v, render(label, lang)) for v, label in control.choices]
        options = _choices(pairs, chosen, lang)
    members: tuple[Field, ...] = ()
    if control.kind == "hand":
        members = tuple(_member(control, m, sent, errors, lang) for m in control.hand)
    return Field(
        name=control.name,
        kind=control.kind,
        label=render(control.label, lang),
        help=render(control.help, lang),
        required=control.required,
        value=value,
        options=options,
        unit=render(control.unit, lang) if control.unit else "",
        low=_number_text(control.low),
        high=_number_text(control.high),
        step=control.step,
        error=errors.get(control.name, ""),
        members=members,
    )


def _member(
    control: FactControl,
    member: HandControl,
    sent: Sent | None,
    errors: Mapping[str, str],
    lang: str,
) -> Field:
    name = field_name(control.name, member.name)
    chosen = _values(sent, name, member.default)
    value = chosen[0] if chosen else ""
    options: tuple[FieldChoice, ...] = ()
    if member.kind == "yesno":
        options = _choices(_yes_no(lang, False), [value], lang)
    elif member.kind == "wind":
        pairs = [(code, render(Message(f"web.wind.{code}"), lang)) for code in "ESWN"]
        options = _choices(pairs, [value], lang)
    return Field(
        name=name,
        kind=member.kind,
        label=render(member.label, lang),
        help="",
        required=False,
        value=value,
        options=options,
        low=_number_text(member.low),
        high=_number_text(member.high),
        error=errors.get(name, ""),
    )


def error_field(error: InputError, names: Sequence[str]) -> str:
    """The field a mistake belongs next to: the fact it names (a hand's member, or the
    hand for its notation), else ``""`` (the form as a whole)."""
    fact = error.message.params.get("fact")
    if not isinstance(fact, str):
        return ""
    head, _, member = fact.partition(".")
    if head not in names:
        return ""
    return head if member in ("", "tiles") else fact


def errors_of(error: InputError, names: Sequence[str], lang: str) -> dict[str, str]:
    """The mistake as text by field (``""``: the form's own)."""
    return {error_field(error, names): render_error(error, lang)}


def fingerprint(values: Mapping[str, object]) -> str:
    """A short digest of what a preview showed (the incident, who, when and the facts)."""
    text = json.dumps(values, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]

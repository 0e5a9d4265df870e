"""``mjref rules``: the rules registry itself - list its entries (regulations, riichi
rulesets, scoring conventions), show a clause as a reading applies it, compare two entries
or readings, list the incident types - and the text rendering shared with ``mjref rule``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from mjref.cli.errors import fail
from mjref.errors import InputError
from mjref.i18n import LANGUAGES, check_language, render, render_error
from mjref.messages import Message
from mjref.rules import Clause, Ruleset
from mjref.rules.diff import Side, riichi_settings_text, spec_text
from mjref.rules.registry import location_key
from mjref.rulings import Ruling
from mjref.services.rulings import (
    common_facts,
    compare,
    explain,
    incident_catalogue,
    list_rulesets,
    section_text,
    show_clause,
)

app = typer.Typer(
    help="The rules registry (MERS, RCR, scoring conventions): list, show a clause, compare, "
    "list incidents.",
    no_args_is_help=True,
)

LangOption = Annotated[
    str, typer.Option("--lang", "-l", help=f"Language of the texts: {', '.join(LANGUAGES)}.")
]


@contextmanager
def reporting(language: str) -> Iterator[None]:
    """Report a user's mistake as one line in ``language`` (exit code 2), never a traceback."""
    try:
        yield
    except InputError as error:
        lang = language if language in LANGUAGES else "en"
        raise fail(render_error(error, lang)) from None


def ruling_text(ruling: Ruling, language: str) -> list[str]:
    """A ruling as lines of text in ``language``: the consequences with their clauses, the
    notes, then every cited clause with its summary."""
    explained = explain(ruling, language, lambda m: render(m, language))
    lines = [explained.header, *(f"  - {line}" for line in explained.consequences)]
    if explained.notes:
        lines.append(render(Message("rulings.render.notes"), language))
        lines += [f"  - {note}" for note in explained.notes]
    lines.append(render(Message("rulings.render.citations"), language))
    for citation in ruling.citations:
        where = section_text(citation, language, lambda m: render(m, language))
        head = Message(
            "rulings.render.citation",
            {
                "clause": citation.clause_id,
                "document": citation.document,
                "edition": citation.edition,
                "section": where,
            },
        )
        lines.append(f"  {render(head, language)}")
        lines.append(f"      {render(citation.summary, language)}")
        if not citation.in_seeds:
            source = Message("rulings.render.not-in-seeds", {"source": citation.source})
            lines.append(f"      ({render(source, language)})")
    return lines


@app.command("list")
def list_command() -> None:
    """Every entry: kind, document, edition, languages, clauses, aliases, options, readings."""
    entries = list_rulesets()
    for ruleset in entries:
        typer.echo(f"{ruleset.id}  [{ruleset.kind.value}]  {ruleset.document}, {ruleset.edition}")
        based = ""
        if ruleset.base is not None:
            based = (
                f"; reads the options of {ruleset.base.id}"
                if ruleset.kind.value == "convention"
                else f"; unlisted incidents ruled by {ruleset.base.id}"
            )
        typer.echo(
            f"    family {ruleset.family.value}; texts in {', '.join(ruleset.languages)}; "
            f"{len(ruleset.clauses)} clauses"
            + (f"; aliases {', '.join(ruleset.aliases)}" if ruleset.aliases else "")
            + based
        )
        settings = riichi_settings_text(ruleset)
        if settings:
            typer.echo("    riichi judge: " + "; ".join(f"{k} {v}" for k, v in settings.items()))
        for name, option in ruleset.options.items():
            chosen = ruleset.choice(name)
            choices = ", ".join(f"[{c}]" if c == chosen else c for c in option.choices)
            typer.echo(f"    option {name}: {choices} - {option.title}")
        inherited = {o: c for o, c in ruleset.choices.items() if o not in ruleset.options}
        if inherited:
            typer.echo("    reads " + ", ".join(f"{o}={c}" for o, c in inherited.items()))
        for name, reading in ruleset.readings.items():
            parts = ", ".join(f"{k}={v}" for k, v in reading.items())
            typer.echo(f"    reading +{name}: {parts}")
    table = sorted((a, r.id) for r in entries for a in r.aliases)
    typer.echo("aliases (any case): " + ", ".join(f"{a} = {t}" for a, t in table))
    typer.echo(
        "A spec adds readings: e.g. mers-2008+italian, ema-2009+ladder-reset=session, "
        "mil+D3=not-counted."
    )


@app.command("show")
def show_command(
    clause_id: Annotated[
        str,
        typer.Argument(help="A clause id, e.g. mers-2010:2.7.3 or mers-2008+italian:2.3."),
    ],
    lang: LangOption = "en",
) -> None:
    """One clause: where it is printed, what it says, the readings that bear on it, and its
    outcomes and consequences as those readings apply it."""
    with reporting(lang):
        check_language(lang)
        ruleset, clause = show_clause(clause_id)
    for line in clause_text(ruleset, clause, lang):
        typer.echo(line)


def clause_text(ruleset: Ruleset, clause: Clause, language: str) -> list[str]:
    """A clause as ``ruleset`` (an entry with its readings applied) applies it."""
    doc = ruleset
    while doc.id != clause.ruleset and doc.base is not None:
        doc = doc.base  # a convention's clause may be its base's (mil:D1 is green-book:D1)
    lines = [f"{clause.id}  {doc.document}, {doc.edition}"]
    if ruleset.spec != doc.id:
        lines.append(f"as read under {ruleset.spec}")
    if clause.sections:
        printed = ", ".join(f"{lang} {number}" for lang, number in clause.sections.items())
        lines.append(f"printed as: {printed}")
    if clause.location:
        lines.append(f"where: {render(Message(location_key(clause)), language)}")
    lines.append(f"topic: {clause.topic}")
    lines.append(render(Message(clause.summary_key), language))
    if clause.note:
        lines.append(f"note: {clause.note}")
    if not clause.in_seeds:
        lines.append(f"not in the seed texts; source: {clause.source}")
    if clause.when:
        lines.append("only under: " + ", ".join(f"{k}={v}" for k, v in clause.when.items()))
    for option in ruleset.options_of(clause):
        chosen = ruleset.applied(option.name)
        others = ", ".join(c for c in option.choices if c != chosen.name)
        lines.append(
            f"reading {option.name} = {chosen.name}: {chosen.description} ({chosen.source})"
            + (f" [other readings: {others}]" if others else "")
        )
    if clause.when and not ruleset.active(clause.when):
        lines.append("  (this clause does not apply under these readings)")
        return lines
    hidden: list[str] = []
    for outcome in clause.outcomes.values():
        if not ruleset.active(outcome.when):
            hidden.append(outcome.name)
            continue
        condition = (
            " (only under " + ", ".join(f"{k}={v}" for k, v in outcome.when.items()) + ")"
            if outcome.when
            else ""
        )
        lines.append(f"  outcome {outcome.name}{condition}: decides {', '.join(outcome.decides)}")
        for spec in outcome.consequences:
            if not ruleset.active(spec.when):
                continue
            extra = f"  [{spec.clause}]" if spec.clause else ""
            also = f"  (also {', '.join(spec.also)})" if spec.also else ""
            lines.append(f"      {spec_text(spec)}{extra}{also}")
    if hidden:
        lines.append(f"  (outcomes under other readings only: {', '.join(hidden)})")
    if not clause.outcomes:
        lines.append("  (cited by other clauses or by a judge: a definition, the ladder, ...)")
    return lines


@app.command("diff")
def diff_command(
    left: Annotated[str, typer.Argument(help="A ruleset or reading, e.g. mers-2008.")],
    right: Annotated[str, typer.Argument(help="Another, e.g. mers-2008+italian or ema-2009.")],
) -> None:
    """What differs between two rulesets or readings, situation by situation."""
    with reporting("en"):
        found = compare(left, right)
    typer.echo(f"{found.left}  <->  {found.right}")
    for option in found.options:
        typer.echo(f"  reading {option.option}: {option.left or '-'} | {option.right or '-'}")
    for table in found.tables:
        left, right = (
            "-" if side is None else render(side, "en") if isinstance(side, Message) else side
            for side in (table.left, table.right)
        )
        typer.echo(f"  {table.option}: {left} | {right}")
    for item in found.situations:
        typer.echo(f"  {item.situation}  ({item.topic})")
        typer.echo(f"      {found.left}: {_side(item.left)}")
        typer.echo(f"      {found.right}: {_side(item.right)}")
    summary = {"count": len(found.situations), "same": found.same}
    typer.echo(render(Message("rules.diff.summary", summary), "en"))


def _side(side: Side | None) -> str:
    if side is None:
        return "no rule"
    return f"{', '.join(side.consequences) or 'nothing'}  [{side.clause}]"


@app.command("incidents")
def incidents_command(
    family: Annotated[
        str | None, typer.Option("--family", help="Only mcr or riichi incident types.")
    ] = None,
    lang: LangOption = "en",
) -> None:
    """The incident vocabulary: each type with its facts (for --fact and JSON requests)."""
    with reporting(lang):
        check_language(lang)
        if family not in (None, "mcr", "riichi"):
            raise fail(f"--family is mcr or riichi, not {family!r}")
    for info in incident_catalogue(family):
        typer.echo(f"{info.name} - {render(info.title, lang)}  [{', '.join(info.families)}]")
        typer.echo(f"    {render(info.summary, lang)}")
        for f in info.facts:
            need = "required" if f.required else f"default {f.default!r}"
            typer.echo(f"    {f.name} ({render(f.kind, lang)}; {need}): {render(f.doc, lang)}")
    typer.echo("Every incident also takes:")
    for f in common_facts():
        typer.echo(
            f"    {f.name} ({render(f.kind, lang)}; default {f.default!r}): {render(f.doc, lang)}"
        )

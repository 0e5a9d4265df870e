"""``mjref rules``: the rules registry itself - list its entries (regulations, riichi
rulesets, scoring conventions), show a clause as a reading applies it, compare two entries
or readings, list the incident types - and the text of a ruling shared with ``mjref rule``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from mjref.cli import _rules_messages, io  # noqa: F401  (registers the wording)
from mjref.cli.errors import StrictGroup, usage
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.i18n import render
from mjref.messages import Message
from mjref.rules import Family
from mjref.services.rulings import (
    Ruling,
    common_facts,
    compare_rulesets,
    list_incidents,
    list_rulesets,
    show_clause,
)
from mjref.wire.options import option_text, reading_text
from mjref.wire.rulings import (
    clause_json,
    clause_lines,
    diff_json,
    explain,
    fact_json,
    incidents_json,
    riichi_settings,
    rulesets_json,
    section_text,
)

if TYPE_CHECKING:
    from mjref.rules.diff import Side

app = typer.Typer(
    cls=StrictGroup,
    help="The rules registry (MERS, RCR, scoring conventions): list, show a clause, compare, "
    "list incidents.",
    no_args_is_help=True,
)


def ruling_text(ruling: Ruling, lang: str) -> list[str]:
    """A ruling as lines of text in ``lang``: the consequences with their clauses, the
    notes, then every cited clause with its summary."""
    explained = explain(ruling, lang)
    lines = [explained.header, *(f"  - {line}" for line in explained.consequences)]
    if explained.notes:
        lines.append(render(Message("rulings.render.notes"), lang))
        lines += [f"  - {note}" for note in explained.notes]
    lines.append(render(Message("rulings.render.citations"), lang))
    for citation in ruling.citations:
        head = Message(
            "rulings.render.citation",
            {
                "clause": citation.clause_id,
                "document": citation.document,
                "edition": citation.edition,
                "section": section_text(citation, lang),
            },
        )
        lines.append(f"  {render(head, lang)}")
        lines.append(f"      {render(citation.summary, lang)}")
        if not citation.in_seeds:
            source = Message("rulings.render.not-in-seeds", {"source": citation.source})
            lines.append(f"      ({render(source, lang)})")
    return lines


def _say(key: str, lang: str, **params: object) -> str:
    return render(Message(f"cli.rules.{key}", params), lang)


@app.command("list", cls=StrictCommand)
def list_command(lang: LangOption = "en", as_json: JsonOption = False) -> None:
    """Every entry: kind, document, edition, languages, clauses, aliases, options, readings."""
    lang = language(lang)
    entries = list_rulesets()
    if as_json:
        io.write_json(rulesets_json(entries))
        return
    for ruleset in entries:
        io.write(f"{ruleset.id}  [{ruleset.kind.value}]  {ruleset.document}, {ruleset.edition}")
        facts = [
            _say("family", lang, family=ruleset.family.value),
            _say("texts-in", lang, languages=", ".join(ruleset.languages)),
            _say("clauses", lang, count=len(ruleset.clauses)),
        ]
        if ruleset.aliases:
            facts.append(_say("aliases", lang, aliases=", ".join(ruleset.aliases)))
        if ruleset.base is not None:
            based = (
                "reads-options-of" if ruleset.kind.value == "convention" else "unlisted-ruled-by"
            )
            facts.append(_say(based, lang, base=ruleset.base.id))
        io.write("    " + "; ".join(facts))
        settings = riichi_settings(ruleset)
        if settings:
            shown = "; ".join(f"{k} {v}" for k, v in settings.items())
            io.write("    " + _say("riichi-judge", lang, settings=shown))
        for name, option in ruleset.options.items():
            chosen = ruleset.choice(name)
            choices = ", ".join(f"[{c}]" if c == chosen else c for c in option.choices)
            title = option_text(ruleset.id, name)
            io.write("    " + _say("option", lang, name=name, choices=choices, title=title))
        inherited = {o: c for o, c in ruleset.choices.items() if o not in ruleset.options}
        if inherited:
            shown = ", ".join(f"{o}={c}" for o, c in inherited.items())
            io.write("    " + _say("reads", lang, choices=shown))
        for name, reading in ruleset.readings.items():
            parts = ", ".join(f"{k}={v}" for k, v in reading.items())
            io.write("    " + _say("reading", lang, name=name, choices=parts))
            io.write("      " + render(reading_text(name), lang))
    table = sorted((a, r.id) for r in entries for a in r.aliases)
    io.write(_say("alias-table", lang, aliases=", ".join(f"{a} = {t}" for a, t in table)))
    io.write(_say("spec-hint", lang))


@app.command("show", cls=StrictCommand)
def show_command(
    clause_id: Annotated[
        str,
        typer.Argument(help="A clause id, e.g. mers-2010:2.7.3 or mers-2008+italian:2.3."),
    ],
    lang: LangOption = "en",
    as_json: JsonOption = False,
) -> None:
    """One clause: where it is printed, what it says, the readings that bear on it, and its
    outcomes and consequences as those readings apply it."""
    lang = language(lang)
    ruleset, clause = show_clause(clause_id)
    if as_json:
        io.write_json(clause_json(ruleset, clause, lang))
        return
    for line in clause_lines(ruleset, clause, lang):
        io.write(line)


@app.command("diff", cls=StrictCommand)
def diff_command(
    left: Annotated[str, typer.Argument(help="A ruleset or reading, e.g. mers-2008.")],
    right: Annotated[str, typer.Argument(help="Another, e.g. mers-2008+italian or ema-2009.")],
    lang: LangOption = "en",
    as_json: JsonOption = False,
) -> None:
    """What differs between two rulesets or readings, situation by situation."""
    lang = language(lang)
    found = compare_rulesets(left, right)
    if as_json:
        io.write_json(diff_json(found, lang))
        return
    io.write(f"{found.left}  <->  {found.right}")
    for option in found.options:
        shown = {"left": option.left or "-", "right": option.right or "-"}
        io.write("  " + _say("diff-reading", lang, option=option.option, **shown))
    for table in found.tables:
        sides = (
            "-" if side is None else render(side, lang) if isinstance(side, Message) else side
            for side in (table.left, table.right)
        )
        io.write(f"  {table.option}: {' | '.join(sides)}")
    for item in found.situations:
        io.write(f"  {item.situation}  ({item.topic})")
        io.write(f"      {found.left}: {_side(item.left, lang)}")
        io.write(f"      {found.right}: {_side(item.right, lang)}")
    summary = {"count": len(found.situations), "same": found.same}
    io.write(render(Message("rules.diff.summary", summary), lang))


def _side(side: Side | None, lang: str) -> str:
    if side is None:
        return _say("no-rule", lang)
    return f"{', '.join(side.consequences) or _say('nothing', lang)}  [{side.clause}]"


@app.command("incidents", cls=StrictCommand)
def incidents_command(
    family: Annotated[
        str | None, typer.Option("--family", help="Only mcr or riichi incident types.")
    ] = None,
    lang: LangOption = "en",
    as_json: JsonOption = False,
) -> None:
    """The incident vocabulary: each type with its facts (for --fact and JSON requests)."""
    lang = language(lang)
    if family is not None and family not in ("mcr", "riichi"):
        raise usage("cli.unknown-family", "--family", family=family[:40])
    found = list_incidents(None if family is None else Family(family))
    common = common_facts()
    if as_json:
        io.write_json(incidents_json(found, common, lang))
        return
    for info in found:
        title = render(info.title, lang)
        io.write(f"{info.name} - {title}  [{', '.join(info.families)}]")
        io.write(f"    {render(info.summary, lang)}")
        for f in info.facts:
            need = (
                _say("required", lang)
                if f.required
                else _say("default", lang, value=_shown(f.default))
            )
            io.write(f"    {f.name} ({render(f.kind, lang)}; {need}): {render(f.doc, lang)}")
    io.write(_say("common-facts", lang))
    for f in common:
        kind, doc = render(f.kind, lang), render(f.doc, lang)
        default = _say("default", lang, value=_shown(f.default))
        io.write(f"    {f.name} ({kind}; {default}): {doc}")


def _shown(value: object) -> str:
    return repr(fact_json(value))

"""``mjref mcr``: the MCR hand judge, the fans and the conventions on the command line."""

from __future__ import annotations

from typing import Annotated

import typer

from mjref.cli import _mcr_messages, io  # noqa: F401  (registers the wording)
from mjref.cli.errors import CliError, StrictGroup, usage
from mjref.cli.exits import Exit
from mjref.cli.options import (
    NOT_GIVEN,
    JsonOption,
    LangOption,
    Listed,
    StrictCommand,
    fact_option,
    language,
    pairs,
)
from mjref.i18n import render
from mjref.messages import Message
from mjref.services.mcr import (
    DEFAULT_CONVENTION,
    DEFAULT_REGULATION,
    MCR_SCHEMA,
    McrVerdict,
    judge_mcr_hand,
    list_conventions,
    list_disputed_points,
    list_fans,
    mcr_convention,
    mcr_hand,
)
from mjref.tiles import Wind
from mjref.wire.options import option_text

app = typer.Typer(
    cls=StrictGroup,
    help="MCR (Chinese Official) hands: judge a declared win, list fans and conventions.",
    no_args_is_help=True,
)

S = MCR_SCHEMA

ConventionOption = Annotated[
    str,
    typer.Option(
        "--convention",
        help="Scoring convention: green-book (default) or mil, an alias such as gb or "
        "chinese, or a spec such as mil+D3=not-counted (any case).",
    ),
]
"""The ``--convention`` option, shared by every command that judges an MCR hand."""


@app.command("judge", cls=StrictCommand)
def judge_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            help="The hand in compact notation, e.g. '[123s](7777p)EE45678s+9s' "
            "(see docs/notation.md). Not used with --jsonl.",
            show_default=False,
        ),
    ] = None,
    self_drawn: Annotated[bool, fact_option(S, "self_drawn")] = False,
    seat_wind: Annotated[Wind, fact_option(S, "seat_wind")] = Wind.EAST,
    prevalent_wind: Annotated[Wind, fact_option(S, "prevalent_wind")] = Wind.EAST,
    flowers: Annotated[int, fact_option(S, "flowers")] = 0,
    last_tile: Annotated[bool, fact_option(S, "last_tile")] = False,
    kong_win: Annotated[bool, fact_option(S, "kong_win")] = False,
    wall_last: Annotated[bool, fact_option(S, "wall_last")] = False,
    winning_tile_not_shown: Annotated[bool, fact_option(S, "winning_tile_shown")] = False,
    visible: Annotated[Listed, fact_option(S, "visible")] = NOT_GIVEN,
    convention: ConventionOption = DEFAULT_CONVENTION,
    regulation: Annotated[
        str,
        typer.Option(
            "--regulation",
            help="Regulation whose false-hu classes apply and are cited: mers-2008 (default), "
            "mers-2010 (mers), ema-2009.",
        ),
    ] = DEFAULT_REGULATION,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            help="Read a disputed point differently, e.g. --option D6=self-drawn (repeatable, "
            "once per point).",
        ),
    ] = None,
    lang: LangOption = "en",
    as_json: JsonOption = False,
    jsonl: Annotated[
        bool,
        typer.Option(
            "--jsonl",
            help="Bulk mode: one JSON hand per input line on stdin, one verdict per output line.",
        ),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            help="With --jsonl: judge in this many processes (output in input order, "
            "answered in chunks of 500 lines; default 1). Refused without --jsonl.",
            min=1,
            max=64,
        ),
    ] = 1,
) -> None:
    """Judge a declared MCR hand: valid win or not, its fans, and the false-hu class.

    Exit status: 0 a valid win (8 or more without flowers); 1 judged, but not a valid
    win (false hu); 2 bad input (also impossible input: a fifth copy, no winning tile).
    With --jsonl: 0, or 3 if a stream cannot be read or written.
    """
    lang = language(lang)
    readings = pairs(option or [], "--option", "D6=self-drawn")
    chosen = mcr_convention(convention, readings)
    if jsonl:
        if hand is not None:
            raise usage("cli.jsonl-and-hand")
        if as_json:
            raise usage("cli.jsonl-and-json")
        from mjref.wire.jsonl import judge_stream, mcr_family  # only for --jsonl: start-up

        family = mcr_family(chosen, regulation=regulation)
        io.freeze_start_up_heap()
        judge_stream(family, io.stdin(), io.write_raw, language=lang, workers=workers)
        return
    if workers != 1:
        raise usage("cli.workers-without-jsonl", "--workers")
    if hand is None:
        raise usage("cli.mcr-hand-missing")
    declared = mcr_hand(
        hand,
        self_drawn=self_drawn,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        flowers=flowers,
        last_tile=last_tile,
        kong_win=kong_win,
        wall_last=wall_last,
        winning_tile_shown=not winning_tile_not_shown,
        visible=visible.items,
    )
    verdict = judge_mcr_hand(declared, chosen, regulation=regulation)
    if not verdict.judged:
        raise_unjudged(verdict, lang)
    if as_json:
        from mjref.wire.mcr_plain import mcr_verdict_json  # only for --json: start-up

        io.write_json(mcr_verdict_json(verdict, lang))
    else:
        io.write(render_verdict(verdict, hand, lang))
    raise typer.Exit(int(Exit.OK if verdict.is_valid_win else Exit.NOT_A_WIN))


def raise_unjudged(verdict: McrVerdict, lang: str) -> None:
    """A hand no table can produce is bad input (exit 2): every finding, on one line."""
    problems = "; ".join(render(f.message, lang) for f in verdict.findings)
    raise CliError(Message("cli.not-judged", {"problems": problems}))


def render_verdict(verdict: McrVerdict, hand: str, lang: str = "en") -> str:
    """A readable verdict for the referee (fan names in English, as the Green Book has
    them; everything around them in ``lang``)."""

    def say(key: str, **params: object) -> str:
        return render(Message(f"cli.mcr.{key}", params), lang)

    lines = [say("hand", hand=hand), say("convention", convention=verdict.convention)]
    if verdict.division:
        shape = say("shape.regular") if verdict.shape == "regular" else verdict.shape
        lines.append(say("division", shape=shape, sets=" ".join(verdict.division)))
    if verdict.fans:
        lines.append("")
        fan, points, count, total, sets_head = (
            say(f"column.{c}") for c in ("fan", "points", "count", "total", "sets")
        )
        width = max(len(fan), *(len(f"{s.fan.title} ({s.fan.number})") for s in verdict.fans))
        wp, wc, wt = max(6, len(points)), max(5, len(count)), max(5, len(total))
        lines.append(f"  {fan:<{width}}  {points:>{wp}}  {count:>{wc}}  {total:>{wt}}  {sets_head}")
        for s in verdict.fans:
            name = f"{s.fan.title} ({s.fan.number})" if s.fan.number else s.fan.title
            sets = "; ".join(" ".join(x) for x in s.sets if x)
            lines.append(
                f"  {name:<{width}}  {s.points:>{wp}}  {s.count:>{wc}}  {s.total:>{wt}}  {sets}"
            )
        lines.append("")
        lines.append(say("total", total=verdict.total, without=verdict.total_ex_flowers))
    not_shown = next((f.clause for f in verdict.findings if f.code == "winning-tile-not-shown"), "")
    for v in verdict.voided:
        lines.append(say("not-scored", clause=not_shown, fan=v.fan.title, total=v.total))
    for d in verdict.disputed:
        lines.append(
            say(
                "disputed",
                point=d.point,
                clause=d.clause,
                choice=d.choice,
                explanation=option_text(verdict.convention, d.point, d.choice),
            )
        )
    if verdict.false_hu is None:
        lines.append(say("valid-win"))
        if verdict.payments is not None:
            p = verdict.payments
            if p.self_drawn:
                lines.append(say("payments-self-drawn", clause=p.clause, each=p.from_each_other))
            else:
                lines.append(
                    say(
                        "payments-discard",
                        clause=p.clause,
                        discarder=p.from_discarder,
                        each=p.from_each_other,
                    )
                )
    else:
        penalty = verdict.false_hu
        lines.append(
            say(
                "false-hu",
                points=penalty.per_opponent,
                clause=penalty.clause,
                reason=penalty.reason,
            )
        )
    if verdict.findings:
        lines.append(say("findings"))
        lines.extend(
            f"  [{f.severity.value}] {f.code}: {render(f.message, lang)}" for f in verdict.findings
        )
    return "\n".join(lines)


@app.command("fans", cls=StrictCommand)
def fans_command(lang: LangOption = "en", as_json: JsonOption = False) -> None:
    """List the 81 Green Book fans with their numbers and points (and the MIL extra fan)."""
    lang = language(lang)
    fans = list_fans()
    if as_json:
        from mjref.wire.mcr import fans_json  # only for --json: start-up

        io.write_json(fans_json(fans))
        return
    for fan in fans:
        number = f"{fan.number:>2}" if fan.number else " -"
        extra = "" if fan.number else "  " + render(Message("cli.mcr.mil-only"), lang)
        io.write(f"{number}  {fan.points:>2}  {fan.title}  {fan.chinese}{extra}")


@app.command("conventions", cls=StrictCommand)
def conventions_command(lang: LangOption = "en", as_json: JsonOption = False) -> None:
    """List the scoring conventions and how each reads the disputed points D1-D8."""
    lang = language(lang)
    known = list_conventions()
    points = list_disputed_points()
    if as_json:
        from mjref.wire.mcr import conventions_json  # only for --json: start-up

        io.write_json(conventions_json(known, points))
        return
    for conv in known:
        shown = Message("cli.mcr.aliases", {"aliases": ", ".join(conv.aliases)})
        aliases = " " + render(shown, lang) if conv.aliases else ""
        io.write(f"{conv.id}{aliases}: {conv.title}")
    io.write("")
    for point in points:
        question = render(option_text(DEFAULT_CONVENTION, point.id), lang)
        io.write(f"{point.id} ({point.clause}): {question}")
        for choice in point.choices:
            users = [c.id for c in known if c.choice(point.id) == choice]
            tag = f" [{', '.join(users)}]" if users else ""
            explanation = render(option_text(DEFAULT_CONVENTION, point.id, choice), lang)
            io.write(f"    {choice}{tag}: {explanation}")

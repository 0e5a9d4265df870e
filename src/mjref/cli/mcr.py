"""``mjref mcr``: the MCR hand judge on the command line."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from mjref.cli.errors import fail, reports_input_errors
from mjref.cli.exits import Exit
from mjref.mcr.conventions import DEFAULT_CONVENTION, Convention, conventions, disputed_points
from mjref.mcr.fans import Fan
from mjref.mcr.regulation import DEFAULT_REGULATION
from mjref.mcr.verdict import Verdict
from mjref.services.mcr_judge import (
    judge_json_line,
    judge_notation,
    resolve_convention,
    unreadable_line,
    verdict_to_json,
)

app = typer.Typer(
    help="MCR (Chinese Official) hands: judge a declared win, list fans and conventions.",
    no_args_is_help=True,
)

ConventionOption = Annotated[
    str,
    typer.Option(
        "--convention",
        help="Scoring convention: green-book (default) or mil, an alias such as gb or "
        "chinese, or a spec such as mil+D3=not-counted (any case).",
    ),
]
"""The ``--convention`` option, shared by every command that judges an MCR hand."""


def _overrides(options: list[str]) -> dict[str, str]:
    found = {}
    for option in options:
        point, sep, choice = option.partition("=")
        if not sep or not point or not choice:
            raise fail(f"--option takes POINT=READING (e.g. D6=self-drawn), not {option!r}")
        found[point.strip()] = choice.strip()
    return found


@app.command("judge")
@reports_input_errors
def judge_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            help="The hand in compact notation, e.g. '[123s](7777p)EE45678s+9s' "
            "(see docs/notation.md). Not used with --jsonl."
        ),
    ] = None,
    self_drawn: Annotated[
        bool, typer.Option("--self-drawn", help="Won on a self-drawn tile.")
    ] = False,
    seat: Annotated[str, typer.Option("--seat", help="Seat wind: E, S, W or N.")] = "E",
    prevalent: Annotated[
        str, typer.Option("--prevalent", help="Prevalent wind: E, S, W or N.")
    ] = "E",
    flowers: Annotated[int, typer.Option("--flowers", help="Flowers and seasons, 0-8.")] = 0,
    last_tile: Annotated[
        bool, typer.Option("--last-tile", help="The winning tile is the last of its kind.")
    ] = False,
    kong_win: Annotated[
        bool,
        typer.Option(
            "--kong-win",
            help="Robbing the Kong (on a discard) / Out with Replacement Tile (self-drawn).",
        ),
    ] = False,
    wall_last: Annotated[
        bool,
        typer.Option(
            "--wall-last", help="Last Tile Claim (on a discard) / Last Tile Draw (self-drawn)."
        ),
    ] = False,
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
            help="Read a disputed point differently, e.g. --option D6=self-drawn (repeatable).",
        ),
    ] = None,
    winning_tile_not_shown: Annotated[
        bool,
        typer.Option(
            "--winning-tile-not-shown",
            help="MERS 1.9: the winning tile was not shown clearly (no wait fans, Nine Gates, "
            "and Last Tile unless the regulation's reading keeps it: mers-2008+hungarian).",
        ),
    ] = False,
    visible: Annotated[
        str,
        typer.Option(
            "--visible", help="Tiles visible elsewhere on the table (discards, others' melds)."
        ),
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdict as JSON.")] = False,
    jsonl: Annotated[
        bool,
        typer.Option(
            "--jsonl",
            help="Bulk mode: one JSON hand per input line on stdin, one verdict per output line.",
        ),
    ] = False,
) -> None:
    """Judge a declared MCR hand: valid win or not, its fans, and the false-hu class.

    Exit status: 0 a valid win (8 or more without flowers); 1 judged, but not a valid
    win (false hu); 2 bad input. With --jsonl: 0, or 3 if standard input cannot be read.
    """
    chosen = resolve_convention(convention, _overrides(option or []))
    if jsonl:
        if hand is not None:
            raise fail("--jsonl reads hands from standard input; do not give a hand argument")
        raise typer.Exit(int(_bulk(chosen)))
    if hand is None:
        raise fail("give a hand in notation (e.g. '[123s](7777p)EE45678s+9s'), or use --jsonl")
    verdict = judge_notation(
        hand,
        convention=chosen,
        self_drawn=self_drawn,
        seat_wind=seat,
        prevalent_wind=prevalent,
        flowers=flowers,
        last_tile=last_tile,
        kong_win=kong_win,
        wall_last=wall_last,
        winning_tile_shown=not winning_tile_not_shown,
        visible=visible,
        regulation=regulation,
    )
    if as_json:
        print(json.dumps(verdict_to_json(verdict), ensure_ascii=False, indent=2))
    else:
        print(render_verdict(verdict, hand))
    raise typer.Exit(int(Exit.OK if verdict.is_valid_win else Exit.NOT_A_WIN))


def _bulk(convention: Convention) -> Exit:
    out = sys.stdout
    try:
        for raw in sys.stdin.buffer:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                out.write(unreadable_line("bad-encoding", f"the line is not UTF-8: {error.reason}"))
            else:
                out.write(judge_json_line(line, convention))
            out.write("\n")
    except OSError as error:
        print(f"error: cannot read standard input: {error}", file=sys.stderr)
        return Exit.IO_ERROR
    out.flush()
    return Exit.OK


def render_verdict(verdict: Verdict, hand: str) -> str:
    """A readable verdict for the referee."""
    lines = [f"Hand: {hand}", f"Convention: {verdict.convention}"]
    if verdict.division:
        lines.append(f"Division ({verdict.shape}): {' '.join(verdict.division)}")
    if verdict.fans:
        lines.append("")
        width = max(len(f"{s.fan.title} ({s.fan.number})") for s in verdict.fans)
        lines.append(f"  {'Fan':<{width}}  Points  Count  Total  Sets")
        for s in verdict.fans:
            name = f"{s.fan.title} ({s.fan.number})" if s.fan.number else s.fan.title
            sets = "; ".join(" ".join(x) for x in s.sets if x)
            lines.append(f"  {name:<{width}}  {s.points:>6}  {s.count:>5}  {s.total:>5}  {sets}")
        lines.append("")
        lines.append(f"Total: {verdict.total} ({verdict.total_ex_flowers} without flowers)")
    not_shown = next((f.clause for f in verdict.findings if f.code == "winning-tile-not-shown"), "")
    for v in verdict.voided:
        lines.append(f"Not scored ({not_shown}, winning tile not shown): {v.fan.title} {v.total}")
    for d in verdict.disputed:
        lines.append(
            f"Disputed point {d.point} ({d.clause}): read as '{d.choice}' - {d.explanation}"
        )
    if verdict.false_hu is None:
        lines.append("Verdict: VALID WIN (8 or more without flowers).")
        if verdict.payments is not None:
            p = verdict.payments
            if p.self_drawn:
                lines.append(f"Payments ({p.clause}): each opponent pays {p.from_each_other}.")
            else:
                lines.append(
                    f"Payments ({p.clause}): the discarder pays {p.from_discarder}, "
                    f"the other two pay {p.from_each_other} each."
                )
    else:
        lines.append(
            f"Verdict: FALSE HU - dead hand, {verdict.false_hu.per_opponent} points to each "
            f"opponent ({verdict.false_hu.clause}): {verdict.false_hu.reason.english()}."
        )
    if verdict.findings:
        lines.append("Findings:")
        lines.extend(
            f"  [{f.severity.value}] {f.code}: {f.message.english()}" for f in verdict.findings
        )
    return "\n".join(lines)


@app.command("fans")
def fans_command() -> None:
    """List the 81 Green Book fans with their numbers and points."""
    for fan in Fan:
        number = f"{fan.number:>2}" if fan.number else " -"
        extra = "" if fan.number else "  (MIL only, not a Green Book fan)"
        print(f"{number}  {fan.points:>2}  {fan.title}  {fan.chinese}{extra}")


@app.command("conventions")
def conventions_command() -> None:
    """List the scoring conventions and how each reads the disputed points D1-D8."""
    known = conventions()
    for conv in known.values():
        aliases = f" (aliases: {', '.join(conv.aliases)})" if conv.aliases else ""
        print(f"{conv.id}{aliases}: {conv.title}")
    print()
    for point in disputed_points().values():
        print(f"{point.id} ({point.clause}): {point.question}")
        for choice, explanation in point.choices.items():
            users = [c.id for c in known.values() if c.choice(point.id) == choice]
            tag = f" [{', '.join(users)}]" if users else ""
            print(f"    {choice}{tag}: {explanation}")

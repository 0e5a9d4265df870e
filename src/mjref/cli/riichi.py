"""``mjref riichi``: judge declared riichi wins under the EMA Riichi Competition Rules."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from mjref.cli.errors import fail, reports_input_errors
from mjref.cli.exits import Exit
from mjref.messages import Message
from mjref.riichi import (
    DEFAULT_RULESET,
    FindingKind,
    RiichiHand,
    RiichiVerdict,
    riichi_rules,
    ruleset_ids,
)
from mjref.services.riichi import judge_riichi_hand, judge_riichi_json_line, riichi_verdict_json
from mjref.tiles import Wind, format_hand

app = typer.Typer(
    help="Riichi (EMA Riichi Competition Rules 2016 and 2012).",
    no_args_is_help=True,
)

_RULESETS = ", ".join(ruleset_ids())


@app.command("judge")
@reports_input_errors
def judge_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            help="The hand: melds in [..] (a concealed kong in (..)), concealed tiles, "
            "'+' and the winning tile, e.g. '[PPP]234m567p33s67s+8s'.",
            show_default=False,
        ),
    ] = None,
    tsumo: Annotated[bool, typer.Option("--tsumo", help="Won by self-draw (else ron).")] = False,
    riichi: Annotated[bool, typer.Option("--riichi", help="Riichi declared.")] = False,
    double_riichi: Annotated[
        bool, typer.Option("--double-riichi", help="Double riichi (first go-around).")
    ] = False,
    ippatsu: Annotated[
        bool, typer.Option("--ippatsu", help="Won within one go-around of riichi.")
    ] = False,
    rinshan: Annotated[
        bool, typer.Option("--rinshan", help="Won on a kong's replacement tile.")
    ] = False,
    chankan: Annotated[bool, typer.Option("--chankan", help="Won by robbing a kong.")] = False,
    haitei: Annotated[
        bool, typer.Option("--haitei", help="Self-drawn last tile of the wall.")
    ] = False,
    houtei: Annotated[bool, typer.Option("--houtei", help="Won on the last discard.")] = False,
    tenhou: Annotated[
        bool, typer.Option("--tenhou", help="Dealer's win on the dealt hand.")
    ] = False,
    chiihou: Annotated[
        bool, typer.Option("--chiihou", help="Non-dealer's win on the first draw.")
    ] = False,
    renhou: Annotated[
        bool, typer.Option("--renhou", help="Non-dealer's win on a discard before the first draw.")
    ] = False,
    seat: Annotated[
        str, typer.Option("--seat", help="Seat wind, E S W N (E is the dealer).")
    ] = "E",
    round_wind: Annotated[str, typer.Option("--round", help="Prevalent wind, E S W N.")] = "E",
    dora: Annotated[str, typer.Option("--dora", help="Dora indicators, e.g. '9p3s'.")] = "",
    ura: Annotated[str, typer.Option("--ura", help="Ura dora indicators (riichi only).")] = "",
    red_fives: Annotated[
        str,
        typer.Option(
            "--red-fives", help="Suits whose red five the hand holds, e.g. 'mp' (rcr-2012)."
        ),
    ] = "",
    honba: Annotated[int, typer.Option("--honba", min=0, help="Counters on the table.")] = 0,
    riichi_sticks: Annotated[
        int,
        typer.Option(
            "--riichi-sticks", min=0, help="Riichi sticks on the table (incl. the winner's)."
        ),
    ] = 0,
    furiten: Annotated[bool, typer.Option("--furiten", help="The player was furiten.")] = False,
    discards: Annotated[
        str | None,
        typer.Option(
            "--discards", help="The player's own discards (furiten is derived from them)."
        ),
    ] = None,
    ruleset_name: Annotated[
        str,
        typer.Option(
            "--ruleset", help=f"Ruleset ({_RULESETS}, or an alias such as rcr or rcr-a; any case)."
        ),
    ] = DEFAULT_RULESET,
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdict as JSON.")] = False,
    jsonl: Annotated[
        bool,
        typer.Option(
            "--jsonl",
            help="Read one JSON object per line on standard input, write one per line "
            "(see the judges' JSON-lines contract); --ruleset is the default per line.",
        ),
    ] = False,
) -> None:
    """Judge a declared riichi win: valid or not, yaku, fu, payments, chombo."""
    rules = riichi_rules(ruleset_name)
    if jsonl:
        if hand is not None:
            raise fail("give either a hand or --jsonl, not both")
        _run_jsonl(rules.id)
        return
    if hand is None:
        raise fail("give a hand to judge (or --jsonl to read JSON lines)")
    declared = RiichiHand.from_notation(
        hand,
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=tenhou,
        chiihou=chiihou,
        renhou=renhou,
        seat_wind=Wind.from_code(seat),
        prevalent_wind=Wind.from_code(round_wind),
        dora=dora,
        ura=ura,
        red_fives=red_fives,
        honba=honba,
        riichi_sticks=riichi_sticks,
        furiten=furiten,
        discards=discards,
    )
    verdict = judge_riichi_hand(declared, rules.id)
    if as_json:
        typer.echo(riichi_verdict_json(verdict))
    else:
        typer.echo(render(declared, verdict))
    if verdict.is_input_error:
        raise typer.Exit(int(Exit.BAD_INPUT))
    if not verdict.valid:
        raise typer.Exit(int(Exit.NOT_A_WIN))


def _run_jsonl(default_ruleset: str) -> None:
    out = sys.stdout
    number = 0
    try:
        for raw in sys.stdin.buffer:
            number += 1
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise fail(
                    f"line {number} of standard input is not UTF-8 ({error.reason}); stopped",
                    Exit.IO_ERROR,
                ) from None
            out.write(judge_riichi_json_line(text, default_ruleset=default_ruleset) + "\n")
    except OSError as error:
        raise fail(f"cannot read standard input: {error}", Exit.IO_ERROR) from None
    out.flush()


def render(hand: RiichiHand, verdict: RiichiVerdict) -> str:
    """The verdict for people (English)."""
    rules = riichi_rules(verdict.ruleset).ruleset
    how = "tsumo" if hand.tsumo else "ron"
    lines = [
        f"{rules.id}: {rules.document}, {rules.edition}",
        f"Hand: {format_hand(hand.tiles)}  ({how}, seat {hand.seat_wind.value}, "
        f"round {hand.prevalent_wind.value})",
        f"Valid win: {'yes' if verdict.valid else 'no'}",
    ]
    if verdict.findings:
        lines.append("Findings:")
        for f in verdict.findings:
            where = f" [{f.clause}]" if f.clause else ""
            input_note = " (input)" if f.kind is FindingKind.INPUT else ""
            lines.append(f"  - {f.code}{where}{input_note}: {f.message.english()}")
    if verdict.yaku:
        lines.append("Yaku:")
        lines.extend(f"  {y.name}: {y.han} han" for y in verdict.yaku)
        parts = ", ".join(f"{p.message.english()} {p.fu}" for p in verdict.fu_parts)
        limit = f", {verdict.limit}" if verdict.limit else ""
        lines.append(
            f"Han {verdict.han}, fu {verdict.fu}{limit}" + (f" ({parts})" if parts else "")
        )
    if verdict.corrections:
        lines.append("Corrections of the mahjong package:")
        for c in verdict.corrections:
            lines.append(f"  - {c.rule} [{c.clause}]: {c.message.english()}")
    if verdict.payments is not None:
        p = verdict.payments
        if not p.tsumo:
            who = f"the discarder pays {p.discarder:,}"
        elif hand.is_dealer:
            who = f"each player pays {p.non_dealer:,}"
        else:
            who = f"the dealer pays {p.dealer:,}, each other player {p.non_dealer:,}"
        lines.append(f"Hand points: {verdict.hand_points:,}")
        lines.append(
            f"Payment: {who} (counters {p.honba:,}); riichi sticks {p.riichi_sticks:,}; "
            f"total {p.total:,}"
        )
    if verdict.chombo is not None:
        lines.append(f"Penalty [{verdict.chombo.clause}]: {verdict.chombo.message.english()}")
    if verdict.dead_hand:
        lines.append(Message("riichi.penalty.dead-hand").english().capitalize())
    if verdict.furiten:
        lines.append("Furiten: yes")
    return "\n".join(lines)

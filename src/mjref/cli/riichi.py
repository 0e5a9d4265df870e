"""``mjref riichi``: judge declared riichi wins under the EMA Riichi Competition Rules."""

from __future__ import annotations

from typing import Annotated

import typer

from mjref.cli import _riichi_messages, io  # noqa: F401  (registers the wording)
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
)
from mjref.i18n import render
from mjref.messages import Message
from mjref.riichi import FindingKind
from mjref.services.riichi import (
    DEFAULT_RULESET,
    RIICHI_SCHEMA,
    RiichiHand,
    RiichiVerdict,
    judge_riichi_hand,
    riichi_hand,
    riichi_ruleset,
)
from mjref.tiles import Wind

app = typer.Typer(
    cls=StrictGroup,
    help="Riichi (EMA Riichi Competition Rules 2016 and 2012).",
    no_args_is_help=True,
)

S = RIICHI_SCHEMA


@app.command("judge", cls=StrictCommand)
def judge_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            help="The hand: melds in [..] (a concealed kong in (..)), concealed tiles, "
            "'+' and the winning tile, e.g. '[PPP]234m567p33s67s+8s'. Not used with --jsonl.",
            show_default=False,
        ),
    ] = None,
    self_drawn: Annotated[bool, fact_option(S, "self_drawn")] = False,
    riichi: Annotated[bool, fact_option(S, "riichi")] = False,
    double_riichi: Annotated[bool, fact_option(S, "double_riichi")] = False,
    ippatsu: Annotated[bool, fact_option(S, "ippatsu")] = False,
    rinshan: Annotated[bool, fact_option(S, "rinshan")] = False,
    chankan: Annotated[bool, fact_option(S, "chankan")] = False,
    haitei: Annotated[bool, fact_option(S, "haitei")] = False,
    houtei: Annotated[bool, fact_option(S, "houtei")] = False,
    tenhou: Annotated[bool, fact_option(S, "tenhou")] = False,
    chiihou: Annotated[bool, fact_option(S, "chiihou")] = False,
    renhou: Annotated[bool, fact_option(S, "renhou")] = False,
    seat_wind: Annotated[Wind, fact_option(S, "seat_wind")] = Wind.EAST,
    prevalent_wind: Annotated[Wind, fact_option(S, "prevalent_wind")] = Wind.EAST,
    dora_indicators: Annotated[Listed, fact_option(S, "dora_indicators")] = NOT_GIVEN,
    ura_indicators: Annotated[Listed, fact_option(S, "ura_indicators")] = NOT_GIVEN,
    red_fives: Annotated[Listed, fact_option(S, "red_fives")] = NOT_GIVEN,
    honba: Annotated[int, fact_option(S, "honba")] = 0,
    riichi_sticks: Annotated[int, fact_option(S, "riichi_sticks")] = 0,
    furiten: Annotated[bool, fact_option(S, "furiten")] = False,
    discards: Annotated[Listed | None, fact_option(S, "discards")] = None,
    ruleset_name: Annotated[
        str,
        typer.Option(
            "--ruleset",
            help="Ruleset: any riichi ruleset 'mjref rules list' shows (rcr-2016 or rcr-2012),"
            " or an alias such as rcr or rcr-a; any case.",
        ),
    ] = DEFAULT_RULESET,
    lang: LangOption = "en",
    as_json: JsonOption = False,
    jsonl: Annotated[
        bool,
        typer.Option(
            "--jsonl",
            help="Bulk mode: one JSON hand per input line on stdin, one verdict per output line "
            "(docs/judge-contract.md); --ruleset is the default per line.",
        ),
    ] = False,
) -> None:
    """Judge a declared riichi win: valid or not, yaku, fu, payments, chombo.

    Exit status: 0 a valid win; 1 judged, not a valid win (chombo, dead hand); 2 bad input
    (also facts no real table can have). With --jsonl: 0, or 3 if a stream cannot be read
    or written.
    """
    lang = language(lang)
    rules = riichi_ruleset(ruleset_name)
    if jsonl:
        if hand is not None:
            raise usage("cli.jsonl-and-hand")
        if as_json:
            raise usage("cli.jsonl-and-json")
        from mjref.wire.jsonl import judge_stream, riichi_family  # only for --jsonl: start-up

        family = riichi_family(rules.spec)
        io.freeze_start_up_heap()
        judge_stream(family, io.stdin(), io.write_raw, language=lang)
        return
    if hand is None:
        raise usage("cli.riichi-hand-missing")
    declared = riichi_hand(
        hand,
        self_drawn=self_drawn,
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
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        dora_indicators=dora_indicators.items,
        ura_indicators=ura_indicators.items,
        red_fives=red_fives.items,
        honba=honba,
        riichi_sticks=riichi_sticks,
        furiten=furiten,
        discards=None if discards is None else discards.items,
    )
    verdict = judge_riichi_hand(declared, rules)
    if verdict.is_input_error:
        problems = "; ".join(
            render(f.message, lang) for f in verdict.findings if f.kind is FindingKind.INPUT
        )
        raise CliError(Message("cli.not-judged", {"problems": problems}))
    if as_json:
        from mjref.wire.riichi import riichi_verdict_json  # only for --json: start-up

        io.write_json(riichi_verdict_json(verdict, lang))
    else:
        io.write(render_verdict(hand, declared, verdict, lang))
    if not verdict.valid:
        raise typer.Exit(int(Exit.NOT_A_WIN))


def render_verdict(
    notation: str, hand: RiichiHand, verdict: RiichiVerdict, lang: str = "en"
) -> str:
    """The verdict for people (yaku by the ``mahjong`` package's names; everything else in
    ``lang``); ``notation`` is the hand as given."""

    def say(key: str, **params: object) -> str:
        return render(Message(f"cli.riichi.{key}", params), lang)

    rules = riichi_ruleset(verdict.ruleset).ruleset
    how = "tsumo" if hand.self_drawn else "ron"
    lines = [
        f"{rules.id}: {rules.document}, {rules.edition}",
        say(
            "hand",
            hand=notation,
            how=how,
            seat=hand.seat_wind.value,
            round=hand.prevalent_wind.value,
        ),
        say("valid-win", answer=Message("cli.riichi.yes" if verdict.valid else "cli.riichi.no")),
    ]
    if verdict.findings:
        lines.append(say("findings"))
        for f in verdict.findings:
            where = f" [{f.clause}]" if f.clause else ""
            lines.append(f"  - {f.code}{where}: {render(f.message, lang)}")
    if verdict.yaku:
        lines.append(say("yaku"))
        lines.extend(f"  {say('yaku-han', name=y.name, han=y.han)}" for y in verdict.yaku)
        parts = ", ".join(f"{render(p.message, lang)} {p.fu}" for p in verdict.fu_parts)
        limit = f", {verdict.limit}" if verdict.limit else ""
        lines.append(
            say("han-fu", han=verdict.han, fu=verdict.fu) + limit + (f" ({parts})" if parts else "")
        )
    if verdict.corrections:
        lines.append(say("corrections"))
        for c in verdict.corrections:
            lines.append(f"  - {c.rule} [{c.clause}]: {render(c.message, lang)}")
    if verdict.payments is not None:
        p = verdict.payments
        if not p.self_drawn:
            who = Message("cli.riichi.pays-discarder", {"points": p.discarder})
        elif hand.is_dealer:
            who = Message("cli.riichi.pays-each", {"points": p.non_dealer})
        else:
            who = Message("cli.riichi.pays-dealer", {"dealer": p.dealer, "others": p.non_dealer})
        lines.append(say("hand-points", points=verdict.hand_points))
        lines.append(say("payment", who=who, honba=p.honba, sticks=p.riichi_sticks, total=p.total))
    if verdict.chombo is not None:
        lines.append(say("penalty", clause=verdict.chombo.clause, penalty=verdict.chombo.message))
    if verdict.dead_hand:
        lines.append(render(Message("riichi.penalty.dead-hand"), lang).capitalize())
    if verdict.furiten:
        lines.append(say("furiten"))
    return "\n".join(lines)

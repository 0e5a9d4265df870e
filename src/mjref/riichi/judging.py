"""The riichi judge: one declared win, judged and scored under an EMA ruleset.

The steps, each reporting every problem it finds:

1. the facts (:mod:`mjref.riichi.checks`): tile counts, fifth copies, impossible flag
   combinations, indicators, red fives; riichi with an open hand (a dead hand);
2. the ``mahjong`` package with the ruleset's options (:mod:`mjref.riichi.library`):
   winning shape, yaku, han, fu;
3. the ruleset's corrections of that result (:mod:`mjref.riichi.corrections`);
4. furiten (:mod:`mjref.riichi.furiten`);
5. payments for a valid win, the chombo penalty for an invalid one.

>>> verdict = judge(RiichiHand.from_notation("234m567p33s67sPPP+8s", seat_wind=Wind.SOUTH))
>>> verdict.valid, [(y.name, y.han) for y in verdict.yaku], verdict.han, verdict.fu
(True, [('Yakuhai (haku)', 1)], 1, 40)
>>> verdict.hand_points, verdict.chombo
(1300, None)
>>> bad = judge(RiichiHand.from_notation("234m567p33s67s149p+8s", seat_wind=Wind.SOUTH))
>>> bad.valid, [f.code for f in bad.findings], bad.chombo.points
(False, ['not-a-winning-shape'], 20000)
"""

from __future__ import annotations

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresResult
from mahjong.hand_calculating.yaku_list import AkaDora, Dora, UraDora

from mjref.messages import Message
from mjref.riichi import library
from mjref.riichi.checks import check_facts, riichi_open_hand
from mjref.riichi.corrections import CorrectionContext, Score, apply_corrections
from mjref.riichi.furiten import furiten_findings
from mjref.riichi.hand import RiichiHand
from mjref.riichi.penalties import chombo_penalty
from mjref.riichi.ruleset import DEFAULT_RULESET, RiichiRules, riichi_rules
from mjref.riichi.verdict import (
    Correction,
    FindingKind,
    FuPart,
    RiichiFinding,
    RiichiPayments,
    RiichiVerdict,
    YakuHan,
    YakuKind,
)
from mjref.rules import Ruleset
from mjref.tiles import Wind, format_hand

_DORA_IDS = frozenset({Dora.yaku_id, AkaDora.yaku_id, UraDora.yaku_id})


def judge(hand: RiichiHand, rules: RiichiRules | Ruleset | str = DEFAULT_RULESET) -> RiichiVerdict:
    """Judge the declared win ``hand`` under ``rules``: a riichi ruleset's name or spec (any
    alias, any case), its registry entry or its :class:`RiichiRules`."""
    rs = riichi_rules(rules)
    findings = list(check_facts(hand, rs))
    dead = riichi_open_hand(hand, rs)
    if dead is not None:
        findings.append(dead)
    if findings:
        # Tiles or facts that cannot be scored: report them and stop here.
        return _verdict(hand, rs, findings, None, (), furiten=hand.furiten)

    encoded = library.encode(hand)
    response = library.estimate(hand, rs, encoded=encoded)
    score = _score_of(response)
    corrections: tuple[Correction, ...] = ()
    cost: ScoresResult | None = None  # the package's payments, while its score stands
    if score is None:
        findings.append(_library_finding(hand, rs, response))
    else:
        ctx = CorrectionContext(
            hand=hand,
            ruleset=rs,
            rescore_without_renhou=lambda: _score_of(
                library.estimate(hand, rs, encoded=encoded, renhou=False)
            ),
            hand_value=lambda s: _hand_value(_scores(hand, rs, s)),
        )
        score, corrections, corrected_findings = apply_corrections(score, ctx)
        findings.extend(corrected_findings)
        if not corrections:
            cost = response.cost
    furiten, furiten_found = furiten_findings(hand, rs)
    findings.extend(furiten_found)
    return _verdict(hand, rs, findings, score, corrections, furiten=furiten, cost=cost)


def _score_of(response: HandResponse) -> Score | None:
    """The package's result as a :class:`Score` (``None`` when it found no win)."""
    if response.error is not None or response.han is None or response.fu is None:
        return None
    yaku: list[YakuHan] = []
    for item in response.yaku or ():
        han = item.han_open if response.is_open_hand and item.han_open else item.han_closed
        if item.is_yakuman:
            kind = YakuKind.YAKUMAN
        elif item.yaku_id in _DORA_IDS:
            kind = YakuKind.DORA
        else:
            kind = YakuKind.YAKU
        yaku.append(YakuHan(item.name, han, kind))
    parts = tuple(FuPart(d["reason"], d["fu"]) for d in response.fu_details or ())
    return Score(tuple(yaku), response.han, response.fu, parts)


def _library_finding(hand: RiichiHand, rs: RiichiRules, response: HandResponse) -> RiichiFinding:
    if response.error == HandCalculator.ERR_NO_YAKU:
        return RiichiFinding(
            "no-yaku",
            FindingKind.NOT_A_WIN,
            Message("riichi.finding.no-yaku"),
            rs.cite("yaku-minimum"),
        )
    if response.error == HandCalculator.ERR_HAND_NOT_WINNING:
        return RiichiFinding(
            "not-a-winning-shape",
            FindingKind.NOT_A_WIN,
            Message("riichi.finding.not-a-winning-shape", {"hand": format_hand(hand.tiles)}),
            rs.cite("mahjong-hand"),
        )
    # Every other refusal of the package is a combination of facts checked before it runs.
    raise RuntimeError(f"the mahjong package refused a checked hand: {response.error}")


def _scores(hand: RiichiHand, rs: RiichiRules, score: Score) -> ScoresResult:
    yakuman = any(y.kind is YakuKind.YAKUMAN for y in score.yaku)
    return library.scores(hand, rs, score.han, score.fu, yakuman=yakuman)


def _hand_value(result: ScoresResult) -> int:
    return result["main"] + 2 * result["additional"]


def _payments(hand: RiichiHand, result: ScoresResult) -> RiichiPayments:
    main = result["main"] + result["main_bonus"]
    each = result["additional"] + result["additional_bonus"]
    honba = result["main_bonus"] + 2 * result["additional_bonus"]
    if not hand.self_drawn:
        discarder, dealer, non_dealer = main, 0, 0
    elif hand.is_dealer:
        discarder, dealer, non_dealer = 0, 0, each
    else:
        discarder, dealer, non_dealer = 0, main, each
    return RiichiPayments(
        self_drawn=hand.self_drawn,
        discarder=discarder,
        dealer=dealer,
        non_dealer=non_dealer,
        honba=honba,
        riichi_sticks=result["kyoutaku_bonus"],
        total=result["total"],
    )


def _verdict(
    hand: RiichiHand,
    rs: RiichiRules,
    findings: list[RiichiFinding],
    score: Score | None,
    corrections: tuple[Correction, ...],
    *,
    furiten: bool,
    cost: ScoresResult | None = None,
) -> RiichiVerdict:
    input_error = any(f.kind is FindingKind.INPUT for f in findings)
    dead_hand = not input_error and any(f.kind is FindingKind.DEAD_HAND for f in findings)
    chombo = None
    if findings and not input_error:
        chombo = chombo_penalty(rs, dealer=hand.seat_wind is Wind.EAST)
    payments = None
    limit = ""
    if score is not None:
        result = cost or _scores(hand, rs, score)
        limit = result["yaku_level"]
        if not findings:
            payments = _payments(hand, result)
    return RiichiVerdict(
        ruleset=rs.id,
        valid=not findings,
        findings=tuple(findings),
        yaku=score.yaku if score else (),
        han=score.han if score else 0,
        fu=score.fu if score else 0,
        fu_parts=score.fu_parts if score else (),
        limit=limit,
        payments=payments,
        corrections=corrections,
        chombo=chombo,
        dead_hand=dead_hand,
        furiten=furiten,
    )

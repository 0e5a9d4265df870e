"""MCR hand by hand for officials: each hand of a table with the payment rules of the
tournament's ruleset (what each player gained or paid), the value typed in points or the
hand typed in the notation and judged under the tournament's convention, with the
judge's fan table shown before recording.

The winds a typed hand is judged with come from the service (the seating and the hand
number, :func:`mjref.services.tournament_results.table_hand_winds`): the page shows them
and sends only an override with its reason; it never works winds out itself."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.scoring import HandOutcome
from mjref.services import catalogue, riichi_hands
from mjref.services import mcr as mcr_service
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.services import tournament_views as views
from mjref.tiles import Wind
from mjref.tournament.events import RiichiHandOutcome
from mjref.web import _riichi_hand_messages  # noqa: F401  (registers the wording)
from mjref.web.context import back, language, now, page, require, web
from mjref.web.public import names, tournament_id
from mjref.wire.mcr import mcr_verdict_json
from mjref.wire.riichi import riichi_verdict_json
from mjref.wire.tournament import SEAT_NAMES

router = APIRouter(include_in_schema=False)
WINDS = {"E": Wind.EAST, "S": Wind.SOUTH, "W": Wind.WEST, "N": Wind.NORTH}


def hand_players(
    outcome: HandOutcome, winner: int | None, discarder: int | None
) -> tuple[PlayerId | None, PlayerId | None]:
    """The winner and the discarder a hand form means for its outcome: a form sends both
    lists whatever the outcome, so a draw has neither and a self-drawn win no discarder."""
    won = None if winner is None or outcome is HandOutcome.DRAW else PlayerId(winner)
    paid = PlayerId(discarder) if discarder is not None and outcome is HandOutcome.DISCARD else None
    return won, paid


def _show(request: Request, tid: str, session: int, table: int, **extra: Any) -> HTMLResponse:
    log = web(request).log
    view = views.table_view(log, tid, session, table)
    seats = view.seats
    hands = [(h.event, [h.paid.get(s.playing, 0) for s in seats]) for h in view.hands]
    form = extra.pop("form", {})
    hand = form.get("hand") or len(hands) + 1
    try:
        winds = tr.table_hand_winds(log, tid, session=session, table=table, hand=hand)
    except InputError:
        winds = None  # after the 16th hand: the winds are given with a reason
    return page(
        request,
        "hands.html",
        info=ts.show_tournament(log, tid),
        session=session,
        table=table,
        seats=seats,
        winds=SEAT_NAMES,
        who=names(request, tid),
        hands=hands,
        next_hand=len(hands) + 1,
        hand_winds=winds,
        winds_hand=hand,
        form=form,
        verdict=extra.pop("verdict", None),
        **extra,
    )


@router.get("/t/{tid}/admin/hands", response_class=HTMLResponse)
def hands_page(request: Request, tid: str, session: int = 1, table: int = 1) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid)
    return _show(request, tid, session, table)


@router.post("/t/{tid}/admin/hands", response_class=HTMLResponse)
def record_hand(
    request: Request,
    tid: str,
    session: Annotated[int, Form(ge=1, le=100)],
    table: Annotated[int, Form(ge=1, le=250)],
    hand: Annotated[int, Form(ge=1, le=64)],
    outcome: Annotated[HandOutcome, Form()],
    winner: Annotated[int | None, Form(ge=1, le=1000)] = None,
    discarder: Annotated[int | None, Form(ge=1, le=1000)] = None,
    points: Annotated[int | None, Form(ge=8, le=10000)] = None,
    notation: Annotated[str, Form(max_length=200)] = "",
    flowers: Annotated[int, Form(ge=0, le=8)] = 0,
    seat: Annotated[str, Form(max_length=1)] = "",
    prevalent: Annotated[str, Form(max_length=1)] = "",
    winds_reason: Annotated[str, Form(max_length=200)] = "",
    false_hu: Annotated[list[str], Form(max_length=catalogue.MAX_FALSE_HUS)] = [],  # noqa: B006
    action: Annotated[str, Form(max_length=10)] = "record",
) -> Response:
    """Judge the typed hand (nothing recorded) or record the hand; ``seat`` and
    ``prevalent`` (blank: the winds that follow from the seating and the hand number)
    replace the derived winds only with ``winds_reason``."""
    tid = tournament_id(tid)
    who = require(request, tid)
    log = web(request).log
    form = {
        "hand": hand,
        "outcome": outcome.value,
        "winner": winner,
        "discarder": discarder,
        "points": points or "",
        "notation": notation,
        "flowers": flowers,
        "seat": seat,
        "prevalent": prevalent,
        "winds_reason": winds_reason,
        "false_hu": false_hu,
    }
    false_hus = [catalogue.parse_false_hu(text[:40]) for text in false_hu if text.strip()]
    seat_wind, prevalent_wind = WINDS.get(seat), WINDS.get(prevalent)
    declared = None
    if outcome is not HandOutcome.DRAW and notation.strip():
        declared = mcr_service.mcr_hand(
            notation.strip(), self_drawn=outcome is HandOutcome.SELF_DRAWN, flowers=flowers
        )
    if action == "judge" and declared is not None:
        judged, verdict = tr.judge_table_hand(
            log,
            tid,
            declared,
            session=session,
            table=table,
            hand=hand,
            player=None if winner is None else PlayerId(winner),
            seat_wind=seat_wind,
            prevalent_wind=prevalent_wind,
            winds_reason=winds_reason,
        )
        return _show(
            request,
            tid,
            session,
            table,
            form=form,
            verdict=mcr_verdict_json(verdict, language(request)),
            judged=judged,
        )
    won, paid = hand_players(outcome, winner, discarder)
    tr.record_hand(
        log,
        tid,
        session=session,
        table=table,
        hand=hand,
        outcome=outcome,
        winner=won,
        discarder=paid,
        points=None if declared is not None or outcome is HandOutcome.DRAW else points,
        flowers=flowers if declared is None else 0,
        declared=declared,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        winds_reason=winds_reason,
        false_hus=false_hus,
        actor=who.name,
        now=now(),
    )
    return back(f"/t/{tid}/admin/hands?session={session}&table={table}")


# -- riichi hand by hand -----------------------------------------------------------------


def riichi_table(request: Request, tid: str, found: riichi_hands.TableHands) -> dict[str, Any]:
    """What ``_riichi_hands_table.html`` and ``_riichi_hand_fields.html`` show of a riichi
    table's hands (the organiser's page and the table scorer's)."""
    final = found.game.final
    rows = [
        (event, result.before, result.changes, result.after.scores) for event, result in found.hands
    ]
    who = names(request, tid)
    return {
        "seats": found.seats,
        "who": who,
        "rows": rows,
        "final": final,
        "dealer": found.seats[final.dealer],
        "next_hand": len(rows) + 1,
        "outcomes": [o.value for o in RiichiHandOutcome],
        "unconfirmed": found.unconfirmed,
        "entered_by": found.entered_by,
        "entered_names": ", ".join(who.get(p, str(p)) for p in found.entered_by),
    }


def _riichi_show(
    request: Request, tid: str, session: int, table: int, **extra: Any
) -> HTMLResponse:
    log = web(request).log
    found = riichi_hands.table_hands(log, tid, session=session, table=table)
    if found is None:  # an MCR tournament: its hands are entered on the MCR page
        return page(
            request,
            "riichi_hands.html",
            info=ts.show_tournament(log, tid),
            session=session,
            table=table,
            other_family=True,
        )
    return page(
        request,
        "riichi_hands.html",
        info=ts.show_tournament(log, tid),
        session=session,
        table=table,
        form=extra.pop("form", {}),
        verdict=extra.pop("verdict", None),
        **riichi_table(request, tid, found),
    )


@router.get("/t/{tid}/admin/riichi-hands", response_class=HTMLResponse)
def riichi_hands_page(request: Request, tid: str, session: int = 1, table: int = 1) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid)
    return _riichi_show(request, tid, session, table)


@router.post("/t/{tid}/admin/riichi-hands", response_class=HTMLResponse)
def record_riichi_hand(
    request: Request,
    tid: str,
    session: Annotated[int, Form(ge=1, le=100)],
    table: Annotated[int, Form(ge=1, le=250)],
    hand: Annotated[int, Form(ge=1, le=64)],
    outcome: Annotated[str, Form(max_length=10)],
    win: Annotated[list[str], Form(max_length=3)] = [],  # noqa: B006
    discarder: Annotated[int | None, Form(ge=1, le=1000)] = None,
    riichi: Annotated[list[int], Form(max_length=4)] = [],  # noqa: B006
    tenpai: Annotated[list[int], Form(max_length=4)] = [],  # noqa: B006
    offender: Annotated[int | None, Form(ge=1, le=1000)] = None,
    dora: Annotated[str, Form(max_length=40)] = "",
    ura: Annotated[str, Form(max_length=40)] = "",
    action: Annotated[str, Form(max_length=10)] = "record",
) -> Response:
    """Record the next riichi hand of the table (the game flow checks it), or, with
    ``action=judge``, judge the first winner given as tiles and show its yaku table
    (nothing recorded)."""
    tid = tournament_id(tid)
    who = require(request, tid)
    wins = tuple(w.strip()[:300] for w in win if w.strip())
    ron = outcome.strip().lower() == RiichiHandOutcome.RON.value
    if action == "judge":
        form = {"hand": hand, "outcome": outcome, "win": wins, "dora": dora, "ura": ura}
        tiles = [e for e in (catalogue.parse_win(w) for w in wins) if e.tiles]
        if not tiles:
            raise InputError.of("tournament.riichi-hand.judge-needs-tiles", "win")
        verdict = riichi_hands.judge_win(
            web(request).log,
            tid,
            replace(tiles[0], dora=dora, ura=ura),
            session=session,
            table=table,
            hand=hand,
            self_drawn=outcome.strip().lower() == RiichiHandOutcome.TSUMO.value,
            riichi=[PlayerId(p) for p in riichi],
        )
        shown = riichi_verdict_json(verdict, language(request))
        return _riichi_show(request, tid, session, table, form=form, verdict=shown)
    command = catalogue.RecordRiichiHand(
        session=session,
        table=table,
        hand=hand,
        outcome=outcome,
        win=wins,
        discarder=discarder if ron else None,
        riichi=tuple(riichi),
        tenpai=tuple(tenpai) if outcome == RiichiHandOutcome.DRAW.value else (),
        offender=offender if outcome == RiichiHandOutcome.CHOMBO.value else None,
        dora=dora,
        ura=ura,
    )
    catalogue.riichi_hand(command, web(request).log, tid, actor=who.name, now=now())
    return back(f"/t/{tid}/admin/riichi-hands?session={session}&table={table}")


@router.post("/t/{tid}/admin/riichi-hands/confirm")
def confirm_riichi_hands(
    request: Request,
    tid: str,
    session: Annotated[int, Form(ge=1, le=100)],
    table: Annotated[int, Form(ge=1, le=250)],
    hands: Annotated[int, Form(ge=1, le=64)],
) -> Response:
    """Confirm, as an official, a table's hands entered by one of its players (the number
    of hands the page showed: a table that has another number since is refused)."""
    tid = tournament_id(tid)
    who = require(request, tid)
    command = catalogue.ConfirmRiichiHands(session, table, hands)
    entry = catalogue.ENTRIES["riichi-hands-confirm"]
    catalogue.run(entry, web(request).log, tid, command, actor=who.name, now=now())
    return back(f"/t/{tid}/admin/riichi-hands?session={session}&table={table}")

"""The referee's pages: results awaiting confirmation (confirm or reject, never edit),
the assistant (choose the incident, give its facts in its own form - a control per fact,
:mod:`mjref.web.incident_form` - see the ruling with its clauses in the visitor's
language, then record it against a player with the ladder counted from the log; a false
hu's hand is judged), the ladder with each step's foul, appeals and voids chosen among
described entries, and corrections."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, Response

from mjref.errors import InputError
from mjref.i18n import render
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.rules.model import Family
from mjref.scoring import HandOutcome
from mjref.services import incident_forms
from mjref.services import mcr as mcr_service
from mjref.services import rulings as rs
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.services import tournament_review as review
from mjref.services import tournament_views as views
from mjref.services.incident_forms import facts_from_form
from mjref.tournament.events import HandRecorded, RulingRecorded, Scope, SubstitutionReason
from mjref.web import incident_form
from mjref.web.context import (
    RefusedError,
    back,
    language,
    now,
    optional_number,
    page,
    require,
    web,
)
from mjref.web.hands import hand_players
from mjref.web.public import names, tournament_id
from mjref.wire.rulings import ruling_json
from mjref.wire.tournament import SEAT_NAMES

router = APIRouter(include_in_schema=False)
MAX_FACT_LINES = 30


def _base(tid: str) -> str:
    return f"/t/{tid}/referee"


def _show(request: Request, tid: str, status: int = 200, **extra: Any) -> HTMLResponse:
    log = web(request).log
    info = ts.show_tournament(log, tid)
    ladder = ts.foul_ladder(log, tid)
    lang = language(request)
    in_force = [r for r in ts.read_log(log, tid, kinds=("ruling-recorded",)) if r.in_force]
    who = names(request, tid)
    incident = extra.pop("incident", "")
    known = rs.list_incidents(info.family)
    if incident not in {i.name for i in known}:
        incident = ""
    sent = extra.pop("sent", None)
    errors = extra.pop("errors", {})
    facts = (
        incident_form.fields(
            incident,
            family=info.family,
            sent=sent,
            errors=errors,
            lang=lang,
        )
        if incident
        else ()
    )
    return page(
        request,
        "referee.html",
        status=status,
        info=info,
        attention=review.attention(log, tid),
        who=who,
        incidents=sorted(
            ((i.name, render(i.title, lang)) for i in known), key=lambda pair: pair[1].casefold()
        ),
        incident=incident,
        summary=render(Message(f"rulings.incident.{incident}.summary"), lang) if incident else "",
        facts=facts,
        form_error=errors.get("", ""),
        ladder=ladder,
        fouls={r.seq: _incident_title(r.event, lang) for r in in_force},
        in_force=in_force,
        rulings=[(r.seq, _describe_ruling(r, who, lang)) for r in in_force],
        voidable=_voidable(request, tid, in_force, who, lang),
        players=ts.list_players(log, tid),
        sessions=range(1, info.sessions + 1),
        last_session=views.last_published(log, tid) or 1,
        form=extra.pop("form", {}),
        **extra,
    )


def _incident_title(event: object, lang: str) -> str:
    name = event.ruling.incident if isinstance(event, RulingRecorded) else ""
    return render(Message(f"rulings.incident.{name}"), lang) if name else ""


def _describe_ruling(entry: ts.LogEntry, who: dict[PlayerId, str], lang: str) -> str:
    event = entry.event
    assert isinstance(event, RulingRecorded)
    return render(
        Message(
            "web.entry.ruling",
            {
                "seq": entry.seq,
                "incident": Message(f"rulings.incident.{event.ruling.incident}"),
                "player": who.get(event.player, str(event.player)),
                "session": event.session,
            },
        ),
        lang,
    )


def _voidable(
    request: Request, tid: str, in_force: list[ts.LogEntry], who: dict[PlayerId, str], lang: str
) -> list[tuple[int, str]]:
    """Every entry the referee may void, described: rulings, results and hands in force."""
    found = [(r.seq, _describe_ruling(r, who, lang)) for r in in_force]
    for r in tr.replaceable(web(request).log, tid):
        event = r.event
        if isinstance(event, HandRecorded):
            what = Message(
                "web.entries.hand",
                {
                    "hand": event.hand,
                    "outcome": Message(f"web.hands.{event.outcome.value}"),
                    "winner": who.get(event.winner, "-") if event.winner else "-",
                    "points": event.points,
                },
            )
        else:
            scores = ", ".join(str(s) for s in getattr(event, "scores", ()))
            what = Message("web.entries.result", {"scores": scores})
        description = Message(
            "web.entry.result",
            {"seq": r.seq, "session": event.session, "table": event.table, "what": what},
        )
        found.append((r.seq, render(description, lang)))
    return sorted(found)


@router.get("/t/{tid}/referee", response_class=HTMLResponse)
def assistant(request: Request, tid: str, incident: str = "") -> HTMLResponse:
    """The referee's page; with ``incident``, that incident's form (its facts' controls)."""
    tid = tournament_id(tid)
    require(request, tid)
    return _show(request, tid, ruling=None, incident=incident[:60])


@router.post("/t/{tid}/referee/confirm/{seq}")
def confirm(request: Request, tid: str, seq: int) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    review.confirm_result(web(request).log, tid, proposal=seq, actor=who.name, now=now())
    return back(_base(tid))


@router.post("/t/{tid}/referee/reject/{seq}")
def reject(
    request: Request, tid: str, seq: int, reason: Annotated[str, Form(max_length=300)]
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    review.reject_result(
        web(request).log, tid, proposal=seq, reason=reason, actor=who.name, now=now()
    )
    return back(_base(tid))


def _facts(incident: str, text: str, sent: incident_form.Sent, family: Family) -> dict[str, object]:
    """The facts from the incident's form; ``text`` (``NAME=VALUE`` lines, as the command
    line's ``--fact``) is still read when a client sends it instead of the form's fields."""
    if text.strip():
        lines = [line.strip() for line in text.splitlines() if line.strip()][:MAX_FACT_LINES]
        return rs.facts_from_text(incident, lines)
    return facts_from_form(incident, sent, family=family)


@router.post("/t/{tid}/referee/rule", response_class=HTMLResponse)
def rule(
    request: Request,
    tid: str,
    incident: Annotated[str, Form(max_length=60)],
    player: Annotated[int, Form(ge=1, le=1000)],
    session: Annotated[int, Form(ge=1, le=100)],
    sent: Annotated[dict[str, list[str]], Depends(incident_form.sent_form)],
    facts: Annotated[str, Form(max_length=4000)] = "",
    table: Annotated[int | None, Form(ge=1, le=250)] = None,
    hand: Annotated[int | None, Form(ge=1, le=64)] = None,
    game: Annotated[int, Form(ge=1, le=100)] = 1,
    points: Annotated[int | None, Form(ge=0, le=100_000)] = None,
    action: Annotated[str, Form(max_length=10)] = "preview",
    previewed: Annotated[str, Form(max_length=64)] = "",
) -> Response:
    """Show the ruling (nothing recorded), then record it against the player: a record
    made from the page is made only of the ruling shown (the form's fingerprint is the
    preview's), else the ruling is shown again. A mistake answers with the same form,
    what was typed kept and the message next to its field. A false hu recorded with its
    table and hand pays in that hand."""
    tid = tournament_id(tid)
    who = require(request, tid)
    log = web(request).log
    lang = language(request)
    form = {
        "incident": incident,
        "player": player,
        "session": session,
        "table": table or "",
        "hand": hand or "",
        "game": game,
        "points": "" if points is None else points,
    }
    info = ts.show_tournament(log, tid)
    names_ = [c.name for c in incident_forms.incident_form(incident)] if _known(incident) else []
    try:
        given = _facts(incident, facts, sent, info.family)
        shown = incident_form.fingerprint({**form, "facts": given})
        if action == "record" and previewed in ("", shown):
            entry = tr.record_ruling(
                log,
                tid,
                player=PlayerId(player),
                session=session,
                incident=incident,
                facts=given,
                table=table,
                hand=hand,
                game=game,
                discretion=points,
                actor=who.name,
                now=now(),
            )
            return _show(
                request,
                tid,
                ruling=ruling_json(entry.ruling, lang),
                recorded=entry.recorded,
                form=form,
                incident=incident,
                sent=sent,
            )
        found = tr.preview_ruling(
            log,
            tid,
            incident,
            given,
            player=PlayerId(player),
            session=session,
            game=game,
            table=table,
            hand=hand,
        )
    except InputError as error:
        return _show(
            request,
            tid,
            status=400,
            ruling=None,
            form=form,
            incident=incident,
            sent=sent,
            errors=incident_form.errors_of(error, names_, lang),
        )
    return _show(
        request,
        tid,
        ruling=ruling_json(found, lang),
        recorded=(),
        form=form,
        incident=incident,
        sent=sent,
        previewed=shown,
        changed=action == "record",
    )


def _known(incident: str) -> bool:
    return incident in {i.name for i in rs.list_incidents()}


@router.post("/t/{tid}/referee/late", response_class=HTMLResponse)
def late(
    request: Request,
    tid: str,
    player: Annotated[int, Form(ge=1, le=1000)],
    session: Annotated[int, Form(ge=1, le=100)],
    minutes: Annotated[int, Form(ge=1, le=1440)],
    substitute: Annotated[str, Form(max_length=10)] = "",
) -> Response:
    """A player arrives late: the ruleset's lateness ruling, recorded (beyond the limit
    with the substitute who plays instead), shown with its clauses."""
    tid = tournament_id(tid)
    who = require(request, tid)
    number = optional_number(substitute, "substitute")
    entry = tr.record_lateness(
        web(request).log,
        tid,
        player=PlayerId(player),
        session=session,
        minutes=minutes,
        substitute=None if number is None else PlayerId(number),
        actor=who.name,
        now=now(),
    )
    lang = language(request)
    return _show(
        request, tid, ruling=ruling_json(entry.ruling, lang), recorded=entry.recorded, form={}
    )


@router.post("/t/{tid}/referee/appeal/{seq}")
def decide_appeal(
    request: Request,
    tid: str,
    seq: int,
    upheld: Annotated[bool, Form()] = False,
    note: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    tr.decide_appeal(
        web(request).log, tid, appeal=seq, upheld=upheld, note=note, actor=who.name, now=now()
    )
    return back(_base(tid))


@router.post("/t/{tid}/referee/appeal")
def file_appeal(
    request: Request,
    tid: str,
    ruling: Annotated[int, Form(ge=1)],
    player: Annotated[int, Form(ge=1, le=1000)],
    note: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    tr.file_appeal(
        web(request).log,
        tid,
        ruling=ruling,
        player=PlayerId(player),
        note=note,
        actor=who.name,
        now=now(),
    )
    return back(_base(tid))


@router.post("/t/{tid}/referee/void")
def void(
    request: Request,
    tid: str,
    target: Annotated[int, Form(ge=1)],
    reason: Annotated[str, Form(max_length=300)],
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    tr.correct(web(request).log, tid, target=target, reason=reason, actor=who.name, now=now())
    return back(_base(tid))


@router.post("/t/{tid}/referee/substitute")
def substitute(
    request: Request,
    tid: str,
    session: Annotated[int, Form(ge=1, le=100)],
    player: Annotated[int, Form(ge=1, le=1000)],
    substitute: Annotated[int, Form(ge=1, le=1000)],
    why: Annotated[SubstitutionReason, Form()],
    during_play: Annotated[bool, Form()] = False,
) -> Response:
    """A substitute takes a player's seat for a session (``mjref substitute``)."""
    tid = tournament_id(tid)
    who = require(request, tid)
    tr.substitute(
        web(request).log,
        tid,
        session=session,
        player=PlayerId(player),
        substitute=PlayerId(substitute),
        reason=why,
        during_play=during_play,
        actor=who.name,
        now=now(),
    )
    return back(f"{_base(tid)}#substitute")


@router.post("/t/{tid}/referee/disqualify")
def disqualify(
    request: Request,
    tid: str,
    player: Annotated[int, Form(ge=1, le=1000)],
    session: Annotated[int, Form(ge=1, le=100)],
    scope: Annotated[Scope, Form()],
    substitute: Annotated[int | None, Form(ge=1, le=1000)] = None,
    before_play: Annotated[bool, Form()] = False,
    note: Annotated[str, Form(max_length=300)] = "",
    confirm: Annotated[bool, Form()] = False,
) -> Response:
    """Disqualify a player by the referee's decision (``mjref disqualify --scope``), with
    an optional substitute for the session; the form's confirmation box must be ticked."""
    tid = tournament_id(tid)
    who = require(request, tid)
    if not confirm:
        raise RefusedError(400, "web.error.disqualify-unchecked", player=player)
    tr.disqualify(
        web(request).log,
        tid,
        player=PlayerId(player),
        session=session,
        scope=scope,
        substitute=None if substitute is None else PlayerId(substitute),
        during_play=not before_play,
        note=note,
        actor=who.name,
        now=now(),
    )
    return back(f"{_base(tid)}#disqualify")


@router.get("/t/{tid}/referee/entries", response_class=HTMLResponse)
def entries(request: Request, tid: str, entry: int | None = None) -> HTMLResponse:
    """The results and hands in force, described, each to replace or void; with
    ``entry``, the form that replaces that one (filled in with what it says now)."""
    tid = tournament_id(tid)
    require(request, tid)
    log = web(request).log
    found = tr.replaceable(log, tid)
    chosen = None
    seats: tuple[object, ...] = ()
    if entry is not None:
        chosen = next((r for r in found if r.seq == entry), None)
        if chosen is None:
            raise RefusedError(404, "web.error.not-replaceable", seq=entry)
        seats = views.table_view(log, tid, chosen.event.session, chosen.event.table).seats
    return page(
        request,
        "entries.html",
        info=ts.show_tournament(log, tid),
        entries=found,
        chosen=chosen,
        is_hand=chosen is not None and isinstance(chosen.event, HandRecorded),
        seats=seats,
        winds=SEAT_NAMES,
        who=names(request, tid),
    )


@router.post("/t/{tid}/referee/replace/result")
def replace_result(
    request: Request,
    tid: str,
    target: Annotated[int, Form(ge=1)],
    session: Annotated[int, Form(ge=1, le=100)],
    table: Annotated[int, Form(ge=1, le=250)],
    east: Annotated[int, Form(ge=-(10**7), le=10**7)],
    south: Annotated[int, Form(ge=-(10**7), le=10**7)],
    west: Annotated[int, Form(ge=-(10**7), le=10**7)],
    north: Annotated[int, Form(ge=-(10**7), le=10**7)],
    reason: Annotated[str, Form(max_length=300)],
    sticks: Annotated[int, Form(ge=0, le=100)] = 0,
) -> Response:
    """Replace a table's result (``mjref result --correct POSITION --reason TEXT``)."""
    tid = tournament_id(tid)
    who = require(request, tid)
    log = web(request).log
    scores = [east, south, west, north]
    tr.record_result(
        log,
        tid,
        session=session,
        table=table,
        scores=scores,
        sticks=sticks,
        correcting=target,
        reason=reason,
        actor=who.name,
        now=now(),
    )
    return back(f"{_base(tid)}/entries")


def _false_hu(text: str) -> tr.FalseHuEntry:
    """A false hu kept from the hand replaced, as the form sends it: ``PLAYER:AMOUNT``."""
    player, _, amount = text.partition(":")
    if not (player.isdigit() and amount.isdigit() and len(player) <= 4 and len(amount) <= 3):
        raise RefusedError(422, "web.error.bad-form", problems=f"false_hu: {text[:20]}")
    return tr.FalseHuEntry(PlayerId(int(player)), per_opponent=int(amount))


@router.post("/t/{tid}/referee/replace/hand")
def replace_hand(
    request: Request,
    tid: str,
    target: Annotated[int, Form(ge=1)],
    session: Annotated[int, Form(ge=1, le=100)],
    table: Annotated[int, Form(ge=1, le=250)],
    hand: Annotated[int, Form(ge=1, le=64)],
    outcome: Annotated[HandOutcome, Form()],
    reason: Annotated[str, Form(max_length=300)],
    winner: Annotated[int | None, Form(ge=1, le=1000)] = None,
    discarder: Annotated[int | None, Form(ge=1, le=1000)] = None,
    points: Annotated[int | None, Form(ge=0, le=10000)] = None,
    flowers: Annotated[int, Form(ge=0, le=8)] = 0,
    notation: Annotated[str, Form(max_length=200)] = "",
    false_hu: Annotated[list[str] | None, Form(max_length=3)] = None,
) -> Response:
    """Replace an MCR hand (``mjref hand --correct POSITION --reason TEXT``): how it
    ended, the winner and the discarder, the points or the hand in notation (judged as a
    hand entered there: the winds of that hand from the seating; not both); the false
    hus ticked are kept."""
    tid = tournament_id(tid)
    who = require(request, tid)
    won, paid = hand_players(outcome, winner, discarder)
    declared = None
    if outcome is not HandOutcome.DRAW and notation.strip():
        declared = mcr_service.mcr_hand(
            notation.strip(), self_drawn=outcome is HandOutcome.SELF_DRAWN, flowers=flowers
        )
    tr.record_hand(
        web(request).log,
        tid,
        session=session,
        table=table,
        hand=hand,
        outcome=outcome,
        winner=won,
        discarder=paid,
        points=None if outcome is HandOutcome.DRAW else points,
        flowers=flowers if declared is None else 0,
        declared=declared,
        false_hus=[_false_hu(text[:20]) for text in false_hu or ()],
        correcting=target,
        reason=reason,
        actor=who.name,
        now=now(),
    )
    return back(f"{_base(tid)}/entries")

"""The EMA page of a tournament (``/t/{tid}/admin/ema``): the MERS weight as the log
stands and how it was reached, the EMA details (organiser), the named readings of the
weight and the ranking preview (official), the EMA player list's import (organiser), the
warnings about the players' EMA numbers, each to accept (official), the organiser's
checklist and the observer report to print; and its JSON at
``/api/tournaments/{tid}/ema`` (``docs/ema.md``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Header, Request
from fastapi.responses import HTMLResponse, Response

from mjref.i18n import render
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services import ema as service
from mjref.services import tournament as ts
from mjref.store.ema_list import SqlEmaList
from mjref.web import _ema_messages  # noqa: F401  (registers the wording)
from mjref.web.api import _bearer
from mjref.web.context import RefusedError, back, language, now, page, require, web
from mjref.web.public import tournament_id
from mjref.wire import ema as wire

router = APIRouter(include_in_schema=False)
api_router = APIRouter(prefix="/api", tags=["api"])
MAX_LIST = 10_000_000
"""The largest EMA player list taken from the form (characters)."""


def _store(request: Request) -> SqlEmaList:
    return SqlEmaList(web(request).log.engine)


def _page(request: Request, tid: str, listed: service.ListImport | None) -> HTMLResponse:
    log = web(request).log
    lang = language(request)

    def tm(message: Message) -> str:
        return render(message, lang)

    return page(
        request,
        "ema.html",
        info=ts.show_tournament(log, tid),
        weight=service.weight_of(log, tid),
        report=service.number_warnings(log, tid, _store(request)),
        listed=listed,
        tm=tm,
        ema=weight_lines(request, tid),
        readings=reading_form(request, tid),
    )


@router.get("/t/{tid}/admin/ema", response_class=HTMLResponse)
def ema_page(request: Request, tid: str) -> HTMLResponse:
    tid = tournament_id(tid)
    require(request, tid)
    return _page(request, tid, None)


@router.post("/t/{tid}/admin/ema/details")
def set_details(
    request: Request,
    tid: str,
    days: Annotated[int, Form(ge=1, le=3)],
    host_country: Annotated[str, Form(max_length=10)],
    qualifying: Annotated[bool, Form()] = False,
    reading: Annotated[str, Form(max_length=40)] = "countries-current",
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    service.set_ema_details(
        web(request).log,
        tid,
        days=days,
        qualifying=qualifying,
        host_country=host_country,
        reading=reading,
        actor=who.name,
        now=now(),
    )
    return back(f"/t/{tid}/admin/ema")


@router.post("/t/{tid}/admin/ema/readings")
def set_readings(
    request: Request,
    tid: str,
    countries: Annotated[str | None, Form(max_length=40)] = None,
    base_rank: Annotated[str | None, Form(max_length=40)] = None,
    age: Annotated[str | None, Form(max_length=40)] = None,
    age_date: Annotated[str | None, Form(max_length=40)] = None,
    tie: Annotated[str | None, Form(max_length=40)] = None,
    world_championships: Annotated[bool | None, Form()] = None,
) -> Response:
    """Change the named readings of the weight and the ranking preview (an official's)."""
    tid = tournament_id(tid)
    who = require(request, tid)
    service.set_ema_readings(
        web(request).log,
        tid,
        countries=countries,
        base_rank=base_rank,
        age=age,
        age_date=age_date,
        tie=tie,
        world_championships=world_championships,
        actor=who.name,
        now=now(),
    )
    return back(f"/t/{tid}/admin/ema")


def reading_form(request: Request, tid: str) -> dict[str, Any]:
    """The readings' form: each kind (its field and label) with its choices (value, what
    it does, chosen), all in the visitor's language, and who set them last and when."""
    from mjref.web.moments import format_moment

    lang = language(request)
    found = service.ema_readings(web(request).log, tid)
    names = service.reading_names(found)
    kinds = []
    for field, choices in service.READING_CHOICES:
        options = []
        for name in choices:
            value = name
            if field == "world_championships":
                value = "true" if name == service.WORLD_CHAMPIONSHIPS[True] else "false"
            described = render(Message(f"ema.reading.{name}", {}), lang)
            options.append((value, name, described, names[field] == name))
        kinds.append((field, render(Message(f"ema.reading-kind.{field}", {}), lang), options))
    when = None if found.set_at is None else format_moment(found.at, lang)
    return {"kinds": kinds, "set_by": found.actor, "set_when": when}


@router.post("/t/{tid}/admin/ema/accept")
def accept(
    request: Request,
    tid: str,
    player: Annotated[int, Form(ge=1, le=1000)],
    warning: Annotated[str, Form(max_length=20)],
    note: Annotated[str, Form(max_length=300)] = "",
) -> Response:
    tid = tournament_id(tid)
    who = require(request, tid)
    service.accept_warning(
        web(request).log, tid, PlayerId(player), warning, note=note, actor=who.name, now=now()
    )
    return back(f"/t/{tid}/admin/ema")


@router.post("/t/{tid}/admin/ema/list", response_class=HTMLResponse)
def import_list(
    request: Request,
    tid: str,
    text: Annotated[str, Form(max_length=MAX_LIST)],
    skip_bad: Annotated[bool, Form()] = False,
) -> HTMLResponse:
    """Replace the installation's EMA player list (an organiser's)."""
    tid = tournament_id(tid)
    who = require(request, tid, organiser=True)
    if not text.strip():
        raise RefusedError(422, "web.error.bad-form", problems="text")
    listed = service.import_ema_list(
        _store(request), text, source="web", skip_bad=skip_bad, actor=who.name, now=now()
    )
    return _page(request, tid, listed)


@router.get("/t/{tid}/admin/ema/observer", response_class=HTMLResponse)
def observer(request: Request, tid: str) -> HTMLResponse:
    """The observer report's fields filled from the log, as a page to print."""
    tid = tournament_id(tid)
    require(request, tid)
    log = web(request).log
    lang = language(request)
    report = service.observer_report(log, tid, web(request).accounts)
    return page(
        request,
        "observer.html",
        info=ts.show_tournament(log, tid),
        report=report,
        shown=wire.observer_json(report, lang),
        weight_lines=tuple(render(p.why, lang) for p in report.weight.weight.parts),
    )


@api_router.get("/tournaments/{tid}/ema")
def ema_json(
    request: Request, tid: str, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """The MERS weight as the log stands and how it was reached; with the bearer token of
    an account of the tournament, the warnings about the players' EMA numbers too."""
    tid = tournament_id(tid)
    log = web(request).log
    lang = language(request)
    found: dict[str, Any] = {"weight": wire.weight_json(service.weight_of(log, tid), lang)}
    if authorization:
        _bearer(request, tid, authorization)
        found["numbers"] = wire.warnings_json(
            service.number_warnings(log, tid, _store(request)), lang
        )
        found["checklist"] = wire.checklist_json(
            service.checklist_of(log, tid, web(request).accounts), lang
        )
        found["observer"] = wire.observer_json(
            service.observer_report(log, tid, web(request).accounts), lang
        )
    return found


def weight_lines(
    request: Request, tid: str
) -> tuple[str, tuple[str, ...], tuple[tuple[str, str, str, str, str], ...]]:
    """The MERS weight, how it was reached and the organiser's checklist (status, its
    words, item, what was found, source), rendered for the dashboard and the EMA page."""
    lang = language(request)
    log = web(request).log
    report = service.weight_of(log, tid)
    lines = tuple(render(p.why, lang) for p in report.weight.parts) + tuple(
        render(n, lang) for n in report.notes
    )
    checks = tuple(
        (
            i.status.value,
            render(Message(f"ema.status.{i.status.value}", {}), lang),
            i.name,
            render(i.why, lang),
            render(i.source, lang),
        )
        for i in service.checklist_of(log, tid, web(request).accounts)
    )
    return str(report.weight.total), lines, checks


@api_router.get("/tournaments/{tid}/players/{number}/ema")
def player_rating(
    request: Request,
    tid: str,
    number: int,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """A player's EMA rating now (from the imported ranking data) and with this event's
    result as it stands, in the tournament's family, with the readings applied. While the
    standings are hidden, the public gets no place and no rating with this event
    (``hidden_from``); an official's token sees them."""
    from mjref.web import finals

    tid = tournament_id(tid)
    if not 1 <= number <= 1000:
        raise RefusedError(404, "web.error.not-found")
    preview = service.ranking_preview(
        web(request).log, tid, _store(request), PlayerId(number), now=now()
    )
    found = wire.preview_json(preview)
    seen = finals.api_visibility(request, tid, authorization)
    if seen["hidden"] is not None:
        return {**found, "event": None, "with_event": None, "hidden_from": seen["hidden"]}
    return found


def rating_lines(request: Request, tid: str, number: int) -> tuple[str, ...]:
    """The player's rating now and with this event, rendered for the player's page (empty
    when the player has no EMA number and no place)."""
    lang = language(request)
    preview = service.ranking_preview(
        web(request).log, tid, _store(request), PlayerId(number), now=now()
    )
    shown = wire.preview_json(preview)
    now_ = shown["now"]
    assert isinstance(now_, dict)
    lines = [
        render(
            Message(
                "ema.rating-now",
                {
                    "family": preview.family_name,
                    "rating": now_["rating"] or "-",
                    "results": now_["results"],
                    "day": preview.reckoning,
                },
            ),
            lang,
        )
    ]
    after = shown["with_event"]
    if isinstance(after, dict) and preview.event is not None:
        lines.append(
            render(
                Message(
                    "ema.rating-after",
                    {
                        "rating": after["rating"] or "-",
                        "place": preview.event.place,
                        "players": preview.event.players,
                        "weight": str(float(preview.event.weight)),
                    },
                ),
                lang,
            )
        )
    return tuple(lines)

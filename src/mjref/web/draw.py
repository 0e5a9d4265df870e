"""The verifiable draw on the web: the public page, its JSON record, the organiser's
commitment form.

The public page shows who published the commitment and when, the seed once revealed and
the player list, and what recomputing the plan from them found (the server verifies once
per record and keeps the answer: a size outside the library of seat plans takes seconds).
Anyone can download the record and check it with ``mjref seating verify``.
"""

from __future__ import annotations

from functools import lru_cache

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from mjref.i18n import render
from mjref.services import seating_draw as service
from mjref.services import tournament as ts
from mjref.services.seating_draw import DrawRecord, DrawVerification
from mjref.web import _draw_messages  # noqa: F401  (registers the wording)
from mjref.web.context import RefusedError, back, language, now, page, require, web
from mjref.wire import seating_draw as wire
from mjref.wire.messages import JsonValue

VERIFIED_KEPT = 64
"""Verifications kept in memory (one per draw record)."""


@lru_cache(maxsize=VERIFIED_KEPT)
def _verify(record: DrawRecord) -> DrawVerification:
    return service.verify(record)


def verified(record: DrawRecord) -> DrawVerification | None:
    """What recomputing the drawn plan found (``None`` before the draw)."""
    if record.seed is None or not record.seating:
        return None
    return _verify(record)


def has_draw(request: Request, tid: str) -> bool:
    """Whether the tournament published a commitment (its seating page links the draw)."""
    return service.has_draw(web(request).log, tid)


def _record(request: Request, tid: str) -> DrawRecord:
    """The tournament's draw; a tournament without one has no such page (404)."""
    if not service.has_draw(web(request).log, tid):
        raise RefusedError(404, "seating.draw.no-draw")
    return service.draw_record(web(request).log, tid)


def draw_page(request: Request, tid: str) -> HTMLResponse:
    log = web(request).log
    info = ts.show_tournament(log, tid)
    record = _record(request, tid)
    found = verified(record)
    lang = language(request)
    return page(
        request,
        "draw.html",
        info=info,
        record=record,
        players=", ".join(str(p) for p in record.players),
        outcome=None
        if found is None
        else [render(m, lang) for m in (found.message(), *found.notes)],
        verified=found is not None and found.verified,
    )


def draw_json(request: Request, tid: str) -> dict[str, JsonValue]:
    record = _record(request, tid)
    return wire.draw_document(record, verified(record), language(request))


def commit(request: Request, tid: str, commitment: str) -> Response:
    who = require(request, tid, organiser=True)
    service.commit_draw(web(request).log, tid, commitment, actor=who.name, now=now())
    return back(f"/t/{tid}/admin/seating")

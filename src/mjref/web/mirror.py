"""The API of a mirrored tournament (``docs/web.md``): where this server's copy of a
tournament's log ends, rows appended to it in order (the venue's ``mjref mirror push``)
and rows read from it (``mjref mirror pull`` on a standby), each with a bearer token of an
account granted on the tournament. A push of a tournament this server does not have needs
an organiser's token; it makes the tournament a mirror here, read-only (entries are made
at the venue), and grants it to that organiser."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request

from mjref.i18n import render
from mjref.messages import Message, is_registered
from mjref.services import accounts
from mjref.services.accounts import Account
from mjref.store import (
    SqlEventLog,
    copies,
    remote,  # noqa: F401  (registers the wording of a push's errors)
)
from mjref.store.mirrors import error_message, mark_of, push_statuses
from mjref.tournament.errors import StaleLogError
from mjref.web.context import RefusedError, now, web
from mjref.web.public import tournament_id
from mjref.wire.mirror import MAX_BATCH, BatchJson, row_json

router = APIRouter(prefix="/api/tournaments/{tid}/mirror", tags=["mirror"])


def _caller(
    request: Request, tid: str, authorization: str | None, *, held: bool, write: bool
) -> Account:
    """The account of the bearer token: granted on the tournament when this server holds
    it, an organiser to write or to start a copy."""
    if not authorization or not authorization.startswith("Bearer "):
        raise RefusedError(401, "web.error.token-needed")
    found = accounts.token_account(web(request).accounts, authorization[7:].strip())
    if found is None:
        raise RefusedError(401, "web.error.token-needed")
    if (held and not found.may_act(tid)) or ((write or not held) and not found.organiser):
        raise RefusedError(403, "web.error.forbidden")
    return found


def _head_json(tid: str, end: copies.Head, added: int = 0) -> dict[str, Any]:
    return {
        "tournament": tid,
        "position": end.position,
        "hash": end.hash,
        "mirror": None if end.mark is None else end.mark.state,
        "added": added,
    }


@router.get("")
def mirror_head(
    request: Request, tid: str, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """Where this server's log of the tournament ends: its last position (0: it has none
    yet) and that event's hash, and whether it is a mirror here."""
    tid = tournament_id(tid)
    end = copies.head(web(request).log, tid)
    _caller(request, tid, authorization, held=end.position > 0, write=False)
    return _head_json(tid, end)


@router.post("/events")
def mirror_append(
    request: Request,
    tid: str,
    body: BatchJson,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Append the venue's events in order (each with its position, stored JSON and hash):
    rows already held are skipped, a gap or a different history is refused (409) and
    nothing of the batch is stored. Answers where the copy ends now."""
    tid = tournament_id(tid)
    state = web(request)
    before = copies.head(state.log, tid)
    who = _caller(request, tid, authorization, held=before.position > 0, write=True)
    rows = [copies.StoredRow(r.seq, r.kind, r.data, r.actor, r.at, r.hash) for r in body.events]
    at = now().isoformat(timespec="seconds")
    # A new mirror is granted to the caller before its first rows land, so that the
    # caller's next question (where does the copy end?) is never refused meanwhile.
    granting = before.position == 0 and bool(rows) and not who.may_act(tid)
    if granting:
        accounts.grant(state.accounts, who.name, tid, actor=who.name, now=now())
    try:
        end, added = copies.receive(
            state.log, tid, rows, source="push", actor=f"api:{who.name}", at=at
        )
    except (copies.CopyRefusedError, StaleLogError) as error:
        if granting and copies.head(state.log, tid).position == 0:
            accounts.ungrant(state.accounts, who.name, tid, actor=who.name, now=now())
        if isinstance(error, StaleLogError):
            raise RefusedError(409, "store.copy-busy", tournament=tid) from None
        raise RefusedError(409, error.message.key, **error.message.params) from None
    return _head_json(tid, end, added)


@router.get("/events")
def mirror_events(
    request: Request,
    tid: str,
    after: Annotated[int, Query(ge=0, le=10_000_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_BATCH)] = MAX_BATCH,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """The events after position ``after`` as stored (position, JSON, hash), at most
    ``limit``, and where the log ends: for a standby laptop following this server."""
    tid = tournament_id(tid)
    log = web(request).log
    end = copies.head(log, tid)
    if end.position == 0:
        raise RefusedError(404, "tournament.unknown", tournament=tid)
    _caller(request, tid, authorization, held=True, write=False)
    rows = copies.rows_after(log, tid, after, limit)
    return {
        "tournament": tid,
        "position": end.position,
        "events": [row_json(r.seq, r.kind, r.data, r.actor, r.at, r.hash) for r in rows],
    }


def dashboard_status(log: SqlEventLog, tid: str, lang: str) -> dict[str, Any]:
    """The dashboard's mirror section: the tournament's mark here (a mirror, a promoted
    copy) and how each push goes, its last error in the visitor's language."""
    pushes = []
    for status in push_statuses(log.engine, tid):
        error: str | None = None
        if status.error is not None:
            found = error_message(status.error)
            registered = isinstance(found, Message) and is_registered(found.key)
            error = (
                render(found, lang) if isinstance(found, Message) and registered else status.error
            )
        pushes.append(
            {
                "url": status.url,
                "position": status.position,
                "success_at": status.success_at,
                "error": error,
                "error_at": status.error_at,
            }
        )
    return {"mark": mark_of(log.engine, tid), "pushes": pushes}

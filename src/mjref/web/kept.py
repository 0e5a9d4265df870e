"""Errors in place (issue 25): a form sent with a mistake is answered with the page it was
sent from, the message at the top of that page's form (beside the field it names, moved
there by ``static/forms.js``) and, in the browser, what was typed put back by the same
script; an anonymous visitor on an official's page is sent to the login and back; and
the one check of a ``next=`` address (a path of this site only: no open redirect).

The page is made again by asking the app for it (a GET of the page the form came from,
with the visitor's own cookies), so every form of every page is covered without a form
of its own; a page that cannot be made again leaves the plain error page."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote, urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from mjref.errors import InputError
from mjref.i18n import render, render_error
from mjref.messages import Message
from mjref.web import _kept_messages  # noqa: F401  (registers the wording)
from mjref.web.context import language

FORM_KINDS = ("application/x-www-form-urlencoded", "multipart/form-data")
MAX_PAGE = 4 * 1024 * 1024
"""The largest page made again (bytes); a larger one leaves the plain error page."""
MAX_NEXT = 500


def local_path(text: str | None) -> str | None:
    """``text`` if it is a path of this site (``/t/cup/admin?session=2``), else ``None``:
    nothing with a scheme or a host, nothing that a browser reads as another host
    (``//evil``, ``/\\evil``), no control characters."""
    if not text or len(text) > MAX_NEXT or not text.isprintable():
        return None
    if not text.startswith("/") or text.startswith(("//", "/\\")) or "\\" in text:
        return None
    parts = urlsplit(text)
    if parts.scheme or parts.netloc:
        return None
    return text


def login_address(request: Request) -> str:
    """The login page, with this page to come back to."""
    target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    if local_path(target) is None:
        return "/login"
    return "/login?next=" + quote(target, safe="/")


def to_login(request: Request) -> Response:
    """The redirect to the login and back (for a page; the API answers with JSON)."""
    return RedirectResponse(login_address(request), status_code=303)


def referer_path(request: Request) -> str | None:
    """The path (and query) of the page a form was sent from, if it is of this site."""
    referer = urlsplit(request.headers.get("referer", "")[:2000])
    if referer.netloc and referer.netloc != request.url.netloc:
        return None
    target = (referer.path or "") + (f"?{referer.query}" if referer.query else "")
    return local_path(target)


def _is_form(request: Request) -> bool:
    kind = request.headers.get("content-type", "")
    return (
        request.method == "POST"
        and kind.startswith(FORM_KINDS)
        and not request.url.path.startswith("/api/")
    )


async def _get(request: Request, target: str) -> tuple[int, bytes] | None:
    """The page at ``target`` as the app makes it for this visitor (status, body)."""
    parts = urlsplit(target)
    headers = [
        (k, v)
        for k, v in request.scope.get("headers", [])
        if k not in (b"content-type", b"content-length", b"transfer-encoding")
    ]
    scope: dict[str, Any] = {
        **request.scope,
        "method": "GET",
        "path": parts.path,
        "raw_path": parts.path.encode(),
        "query_string": parts.query.encode(),
        "headers": headers,
    }
    for key in ("router", "endpoint", "route", "path_params", "fastapi_astack"):
        scope.pop(key, None)
    status = 0
    body: list[bytes] = []
    size = 0

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, size
        if message["type"] == "http.response.start":
            status = int(message["status"])
        elif message["type"] == "http.response.body":
            chunk = message.get("body", b"")
            size += len(chunk)
            if size <= MAX_PAGE:
                body.append(chunk)

    try:
        await request.app(scope, receive, send)
    except Exception:
        return None  # the page cannot be made again: the plain error page answers
    if size > MAX_PAGE:
        return None
    return status, b"".join(body)


def _with_problem(page: str, action: str, field: str, text: str) -> str | None:
    """``page`` with the message at the top of its main part, marked with the form and
    the field it is about (``static/forms.js`` moves it beside the field)."""
    mark = "<main>"
    at = page.find(mark)
    if at < 0:
        return None
    block = (
        f'<p class="problem form-problem" role="alert" data-form-problem="'
        f'{html.escape(action)}" data-field="{html.escape(field)}">{html.escape(text)}</p>'
    )
    return page[: at + len(mark)] + "\n" + block + page[at + len(mark) :]


async def in_place(request: Request, status: int, text: str, field: str = "") -> Response | None:
    """The page the form was sent from, with the message, under ``status``; ``None``
    when it is not a form of a page of this site or the page cannot be made again."""
    if not _is_form(request):
        return None
    target = referer_path(request)
    if target is None:
        return None
    found = await _get(request, target)
    if found is None or found[0] != 200:
        return None
    try:
        page = found[1].decode("utf-8")
    except UnicodeDecodeError:
        return None
    shown = _with_problem(page, request.url.path, field[:60], text)
    if shown is None:
        return None
    return HTMLResponse(shown, status_code=status)


async def input_error_in_place(request: Request, error: InputError, status: int) -> Response | None:
    """An input error (the services' refusal) in place: beside the field it names, if it
    names one of the form's fields (``where``), else at the top of the form."""
    field = error.where if isinstance(error.where, str) else ""
    return await in_place(request, status, render_error(error, language(request)), field)


async def refusal_in_place(request: Request, status: int, message: Message) -> Response | None:
    """A refusal of the web layer: the login (and back) for an anonymous visitor on a page
    (a form sent without a session keeps its plain refusal: a redirect would lose it), the
    form's page with the message for a mistake in a form."""
    if status == 401:
        return to_login(request) if request.method in ("GET", "HEAD") else None
    if status in (400, 404, 409, 422):
        return await in_place(request, status, render(message, language(request)))
    return None


async def invalid_form_in_place(
    request: Request, errors: Sequence[Mapping[str, Any]]
) -> Response | None:
    """A field the form's own checks refuse (a number that is no number, a value out of
    bounds): the message beside that field, with what was typed."""
    if not errors:
        return None
    first = errors[0]
    location = [str(p) for p in first.get("loc", ())[1:]]
    field = location[0] if location else ""
    value = first.get("input")
    shown = value if isinstance(value, str | int | float) else ""
    message = Message("web.kept.bad-field", {"value": str(shown)[:40]})
    return await in_place(request, 422, render(message, language(request)), field)

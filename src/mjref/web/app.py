"""Making the web app: FastAPI with the pages and the API, signed session cookies
(Starlette's SessionMiddleware, itsdangerous), CSRF protection on every form (asgi-csrf)
and the error pages (``docs/web.md``)."""

from __future__ import annotations

import html
import logging
import os
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import asgi_csrf as csrf_layer
from asgi_csrf import asgi_csrf
from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError, IntegrityError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware
from swagger_ui_bundle import swagger_ui_path

from mjref.errors import InputError
from mjref.i18n import LANGUAGES, render
from mjref.messages import Message
from mjref.services import accounts
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.store.database import unreachable
from mjref.store.secret import installation_secret
from mjref.tournament.errors import AlreadyRecordedError, ConflictError
from mjref.tournament.events import Recorded
from mjref.web import (
    api,
    ema_pages,
    finals,
    hands,
    mirror,
    organiser,
    printing,
    public,
    referee,
    scorer,
    teams,
    venue,
)
from mjref.web.context import (
    LANG_COOKIE,
    TEMPLATES,
    RefusedError,
    Web,
    asks_json,
    error_page,
    input_error_page,
    language,
    request_key,
    translator,
)
from mjref.web.fastpage import FastPages
from mjref.web.headers import SecurityHeaders, docs_policy
from mjref.web.kept import input_error_in_place, invalid_form_in_place, refusal_in_place
from mjref.web.limits import BodyLimits
from mjref.web.live import Live
from mjref.web.pagecache import PageCache, Positions
from mjref.web.settings import WebSettings
from mjref.wire import tournament as wire_tournament
from mjref.wire.streams import StreamError

LOG = logging.getLogger("mjref.web")
SESSION_COOKIE = "mjref_session"
SESSION_AGE = 14 * 24 * 3600
DOCS_URL = "/docs"
DOCS_ASSETS = "/docs-assets"
DOCS_PAGE = bytes(
    get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="mjref - Swagger UI",
        swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
        swagger_favicon_url=f"{DOCS_ASSETS}/favicon-32x32.png",
    ).body
).decode()
"""The API's documentation (FastAPI's Swagger UI), made once so that its inline script's
hash in the page's own policy (:func:`mjref.web.headers.docs_policy`) always matches."""


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or asks_json(request)


def _json_error(request: Request, status: int, message: Message) -> JSONResponse:
    lang = language(request)
    return JSONResponse(
        {"error": {"key": message.key, "text": render(message, lang)}}, status_code=status
    )


def _storage_error(request: Request, error: StreamError) -> Response:
    """A database that cannot be used (a full disk, a server that refuses connections):
    503 with the message, as JSON under ``/api/`` or a short page that reads nothing from
    the database (not even the visitor's account); logged in one line. Nothing was
    recorded: each append is one transaction."""
    LOG.error("storage: %s %s: %s", request.method, request.url.path, error.message.english())
    if _wants_json(request):
        return _json_error(request, 503, error.message)
    lang = language(request)
    t = translator(lang)
    values = {"t": t, "lang": lang, "languages": LANGUAGES, "user": None, "csrf": ""}
    values |= {"path": request.url.path, "text": render(error.message, lang)}
    return TEMPLATES.TemplateResponse(request, "error.html", values, status_code=503)


def build(settings: WebSettings) -> tuple[FastAPI, Web]:
    """The FastAPI app (without the CSRF layer) and its stores."""
    log = SqlEventLog.open(settings.db)
    store = SqlAccounts(log.engine)
    secret = installation_secret(log.engine)  # a file or MJREF_SECRET, never the database
    accounts.prepare()  # the dummy hash of logins with an unknown name, made now
    state = Web(settings, log, store, secret)
    app = FastAPI(
        title="mjref",
        summary="EMA mahjong tournaments: standings, results, rulings",
        docs_url=None,  # served below, with its own Content-Security-Policy
        openapi_url="/openapi.json",
        redoc_url=None,
        dependencies=[Depends(request_key)],
    )
    app.state.web = state
    app.state.live = Live(log, settings.export_dir)
    app.state.pages = PageCache()
    app.state.pages.positions = Positions(log)
    app.router.add_event_handler("shutdown", app.state.live.close)
    app.router.add_event_handler("shutdown", log.close)
    app.add_middleware(
        SessionMiddleware,
        secret_key=secret,
        session_cookie=SESSION_COOKIE,
        max_age=SESSION_AGE,
        same_site="lax",
        https_only=settings.https,
    )
    static = resources.files("mjref.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    # Swagger UI's files from the installed package (swagger-ui-bundle), not a CDN: the
    # documentation works on a venue network without internet.
    app.mount(DOCS_ASSETS, StaticFiles(directory=str(swagger_ui_path)), name="docs-assets")
    app.include_router(printing.router)  # before public: /players/N.ics, not /players/N
    for module in (public, organiser, hands, referee, scorer, venue, api, mirror):
        app.include_router(module.router)
    app.include_router(ema_pages.router)
    app.include_router(finals.router)
    app.include_router(ema_pages.api_router)
    app.include_router(teams.router)
    app.include_router(teams.api_router)

    @app.get(DOCS_URL, include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(DOCS_PAGE)

    @app.exception_handler(RefusedError)
    async def refused(request: Request, error: RefusedError) -> Response:
        if _wants_json(request):
            return _json_error(request, error.status, error.message)
        if (found := await refusal_in_place(request, error.status, error.message)) is not None:
            return found
        return error_page(request, error.status, render(error.message, language(request)))

    @app.exception_handler(AlreadyRecordedError)
    async def already(request: Request, error: AlreadyRecordedError) -> Response:
        """A retried request (same request key): answered with what it stored the first
        time - the API with the entries, a form with the page it came from."""
        if _wants_json(request):
            recorded = [e for e in error.entries if isinstance(e, Recorded)]
            return JSONResponse(wire_tournament.entries_json(recorded), status_code=200)
        return RedirectResponse(_same_site_referer(request), status_code=303)

    @app.exception_handler(ConflictError)
    async def conflict(request: Request, error: ConflictError) -> Response:
        if _wants_json(request):
            return _json_error(request, 409, error.message)
        if (found := await input_error_in_place(request, error, 409)) is not None:
            return found
        return input_error_page(request, error, 409)

    @app.exception_handler(InputError)
    async def bad_input(request: Request, error: InputError) -> Response:
        if _wants_json(request):
            return _json_error(request, 400, error.message)
        if (found := await input_error_in_place(request, error, 400)) is not None:
            return found
        return input_error_page(request, error)

    @app.exception_handler(RequestValidationError)
    async def bad_form(request: Request, error: RequestValidationError) -> Response:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ())[1:])}: {e.get('msg', '')}"
            for e in error.errors()[:5]
        )
        message = Message("web.error.bad-form", {"problems": problems[:500]})
        if _wants_json(request):
            return _json_error(request, 422, message)
        if (found := await invalid_form_in_place(request, error.errors())) is not None:
            return found
        return error_page(request, 422, render(message, language(request)))

    @app.exception_handler(StreamError)
    async def storage(request: Request, error: StreamError) -> Response:
        return _storage_error(request, error)

    @app.exception_handler(DBAPIError)
    async def database(request: Request, error: DBAPIError) -> Response:
        if isinstance(error, IntegrityError):
            raise error  # a refused row the code did not expect: a bug, not the storage
        return _storage_error(request, unreachable(state.log.engine.url, error))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        key = "web.error.not-found" if error.status_code == 404 else "web.error.refused"
        if _wants_json(request):
            return _json_error(request, error.status_code, Message(key, {}))
        return error_page(request, error.status_code, render(Message(key, {}), language(request)))

    async def warm_up() -> None:
        await _warm_up(app)

    app.router.add_event_handler("startup", warm_up)
    return app, state


WARM_UP_PATH = "/-/warm-up"
"""An address no route answers, asked once by each worker as it starts."""


async def _warm_up(app: Any) -> int:
    """Ask the app for an address no route answers, as a worker starts: FastAPI prepares
    each route the first time a request is matched against it (about a second of CPU
    for mjref's routes), which would otherwise stall the worker's first visitors (under
    the venue load, every request of that second, docs/speed.md); the error page's
    template is compiled too. Nothing is read from the database and nothing answered.
    Returns the status the app gave (404; 0 if it failed)."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": WARM_UP_PATH,
        "raw_path": WARM_UP_PATH.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost")],
        "client": ("127.0.0.1", 0),
        "server": ("127.0.0.1", 80),
    }

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    status = [0]

    async def send(message: Any) -> None:
        if message["type"] == "http.response.start":
            status[0] = int(message["status"])

    try:
        await app(scope, receive, send)
    except Exception:  # a warm-up only: the first visitor meets the same problem
        LOG.exception("warm-up request")
    return status[0]


def _same_site_referer(request: Request) -> str:
    """The path of the page a form was sent from, if it is of this site (else ``/``)."""
    referer = urlsplit(request.headers.get("referer", "")[:2000])
    if referer.netloc and referer.netloc != request.url.netloc:
        return "/"
    path = referer.path or "/"
    if not path.startswith("/") or path.startswith("//"):
        return "/"
    return path + (f"?{referer.query}" if referer.query else "")


def _skip_csrf(scope: dict[str, Any]) -> bool:
    """API calls authenticated by a bearer token carry no cookie to forge."""
    headers = dict(scope.get("headers") or [])
    path = str(scope.get("path", ""))
    return path.startswith("/api/") and headers.get(b"authorization", b"").startswith(b"Bearer ")


async def _csrf_failed(scope: dict[str, Any], send: Any, message_id: object = None) -> None:
    cookies = dict(scope.get("headers") or []).get(b"cookie", b"").decode("latin-1")
    lang = "en"
    for part in cookies.split(";"):
        name, _, value = part.strip().partition("=")
        if name == LANG_COOKIE and value in LANGUAGES:
            lang = value
    text = html.escape(render(Message("web.error.csrf", {}), lang))
    body = f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>403</title>'
    body += f"<p>{text}</p></html>"
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [(b"content-type", b"text/html; charset=utf-8")],
        }
    )
    await send({"type": "http.response.body", "body": body.encode()})


def _csrf_secret(length: int) -> str:
    """asgi-csrf's ``make_secret``: ``length`` letters and digits, each drawn uniformly
    from the operating system's random source, as it does - but from one read of
    ``os.urandom`` where it reads once per letter (16 reads for every request without a
    CSRF cookie: a phone's every visit; a system call each, a large share of a request's
    time under a crowd, docs/speed.md). A byte below 248 (4 x 62) picks ``byte % 62``;
    others are dropped, so every letter is equally likely.

    >>> len(_csrf_secret(16)), set(_csrf_secret(200)) <= set(csrf_layer.allowed_chars)
    (16, True)
    """
    letters = csrf_layer.allowed_chars
    found: list[str] = []
    while len(found) < length:
        found += [letters[b % len(letters)] for b in os.urandom(2 * length) if b < 248]
    return "".join(found[:length])


csrf_layer.make_secret = _csrf_secret


def create_app(settings: WebSettings) -> Any:
    """The ASGI app to serve: the FastAPI app behind the CSRF layer, behind the security
    headers (so that the CSRF layer's refusal gets them too)."""
    app, state = build(settings)
    wrapped = asgi_csrf(
        app,
        signing_secret=state.secret,
        always_protect={"/login"},
        skip_if_scope=_skip_csrf,
        cookie_secure=settings.https,
        send_csrf_failed=_csrf_failed,
    )
    wrapped = BodyLimits(wrapped)  # bodies capped before the CSRF layer reads them
    wrapped = FastPages(wrapped, app.state.pages)  # cached public pages; Cache-Control
    served: Any = SecurityHeaders(wrapped, {DOCS_URL: docs_policy(DOCS_PAGE)})
    served.web = state  # for whoever runs the app: close its database at the end
    served.live = app.state.live
    return served

"""What every page needs: the app's stores, the visitor's language and account, rendering
a template with the translation function, and the refusals (``docs/web.md``)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from itsdangerous import BadSignature, URLSafeSerializer

from mjref.errors import InputError
from mjref.i18n import LANGUAGES, format_number, render, render_error
from mjref.messages import Message, is_registered
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services.accounts import Account
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.web import _kind_messages, _messages  # noqa: F401  (registers the wording)
from mjref.web.links import web_href
from mjref.web.moments import format_moment
from mjref.web.settings import WebSettings

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0"})
"""Host names that only the serving computer itself can open."""


def public_base(request: Request) -> str:
    """The address players and scorers reach the site at: ``--public-url`` if it was
    given, else the address this page was asked at."""
    return web(request).settings.public_url.rstrip("/") or str(request.base_url).rstrip("/")


def local_only(base: str) -> bool:
    """Whether links to ``base`` work only on the serving computer (``localhost``, a
    loopback address): printed or scanned at the venue, they would lead nowhere."""
    host = (urlsplit(base).hostname or "").lower()
    return host in LOCAL_HOSTS or host.endswith(".localhost") or host.startswith("127.")


def local_links(request: Request) -> str:
    """The site's public address when only this computer can open it, else ``""``."""
    base = public_base(request)
    return base if local_only(base) else ""


LANG_COOKIE = "mjref_lang"
TEMPLATES = Jinja2Templates(directory=str(resources.files("mjref.web").joinpath("templates")))
TEMPLATES.env.autoescape = True
TEMPLATES.env.globals["href"] = web_href  # the static site's are relative (web/site.py)


@dataclass(slots=True)
class Web:
    """The stores and secrets of one app."""

    settings: WebSettings
    log: SqlEventLog
    accounts: SqlAccounts
    secret: str

    def scorer_signer(self) -> URLSafeSerializer:
        return URLSafeSerializer(self.secret, salt="mjref-table-scorer")

    def scorer_token(self, tournament: str, session: int, table: int) -> str:
        return str(self.scorer_signer().dumps([tournament, session, table]))

    def read_scorer_token(self, token: str) -> tuple[str, int, int] | None:
        if len(token) > 300:
            return None
        try:
            found = self.scorer_signer().loads(token)
        except BadSignature:
            return None
        if (
            isinstance(found, list)
            and len(found) == 3
            and isinstance(found[0], str)
            and all(isinstance(v, int) and not isinstance(v, bool) for v in found[1:])
        ):
            return found[0], found[1], found[2]
        return None


class RefusedError(Exception):
    """A request the visitor may not make: shown as a page with the status."""

    def __init__(self, status: int, key: str, **params: object) -> None:
        super().__init__(key)
        self.status = status
        self.message = Message(key, dict(params))


def web(request: Request) -> Web:
    found: Web = request.app.state.web
    return found


def now() -> datetime:
    return datetime.now(UTC)


def language(request: Request) -> str:
    """The visitor's language: chosen (cookie), else the first of Accept-Language mjref
    speaks, else English."""
    chosen = request.cookies.get(LANG_COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    header = request.headers.get("accept-language", "")[:500]
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        bits = part.strip().split(";")
        code = bits[0].strip().lower().split("-")[0]
        weight = 1.0
        for bit in bits[1:]:
            if bit.strip().startswith("q="):
                try:
                    weight = float(bit.strip()[2:])
                except ValueError:
                    weight = 0.0
        if code in LANGUAGES:
            weighted.append((-weight, index, code))
    return min(weighted)[2] if weighted else "en"


def account(request: Request) -> Account | None:
    """The account of the session cookie, if its generation is still the account's (a
    logout, a new password or disabling the account ends every older session at once)."""
    name = request.session.get("user")
    if not isinstance(name, str):
        return None
    found = accounts.session_account(web(request).accounts, name, request.session.get("gen"))
    if found is None:
        request.session.clear()
    return found


def client_address(request: Request) -> str:
    """The visitor's address, for the login limit (the proxy's, behind one that Uvicorn
    is not told to trust)."""
    return request.client.host if request.client else ""


def require(request: Request, tournament: str, *, organiser: bool = False) -> Account:
    """The logged-in account, if it may act on ``tournament`` (as organiser, if asked)."""
    found = account(request)
    if found is None:
        raise RefusedError(401, "web.error.login-needed")
    if not found.may_act(tournament) or (organiser and not found.organiser):
        raise RefusedError(403, "web.error.forbidden")
    return found


def translator(lang: str) -> Any:
    def t(key: str, **params: object) -> str:
        return render(Message(key, params), lang)

    return t


def number_format(lang: str) -> Callable[[Any], str]:
    """The templates' ``num(value)``: a figure in ``lang``'s separators, exact
    (:func:`mjref.i18n.format_number`), empty for none."""

    def num(value: Any) -> str:
        return format_number(value, lang)

    return num


def kind_name(lang: str) -> Callable[[str], str]:
    """The templates' ``kind(entry.kind)``: a log entry's kind in ``lang`` (the kind's
    code itself for one without a name)."""
    say = translator(lang)

    def name(kind: str) -> str:
        key = f"web.kind.{kind}"
        return say(key) if is_registered(key) else kind

    return name


class FormKeys:
    """What every form carries, written where a template says ``{{ csrf }}``: the CSRF
    token and a fresh request key (an idempotency key: a form sent twice - a lost answer,
    a second press - is recorded once). Each form on a page gets a key of its own."""

    def __init__(self, token: Callable[[], str] | str) -> None:
        self._token = token

    @property
    def token(self) -> str:
        """The CSRF token, asked of the CSRF layer only when a form is written: a page
        without a form sets no cookie and stays publicly cacheable (``docs/deploy.md``)."""
        return self._token() if callable(self._token) else self._token

    def __html__(self) -> str:
        key = uuid.uuid4().hex
        return (
            f'<input type="hidden" name="csrftoken" value="{self.token}">'
            f'<input type="hidden" name="request_key" value="{key}">'
        )

    def __str__(self) -> str:
        return self.__html__()


async def request_key(request: Request) -> AsyncIterator[None]:
    """Serve the request under its idempotency key: the ``Idempotency-Key`` header (the
    API) or a form's ``request_key`` field (:class:`FormKeys`); the services record an
    entry once per key (:data:`mjref.services.tournament.REQUEST_KEY`)."""
    key = request.headers.get("idempotency-key")
    kind = request.headers.get("content-type", "")
    if key is None and request.method == "POST" and kind.startswith(FORM_KINDS):
        found = (await request.form()).get("request_key")
        key = found if isinstance(found, str) else None
    usable = key if key and len(key) <= ts.MAX_REQUEST_KEY and key.isprintable() else None
    token = ts.REQUEST_KEY.set(usable)
    try:
        yield
    finally:
        ts.REQUEST_KEY.reset(token)


FORM_KINDS = ("application/x-www-form-urlencoded", "multipart/form-data")


SHARED = "mjref.shared-page"
"""The scope's flag of a page built for the public page cache."""


def _shared(request: Request) -> bool:
    return bool(request.scope.get(SHARED))


def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    lang = language(request)
    token = request.scope.get("csrftoken")
    values: dict[str, object] = {
        "t": translator(lang),
        "num": number_format(lang),
        "when": lambda value: format_moment(value, lang),
        "kind": kind_name(lang),
        "lang": lang,
        "languages": LANGUAGES,
        "user": account(request),
        # A page kept for every visitor (mjref.web.pagecache) asks for the token only if
        # it writes a form; any other page sets the CSRF cookie as it always did.
        "csrf": FormKeys((token if _shared(request) else token()) if token else ""),
        "path": request.url.path,
        # Pages with QR codes or links for phones warn when those point to this computer.
        "links_local": local_links(request),
        **context,
    }
    return TEMPLATES.TemplateResponse(request, name, values, status_code=status)


def error_page(request: Request, status: int, text: str) -> HTMLResponse:
    return page(request, "error.html", status=status, text=text)


def input_error_page(request: Request, error: InputError, status: int = 400) -> HTMLResponse:
    return error_page(request, status, render_error(error, language(request)))


def asks_json(request: Request) -> bool:
    """Whether a page's own script asks for a JSON answer (``Accept: application/json``,
    as the players page's check-in does): the answer and any refusal come as JSON."""
    return request.headers.get("accept", "").lstrip().startswith("application/json")


def optional_number(text: str, field: str) -> int | None:
    """A whole number typed in a form field that may be left empty (``None``): ASCII
    digits only, at most six ('¹' or '12a' is refused with the field, never dropped)."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise RefusedError(422, "web.error.bad-form", problems=f"{field}: {text[:20]}")
    return int(text)


def back(url: str) -> Response:
    """After a successful POST: see the page again (POST/redirect/GET)."""
    return RedirectResponse(url, status_code=303)

"""What every page needs: the app's stores, the visitor's language and account, rendering
a template with the translation function, and the refusals (``docs/web.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from itsdangerous import BadSignature, URLSafeSerializer
from markupsafe import Markup

from mjref.errors import InputError
from mjref.i18n import LANGUAGES, render, render_error
from mjref.messages import Message
from mjref.services import accounts
from mjref.services.accounts import Account
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.web import _messages  # noqa: F401  (registers the wording)
from mjref.web.settings import WebSettings

LANG_COOKIE = "mjref_lang"
TEMPLATES = Jinja2Templates(directory=str(resources.files("mjref.web").joinpath("templates")))
TEMPLATES.env.autoescape = True


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
    name = request.session.get("user")
    if not isinstance(name, str):
        return None
    try:
        return accounts.account(web(request).accounts, name)
    except InputError:
        request.session.clear()
        return None


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


def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    lang = language(request)
    token = request.scope.get("csrftoken")
    values: dict[str, object] = {
        "t": translator(lang),
        "lang": lang,
        "languages": LANGUAGES,
        "user": account(request),
        "csrf": Markup(
            f'<input type="hidden" name="csrftoken" value="{token() if token else ""}">'
        ),
        "path": request.url.path,
        **context,
    }
    return TEMPLATES.TemplateResponse(request, name, values, status_code=status)


def error_page(request: Request, status: int, text: str) -> HTMLResponse:
    return page(request, "error.html", status=status, text=text)


def input_error_page(request: Request, error: InputError, status: int = 400) -> HTMLResponse:
    return error_page(request, status, render_error(error, language(request)))


def back(url: str) -> Response:
    """After a successful POST: see the page again (POST/redirect/GET)."""
    return RedirectResponse(url, status_code=303)

"""Addresses of the public pages as the templates write them (``href("player", 3)``):
absolute paths on the web (``/t/ID/players/3``), paths relative to the page in the static
site (``../players/3.html``), so that the same templates serve both."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context

Href = Callable[..., str]


@pass_context
def web_href(context: Context, page: str, arg: object = None) -> str:
    """The web's address of ``page`` (``home``, ``static`` with a file name, or of the
    tournament in the page's ``info``: ``standings``, ``teams``, ``seating`` with a
    session, ``player`` with a number)."""
    if page == "home":
        return "/"
    if page == "static":
        return f"/static/{arg}"
    info: Any = context.get("info")
    base = f"/t/{info.id}"
    if page == "standings":
        return base
    if page == "teams":
        return f"{base}/teams"
    if page == "seating":
        return f"{base}/seating" if arg is None else f"{base}/seating?session={int(str(arg))}"
    if page == "player":
        return f"{base}/players/{int(str(arg))}"
    raise ValueError(f"no address for page {page!r}")


def static_href(up: str, first_session: int) -> Href:
    """The static site's addresses seen from a page ``up`` below its root (``./`` for
    the root's pages, ``../`` for those in a folder): ``index.html`` (standings),
    ``teams.html`` (team standings), ``seating/S.html`` (``first_session`` when none is
    named), ``players/N.html``, and the files beside them (``style.css``)."""

    def href(page: str, arg: object = None) -> str:
        if page in ("home", "standings"):
            return f"{up}index.html"
        if page == "teams":
            return f"{up}teams.html"
        if page == "static":
            return f"{up}{arg}"
        if page == "seating":
            session = first_session if arg is None else int(str(arg))
            return f"{up}seating/{session}.html"
        if page == "player":
            return f"{up}players/{int(str(arg))}.html"
        raise ValueError(f"no address for page {page!r}")

    return href

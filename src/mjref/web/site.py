"""The tournament's static site, rendered from the web's own templates: the standings
(``index.html``), the team standings (``teams.html``), each published session's tables
(``seating/S.html``) and a page per player (``players/N.html``), with the web's
stylesheet beside them (``style.css``) - what ``mjref export html``, the organiser's ZIP
and ``mjref serve --export-dir`` write.

The pages are the web's ``standings.html``, ``teams.html``, ``seating.html`` and
``player.html`` filled
with the values :func:`mjref.services.tournament_export.site_values` gathers, in one
language, with every link relative to the page (the folder opens from disk or under any
address), no live script, no account or language links and no search form. Everything a
person typed is escaped (Jinja autoescape) as on the web."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from jinja2 import Environment, FileSystemLoader

from mjref.i18n import format_number, render
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services.finals import public_history
from mjref.services.tournament import EventLog, TournamentInfo
from mjref.services.tournament_export import SiteValues, site_values
from mjref.tournament.standings import Progress, Reporting, SessionLine
from mjref.web import (  # noqa: F401  (registers the wording)
    _finals_messages,
    _messages,
    _public_messages,
    _teams_messages,
)
from mjref.web.chart import progress_svg
from mjref.web.links import static_href, web_href
from mjref.web.moments import format_moment
from mjref.wire.tournament import SEAT_NAMES

STYLE = "style.css"

Translate = Callable[..., str]
Tables = tuple[tuple[PlayerId, ...], ...]

_ENVIRONMENT: list[Environment] = []


def environment() -> Environment:
    """The web's templates in a plain Jinja environment (autoescaped, as the web's)."""
    if not _ENVIRONMENT:
        folder = resources.files("mjref.web").joinpath("templates")
        found = Environment(loader=FileSystemLoader(str(folder)), autoescape=True)
        found.globals["href"] = web_href
        _ENVIRONMENT.append(found)
    return _ENVIRONMENT[0]


def translator(lang: str) -> Translate:
    """The templates' ``t(key, **params)``: a message rendered in ``lang``."""

    def t(key: str, **params: object) -> str:
        return render(Message(key, params), lang)

    return t


def opponents(
    player: PlayerId,
    lines: Sequence[SessionLine],
    tables: Callable[[int], Tables],
    names: Mapping[PlayerId, str],
) -> dict[int, list[str]]:
    """The other players at the player's table in each session, as ``N. Name``."""
    found: dict[int, list[str]] = {}
    for line in lines:
        if line.table is not None:
            table = tables(line.session)[line.table - 1]
            found[line.session] = [f"{p}. {names.get(p, '')}" for p in table if p != player]
    return found


def chart(
    progress: Sequence[Progress], info: TournamentInfo, t: Translate, lang: str = "en"
) -> str:
    """The player page's chart of the running total and place, its values in ``lang``."""
    follows = info.rules.progress
    total = t(f"web.col.{follows.name}")
    return progress_svg(
        progress,
        info.players,
        total,
        t("web.col.place"),
        follows.field,
        lambda value: format_number(value, lang),
    )


def standings_state(found: Reporting, t: Translate, lang: str) -> tuple[str, ...]:
    """The lines above the standings saying how far they have got: the last session with
    results and how many of its tables have reported, and when they last changed (in
    ``lang``'s way of writing a date, in the server's time zone)."""
    lines = [t("web.standings.confirmed")]
    if found.session is None:
        lines.append(t("web.standings.none"))
    elif found.complete:
        lines.append(t("web.standings.after-all", session=found.session))
    else:
        lines.append(
            t(
                "web.standings.after-some",
                session=found.session,
                reported=found.reported,
                tables=found.tables,
            )
        )
    if found.updated:
        moment = format_moment(found.updated, lang, width="short")
        lines.append(t("web.standings.updated", time=moment))
    return tuple(lines)


def render_site(values: SiteValues, lang: str = "en") -> dict[str, str]:
    """The static site: file name (relative, ``/`` between folders) -> its text."""
    env = environment()
    info = values.info
    t = translator(lang)
    sessions = tuple(values.seating) or (1,)
    hidden = values.hidden_from
    common: dict[str, Any] = {
        "t": t,
        "lang": lang,
        "languages": (),
        "user": None,
        "csrf": "",
        "path": "",
        "static_site": True,
        "info": info,
        "num": lambda value: format_number(value, lang),
    }

    def page(name: str, template: str, **context: Any) -> tuple[str, str]:
        up = "../" if "/" in name else "./"
        href = static_href(up, sessions[0])
        return name, env.get_template(template).render(**common, href=href, **context)

    pages = dict(
        [
            page(
                "index.html",
                "standings.html",
                standings=values.standings,
                hidden=hidden,
                state=()
                if values.reporting is None
                else standings_state(values.reporting, t, lang),
                teams_link=bool(values.teams),
            ),
            page(
                "teams.html",
                "teams.html",
                rows=() if hidden else values.teams,
                registered=values.teams_registered,
                best=values.team_best,
                who=values.names,
                hidden=hidden,
            ),
            *(
                page(
                    f"seating/{session}.html",
                    "seating.html",
                    session=session,
                    tables=values.seating.get(session, ()),
                    who=values.names,
                    query="",
                    found=[],
                    published=session in values.seating,
                    seats=SEAT_NAMES,
                )
                for session in sessions
            ),
            *(
                page(
                    f"players/{p.view.player}.html",
                    "player.html",
                    view=p.view,
                    lines=public_history(p.lines, hidden),
                    opponents=opponents(
                        p.view.player, p.lines, lambda s: values.seating[s], values.names
                    ),
                    chart="" if hidden else chart(p.progress, info, t, lang),
                    hidden=hidden,
                    next_place=p.next_place,
                )
                for p in values.players
            ),
        ]
    )
    stylesheet = resources.files("mjref.web").joinpath("static", STYLE)
    pages[STYLE] = stylesheet.read_text(encoding="utf-8")
    return pages


def site_pages(log: EventLog, tournament: str, lang: str = "en") -> dict[str, str]:
    """The static site of ``tournament`` as it stands (:func:`render_site`)."""
    return render_site(site_values(log, tournament), lang)

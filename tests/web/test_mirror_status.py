"""The organiser's dashboard shows how the push to the hosted mirror goes (``mjref serve
--mirror-push``): the position the mirror acknowledged and the last success, the last
error (encoded: it may quote whatever the other server answered), or that nothing is
pushed; in every language, and not to referees."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest

from mjref.i18n import LANGUAGES, render
from mjref.messages import Message
from mjref.store.mirrors import note_push, stored_error
from mjref.web.app import create_app
from mjref.web.moments import format_moment
from mjref.web.settings import WebSettings
from tests.web.conftest import _sqlite_copy
from tests.web.test_backup_status import _client

URL = "https://results.example.org"
HOSTILE = "<script>alert(1)</script>"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[object]:
    app = create_app(WebSettings(db=_sqlite_copy(tmp_path)))
    yield app
    app.web.log.close()  # type: ignore[attr-defined]


def _section(page: str) -> str:
    start = page.index('<section id="mirror">')
    return page[start : page.index("</section>", start)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mirrors_position_and_last_error_in_every_language(served: object, lang: str) -> None:
    client = _client(served, "org", lang)
    section = _section(client.get("/t/cup/admin").text)
    assert render(Message("web.mirror.title", {}), lang) in section
    assert "mjref serve --mirror-push URL" in section  # nothing pushed yet
    engine = served.web.log.engine  # type: ignore[attr-defined]
    position = served.web.log.position("cup")  # type: ignore[attr-defined]
    note_push(engine, "cup", URL, position=position - 1, at="2026-06-01T10:00:00+00:00")
    section = _section(client.get("/t/cup/admin").text)
    assert f"{URL}" in section
    assert f"{position - 1}" in section
    assert format_moment("2026-06-01T10:00:00+00:00", lang) in section
    assert 'role="alert"' not in section
    note_push(engine, "cup", URL, at="2026-06-01T10:05:00+00:00", error=HOSTILE)
    section = _section(client.get("/t/cup/admin").text)
    assert 'role="alert"' in section
    assert format_moment("2026-06-01T10:05:00+00:00", lang) in section
    assert HOSTILE not in section
    assert "&lt;script&gt;" in section
    assert format_moment("2026-06-01T10:00:00+00:00", lang) in section  # the last success stays
    unreachable = Message("remote.unreachable", {"url": URL, "problem": HOSTILE})
    note_push(engine, "cup", URL, at="2026-06-01T10:05:30+00:00", error=stored_error(unreachable))
    section = _section(client.get("/t/cup/admin").text)
    assert html.escape(render(unreachable, lang), quote=False) in section  # the visitor's language
    assert HOSTILE not in section
    note_push(engine, "cup", URL, position=position, at="2026-06-01T10:06:00+00:00")
    section = _section(client.get("/t/cup/admin").text)
    assert 'role="alert"' not in section


def test_referees_do_not_see_it(served: object) -> None:
    page = _client(served, "ref", "en").get("/t/cup/admin").text
    assert '<section id="mirror">' not in page

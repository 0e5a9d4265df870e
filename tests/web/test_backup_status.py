"""The organiser's dashboard shows the rotating backups' status (``mjref serve
--backup-dir``): the last backup, a failure (the USB stick pulled out) in the visitor's
language, or that none are taken; referees do not see it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mjref.i18n import LANGUAGES, render
from mjref.messages import Message
from mjref.store.snapshots import SnapshotStatus, write_status
from mjref.web.app import create_app
from mjref.web.moments import format_moment
from mjref.web.settings import WebSettings
from mjref.wire.streams import StreamError
from tests.web.conftest import PASSWORD, _sqlite_copy, csrf

FOLDER = "/media/usb<b>"


def _client(app: object, name: str, lang: str) -> TestClient:
    client = TestClient(app, base_url="http://venue.test")  # type: ignore[arg-type]
    client.cookies.set("mjref_lang", lang)
    client.get("/login")
    response = client.post(
        "/login",
        data={"csrftoken": csrf(client), "name": name, "password": PASSWORD},
        follow_redirects=False,
    )
    assert response.status_code == 303
    return client


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[object, Path]]:
    status = tmp_path / "status.json"
    app = create_app(WebSettings(db=_sqlite_copy(tmp_path), backup_status=str(status)))
    yield app, status
    app.web.log.close()  # type: ignore[attr-defined]


def _section(page: str) -> str:
    start = page.index('<section id="backups">')
    return page[start : page.index("</section>", start)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_backup_and_a_failure_in_every_language(
    served: tuple[object, Path], lang: str
) -> None:
    app, status = served
    problem = StreamError.writing(f"{FOLDER}/x.db", FileNotFoundError(2, "gone")).message
    write_status(
        status,
        SnapshotStatus(
            FOLDER,
            10,
            5,
            "2026-06-01 09:00",
            "mjref-20260601-090000.db",
            "2026-06-01 09:10",
            problem,
        ),
    )
    client = _client(app, "org", lang)
    section = _section(client.get("/t/cup/admin").text)
    title = render(Message("web.backup.title", {}), lang)
    assert f"<h2>{title}</h2>" in section
    assert 'class="problem" role="alert"' in section
    # the times for people, in the visitor's language (mjref.web.moments)
    assert format_moment("2026-06-01 09:10", lang) in section
    assert format_moment("2026-06-01 09:00", lang) in section
    assert "2026-06-01 09:10" not in section
    assert "mjref-20260601-090000.db" in section
    assert "/media/usb&lt;b&gt;" in section
    assert "<b>" not in section
    # The problem is said in the visitor's language too.
    said = render(Message("io.no-such-file", {}), lang)
    assert said.replace("'", "&#39;") in section
    # All good again: the failure is gone.
    write_status(
        status, SnapshotStatus(FOLDER, 10, 5, "2026-06-01 09:20", "mjref-20260601-092000.db")
    )
    section = _section(client.get("/t/cup/admin").text)
    assert "problem" not in section
    assert "mjref-20260601-092000.db" in section


def test_none_yet_and_none_taken(served: tuple[object, Path], tmp_path: Path) -> None:
    app, status = served
    write_status(status, SnapshotStatus(FOLDER, 10, 5))
    section = _section(_client(app, "org", "en").get("/t/cup/admin").text)
    assert "No backup taken yet" in section
    (tmp_path / "x").mkdir()
    other = create_app(WebSettings(db=_sqlite_copy(tmp_path / "x")))
    try:
        section = _section(_client(other, "org", "it").get("/t/cup/admin").text)
        assert render(Message("web.backup.off", {}), "it").replace("'", "&#39;") in section
    finally:
        other.web.log.close()  # type: ignore[attr-defined]


def test_a_referee_does_not_see_it(served: tuple[object, Path]) -> None:
    app, status = served
    write_status(status, SnapshotStatus(FOLDER, 10, 5, "2026-06-01 09:00", "b.db"))
    page = _client(app, "ref", "en").get("/t/cup/admin")
    assert page.status_code == 200
    assert 'id="backups"' not in page.text

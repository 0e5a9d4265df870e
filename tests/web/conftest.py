"""A small tournament served by the web app on each database (SQLite, PostgreSQL), with
an organiser, a referee of it, and a referee of another tournament."""

from __future__ import annotations

import re
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from mjref.players import PlayerId
from mjref.services import accounts, player_codes
from mjref.services import tournament as ts
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.web.app import create_app
from mjref.web.settings import WebSettings
from tests.databases import (  # noqa: F401  (fixtures)
    UNREACHABLE,
    create_database,
    drop_database,
    empty_database,
    fresh_pg_database,
    pg_database,
)

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
PASSWORD = "correct-horse"
NAMES = [
    ("Anna", "Kovacs", "HU"),
    ("Bruno", "Rossi", "IT"),
    ("Chloe", "Martin", "FR"),
    ("Daan", "Visser", "NL"),
    ("Eva", "Nagy", "HU"),
    ("Fabio", "Bianchi", "IT"),
    ("Gael", "Petit", "FR"),
    ("Hanna", "Bakker", "NL"),
]


@dataclass
class Site:
    url: str
    log: SqlEventLog
    app: object

    def client(self, lang: str | None = None) -> TestClient:
        client = TestClient(self.app, base_url="http://venue.test")
        if lang:
            client.cookies.set("mjref_lang", lang)
        return client

    def login(self, name: str, lang: str | None = None) -> TestClient:
        client = self.client(lang)
        client.get("/login")
        response = client.post(
            "/login",
            data={"csrftoken": csrf(client), "name": name, "password": PASSWORD},
            follow_redirects=False,
        )
        assert response.status_code == 303, response.text
        return client

    def table(self, session: int, table: int) -> tuple[PlayerId, ...]:
        return ts.seating(self.log, "cup", session)[table - 1]

    @property
    def secret(self) -> str:
        found: str = self.app.web.secret  # type: ignore[attr-defined]
        return found

    def code(self, player: int, tournament: str = "cup") -> str:
        """The player's confirmation code in force (what their slip says)."""
        return player_codes.player_codes(self.log, tournament, self.secret, PlayerId(player))[
            0
        ].code

    def as_player(self, player: int) -> dict[str, Any]:
        """A player proposing or deciding through the services, with their own code."""
        return {"player": PlayerId(player), "code": self.code(player), "secret": self.secret}


def csrf(client: TestClient) -> str:
    token = client.cookies.get("csrftoken")
    assert token, "the page set no CSRF cookie"
    return str(token)


def post(client: TestClient, url: str, **data: object) -> Any:
    """A form post with the CSRF token, as the browser sends it."""
    if "csrftoken" not in client.cookies:
        client.get("/")
    return client.post(
        url,
        data={"csrftoken": csrf(client), **{k: str(v) for k, v in data.items()}},
        follow_redirects=False,
    )


def scorer_links(client: TestClient, session: int) -> list[str]:
    page = client.get(f"/t/cup/admin/cards?session={session}")
    assert page.status_code == 200, page.text
    return re.findall(r'href="http://venue\.test(/s/[^"]+)"', page.text)


def _build_site(url: str) -> None:
    """The small tournament and its accounts, written into the database at ``url``."""
    log = SqlEventLog.open(url)
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(log, "cup", name="Venue Cup", ruleset="mers-2010", sessions=2, **kw)
    for first, last, country in NAMES:
        details = ts.player_details(first, last, country)
        ts.add_player(log, "cup", details, check_in=True, **kw)
    ts.publish_seating(log, "cup", seed=1, **kw)
    ts.create_tournament(log, "other", name="Other Open", ruleset="rcr-2016", sessions=1, **kw)
    store = SqlAccounts(log.engine)
    accounts.add_user(
        store, "org", PASSWORD, accounts.Role.ORGANISER, tournaments=("cup",), now=NOW
    )
    accounts.add_user(store, "ref", PASSWORD, accounts.Role.REFEREE, tournaments=("cup",), now=NOW)
    accounts.add_user(
        store, "ref2", PASSWORD, accounts.Role.REFEREE, tournaments=("other",), now=NOW
    )
    log.close()


_TEMPLATES: dict[str, str] = {}
"""The site built once per test process and engine; each test gets a copy of it (the same
entries, accounts and hashes as building it anew, in a fraction of the time)."""


def _sqlite_copy(tmp_path: Path) -> str:
    template = _TEMPLATES.get("sqlite")
    if template is None:
        folder = Path(tempfile.mkdtemp(prefix="mjref-site-"))
        template = _TEMPLATES["sqlite"] = str(folder / "site.db")
        _build_site(f"sqlite:///{template}")
    target = tmp_path / "empty.db"
    with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(target)) as copy:
        source.backup(copy)  # the WAL's pages included
    return f"sqlite:///{target}"


@pytest.fixture(scope="session")
def _pg_site_template() -> Iterator[str]:
    if UNREACHABLE is not None:
        pytest.skip(f"PostgreSQL unreachable: {UNREACHABLE}")
    url = create_database()
    _build_site(url)
    yield url
    drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    """The small tournament on each engine: a copy of one built for the whole run (a SQLite
    backup; a PostgreSQL database made from the template), so each test has its own."""
    if request.param == "sqlite":
        url = _sqlite_copy(tmp_path)
    else:
        template = make_url(str(request.getfixturevalue("_pg_site_template"))).database
        url = create_database(template=template)
    log = SqlEventLog.open(url)
    app = create_app(WebSettings(db=url))
    yield Site(url, log, app)
    app.web.log.close()  # type: ignore[attr-defined]
    log.close()
    if request.param == "postgresql":
        drop_database(url)

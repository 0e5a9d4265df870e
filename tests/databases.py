"""Databases for the storage and command-line tests: a SQLite file per test, and one fresh
PostgreSQL database per test run (per pytest worker), dropped at the end.

PostgreSQL is the server on 127.0.0.1:5432 (``MJREF_TEST_PG`` overrides the URL of its
maintenance database). Its tests are skipped only when the server cannot be reached;
the report header says so, with the reason.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

SERVER = os.environ.get("MJREF_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")

# A PostgreSQL installation says where its secret is (mjref.store.secret): the tests' is a
# file of their own, for this process and the servers it starts.
os.environ.setdefault(
    "MJREF_SECRET_FILE", os.path.join(tempfile.mkdtemp(prefix="mjref-tests-"), "pg.secret")
)


def _probe() -> str | None:
    """``None`` when PostgreSQL answers, else why not."""
    try:
        engine = create_engine(SERVER, connect_args={"connect_timeout": 5})
        with engine.connect() as connection:
            connection.execute(text("select 1"))
        engine.dispose()
    except Exception as exc:
        return f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
    return None


UNREACHABLE = _probe()


def pytest_report_header() -> str:
    if UNREACHABLE is None:
        return f"PostgreSQL: {make_url(SERVER).host}:{make_url(SERVER).port} reachable"
    return f"PostgreSQL unreachable ({UNREACHABLE}): its storage tests are skipped"


def create_database(template: str | None = None) -> str:
    """A new database (a copy of ``template``, a database nobody is connected to, if given)."""
    name = f"mjref_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(SERVER, isolation_level="AUTOCOMMIT")
    copy = f' TEMPLATE "{template}"' if template else ""
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"{copy}'))
    admin.dispose()
    return make_url(SERVER).set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    name = make_url(url).database
    admin = create_engine(SERVER, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    if UNREACHABLE is not None:
        pytest.skip(f"PostgreSQL unreachable: {UNREACHABLE}")
    url = create_database()
    yield url
    drop_database(url)


@pytest.fixture
def fresh_pg_database() -> Iterator[str]:
    """A database of its own (for tests that need an empty one)."""
    if UNREACHABLE is not None:
        pytest.skip(f"PostgreSQL unreachable: {UNREACHABLE}")
    url = create_database()
    yield url
    drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> str:
    """A database URL on each engine (tournament ids must be unique per test)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/mjref.db"
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> str:
    """An empty database URL on each engine."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/empty.db"
    return str(request.getfixturevalue("fresh_pg_database"))


@pytest.fixture
def tid() -> str:
    return f"t-{uuid.uuid4().hex[:10]}"

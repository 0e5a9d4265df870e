"""The fixtures the security tests share: the web tests' small tournament on each database
(SQLite, PostgreSQL)."""

from tests.databases import (  # noqa: F401  (fixtures)
    empty_database,
    fresh_pg_database,
    pg_database,
)
from tests.web.conftest import _pg_site_template, site  # noqa: F401  (fixtures)

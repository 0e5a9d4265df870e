"""The databases of the mirror tests (see :mod:`tests.databases`)."""

from tests.databases import (  # noqa: F401  (fixtures)
    database,
    empty_database,
    fresh_pg_database,
    pg_database,
    pytest_report_header,
    tid,
)

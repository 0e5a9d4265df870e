"""Property-based fuzzing of the mirror's input paths: whatever a caller sends as a batch
of rows (the hosted mirror's ``POST .../mirror/events``), the answer is a refusal with a
key or a success, never a server error, and the copy stays a prefix of a real log; and
whatever ``mjref mirror`` is given as URL, tournament, token or numbers, no traceback:
success, or one ``error:`` line with exit 2 or 3."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjref.cli.main import app
from mjref.services import accounts
from mjref.store import SqlEventLog
from mjref.store.accounts import SqlAccounts
from mjref.web.app import create_app
from mjref.web.settings import WebSettings

pytestmark = pytest.mark.slow

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
HEX = st.text("0123456789abcdef", min_size=64, max_size=64)
ROW = st.fixed_dictionaries(
    {
        "seq": st.integers(-3, 12),
        "kind": st.sampled_from(["tournament-created", "checked-in", "x"]) | TEXT,
        "data": TEXT | st.just('{"player": 1}'),
        "actor": TEXT,
        "at": TEXT,
        "hash": HEX | TEXT,
    }
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str]]:
    db = str(tmp_path_factory.mktemp("fuzz") / "hosted.db")
    log = SqlEventLog.open(db)
    store = SqlAccounts(log.engine)
    accounts.add_user(store, "online", "a long password", accounts.Role.ORGANISER, now=NOW)
    token = accounts.new_token(store, "online", now=NOW)
    log.close()
    application = create_app(WebSettings(db=db))
    yield TestClient(application, base_url="http://hosted.test"), token
    application.web.log.close()


@FUZZ
@given(
    tournament=st.sampled_from(["cup", "Bad Id", "x" * 50]) | TEXT,
    rows=st.lists(ROW, max_size=5) | st.just([]),
    extra=st.dictionaries(st.sampled_from(["after", "x"]), st.integers()),
)
def test_any_batch_is_answered_cleanly(
    served: tuple[TestClient, str],
    tournament: str,
    rows: list[dict[str, object]],
    extra: dict[str, int],
) -> None:
    client, token = served
    path = f"/api/tournaments/{quote(tournament, safe='')}"
    answer = client.post(
        path + "/mirror/events",
        json={"events": rows, **extra},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code in (200, 400, 404, 405, 409, 422), answer.text
    if answer.status_code != 200:
        assert answer.json()["error"]["key"]
    else:
        assert answer.json()["added"] == 0  # no real log's rows: nothing is ever stored


def _run(*args: str) -> None:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exit_code in (0, 2, 3), (args, result.stdout, result.stderr)
    if result.exit_code:
        assert result.stderr.startswith("error: "), result.stderr


@FUZZ
@given(
    url=st.sampled_from(["http://127.0.0.1:9", "ftp://x", "https://"]) | TEXT,
    tournament=TEXT,
    token=TEXT,
    batch=st.integers(-5, 600),
)
def test_mirror_commands_take_any_text(
    tmp_path: Path, url: str, tournament: str, token: str, batch: int
) -> None:
    db = str(tmp_path / "fuzz.db")
    for command in ("push", "pull"):
        _run(
            "mirror",
            command,
            url or "x",
            "-t",
            tournament or "x",
            "--token",
            token or "x",
            "--batch",
            str(batch),
            "--retries",
            "0",
            "--db",
            db,
        )
    _run("mirror", "promote", "-t", tournament or "x", "--db", db)

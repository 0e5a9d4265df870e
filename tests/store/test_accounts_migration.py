"""Migration 0004 (revocable accounts) on a database made at 0003: its accounts, grants
and API tokens go on working (generation 0, not disabled, tokens without a prefix), and
the new columns and the audit table are there."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from argon2 import PasswordHasher
from sqlalchemy import text

from mjref.services import accounts
from mjref.store import SqlEventLog, open_engine
from mjref.store.accounts import SqlAccounts
from mjref.store.migrate import revision, upgrade

NOW = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


def test_accounts_made_at_0003_survive_the_upgrade(empty_database: str) -> None:
    engine = open_engine(empty_database)
    upgrade(engine, "0003")
    token = "mjref_" + "a" * 43
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO web_users (name, password_hash, role, created_at) "
                "VALUES ('old', :h, 'organiser', '2026-01-01')"
            ),
            {"h": PasswordHasher().hash("old-password")},
        )
        c.execute(text("INSERT INTO web_grants VALUES ('old', 'cup')"))
        c.execute(
            text("INSERT INTO web_tokens VALUES (:h, 'old', '2026-01-01')"),
            {"h": hashlib.sha256(token.encode()).hexdigest()},
        )
        c.execute(text("INSERT INTO web_login_failures (user_name, at) VALUES ('old', 1.0)"))
    upgrade(engine, "0004")
    assert revision(engine) == "0004"
    engine.dispose()
    log = SqlEventLog.open(empty_database)  # and on to the newest
    store = SqlAccounts(log.engine)
    assert store.user("old") is not None
    assert store.user("old")[2:] == (0, False)  # type: ignore[index]
    found = accounts.login(store, "old", "old-password", now=1e9, address="10.0.0.1")
    assert (found.generation, found.tournaments) == (0, frozenset({"cup"}))
    assert accounts.session_account(store, "old", 0) is not None
    assert accounts.token_account(store, token) is not None
    assert store.tokens_of("old")[0][1] is None  # no prefix: revoked with --all-tokens
    assert accounts.revoke_tokens(store, "old", prefix=None, actor="t", now=NOW) == ["mjref_"]
    assert accounts.token_account(store, token) is None
    assert store.changes("old") == [(NOW.isoformat(), "t", "token-revoked", "mjref_")]
    log.close()

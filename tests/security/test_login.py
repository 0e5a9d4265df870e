"""Logging in, from the trust issue: the login's time told which accounts exist (0.54 s
for a known name, 8 ms for an unknown one), and nine wrong passwords a minute from anyone
locked the organiser out. Now an unknown name costs the same Argon2 work (a dummy hash),
and the limit is per account and client address, under a looser ceiling per account."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from mjref.services import accounts
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import PASSWORD, Site, csrf


def _count_verifies(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    real = PasswordHasher.verify

    def counted(self: PasswordHasher, hash: str | bytes, password: str | bytes) -> Any:
        calls.append(str(hash))
        return real(self, hash, password)

    monkeypatch.setattr(PasswordHasher, "verify", counted)
    return calls


@pytest.mark.parametrize(
    ("name", "password"),
    [
        ("org", "nope-nope"),  # a known account, a wrong password
        ("org", PASSWORD),  # the right one
        ("nobody", "nope-nope"),  # no such account
        ("not a name!", "nope-nope"),  # not even a name
        ("org", "x" * 300),  # a password longer than any
        ("nobody", "x" * 300),
    ],
)
def test_every_login_does_the_argon2_work_once(
    site: Site, monkeypatch: pytest.MonkeyPatch, name: str, password: str
) -> None:
    client = site.client()
    client.get("/login")
    calls = _count_verifies(monkeypatch)
    answer = client.post(
        "/login",
        data={"csrftoken": csrf(client), "name": name, "password": password},
        follow_redirects=False,
    )
    assert answer.status_code in (303, 401)
    assert len(calls) == 1, calls
    assert calls[0].startswith("$argon2id$")  # a real hash, of the same parameters
    assert calls[0].split("$")[3] == accounts._HASHER.hash("probe").split("$")[3]


def test_a_disabled_account_costs_the_same_work(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SqlAccounts(site.log.engine)
    accounts.disable(store, "ref", actor="test", now=datetime.now(UTC))
    calls = _count_verifies(monkeypatch)
    with pytest.raises(accounts.AccountError) as refused:
        accounts.login(store, "ref", PASSWORD, now=1e9)
    assert refused.value.message.key == "accounts.wrong-login"
    assert len(calls) == 1


def _wrong(site: Site, address: str, name: str = "org", password: str = "nope-nope") -> int:
    client = TestClient(site.app, base_url="http://venue.test", client=(address, 50000))
    client.get("/login")
    answer = client.post(
        "/login",
        data={"csrftoken": csrf(client), "name": name, "password": password},
        follow_redirects=False,
    )
    return answer.status_code


def test_a_strangers_failures_do_not_lock_the_organiser_out(site: Site) -> None:
    for _ in range(accounts.LOGIN_LIMIT):
        assert _wrong(site, "203.0.113.9") == 401
    assert _wrong(site, "203.0.113.9") == 429  # that address is refused for the account
    assert _wrong(site, "203.0.113.9", password=PASSWORD) == 429
    assert _wrong(site, "192.168.1.20", password=PASSWORD) == 303  # the organiser's


@pytest.fixture
def cheap_hasher(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A fast Argon2 for the tests that try hundreds of passwords."""
    monkeypatch.setattr(
        accounts, "_HASHER", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    )
    accounts._dummy_hash.cache_clear()
    yield
    accounts._dummy_hash.cache_clear()


@pytest.mark.usefixtures("cheap_hasher")
def test_the_per_account_ceiling_bounds_guessing_from_many_addresses() -> None:
    store = _MemoryStore()
    clock = 1_000_000.0
    addresses = [f"198.51.100.{n}" for n in range(40)]
    failures = 0
    for address in addresses:
        for _ in range(accounts.LOGIN_LIMIT):
            try:
                accounts.login(store, "org", "nope-nope", now=clock, address=address)
            except accounts.TooManyAttemptsError:
                break
            except accounts.AccountError:
                failures += 1
            clock += 1.0
    assert failures == accounts.ACCOUNT_LIMIT
    with pytest.raises(accounts.TooManyAttemptsError):
        accounts.login(store, "org", PASSWORD, now=clock, address="192.168.1.20")
    # One address alone never reaches the ceiling: at most the hourly limit per address.
    assert accounts.ADDRESS_HOURLY_LIMIT < accounts.ACCOUNT_LIMIT


@pytest.mark.usefixtures("cheap_hasher")
def test_one_address_is_held_to_its_hourly_limit() -> None:
    store = _MemoryStore()
    clock = 2_000_000.0
    failures = 0
    for _ in range(200):  # a patient guesser: one wrong password every 7 seconds
        try:
            accounts.login(store, "org", "nope-nope", now=clock, address="203.0.113.9")
        except accounts.TooManyAttemptsError:
            pass
        except accounts.AccountError:
            failures += 1
        clock += 7.0
    assert failures == accounts.ADDRESS_HOURLY_LIMIT
    assert accounts.login(store, "org", PASSWORD, now=clock, address="192.168.1.20")


class _MemoryStore:
    """Just enough of the accounts store for the login limit."""

    def __init__(self) -> None:
        self.failures: list[tuple[str, float, str | None]] = []
        self.hash = accounts._HASHER.hash(PASSWORD)

    def user(self, name: str) -> tuple[str, str, int, bool] | None:
        return (self.hash, "organiser", 0, False) if name == "org" else None

    def granted(self, name: str) -> frozenset[str]:
        return frozenset({"cup"})

    def failures_since(self, name: str, since: float, address: str | None = None) -> int:
        return sum(
            1
            for n, at, a in self.failures
            if n == name and at >= since and (address is None or a == address)
        )

    def add_failure(self, name: str, at: float, address: str | None = None) -> None:
        self.failures.append((name, at, address))

    def clear_failures(self, name: str, before: float) -> None:
        self.failures = [f for f in self.failures if f[0] != name or f[1] >= before]

"""Use cases of the web app's accounts: organisers and referees, what each may act on,
logging in with a limit on wrong passwords, API tokens for scripts, the installation's
secret.

Passwords are hashed with Argon2id (argon2-cffi's defaults); API tokens are random and
stored as their SHA-256 only. The login limit counts wrong passwords per account name in
the database, so it holds across workers and restarts: after :data:`LOGIN_LIMIT` wrong
passwords within :data:`LOGIN_WINDOW` seconds every further attempt is refused, even with
the right password, until the window has passed.
"""

from __future__ import annotations

import enum
import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from mjref.errors import InputError
from mjref.messages import Message, register

LOGIN_LIMIT = 9
"""Wrong passwords allowed within the window; the next attempt is refused."""
LOGIN_WINDOW = 60.0
MIN_PASSWORD = 8
MAX_PASSWORD = 200
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,59}")

register(
    {
        "accounts.bad-name": (
            "{name!r} is not an account name (letters, digits, '.', '_' and '-', at most 60)"
        ),
        "accounts.bad-password": ("a password has {low} to {high} characters"),
        "accounts.bad-role": "{role!r} is not a role (organiser or referee)",
        "accounts.taken": "there is already an account called {name!r}",
        "accounts.no-such-user": "there is no account called {name!r}",
        "accounts.wrong-login": "wrong name or password",
        "accounts.too-many": (
            "too many wrong passwords for this account: wait a minute and try again"
        ),
    }
)


class Role(enum.StrEnum):
    ORGANISER = "organiser"
    REFEREE = "referee"


class AccountError(InputError):
    """A refused account operation or login."""


class TooManyAttemptsError(AccountError):
    """The login limit is reached."""


class AccountStore(Protocol):
    def user(self, name: str) -> tuple[str, str] | None: ...
    def add_user(self, name: str, password_hash: str, role: str, at: str) -> bool: ...
    def grant(self, name: str, tournament: str) -> None: ...
    def granted(self, name: str) -> frozenset[str]: ...
    def failures_since(self, name: str, since: float) -> int: ...
    def add_failure(self, name: str, at: float) -> None: ...
    def clear_failures(self, name: str, before: float) -> None: ...
    def add_token(self, token_hash: str, name: str, at: str) -> None: ...
    def token_user(self, token_hash: str) -> str | None: ...
    def setting(self, key: str, default: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Account:
    """Who is logged in: the name, the role and the tournaments granted."""

    name: str
    role: Role
    tournaments: frozenset[str]

    def may_act(self, tournament: str) -> bool:
        return tournament in self.tournaments

    @property
    def organiser(self) -> bool:
        return self.role is Role.ORGANISER


_HASHER = PasswordHasher()


def _err(key: str, where: str | None = None, **params: object) -> AccountError:
    return AccountError(Message(key, dict(params)), where=where)


def check_name(name: str) -> str:
    if not _NAME.fullmatch(name):
        raise _err("accounts.bad-name", "name", name=name[:80])
    return name


def _check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise _err("accounts.bad-password", "password", low=MIN_PASSWORD, high=MAX_PASSWORD)


def role_of(text: str) -> Role:
    try:
        return Role(text)
    except ValueError:
        raise _err("accounts.bad-role", "role", role=text[:40]) from None


def add_user(
    store: AccountStore,
    name: str,
    password: str,
    role: Role,
    *,
    tournaments: tuple[str, ...] = (),
    now: datetime,
) -> Account:
    """Create an account (and grant it ``tournaments``)."""
    check_name(name)
    _check_password(password)
    if not store.add_user(name, _HASHER.hash(password), role.value, now.isoformat()):
        raise _err("accounts.taken", "name", name=name)
    for tournament in tournaments:
        store.grant(name, tournament)
    return account(store, name)


def grant(store: AccountStore, name: str, tournament: str) -> Account:
    """Let the account ``name`` act on ``tournament``."""
    if store.user(name) is None:
        raise _err("accounts.no-such-user", "name", name=name)
    store.grant(name, tournament)
    return account(store, name)


def account(store: AccountStore, name: str) -> Account:
    found = store.user(name)
    if found is None:
        raise _err("accounts.no-such-user", "name", name=name)
    return Account(name, Role(found[1]), store.granted(name))


def login(store: AccountStore, name: str, password: str, *, now: float) -> Account:
    """The account, if the password is right and the limit not reached."""
    since = now - LOGIN_WINDOW
    if store.failures_since(name[:60], since) >= LOGIN_LIMIT:
        raise TooManyAttemptsError(Message("accounts.too-many", {}))
    found = store.user(name[:60]) if _NAME.fullmatch(name) else None
    ok = False
    if found is not None and len(password) <= MAX_PASSWORD:
        try:
            ok = _HASHER.verify(found[0], password)
        except (VerificationError, InvalidHashError):
            ok = False
    if not ok:
        store.add_failure(name[:60], now)
        raise _err("accounts.wrong-login")
    store.clear_failures(name, since)
    return account(store, name)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(store: AccountStore, name: str, *, now: datetime) -> str:
    """A new API token for the account ``name`` (shown once; only its hash is kept)."""
    account(store, name)
    token = "mjref_" + secrets.token_urlsafe(32)
    store.add_token(_digest(token), name, now.isoformat())
    return token


def token_account(store: AccountStore, token: str) -> Account | None:
    if not token.startswith("mjref_") or len(token) > 100:
        return None
    name = store.token_user(_digest(token))
    return None if name is None else account(store, name)


def installation_secret(store: AccountStore) -> str:
    """The secret signing session cookies, CSRF tokens and table-scorer links: made once
    per database, so it survives restarts and is shared by every worker."""
    return store.setting("secret", secrets.token_urlsafe(48))


def new_password() -> str:
    return secrets.token_urlsafe(12)

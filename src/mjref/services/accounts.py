"""Use cases of the web app's accounts: organisers and referees, what each may act on,
logging in with a limit on wrong passwords, API tokens for scripts, the installation's
secret.

Passwords are hashed with Argon2id (argon2-cffi's defaults); a login with an unknown name
does the same Argon2 work against a dummy hash, so its time does not tell which accounts
exist. API tokens are random and stored as their SHA-256 only, with a printable prefix to
revoke them by. The login limit counts wrong passwords per account name and client address
in the database, so it holds across workers and restarts: after :data:`LOGIN_LIMIT` wrong
passwords from one address within :data:`LOGIN_WINDOW` seconds (or
:data:`ADDRESS_HOURLY_LIMIT` within :data:`HOUR`) that address is refused for the account,
even with the right password, until the window has passed; after :data:`ACCOUNT_LIMIT`
from all addresses within :data:`HOUR` every address is (``docs/security.md``).

Sessions are revocable: each account has a session generation, put in the signed cookie
and compared on every request (:func:`session_account`); logging out, a new password and
disabling the account move it on, so every older cookie stops working at once. Every
change of an account (created, granted, ungranted, a new password, a token made or
revoked, disabled) is recorded in the accounts store with who made it and when.
"""

from __future__ import annotations

import enum
import hashlib
import re
import secrets
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from mjref.errors import InputError
from mjref.messages import Message, register

LOGIN_LIMIT = 9
"""Wrong passwords allowed for an account from one address within :data:`LOGIN_WINDOW`;
the next attempt from that address is refused."""
LOGIN_WINDOW = 60.0
ADDRESS_HOURLY_LIMIT = 30
"""Wrong passwords allowed for an account from one address within :data:`HOUR`."""
ACCOUNT_LIMIT = 100
"""Wrong passwords allowed for an account from all addresses within :data:`HOUR`: more
than one address can reach (:data:`ADDRESS_HOURLY_LIMIT`), so it bounds distributed
guessing (2,400 guesses a day) without letting one address lock the account out."""
HOUR = 3600.0
TOKEN_PREFIX = 14
"""Characters of a token kept in clear to name it (``mjref_`` and 8 of its 43 random ones)."""
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
        "accounts.too-many-later": (
            "too many wrong passwords for this account: try again later (within the hour)"
        ),
        "accounts.no-such-tournament": (
            "there is no tournament {tournament!r}: create it first (mjref tournament new)"
        ),
        "accounts.not-granted": "{name} may not act on {tournament} (nothing to revoke)",
        "accounts.not-a-referee": (
            "{name} is not a referee: only a referee's access is revoked here"
        ),
        "accounts.passwords-differ": "the two new passwords are not the same",
        "accounts.wrong-password": "the current password is wrong",
        "accounts.no-such-token": "{name} has no token in force beginning {prefix!r}",
        "accounts.ambiguous-token": (
            "{count} tokens of {name} begin {prefix!r}: give more of the token"
        ),
        "accounts.disabled": "the account {name} is disabled",
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
    def user(self, name: str) -> tuple[str, str, int, bool] | None: ...
    def add_user(self, name: str, password_hash: str, role: str, at: str) -> bool: ...
    def set_password(self, name: str, password_hash: str) -> None: ...
    def bump_generation(self, name: str) -> None: ...
    def disable(self, name: str, at: str) -> bool: ...
    def grant(self, name: str, tournament: str) -> None: ...
    def ungrant(self, name: str, tournament: str) -> bool: ...
    def granted(self, name: str) -> frozenset[str]: ...
    def failures_since(self, name: str, since: float, address: str | None = None) -> int: ...
    def add_failure(self, name: str, at: float, address: str | None = None) -> None: ...
    def clear_failures(self, name: str, before: float) -> None: ...
    def add_token(self, token_hash: str, name: str, at: str, prefix: str | None = None) -> None: ...
    def tokens_of(self, name: str) -> list[tuple[str, str | None, str]]: ...
    def revoke_tokens(self, hashes: list[str], at: str) -> int: ...
    def token_user(self, token_hash: str) -> str | None: ...
    def record(self, at: str, actor: str, name: str, action: str, detail: str = "") -> None: ...
    def setting(self, key: str, default: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Account:
    """Who is logged in: the name, the role and the tournaments granted."""

    name: str
    role: Role
    tournaments: frozenset[str]
    generation: int = 0
    """The session generation a cookie must carry (:func:`session_account`)."""
    disabled: bool = False

    def may_act(self, tournament: str) -> bool:
        return tournament in self.tournaments

    @property
    def organiser(self) -> bool:
        return self.role is Role.ORGANISER


_HASHER = PasswordHasher()


@cache
def _dummy_hash() -> str:
    """A hash of a random password with the hasher's parameters, verified against when the
    account is unknown so that the login costs the same Argon2 work."""
    return _HASHER.hash(secrets.token_urlsafe(16))


def prepare() -> None:
    """Make the dummy hash now (the web app calls it on start), not on the first login
    with an unknown name."""
    _dummy_hash()


def _verify(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` matches; with no hash (no such account, or a password too long)
    the same Argon2 work is done against the dummy hash and the answer is no."""
    try:
        if password_hash is None or len(password) > MAX_PASSWORD:
            _HASHER.verify(_dummy_hash(), password[:MAX_PASSWORD])
            return False
        return _HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


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


def _check_tournaments(tournaments: Collection[str], known: Collection[str] | None) -> None:
    for tournament in tournaments:
        if known is not None and tournament not in known:
            raise _err("accounts.no-such-tournament", "tournament", tournament=tournament[:80])


def add_user(
    store: AccountStore,
    name: str,
    password: str,
    role: Role,
    *,
    tournaments: tuple[str, ...] = (),
    known: Collection[str] | None = None,
    actor: str = "-",
    now: datetime,
) -> Account:
    """Create an account (and grant it ``tournaments``, each of them one of ``known``, the
    tournaments there are, when given)."""
    check_name(name)
    _check_password(password)
    _check_tournaments(tournaments, known)
    at = now.isoformat()
    if not store.add_user(name, _HASHER.hash(password), role.value, at):
        raise _err("accounts.taken", "name", name=name)
    store.record(at, actor, name, "created", role.value)
    for tournament in tournaments:
        store.grant(name, tournament)
        store.record(at, actor, name, "granted", tournament)
    return account(store, name)


def grant(
    store: AccountStore,
    name: str,
    tournament: str,
    *,
    known: Collection[str] | None = None,
    actor: str = "-",
    now: datetime | None = None,
) -> Account:
    """Let the account ``name`` act on ``tournament`` (one of ``known``, the tournaments
    there are, when given: the callers that just made the tournament leave it out)."""
    if store.user(name) is None:
        raise _err("accounts.no-such-user", "name", name=name)
    _check_tournaments((tournament,), known)
    store.grant(name, tournament)
    if now is not None:
        store.record(now.isoformat(), actor, name, "granted", tournament)
    return account(store, name)


def ungrant(
    store: AccountStore,
    name: str,
    tournament: str,
    *,
    actor: str,
    now: datetime,
    referee_only: bool = False,
) -> Account:
    """Take ``tournament`` from the account ``name`` (at once: grants are read on every
    request). ``referee_only``: refuse when the account is not a referee (the organiser's
    accounts page revokes referees only)."""
    found = account(store, name)
    if referee_only and found.role is not Role.REFEREE:
        raise _err("accounts.not-a-referee", "name", name=name)
    if not store.ungrant(name, tournament):
        raise _err("accounts.not-granted", "tournament", name=name, tournament=tournament[:80])
    store.record(now.isoformat(), actor, name, "ungranted", tournament)
    return account(store, name)


def account(store: AccountStore, name: str) -> Account:
    found = store.user(name)
    if found is None:
        raise _err("accounts.no-such-user", "name", name=name)
    return Account(name, Role(found[1]), store.granted(name), found[2], found[3])


def session_account(store: AccountStore, name: str, generation: object) -> Account | None:
    """The account a session cookie names, if the cookie's generation is the account's
    (not ended by a logout, a new password or disabling) and the account is not
    disabled."""
    if not isinstance(generation, int) or isinstance(generation, bool):
        return None
    found = store.user(name)
    if found is None or found[3] or found[2] != generation:
        return None
    return Account(name, Role(found[1]), store.granted(name), found[2], found[3])


def end_sessions(store: AccountStore, name: str) -> None:
    """Log out: every session of the account ends (its cookies carry the old generation)."""
    store.bump_generation(name)


def _limited(store: AccountStore, name: str, address: str, now: float) -> Message | None:
    """Why the login of ``name`` from ``address`` is refused now, if it is."""
    if store.failures_since(name, now - LOGIN_WINDOW, address) >= LOGIN_LIMIT:
        return Message("accounts.too-many", {})
    if store.failures_since(name, now - HOUR, address) >= ADDRESS_HOURLY_LIMIT:
        return Message("accounts.too-many-later", {})
    if store.failures_since(name, now - HOUR) >= ACCOUNT_LIMIT:
        return Message("accounts.too-many-later", {})
    return None


def login(
    store: AccountStore, name: str, password: str, *, now: float, address: str = ""
) -> Account:
    """The account, if the password is right, the account not disabled and the limits of
    the account and of the client ``address`` not reached. An unknown name costs the same
    Argon2 work as a known one."""
    key, address = name[:60], address[:64]
    refused = _limited(store, key, address, now)
    if refused is not None:
        raise TooManyAttemptsError(refused)
    found = store.user(key) if _NAME.fullmatch(name) else None
    ok = _verify(None if found is None else found[0], password)
    if not ok or found is None or found[3]:
        store.add_failure(key, now, address)
        raise _err("accounts.wrong-login")
    store.clear_failures(name, now - HOUR)
    return account(store, name)


def change_password(
    store: AccountStore,
    name: str,
    new: str,
    again: str,
    *,
    current: str | None = None,
    address: str = "",
    actor: str,
    now: datetime,
) -> Account:
    """A new password for ``name`` (typed twice); every session of the account ends. From
    the web the account's ``current`` password is checked first (under the login limit:
    a wrong one counts as a wrong password)."""
    found = store.user(name)
    if found is None:
        raise _err("accounts.no-such-user", "name", name=name)
    if current is not None:
        clock = now.timestamp()
        refused = _limited(store, name, address[:64], clock)
        if refused is not None:
            raise TooManyAttemptsError(refused)
        if not _verify(found[0], current):
            store.add_failure(name, clock, address[:64])
            raise _err("accounts.wrong-password", "current")
    _check_password(new)
    if new != again:
        raise _err("accounts.passwords-differ", "again")
    store.set_password(name, _HASHER.hash(new))
    store.record(now.isoformat(), actor, name, "password")
    return account(store, name)


def revoke_tokens(
    store: AccountStore, name: str, *, prefix: str | None, actor: str, now: datetime
) -> list[str]:
    """Revoke the account's token beginning ``prefix`` (``None``: every token); the
    prefixes of those revoked (tokens made before prefixes were kept show as ``mjref_``)."""
    account(store, name)
    found = store.tokens_of(name)
    if prefix is not None:
        given = prefix.strip()
        chosen = [
            (h, p)
            for h, p, _at in found
            if h == _digest(given)
            or (p is not None and len(given) >= 8 and (p.startswith(given) or given.startswith(p)))
        ]
        if not chosen:
            raise _err("accounts.no-such-token", "token", name=name, prefix=given[:20])
        if len(chosen) > 1:
            raise _err(
                "accounts.ambiguous-token", "token", name=name, prefix=given[:20], count=len(chosen)
            )
    else:
        chosen = [(h, p) for h, p, _at in found]
    at = now.isoformat()
    store.revoke_tokens([h for h, _p in chosen], at)
    names = [p or "mjref_" for _h, p in chosen]
    for shown in names:
        store.record(at, actor, name, "token-revoked", shown)
    return names


def disable(store: AccountStore, name: str, *, actor: str, now: datetime) -> list[str]:
    """Disable the account: its sessions end, its tokens are revoked (their prefixes are
    returned), no login works."""
    account(store, name)
    at = now.isoformat()
    if not store.disable(name, at):
        raise _err("accounts.disabled", "name", name=name)
    store.record(at, actor, name, "disabled")
    return revoke_tokens(store, name, prefix=None, actor=actor, now=now)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(store: AccountStore, name: str, *, now: datetime, actor: str = "-") -> str:
    """A new API token for the account ``name`` (shown once; only its hash is kept, and its
    first :data:`TOKEN_PREFIX` characters to revoke it by)."""
    if account(store, name).disabled:
        raise _err("accounts.disabled", "name", name=name)
    token = "mjref_" + secrets.token_urlsafe(32)
    at = now.isoformat()
    store.add_token(_digest(token), name, at, token[:TOKEN_PREFIX])
    store.record(at, actor, name, "token", token[:TOKEN_PREFIX])
    return token


def token_account(store: AccountStore, token: str) -> Account | None:
    """The account of a token in force (not revoked, the account not disabled)."""
    if not token.startswith("mjref_") or len(token) > 100:
        return None
    name = store.token_user(_digest(token))
    if name is None:
        return None
    found = account(store, name)
    return None if found.disabled else found


def installation_secret(store: AccountStore) -> str:
    """The secret signing session cookies, CSRF tokens and table-scorer links: made once
    per database, so it survives restarts and is shared by every worker."""
    return store.setting("secret", secrets.token_urlsafe(48))


def new_password() -> str:
    return secrets.token_urlsafe(12)

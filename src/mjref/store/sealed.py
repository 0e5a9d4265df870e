"""The installation's secret sealed with a passphrase, to travel inside a backup: Fernet
(the ``cryptography`` package: AES in CBC mode with an HMAC-SHA256 over the whole token)
under a key that scrypt derives from the organiser's passphrase and a random salt.

Whoever holds the backup but not the passphrase cannot read the secret, so cannot forge a
table scorer's link or a player's confirmation code; a wrong passphrase (or a changed
token) is refused by Fernet's HMAC before anything is decrypted.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from mjref.errors import InputError
from mjref.store import _backup_messages  # noqa: F401  (registers the wording)

SCRYPT_N = 2**15
"""scrypt's cost (about 32 MiB and a tenth of a second to derive the key once)."""
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
MIN_PASSPHRASE = 8
MAX_PASSPHRASE = 1000
MAX_COST = 2**20
"""The highest scrypt cost a backup may ask for (a larger one is a damaged backup, not a
reason to spend gigabytes of memory)."""


@dataclass(frozen=True, slots=True)
class Sealed:
    """A sealed secret: the salt (URL-safe base64), scrypt's parameters, Fernet's token."""

    salt: str
    n: int
    r: int
    p: int
    token: str


def check_passphrase(passphrase: str, where: str) -> str:
    """``passphrase`` if it is long enough to be worth anything (and not absurdly long)."""
    if not MIN_PASSPHRASE <= len(passphrase) <= MAX_PASSPHRASE:
        raise InputError.of(
            "backup.passphrase-length", where, minimum=MIN_PASSPHRASE, maximum=MAX_PASSPHRASE
        )
    return passphrase


def _key(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    derived = Scrypt(salt=salt, length=32, n=n, r=r, p=p).derive(passphrase.encode("utf-8"))
    return base64.urlsafe_b64encode(derived)


def seal(secret: str, passphrase: str) -> Sealed:
    """``secret`` sealed with ``passphrase`` (a new random salt each time)."""
    salt = secrets.token_bytes(SALT_BYTES)
    key = _key(passphrase, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    token = Fernet(key).encrypt(secret.encode("utf-8")).decode("ascii")
    return Sealed(
        base64.urlsafe_b64encode(salt).decode("ascii"), SCRYPT_N, SCRYPT_R, SCRYPT_P, token
    )


def unseal(sealed: Sealed, passphrase: str, where: str) -> str:
    """The secret of ``sealed``; :class:`~mjref.errors.InputError` naming ``where`` for a
    wrong passphrase or a damaged seal."""
    if not (2 <= sealed.n <= MAX_COST and sealed.n & (sealed.n - 1) == 0):
        raise InputError.of("backup.bad-seal", where)
    if not (1 <= sealed.r <= 64 and 1 <= sealed.p <= 16):
        raise InputError.of("backup.bad-seal", where)
    try:
        salt = base64.urlsafe_b64decode(sealed.salt.encode("ascii"))
        key = _key(passphrase, salt, sealed.n, sealed.r, sealed.p)
        return Fernet(key).decrypt(sealed.token.encode("ascii")).decode("utf-8")
    except InvalidToken:
        raise InputError.of("backup.wrong-passphrase", where) from None
    except (ValueError, UnicodeError, MemoryError):
        raise InputError.of("backup.bad-seal", where) from None

"""The CSRF token's random part (mjref.web.app._csrf_secret, issue 28): asgi-csrf's
alphabet, every letter equally likely, from the operating system's source, and the
library uses it."""

from __future__ import annotations

from collections import Counter

import asgi_csrf

from mjref.web.app import _csrf_secret


def test_the_library_draws_its_secrets_with_it() -> None:
    assert asgi_csrf.make_secret is _csrf_secret
    assert len(asgi_csrf.make_secret(16)) == 16


def test_letters_and_digits_equally_likely() -> None:
    letters = asgi_csrf.allowed_chars
    drawn = Counter("".join(_csrf_secret(62) for _ in range(1000)))
    assert set(drawn) == set(letters)
    expected = 1000  # 62,000 letters over 62
    # A chi-square of 61 degrees of freedom above 120 happens about once in 100,000 runs.
    chi_square = sum((drawn[c] - expected) ** 2 / expected for c in letters)
    assert chi_square < 120


def test_secrets_differ() -> None:
    assert len({_csrf_secret(16) for _ in range(1000)}) == 1000

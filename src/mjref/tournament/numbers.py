"""Exact numbers written for people and files.

Standings keep table points, uma and totals as fractions. Written out, an integer stays
an integer, a terminating fraction is written exactly (``1.5``, ``1.75``), and any other
fraction as a whole part and a fraction (``2 1/3``) - or, for files read by spreadsheets,
as a decimal rounded to two places (``2.33``), the only place mjref rounds.

>>> from fractions import Fraction
>>> format_exact(Fraction(7, 3)), format_exact(Fraction(3, 2)), format_exact(Fraction(-8, 1))
('2 1/3', '1.5', '-8')
>>> format_decimal(Fraction(7, 3)), format_decimal(Fraction(7, 4)), format_decimal(Fraction(-1, 3))
('2.33', '1.75', '-0.33')
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction


def terminating(value: Fraction) -> bool:
    """Whether ``value`` has a finite decimal expansion (its denominator has no prime
    factor but 2 and 5)."""
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def _exact_decimal(value: Fraction) -> str:
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def format_exact(value: Fraction | int) -> str:
    """``value`` written exactly (see the module's description)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if terminating(value):
        return _exact_decimal(value)
    sign = "-" if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    fraction = f"{rest}/{value.denominator}"
    return f"{sign}{whole} {fraction}" if whole else f"{sign}{fraction}"


def format_decimal(value: Fraction | int, places: int = 2) -> str:
    """``value`` as a decimal: exact when it terminates, else rounded to ``places``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if terminating(value):
        return _exact_decimal(value)
    quantum = Decimal(1).scaleb(-places)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(quantum, rounding=ROUND_HALF_EVEN))

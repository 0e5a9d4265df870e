"""Cells of the CSV files mjref writes, made safe to open in a spreadsheet (no formula injection).

A spreadsheet (Excel, LibreOffice, Google Sheets) runs a cell that begins with ``=``,
``+``, ``-`` or ``@`` as a formula, and a tab or a carriage return at the start can hide
one. Every CSV file mjref writes (the EMA results file, the players file) passes each cell
through :func:`csv_cell`: as OWASP recommends, such a cell gets a leading single quote, which
the spreadsheet shows as text and does not run. Reading the file back with a CSV reader
gives the neutralised text, quote included.

Only numbers mjref itself wrote stay as they are (``number=True``), and only when they
are plain numbers (``-15``, ``2.5``): a score of -15 must stay a number for the EMA.
Text that came from a person (names, country, club, EMA number) is always neutralised,
even when it looks like a number.

>>> csv_cell("=1+2")
"'=1+2"
>>> csv_cell("Kovacs")
'Kovacs'
>>> csv_cell("-15", number=True)
'-15'
>>> csv_cell("-2+3", number=True)
"'-2+3"
>>> csv_cell("-2")
"'-2"
"""

from __future__ import annotations

import re

DANGEROUS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula."""

_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def csv_cell(text: str, *, number: bool = False) -> str:
    """The cell as written: ``text`` with a leading ``'`` when it begins with one of
    :data:`DANGEROUS`, unless ``number`` says mjref wrote it as a number and it is a
    plain one (an optional minus, digits, an optional decimal part)."""
    if number and _PLAIN_NUMBER.fullmatch(text):
        return text
    return "'" + text if text.startswith(DANGEROUS) else text

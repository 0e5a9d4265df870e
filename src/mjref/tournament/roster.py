"""Players' details: names, country, EMA number, club; and reading them from CSV.

- Names: first and last name, each 1 to :data:`~mjref.tournament.events.MAX_TEXT`
  characters (no control characters).
- Country: an ISO 3166-1 code, two or three letters (``HU`` or ``HUN``), kept as the
  two-letter code (``data/countries.txt``; XK for Kosovo).
- EMA number: blank for a player who is not a member, or the 8 digits of an EMA player
  number (the first two are the member association's number).
- Club: free text, may be blank.
- Team (the players file's ``team`` column only): the name of a registered team the player
  joins (``docs/tournament.md``, "Teams"), checked like the club; blank for none.

>>> check_country("hun")
'HU'
>>> check_ema_number(" 04290082 ")
'04290082'
>>> check_ema_number("4290082")
Traceback (most recent call last):
...
mjref.errors.InputError: ema-number: '4290082' is not an EMA number (8 digits, or blank)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from mjref.csvcells import csv_cell
from mjref.errors import InputError
from mjref.messages import Message
from mjref.tournament import _messages  # noqa: F401  (registers the wording)
from mjref.tournament.events import MAX_TEXT

MAX_ROWS = 1000
"""The most data rows a players file may have (the most players a tournament can have)."""

COLUMNS = ("first_name", "last_name", "country", "ema_number", "club", "team")
"""The columns of a players file (header names, any order; ``ema_number``, ``club`` and
``team`` may be left out)."""

_HEADER_ALIASES = {
    "first name": "first_name",
    "firstname": "first_name",
    "first": "first_name",
    "last name": "last_name",
    "lastname": "last_name",
    "last": "last_name",
    "surname": "last_name",
    "ema": "ema_number",
    "ema number": "ema_number",
    "ema id": "ema_number",
    "ema_id": "ema_number",
    "club or team": "club",
    "team name": "team",
}


@dataclass(frozen=True, slots=True)
class PlayerDetails:
    """A player's details, validated."""

    first_name: str
    last_name: str
    country: str
    ema_number: str
    club: str
    team: str = ""
    """The registered team the player joins (a players file's ``team`` column)."""


@cache
def countries() -> dict[str, str]:
    """ISO 3166-1 alpha-2 codes by alpha-2 and alpha-3 code."""
    text = resources.files("mjref.tournament").joinpath("data/countries.txt").read_text("utf-8")
    codes: dict[str, str] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            two, three = line.split()
            codes[two] = two
            codes[three] = two
    return codes


FIELDS = ("first-name", "last-name", "club", "team", "name", "note", "reason")
"""The free-text fields (message keys ``tournament.field.<name>``)."""


def check_text(value: str, field: str, *, required: bool) -> str:
    """``value`` stripped; refused when required and blank, too long, or with control
    characters. ``field`` is one of :data:`FIELDS`."""
    text = value.strip()
    name = Message(f"tournament.field.{field}", {})
    if required and not text:
        raise InputError.of("tournament.field-missing", field, field=name)
    if len(text) > MAX_TEXT:
        raise InputError.of("tournament.field-too-long", field, field=name, limit=MAX_TEXT)
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        raise InputError.of("tournament.field-control", field, field=name)
    return text


def check_country(value: str) -> str:
    """The ISO 3166-1 alpha-2 code for ``value`` (two or three letters, any case)."""
    code = countries().get(value.strip().upper())
    if code is None:
        raise InputError.of("tournament.bad-country", "country", value=value.strip())
    return code


def check_ema_number(value: str) -> str:
    """``value`` as an EMA number: 8 digits, or blank for a non-member."""
    text = value.strip()
    if text and not (len(text) == 8 and text.isascii() and text.isdigit()):
        raise InputError.of("tournament.bad-ema-number", "ema-number", value=text)
    return text


def check_details(
    first_name: str,
    last_name: str,
    country: str,
    ema_number: str = "",
    club: str = "",
    team: str = "",
) -> PlayerDetails:
    """Validated details; the first problem found is an ``InputError`` naming the field."""
    return PlayerDetails(
        first_name=check_text(first_name, "first-name", required=True),
        last_name=check_text(last_name, "last-name", required=True),
        country=check_country(country),
        ema_number=check_ema_number(ema_number),
        club=check_text(club, "club", required=False),
        team=check_text(team, "team", required=False),
    )


@dataclass(frozen=True, slots=True)
class RowProblem:
    """A bad row of a players file: its line number (the header is line 1) and why."""

    line: int
    reason: Message


@dataclass(frozen=True, slots=True)
class ParsedPlayers:
    """The good rows (with their line numbers) and every problem found."""

    players: tuple[tuple[int, PlayerDetails], ...]
    problems: tuple[RowProblem, ...]


def _line(number: int) -> Message:
    return Message("tournament.where-line", {"line": number})


def _column(name: str) -> str:
    key = name.strip().lower().replace("-", " ")
    key = _HEADER_ALIASES.get(key, key.replace(" ", "_"))
    return key


def delimiter(text: str) -> str:
    """``;`` when the header row (the first line that is not blank) reads as one cell
    with commas but as several with semicolons (a spreadsheet set to a European locale
    writes its CSV files so), else ``,``."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        commas = next(csv.reader([first]), [])
        semicolons = next(csv.reader([first], delimiter=";"), [])
    except csv.Error:
        return ","
    return ";" if len(commas) <= 1 and len(semicolons) > 1 else ","


def parse_players_csv(text: str, known_ema: Iterable[str] = ()) -> ParsedPlayers:
    """Read a players file (CSV with a header row) and report every bad row at once.

    A row is bad when a name is missing, the country code is unknown, the EMA number
    is malformed, or the EMA number is already registered (``known_ema``) or appears
    on an earlier row. The cells are separated by commas, or by semicolons when the
    header row is (as European spreadsheets write CSV files): see :func:`delimiter`.
    """
    reader = csv.reader(io.StringIO(text), delimiter=delimiter(text))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError.of("tournament.csv-empty") from None
    except csv.Error as exc:
        raise InputError.of("tournament.csv-syntax", _line(1), problem=str(exc)) from None
    columns = [_column(h) for h in header]
    for needed in ("first_name", "last_name", "country"):
        if needed not in columns:
            raise InputError.of(
                "tournament.csv-column-missing",
                _line(1),
                column=needed,
                expected=", ".join(COLUMNS),
            )
    unknown = [h for h, c in zip(header, columns, strict=True) if c not in COLUMNS]
    if unknown:
        raise InputError.of(
            "tournament.csv-column-unknown",
            _line(1),
            column=unknown[0],
            expected=", ".join(COLUMNS),
        )
    seen_ema: dict[str, int] = {}
    registered = set(known_ema)
    good: list[tuple[int, PlayerDetails]] = []
    problems: list[RowProblem] = []
    line = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(
                RowProblem(
                    reader.line_num, Message("tournament.csv-syntax-row", {"problem": str(exc)})
                )
            )
            break
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(good) + len(problems) >= MAX_ROWS:
            raise InputError.of("tournament.csv-too-many", _line(line), limit=MAX_ROWS)
        if len(row) != len(columns):
            problems.append(
                RowProblem(
                    line,
                    Message("tournament.csv-cells", {"found": len(row), "expected": len(columns)}),
                )
            )
            continue
        cells = dict(zip(columns, row, strict=True))
        try:
            details = check_details(
                cells["first_name"],
                cells["last_name"],
                cells["country"],
                cells.get("ema_number", ""),
                cells.get("club", ""),
                cells.get("team", ""),
            )
        except InputError as exc:
            problems.append(RowProblem(line, exc.message))
            continue
        if details.ema_number:
            if details.ema_number in registered:
                problems.append(
                    RowProblem(
                        line,
                        Message("tournament.ema-registered", {"number": details.ema_number}),
                    )
                )
                continue
            if details.ema_number in seen_ema:
                problems.append(
                    RowProblem(
                        line,
                        Message(
                            "tournament.ema-duplicate",
                            {"number": details.ema_number, "other": seen_ema[details.ema_number]},
                        ),
                    )
                )
                continue
            seen_ema[details.ema_number] = line
        good.append((line, details))
    return ParsedPlayers(tuple(good), tuple(problems))


def format_players_csv(rows: Sequence[PlayerDetails]) -> str:
    """Players as a CSV file :func:`parse_players_csv` reads back: the same players,
    except that a cell beginning with ``=``, ``+``, ``-`` or ``@`` comes back with the
    leading ``'`` that keeps a spreadsheet from running it (:func:`mjref.csvcells.csv_cell`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for p in rows:
        cells = (p.first_name, p.last_name, p.country, p.ema_number, p.club, p.team)
        writer.writerow([csv_cell(text) for text in cells])
    return out.getvalue()

"""Reading the EMA's player list: a CSV file of number, name and country, downloaded by
the organiser and imported offline.

- A row is ``number, name, country``: an 8-digit EMA number, the name as the EMA writes
  it (1 to :data:`MAX_NAME` characters, no control characters), an ISO 3166-1 code (two
  or three letters). A first row whose first cell is not a number is a header and is
  skipped; cells may be separated by ``;`` (see :func:`mjref.tournament.roster.delimiter`).
- Bounded: at most :data:`MAX_CHARS` characters and :data:`MAX_ROWS` players; every bad
  row is reported at once with its line (a number twice included), never a traceback.

>>> parsed = parse_player_list("number,name,country\\n04290082,Kovács Ákos,HUN\\n")
>>> parsed.players
(EmaPlayer(number='04290082', name='Kovács Ákos', country='HU'),)
>>> parse_player_list("04290082,Anna,XX\\n").problems[0].line
1
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from mjref.ema import _messages  # noqa: F401  (registers the wording)
from mjref.errors import InputError
from mjref.messages import Message
from mjref.tournament.roster import countries, delimiter

MAX_CHARS = 10_000_000
"""The largest list read (characters)."""
MAX_ROWS = 100_000
"""The most players a list may have."""
MAX_NAME = 120
"""The longest name on the list."""


@dataclass(frozen=True, slots=True)
class EmaPlayer:
    """One player of the EMA's list."""

    number: str
    name: str
    country: str


@dataclass(frozen=True, slots=True)
class ListProblem:
    """A bad row of the list: its line and why."""

    line: int
    reason: Message


@dataclass(frozen=True, slots=True)
class ParsedList:
    """The good rows of a list and every problem found."""

    players: tuple[EmaPlayer, ...]
    problems: tuple[ListProblem, ...]


def _is_number(text: str) -> bool:
    return len(text) == 8 and text.isascii() and text.isdigit()


def _row(cells: list[str]) -> EmaPlayer | Message:
    if len(cells) != 3:
        return Message("ema.list-cells", {"found": len(cells)})
    number, name, country = (c.strip() for c in cells)
    if not _is_number(number):
        return Message("ema.list-number", {"value": number[:20]})
    if not name or len(name) > MAX_NAME or not name.isprintable():
        return Message("ema.list-name", {"limit": MAX_NAME})
    code = countries().get(country.upper())
    if code is None:
        return Message("ema.list-country", {"value": country[:20]})
    return EmaPlayer(number, name, code)


def parse_player_list(text: str) -> ParsedList:
    """Read the EMA's player list (see the module's description)."""
    if len(text) > MAX_CHARS:
        raise InputError.of("ema.list-too-large", limit=MAX_CHARS)
    if not text.strip():
        raise InputError.of("ema.list-empty")
    reader = csv.reader(io.StringIO(text), delimiter=delimiter(text))
    players: list[EmaPlayer] = []
    problems: list[ListProblem] = []
    seen: dict[str, int] = {}
    first = True
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(
                ListProblem(reader.line_num, Message("ema.list-syntax", {"problem": str(exc)}))
            )
            break
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if first:
            first = False
            if not _is_number(cells[0].strip()):
                continue  # the header
        if len(players) + len(problems) >= MAX_ROWS:
            raise InputError.of("ema.list-too-many", limit=MAX_ROWS)
        found = _row(cells)
        if isinstance(found, Message):
            problems.append(ListProblem(line, found))
        elif found.number in seen:
            problems.append(
                ListProblem(
                    line,
                    Message(
                        "ema.list-duplicate", {"number": found.number, "other": seen[found.number]}
                    ),
                )
            )
        else:
            seen[found.number] = line
            players.append(found)
    return ParsedList(tuple(players), tuple(problems))

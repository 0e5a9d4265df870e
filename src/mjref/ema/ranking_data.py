"""Reading the EMA ranking data a player's rating is computed from: each player's counted
results, as a CSV file the organiser imports offline.

A row is ``ema_number, family, tournament, start, end, place, players, weight`` and an
optional ``world`` (``yes``/``no``: a world championship): an 8-digit EMA number, ``mcr`` or
``riichi``, the tournament's name (at most :data:`MAX_NAME` printable characters), its
first and last day (``YYYY-MM-DD``), the place and the number of players (1 to
:data:`MAX_PLAYERS`), the MERS weight (a decimal from 0 to 10). A header row is skipped;
at most :data:`MAX_ROWS` rows and :data:`MAX_CHARS` characters; every bad row is reported
with its line.

>>> parse_ranking_data("04290082,mcr,Open,2026-05-01,2026-05-02,3,40,2.5\\n").rows[0].result.weight
Fraction(5, 2)
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from mjref.ema import _messages  # noqa: F401  (registers the wording)
from mjref.ema.player_list import ListProblem
from mjref.ema.ranking import Result, parse_day
from mjref.errors import InputError
from mjref.messages import Message
from mjref.tournament.roster import delimiter

MAX_CHARS = 20_000_000
MAX_ROWS = 200_000
MAX_NAME = 120
MAX_PLAYERS = 10_000
FAMILIES = ("mcr", "riichi")


@dataclass(frozen=True, slots=True)
class RankingRow:
    """One counted result of one player."""

    ema_number: str
    family: str
    result: Result


@dataclass(frozen=True, slots=True)
class ParsedRanking:
    rows: tuple[RankingRow, ...]
    problems: tuple[ListProblem, ...]


def _row(cells: list[str]) -> RankingRow | Message:
    if len(cells) not in (8, 9):
        return Message("ema.data-cells", {"found": len(cells)})
    number, family, name, start, end, place, players, weight = (c.strip() for c in cells[:8])
    world = cells[8].strip().lower() if len(cells) == 9 else "no"
    if not (len(number) == 8 and number.isascii() and number.isdigit()):
        return Message("ema.list-number", {"value": number[:20]})
    if family.lower() not in FAMILIES:
        return Message("ema.data-family", {"value": family[:20]})
    if len(name) > MAX_NAME or not name.isprintable():
        return Message("ema.list-name", {"limit": MAX_NAME})
    try:
        if parse_day(end) < parse_day(start):
            return Message("ema.data-dates", {"start": start, "end": end})
    except InputError as error:
        return error.message
    if not (place.isascii() and place.isdigit() and players.isascii() and players.isdigit()):
        return Message("ema.bad-place", {"place": place[:10], "players": players[:10]})
    if not 1 <= int(place) <= int(players) <= MAX_PLAYERS:
        return Message("ema.bad-place", {"place": place[:10], "players": players[:10]})
    try:
        amount = Decimal(weight)
    except InvalidOperation:
        amount = Decimal(-1)
    if not amount.is_finite() or not 0 <= amount <= 10 or len(weight) > 10:
        return Message("ema.data-weight", {"value": weight[:20]})
    if world not in ("yes", "no", ""):
        return Message("ema.data-world", {"value": world[:20]})
    result = Result(start, end, int(place), int(players), Fraction(amount), world == "yes", name)
    return RankingRow(number, family.lower(), result)


def parse_ranking_data(text: str) -> ParsedRanking:
    """Read the ranking data (see the module's description)."""
    if len(text) > MAX_CHARS:
        raise InputError.of("ema.list-too-large", limit=MAX_CHARS)
    if not text.strip():
        raise InputError.of("ema.list-empty")
    reader = csv.reader(io.StringIO(text), delimiter=delimiter(text))
    rows: list[RankingRow] = []
    problems: list[ListProblem] = []
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
        if not any(c.strip() for c in cells):
            continue
        if first:
            first = False
            head = cells[0].strip()
            if not (len(head) == 8 and head.isdigit()):
                continue
        if len(rows) + len(problems) >= MAX_ROWS:
            raise InputError.of("ema.list-too-many", limit=MAX_ROWS)
        found = _row(cells)
        if isinstance(found, Message):
            problems.append(ListProblem(reader.line_num, found))
        else:
            rows.append(found)
    return ParsedRanking(tuple(rows), tuple(problems))

"""Exports: the EMA results file and a static HTML site of the tournament.

**EMA results file** (CSV, UTF-8, comma-separated, one header row): the columns of an
EMA result submission as issue 11 lists them - place, last name, first name, EMA number,
country, then table points and score (MCR) or the total (riichi). Every ranked player is
in it, disqualified players last (their result counts for the EMA ranking: MERS 2010 4.4,
RCR 5.8 / 5.7); players removed from the final results and substitutes are not. Numbers
are written as in :mod:`mjref.tournament.numbers` (the only rounding: a fraction that does
not terminate, to two decimals). Every cell goes through :func:`mjref.csvcells.csv_cell`:
a name that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a
leading ``'`` so that a spreadsheet does not run it as a formula; the place, table points
and score stay plain numbers (``docs/security.md``).

**HTML** (:func:`html_site`): ``index.html`` (standings), ``seating.html`` (every
session's tables) and ``players.html`` (each player's sessions), self-contained (inline
CSS, no scripts), readable on paper (print styles). Text is rendered by the ``text``
function the adapter passes in, in the user's language.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable, Sequence
from fractions import Fraction

from mjref.csvcells import csv_cell
from mjref.messages import Message
from mjref.rules.model import Family
from mjref.services.tournament import EventLog, load
from mjref.tournament.numbers import format_decimal, format_exact
from mjref.tournament.standings import LineStatus, Row, SessionLine, Standings, history, standings
from mjref.tournament.state import Tournament

Text = Callable[[Message], str]

MCR_COLUMNS = ("Place", "Last name", "First name", "EMA number", "Country", "Table points", "Score")
RIICHI_COLUMNS = ("Place", "Last name", "First name", "EMA number", "Country", "Total")


def ema_rows(result: Standings) -> list[tuple[str, ...]]:
    """The rows of the EMA results file, header first, each cell as written (neutralised)."""
    mcr = result.family is Family.MCR
    rows: list[tuple[str, ...]] = [MCR_COLUMNS if mcr else RIICHI_COLUMNS]
    for row in result.ranked:
        p = row.player
        head = (
            csv_cell(str(row.place), number=True),
            *(csv_cell(text) for text in (p.last_name, p.first_name, p.ema_number, p.country)),
        )
        points: tuple[str, ...]
        if mcr:
            points = (format_decimal(row.table_points), format_decimal(row.score))
        else:
            points = (format_decimal(row.score),)
        rows.append((*head, *(csv_cell(n, number=True) for n in points)))
    return rows


def ema_results(log: EventLog, tournament: str) -> str:
    """The EMA results file of the tournament as it stands."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(ema_rows(standings(load(log, tournament))))
    return out.getvalue()


_CSS = """
body { font-family: sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #999; padding: 0.2em 0.5em; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr:nth-child(even) td { background: #f3f3f3; }
nav a { margin-right: 1em; }
.note { color: #555; font-size: 0.9em; }
@media print {
  nav { display: none; }
  body { margin: 0; font-size: 10pt; }
  h2 { break-after: avoid; }
  table { break-inside: auto; } tr { break-inside: avoid; }
  section { break-before: page; } section:first-of-type { break-before: auto; }
  tr:nth-child(even) td { background: none; }
}
"""


def _page(title: str, lang: str, body: str, nav: str) -> str:
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head>\n"
        f"<body><nav>{nav}</nav>\n{body}\n</body></html>\n"
    )


def _table(head: Sequence[str], rows: Sequence[Sequence[tuple[str, bool]]]) -> str:
    parts = ["<table><thead><tr>"]
    parts += [f"<th>{html.escape(h)}</th>" for h in head]
    parts.append("</tr></thead><tbody>")
    for row in rows:
        cells = "".join(
            f'<td class="n">{html.escape(v)}</td>' if number else f"<td>{html.escape(v)}</td>"
            for v, number in row
        )
        parts.append(f"<tr>{cells}</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def _standing_rows(rows: Sequence[Row], mcr: bool, text: Text) -> list[list[tuple[str, bool]]]:
    found = []
    for row in rows:
        p = row.player
        name = p.name
        if row.status.value == "disqualified":
            name += f" ({text(Message('tournament.note-disqualified', {}))})"
        cells = [
            (str(row.place) if row.place is not None else "", True),
            (str(p.player), True),
            (name, False),
            (p.country, False),
            (p.club, False),
        ]
        if mcr:
            cells.append((format_exact(row.table_points), True))
        cells.append((format_exact(row.score), True))
        found.append(cells)
    return found


def _line_note(line: SessionLine, text: Text) -> str:
    if line.status is LineStatus.MISSED:
        note = text(Message("tournament.note-missed", {}))
        if line.other is not None:
            note += "; " + text(Message("tournament.note-replaced", {"player": line.other}))
        return note
    if line.status is LineStatus.BYE:
        return text(Message("tournament.note-bye", {}))
    if line.status is LineStatus.PENDING:
        return text(Message("tournament.note-no-result", {}))
    if line.status is LineStatus.SUBSTITUTE and line.other is not None:
        return text(Message("tournament.note-substitute", {"player": line.other}))
    return line.clause or ""


def _num(value: Fraction | int | None) -> str:
    return "" if value is None else format_exact(value)


def html_site(log: EventLog, tournament: str, text: Text, lang: str = "en") -> dict[str, str]:
    """The tournament as static pages: file name -> HTML (see the module's description)."""
    t = load(log, tournament)
    return build_site(t, text, lang)


def build_site(t: Tournament, text: Text, lang: str = "en") -> dict[str, str]:
    result = standings(t)
    mcr = t.family is Family.MCR
    name = t.settings.name

    def col(key: str) -> str:
        return text(Message(f"tournament.col-{key}", {}))

    nav = (
        f'<a href="index.html">{html.escape(text(Message("tournament.standings-title", {})))}</a>'
        f'<a href="seating.html">{html.escape(text(Message("tournament.seating-nav", {})))}</a>'
        f'<a href="players.html">{html.escape(text(Message("tournament.players-title", {})))}</a>'
    )
    footer = (
        '<p class="note">'
        + html.escape(text(Message("tournament.generated", {"seq": t.position})))
        + "</p>"
    )
    head = [col("place"), col("number"), col("player"), col("country"), col("club")]
    head += [col("table-points"), col("score")] if mcr else [col("total")]
    body = [f"<h1>{html.escape(name)}</h1>"]
    body.append(f"<h2>{html.escape(text(Message('tournament.standings-title', {})))}</h2>")
    body.append(_table(head, _standing_rows(result.ranked, mcr, text)))
    struck = [r for r in result.apart if r.status.value == "struck"]
    subs = [r for r in result.apart if r.status.value == "substitute"]
    for title, rows in (
        ("tournament.apart-struck", struck),
        ("tournament.apart-substitutes", subs),
    ):
        if rows:
            body.append(f"<h2>{html.escape(text(Message(title, {})))}</h2>")
            body.append(_table(head, _standing_rows(rows, mcr, text)))
    body.append(footer)
    pages = {"index.html": _page(name, lang, "\n".join(body), nav)}

    seating_body = [f"<h1>{html.escape(name)}</h1>"]
    for session in sorted(t.seating):
        title = text(Message("tournament.seating-title", {"session": session}))
        table_rows: list[list[tuple[str, bool]]] = []
        for number in range(1, t.table_count(session) + 1):
            cells: list[tuple[str, bool]] = [(str(number), True)]
            for seat in t.seats(session, number):
                who = t.player(seat.playing)
                cells.append((f"{seat.wind}: {who.name} ({who.player})", False))
            table_rows.append(cells)
        seating_body.append(f"<section><h2>{html.escape(title)}</h2>")
        seating_body.append(_table([col("table"), "E", "S", "W", "N"], table_rows) + "</section>")
    seating_body.append(footer)
    pages["seating.html"] = _page(name, lang, "\n".join(seating_body), nav)

    players_body = [f"<h1>{html.escape(name)}</h1>"]
    line_head = [col("session"), col("table"), col("seat"), col("score"), col("penalties")]
    line_head += (
        [col("table-points"), col("total")] if mcr else [col("points"), col("uma"), col("total")]
    )
    line_head.append("")
    for view in t.player_views():
        lines = history(t, view.player)
        line_rows: list[list[tuple[str, bool]]] = []
        for line in lines:
            cells = [
                (str(line.session), True),
                (_num(line.table), True),
                (line.seat or "", False),
                (_num(line.score), True),
                (str(line.penalty) if line.penalty else "", True),
            ]
            if mcr:
                cells += [(format_exact(line.table_points), True), (format_exact(line.total), True)]
            else:
                cells += [
                    (format_exact(line.points), True),
                    (format_exact(line.uma), True),
                    (format_exact(line.total), True),
                ]
            cells.append((_line_note(line, text), False))
            line_rows.append(cells)
        players_body.append(
            f'<section id="p{view.player}"><h2>{view.player}. {html.escape(view.name)}</h2>'
        )
        players_body.append(_table(line_head, line_rows) + "</section>")
    players_body.append(footer)
    pages["players.html"] = _page(name, lang, "\n".join(players_body), nav)
    return pages

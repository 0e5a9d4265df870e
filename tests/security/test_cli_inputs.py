"""The command line's inputs that did something else than asked: ``-o -`` wrote a file
named ``-``, ``--db ""`` quietly meant ``./mjref.db``, and a players file separated by
semicolons (as European spreadsheets write CSV) was refused as missing ``first_name``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_tournament_mcr_e2e import Cli


@pytest.fixture
def mj(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    monkeypatch.chdir(tmp_path)
    cli = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    cli("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "1")
    for n in range(1, 5):
        cli("players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", "FR")
    return cli


def test_export_ema_to_a_dash_is_standard_output(mj: Cli, tmp_path: Path) -> None:
    plain = mj("export", "ema").stdout
    dashed = mj("export", "ema", "-o", "-")
    assert dashed.stdout == plain
    assert plain.startswith("Place,")
    assert not (tmp_path / "-").exists()
    document = json.loads(mj("export", "ema", "--output", "-", "--json").stdout)
    assert document == {"csv": plain}
    assert not (tmp_path / "-").exists()


def test_export_html_to_a_dash_is_refused(mj: Cli, tmp_path: Path) -> None:
    refused = mj("export", "html", "-o", "-", code=2)
    assert refused.stderr.startswith("error: ")
    assert refused.stderr.count("\n") == 1
    assert "folder" in refused.stderr
    assert not (tmp_path / "-").exists()


def test_an_empty_db_is_refused(mj: Cli, tmp_path: Path) -> None:
    for args in (("tournament", "list"), ("export", "ema"), ("serve",)):
        refused = mj(*args, "--db", "", code=2)
        assert refused.stderr.startswith("error: "), refused.stderr
        assert refused.stderr.count("\n") == 1
        assert "--db" in refused.stderr
        assert "Traceback" not in refused.stderr
    document = json.loads(mj("tournament", "list", "--db", " ", "--json", code=2).stdout)
    assert document["error"]["key"] == "store.empty-db"
    assert not (tmp_path / "mjref.db").exists()


def test_a_players_file_with_semicolons_is_read(mj: Cli, tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text(
        "First name;Last name;Country;EMA number;Club\n"
        'Zoltan;Szabo;HU;04000001;"Club; Budapest"\n'
        "Ines;Moreau;FR;;\n",
        encoding="utf-8",
    )
    added = mj.json("players", "import", str(players))
    assert len(added["added"]) == 2  # type: ignore[index]
    listed = mj.json("players", "list")
    names = {(p["last_name"], p["club"]) for p in listed}  # type: ignore[union-attr,index]
    assert ("Szabo", "Club; Budapest") in names
    assert ("Moreau", "") in names


def test_a_comma_file_with_semicolons_in_its_cells_stays_a_comma_file() -> None:
    from mjref.tournament.roster import delimiter, parse_players_csv

    text = "first_name,last_name,country\nA;B,C,HU\n"
    assert delimiter(text) == ","
    parsed = parse_players_csv(text)
    assert [d.first_name for _, d in parsed.players] == ["A;B"]
    assert delimiter("\n\nfirst_name;last_name;country\n") == ";"
    assert delimiter("first_name\n") == ","

"""``mjref ema``: the EMA player list imported (bad rows refused with exit 2), the warnings
shown at registration and import and listed, one accepted, the EMA details and the MERS
weight, each with --json and --lang; any list file is read or refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjref.cli.main import app
from tests.cli.test_tournament_mcr_e2e import Cli

LIST = "number;name;country\n04290082;KOVACS Akos;HUN\n08000001;Berg Anne;NL\n"


@pytest.fixture
def mj(tmp_path: Path) -> Cli:
    cli = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    cli("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "3")
    return cli


def test_list_registration_warnings_and_acceptance(mj: Cli, tmp_path: Path) -> None:
    listed = tmp_path / "ema.csv"
    listed.write_text(LIST + "123;Bad;NL\n", encoding="utf-8")
    refused = mj("ema", "import-list", str(listed), code=2)
    assert "line 4: '123' is not an EMA number (8 digits)" in refused.stderr
    assert mj.json("ema", "import-list", str(listed), "--skip-bad")["players"] == 2  # type: ignore[index]
    added = mj(
        "players",
        "add",
        "--first",
        "Anna",
        "--last",
        "Berg",
        "--country",
        "NL",
        "--ema",
        "08000001",
    )
    assert "warning: player 1: the name 'Anna Berg' differs from 'Berg Anne'" in added.stderr
    players = tmp_path / "players.csv"
    players.write_text(
        "first_name,last_name,country,ema_number\nÁkos,Kovács,HU,04290082\nJohn,Doe,GB,11000001\n",
        encoding="utf-8",
    )
    imported = mj("players", "import", str(players))
    assert "EMA number 11000001 is not on the EMA player list" in imported.stderr
    assert "04290082" not in imported.stderr  # the same name without accents, case or order
    found = mj.json("ema", "warnings")
    assert [(w["player"], w["warning"], w["accepted"]) for w in found["warnings"]] == [  # type: ignore[index]
        (1, "name", False),
        (3, "unknown", False),
    ]
    mj("ema", "accept", "--player", "1", "--warning", "name", "--note", "same person")
    text = mj("ema", "warnings", "--lang", "fr").stdout
    assert "(accepted)" not in text
    assert mj.json("ema", "warnings", "--player", "1")["warnings"][0]["accepted"] is True  # type: ignore[index]
    again = mj("ema", "accept", "--player", "1", "--warning", "name", code=2)
    assert again.stderr.startswith("error:")


def test_details_and_weight(mj: Cli) -> None:
    for n, country in enumerate(["HU", "NL", "JP", "FR", "IT", "DE"], start=1):
        mj("players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", country)
    assert mj.json("ema", "weight")["weight"] == "1.0"  # type: ignore[index]
    mj("ema", "details", "--days", "2", "--host-country", "FR", "--qualifying")
    shown = mj.json("ema", "weight", "--lang", "nl")
    assert shown["weight"] == "3.0"  # type: ignore[index]
    assert shown["countries"] == 5  # type: ignore[index]
    assert [p["points"] for p in shown["parts"]] == ["2", "0", "0", "1"]  # type: ignore[index]
    assert "MERS weight 3.0" in mj("ema", "weight").stdout
    bad = mj("ema", "details", "--days", "2", "--host-country", "XX", code=2)
    assert bad.stderr.count("\n") == 1


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=200))
def test_any_list_file_is_read_or_refused_in_one_line(tmp_path: Path, text: str) -> None:
    listed = tmp_path / "any.csv"
    listed.write_text(text, encoding="utf-8", errors="replace")
    result = CliRunner().invoke(
        app,
        ["ema", "import-list", str(listed), "--skip-bad", "--json"],
        env={"MJREF_DB": f"sqlite:///{tmp_path}/fuzz.db", "MJREF_ACTOR": "h"},
    )
    assert result.exit_code in (0, 2), result.stderr
    if result.exit_code == 0:
        assert json.loads(result.stdout)["players"] >= 0
    else:
        assert result.stderr.startswith("error:")
        assert result.stderr.count("\n") == 1


def test_the_checklist(mj: Cli) -> None:
    for n in range(1, 17):
        mj("players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", "NL")
    found = mj.json("ema", "checklist")["checklist"]  # type: ignore[index]
    status = {i["item"]: i["status"] for i in found}
    assert status["ema-players"] == "met"
    assert status["referees"] == "not-met"  # no referee account yet
    assert status["local-share"] == "unknown"  # no organising country yet
    assert found[0]["source"]["key"] == "ema.source.sessions"
    mj("ema", "details", "--days", "1", "--host-country", "NL")
    text = mj("ema", "checklist", "--lang", "it").stdout
    assert "local-share" in text
    assert "[" in text


def test_ranking_import_and_a_players_rating(mj: Cli, tmp_path: Path) -> None:
    data = tmp_path / "ranking.csv"
    data.write_text(
        "ema_number,family,tournament,start,end,place,players,weight\n"
        "04290082,mcr,Spring,2026-03-01,2026-03-01,1,11,1\n"
        "04290082,mcr,Summer,2026-01-01,2026-01-01,6,11,1\n",
        encoding="utf-8",
    )
    assert mj.json("ema", "ranking-import", str(data))["rows"] == 2  # type: ignore[index]
    mj(
        "players",
        "add",
        "--first",
        "Akos",
        "--last",
        "Kovacs",
        "--country",
        "HU",
        "--ema",
        "04290082",
    )
    shown = mj.json("ema", "ranking", "--player", "1")
    assert shown["family"] == "mcr"  # type: ignore[index]
    assert shown["now"]["results"] == 2  # type: ignore[index]
    assert shown["readings"][0] == "base-rank-truncate"  # type: ignore[index]
    assert shown["with_event"] is None  # type: ignore[index]
    text = mj("ema", "ranking", "--player", "1").stdout
    assert "MCR rating on" in text
    assert "readings: base-rank-truncate, age-inclusive" in text
    bad = tmp_path / "bad.csv"
    bad.write_text("04290082,mcr,S,2026-03-01,2026-03-01,12,11,1\n", encoding="utf-8")
    refused = mj("ema", "ranking-import", str(bad), code=2)
    assert "line 1: place 12 of 11 players is not a place" in refused.stderr


def test_the_observer_report(mj: Cli) -> None:
    for n, country in enumerate(["HU", "NL", "NL"], start=1):
        mj("players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", country)
    shown = mj.json("ema", "observer")
    assert shown["tournament"] == "Cup"  # type: ignore[index]
    assert shown["countries"] == [{"country": "NL", "players": 2}, {"country": "HU", "players": 1}]  # type: ignore[index]
    assert shown["observer"] is None  # type: ignore[index]
    assert "Cup: mers-2010, MERS weight 1.0; 3 sessions" in mj("ema", "observer").stdout


@pytest.mark.parametrize(
    "command",
    [("players", "import"), ("ema", "import-list"), ("ema", "ranking-import")],
)
def test_a_file_that_is_not_utf8_is_one_error_naming_it(
    mj: Cli, tmp_path: Path, command: tuple[str, str]
) -> None:
    latin = tmp_path / "latin1.csv"
    latin.write_bytes("first,last\nÉlodie,Roux\n".encode("latin-1"))
    refused = mj(*command, str(latin), code=2)
    assert refused.stderr == f"error: {latin}: the file is not UTF-8 text\n"

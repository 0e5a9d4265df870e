"""The tournament commands' conventions: --json on every command, errors as one line with
the documented exit code (2 bad input, 3 the database, 5 a conflict), --lang, progress on
standard error, re-seating after a drop-out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_tournament_mcr_e2e import Cli


@pytest.fixture
def mj(tmp_path: Path) -> Cli:
    cli = Cli(f"sqlite:///{tmp_path}/t.db", "cup")
    cli("tournament", "new", "cup", "--name", "Cup", "-r", "mers-2010", "--sessions", "3")
    return cli


def _players(mj: Cli, count: int) -> None:
    for n in range(1, count + 1):
        mj("players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", "FR", "--check-in")


def test_every_listing_has_json(mj: Cli) -> None:
    _players(mj, 8)
    assert [t["id"] for t in mj.json("tournament", "list")] == ["cup"]  # type: ignore[union-attr]
    assert mj.json("tournament", "show", "cup")["checked_in"] == 8  # type: ignore[index]
    assert len(mj.json("players", "list")) == 8  # type: ignore[arg-type]
    seated = mj("seating", "publish", "--seed", "1")
    assert "seating 8 players over 3 sessions" in seated.stderr  # progress, not the result
    assert "method: one session (fewer than 16 players)" in seated.stdout
    ranked = mj.json("standings")["ranked"]  # type: ignore[index]
    assert {(r["place"], r["table_points"], r["sessions"]) for r in ranked} == {(1, 0, 0)}
    assert [e["kind"] for e in mj.json("log", "--type", "seating-published")] == [  # type: ignore[union-attr]
        "seating-published"
    ]


def test_a_bad_players_file_lists_every_bad_row(mj: Cli, tmp_path: Path) -> None:
    csv = tmp_path / "p.csv"
    csv.write_text(
        "first_name,last_name,country,ema_number\nA,B,HU,\n,C,HU,\nD,E,ZZ,\nF,G,HU,123\n",
        encoding="utf-8",
    )
    result = mj("players", "import", str(csv), code=2)
    assert result.stderr.count("\n") == 1
    for line in ("line 3", "line 4", "line 5"):
        assert line in result.stderr
    document = json.loads(mj("players", "import", str(csv), "--json", code=2).stdout)
    assert document["error"]["key"] == "tournament.csv-bad-rows"
    assert document["error"]["code"] == "bad-input"
    assert mj.json("players", "list") == []
    skipped = mj.json("players", "import", str(csv), "--skip-bad")
    assert [p["line"] for p in skipped["skipped"]] == [3, 4, 5]  # type: ignore[index]


def test_a_conflict_exits_5_and_names_the_winner(mj: Cli) -> None:
    _players(mj, 8)
    mj("seating", "publish")
    mj("hand", "--session", "1", "--table", "1", "--hand", "1", "--draw")
    result = mj("hand", "--session", "1", "--table", "1", "--hand", "1", "--draw", "--json", code=5)
    error = json.loads(result.stdout)["error"]
    assert (error["code"], error["key"], error["params"]["seq"]) == (
        "conflict",
        "tournament.conflict",
        19,
    )
    assert result.stderr.startswith(
        "error: hand 1 of table 1, session 1 was already recorded at position 19"
    )


def test_errors_in_the_chosen_language(mj: Cli) -> None:
    result = mj(
        "hand", "--session", "1", "--table", "1", "--hand", "1", "--draw", "--lang", "fr", code=2
    )
    assert result.stderr.strip() == "error: la session 1 n'a pas encore de placement publié"
    unknown = mj("standings", "-t", "nope", code=2)
    assert "there is no tournament 'nope'" in unknown.stderr


def test_a_database_that_cannot_be_used_is_exit_3(tmp_path: Path) -> None:
    bad = tmp_path / "not-a-database"
    bad.write_text("hello" * 100, encoding="utf-8")
    cli = Cli(str(bad), "cup")
    result = cli("tournament", "list", code=3)
    assert "cannot use the database" in result.stderr
    unreachable = Cli("postgresql://nobody@127.0.0.1:1/none", "cup")
    assert unreachable("tournament", "list", code=3).stderr.startswith(
        "error: cannot use the database"
    )


def test_usage_errors(mj: Cli) -> None:
    mj("hand", "--session", "1", "--table", "1", "--hand", "1", code=2)  # no outcome
    mj("result", "--session", "1", "--table", "1", "--scores", "1,2,3", code=2)
    mj("result", "--session", "1", "--table", "1", "--scores", "1,-1,0,0", "--reason", "x", code=2)
    mj("appeal", "decide", "5", code=2)
    mj("rule", "false-set", "-f", "discarded=false", "--record", "cup", code=2)  # no player
    mj(
        "rule",
        "false-set",
        "-f",
        "discarded=false",
        "--record",
        "cup",
        "--player",
        "1",
        "--session",
        "1",
        "-r",
        "mers-2008",
        code=2,
    )
    assert (
        "goes with --record"
        in mj("rule", "false-set", "-f", "discarded=false", "--table", "1", code=2).stderr
    )


def test_seating_again_after_a_withdrawal(mj: Cli) -> None:
    _players(mj, 16)
    before = mj.json("seating", "publish", "--seed", "4")
    assert len(before["sessions"]) == 3  # type: ignore[index,arg-type]
    for table in range(1, 5):
        mj("result", "--session", "1", "--table", str(table), "--scores", "10,-10,5,-5")
    mj("players", "withdraw", "7", "--from-session", "2", "--illness")
    again = mj.json("seating", "publish", "--again")
    assert again["first_session"] == 2  # type: ignore[index]
    assert again["method"] == "re-seated with least change"  # type: ignore[index]
    assert [s["key"] for s in again["method_steps"]] == ["seating.method.re-seated"]  # type: ignore[index,union-attr]
    assert again["substitutes"] == [17]  # type: ignore[index]
    published = mj.json("log", "--type", "seating-published")
    assert len(published) == 2  # type: ignore[arg-type]
    seated = {s for t in again["sessions"][0]["tables"] for s in t["seats"].values()}  # type: ignore[index]
    assert 7 not in seated
    assert 17 in seated
    assert before["first_session"] == 1  # type: ignore[index]


def test_a_proposed_result_is_confirmed_or_rejected_by_another(mj: Cli) -> None:
    _players(mj, 8)
    seating = mj.json("seating", "publish", "--seed", "1")
    seats = seating["sessions"][0]["tables"][0]["seats"]  # type: ignore[index]
    first, second = seats["E"], seats["S"]
    scores = ("--session", "1", "--table", "1", "--scores", "30,-10,-5,-15")
    codes = {c["player"]: c["code"] for c in mj.json("players", "codes")}  # type: ignore[index, union-attr]
    assert len(set(codes.values())) == 8
    bare = mj("result", *scores, "--proposed-by", str(first), code=2)
    assert bare.stderr.startswith(f"error: code: player {first}: give your confirmation code")
    proposed = mj.json("result", *scores, "--proposed-by", str(first), "--code", codes[first])
    seq = proposed["recorded"][0]["position"]  # type: ignore[index]
    pending = mj.json("pending", "--session", "1")
    assert [p["position"] for p in pending["proposals"]] == [seq]  # type: ignore[index]
    assert "awaiting confirmation" in mj("pending").stdout
    own = mj("confirm", str(seq), "--player", str(first), "--code", codes[first], code=2)
    assert own.stderr.startswith(f"error: player {first} proposed the result")
    borrowed = mj("confirm", str(seq), "--player", str(second), "--code", codes[first], code=2)
    assert f"not the confirmation code of player {second}" in borrowed.stderr
    renewed = mj.json("players", "new-code", str(second))
    assert renewed["player"] == second  # type: ignore[index]
    assert renewed["code"] != codes[second]  # type: ignore[index]
    stale = mj("confirm", str(seq), "--player", str(second), "--code", codes[second], code=2)
    assert f"not the confirmation code of player {second}" in stale.stderr
    mj("confirm", str(seq), "--player", str(second), "--code", renewed["code"])  # type: ignore[index]
    assert [e["kind"] for e in mj.json("log", "--type", "code-issued")] == ["code-issued"]  # type: ignore[union-attr]
    ranked = mj.json("standings")["ranked"]  # type: ignore[index]
    assert ranked[0]["player"] == first  # type: ignore[index]
    again = mj("reject", str(seq), "--reason", "late", "--json", code=2)
    assert json.loads(again.stdout)["error"]["key"] == "tournament.proposal-decided"
    assert (
        "proposed-by"
        in mj(
            "result", *scores, "--proposed-by", "1", "--correct", "3", "--reason", "x", code=2
        ).stderr
    )


def test_players_list_is_a_table_and_checkin_all(mj: Cli) -> None:
    for n in range(1, 4):
        mj("players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", "FR")
    mj("players", "add", "--first", "Sub", "--last", "S", "--country", "FR", "--substitute")
    header, *rows = mj("players", "list", "--lang", "it").stdout.splitlines()
    assert header.split() == ["N.", "Giocatore", "Paese", "Numero", "EMA", "Club", "Stato"]
    assert rows[0].split() == ["1", "F1", "L1", "FR"]
    checked = mj.json("players", "checkin", "--all")
    assert [p["player"] for p in checked] == [1, 2, 3]  # type: ignore[union-attr,index]
    assert "not both" in mj("players", "checkin", "1", "--all", code=2).stderr
    assert "--all" in mj("players", "checkin", code=2).stderr
    assert mj.json("players", "checkin", "--all") == []  # nobody left to check in


def test_export_html_writes_the_web_pages_in_their_folders(mj: Cli, tmp_path: Path) -> None:
    """``export html``: the web's pages (tests/web/test_site.py) as files, in subfolders,
    each link to a file that was written."""
    _players(mj, 8)
    mj("seating", "publish", "--seed", "1")
    site = tmp_path / "site"
    written = mj.json("export", "html", "-o", str(site), "--lang", "nl")["written"]  # type: ignore[index]
    names = {str(Path(p).relative_to(site)) for p in written}
    assert names == {
        "index.html",
        "teams.html",
        "style.css",
        *(f"seating/{s}.html" for s in (1, 2, 3)),
        *(f"players/{p}.html" for p in range(1, 9)),
    }
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="./players/1.html"' in index
    assert "<title>Stand · Cup · mjref</title>" in index
    player = (site / "players" / "1.html").read_text(encoding="utf-8")
    assert 'href="../style.css"' in player
    assert "<script" not in player

"""``mjref seating``: the commands an organiser runs, end to end."""

import json
from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from mjref.cli.main import app

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, ["seating", *args])


def test_generate_json_has_the_documented_shape(tmp_path: Path) -> None:
    result = run("generate", "--players", "24", "--sessions", "7", "--seed", "3", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"players", "sessions", "method", "method_steps", "metrics"}
    assert data["method"] == "; ".join(step["text"] for step in data["method_steps"])
    assert data["players"] == 24
    assert len(data["sessions"]) == 7
    assert data["metrics"]["repeated_meetings"] == 0
    assert data["metrics"]["wind_spread"] <= 1
    again = run("generate", "--players", "24", "--sessions", "7", "--seed", "3", "--json")
    assert again.stdout == result.stdout  # deterministic for a seed


def test_generate_prints_a_readable_table_by_default() -> None:
    result = run("generate", "--players", "16", "--sessions", "4")
    assert result.exit_code == 0
    assert "Session 1" in result.stdout
    assert "East" in result.stdout
    assert "repeated meetings: 0" in result.stdout


def test_the_method_is_named_in_the_chosen_language() -> None:
    readable = run("generate", "--players", "20", "--sessions", "3", "--lang", "it")
    assert readable.exit_code == 0, readable.stderr
    assert "metodo: soluzione pubblicata (Miller" in readable.stdout
    as_json = run("generate", "--players", "20", "--sessions", "3", "--lang", "it", "--json")
    data = json.loads(as_json.stdout)
    # The generator's steps as the library stored them, then the library's own.
    step, stored = data["method_steps"]
    assert step["key"] == "seating.method.published"
    assert step["params"]["source"].startswith("Miller")
    assert step["text"].startswith("soluzione pubblicata (Miller")
    assert stored["key"] == "seating.method.library"
    assert stored["text"].startswith("dalla raccolta di piani dei posti")
    assert data["method"] == f"{step['text']}; {stored['text']}"


def test_the_steps_of_a_method_with_byes_are_keys_with_their_counts() -> None:
    result = run(
        "generate", "--players", "10", "--sessions", "2", "--fill", "byes", "--lang", "fr", "--json"
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [step["key"] for step in data["method_steps"]] == [
        "seating.method.one-session",
        "seating.method.extended",
        "seating.method.byes",
    ]
    assert data["method_steps"][-1]["params"] == {
        "count": 2,
        "ghosts": {
            "key": "seating.method.ghost-players",
            "params": {"count": 2},
            "text": "2 joueurs fantômes",
        },
    }
    assert data["method"] == (
        "une session (moins de 16 joueurs); sessions suivantes réparties par recherche "
        "locale; 2 exempts à chaque session, issus de 2 joueurs fantômes"
    )
    english = run("generate", "--players", "9", "--sessions", "2", "--fill", "byes")
    assert (
        "method: one session (fewer than 16 players); further sessions spread by local "
        "search; 1 bye each session from 3 ghost players"
    ) in english.stdout


def test_generate_says_it_is_working_on_standard_error_when_it_searches() -> None:
    working = run("generate", "--players", "17", "--sessions", "2", "--fill", "byes", "--json")
    assert working.exit_code == 0
    assert working.stderr.startswith("seating 17 players over 2 sessions ...\nnote: 17 players")
    assert json.loads(working.stdout)["players"] == 17  # the result itself is unchanged
    one = run("generate", "--players", "17", "--sessions", "1", "--fill", "byes", "--lang", "it")
    assert one.stderr.startswith("assegnazione dei posti a 17 giocatori per 1 sessione ...\n")
    stored = run("generate", "--players", "16", "--sessions", "4", "--json")
    assert stored.exit_code == 0
    assert stored.stderr == ""  # the library's plan, at once: nothing to wait for
    small = run("generate", "--players", "12", "--sessions", "1", "--search", "--json")
    assert small.exit_code == 0
    assert small.stderr == ""  # a small field: seated in a moment
    refused = run("generate", "--players", "2000", "--sessions", "2")
    assert refused.exit_code == 2
    assert refused.stderr == "error: at most 1000 players can be seated, not 2000\n"


def test_a_count_not_divisible_by_four_is_seated_with_a_note() -> None:
    result = run("generate", "--players", "18", "--sessions", "3", "--json")
    assert result.exit_code == 0
    assert "18 players do not fill tables of four" in result.stderr
    assert "substitutes 19, 20" in result.stderr
    assert json.loads(result.stdout)["substitutes"] == [19, 20]
    byes = run("generate", "--players", "18", "--sessions", "3", "--fill", "byes", "--json")
    assert json.loads(byes.stdout)["metrics"]["byes"] == 6


def test_check_measures_a_file_and_names_errors(tmp_path: Path) -> None:
    good = tmp_path / "plan.json"
    good.write_text(run("generate", "--players", "16", "--sessions", "5", "--json").stdout)
    result = run("check", str(good), "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["metrics"]["repeated_meetings"] == 0
    assert "table revisits" in run("check", str(good)).stdout
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": 8, "sessions": [[[1, 2, 3, 4], [5, 6, 7]]]}')
    result = run("check", str(bad))
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: session 1, table 2: a table seats 4 players, this one has 3"
    )
    missing = run("check", str(tmp_path / "nope.json"))
    assert missing.exit_code == 3  # a file that cannot be read: the one I/O error (docs/cli.md)
    assert (
        missing.stderr
        == f"error: cannot read {tmp_path / 'nope.json'}: No such file or directory\n"
    )


def test_groups_file_is_used_and_unmet_groups_are_listed(tmp_path: Path) -> None:
    groups = tmp_path / "groups.json"
    groups.write_text('{"couple": [1, 2]}')
    result = run("generate", "--players", "16", "--sessions", "5", "--groups", str(groups))
    assert result.exit_code == 0
    assert "group members seated together: 1" in result.stdout
    assert "couple: players 1 and 2 at session" in result.stdout


def test_swiss_and_repair_commands(tmp_path: Path) -> None:
    plan = tmp_path / "plan.json"
    plan.write_text(run("generate", "--players", "32", "--sessions", "8", "--json").stdout)
    standings = tmp_path / "standings.txt"
    standings.write_text("\n".join(str(p) for p in range(32, 0, -1)))
    swiss = run("swiss", str(plan), "--standings", str(standings), "--played", "6", "--json")
    assert swiss.exit_code == 0, swiss.stderr
    assert len(json.loads(swiss.stdout)["sessions"]) == 7
    readable = run("swiss", str(plan), "--standings", str(standings), "--played", "6")
    assert "Session 7" in readable.stdout
    assert "method: ranked search" in readable.stdout
    assert json.loads(swiss.stdout)["method_steps"][0]["key"] == "seating.method.ranked-search"
    assert "pairs who meet again: 0" in readable.stdout
    repaired = run("repair", str(plan), "--played", "3", "--substitute", "5:33", "--json")
    assert repaired.exit_code == 0, repaired.stderr
    data = json.loads(repaired.stdout)
    assert data["substitutes"] == [33]
    assert data["method"] == "re-seated with least change"
    assert data["players"] == 33
    dropped = run("repair", str(plan), "--played", "3", "--drop", "5", "--drop", "9")
    assert dropped.exit_code == 2
    assert "remedies: 2 substitute(s)" in dropped.stderr
    filled = run("repair", str(plan), "--played", "3", "--drop", "5", "--fill", "byes")
    assert filled.exit_code == 0
    assert "left after session 3: 5" in filled.stdout
    bad = run("repair", str(plan), "--played", "3", "--substitute", "5-33")
    assert bad.exit_code == 2
    assert "is not OUT:IN" in bad.stderr

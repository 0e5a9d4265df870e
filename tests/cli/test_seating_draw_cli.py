"""``mjref seating commit``, ``mjref seating publish --draw`` and ``mjref seating verify``
on both databases: the draw's record verifies from the database and from its JSON, a
changed record does not (exit 6), a wrong seed is refused (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mjref.cli.main import app
from mjref.seating.draw import commitment_of
from tests.cli.test_tournament_mcr_e2e import Cli

SEED = "the seed of the Draw Cup, secret until the draw"


def _cup(database: str, tid: str, players: int = 18) -> Cli:
    mj = Cli(database, tid)
    mj("tournament", "new", tid, "--name", "Draw Cup", "-r", "mers-2010", "--sessions", "4")
    for n in range(1, players + 1):
        mj("players", "add", "--first", f"F{n}", "--last", f"L{n}", "--country", "FR", "--check-in")
    return mj


def test_commit_draw_and_verify(database: str, tid: str, tmp_path: Path) -> None:
    mj = _cup(database, tid)
    committed = mj.json("seating", "commit", "--commitment", commitment_of(SEED))
    assert committed["commitment"] == commitment_of(SEED)  # type: ignore[index]
    assert committed["seed"] is None  # type: ignore[index]
    wrong = mj("seating", "publish", "--draw", SEED + "?", code=2)
    assert "does not match the commitment" in wrong.stderr
    plain = mj("seating", "publish", code=2)
    assert "--draw" in plain.stderr
    mj("seating", "publish", "--draw", SEED)

    checked = mj("seating", "verify", "--tournament", tid)
    assert "the seed matches the commitment" in checked.stdout
    assert SEED in checked.stdout
    document = mj.json("seating", "verify", "--tournament", tid)
    assert isinstance(document, dict)
    assert document["verification"]["verified"] is True
    assert document["seed"] == SEED
    assert len(document["players"]) == 20
    assert document["committed"]["by"] == "head referee"

    # Anyone with the record verifies it without the database.
    record = tmp_path / "draw.json"
    record.write_text(json.dumps(document), encoding="utf-8")
    runner = CliRunner()
    alone = runner.invoke(app, ["seating", "verify", str(record), "--lang", "fr"])
    assert alone.exit_code == 0, alone.stderr
    assert "la graine correspond à l'engagement" in alone.stdout

    # A changed seating, or another seed, does not verify: exit 6.
    changed = dict(document)
    first = changed["sessions"][2][0]  # type: ignore[index]
    changed["sessions"][2][0] = [first[1], first[0], first[2], first[3]]  # type: ignore[index]
    record.write_text(json.dumps(changed), encoding="utf-8")
    tampered = runner.invoke(app, ["seating", "verify", str(record), "--json"])
    assert tampered.exit_code == 6
    found = json.loads(tampered.stdout)["verification"]
    assert found["difference"] == {"session": 3, "table": 1}
    assert found["outcome"]["key"] == "seating.draw.plan-mismatch"


def test_commit_without_a_commitment_makes_a_seed(database: str, tid: str) -> None:
    mj = _cup(database, tid, players=16)
    made = mj.json("seating", "commit")
    assert isinstance(made, dict)
    assert commitment_of(made["seed"]) == made["commitment"]
    again = mj("seating", "commit", code=2)
    assert "committed to already" in again.stderr
    mj("seating", "publish", "--draw", made["seed"])
    assert mj.json("seating", "verify", "-t", tid)["verification"]["verified"] is True  # type: ignore[index]


def test_verify_needs_a_file_or_a_tournament(tmp_path: Path) -> None:
    runner = CliRunner()
    neither = runner.invoke(app, ["seating", "verify"], env={"MJREF_TOURNAMENT": ""})
    assert neither.exit_code == 2
    missing = runner.invoke(app, ["seating", "verify", str(tmp_path / "nothing.json")])
    assert missing.exit_code == 3


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.one_of(st.binary(max_size=300), st.from_regex(r'\{"[a-z]{1,10}": .{0,30}\}')))
def test_any_draw_file_is_refused_cleanly(tmp_path: Path, blob: bytes | str) -> None:
    record = tmp_path / "draw.json"
    record.write_bytes(blob if isinstance(blob, bytes) else blob.encode("utf-8", "replace"))
    result = CliRunner().invoke(app, ["seating", "verify", str(record)])
    assert result.exit_code in (2, 6), result.stdout
    assert "Traceback" not in result.stderr + result.stdout

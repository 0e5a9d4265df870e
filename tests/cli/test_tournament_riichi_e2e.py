"""A whole riichi tournament through the command line, on SQLite and on PostgreSQL: 16
players, 4 sessions, RCR 2016, starting points 30,000, uma +15,000 / +5,000 / -5,000 /
-15,000. A chombo, a late player (1,000 a minute after uma), a late player replaced by a
substitute who counts for the uma, a disqualification (the substitute then left out of the
uma), an obstruction penalty overturned on appeal, a correction and leftover riichi sticks.
The final standings are checked against figures worked out by hand:

    S1  T1 1 2 3 4    42000 31000 27000 19000, 1 stick (to 1)  -> 1 +28000, 2 +6000,
                      3 -3000 -5000 - 20000 chombo = -28000, 4 -26000
        T2 5 6 7 8    35000 35000 30000 20000 -> 5 and 6 share 15000 + 5000: +15000 each,
                      7 -5000, 8 -25000
        T3 9 10 11 12 entered 40000 30000 25000 25000, corrected to 25000 30000 25000 40000
                      -> 12 +25000, 10 +5000, 9 and 11 share -5000 - 15000: -15000 each
        T4 13-16      30000 each -> 0 each
    S2  T1 1 5 9 13   13 is 12 minutes late: substitute 17 from the start, his score counts.
                      28000 33000 24000 35000(17) -> 17 first; 5 second: 3000 + 5000 - 7000
                      (5 was 7 minutes late) = +1000; 1 -2000 -5000 = -7000; 9 -21000;
                      17 -15000 -15000; 13 missed: -30000
        T2 2 6 10 14  45000 25000 30000 20000 -> 2 +30000, 10 +5000, 6 -10000, 14 -25000
                      (an 8,000 obstruction penalty on 14, overturned on appeal)
        T3 3 7 11 15  30000 30000 31000 29000 -> 11 +16000, 3 and 7 share 5000 - 5000: 0,
                      15 -16000
        T4 4 8 12 16  50000 20000 25000 23000, 2 sticks (to 4) -> 4 +37000, 12 0,
                      16 -12000, 8 -25000
    S3  T1 1 6 11 16  16 caught cheating during play: disqualified; 17 takes the seat and
                      is left out of the uma. 30000 28000 22000 40000(17) -> 1 +15000,
                      6 +3000, 11 -13000; 16 missed -30000
        T2 2 5 12 15  26000 34000 30000 30000 -> 5 +19000, 12 and 15 0, 2 -19000
        T3 3 8 9 14   38000 24000 29000 29000 -> 3 +23000, 9 and 14 -1000, 8 -21000
        T4 4 7 10 13  31000 31000 31000 27000 -> 4, 7 and 10 share 15000 + 5000 - 5000:
                      +6000 each, 13 -18000
    S4  T1 1 7 12 14  20000 40000 30000 30000 -> 7 +25000, 12 and 14 0, 1 -25000
        T2 2 8 11 13  32000 32000 28000 28000 -> 2 and 8 +12000, 11 and 13 -12000
        T3 3 5 10 17  17 in 16's seat from the start: 33000 27000 25000 35000(17) ->
                      3 +8000, 5 -8000, 10 -20000
        T4 4 6 9 15   30000 each -> 0 each

16 is disqualified: ranked last, with -15000 - 15000 for each session missed (RCR 2016 5.8).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.cli.test_tournament_mcr_e2e import Cli

PLAN = [
    [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]],
    [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]],
    [[1, 6, 11, 16], [2, 5, 12, 15], [3, 8, 9, 14], [4, 7, 10, 13]],
    [[1, 7, 12, 14], [2, 8, 11, 13], [3, 5, 10, 16], [4, 6, 9, 15]],
]

# Worked out by hand (see the module's description): player, total.
EXPECTED = [
    (2, 29000),
    (5, 27000),
    (7, 26000),
    (12, 25000),
    (4, 17000),
    (1, 11000),
    (6, 8000),
    (3, 3000),
    (10, -4000),
    (15, -16000),
    (11, -24000),
    (14, -26000),
    (9, -37000),
    (8, -59000),
    (13, -60000),
    (16, -72000),
]


@pytest.fixture
def tid() -> str:
    import uuid

    return f"riichi-{uuid.uuid4().hex[:8]}"


def test_a_whole_riichi_tournament(database: str, tid: str, tmp_path: Path) -> None:
    rr = Cli(database, tid)
    rr("tournament", "new", tid, "--name", "Test Riichi Open", "-r", "rcr-2016", "--sessions", "4")
    for n in range(1, 17):
        rr(
            "players",
            "add",
            "--first",
            f"First{n}",
            "--last",
            f"Last{n}",
            "--country",
            "DK",
            "--ema",
            f"{n:08d}",
            "--check-in",
        )
    rr("players", "add", "--first", "Sam", "--last", "Substitute", "--substitute")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"players": 16, "sessions": PLAN[:3]}), encoding="utf-8")
    rr("seating", "publish", "--plan", str(plan))

    def result(session: int, table: int, *scores: int, sticks: int = 0) -> int:
        data = rr.json(
            "result",
            "--session",
            str(session),
            "--table",
            str(table),
            "--scores",
            ",".join(map(str, scores)),
            "--sticks",
            str(sticks),
        )
        return int(data["recorded"][0]["position"])  # type: ignore[index]

    # Session 1.
    chombo = rr.json(
        "rule",
        "false-hu",
        "-f",
        "tiles_shown=true",
        "-f",
        "reason=no-yaku",
        "--record",
        tid,
        "--player",
        "3",
        "--session",
        "1",
        "--table",
        "1",
    )
    assert chombo["ruling"]["consequences"][0]["points"] == 20000  # type: ignore[index]
    result(1, 1, 42000, 31000, 27000, 19000, sticks=1)
    result(1, 2, 35000, 35000, 30000, 20000)
    wrong = result(1, 3, 40000, 30000, 25000, 25000)
    rr(
        "result",
        "--session",
        "1",
        "--table",
        "3",
        "--scores",
        "25000,30000,25000,40000",
        "--correct",
        str(wrong),
        "--reason",
        "East and North swapped",
    )
    result(1, 4, 30000, 30000, 30000, 30000)
    refused = rr(
        "result", "--session", "2", "--table", "4", "--scores", "50000,20000,25000,23000", code=2
    )
    assert "add up to 118000, not 120000" in refused.stderr

    # Session 2.
    rr("late", "13", "--session", "2", "--minutes", "12", "--substitute", "17")
    late = rr.json("late", "5", "--session", "2", "--minutes", "7")
    assert late["ruling"]["consequences"][0]["points"] == 7000  # type: ignore[index]
    penalty = rr.json(
        "rule",
        "obstruction",
        "--record",
        tid,
        "--player",
        "14",
        "--session",
        "2",
        "--points",
        "8000",
    )
    rr(
        "rule",
        "obstruction",
        "--record",
        tid,
        "--player",
        "14",
        "--session",
        "2",
        "--points",
        "9000",
        code=2,
    )
    position = penalty["recorded"][0]["position"]  # type: ignore[index]
    appeal = rr.json("appeal", "file", str(position), "--player", "14")["recorded"][0]["position"]  # type: ignore[index]
    result(2, 1, 28000, 33000, 24000, 35000)
    result(2, 2, 45000, 25000, 30000, 20000)
    assert rr.json("standings", "--player", "14")["sessions"][1]["total"] == -33000  # type: ignore[index]
    rr("appeal", "decide", str(appeal), "--upheld")
    result(2, 3, 30000, 30000, 31000, 29000)
    result(2, 4, 50000, 20000, 25000, 23000, sticks=2)

    # Session 3.
    rr(
        "disqualify",
        "16",
        "--session",
        "3",
        "--incident",
        "cheating",
        "-f",
        "evidence_clear=true",
        "--substitute",
        "17",
    )
    result(3, 1, 30000, 28000, 22000, 40000)
    result(3, 2, 26000, 34000, 30000, 30000)
    result(3, 3, 38000, 24000, 29000, 29000)
    result(3, 4, 31000, 31000, 31000, 27000)

    # Session 4: 17 in 16's seat.
    last = tmp_path / "session4.json"
    last.write_text(
        json.dumps(
            {"players": 17, "sessions": [[[17 if p == 16 else p for p in t] for t in PLAN[3]]]}
        ),
        encoding="utf-8",
    )
    rr("seating", "publish", "--plan", str(last), "--from-session", "4")
    result(4, 1, 20000, 40000, 30000, 30000)
    result(4, 2, 32000, 32000, 28000, 28000)
    result(4, 3, 33000, 27000, 25000, 35000)
    result(4, 4, 30000, 30000, 30000, 30000)

    standings = rr.json("standings")
    ranked = standings["ranked"]  # type: ignore[index]
    assert [(r["player"], r["score"]) for r in ranked] == EXPECTED
    assert ranked[-1]["status"] == "disqualified"
    assert [(r["player"], r["status"], r["score"]) for r in standings["apart"]] == [  # type: ignore[index]
        (17, "substitute", -90000)
    ]
    thirteen = rr.json("standings", "--player", "13")["sessions"]  # type: ignore[index]
    assert [(s["status"], s["points"], s["uma"]) for s in thirteen] == [
        ("played", 0, 0),
        ("missed", -15000, -15000),
        ("played", -3000, -15000),
        ("played", -2000, -10000),
    ]
    five = rr.json("standings", "--player", "5")["sessions"][1]  # type: ignore[index]
    assert (five["points"], five["uma"], five["penalty"], five["total"]) == (3000, 5000, 7000, 1000)

    ema = list(csv.reader(io.StringIO(rr("export", "ema").stdout)))
    assert ema[0] == ["Place", "Last name", "First name", "EMA number", "Country", "Total"]
    assert ema[1] == ["1", "Last2", "First2", "00000002", "DK", "29000"]
    assert ema[-1] == ["16", "Last16", "First16", "00000016", "DK", "-72000"]

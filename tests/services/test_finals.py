"""Finals seated from the standings and standings hidden from the public: the rules where
the log is folded (so the same in the CLI, the web and the API), each tried both ways."""

from __future__ import annotations

import pytest

from mjref.services import finals as fs
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.finals import finals_tables
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEATING = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]


@pytest.fixture
def log() -> MemoryLog:
    make(log := MemoryLog(), seating=SEATING, sessions=3)
    return log


def refused(key: str) -> pytest.RaisesExc[TournamentError]:
    return pytest.raises(TournamentError, check=lambda e: e.message.key == key)


def play(log: MemoryLog, session: int, table: int, values: list[int]) -> None:
    tr.record_totals(log, "t", session=session, table=table, scores=values, **KW)


def play_two(log: MemoryLog) -> None:
    # Session 1: table 1 = 1,2,3,4; table 2 = 5,6,7,8. Session 2: 1,5,2,6 / 3,7,4,8.
    play(log, 1, 1, [40, 20, -20, -40])
    play(log, 1, 2, [30, 10, -10, -30])
    play(log, 2, 1, [10, 50, -20, -40])
    play(log, 2, 2, [60, 5, -5, -60])


def ranked(log: MemoryLog) -> list[int]:
    return [int(r.player.player) for r in ts.current_standings(log, "t").ranked]


def test_tables_by_rank_are_the_standings_in_fours() -> None:
    order = [P(n) for n in (5, 2, 7, 1, 3, 8, 4, 6)]
    assert finals_tables(order, ev.FinalsMode.BY_RANK, 8) == (
        (P(5), P(2), P(7), P(1)),
        (P(3), P(8), P(4), P(6)),
    )
    assert finals_tables(order, ev.FinalsMode.TOP_FOUR, 0) == ((P(5), P(2), P(7), P(1)),)
    assert finals_tables(order, ev.FinalsMode.BY_RANK, 4) == ((P(5), P(2), P(7), P(1)),)


def test_the_final_table_is_the_top_four_of_the_standings(log: MemoryLog) -> None:
    play_two(log)
    order = ranked(log)
    recorded = fs.seat_finals(log, "t", session=3, mode=ev.FinalsMode.TOP_FOUR, count=0, **KW)
    assert isinstance(recorded.event, ev.FinalsSeated)
    assert recorded.event.count == 4
    assert ts.seating(log, "t", 3) == (tuple(P(n) for n in order[:4]),)
    lines = {
        int(v.player): ts.player_history(log, "t", v.player) for v in ts.list_players(log, "t")
    }
    for n in order[4:]:  # the others sit the final out
        assert lines[n][-1].status.value == "bye"


def test_finals_by_rank_seat_every_ranked_player_in_fours(log: MemoryLog) -> None:
    play_two(log)
    order = ranked(log)
    fs.seat_finals(log, "t", session=3, mode=ev.FinalsMode.BY_RANK, count=8, **KW)
    tables = ts.seating(log, "t", 3)
    assert [[int(p) for p in table] for table in tables] == [order[:4], order[4:8]]


def test_a_final_waits_for_every_earlier_session(log: MemoryLog) -> None:
    play(log, 1, 1, [40, 20, -20, -40])
    play(log, 1, 2, [30, 10, -10, -30])
    with refused("tournament.finals.earlier-unplayed"):
        fs.seat_finals(log, "t", session=3, mode=ev.FinalsMode.TOP_FOUR, count=0, **KW)
    # Session 2 seated from the standings after session 1 is allowed.
    fs.seat_finals(log, "t", session=2, mode=ev.FinalsMode.BY_RANK, count=8, **KW)


def test_a_played_session_is_never_seated_again(log: MemoryLog) -> None:
    play_two(log)
    with refused("tournament.finals.played"):
        fs.seat_finals(log, "t", session=2, mode=ev.FinalsMode.TOP_FOUR, count=0, **KW)


def test_a_final_seats_whole_tables_of_ranked_players(log: MemoryLog) -> None:
    play_two(log)
    with refused("tournament.finals.count"):
        fs.seat_finals(log, "t", session=3, mode=ev.FinalsMode.BY_RANK, count=6, **KW)
    with refused("tournament.finals.too-few"):
        fs.seat_finals(log, "t", session=3, mode=ev.FinalsMode.BY_RANK, count=12, **KW)


def test_tables_not_the_standings_are_refused(log: MemoryLog) -> None:
    play_two(log)
    order = ranked(log)
    wrong = (tuple(P(n) for n in reversed(order[:4])),)
    event = ev.FinalsSeated(session=3, mode=ev.FinalsMode.TOP_FOUR, count=4, tables=wrong)
    with refused("tournament.finals.not-standings"):
        tr.record_one(log, "t", lambda t: event, **KW)


def test_standings_hidden_then_revealed(log: MemoryLog) -> None:
    assert fs.hidden_from(log, "t") is None
    with refused("tournament.standings-not-hidden"):
        fs.reveal_standings(log, "t", **KW)
    fs.hide_standings(log, "t", from_session=2, **KW)
    assert fs.hidden_from(log, "t") == 2
    assert not fs.session_hidden(log, "t", 1)
    assert fs.session_hidden(log, "t", 2)
    assert fs.session_hidden(log, "t", 3)
    play_two(log)
    lines = ts.player_history(log, "t", P(1))
    assert [line.session for line in fs.public_history(lines, 2)] == [1]
    assert [line.session for line in fs.public_history(lines, None)] == [1, 2]
    fs.reveal_standings(log, "t", **KW)
    assert fs.hidden_from(log, "t") is None
    with refused("tournament.bad-session"):
        fs.hide_standings(log, "t", from_session=4, **KW)


def test_riichi_finals_follow_the_riichi_standings() -> None:
    make(log := MemoryLog(), ruleset="rcr-2016", seating=SEATING, sessions=3)
    for session in (1, 2):
        tr.record_riichi_result(
            log, "t", session=session, table=1, scores=[45000, 35000, 25000, 15000], **KW
        )
        tr.record_riichi_result(
            log, "t", session=session, table=2, scores=[50000, 30000, 25000, 15000], **KW
        )
    order = ranked(log)
    fs.seat_finals(log, "t", session=3, mode=ev.FinalsMode.BY_RANK, count=8, **KW)
    assert [[int(p) for p in table] for table in ts.seating(log, "t", 3)] == [order[:4], order[4:]]
    fs.hide_standings(log, "t", from_session=3, **KW)
    assert fs.session_hidden(log, "t", 3)
    assert not fs.session_hidden(log, "t", 2)

"""Creating tournaments, seating them with the seating module (substitutes or byes), seating
again after drop-outs, the log, the EMA results file and the static site's values."""

from __future__ import annotations

import csv
import io

import pytest

from mjref.errors import InputError
from mjref.i18n import render
from mjref.rules.model import Family
from mjref.seating import Fill
from mjref.services import tournament as ts
from mjref.services import tournament_export as tx
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from mjref.tournament.standings import LineStatus
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog


@pytest.fixture
def log() -> MemoryLog:
    return MemoryLog()


def test_create_show_and_list(log: MemoryLog) -> None:
    info = ts.create_tournament(log, "open-2026", name="Open", ruleset="MERS", sessions=4, **KW)
    assert (info.ruleset, info.family, info.convention) == ("mers-2010", Family.MCR, "green-book")
    riichi = ts.create_tournament(log, "r", name="R", ruleset="rcr-b", sessions=5, **KW)
    assert (riichi.ruleset, riichi.starting_points, riichi.convention) == ("rcr-2012", 30000, None)
    assert [t.id for t in ts.list_tournaments(log)] == ["open-2026", "r"]
    assert ts.show_tournament(log, "r").created_by == "referee"


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [
        ({"tournament": "Bad Id"}, "tournament.bad-id"),
        ({"sessions": 0}, "tournament.bad-sessions"),
        ({"sessions": 101}, "tournament.bad-sessions"),
        ({"ruleset": "rcr-2016", "convention": "mil"}, "tournament.convention-for-riichi"),
        ({"starting_points": 25000}, "tournament.start-for-mcr"),
        ({"name": " "}, "tournament.field-missing"),
    ],
)
def test_bad_settings(log: MemoryLog, kwargs: dict[str, object], key: str) -> None:
    args: dict[str, object] = {
        "tournament": "t",
        "name": "T",
        "ruleset": "mers-2010",
        "sessions": 4,
    }
    args.update(kwargs)
    with pytest.raises(InputError) as caught:
        ts.create_tournament(log, **args, **KW)  # type: ignore[arg-type]
    assert caught.value.message.key == key
    assert log.rows == {}


def test_the_same_id_twice(log: MemoryLog) -> None:
    ts.create_tournament(log, "t", name="T", ruleset="mers-2010", sessions=4, **KW)
    with pytest.raises(TournamentError) as caught:
        ts.create_tournament(log, "t", name="T", ruleset="mers-2010", sessions=4, **KW)
    assert caught.value.message.key == "tournament.exists"


def test_seating_the_checked_in_players_with_substitutes(log: MemoryLog) -> None:
    make(log, players=14, sessions=3)
    report = ts.publish_seating(log, "t", **KW)
    # 14 players: two substitutes fill the last table; every player once per session.
    assert report.substitutes == (P(15), P(16))
    for session in report.sessions:
        seated = sorted(p for table in session for p in table)
        assert seated == [P(n) for n in range(1, 17)]
    subs = [v for v in ts.list_players(log, "t") if v.substitute]
    assert [v.player for v in subs] == [P(15), P(16)]
    with pytest.raises(TournamentError):  # nobody else to seat: the plan is published
        ts.publish_plan(log, "t", [[[P(1), P(2), P(3), P(99)]]], **KW)


def test_the_seating_method_is_stored_as_steps_and_shown_in_any_language(
    log: MemoryLog,
) -> None:
    make(log, players=13, sessions=2)
    report = ts.publish_seating(log, "t", fill=Fill.BYES, **KW)
    keys = [step.key for step in report.method]
    assert keys[-1] == "seating.method.byes"
    (published,) = [r.event for r in log.read("t") if isinstance(r.event, ev.SeatingPublished)]
    assert published.method == ""
    assert [step.key for step in published.steps] == keys
    assert render(report.method[-1], "en") == "1 bye each session from 3 ghost players"
    assert render(report.method[-1], "nl") == "1 vrije ronde per sessie uit 3 spookspelers"


def test_a_seating_given_by_the_organiser_says_so(log: MemoryLog) -> None:
    make(log, players=4, sessions=1, seating=[[[1, 2, 3, 4]]])
    (published,) = [r.event for r in log.read("t") if isinstance(r.event, ev.SeatingPublished)]
    (step,) = ts.method_steps(published)
    assert render(step, "fr") == "fourni par l'organisateur"


def test_a_seating_recorded_with_a_method_text_shows_that_text() -> None:
    seating = (((P(1), P(2), P(3), P(4)),),)
    old = ev.SeatingPublished(1, seating, "cyclic: 4 orbits of 7 and 1 fixed players")
    (step,) = ts.method_steps(old)
    assert render(step, "it") == "cyclic: 4 orbits of 7 and 1 fixed players"
    assert ts.method_steps(ev.SeatingPublished(1, seating)) == ()


def test_seating_with_byes(log: MemoryLog) -> None:
    make(log, players=13, sessions=2)
    report = ts.publish_seating(log, "t", fill=Fill.BYES, **KW)
    assert report.substitutes == ()
    assert all(len(session) == 3 for session in report.sessions)
    tr.record_totals(log, "t", session=1, table=1, scores=[1, -1, 0, 0], **KW)
    seated = {p for table in report.sessions[0] for p in table}
    (out,) = {P(n) for n in range(1, 14)} - seated
    assert ts.player_history(log, "t", out)[0].status is LineStatus.BYE


def test_only_checked_in_players_are_seated(log: MemoryLog) -> None:
    make(log, players=0, sessions=2)
    with pytest.raises(TournamentError) as caught:
        ts.publish_seating(log, "t", **KW)
    assert caught.value.message.key == "tournament.nobody-checked-in"


def test_sessions_played_never_change(log: MemoryLog) -> None:
    make(log, players=8, sessions=3, seating=[[[1, 2, 3, 4], [5, 6, 7, 8]]] * 3)
    tr.record_totals(log, "t", session=1, table=1, scores=[1, -1, 0, 0], **KW)
    with pytest.raises(TournamentError) as caught:
        ts.publish_plan(log, "t", [[[P(8), P(2), P(3), P(4)], [P(5), P(6), P(7), P(1)]]], **KW)
    assert caught.value.message.key == "tournament.seating-played"
    ts.publish_plan(
        log, "t", [[[P(8), P(2), P(3), P(4)], [P(5), P(6), P(7), P(1)]]] * 2, first_session=2, **KW
    )
    assert ts.seating(log, "t", 1)[0] == (P(1), P(2), P(3), P(4))
    assert ts.seating(log, "t", 2)[0] == (P(8), P(2), P(3), P(4))


def test_republish_after_a_drop_out_keeps_played_sessions(log: MemoryLog) -> None:
    make(log, players=16, sessions=4)
    ts.publish_seating(log, "t", seed=3, **KW)
    before = ts.load(log, "t").seating.copy()
    for table in range(1, 5):
        tr.record_totals(log, "t", session=1, table=table, scores=[1, -1, 0, 0], **KW)
    with pytest.raises(TournamentError) as caught:
        ts.republish_seating(log, "t", **KW)
    assert caught.value.message.key == "tournament.nothing-to-repair"
    ts.withdraw_player(log, "t", P(5), from_session=2, **KW)
    report = ts.republish_seating(log, "t", **KW)
    after = ts.load(log, "t").seating
    assert after[1] == before[1]
    assert report.first_session == 2
    assert report.substitutes == (P(17),)
    for session in (2, 3, 4):
        seated = {p for table in after[session] for p in table}
        assert P(5) not in seated
        assert P(17) in seated


def test_the_log_with_filters_and_unknown_kinds(log: MemoryLog) -> None:
    make(log, seating=[[[1, 2, 3, 4], [5, 6, 7, 8]]] * 2)
    tr.record_totals(log, "t", session=1, table=1, scores=[1, -1, 0, 0], **KW)
    tr.record_lateness(log, "t", player=P(6), session=2, minutes=3, **KW)
    assert [e.kind for e in ts.read_log(log, "t", player=P(6), kinds=["lateness-recorded"])] == [
        "lateness-recorded"
    ]
    assert [e.kind for e in ts.read_log(log, "t", session=1, table=1)] == [
        "session-totals-recorded"
    ]
    assert len(ts.read_log(log, "t", player=P(2))) >= 3  # registration, check-in, seating
    with pytest.raises(InputError) as caught:
        ts.read_log(log, "t", kinds=["nonsense"])
    assert caught.value.message.key == "tournament.unknown-kind"


def test_ema_results_file(log: MemoryLog) -> None:
    make(log, substitutes=1, seating=[[[1, 2, 3, 4], [5, 6, 7, 8]]] * 2)
    tr.record_totals(log, "t", session=1, table=1, scores=[20, 20, 20, -60], **KW)
    tr.record_totals(log, "t", session=1, table=2, scores=[50, 10, -30, -30], **KW)
    tr.disqualify(log, "t", player=P(5), session=2, scope=ev.Scope.TOURNAMENT, **KW)
    rows = list(csv.reader(io.StringIO(tx.ema_results(log, "t"))))
    assert rows[0] == [
        "Place",
        "Last name",
        "First name",
        "EMA number",
        "Country",
        "Table points",
        "Score",
    ]
    assert rows[1] == ["1", "Last1", "First1", "06000001", "HU", "2.33", "20"]
    assert [r[1] for r in rows[1:]] == [
        "Last1",
        "Last2",
        "Last3",
        "Last6",
        "Last7",
        "Last8",
        "Last4",
        "Last5",
    ]
    assert rows[-1][0] == "8"  # disqualified, last; no table points under MERS 2010 4.4
    assert rows[-1][5:] == ["0", "50"]
    assert [r[0] for r in rows[5:7]] == ["5", "5"]  # 7 and 8 tie on table points and score


def test_ema_results_file_riichi(log: MemoryLog) -> None:
    make(log, ruleset="rcr-2016", seating=[[[1, 2, 3, 4], [5, 6, 7, 8]]])
    tr.record_riichi_result(log, "t", session=1, table=1, scores=[45000, 32000, 25000, 18000], **KW)
    rows = list(csv.reader(io.StringIO(tx.ema_results(log, "t"))))
    assert rows[0][-1] == "Total"
    assert rows[1] == ["1", "Last1", "First1", "06000001", "HU", "30000"]


def test_the_static_sites_values(log: MemoryLog) -> None:
    """What the static site shows, from one reading of the log (the pages themselves are
    the web's templates: tests/web/test_site.py)."""
    make(log, seating=[[[1, 2, 3, 4], [5, 6, 7, 8]]] * 2)
    ts.edit_player(log, "t", P(1), first_name="Zoé <&>", **KW)
    tr.record_totals(log, "t", session=1, table=1, scores=[20, 20, 20, -60], **KW)
    values = tx.site_values(log, "t")
    assert values.info == ts.show_tournament(log, "t")
    assert values.standings == ts.current_standings(log, "t")
    assert values.names[P(1)] == "Zoé <&> Last1"
    assert dict(values.seating) == {s: ts.seating(log, "t", s) for s in (1, 2)}
    assert [p.view.player for p in values.players] == [P(n) for n in range(1, 9)]
    for page in values.players:
        assert page.lines == ts.player_history(log, "t", page.view.player)
        assert page.progress == ts.player_progress(log, "t", page.view.player)
    assert values.players[0].progress[0].place == 1

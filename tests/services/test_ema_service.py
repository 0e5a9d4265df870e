"""The EMA pack's services on both databases: the EMA player list imported (bad rows
refused or left out, a new import replacing the list), the registrations' EMA numbers
checked against it, a warning accepted as an entry of the log (once), the EMA details
and the MERS weight as the log stands."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.services import ema
from mjref.services import tournament as ts
from mjref.store import SqlEventLog
from mjref.store.ema_list import SqlEmaList
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from tests.databases import empty_database, fresh_pg_database, pg_database  # noqa: F401
from tests.tournament.helpers import KW

LIST = "number,name,country\n04290082,KOVACS Akos,HUN\n08000001,Berg Anne,NL\n"


@pytest.fixture
def log(empty_database: str) -> Iterator[SqlEventLog]:  # noqa: F811
    found = SqlEventLog.open(empty_database)
    ts.create_tournament(found, "t", name="T", ruleset="mers-2010", sessions=4, **KW)
    for first, last, country, number in (
        ("Ákos", "Kovács", "HU", "04290082"),
        ("Anna", "Berg", "NL", "08000001"),
        ("John", "Doe", "JP", "08000002"),
        ("Piet", "Jansen", "NL", ""),
    ):
        ts.add_player(found, "t", ts.player_details(first, last, country, number), **KW)
    yield found
    found.close()


def test_no_list_no_check(log: SqlEventLog) -> None:
    report = ema.number_warnings(log, "t", SqlEmaList(log.engine))
    assert report.list_import is None
    assert report.warnings == ()


def test_import_check_accept(log: SqlEventLog) -> None:
    store = SqlEmaList(log.engine)
    assert ema.import_ema_list(store, LIST, source="ema.csv", **KW).players == 2
    report = ema.number_warnings(log, "t", store)
    assert report.list_import == ("2026-06-01T09:00:00+00:00", "referee", 2, "ema.csv")
    assert [(w.player, w.kind.value, w.accepted) for w in report.warnings] == [
        (2, "name", False),
        (3, "unknown", False),
    ]
    recorded = ema.accept_warning(log, "t", PlayerId(2), "NAME", note="same person", **KW)
    assert recorded.event == ev.EmaWarningAccepted(PlayerId(2), "name", "08000001", "same person")
    report = ema.number_warnings(log, "t", store, players=(2,))
    assert [(w.player, w.accepted) for w in report.warnings] == [(2, True)]
    with pytest.raises(TournamentError) as caught:
        ema.accept_warning(log, "t", PlayerId(2), "name", **KW)
    assert caught.value.message.key == "ema.already-accepted"
    with pytest.raises(InputError) as caught_kind:
        ema.accept_warning(log, "t", PlayerId(2), "spelling", **KW)
    assert caught_kind.value.message.key == "ema.bad-warning"
    with pytest.raises(TournamentError) as caught_player:
        ema.accept_warning(log, "t", PlayerId(99), "name", **KW)
    assert caught_player.value.message.key == "tournament.unknown-player"
    # the registration itself is unchanged
    assert ts.show_player(log, "t", PlayerId(2)).first_name == "Anna"


def test_a_bad_list_is_refused_whole_or_its_bad_rows_left_out(log: SqlEventLog) -> None:
    store = SqlEmaList(log.engine)
    ema.import_ema_list(store, LIST, **KW)
    bad = LIST + "123,Nobody,NL\n08000001,Again,NL\n"
    with pytest.raises(ema.EmaListFileError) as caught:
        ema.import_ema_list(store, bad, **KW)
    assert [p.line for p in caught.value.problems] == [4, 5]
    assert store.last_import() is not None
    assert store.last_import()[2] == 2  # type: ignore[index]
    report = ema.import_ema_list(store, bad.replace("04290082", "04290083"), skip_bad=True, **KW)
    assert (report.players, len(report.skipped)) == (2, 2)
    # the new list replaced the old one: player 1's number is no longer on it
    kinds = [(w.player, w.kind.value) for w in ema.number_warnings(log, "t", store).warnings]
    assert (1, "unknown") in kinds


def test_details_and_weight(log: SqlEventLog) -> None:
    before = ema.weight_of(log, "t")
    assert (str(before.weight.total), before.details.set_at) == ("1.0", None)
    ema.set_ema_details(log, "t", days=2, qualifying=True, host_country="NLD", **KW)
    report = ema.weight_of(log, "t")
    assert report.details.host_country == "NL"
    # HU, NL and JP counted as NL: 2 countries; 4 players
    assert (report.players, report.countries, report.guests) == (4, 2, 1)
    assert str(report.weight.total) == "3.0"
    with pytest.raises(TournamentError) as caught:
        ema.set_ema_details(log, "t", days=4, qualifying=False, host_country="NL", **KW)
    assert caught.value.message.key == "ema.bad-days"
    with pytest.raises(TournamentError) as caught:
        ema.set_ema_details(
            log, "t", days=1, qualifying=False, host_country="NL", reading="x", **KW
        )
    assert caught.value.message.key == "ema.bad-reading"
    ema.set_ema_details(
        log, "t", days=3, qualifying=False, host_country="HU", reading="countries-2018", **KW
    )
    assert str(ema.weight_of(log, "t").weight.total) == "3.0"


def test_the_checklist_from_the_log_and_the_accounts(log: SqlEventLog) -> None:
    from datetime import timedelta

    from mjref.services import accounts
    from mjref.services import tournament_clock as clock
    from mjref.services import tournament_results as tr
    from mjref.store.accounts import SqlAccounts
    from tests.tournament.helpers import NOW

    store = SqlAccounts(log.engine)
    accounts.add_user(
        store, "ref", "correct-horse", accounts.Role.REFEREE, tournaments=("t",), now=NOW
    )
    for n in range(5, 9):
        ts.add_player(log, "t", ts.player_details(f"F{n}", f"L{n}", "FR"), **KW)
    ts.check_in_all(log, "t", **KW)
    ts.publish_seating(log, "t", seed=1, **KW)
    later = {"actor": "referee", "now": NOW + timedelta(minutes=1)}
    clock.start_session(log, "t", 1, **later)
    clock.end_session(log, "t", 1, **{**later, "now": NOW + timedelta(minutes=121)})
    for table in (1, 2):
        tr.record_result(log, "t", session=1, table=table, scores=[10, -10, 5, -5], **later)
    ts.close_session(log, "t", 1, **{**later, "now": NOW + timedelta(minutes=122)})
    clock.start_session(log, "t", 2, **{**later, "now": NOW + timedelta(minutes=126)})
    ts.open_session(log, "t", 3, **{**later, "now": NOW + timedelta(minutes=300)})
    facts = ema.checklist_facts(ts.load(log, "t"), store)
    assert (facts.players, facts.ema_country_players, facts.referees) == (8, 7, 1)
    assert facts.referees_at_start == 1
    assert facts.breaks == ((2, 5),)
    assert facts.results_in_time == ((2, True), (3, False))
    assert (facts.clocked, facts.played) == ((1, 2), (1, 2, 3))
    status = {i.name: i.status.value for i in ema.checklist_of(log, "t", store)}
    assert status == {
        "sessions": "met",
        "session-length": "met",
        "breaks": "not-met",
        "ema-players": "not-met",
        "local-share": "unknown",
        "referees": "met",
        "referees-named": "met",
        "results": "not-met",
        "clock": "not-met",
    }


RANKING = (
    "ema_number,family,tournament,start,end,place,players,weight\n"
    "04290082,mcr,Spring,2026-03-01,2026-03-01,1,11,1\n"
    "04290082,mcr,Winter,2025-01-01,2025-01-02,6,11,2\n"
    "04290082,riichi,Riichi Open,2026-03-01,2026-03-02,1,11,2\n"
)


def test_ranking_import_and_preview(log: SqlEventLog) -> None:
    from mjref.services import tournament_results as tr
    from tests.tournament.helpers import NOW

    store = SqlEmaList(log.engine)
    assert ema.import_ranking(store, RANKING, source="r.csv", **KW).rows == 3
    bad = RANKING + "04290082,mcr,X,2026-03-01,2026-03-01,12,11,1\n"
    with pytest.raises(ema.EmaListFileError):
        ema.import_ranking(store, bad, **KW)
    before = ema.ranking_preview(log, "t", store, PlayerId(1), now=NOW)
    # MCR only: Spring (1000, weight 1, full) and Winter (500, weight 2, 17 months old: 1/2)
    # A: (1000 + 500 + 3 x 0) / (1 + 1 + 3) = 300; B: 1500 / 4 = 375; rating 337.5
    assert (before.now.part_a, before.now.part_b) == (300, 375)
    assert before.now.ranked
    assert before.event is None  # no place yet
    for n in range(5, 9):
        ts.add_player(log, "t", ts.player_details(f"F{n}", f"L{n}", "FR"), **KW)
    ts.check_in_all(log, "t", **KW)
    ts.publish_seating(log, "t", seed=1, **KW)
    seats = ts.seating(log, "t", 1)
    for table, players in enumerate(seats, start=1):
        scores = [30, -10, -10, -10] if PlayerId(1) in players else [10, 0, 0, -10]
        order = list(players)
        first = order.index(PlayerId(1)) if PlayerId(1) in players else 0
        scores = [scores[(i - first) % 4] for i in range(4)]
        tr.record_result(log, "t", session=1, table=table, scores=scores, **KW)
    after = ema.ranking_preview(log, "t", store, PlayerId(1), now=NOW)
    assert after.event is not None
    assert (after.event.place, after.event.players) == (1, 8)
    assert after.with_event is not None
    # the event: base rank 1000 with weight 1: A = (1000 + 1000 + 500 + 2 x 0) / (1 + 1 + 1 + 2)
    assert after.with_event.part_a == 500
    none = ema.ranking_preview(log, "t", store, PlayerId(4), now=NOW)
    assert none.now.value is None  # no EMA number


def test_the_observer_report(log: SqlEventLog) -> None:
    from datetime import timedelta

    from mjref.services import accounts
    from mjref.services import tournament_clock as clock
    from mjref.services import tournament_results as tr
    from mjref.store.accounts import SqlAccounts
    from tests.tournament.helpers import NOW

    store = SqlAccounts(log.engine)
    accounts.add_user(
        store, "piet.jansen", "correct-horse", accounts.Role.REFEREE, tournaments=("t",), now=NOW
    )
    accounts.add_user(
        store, "ref", "correct-horse", accounts.Role.REFEREE, tournaments=("t",), now=NOW
    )
    for n in range(5, 9):
        ts.add_player(log, "t", ts.player_details(f"F{n}", f"L{n}", "FR"), **KW)
    ts.check_in_all(log, "t", **KW)
    ts.publish_seating(log, "t", seed=1, **KW)
    ema.set_ema_details(log, "t", days=1, qualifying=False, host_country="NL", **KW)
    clock.start_session(log, "t", 1, actor="referee", now=NOW)
    clock.end_session(log, "t", 1, actor="referee", now=NOW + timedelta(minutes=120))
    tr.record_lateness(log, "t", player=PlayerId(2), session=2, minutes=5, **KW)
    report = ema.observer_report(log, "t", store)
    assert (report.name, report.ruleset, report.sessions, report.players) == (
        "T",
        "mers-2010",
        4,
        8,
    )
    assert report.countries[0] == ("FR", 4)
    assert dict(report.countries) == {"FR": 4, "NL": 2, "HU": 1, "JP": 1}
    assert report.schedule[0][1] is not None
    assert report.schedule[0][2] is not None
    assert report.schedule[1] == (2, None, None)
    assert dict(report.referees) == {"piet.jansen": True, "ref": None}
    assert [(i.kind, i.session, i.player) for i in report.irregularities] == [
        ("lateness-recorded", 2, 2)
    ]

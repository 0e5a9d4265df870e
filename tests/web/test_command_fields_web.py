"""The web's forms take the fields of their commands (the catalogue): a withdrawal through
illness struck from the final results, a new tournament's convention or starting points,
a ruling's game and the amount the referee sets where the rule leaves it open."""

from __future__ import annotations

from typing import Any

from mjref.players import PlayerId
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from mjref.tournament import events as ev
from tests.tournament.helpers import make
from tests.web.conftest import NOW, Site, csrf, post


def test_a_withdrawal_struck_from_the_final_results(site: Site) -> None:
    organiser = site.login("org")
    player = site.table(1, 1)[0]
    sent = post(organiser, f"/t/cup/admin/players/{player}/withdraw", illness="true", struck="true")
    assert sent.status_code == 303
    view = ts.show_player(site.log, "cup", player)
    assert (view.withdrawn_from, view.struck) == (1, True)


def test_a_withdrawal_with_its_note(site: Site) -> None:
    organiser = site.login("org")
    player = site.table(1, 1)[1]
    assert 'name="note"' in organiser.get(f"/t/cup/admin/players/{player}/withdraw").text
    sent = post(organiser, f"/t/cup/admin/players/{player}/withdraw", note="  train <b>strike</b> ")
    assert sent.status_code == 303
    last = site.log.read("cup")[-1].event
    assert isinstance(last, ev.PlayerWithdrawn)
    assert (last.player, last.note) == (player, "train <b>strike</b>")
    # The note is checked as every note is: a control character is refused, nothing kept.
    before = site.log.position("cup")
    other = site.table(1, 1)[2]
    refused = post(organiser, f"/t/cup/admin/players/{other}/withdraw", note="a\x07b")
    assert refused.status_code == 400
    assert site.log.position("cup") == before


def test_a_new_tournament_with_its_convention_or_starting_points(site: Site) -> None:
    organiser = site.login("org")
    form = organiser.get("/new").text
    assert 'name="convention"' in form
    assert 'name="start"' in form
    made = post(
        organiser,
        "/new",
        tid="mil-cup",
        name="MIL Cup",
        ruleset="mers-2010",
        sessions=4,
        minutes=120,
        convention="mil",
        start="",
    )
    assert made.status_code == 303
    assert ts.show_tournament(site.log, "mil-cup").convention == "mil"
    riichi = post(
        organiser,
        "/new",
        tid="r-cup",
        name="R Cup",
        ruleset="rcr-2016",
        sessions=4,
        minutes=90,
        convention="",
        start="25000",
    )
    assert riichi.status_code == 303
    assert ts.show_tournament(site.log, "r-cup").starting_points == 25000
    mixed = post(
        organiser, "/new", tid="x-cup", name="X", ruleset="mers-2010", sessions=4, start="25000"
    )
    assert mixed.status_code == 400  # the core refuses starting points for MCR


def test_a_ruling_with_the_referees_amount(site: Site) -> None:
    """RCR 2016 5.5: obstruction costs 8,000 or 12,000 as the referee decides; the web's
    form takes the amount (and refuses one the clause does not allow)."""
    kw = {"actor": "setup", "now": NOW}
    ts.add_player(site.log, "other", ts.player_details("Ren", "Sato", "NL"), **kw)
    referee = site.login("ref2")  # the referee of the riichi tournament
    page = referee.get("/t/other/referee?incident=obstruction").text
    assert 'name="points"' in page
    assert 'name="game"' in page
    fields = {"incident": "obstruction", "player": 1, "session": 1, "facts": "", "game": 1}
    wrong = post(referee, "/t/other/referee/rule", **fields, points=9000, action="record")
    assert wrong.status_code == 400
    right = post(referee, "/t/other/referee/rule", **fields, points=8000, action="record")
    assert right.status_code == 200, right.text
    (entry,) = ts.read_log(site.log, "other", kinds=["ruling-recorded"])
    assert entry.event.discretion == 8000  # type: ignore[attr-defined]


def test_a_seating_published_with_byes(site: Site) -> None:
    """The web's seating form takes the catalogue's fill: 5 players with byes sit at one
    table a session, one of them out in turn (no substitute needed)."""
    make(site.log, "byes-cup", players=5, sessions=2)
    accounts.grant(SqlAccounts(site.log.engine), "org", "byes-cup")
    organiser = site.login("org")
    page = organiser.get("/t/byes-cup/admin/seating").text
    assert 'name="fill"' in page
    assert 'value="byes"' in page
    sent = post(organiser, "/t/byes-cup/admin/seating", seed=3, fill="byes")
    assert sent.status_code == 303, sent.text[-400:]
    for session in (1, 2):
        (table,) = ts.seating(site.log, "byes-cup", session)
        assert len(set(table)) == 4
        assert set(table) <= {PlayerId(n) for n in range(1, 6)}
    bad = post(organiser, "/t/byes-cup/admin/seating", seed=3, fill="chairs", again="true")
    assert bad.status_code == 400


def test_a_new_tournament_with_readings_of_its_rules(site: Site) -> None:
    """The form offers every reading of the registry, each with the rules it applies to;
    the ticked ones are added to the ruleset as the CLI's --ruleset takes them."""
    organiser = site.login("org")
    form = organiser.get("/new").text
    assert (
        'name="reading" value="hungarian"> <span><code>+hungarian</code> <small>(mers-2008)</small>'
        in form
    )
    assert (
        'value="started-minutes"> <span><code>+started-minutes</code> '
        "<small>(ema-2009, rcr-2016, rcr-2012)" in form
    )

    def create(tid: str, ruleset: str, readings: list[str]) -> Any:
        data = {"tid": tid, "name": tid, "ruleset": ruleset, "sessions": "4", "minutes": "120"}
        return organiser.post(
            "/new",
            data={"csrftoken": csrf(organiser), **data, "reading": readings},
            follow_redirects=False,
        )

    assert create("hu-cup", "mers-2008", ["hungarian", "per-game"]).status_code == 303
    assert ts.show_tournament(site.log, "hu-cup").ruleset == "mers-2008+hungarian+per-game"
    before = site.log.position("it-cup")
    refused = create("it-cup", "rcr-2016", ["hungarian"])  # not a reading of the RCR
    assert refused.status_code == 400
    assert "hungarian" in refused.text
    assert site.log.position("it-cup") == before  # nothing recorded

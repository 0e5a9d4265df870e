"""The web takes the same paths as the CLI and the API: a false hu ruled on with its hand
by the referee's assistant pays in that hand; a false hu settled at the table is entered
with the hand; a late player is ruled on and recorded from the referee's page."""

from __future__ import annotations

from fractions import Fraction

from mjref.scoring import HandOutcome
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from tests.web.conftest import NOW, Site, post

FALSE_HU = "tiles_shown=true\nhand=[123s][456p]678m11p99s+9s"  # not a win: 10 to each


def _scores(site: Site) -> dict[int, Fraction]:
    return {int(r.player.player): r.score for r in ts.current_standings(site.log, "cup").ranked}


def test_a_false_hu_ruled_with_its_hand_pays_in_it(site: Site) -> None:
    east, south, west, north = site.table(1, 1)
    tr.record_hand(
        site.log,
        "cup",
        session=1,
        table=1,
        hand=1,
        outcome=HandOutcome.DISCARD,
        winner=east,
        discarder=south,
        points=8,
        actor="org",
        now=NOW,
    )
    referee = site.login("ref")
    recorded = post(
        referee,
        "/t/cup/referee/rule",
        incident="false-hu",
        player=west,
        session=1,
        table=1,
        hand=1,
        facts=FALSE_HU,
        action="record",
    )
    assert recorded.status_code == 200, recorded.text
    scores = _scores(site)
    assert (scores[east], scores[south], scores[west], scores[north]) == (42, -6, -38, 2)
    page = site.login("org").get("/t/cup/admin/hands?session=1&table=1").text
    assert ">-38<" in page  # the hand's row shows the payment


def test_a_false_hu_entered_with_the_hand_on_the_web(site: Site) -> None:
    east, south, west, north = site.table(1, 1)
    organiser = site.login("org")
    form = organiser.get("/t/cup/admin/hands?session=1&table=1").text
    assert 'name="false_hu"' in form
    sent = organiser.post(
        "/t/cup/admin/hands",
        data={
            "csrftoken": organiser.cookies["csrftoken"],
            "session": "1",
            "table": "1",
            "hand": "1",
            "outcome": "discard",
            "winner": str(east),
            "discarder": str(south),
            "points": "8",
            "false_hu": [f"{west}:10", ""],
        },
        follow_redirects=False,
    )
    assert sent.status_code == 303, sent.text
    scores = _scores(site)
    assert (scores[east], scores[south], scores[west], scores[north]) == (42, -6, -38, 2)
    bad = post(
        organiser,
        "/t/cup/admin/hands",
        session=1,
        table=1,
        hand=2,
        outcome="draw",
        false_hu="nobody",
    )
    assert bad.status_code == 400


def test_a_late_player_from_the_referee_page(site: Site) -> None:
    player = site.table(1, 2)[0]
    referee = site.login("ref", lang="it")
    page = referee.get("/t/cup/referee")
    assert 'action="/t/cup/referee/late' in page.text
    ruled = post(referee, "/t/cup/referee/late", player=player, session=1, minutes=3)
    assert ruled.status_code == 200, ruled.text
    (entry,) = ts.read_log(site.log, "cup", kinds=["lateness-recorded"])
    assert (entry.event.player, entry.event.minutes, entry.actor) == (player, 3, "ref")  # type: ignore[attr-defined]
    anonymous = post(site.client(), "/t/cup/referee/late", player=1, session=1, minutes=3)
    assert anonymous.status_code == 401
    assert (
        post(site.login("ref2"), "/t/cup/referee/late", player=1, session=1, minutes=3).status_code
        == 403
    )

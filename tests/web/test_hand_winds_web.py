"""The hand-by-hand page shows the winds a hand in notation is judged with, as the service
derives them from the seating and the hand number (the page computes none), and takes
other winds only with a reason."""

from __future__ import annotations

from mjref.services import tournament as ts
from mjref.tiles import Wind
from tests.web.conftest import Site, post

# A pung of South: 19 with no wind of the hand, 20 with Prevalent Wind, 22 with Seat Wind.
SOUTH_PUNG = "[SSS]123m456m789m1p+1p"
URL = "/t/cup/admin/hands"


def test_the_page_shows_the_winds_of_the_next_hand(site: Site) -> None:
    referee = site.login("ref")
    east, south, west, north = site.table(1, 1)
    page = referee.get(f"{URL}?session=1&table=1").text
    assert "Hand 1: prevalent wind East; seat winds:" in page
    assert page.count("</li>") >= 4
    for wind in ("East", "South", "West", "North"):
        assert f": {wind}</li>" in page
    _ = (east, south, west, north)


def test_a_hand_is_judged_and_recorded_with_the_winds_of_its_number(site: Site) -> None:
    referee = site.login("ref")
    east, south, west, _north = site.table(1, 1)
    form = {
        "session": 1,
        "table": 1,
        "hand": 5,
        "outcome": "discard",
        "winner": east,
        "discarder": south,
        "notation": SOUTH_PUNG,
    }
    judged = post(referee, URL, **form, action="judge")
    assert judged.status_code == 200, judged.text[-600:]
    # Hand 5: the first East moved to the South seat; the prevalent wind is South.
    assert "Judged with seat wind South and prevalent wind South." in judged.text
    assert "Hand 5: prevalent wind South; seat winds:" in judged.text
    assert "A valid win: 22 points" in judged.text
    assert "Prevalent Wind" in judged.text
    assert ts.read_log(site.log, "cup", kinds=("hand-recorded",)) == ()
    recorded = post(referee, URL, **form)
    assert recorded.status_code == 303
    (entry,) = ts.read_log(site.log, "cup", kinds=("hand-recorded",))
    event = entry.event
    assert event.points == 22  # type: ignore[attr-defined]
    assert (event.seat_wind, event.prevalent_wind) == (Wind.SOUTH, Wind.SOUTH)  # type: ignore[attr-defined]
    # The same tiles at hand 1, won by West: no wind of the hand.
    first = post(referee, URL, **{**form, "hand": 1, "winner": west}, action="judge")
    assert "A valid win: 19 points" in first.text
    assert "Prevalent Wind" not in first.text


def test_other_winds_only_with_a_reason(site: Site) -> None:
    referee = site.login("ref", lang="fr")
    east, south, west, _north = site.table(1, 1)
    form = {
        "session": 1,
        "table": 1,
        "hand": 1,
        "outcome": "discard",
        "winner": west,
        "discarder": south,
        "notation": SOUTH_PUNG,
        "prevalent": "S",
    }
    refused = post(referee, URL, **form)
    assert refused.status_code == 400
    assert "les vents de la main 1 découlent du placement" in refused.text
    assert ts.read_log(site.log, "cup", kinds=("hand-recorded",)) == ()
    recorded = post(referee, URL, **form, winds_reason="la table a joué le tour Sud d'abord")
    assert recorded.status_code == 303
    (entry,) = ts.read_log(site.log, "cup", kinds=("hand-recorded",))
    assert entry.event.points == 20  # type: ignore[attr-defined]
    assert entry.event.winds_reason == "la table a joué le tour Sud d'abord"  # type: ignore[attr-defined]
    _ = east


def test_after_the_16th_hand_the_page_asks_for_the_winds(site: Site) -> None:
    referee = site.login("ref")
    east, south, _west, _north = site.table(1, 1)
    form = {
        "session": 1,
        "table": 1,
        "hand": 17,
        "outcome": "discard",
        "winner": east,
        "discarder": south,
        "notation": SOUTH_PUNG,
    }
    refused = post(referee, URL, **form, action="judge")
    assert refused.status_code == 400
    assert "an MCR game has 16 hands" in refused.text
    judged = post(
        referee, URL, **form, seat="S", prevalent="E", winds_reason="extra hand", action="judge"
    )
    assert judged.status_code == 200
    assert "Hand 17 comes after the 16 hands of an MCR game" in judged.text
    assert "Judged with seat wind South and prevalent wind East." in judged.text

"""Names as people write them on the web (issue 25): the seating search ignores case and
accents (``?q=elodie`` finds Élodie), the door list is surname first in the order of the
page's language (Élodie Roux among the R's, not after Z; Hungarian's own letters under
Hungarian)."""

from __future__ import annotations

import re

from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.store.accounts import SqlAccounts
from tests.web.conftest import NOW, Site

PEOPLE = [
    ("Élodie", "Roux", "FR"),
    ("Ödön", "Szabó", "HU"),
    ("Zoltán", "Sütő", "HU"),
    ("Anna", "Csonka", "HU"),
    ("Piet", "Czerny", "NL"),
    ("Marco", "Olivetti", "IT"),
    ("Åsa", "Zorn", "DE"),
    ("Éric", "Ozanne", "FR"),
]


def _names_cup(site: Site) -> None:
    kw = {"actor": "setup", "now": NOW}
    ts.create_tournament(site.log, "names", name="Names Cup", ruleset="mers-2010", sessions=1, **kw)
    for first, last, country in PEOPLE:
        ts.add_player(
            site.log, "names", ts.player_details(first, last, country), check_in=True, **kw
        )
    ts.publish_seating(site.log, "names", seed=3, **kw)
    accounts.grant(SqlAccounts(site.log.engine), "org", "names")


def test_the_seating_search_ignores_case_and_accents(site: Site) -> None:
    _names_cup(site)
    public = site.client(lang="fr")
    for query in ("elodie", "ELODIE", "Élodie", "roux elodie", "odon szabo"):
        found = public.get("/t/names/seating", params={"q": query}).text
        who = "Élodie Roux" if "odon" not in query else "Ödön Szabó"
        assert re.search(rf'class="found"[^>]*>[^<]*{who}', found), query
    assert 'class="found"' not in public.get("/t/names/seating", params={"q": "zzz"}).text


def test_the_door_list_is_surname_first_in_the_pages_order(site: Site) -> None:
    _names_cup(site)
    organiser = site.login("org", lang="en")
    page = organiser.get("/t/names/admin/seating").text
    door = page[page.index('id="by-player"') :]
    listed = re.findall(r"<tr><td>([^<(]+) \(\d+\)</td>", door)
    assert listed == [
        "Csonka, Anna",
        "Czerny, Piet",
        "Olivetti, Marco",
        "Ozanne, Éric",
        "Roux, Élodie",
        "Sütő, Zoltán",
        "Szabó, Ödön",
        "Zorn, Åsa",
    ]
    hungarian = site.login("org", lang="hu").get("/t/names/admin/seating").text
    listed = re.findall(
        r"<tr><td>([^<(]+) \(\d+\)</td>", hungarian[hungarian.index('id="by-player"') :]
    )
    assert listed == [
        "Czerny, Piet",
        "Csonka, Anna",  # cs is a letter after c
        "Olivetti, Marco",
        "Ozanne, Éric",
        "Roux, Élodie",
        "Sütő, Zoltán",
        "Szabó, Ödön",  # sz is a letter after s
        "Zorn, Åsa",
    ]

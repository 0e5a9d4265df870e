"""The organiser's dashboard is about the session in play: its tables reported so far,
the tables still missing up to it, and the sessions seated after it only named."""

from __future__ import annotations

import re

from mjref.services import tournament_results as tr
from mjref.services import tournament_review as review
from mjref.wire import tournament as wire
from tests.web.conftest import NOW, Site


def _in_play(html: str) -> str:
    found = re.search(r'<section class="in-play">(.*?)</section>', html, re.S)
    assert found, "no section about the session in play"
    return found.group(1)


def _unreported(html: str) -> str:
    found = re.search(r"Tables not reported</h2>(.*?)</section>", html, re.S)
    assert found
    return found.group(1)


def test_the_dashboard_follows_the_session_in_play(site: Site) -> None:
    org = site.login("org")
    page = org.get("/t/cup/admin").text
    assert "Session 1 in play: 0 of 2 tables reported" in _in_play(page)
    assert "Seated, not played yet: session 2" in _in_play(page)
    assert "session 2, table" not in _unreported(page)  # nobody has played session 2
    assert "session 1, table 1; session 1, table 2" in _unreported(page)
    tr.record_totals(
        site.log, "cup", session=1, table=1, scores=[30, -10, -5, -15], actor="org", now=NOW
    )
    page = org.get("/t/cup/admin").text
    assert "Session 1 in play: 1 of 2 tables reported" in _in_play(page)
    assert "session 1, table 1" not in _unreported(page)
    found = wire.attention_json(review.attention(site.log, "cup"))
    assert (found["session_in_play"], found["later_sessions"]) == (1, [2])
    assert (found["tables_reported"], found["tables_in_play"]) == (1, 2)


def test_the_dashboard_in_hungarian(site: Site) -> None:
    page = site.login("org", "hu").get("/t/cup/admin").text
    assert "Folyamatban: 1. forduló; 2 asztalból 0 eredménye rögzítve" in _in_play(page)
    assert "Beültetve, még nem játszott forduló: 2" in _in_play(page)

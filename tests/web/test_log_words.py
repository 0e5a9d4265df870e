"""The log page and a table's entries name each entry's kind in the reader's language and
show its time through Babel, not the stored codes and ISO text."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import Site

ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Tournament created", "Player registered", "Checked in", "Seating published")),
        ("hu", ("Verseny létrehozva", "Játékos regisztrálva", "Megérkezett", "Ültetés kihirdetve")),
        ("fr", ("Tournoi créé", "Joueur inscrit", "Présence enregistrée", "Placement publié")),
    ],
)
def test_the_log_in_words_and_times_for_people(
    site: Site, lang: str, words: tuple[str, ...]
) -> None:
    page = site.login("org", lang).get("/t/cup/admin/log")
    assert page.status_code == 200
    body = page.text.split("<tbody>", 1)[1]
    for word in words:
        assert f"<td>{word}</td>" in body, word
    for code in ("tournament-created", "player-registered", "checked-in", "seating-published"):
        assert f"<td>{code}</td>" not in body
    assert not ISO.search(body), ISO.search(body)
    assert "2026" in body  # the times are there, written for people

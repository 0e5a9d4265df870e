"""The public pages' figures (issue 25): the riichi standings show points, uma and total,
every figure in the page's language (thousands separators, decimal comma, the minus
kept), MCR's half table points right; the player chart's scales; the line above the
standings saying how far the results have got."""

from __future__ import annotations

import re
from fractions import Fraction

from mjref.players import PlayerId
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from tests.web.conftest import NOW, Site

KW = {"actor": "setup", "now": NOW}
NNBSP, NBSP = "\u202f", "\xa0"
"""French groups thousands with a narrow no-break space, Hungarian with a no-break space
(CLDR, through Babel)."""


def _riichi(site: Site) -> dict[str, PlayerId]:
    """``rii``: eight riichi players, two sessions; session 1's two tables reported (one
    with three players tied first and a stick left: thirds of a point). The players by the
    final score of session 1, as a name."""
    ts.create_tournament(site.log, "rii", name="Riichi Cup", ruleset="rcr-2016", sessions=2, **KW)
    for n in range(1, 9):
        details = ts.player_details(f"P{n}", f"Q{n}", "IT")
        ts.add_player(site.log, "rii", details, check_in=True, **KW)
    ts.publish_seating(site.log, "rii", seed=1, **KW)
    first, second = ts.seating(site.log, "rii", 1)
    tr.record_riichi_result(
        site.log, "rii", session=1, table=1, scores=[45000, 32000, 24000, 19000], **KW
    )
    tr.record_riichi_result(
        site.log, "rii", session=1, table=2, scores=[35000, 35000, 35000, 14000], sticks=1, **KW
    )
    return {"top": first[0], "last": first[3], "tied": second[0]}


def _row(page: str, player: PlayerId) -> list[str]:
    """The figures of the player's standings row, as shown."""
    row = re.search(
        rf'<tr class="ranked">\s*<td>\d+</td>\s*<td><a href="/t/rii/players/{player}"'
        r".*?</tr>",
        page,
        re.S,
    )
    assert row is not None, player
    return re.findall(r'<td class="(?:wide )?num">([^<]*)</td>', row.group(0))


def test_riichi_standings_show_points_uma_and_total_in_the_language(site: Site) -> None:
    who = _riichi(site)
    en = site.client("en").get("/t/rii").text
    for word in ('<th class="wide">Points</th>', '<th class="wide">Uma</th>', "<th>Total</th>"):
        assert word in en
    # points, uma, total, sessions, penalties
    assert _row(en, who["top"]) == ["15,000", "15,000", "30,000", "1", "0"]
    assert _row(en, who["last"]) == ["-11,000", "-15,000", "-26,000", "1", "0"]
    # three tied first share the uma of places 1 to 3 and the stick left on the table
    assert _row(en, who["tied"]) == ["5,333 1/3", "5,000", "10,333 1/3", "1", "0"]
    fr = site.client("fr").get("/t/rii").text
    assert _row(fr, who["top"])[:3] == [f"15{NNBSP}000", f"15{NNBSP}000", f"30{NNBSP}000"]
    assert _row(fr, who["last"])[2] == f"-26{NNBSP}000"
    assert _row(fr, who["tied"])[2] == f"10{NNBSP}333 1/3"
    hu = site.client("hu").get("/t/rii").text
    assert '<th class="wide">Pontok</th>' in hu
    assert _row(hu, who["last"])[:3] == [f"-11{NBSP}000", f"-15{NBSP}000", f"-26{NBSP}000"]
    it = site.client("it").get("/t/rii").text
    assert _row(it, who["top"])[2] == "30.000"
    # the player's page: the final score, uma and penalties in the same way
    page = site.client("hu").get(f"/t/rii/players/{who['top']}").text
    assert f'<td class="num">45{NBSP}000</td>' in page
    assert f'<td class="num">15{NBSP}000</td>' in page


def test_mcr_half_table_points_keep_their_decimal_in_each_language(site: Site) -> None:
    table = site.table(1, 1)
    tr.record_totals(site.log, "cup", session=1, table=1, scores=[20, 10, -15, -15], **KW)
    tied = table[2]
    for lang, half in (("en", "0.5"), ("fr", "0,5"), ("hu", "0,5"), ("nl", "0,5")):
        page = site.client(lang).get("/t/cup").text
        row = page.split(f'href="/t/cup/players/{tied}"')[1].split("</tr>")[0]
        assert f'<td class="num">{half}</td>' in row, lang
        assert '<td class="num">-15</td>' in row, lang  # the minus sign kept


def test_the_standings_say_how_far_the_results_have_got(site: Site) -> None:
    en = site.client("en").get("/t/cup").text
    assert "entries in the log" not in en
    assert "Confirmed results only. No table has reported a result yet." in en
    tr.record_totals(site.log, "cup", session=1, table=1, scores=[20, 10, -15, -15], **KW)
    en = site.client("en").get("/t/cup").text
    assert "Session 1: 1 of 2 tables have reported." in en
    assert "Last change: " in en
    fr = site.client("fr").get("/t/cup").text
    assert "Session 1 : 1 tables sur 2 ont donné leur résultat." in fr
    assert re.search(r"Dernière modification : \d\d/\d\d/2026", fr)
    tr.record_totals(site.log, "cup", session=1, table=2, scores=[8, 0, 0, -8], **KW)
    en = site.client("en").get("/t/cup").text
    assert "After session 1: every table has reported." in en
    hu = site.client("hu").get("/t/cup").text
    assert "A(z) 1. menet után: minden asztal leadta az eredményét." in hu
    assert "Utolsó változás: 2026." in hu


def test_the_player_chart_has_values_on_its_scales_in_the_language(site: Site) -> None:
    who = _riichi(site)
    en = site.client("en").get(f"/t/rii/players/{who['top']}").text
    values = re.findall(r'<text [^>]*class="value"[^>]*>([^<]*)</text>', en)
    assert values == ["0", "10,000", "20,000", "30,000"]
    assert re.findall(r'<text [^>]*class="rank"[^>]*>([^<]*)</text>', en) == ["1", "8"]
    assert "style=" not in en.split("<svg")[1].split("</svg>")[0]  # nothing the policy refuses
    fr = site.client("fr").get(f"/t/rii/players/{who['last']}").text
    values = re.findall(r'<text [^>]*class="value"[^>]*>([^<]*)</text>', fr)
    assert values == [f"-30{NNBSP}000", f"-20{NNBSP}000", f"-10{NNBSP}000", "0"]
    hu = site.client("hu").get(f"/t/rii/players/{who['tied']}").text
    assert f"<title>Összesen 10{NBSP}333 1/3</title>" in hu


def test_the_api_standings_carry_points_and_uma_as_the_page_shows_them(site: Site) -> None:
    who = _riichi(site)
    rows = {
        r["player"]: r for r in site.client().get("/api/tournaments/rii/standings").json()["ranked"]
    }
    top, tied = rows[int(who["top"])], rows[int(who["tied"])]
    assert (top["points"], top["uma"], top["score"]) == (15000, 15000, 30000)
    # exact, as the API writes figures elsewhere (a third of a stick: a fraction's text)
    assert tied["uma"] == 5000
    assert Fraction(tied["points"]) + 5000 == Fraction(tied["score"]) == Fraction(31000, 3)
    mcr = site.client().get("/api/tournaments/cup/standings").json()["ranked"][0]
    assert (mcr["points"], mcr["uma"]) == (0, 0)

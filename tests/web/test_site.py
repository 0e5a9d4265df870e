"""The static site (``mjref export html``, the organiser's ZIP, ``mjref serve --export-dir``)
is the web's own standings, seating and player pages (:mod:`mjref.web.site`): the same
content in every language, links relative to the page that resolve to files of the site,
no absolute address and no script; written to disk, the folder opens from there."""

from __future__ import annotations

import io
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

from mjref.i18n import LANGUAGES
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.web import site as static
from mjref.web.live import Live
from tests.fresh import run_fresh
from tests.web.conftest import NOW, Site

KW = {"actor": "org", "now": NOW}


def _played(site: Site) -> None:
    """Table 1 of session 1 played; the rest not yet."""
    tr.record_totals(site.log, "cup", session=1, table=1, scores=[30, -10, -5, -15], **KW)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.links += [v or "" for k, v in attrs if k in ("href", "src", "action")]


def _links(text: str) -> _Links:
    parsed = _Links()
    parsed.feed(text)
    return parsed


def _main(text: str) -> str:
    """The page's ``<main>``: what it shows, without the header (account, languages), and
    without a player's EMA rating preview: the web computes it live from the EMA ranking
    data imported into the server's database and today's date (docs/ema.md), not from the
    tournament's log, so the static snapshot leaves it out."""
    found = re.search(r"<main>(.*)</main>", text, re.S)
    assert found, text[:200]
    return re.sub(r'<section id="ema-rating">.*?</section>', "", found.group(1), flags=re.S)


def _web_links_made_static(text: str, page: str) -> str:
    """A web page's ``<main>`` with its addresses written as the static site writes them
    from ``page``, and the look-up form (a server's) left out."""
    up = "../" if "/" in page else "./"
    text = re.sub(r'href="/t/cup/players/(\d+)"', rf'href="{up}players/\1.html"', text)
    text = re.sub(r'href="/t/cup/seating\?session=(\d+)"', rf'href="{up}seating/\1.html"', text)
    text = re.sub(r'href="/t/cup/teams"', f'href="{up}teams.html"', text)
    # The team standings' CSV file is made by the server: the static page has no link to it.
    text = re.sub(r'<p><a href="/t/cup/teams\.csv[^"]*">.*?</p>\n', "", text)
    text = re.sub(r'<form method="get" class="inline find">.*?</form>\n', "", text, flags=re.S)
    # A player's calendar file is made by the server: the static page has no link to it.
    text = re.sub(r'<p class="note"><a id="calendar" .*?</p>\n', "", text, flags=re.S)
    return text


def _blank(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_each_page_shows_what_the_web_shows_in_every_language(site: Site) -> None:
    _played(site)
    players = [v.player for v in ts.list_players(site.log, "cup")]
    expected = {
        "index.html": "/t/cup",
        "teams.html": "/t/cup/teams",
        "seating/1.html": "/t/cup/seating?session=1",
        "seating/2.html": "/t/cup/seating?session=2",
        **{f"players/{p}.html": f"/t/cup/players/{p}" for p in players},
    }
    for lang in LANGUAGES:
        pages = static.site_pages(site.log, "cup", lang)
        assert set(pages) == {*expected, "style.css"}
        client = site.client(lang)
        for name, address in expected.items():
            web = client.get(address)
            assert web.status_code == 200, address
            shown = _blank(_web_links_made_static(_main(web.text), name))
            assert _blank(_main(pages[name])) == shown, (lang, name)
            assert f'<html lang="{lang}">' in pages[name]
        assert pages["style.css"] == client.get("/static/style.css").text


def test_names_places_and_table_points_are_there(site: Site) -> None:
    _played(site)
    pages = static.site_pages(site.log, "cup", "en")
    first = ts.current_standings(site.log, "cup").ranked[0]
    assert first.table_points == 4
    row = re.search(
        rf'<td>1</td>\s*<td><a href="\./players/{first.player.player}\.html">'
        rf"{first.player.name}</a></td>.*?<td class=\"num\">4</td>",
        pages["index.html"],
        re.S,
    )
    assert row, pages["index.html"]
    (table,) = [t for t in ts.seating(site.log, "cup", 1) if first.player.player in t][:1]
    seating = pages["seating/1.html"]
    for p in table:
        assert f"{p}. {ts.show_player(site.log, 'cup', p).name}" in seating
    player = pages[f"players/{first.player.player}.html"]
    assert "<svg" in player
    assert "Session" in player


def test_links_are_relative_and_resolve_and_nothing_runs(site: Site) -> None:
    _played(site)
    pages = static.site_pages(site.log, "cup", "it")
    followed = 0
    for name, text in pages.items():
        if not name.endswith(".html"):
            continue
        parsed = _links(text)
        assert "script" not in parsed.tags, name
        assert "form" not in parsed.tags, name
        assert "data-live" not in text, name
        for link in parsed.links:
            assert link, name
            assert not link.startswith(("/", "#")), (name, link)
            assert ":" not in link, (name, link)
            assert "?" not in link, (name, link)
            target = PurePosixPath(name).parent / link
            parts: list[str] = []
            for part in target.parts:
                if part == "..":
                    assert parts, (name, link)  # never above the site's folder
                    parts.pop()
                elif part != ".":
                    parts.append(part)
            assert "/".join(parts) in pages, (name, link)
            followed += 1
    assert followed > 30


def test_a_tournament_without_seating_has_its_seating_page(site: Site) -> None:
    ts.create_tournament(site.log, "bare", name="Bare", ruleset="rcr-2016", sessions=2, **KW)
    pages = static.site_pages(site.log, "bare", "hu")
    assert set(pages) == {"index.html", "teams.html", "seating/1.html", "style.css"}
    assert 'href="./seating/1.html"' in pages["index.html"]


def test_the_folder_opens_from_disk(site: Site, tmp_path: Path) -> None:
    """``--export-dir``: the files on disk, every link to a file that is there."""
    _played(site)
    Live(site.log, str(tmp_path)).write_site("cup", "fr")
    folder = tmp_path / "cup"
    written = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}
    assert written == set(static.site_pages(site.log, "cup", "fr"))
    for page in folder.rglob("*.html"):
        for link in _links(page.read_text(encoding="utf-8")).links:
            assert (page.parent / link).resolve().is_file(), (page, link)


def test_the_organisers_zip_holds_the_same_pages(site: Site) -> None:
    _played(site)
    download = site.login("org", "nl").get("/t/cup/admin/export/html")
    assert download.status_code == 200
    with zipfile.ZipFile(io.BytesIO(download.content)) as archive:
        files = {n.removeprefix("cup/"): archive.read(n).decode() for n in archive.namelist()}
    assert files == static.site_pages(site.log, "cup", "nl")


def test_the_renderer_brings_the_webs_wording_along() -> None:
    """``mjref export html`` imports the renderer without the web app: the pages' English
    wording is registered all the same."""
    program = (
        "from mjref.messages import is_registered\n"
        "import mjref.web.site\n"
        "print(is_registered('web.standings.title'), is_registered('web.line.played'))\n"
    )
    done = run_fresh(program)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]

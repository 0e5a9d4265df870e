"""Every page in the five languages: no template has text outside the translation function
(so no page can show an untranslated string), every key a template uses is registered
(and so translated: tests/test_i18n.py), and the pages render in the language chosen,
remembered in a cookie, or guessed from Accept-Language."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from mjref.i18n import LANGUAGES, render
from mjref.messages import Message, is_registered
from mjref.tournament.family import MCR_RULES, RIICHI_RULES
from mjref.web import _messages  # noqa: F401  (registers the wording)
from tests.web.conftest import Site, scorer_links

TEMPLATES = resources.files("mjref.web").joinpath("templates")
KEY = re.compile(r"""\bt\(\s*["']([a-z0-9.-]*[a-z0-9-])["']""")
DYNAMIC = re.compile(r"""\bt\(\s*["']([a-z0-9.-]+\.)["']\s*~""")
WORDS_ALLOWED = {"mjref", "EMA", "Uma"}
"""Names, not words to translate."""


def _templates() -> list[tuple[str, str]]:
    return sorted(
        (p.name, p.read_text(encoding="utf-8"))
        for p in TEMPLATES.iterdir()
        if p.name.endswith(".html")
    )


def _stray_text(source: str) -> list[str]:
    """Words in a template that are not inside a Jinja expression, tag or script."""
    text = re.sub(r"<script.*?</script>", " ", source, flags=re.S)
    text = re.sub(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"&[a-z]+;|&#\d+;", " ", text)
    return [w for w in re.findall(r"[A-Za-zÀ-ÿ]{2,}", text) if w not in WORDS_ALLOWED]


@pytest.mark.parametrize(("name", "source"), _templates(), ids=lambda v: v if len(v) < 40 else "")
def test_templates_show_no_text_outside_the_catalogues(name: str, source: str) -> None:
    assert _stray_text(source) == []
    for key in KEY.findall(source):
        assert is_registered(key), f"{name}: {key}"


def test_the_stray_text_check_can_fail() -> None:
    assert _stray_text("<p>{{ t('web.nav.login') }} Standings</p>") == ["Standings"]
    assert _stray_text('<a title="x">{% if a %}{{ b }}{% endif %}</a>') == []


def test_dynamic_keys_are_all_registered() -> None:
    families = {
        "web.status.": ("ranked", "disqualified", "struck", "substitute", "absent"),
        "web.line.": ("played", "substitute", "missed", "bye", "pending"),
        "web.wind.": ("E", "S", "W", "N"),
        "web.role.": ("organiser", "referee"),
        "web.screen.": ("running", "paused", "ended", "not-started"),
        "web.hands.": ("discard", "self-drawn", "draw"),
        "web.riichi-hands.outcome.": ("ron", "tsumo", "draw", "abortive", "chombo"),
        # The figures each family shows (mjref.tournament.family).
        "web.col.": tuple(
            {
                c.name
                for rules in (MCR_RULES, RIICHI_RULES)
                for c in (*rules.standings_columns, *rules.session_columns, rules.progress)
            }
        ),
    }
    used = {m for _, source in _templates() for m in DYNAMIC.findall(source)}
    assert used == set(families)
    for prefix, names in families.items():
        for name in names:
            assert is_registered(prefix + name)


def _pages(site: Site) -> list[str]:
    organiser = site.login("org")
    links = scorer_links(organiser, 1)
    return [
        "/",
        "/login",
        "/t/cup",
        "/t/cup/players/1",
        "/t/cup/seating?session=1&q=anna",
        "/t/cup/admin",
        "/t/cup/admin/players",
        "/t/cup/admin/players/1/edit",
        "/t/cup/admin/players/1/withdraw",
        "/t/cup/admin/codes",
        "/t/cup/admin/seating",
        "/t/cup/admin/cards?session=1",
        "/t/cup/admin/results?session=1",
        "/t/cup/admin/log",
        "/t/cup/admin/referees",
        "/t/cup/admin/ema",
        "/t/cup/teams",
        "/t/cup/admin/teams",
        "/t/cup/admin/ema/observer",
        "/t/cup/admin/finals",
        "/account/password",
        "/t/cup/referee",
        "/t/cup/referee/entries",
        "/t/cup/admin/hands?session=1&table=1",
        "/t/cup/clock",
        "/t/cup/screen",
        links[0],
        "/no-such-page",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_renders_in_the_chosen_language(site: Site, lang: str) -> None:
    organiser = site.login("org", lang=lang)
    english = {render(Message(k, {}), "en") for k in ("web.nav.standings", "web.nav.seating")}
    own = {render(Message(k, {}), lang) for k in ("web.nav.standings", "web.nav.seating")}
    for url in _pages(site):
        page = organiser.get(url)
        assert page.status_code in (200, 404), url
        assert f'<html lang="{lang}">' in page.text, url
        if "/t/cup" in url:
            assert all(word in page.text for word in own), url
            if lang != "en":
                assert not any(f">{word}<" in page.text for word in english - own), url


def test_accept_language_is_the_first_guess_and_the_choice_is_remembered(site: Site) -> None:
    client = site.client()
    guessed = client.get("/t/cup", headers={"accept-language": "de-DE, nl;q=0.8, fr;q=0.5"})
    assert '<html lang="nl">' in guessed.text
    chosen = client.get("/lang?set=hu&next=/t/cup", follow_redirects=False)
    assert chosen.status_code == 303
    assert chosen.headers["location"] == "/t/cup"
    assert '<html lang="hu">' in client.get("/t/cup", headers={"accept-language": "nl"}).text
    assert (
        client.get("/lang?set=hu&next=//evil.example", follow_redirects=False).headers["location"]
        == "/"
    )

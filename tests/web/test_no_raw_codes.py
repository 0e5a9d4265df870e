"""Under Hungarian, Italian, French and Dutch, no page shows an English message of the web
left untranslated, nor a raw code (a lower-case hyphenated key such as
``seating-published`` or ``wrong-call-word``): every visible word is in the reader's
language. The identifiers people type are allowed: ruleset and reading names, scoring
conventions, the EMA weight's and the ranking's readings (what ``--ruleset``, ``mjref ema
readings`` and the forms take)."""

from __future__ import annotations

import html
import re

import pytest

from mjref.ema.weight import CountriesReading
from mjref.i18n import render
from mjref.messages import Message, english_template, registered_keys
from mjref.services import mcr as mcr_service
from mjref.services import tournament as ts
from mjref.services.ema import READING_CHOICES
from tests.web.conftest import Site
from tests.web.test_browser_phone_width import _pages

CODE = re.compile(r"(?<![\w/.+-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w/-])")
HIDDEN = re.compile(r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>|<[^>]+>", re.S)
SPOKEN = {"it": {"check-in"}, "nl": {"back-ups"}}
"""Hyphenated words the language itself uses."""
GRAMMAR = {
    "hu": re.compile(r"-(?:[a-záéíóöőúüű]{1,3})$"),  # a suffix on a name: mjref serve-et, hu-t
    "fr": re.compile(r"-(?:le|la|les|en|y|moi|lui|leur)$"),  # choisissez-le, collez-en
}
"""Hyphens the grammar puts after a word."""


def _identifiers() -> set[str]:
    names = set(ts.tournament_rulesets()) | set(ts.tournament_readings())
    names |= {c.id for c in mcr_service.list_conventions()}
    names |= {r.value for r in CountriesReading}
    names |= {name for _, choices in READING_CHOICES for name in choices}
    return names


def _english_only(lang: str) -> list[str]:
    """The web's English texts (without parameters, of two words or more) whose
    translation differs: any of them on a page in ``lang`` is a word left in English."""
    found = []
    for key in registered_keys():
        if not key.startswith("web.") or "{" in english_template(key):
            continue
        english = english_template(key)
        if len(english.split()) >= 2 and render(Message(key, {}), lang) != english:
            found.append(english)
    return found


@pytest.mark.parametrize("site", ["sqlite"], indirect=True)
@pytest.mark.parametrize("lang", ["hu", "it", "fr", "nl"])
def test_no_english_word_or_raw_code_on_any_page(site: Site, lang: str) -> None:
    allowed = _identifiers() | SPOKEN.get(lang, set())
    english = _english_only(lang)
    organiser = site.login("org", lang)
    leaks: dict[str, set[str]] = {}
    checked = 0
    for url in _pages(site):
        if url.startswith("/lang"):  # the language switch itself (it would set another)
            continue
        organiser.cookies.set("mjref_lang", lang)
        answer = organiser.get(url)
        if "text/html" not in answer.headers.get("content-type", ""):
            continue
        checked += 1
        # each element's text on a line of its own, so two elements never join into words
        lines = [
            " ".join(x.split()) for x in html.unescape(HIDDEN.sub("\n", answer.text)).split("\n")
        ]
        text = "\n".join(x for x in lines if x)
        grammar = GRAMMAR.get(lang)
        codes = {
            c
            for c in CODE.findall(text)
            if c not in allowed and not (grammar and grammar.search(c))
        }
        words = {e for e in english if re.search(rf"(?<!\w){re.escape(e)}(?!\w)", text)}
        if codes or words:
            leaks[url] = codes | words
    assert checked >= 30
    assert leaks == {}

"""Bring the gettext catalogues in ``src/mjref/locale`` in line with the registered messages.

Run after adding or changing English wording (``python scripts/sync_catalogues.py``, or
name languages: ``... hu it``): every message key mjref registers - found by importing
every module of the package and loading the rulesets (:func:`mjref.i18n.all_message_keys`)
- gets an entry in each catalogue (empty when new), the English reference text is
refreshed in its ``#.`` comment, a translation whose English changed is marked fuzzy (and
is not used until reviewed), and entries whose key is gone are dropped. Translations
themselves are written by people; ``tests/test_i18n.py`` fails until every entry is
translated and not fuzzy. Each catalogue is then compiled to the ``mjref.mo`` beside it,
which is what mjref reads at run time (a test fails when a ``.mo`` is out of date with its
``.po``; after editing a ``.po`` by hand, run this script).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from mjref.i18n import CATALOGUE_LANGUAGES, all_message_keys
from mjref.messages import english_template

ROOT = Path(__file__).resolve().parent.parent / "src" / "mjref" / "locale"


def sync(language: str) -> Path:
    path = ROOT / language / "LC_MESSAGES" / "mjref.po"
    old = read_po(path.open("rb"), locale=language) if path.exists() else Catalog(locale=language)
    new = Catalog(
        locale=language,
        project="mjref",
        version="0.1",
        domain="mjref",
        copyright_holder="the mjref authors",
        msgid_bugs_address="-",
        last_translator="mjref translators",
        language_team=f"mjref {language}",
        creation_date=old.creation_date,
        revision_date=old.revision_date,
        fuzzy=False,
        header_comment=(
            f"# mjref catalogue ({language}): every message mjref shows.\n"
            "# Keys are message keys; '#.' comments hold the English reference text.\n"
            "# Kept in line with the code by scripts/sync_catalogues.py; written by people."
        ),
    )
    for key in all_message_keys():
        english = english_template(key)
        found = old.get(key)
        string = found.string if found is not None else ""
        fuzzy = bool(found is not None and found.fuzzy)
        if found is not None and " ".join(found.auto_comments) != english:
            fuzzy = bool(string)
        new.add(key, string, auto_comments=[english], flags=("fuzzy",) if fuzzy else ())
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, new, width=100, sort_output=True)
    compile_catalogue(path)
    return path


def compile_catalogue(path: Path) -> Path:
    """Write the compiled ``mjref.mo`` beside ``path`` (an ``mjref.po``), which is what
    mjref reads at run time: the translated entries that are not fuzzy."""
    compiled = path.with_suffix(".mo")
    with path.open("rb") as stream:
        catalog = read_po(stream, locale=path.parent.parent.name)
    with compiled.open("wb") as out:
        write_mo(out, catalog)
    return compiled


if __name__ == "__main__":
    for lang in sys.argv[1:] or CATALOGUE_LANGUAGES:
        print(sync(lang))

"""The rules data are read lazily: an entry's file (and the files it builds on) when the
entry is first asked for; every file, with the alias table checked, when the registry is
walked. Either way the entries are those a full load gives."""

from __future__ import annotations

import pytest

from mjref.rules.load import FILES, LazyRulesets, load_all


@pytest.mark.parametrize(
    ("asked", "read"),
    [
        ("green-book", {"green-book"}),
        ("mil", {"green-book", "mil"}),
        ("mers-2008", {"mers-2008"}),
        ("mers-2010", {"mers-2008", "mers-2010"}),
        ("ema-2009", {"mers-2008", "ema-2009"}),
        ("rcr-2016", {"rcr-2016"}),
    ],
)
def test_an_entry_reads_its_file_and_what_it_builds_on(asked: str, read: set[str]) -> None:
    seen: list[str] = []
    lazy = LazyRulesets(lambda ruleset: seen.append(ruleset.id))
    entry = lazy[asked]
    assert entry.id == asked
    assert set(seen) == read
    assert len(seen) == len(read)  # each file once
    assert lazy[asked] is entry
    assert len(seen) == len(read)


def test_walking_reads_every_file_once_in_order() -> None:
    seen: list[str] = []
    lazy = LazyRulesets(lambda ruleset: seen.append(ruleset.id))
    lazy["mil"]
    assert list(lazy) == list(FILES)
    assert sorted(seen) == sorted(FILES)
    assert len(lazy) == len(FILES)


def test_lazy_entries_are_the_full_loads() -> None:
    full = load_all()
    for name in reversed(FILES):
        lazy = LazyRulesets()
        assert lazy[name] == full[name]


def test_membership_and_unknown_names_read_nothing() -> None:
    seen: list[str] = []
    lazy = LazyRulesets(lambda ruleset: seen.append(ruleset.id))
    assert "green-book" in lazy
    assert "gb" not in lazy  # an alias is not an id
    with pytest.raises(KeyError):
        lazy["nope"]
    assert seen == []


def test_threads_asking_at_once_share_one_reading_of_each_file() -> None:
    """The web server's threads share the registry: each file is read once, and every
    thread gets the same entry."""
    from concurrent.futures import ThreadPoolExecutor

    seen: list[str] = []
    lazy = LazyRulesets(lambda ruleset: seen.append(ruleset.id))
    asked = ["mil", "mers-2010", "ema-2009", "green-book", "rcr-2012"] * 8
    with ThreadPoolExecutor(max_workers=8) as pool:
        found = list(pool.map(lazy.__getitem__, asked))
    assert sorted(seen) == sorted(set(seen))  # no file read twice
    for name, entry in zip(asked, found, strict=True):
        assert entry is lazy[name]

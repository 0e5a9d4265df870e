"""The public page cache keeps only pages answered 200 and stays within its bounds: a
crowd of distinct addresses that fail (a player who does not exist, with a different
query each time) leaves nothing behind, and distinct good addresses never take more than
the pages and bytes allowed (the least recently used go first)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from mjref.web.app import build
from mjref.web.pagecache import MAX_BYTES, MAX_ENTRIES, KeptPage, PageCache
from mjref.web.settings import WebSettings
from tests.web.conftest import Site


@pytest.fixture
def app(site: Site) -> Iterator[FastAPI]:
    """The site's app without its outer layers (public pages only: no form is sent)."""
    found, state = build(WebSettings(db=site.url))
    yield found
    state.log.close()


def _pages(app: FastAPI) -> PageCache:
    found: PageCache = app.state.pages
    return found


def test_failing_addresses_leave_the_cache_empty(app: FastAPI) -> None:
    client = TestClient(app)
    for i in range(300):
        answer = client.get(f"/t/cup/players/999?x={i}")
        assert answer.status_code != 200
        client.get(f"/t/nowhere-{i}")
        client.get(f"/t/cup/seating?session=abc{i}")
    assert _pages(app).usage() == (0, 0, 0)
    assert client.get("/t/cup").status_code == 200
    assert _pages(app).usage()[0] == 1


def test_good_addresses_never_pass_the_bounds(app: FastAPI) -> None:
    cache = _pages(app)
    cache.size, cache.max_bytes = 20, 200_000
    client = TestClient(app)
    for i in range(120):
        assert client.get(f"/t/cup/players/{i % 8 + 1}?x={i}").status_code == 200
        pages, size, building = cache.usage()
        assert pages <= 20
        assert size <= 200_000
        assert building == 0
    assert cache.usage()[0] > 0


VERSION = (1, None)


def _entry(size: int) -> KeptPage:
    return KeptPage("cup", VERSION, b"x" * size, "text/html", '"tag"')


def test_the_bounds_are_least_recently_used() -> None:
    cache = PageCache(size=3, max_bytes=1000)
    assert (MAX_ENTRIES, MAX_BYTES) == (512, 32 * 1024 * 1024)
    for name in ("a", "b", "c"):
        cache._keep((name,), _entry(300))
    assert cache.usage()[:2] == (3, 900)
    assert cache._hit(("a",), VERSION) is not None  # a is used again: b is now the oldest
    cache._keep(("d",), _entry(300))  # 1,200 bytes: b goes
    assert cache._hit(("b",), VERSION) is None
    assert all(cache._hit((n,), VERSION) is not None for n in ("a", "c", "d"))
    assert cache.usage()[:2] == (3, 900)
    cache._keep(("e",), _entry(2000))  # larger than the whole cache: not kept
    assert cache._hit(("e",), VERSION) is None
    assert cache.usage()[1] <= 1000

"""Fixtures for every test package.

**A cheap Argon2.** The accounts' password hasher (``mjref.services.accounts._HASHER``)
is, in the tests' processes, an Argon2id of the lowest cost: the library's defaults cost
about a quarter of a second of CPU per login, and the suite logs in hundreds of times.
The hashes stay real Argon2id hashes (verifying reads the cost from the hash, so a server
started in another process checks them too), and the hasher mjref itself uses is tested
in a fresh process by ``tests/security/test_password_hasher.py``.

**One search per plan and worker.** The seat-plan generator's searches are what
``tests/seating`` tests, with a fresh call each time, and the draw's verification
(``tests/services/test_seating_draw.py``) recomputes its plans. Everywhere else a plan
is only the seating of a tournament under test, and the same few sizes were searched
dozens of times per run, seconds each (8 players over 2 sessions, seed 1, above all,
until the library of seat plans took in two tables and one to three sessions; groups to
keep apart, byes and sizes outside the library still search). So
outside those two places the generator as :func:`mjref.seating.sizes.plan` calls it
runs once per worker for each size, seed, effort and set of groups, and a later request
gets that same result: what a second call returns anyway (same seed, same plan, checked
against the library's plans made in another process by
``tests/seating/test_generate.py``). The result is frozen, so no test can change it for
another.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher

import mjref.seating.sizes
from mjref.seating.generate import Generated, generate
from mjref.services import accounts

SEARCHED_FRESH = ("tests/seating/", "tests/services/test_seating_draw.py")
"""Where every request runs the generator."""


@functools.cache
def _generated(*arguments: object) -> Generated:
    return generate(*arguments)  # type: ignore[arg-type]


def _once(*arguments: object) -> Generated:
    try:
        return _generated(*arguments)
    except TypeError:  # an argument that cannot be a key (a list of groups): search
        return generate(*arguments)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _one_search_per_plan(request: pytest.FixtureRequest) -> Iterator[None]:
    where = request.node.path.as_posix()
    if any(part in where for part in SEARCHED_FRESH):
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(mjref.seating.sizes, "generate", _once)
        yield


@pytest.fixture(autouse=True, scope="session")
def _cheap_argon2() -> Iterator[None]:
    production = accounts._HASHER
    accounts._HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    accounts._dummy_hash.cache_clear()
    yield
    accounts._HASHER = production
    accounts._dummy_hash.cache_clear()

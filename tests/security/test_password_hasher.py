"""The password hasher mjref uses (outside the tests, whose processes use a cheap one,
``tests/conftest.py``): Argon2id at argon2-cffi's defaults (RFC 9106's low-memory
profile), checked in a fresh process."""

from __future__ import annotations

import json
import subprocess
import sys

from argon2 import PasswordHasher, Type


def test_mjref_hashes_passwords_with_argon2id_at_the_librarys_defaults() -> None:
    probe = (
        "import json; from mjref.services import accounts; h = accounts._HASHER; "
        "print(json.dumps([h.time_cost, h.memory_cost, h.parallelism, h.type.name, "
        "h.hash('x').split('$')[1:4]]))"
    )
    found = json.loads(
        subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True
        ).stdout
    )
    defaults = PasswordHasher()
    assert found[:4] == [
        defaults.time_cost,
        defaults.memory_cost,
        defaults.parallelism,
        Type.ID.name,
    ]
    assert found[4] == ["argon2id", "v=19", "m=65536,t=3,p=4"]

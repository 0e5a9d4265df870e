"""A short Python program run in a fresh interpreter: what a command or an import loads
from nothing, with nothing imported by the test run itself."""

from __future__ import annotations

import subprocess
import sys


def run_fresh(program: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``program`` with ``python -c`` (``args`` follow it in ``sys.argv``); its output
    is captured as text, and a non-zero exit is left to the caller to judge."""
    return subprocess.run(
        [sys.executable, "-c", program, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

"""The judges' packages import each public name from its module when first used: every
name of ``__all__`` is found where the package says, and reading a ruleset or a hand's
facts does not load the judge (start-up time of the commands that need neither)."""

from __future__ import annotations

import importlib

import pytest

from tests.fresh import run_fresh

PACKAGES = ("mjref.mcr", "mjref.riichi")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_name_is_the_one_its_module_defines(package: str) -> None:
    program = (
        "import importlib, sys\n"
        f"package = importlib.import_module({package!r})\n"
        "for name in package.__all__:\n"
        "    value = getattr(package, name)\n"
        "    owner = getattr(value, '__module__', None)\n"
        "    if owner is not None and owner.startswith(package.__name__ + '.'):\n"
        "        assert getattr(sys.modules[owner], name) is value, name\n"
        "print(len(package.__all__))\n"
    )
    done = run_fresh(program)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == len(importlib.import_module(package).__all__)


@pytest.mark.parametrize("package", PACKAGES)
def test_an_unknown_name_is_an_attribute_error(package: str) -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        importlib.import_module(package).nothing_here  # noqa: B018


def test_the_judge_is_loaded_only_when_used() -> None:
    program = (
        "import sys\n"
        "from mjref.mcr import DEFAULT_CONVENTION, McrHand\n"
        "from mjref.riichi import RiichiHand, riichi_rules\n"
        "riichi_rules('rcr-2016')\n"
        "before = sorted(m for m in sys.modules if m.endswith('.judging') or m == 'mahjong')\n"
        "from mjref.riichi import judge\n"
        "from mjref.mcr import judge as mcr_judge\n"
        "import mjref.riichi.judging\n"
        "from mjref.riichi import judge as again\n"
        "assert callable(judge) and callable(mcr_judge) and again is judge\n"
        "print(' '.join(before) or '-')\n"
    )
    done = run_fresh(program)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "-"

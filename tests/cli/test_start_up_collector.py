"""The collector is paused while a command starts up and on again when the command runs;
a collector that was off before stays off."""

from __future__ import annotations

import gc

from typer.testing import CliRunner

from mjref.cli.io import pause_collector, resume_collector
from mjref.cli.main import app
from tests.fresh import run_fresh


def test_a_command_runs_with_the_collector_on() -> None:
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    pause_collector()
    try:
        assert not gc.isenabled()
        result = CliRunner().invoke(app, ["mcr", "fans", "--json"])
        assert result.exit_code == 0
        assert gc.isenabled()
        assert gc.get_freeze_count() > frozen  # start-up's objects out of the passes
    finally:
        gc.unfreeze()


def test_a_collector_switched_off_before_stays_off() -> None:
    gc.disable()
    try:
        pause_collector()
        resume_collector()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_console_entry_point_switches_it_back_on() -> None:
    """Off when the command's parameters have been read, on when its body runs."""
    program = (
        "import gc, sys\n"
        "from mjref.cli import options\n"
        "import mjref.cli.io as io\n"
        "seen = []\n"
        "resume = io.resume_collector\n"
        "def spy():\n"
        "    seen.append(gc.isenabled())\n"
        "    resume()\n"
        "    seen.append(gc.isenabled())\n"
        "options.resume_collector = spy\n"
        "sys.argv = ['mjref', 'mcr', 'fans', '--json']\n"
        "from mjref.cli.main import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(seen, file=sys.stderr)\n"
    )
    done = run_fresh(program)
    assert done.stderr.strip() == "[False, True]", done.stderr

"""The ``mjref`` command line: a thin adapter over :mod:`mjref.services`.

Loaded before any command and before Typer: ``dataclasses`` then takes the methods of
the classes the commands make from the code compiled at build time
(:mod:`mjref.classcode`) instead of compiling them at every start."""

from mjref import classcode

classcode.install()

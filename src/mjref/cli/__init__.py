"""The ``mjref`` command line: a thin adapter over :mod:`mjref.services`."""

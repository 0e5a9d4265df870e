"""A package's public names, each imported from its module when first used.

A package's ``__init__`` that imports every module it re-exports makes each user pay for
all of them: ``import mjref.mcr.conventions`` would load the whole judge. With
:func:`exports` the package names where each public name lives and imports that module only
when the name is first read (PEP 562's module ``__getattr__``).

>>> import mjref.riichi
>>> mjref.riichi.DEFAULT_RULESET
'rcr-2016'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def exports(package: str, where: Mapping[str, tuple[str, ...]]) -> Callable[[str], object]:
    """The module ``__getattr__`` of ``package``: ``where`` maps each submodule (relative
    name) to the public names it defines. A name read is imported once and kept on the
    package; any other name is an ``AttributeError`` as usual."""
    module_of = {name: module for module, names in where.items() for name in names}

    def attribute(name: str) -> object:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return attribute

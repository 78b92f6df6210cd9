"""Package namespaces whose public names are imported on first use, not with the package.

A package's ``__init__`` that imports every submodule makes ``from core.roofline import Device``
(or just importing ``core.roofline.hardware``, which runs the package first) pay for all of them:
the roofline math and operator costs on the window's first paint, which shows neither. With
:func:`lazy_exports` the package keeps its curated ``__all__`` and every name stays importable
from it (``from core.roofline import evaluate``, ``import *``); each submodule is imported the
first time one of its names is asked for (PEP 562), then the name is an ordinary attribute.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, exports: Mapping[str, Iterable[str]], public: Iterable[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module-level ``__getattr__`` and ``__dir__`` of ``package``.

    Parameters
    ----------
    package
        The package's ``__name__``.
    exports
        Submodule name (relative, ``"bounds"``) -> the public names it defines.
    public
        The package's ``__all__``: it must name exactly the names of ``exports`` (checked here,
        so a name added to one and not the other fails on the first import, not on first use).

    Raises
    ------
    ImportError
        ``exports`` and ``public`` differ.
    """
    where = {name: module for module, names in exports.items() for name in names}
    if set(where) != set(public):
        raise ImportError(
            f"{package}: __all__ and the lazy exports differ: "
            f"{sorted(set(where).symmetric_difference(public))}"
        )

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)  # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__

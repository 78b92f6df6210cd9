"""Every module of Napkin Lab loaded at once, so Hypothesis draws the same examples in any order.

Hypothesis (6.131 and later) mixes literals it finds in the *local* modules loaded at the time of
a draw (any module in ``sys.modules`` outside the standard library, site-packages and test files)
into what its strategies generate. With ``derandomize=True`` a test's examples are then fixed only
for a fixed set of loaded modules: the same property test draws other strings once another test
file has imported more of the project (``tests/test_hypothesis_order.py`` shows it). Loading
every module of the project before the first test makes that set, and so every test's examples,
the same whatever ran before. The modules import torch lazily, so this costs well under a second.
"""

from __future__ import annotations

import importlib
import pkgutil

#: The project's packages (``[tool.setuptools.packages.find]`` in ``pyproject.toml``).
PACKAGES = ("core", "widgets", "app", "resources")


def project_module_names() -> list[str]:
    """Every importable module name of :data:`PACKAGES` (not ``__main__`` modules: they run)."""
    names: list[str] = []
    for package in PACKAGES:
        try:
            root = importlib.import_module(package)
        except ImportError:  # a core-only environment has no PySide6 for app/ and widgets/
            continue
        names.append(package)
        for info in pkgutil.walk_packages(root.__path__, package + "."):
            if not info.name.endswith(".__main__"):
                names.append(info.name)
    return names


def load_all() -> list[str]:
    """Import every project module that imports here; returns those that could not be imported."""
    missing: list[str] = []
    for name in project_module_names():
        try:
            importlib.import_module(name)
        except ImportError:  # a core-only environment: app/ and widgets/ need PySide6
            missing.append(name)
    return missing

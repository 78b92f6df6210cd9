"""A script of ``benchmarks/`` loaded as a module, for the tests that check what it computes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

#: The repository's ``benchmarks`` folder.
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_script(stem: str, name: str | None = None) -> ModuleType:
    """``benchmarks/STEM.py`` as a module registered under ``name`` (default: the stem)."""
    spec = importlib.util.spec_from_file_location(name or stem, BENCHMARKS / f"{stem}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module

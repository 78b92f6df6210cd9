"""Lazy package namespaces (core.lazy): every public name resolves to its submodule's object,
and importing one submodule does not import its siblings."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from core.lazy import lazy_exports

ROOT = Path(__file__).resolve().parents[2]
LAZY_PACKAGES = ("core.roofline", "core.comm")


@pytest.mark.parametrize("name", LAZY_PACKAGES)
def test_every_public_name_is_its_submodules_object(name: str) -> None:
    package = importlib.import_module(name)
    assert package.__all__, name
    for public in package.__all__:
        value = getattr(package, public)
        module = importlib.import_module(value.__module__) if hasattr(value, "__module__") else None
        if module is not None and module.__name__.startswith(name + "."):
            assert getattr(module, public) is value
    assert set(package.__all__) <= set(dir(package))
    namespace: dict[str, object] = {}
    exec(f"from {name} import *", namespace)  # the star import a person may write
    assert set(package.__all__) <= set(namespace)


def test_an_unknown_name_is_an_attribute_error() -> None:
    import core.roofline

    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        core.roofline.nope  # noqa: B018


def test_all_and_exports_must_agree() -> None:
    with pytest.raises(ImportError, match="extra"):
        lazy_exports("core.roofline", {"hardware": ("Device",)}, ["Device", "extra"])


def test_one_submodule_does_not_import_its_siblings() -> None:
    code = (
        "import sys; import core.roofline.hardware, core.comm.training;"
        "print(sorted(m for m in ('core.roofline.bounds', 'core.roofline.ops', "
        "'core.comm.results') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"

"""The app's cheaper answer to PySide's per-import question is PySide's own answer."""

from __future__ import annotations

import importlib
import importlib.util
import sys

import pytest


def test_file_scan_answers_as_pysides_inspect_scan(qapp) -> None:
    from app.gui import make_application

    make_application()
    feature = sys.modules.get("shibokensupport.feature")
    ours = getattr(feature, "_mod_uses_pyside", None)
    if ours is None or not getattr(ours, "napkinlab", False):
        pytest.skip("this PySide6 has no source-scanning import hook")
    names = ("app.main_window", "widgets.brief_combo", "core.units", "core.memory.trace",
             "json", "math", "shiboken6.Shiboken", "PySide6.QtCore")  # fmt: skip
    modules = [importlib.import_module(n) for n in names if importlib.util.find_spec(n)]
    answers = {m.__name__: (ours(m), ours.original(m)) for m in modules}
    assert all(a == b for a, b in answers.values()), answers
    assert answers["app.main_window"] == (True, True)
    assert answers["core.units"] == (False, False)

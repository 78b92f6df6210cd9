"""A short seeded GUI monkey (``benchmarks/gui_monkey.py``): a few hundred random interactions —
clicks, valid and invalid text in every field, combo changes, tab, language, theme and
presentation switches, traces and benchmarks started and cancelled, the window closed mid-trace —
give no exception in any slot, no Qt warning and no abort.

It runs in a subprocess so that an abort (the issue's "QThread: Destroyed while thread is still
running") fails this test instead of the whole run; small models keep it quick. The benchmark
script runs 5,000 interactions the same way.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _gui_monkey() -> ModuleType:
    """``benchmarks/gui_monkey.py``, loaded without entering ``sys.modules``.

    A local module in ``sys.modules`` would add its literals to what Hypothesis draws in the
    property tests that run after this one in the same worker (``tests/project_modules.py``).
    """
    spec = importlib.util.spec_from_file_location(
        "gui_monkey", ROOT / "benchmarks" / "gui_monkey.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.parametrize("seed", [19])
def test_a_seeded_monkey_finds_no_exception_and_no_abort(seed: int) -> None:
    report = _gui_monkey().run_in_subprocess(seed, steps=300, timeout=600)
    assert not report["aborted"], report.get("stderr_tail", "")
    assert report["exceptions"] == 0, report["first_exceptions"]
    assert report["qt_warnings"] == 0, report["first_qt_warnings"]
    assert report["qthread_messages"] == []
    actions = report["actions"]
    for kind in ("type", "combo", "click", "tab", "trace"):  # the monkey did what it says
        assert actions.get(kind, 0) > 0, actions
    assert sum(actions.values()) == 300

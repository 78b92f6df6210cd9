"""A short seeded GUI monkey (``benchmarks/gui_monkey.py``): a few hundred random interactions —
clicks, valid and invalid text in every field, combo changes, tab, language, theme and
presentation switches, traces and benchmarks started and cancelled, the window closed mid-trace —
give no exception in any slot, no Qt warning and no abort.

It runs in a subprocess so that an abort (the issue's "QThread: Destroyed while thread is still
running") fails this test instead of the whole run; small models keep it quick. The benchmark
script runs 5,000 interactions the same way.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [19])
def test_a_seeded_monkey_finds_no_exception_and_no_abort(seed: int) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import gui_monkey
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    report = gui_monkey.run_in_subprocess(seed, steps=300, timeout=600)
    assert not report["aborted"], report.get("stderr_tail", "")
    assert report["exceptions"] == 0, report["first_exceptions"]
    assert report["qt_warnings"] == 0, report["first_qt_warnings"]
    assert report["qthread_messages"] == []
    actions = report["actions"]
    for kind in ("type", "combo", "click", "tab", "trace"):  # the monkey did what it says
        assert actions.get(kind, 0) > 0, actions
    assert sum(actions.values()) == 300

"""A tab rebuilt by a language switch leaves nothing connected to the shared state.

For every tab: build it, switch the language back and forth (each switch deletes the page and
builds a new one), then emit every shared signal (device, dtype, catalog, a Roofline point, one and
many measured points) and switch the theme and presentation mode. No slot may raise (before the fix
the old Roofline page's lambdas raised "Internal C++ object (QCheckBox) already deleted", shown in
the status bar as "Internal error"), and the number of receivers of each ``AppState`` signal must be
the same as after the first build: a rebuilt page that stays connected shows up as one more.

A second test reads the source: every connection to an ``AppState`` signal in ``app/`` and
``widgets/`` is a bound method (Qt drops it with its object), never a lambda or a partial.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import SIGNAL, QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication

from app.i18n import language_manager
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS
from app.worker_runner import wait_detached
from core.roofline.hardware import Device

ROOT = Path(__file__).resolve().parents[2]
SIGNALS = {
    "deviceChanged": "deviceChanged(QString)",
    "dtypeChanged": "dtypeChanged(QString)",
    "catalogChanged": "catalogChanged()",
    "rooflinePointRequested": "rooflinePointRequested(PyObject)",
    "measuredPoint": "measuredPoint(PyObject)",
    "measuredPoints": "measuredPoints(PyObject)",
}
POINT = {"op": "matmul", "dtype": "bf16", "shape": [512, 512, 512], "flops": 2 * 512**3,
         "bytes": 3 * 512**2 * 2, "seconds": 2e-4, "spread": 0.05, "device": "cpu"}  # fmt: skip


def _flush() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


def _receivers(state) -> dict[str, int]:
    return {name: state.receivers(SIGNAL(sig)) for name, sig in SIGNALS.items()}


@pytest.fixture
def errors(monkeypatch):
    """Every exception that escapes a slot (PySide hands them to ``sys.excepthook``)."""
    seen: list[str] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, value, tb: seen.append(f"{kind.__name__}: {value}"))  # fmt: skip
    return seen


@pytest.mark.parametrize("tab", [spec.id for spec in TABS])
def test_rebuilt_tab_leaves_no_listener_behind(tab: str, qtbot, errors) -> None:
    window = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(window)
    state = window.state
    try:
        window.show_tab(tab)
        _flush()
        first = _receivers(state)
        for language in ("zh_CN", "en", "zh_CN"):
            assert window.set_language(language) is None
            _flush()
        window.show_tab(tab)
        _flush()
        assert _receivers(state) == first
        state.set_device("a100-sxm")
        state.set_dtype("fp16")
        mine = Device("mine", "My card", "custom", {"bf16": 100e12, "fp16": 100e12}, 1e12, 16e9,
                      "typed in", user_defined=True)  # fmt: skip
        state.add_device(mine)
        state.set_device("mine")
        state.set_dtype("bf16")
        state.request_roofline_point({"label": "probe", "flops": 1e9, "bytes": 1e6})
        state.measuredPoint.emit(dict(POINT))
        state.measuredPoints.emit([dict(POINT, seconds=3e-4), dict(POINT, seconds=4e-4)])
        window.set_theme("dark")
        window.set_presentation(True)
        window.set_presentation(False)
        window.set_theme("light")
        _flush()
        assert errors == []
        assert "Internal error" not in window.statusBar().currentMessage()
    finally:
        language_manager().install("en")
        window.stop_background_work()
        wait_detached(30_000)


def _connected_to_state(call: ast.Call) -> bool:
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "connect"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr in SIGNALS
    )


def test_every_connection_to_the_shared_state_is_a_bound_method() -> None:
    offenders = []
    for folder in ("app", "widgets"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and _connected_to_state(node) and node.args:
                    slot = node.args[0]
                    if not isinstance(slot, ast.Attribute):  # a lambda, a partial, a function
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []

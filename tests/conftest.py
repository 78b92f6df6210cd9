"""Test-wide setup: offscreen Qt, isolated settings and config folders, no leaked threads."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point config, data and QSettings at fresh folders so tests never touch the user's files."""
    root = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("NAPKINLAB_CONFIG_DIR", str(root / "config"))
    monkeypatch.setenv("NAPKINLAB_DATA_DIR", str(root / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(root / "xdg"))
    try:
        from PySide6.QtCore import QSettings
    except ImportError:  # core-only environments
        return
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(root / "qsettings")
    )
    QSettings.setPath(
        QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(root / "qsettings")
    )


@pytest.fixture(autouse=True)
def _collect_in_main_thread():
    """Free each test's garbage here, in the GUI thread, not later inside some worker thread.

    Qt objects must be destroyed in the thread that owns them; a cycle collection triggered by a
    worker (importing torch, say) would otherwise finalise earlier tests' widgets there.
    """
    yield
    import gc

    gc.collect()


@pytest.fixture(autouse=True)
def _no_leaked_qthreads(request: pytest.FixtureRequest):
    """Fail a test that leaves a QThread running (napari's rule)."""
    yield
    import sys

    if "PySide6.QtCore" not in sys.modules:
        return
    from PySide6.QtCore import QThread
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    if "app.worker_runner" in sys.modules:  # a stopped job's thread ends on its own (detached)
        sys.modules["app.worker_runner"].wait_detached(10_000)
    running = [t for t in app.findChildren(QThread) if t.isRunning()]
    if running:
        pytest.fail(f"test left {len(running)} QThread(s) running")

"""The main window: tab order, shortcuts, shared selectors, sessions, themes and export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from app.main_window import MainWindow
from app.settings import Preferences


@pytest.fixture
def window(qtbot):
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    win.show()
    return win


def test_tabs_in_order(window: MainWindow) -> None:
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles == ["Dtypes", "Einops", "Roofline", "Memory", "Napkin", "Step", "Plan",
                      "Inference"]  # fmt: skip


def test_ctrl_digit_switches_tabs(window: MainWindow, qtbot) -> None:
    for index in (7, 6, 5, 4, 0, 2):  # Ctrl+8: the Inference tab
        QTest.keyClick(window, Qt.Key(Qt.Key.Key_1 + index), Qt.KeyboardModifier.ControlModifier)
        assert window.tabs.currentIndex() == index


def test_shortcuts_exist(window: MainWindow) -> None:
    shortcuts = {a.shortcut().toString() for a in window.actions()}
    assert {"Ctrl+E", "Ctrl+S", "Ctrl+O", "Ctrl+1", "Ctrl+5", "Ctrl+6", "Ctrl+7"} <= shortcuts


def test_device_selector_is_seen_by_every_tab(window: MainWindow) -> None:
    page = window.show_tab("napkin")
    window.device_combo.setCurrentIndex(window.device_combo.findData("a100-sxm"))
    assert window.state.device_id == "a100-sxm"
    assert "312 TFLOP/s" in page.peak_label.text()
    window.dtype_combo.setCurrentText("fp32")
    assert window.state.dtype == "fp32" and "19.5 TFLOP/s" in page.peak_label.text()
    window.state.set_device("h200")  # from code: the combo follows without re-emitting
    assert window.device_combo.currentData() == "h200"


def test_lazy_tabs_build_on_first_show(window: MainWindow) -> None:
    assert not window.slots["memory"].built
    window.tabs.setCurrentIndex(3)
    assert window.slots["memory"].built


def test_session_round_trip_and_pending_tabs(window: MainWindow, tmp_path: Path, qtbot) -> None:
    page = window.show_tab("napkin")
    page.fields["gpus"].setText("2048")
    window.state.set_device("h200")
    path = tmp_path / "s.json"
    assert window.write_session(path)
    saved = json.loads(path.read_text())
    assert saved["device"] == "h200" and saved["tabs"]["napkin"]["gpus"] == "2048"

    other = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(other)
    assert other.open_session(path)
    assert other.state.device_id == "h200"
    # The napkin tab was not built yet: its state waits, survives a save, and applies on show.
    assert other.session().tabs["napkin"]["gpus"] == "2048"
    assert other.show_tab("napkin").fields["gpus"].text() == "2048"


def test_corrupt_session_changes_nothing(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"app": "napkinlab-session", "schema_version": 1, "dev')
    window.state.set_device("b200")
    assert not window.open_session(path)
    assert window.state.device_id == "b200"
    assert "not valid JSON" in window.statusBar().currentMessage()


def test_session_with_bad_values_reports_them(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(
        json.dumps(
            {
                "app": "napkinlab-session",
                "schema_version": 1,
                "device": "h999",
                "dtype": "bf16",
                "tabs": {"napkin": {"gpus": "-3", "mfu": "0.4"}},
            }
        )
    )
    page = window.show_tab("napkin")
    assert window.open_session(path)
    message = window.statusBar().currentMessage()
    assert "h999" in message and "GPUs" in message
    assert page.fields["gpus"].text() == "1024" and page.fields["mfu"].text() == "0.4"


def test_theme_and_presentation(window: MainWindow, tmp_path: Path) -> None:
    from app import export

    page = window.show_tab("napkin")
    window.set_theme("dark")
    dark = export.render_widget(page, 1.0)
    window.set_presentation(True)
    assert window.current_theme.scale > 1
    window.set_theme("light")
    light = export.render_widget(page, 2.0)
    assert dark.pixelColor(3, 3).lightness() < 80 < light.pixelColor(3, 3).lightness()
    assert light.width() == 2 * page.width()
    window.set_presentation(False)


def test_export_png(window: MainWindow, tmp_path: Path) -> None:
    from app import export

    page = window.show_tab("napkin")
    path = export.save_png(page, tmp_path / "n.png", 2.0)
    assert QImage(str(path)).height() == 2 * page.height()


def test_device_dialog_validates_and_adds(window: MainWindow, qtbot) -> None:
    from widgets.device_dialog import DeviceDialog

    dialog = DeviceDialog(window, start=window.state.device)
    qtbot.addWidget(dialog)
    dialog.peaks["bf16"].setText("-5")
    dialog.try_accept()
    assert "bf16 peak" in dialog.problem.text() and dialog.device() is None
    dialog.peaks["bf16"].setText("5e14")
    dialog.try_accept()
    device = dialog.device()
    assert device is not None and device.peak("bf16") == 5e14
    # a copy fills what the original fills (the driver's total where the database has one)
    assert device.capacity_bytes == window.state.device.capacity_bytes
    assert window.add_user_device(device)
    assert window.state.device_id == device.id and window.device_combo.currentData() == device.id


def test_points_reach_a_roofline_tab_never_shown(window: MainWindow) -> None:
    assert not window.slots["roofline"].built
    window.state.request_roofline_point(
        {"label": "einsum bhsd", "flops": 2e9, "bytes": 4e6, "dtype": "bf16", "source": "einops"}
    )
    window.state.measuredPoint.emit(
        {
            "op": "matmul",
            "dtype": "fp32",
            "shape": [64, 64, 64],
            "flops": 2 * 64**3,
            "bytes": 3 * 4 * 64 * 64,
            "seconds": 1e-4,
            "spread": 0.02,
            "device": "cpu",
        }
    )
    page = window.slots["roofline"].page()
    state = page.session_state()
    assert "einsum bhsd" in str(state)
    assert "Roofline" in window.statusBar().currentMessage()
    # A second point goes through the page's own connection exactly once.
    before = str(page.session_state()).count("einsum")
    window.state.request_roofline_point(
        {"label": "einsum two", "flops": 1e9, "bytes": 1e6, "dtype": "bf16", "source": "einops"}
    )
    assert (
        str(page.session_state()).count("einsum two") == 1
        and str(page.session_state()).count("einsum") == before + 1
    )


def test_svg_export_of_every_plot_tab(window: MainWindow, tmp_path: Path) -> None:
    from xml.dom import minidom

    from app import export

    exported = []
    for tab_id in ("dtypes", "roofline", "memory"):
        page = window.show_tab(tab_id)
        item = page.export_plot()
        if item is None:
            continue
        exported.append(tab_id)
        path = export.save_svg(item, tmp_path / f"{tab_id}.svg")
        document = minidom.parse(str(path))  # well-formed XML
        assert document.getElementsByTagName("svg") and document.getElementsByTagName("path"), (
            tab_id
        )
    assert {"roofline", "memory"} <= set(exported)


def test_last_session_is_kept_across_starts(window: MainWindow, qtbot) -> None:
    window.autosave = True
    window.show_tab("napkin").fields["tokens"].setText("2T")
    window.state.set_device("mi300x")
    window.close()
    assert window.last_session_path().exists()

    again = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(again)
    assert again.restore_last_session()
    assert again.state.device_id == "mi300x"
    assert again.show_tab("napkin").fields["tokens"].text() == "2T"


def test_corrupt_last_session_is_reported_not_fatal(qtbot) -> None:
    path = MainWindow.last_session_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{truncated")
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    assert not win.restore_last_session()
    assert "Last session not restored" in win.statusBar().currentMessage()
    assert path.read_text() == "{truncated"

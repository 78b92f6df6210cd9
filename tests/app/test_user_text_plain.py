"""What a person types or a file supplies is shown as text, never interpreted as HTML.

A device named ``<img src=x>`` (with a source that looks like HTML too) is added and selected, the
same text is typed into the fields of every tab, a Step config file lives in a folder of that name,
and measured and requested Roofline points carry it as their label. Then every widget of the
window is walked: no label that Qt renders as HTML, no tooltip (widget or item), no chart legend
may hold the raw tag; the device dialog's message and the source dialog are checked the same way.
Before the fix the tag became an image in "Fits on {name}", "80 GB ({name})", the Step device line,
the device combo's tooltips and the source dialog.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import Qt as QtGui
from PySide6.QtWidgets import QAbstractItemView, QApplication, QComboBox, QLabel, QLineEdit, QWidget

from app.i18n import language_manager
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS
from app.worker_runner import wait_detached
from core.roofline.hardware import Device

TAG = "<img src=x>"
POINT = {"op": "matmul", "dtype": "bf16", "shape": [64, 64, 64], "flops": 2 * 64**3,
         "bytes": 3 * 64**2 * 2, "seconds": 1e-5, "spread": 0.01, "device": TAG, "label": TAG}  # fmt: skip


def _rich_label(label: QLabel) -> bool:
    fmt = label.textFormat()
    return fmt == Qt.TextFormat.RichText or (
        fmt == Qt.TextFormat.AutoText and QtGui.mightBeRichText(label.text())
    )


def _interpreted_tip(tip: object) -> bool:
    return isinstance(tip, str) and TAG in tip and QtGui.mightBeRichText(tip)


def _item_tips(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    tips = []
    root = view.rootIndex()
    for row in range(min(model.rowCount(root), 200)):
        for col in range(12):
            index = model.index(row, col, root)
            if not index.isValid():
                break
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            if _interpreted_tip(tip):
                tips.append(f"{type(view).__name__}[{row},{col}]: {tip!r}")
    return tips


def _offenders(root: QWidget) -> tuple[list[str], int]:
    """Places where the tag would be interpreted, and how many labels show it as text."""
    import sys

    found, shown = [], 0
    for widget in [root, *root.findChildren(QWidget)]:
        name = f"{type(widget).__name__}({widget.objectName()})"
        if isinstance(widget, QLabel) and TAG in widget.text():
            if _rich_label(widget):
                found.append(f"{name} label: {widget.text()[:120]!r}")
            else:
                shown += 1
        if _interpreted_tip(widget.toolTip()):
            found.append(f"{name} tooltip: {widget.toolTip()[:120]!r}")
        if isinstance(widget, QAbstractItemView):
            found += _item_tips(widget)
        if isinstance(widget, QComboBox):
            found += _item_tips(widget.view())
        if "pyqtgraph" in sys.modules:
            import pyqtgraph as pg

            if isinstance(widget, pg.GraphicsView):
                for item in widget.scene().items():
                    if isinstance(item, pg.LabelItem) and TAG in item.text:
                        found.append(f"{name} chart label (HTML): {item.text[:120]!r}")
    return found, shown


def _flush() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path):
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    win.resize(1280, 820)
    win.show()
    device = Device("mine", TAG, "custom", {"bf16": 100e12, "fp32": 50e12}, 1e12, 80e9,
                    f"{TAG} from <b>my</b> notes", user_defined=True)  # fmt: skip
    assert win.add_user_device(device)
    folder = tmp_path / TAG
    folder.mkdir()
    config = folder / "config.json"
    config.write_text(json.dumps({"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4,
                                  "n_positions": 64, "vocab_size": 100}), encoding="utf-8")  # fmt: skip
    monkeypatch.setattr("widgets.model_box.QFileDialog.getOpenFileName",
                        lambda *a, **k: (str(config), ""))  # fmt: skip
    yield win
    language_manager().install("en")
    win.stop_background_work()
    wait_detached(30_000)


def _type_everywhere(win: MainWindow) -> None:
    """The tag in every tab's fields, a config file in a folder named so, points labelled so."""
    for spec in TABS:
        page = win.show_tab(spec.id)
        for edit in page.findChildren(QLineEdit):
            if edit.isVisibleTo(page) and edit.isEnabled() and not edit.isReadOnly():
                edit.setText(TAG)
                edit.setText(edit.text())  # the field's own validation runs and answers
        _flush()
    step = win.show_tab("step")
    index = step.model_box.findData("__config_file__")
    step.model_box.setCurrentIndex(index)
    step.model_box.activated.emit(index)
    einops = win.show_tab("einops")
    einops.pattern.setText(f"a {TAG} -> a")
    einops.analyse_now()
    win.state.measuredPoint.emit(dict(POINT))
    win.state.request_roofline_point({"label": TAG, "flops": 1e9, "bytes": 1e6})
    dtypes = win.show_tab("dtypes")
    blocks = dtypes.ensure_blocks()
    blocks.source.setCurrentIndex(blocks.source.findData("typed"))
    blocks.typed.setPlainText(TAG)
    blocks.recompute()
    _flush()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_user_text_is_interpreted_as_html(window, language: str) -> None:
    if language != "en":
        assert window.set_language(language) is None
    _type_everywhere(window)
    found, shown = [], 0
    for spec in TABS:
        window.show_tab(spec.id)
        _flush()
        more, count = _offenders(window)
        found += more
        shown += count
    assert found == [], found[:10]
    assert shown >= 3  # the name is there, as text: "Fits on …", the Step device line, …


def test_source_and_warning_dialogs_escape_the_name(window, monkeypatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    seen = []
    monkeypatch.setattr(QMessageBox, "information", lambda *args: seen.append(args[2]))
    window.show_source()
    assert seen and TAG not in seen[0] and "&lt;img src=x&gt;" in seen[0]


def test_the_device_dialog_shows_its_message_as_text(qtbot) -> None:
    from widgets.device_dialog import DeviceDialog

    dialog = DeviceDialog()
    qtbot.addWidget(dialog)
    dialog.id_edit.setText(TAG)  # not a valid id: the message quotes it
    dialog.try_accept()
    found, shown = _offenders(dialog)
    assert found == [] and shown >= 1

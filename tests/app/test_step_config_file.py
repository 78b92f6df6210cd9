"""No keystroke turns the Step tab's chosen config file into preset text (issue 19 item 3).

Choose "Config file…", then press a key in the model box: before the fix Enter inserted the label
``tiny-gpt2/config.json`` as an item, activated it, and the next trace said "unknown preset
'tiny-gpt2/config.json'". After any key the inputs must still name the file, or a model the person
picked (a preset item), and never the file's label as a model. The Step tab's model box is the only
combo with a file item (the test checks that too, for every tab).
"""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from app.state import AppState
from app.tabs.step_tab import _MODELS, StepPage
from app.worker_runner import wait_detached
from core.errors import InputError
from core.step.options import step_inputs

GPT2_SMALL = {"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "n_positions": 128,
              "vocab_size": 1000}  # fmt: skip
KEYS = [
    (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier),
    (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Up, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Down, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_PageUp, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_PageDown, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Home, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_End, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_F4, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Left, Qt.KeyboardModifier.NoModifier),
]


@pytest.fixture
def chosen(qtbot, monkeypatch, tmp_path):
    path = tmp_path / "tiny-gpt2" / "config.json"
    path.parent.mkdir()
    path.write_text(json.dumps(GPT2_SMALL), encoding="utf-8")
    answers = [str(path)]  # the first dialog picks the file; any later one is cancelled
    monkeypatch.setattr("app.tabs.step_tab.QFileDialog.getOpenFileName",
                        lambda *a, **k: (answers.pop(0) if answers else "", ""))  # fmt: skip
    page = StepPage(AppState())
    qtbot.addWidget(page)
    page.show()
    index = page.model_box.findData("__config_file__")
    page.model_box.setCurrentIndex(index)
    page.model_box.activated.emit(index)
    assert page.config_path == str(path)
    yield page, str(path)
    page.shutdown()


def _check(page: StepPage, path: str) -> None:
    options = page.options()
    if options["config"]:
        assert options["config"] == path
        return
    assert options["model"] in _MODELS, options["model"]  # a model the person picked
    try:
        step_inputs(**options)
    except InputError as exc:
        assert "unknown preset" not in exc.message, exc.message


@pytest.mark.parametrize(("key", "modifier"), KEYS, ids=[k.name for k, _ in KEYS])
def test_no_key_turns_the_chosen_file_into_preset_text(chosen, qtbot, key, modifier) -> None:
    page, path = chosen
    box = page.model_box
    box.setFocus()
    qtbot.keyClick(box.lineEdit(), key, modifier)
    box.hidePopup()
    _check(page, path)
    if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape, Qt.Key.Key_Tab):
        assert page.config_path == path
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)  # and Enter after that key
    _check(page, path)


def test_typing_changes_the_model_and_typing_the_label_back_keeps_the_file(chosen, qtbot) -> None:
    page, path = chosen
    edit = page.model_box.lineEdit()
    edit.end(False)
    qtbot.keyClick(edit, Qt.Key.Key_X)
    assert page.config_path == "" and page.options()["model"].endswith("config.jsonx")
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    assert page.config_path == path
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert page.config_path == path
    edit.selectAll()
    qtbot.keyClicks(edit, "gpt2")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert page.config_path == "" and page.options()["model"] == "gpt2"
    # The file is still an item: choosing it again needs no file dialog.
    index = page.model_box.findText("tiny-gpt2/config.json")
    page.model_box.setCurrentIndex(index)
    page.model_box.activated.emit(index)
    assert page.config_path == path


def test_cancelling_the_dialog_keeps_what_was_chosen(chosen) -> None:
    page, path = chosen
    box = page.model_box
    index = box.findData("__config_file__")
    box.setCurrentIndex(index)
    box.activated.emit(index)  # the dialog is cancelled this time
    assert page.config_path == path and box.currentText() == "tiny-gpt2/config.json"


def test_only_the_step_model_box_has_a_file_item(qtbot) -> None:
    from app.main_window import MainWindow
    from app.settings import Preferences
    from app.tabs import TABS

    window = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(window)
    with_file = []
    for spec in TABS:
        page = window.show_tab(spec.id)
        for box in page.findChildren(QComboBox):
            texts = [box.itemText(i).lower() for i in range(box.count())]
            if any(re.search(r"\bfile\b", t) for t in texts):
                with_file.append((spec.id, box is getattr(page, "model_box", None)))
    window.stop_background_work()
    wait_detached(30_000)
    assert with_file == [("step", True)]

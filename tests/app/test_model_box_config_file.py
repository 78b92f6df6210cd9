"""No keystroke turns a chosen config file into preset text (issue 19 item 3).

Choose "Config file…", then press a key in the model box: before the fix Enter inserted the label
``tiny-gpt2/config.json`` as an item, activated it, and the next trace said "unknown preset
'tiny-gpt2/config.json'". After any key the inputs must still name the file, or a model the person
picked (a preset item), and never the file's label as a model. The Step and Plan tabs share one
:class:`~widgets.model_box.ModelBox`, so each check runs on both; no other combo of any tab has a
file item (the test checks that too, for every tab).
"""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from app.state import AppState
from app.tabs.plan_tab import PlanPage
from app.tabs.step_tab import StepPage
from app.worker_runner import wait_detached
from core.errors import InputError
from core.step.options import step_inputs
from widgets.model_box import CONFIG_ITEM, ModelBox

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


class _Page:
    """One tab's page seen through its model box: the box, the file chosen, the inputs."""

    def __init__(self, tab: str) -> None:
        self.tab = tab
        self.page = StepPage(AppState()) if tab == "step" else PlanPage(AppState())
        self.model_box: ModelBox = (
            self.page.model_box if tab == "step" else self.page.inputs.model_box
        )

    @property
    def config_path(self) -> str:
        return self.page.config_path if self.tab == "step" else self.page.inputs.config_path

    def source(self) -> tuple[str, str]:
        """(config file, model text) as the page hands them to the core."""
        if self.tab == "step":
            options = self.page.options()
            return options["config"], options["model"]
        options = self.page.inputs.options()
        return options["config"] or "", options["model"] or options["dims"] or ""

    def validate(self) -> None:
        """The core reads the page's inputs (raises InputError when they are wrong)."""
        if self.tab == "step":
            step_inputs(**self.page.options())
        else:
            self.page.plan_input()


@pytest.fixture(params=["step", "plan"])
def chosen(request, qtbot, monkeypatch, tmp_path):
    path = tmp_path / "tiny-gpt2" / "config.json"
    path.parent.mkdir()
    path.write_text(json.dumps(GPT2_SMALL), encoding="utf-8")
    answers = [str(path)]  # the first dialog picks the file; any later one is cancelled
    monkeypatch.setattr("widgets.model_box.QFileDialog.getOpenFileName",
                        lambda *a, **k: (answers.pop(0) if answers else "", ""))  # fmt: skip
    page = _Page(request.param)
    qtbot.addWidget(page.page)
    page.page.show()
    index = page.model_box.findData(CONFIG_ITEM)
    page.model_box.setCurrentIndex(index)
    page.model_box.activated.emit(index)
    assert page.config_path == str(path)
    yield page, str(path)
    page.page.shutdown()


def _check(page: _Page, path: str) -> None:
    config, model = page.source()
    if config:
        assert config == path
        return
    box = page.model_box
    listed = [box.itemText(i) for i in range(box.count()) if box.itemData(i) != CONFIG_ITEM]
    assert model in listed and model != "tiny-gpt2/config.json", model  # a model picked
    try:
        page.validate()
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
    assert page.config_path == "" and page.source()[1].endswith("config.jsonx")
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    assert page.config_path == path
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert page.config_path == path
    edit.selectAll()
    qtbot.keyClicks(edit, "gpt2")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert page.config_path == "" and page.source()[1] == "gpt2"
    # The file is still an item: choosing it again needs no file dialog.
    index = page.model_box.findText("tiny-gpt2/config.json")
    page.model_box.setCurrentIndex(index)
    page.model_box.activated.emit(index)
    assert page.config_path == path


def test_cancelling_the_dialog_keeps_what_was_chosen(chosen) -> None:
    page, path = chosen
    box = page.model_box
    index = box.findData(CONFIG_ITEM)
    box.setCurrentIndex(index)
    box.activated.emit(index)  # the dialog is cancelled this time
    assert page.config_path == path and box.currentText() == "tiny-gpt2/config.json"


def test_only_the_model_boxes_have_a_file_item(qtbot) -> None:
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
                with_file.append((spec.id, isinstance(box, ModelBox)))
    window.stop_background_work()
    wait_detached(30_000)
    assert sorted(with_file) == [("inference", True), ("plan", True), ("step", True)]

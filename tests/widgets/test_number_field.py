"""NumberField: validates with the given parser, debounces, reports, reverts."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt

from core.validate import positive_int
from widgets.number_field import NumberField


def make(qtbot):
    field = NumberField(partial(positive_int, field="GPUs"), "8")
    qtbot.addWidget(field)
    field.show()
    return field


def test_emits_once_after_typing(qtbot) -> None:
    field = make(qtbot)
    seen: list[int] = []
    field.valueChanged.connect(seen.append)
    field.lineEdit().clear()
    with qtbot.waitSignal(field.valueChanged, timeout=2000):
        qtbot.keyClicks(field.lineEdit(), "1024")
    assert seen == [1024]


def test_invalid_text_keeps_last_good_value(qtbot) -> None:
    field = make(qtbot)
    with qtbot.waitSignal(field.validityChanged, timeout=2000):
        field.lineEdit().setText("")
        qtbot.keyClicks(field.lineEdit(), "-2")
    assert field.value() == 8 and not field.isValid()
    assert field.errorText().startswith("GPUs: -2 is too small")
    qtbot.keyClick(field.lineEdit(), Qt.Key.Key_Escape)
    assert field.text() == "8" and field.isValid() and field.errorText() == ""


def test_set_value_from_code_does_not_emit(qtbot) -> None:
    field = make(qtbot)
    with qtbot.assertNotEmitted(field.valueChanged):
        field.setValue(16)
    assert field.text() == "16" and field.value() == 16

"""find_data: any JSON value is looked up safely."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from widgets.combo_data import find_data


def test_finds_by_value_and_type_and_never_raises(qtbot) -> None:
    box = QComboBox()
    qtbot.addWidget(box)
    for text, data in (("zero", 0), ("one", 1), ("bf16", "bf16"), ("yes", True)):
        box.addItem(text, data)
    assert find_data(box, 1) == 1 and find_data(box, "bf16") == 2 and find_data(box, True) == 3
    assert find_data(box, 1.0) == -1  # a float in a session is not the int 1
    for odd in (10**20, -(2**70), [1], {"a": 1}, None, float("nan")):
        assert find_data(box, odd) == -1

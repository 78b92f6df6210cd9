"""The brief combo box: the full text while it fits the style's edit field, else the brief text,
painted by QComboBox itself from the style option the class fills."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox

from widgets.brief_combo import BriefComboBox

FULL = "12 B — bf16 weights and grads, fp32 Adam moments (lecture)"


def _field_width(combo: QComboBox) -> int:
    """The style's edit field, asked as layout_audit asks it (independently of the class)."""
    option = QStyleOptionComboBox()
    QComboBox.initStyleOption(combo, option)
    rect = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    return rect.width()


def _painted_text(combo: BriefComboBox) -> str:
    """The text in the option QComboBox::paintEvent draws the closed box from."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    return option.currentText


@pytest.fixture
def combo(qtbot) -> BriefComboBox:
    box = BriefComboBox(minimum_chars=8)
    box.addItem(FULL, "bf16")
    box.addItem("custom bytes per parameter", "custom")
    box.setToolTip("What each parameter costs")
    qtbot.addWidget(box)
    box.show()
    qtbot.waitExposed(box)
    return box


def _set_field(combo: BriefComboBox, qtbot, field: int) -> None:
    """Resize the box so that its edit field is ``field`` pixels wide."""
    combo.resize(combo.width() + field - _field_width(combo), combo.height())
    qtbot.waitUntil(lambda: _field_width(combo) == field, timeout=2000)


def test_the_full_text_is_painted_exactly_while_it_fits(combo, qtbot) -> None:
    need = QFontMetrics(combo.font()).horizontalAdvance(FULL)
    _set_field(combo, qtbot, need)
    assert combo.display_text() == FULL == _painted_text(combo)
    assert combo.toolTip() == "What each parameter costs"
    _set_field(combo, qtbot, need - 1)
    assert combo.display_text() == "12 B" == _painted_text(combo)
    assert combo.toolTip().startswith(FULL)  # the full text where the box shows the brief one


def test_a_text_wider_than_the_whole_box_needs_no_style(combo, qtbot, monkeypatch) -> None:
    combo.resize(QFontMetrics(combo.font()).horizontalAdvance(FULL) // 2, combo.height())
    qtbot.waitUntil(lambda: combo.width() < QFontMetrics(combo.font()).horizontalAdvance(FULL))

    def asked(_self) -> int:
        raise AssertionError("the style's edit field was asked for a text wider than the box")

    monkeypatch.setattr(BriefComboBox, "_field_width", asked)
    assert _painted_text(combo) == "12 B"


def test_the_popup_keeps_the_full_texts_and_the_pixels_follow_the_option(combo, qtbot) -> None:
    need = QFontMetrics(combo.font()).horizontalAdvance(FULL)
    _set_field(combo, qtbot, need - 40)
    brief = combo.grab().toImage()
    _set_field(combo, qtbot, need)
    full = combo.grab().toImage()
    assert combo.itemText(0) == FULL and combo.currentText() == FULL
    assert brief != full.copy(0, 0, brief.width(), brief.height())  # what is painted changed

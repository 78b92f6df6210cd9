"""Forms stacked in one panel start their fields at one x, at any font."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLineEdit, QVBoxLayout, QWidget

from widgets.form_columns import align_label_columns, form_labels
from widgets.memory.controls import MemoryControls


def _field_xs(forms: list[QFormLayout]) -> set[int]:
    xs = set()
    for form in forms:
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            label = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            if item is not None and label is not None and item.widget().isVisible():
                xs.add(item.widget().geometry().x())
    return xs


def test_stacked_forms_share_one_label_column(qtbot) -> None:
    panel = QWidget()
    qtbot.addWidget(panel)
    column = QVBoxLayout(panel)
    forms = [QFormLayout(), QFormLayout(), QFormLayout()]
    for form, label in zip(forms, ("ZeRO", "Batch / device", "Model"), strict=True):
        form.addRow(label, QLineEdit())
        form.addRow("", QLineEdit())  # a row without a label
        column.addLayout(form)
    panel.show()
    qtbot.waitExposed(panel)
    assert len(_field_xs(forms)) == 3  # each form alone: its own widest label
    # The widest label's own text sets the column (measured before the helper runs).
    texts = [label.sizeHint().width() for f in forms for label in form_labels(f)]
    assert len(texts) == 3  # the rows without a label have none
    widest = align_label_columns(forms)
    panel.layout().activate()
    assert widest == max(texts)
    assert len(_field_xs(forms)) == 1
    # A larger font widens the column again when asked (as a theme or presentation mode does);
    # a style sheet of the panel's own outranks whatever the application's sets.
    panel.setStyleSheet("QLabel { font-size: 30px; }")
    assert align_label_columns(forms) > widest


def test_the_memory_tab_fields_start_at_one_x_after_a_mode_change(qtbot) -> None:
    controls = MemoryControls()
    qtbot.addWidget(controls)
    controls.resize(360, 700)
    controls.show()
    qtbot.waitExposed(controls)
    forms = [controls.model_form, controls.training_form, controls.parallel_form]
    assert len(_field_xs(forms)) == 1
    controls.setStyleSheet("QLabel { font-size: 30px; }")
    controls.set_compact(True)  # what the page does after a theme or mode change
    controls.layout().activate()
    assert len(_field_xs(forms)) == 1


def test_the_column_narrows_again_when_the_fonts_get_smaller(qtbot) -> None:
    # A layout pass that reads the labels' size hints between the font change and the helper (a
    # row shown again as presentation mode ends) must not keep the wide column: a QLabel caches
    # its size hint grown to its minimum width.
    panel = QWidget()
    qtbot.addWidget(panel)
    column = QVBoxLayout(panel)
    forms = [QFormLayout(), QFormLayout()]
    for form, label in zip(forms, ("Batch / device", "ZeRO"), strict=True):
        form.addRow(label, QLineEdit())
        column.addLayout(form)
    panel.show()
    qtbot.waitExposed(panel)
    labels = [label for f in forms for label in form_labels(f)]
    texts = max(label.fontMetrics().horizontalAdvance(label.text()) for label in labels)
    widest = align_label_columns(forms)
    assert abs(widest - texts) <= 2  # the text's own width (a pixel of rounding either way)
    panel.setStyleSheet("QLabel { font-size: 30px; }")
    assert align_label_columns(forms) > widest
    panel.setStyleSheet("")
    for label in labels:
        label.sizeHint()  # what a layout pass does before the page measures again
    assert align_label_columns(forms) == widest


def test_the_memory_controls_narrow_again_when_presentation_mode_ends(qtbot) -> None:
    # The page sizes its control column from the card's minimum width right after set_compact;
    # leaving presentation mode must give back the width the card had before it.
    card = QWidget()
    qtbot.addWidget(card)
    controls = MemoryControls(card)
    QVBoxLayout(card).addWidget(controls)
    card.resize(360, 700)
    card.show()
    qtbot.waitExposed(card)
    before = card.minimumSizeHint().width()
    controls.setStyleSheet("QLabel { font-size: 30px; }")
    controls.set_compact(True)
    assert card.minimumSizeHint().width() > before
    controls.setStyleSheet("")
    controls.set_compact(False)
    assert card.minimumSizeHint().width() == before

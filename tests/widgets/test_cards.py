"""The shared card frame and plain-text label the result tabs build their cards from."""

from __future__ import annotations

from PySide6.QtCore import Qt

from widgets.cards import CARD_MARGINS, card, plain_label


def test_a_card_is_the_named_frame_with_its_margins(qtbot) -> None:
    frame, layout = card()
    qtbot.addWidget(frame)
    assert frame.objectName() == "card"  # the theme's style sheet draws "#card"
    assert frame.layout() is layout
    m = layout.contentsMargins()
    assert (m.left(), m.top(), m.right(), m.bottom()) == CARD_MARGINS == (14, 10, 14, 12)
    tight, tight_layout = card((12, 8, 12, 10))
    qtbot.addWidget(tight)
    m = tight_layout.contentsMargins()
    assert (m.left(), m.top(), m.right(), m.bottom()) == (12, 8, 12, 10)


def test_a_plain_label_never_reads_a_value_as_markup(qtbot) -> None:
    label = plain_label("headline")
    qtbot.addWidget(label)
    label.setText("<b>1 < 2 & 3</b>")
    assert label.objectName() == "headline"
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.wordWrap()
    assert not plain_label(wrap=False).wordWrap()
    assert label.text() == "<b>1 < 2 & 3</b>"

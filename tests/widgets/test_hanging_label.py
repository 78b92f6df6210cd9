"""Formula lines that wrap hang under their first line instead of restarting at the left edge,
where a continuation ("1,024 = 5.066e17 FLOP/s") read as an equation of its own. The reference is
Qt's own text layout of the label's document and the font's space advance."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF, QTextDocument
from PySide6.QtWidgets import QLabel

from tests.widgets.text_lines import line_lefts
from widgets.fonts import mono_font
from widgets.hanging_label import HangingLabel

FORMULA = (
    "FLOPs = 6 × N × D = 6 × 7e10 × 1.5e13 = 6.3e24\n"
    "throughput = peak × MFU × GPUs = 9.895e14 × 0.5 × 1,024 = 5.066e17 FLOP/s"
)


def _lines_x(label: HangingLabel, width: float) -> list[list[float]]:
    """Each paragraph's lines' left edges when the label's document is laid out ``width`` wide."""
    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    doc.setHtml(QLabel.text(label))  # the rich text Qt is given, not the plain text kept
    doc.setTextWidth(width)
    doc.size()  # lays the document out
    return line_lefts(doc)


@pytest.mark.parametrize("point_size", [10.0, 18.0])
def test_a_wrapped_line_hangs_four_spaces_in(qtbot, point_size) -> None:
    label = HangingLabel()
    qtbot.addWidget(label)
    label.setText(FORMULA)
    font = mono_font(point_size=point_size)
    label.setFont(font)  # after the text, as a theme or presentation mode does
    space = QFontMetricsF(font).horizontalAdvance(" ")
    xs = _lines_x(label, space * 60)  # 60 columns: the second line wraps, the first does not
    assert len(xs) == 2 and len(xs[0]) == 1 and len(xs[1]) > 1
    for lines in xs:
        assert lines[0] == pytest.approx(0.0, abs=1.0)
        for x in lines[1:]:
            assert x == pytest.approx(4 * space, abs=1.0)


def test_the_text_stays_plain_and_is_shown_as_typed(qtbot) -> None:
    label = HangingLabel()
    qtbot.addWidget(label)
    text = "<b>not bold</b> & <img src=x>\nsecond line"
    label.setText(text)
    assert label.text() == text
    doc = QTextDocument()
    doc.setHtml(QLabel.text(label))
    assert doc.toPlainText() == text  # escaped: the characters themselves, one paragraph a line
    label.setText("")
    assert label.text() == "" and QLabel.text(label) == ""


def test_a_narrow_label_asks_for_the_height_of_its_wrapped_lines(qtbot) -> None:
    label = HangingLabel()
    qtbot.addWidget(label)
    label.setText(FORMULA)
    space = QFontMetricsF(label.font()).horizontalAdvance(" ")
    assert label.heightForWidth(int(space * 30)) > label.heightForWidth(int(space * 200))


def _line_texts(label: HangingLabel, width: float) -> list[str]:
    """The text of every laid-out line, ``width`` wide (Qt's layout of the rich text given)."""
    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    doc.setHtml(QLabel.text(label))
    doc.setTextWidth(width)
    doc.size()
    out = []
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            out.append(block.text()[line.textStart() : line.textStart() + line.textLength()])
        block = block.next()
    return out


def test_a_unit_and_its_number_are_never_split(qtbot) -> None:
    label = HangingLabel()
    qtbot.addWidget(label)
    text = "2 (bf16 weights) + 2 (bf16 grads) + 8 (fp32 m + v) = 12 bytes/param"
    label.setText(text)
    assert label.text() == text  # only the picture changes
    metrics = QFontMetricsF(label.font())
    space = metrics.horizontalAdvance(" ")
    # From the narrowest width a hung line can hold the unit in, to one line.
    narrowest = metrics.horizontalAdvance("12 bytes/param") + (HangingLabel.HANG + 1) * space
    wrapped = 0
    for step in range(60):
        lines = _line_texts(label, narrowest + step * space)
        wrapped += len(lines) > 1
        assert not any(line.rstrip().endswith(("/", "\u2215")) for line in lines), lines
        assert any("12\u00a0bytes\u2215param" in line for line in lines), lines
    assert wrapped > 20  # the sweep did wrap the line, many times
    # The unit's characters are the font's own: a line with one is no taller than one without.
    label.setText("x = 12 bytes/param")
    with_unit = label.heightForWidth(int(space * 200))
    label.setText("x = 12 bytesxparam")
    assert with_unit == label.heightForWidth(int(space * 200))

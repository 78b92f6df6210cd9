"""The PyTorch code view on a slide: a wrapped line hangs under its first line's code instead of
starting again at column 0, where a wrapped comment read as a line of code of its own; the text
copied is the code as written. The reference is the font's own metrics (a space's advance)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication, QTextEdit

from core.einops.analysis import analyse
from tests.widgets.text_lines import line_lefts
from widgets.einops.results import CodeEdit
from widgets.fonts import mono_font


@pytest.mark.parametrize("point_size", [10.0, 20.0])
def test_wrapped_lines_hang_by_four_spaces_and_the_code_is_unchanged(qtbot, point_size) -> None:
    code = analyse("einsum", "batch seq1 hidden, batch seq2 hidden -> batch seq1 seq2",
                   [(2, 3, 4), (2, 3, 4)]).torch_code  # fmt: skip
    edit = CodeEdit()
    qtbot.addWidget(edit)
    edit.setPlainText(code)
    font = mono_font(point_size=point_size)
    edit.setFont(font)  # after the text, as presentation mode does: the indent follows the font
    space = QFontMetricsF(edit.font()).horizontalAdvance(" ")
    longest = max(len(line) for line in code.splitlines())
    edit.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
    edit.resize(int(space * longest * 0.6), 600)  # narrower than the longest line: it wraps
    edit.show()
    QApplication.processEvents()
    xs = line_lefts(edit.document())
    assert len(xs) == len(code.splitlines())
    assert any(len(lines) > 1 for lines in xs), "nothing wrapped"
    for lines in xs:
        assert lines[0] == pytest.approx(0.0, abs=0.5)  # a line starts at the margin
        for x in lines[1:]:
            assert x == pytest.approx(4 * space, abs=0.5)  # its continuation, four spaces in
    assert edit.toPlainText() == code


def test_without_wrapping_every_line_starts_at_the_margin(qtbot) -> None:
    edit = CodeEdit()
    qtbot.addWidget(edit)
    edit.setPlainText(
        "x = 1  # a comment long enough to wrap in a narrow view, if it wrapped\ny = 2"
    )
    edit.resize(120, 200)
    edit.show()
    QApplication.processEvents()
    assert line_lefts(edit.document()) == [
        [pytest.approx(0.0, abs=0.5)],
        [pytest.approx(0.0, abs=0.5)],
    ]

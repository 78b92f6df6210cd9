"""Short equations stay on one line when a label wraps (the Memory model note's "P = D²·L")."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetricsF, QTextLayout, QTextOption

from widgets.equations import NO_BREAK_SPACE, keep_equations

NOTE = "L blocks of x @ W (D×D, no bias) then ReLU; P = D²·L"


def _lines(text: str, font: QFont, width: float) -> list[str]:
    """The lines Qt's word wrap makes of ``text`` at ``width`` pixels (as a wrapping QLabel)."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(text[line.textStart() : line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return lines


def test_the_equation_is_kept_whole_where_the_plain_text_broke_inside_it(qapp) -> None:
    font = QFont()
    font.setPointSizeF(10)
    # just wider than everything up to "P =": word wrap puts "D²·L" alone on the next line
    width = QFontMetricsF(font).horizontalAdvance(NOTE.rsplit(" ", 1)[0]) + 2
    plain = _lines(NOTE, font, width)
    assert plain[-1] == "D²·L" and plain[-2].endswith("P =")  # the defect, as Qt lays it out
    kept = _lines(keep_equations(NOTE), font, width)
    assert kept[-1].replace(NO_BREAK_SPACE, " ") == "P = D²·L"
    assert " ".join(kept).replace(NO_BREAK_SPACE, " ") == " ".join(plain) == NOTE  # same words


def test_only_spaces_beside_an_equals_sign_between_two_words_change() -> None:
    assert (
        keep_equations("a = b, c ≈ d")
        == f"a{NO_BREAK_SPACE}={NO_BREAK_SPACE}b, c{NO_BREAK_SPACE}≈{NO_BREAK_SPACE}d"
    )
    for text in ("no equation here", "x=y", "= leading", "trailing =", "a  =  b"):
        assert keep_equations(text) == text

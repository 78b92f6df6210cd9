"""The layout audit's rules on small hand-built widgets: a label too close to its field, a line of
one character, and the forms and chart names that once broke them (the Memory tab's
"每设备批量" against its field at 1280x720, "未在 GPU 上运行" wrapped as "…运" / "行").

The whole window is checked with the same rules in ``test_layout_fit*.py``; these tests show that
each rule can fail, and where its threshold lies, with the pixels derived here from font metrics.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from app.layout_audit import MIN_BUDDY_GAP, audit, lone_character_line, settle
from widgets.form_columns import LABEL_GAP, align_label_columns


def _form(qtbot, spacing: int) -> tuple[QWidget, QLabel, QLineEdit]:
    root = QWidget()
    qtbot.addWidget(root)
    form = QFormLayout(root)
    form.setHorizontalSpacing(spacing)
    field = QLineEdit()
    form.addRow("Batch / device", field)
    root.resize(400, 60)
    root.show()
    settle(root)
    label = form.labelForField(field)
    return root, label, field


def test_a_label_against_its_field_is_named_and_one_with_room_is_not(qtbot) -> None:
    root, label, field = _form(qtbot, 0)
    text_right = label.x() + QFontMetrics(label.font()).horizontalAdvance(label.text())
    assert field.x() - text_right < MIN_BUDDY_GAP  # the case the rule is for
    problems = audit(root)
    assert any("Batch / device" in p and "from its field" in p for p in problems), problems

    roomy, label, field = _form(qtbot, MIN_BUDDY_GAP + 2)
    assert not audit(roomy)


def test_a_right_aligned_label_is_measured_from_its_right_edge(qtbot) -> None:
    root, label, _field = _form(qtbot, 0)
    label.setMinimumWidth(label.sizeHint().width() + 40)  # 40 px of room on the left
    label.setAlignment(label.alignment() & ~0x0F | 0x02)  # AlignRight
    settle(root)
    assert any("from its field" in p for p in audit(root))


def test_forms_aligned_together_keep_the_gap_under_a_compact_parent(qtbot) -> None:
    """A form's spacing left unset follows its parent's: 2 px under the Memory tab's compact
    column put the widest label against its field."""
    root = QWidget()
    qtbot.addWidget(root)
    column = QVBoxLayout(root)
    forms = [QFormLayout(), QFormLayout()]
    for form, text in zip(forms, ("Batch / device", "GPUs"), strict=True):
        form.addRow(text, QLineEdit())
        column.addLayout(form)
    align_label_columns(forms)
    column.setSpacing(2)  # as MemoryControls.set_compact does after aligning
    root.resize(400, 100)
    root.show()
    settle(root)
    assert all(form.horizontalSpacing() == LABEL_GAP for form in forms)
    assert not audit(root)


def test_a_wrapped_label_that_leaves_one_character_alone_is_named(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.resize(400, 100)
    text = "未在 GPU 上运行"
    label = QLabel(text, parent)
    label.setWordWrap(True)
    metrics = QFontMetrics(label.font())
    for width, alone in ((metrics.horizontalAdvance("未在 GPU 上运") + 1, True),  # Qt breaks before "行"
                         (metrics.horizontalAdvance(text) + 4, False)):  # one line  # fmt: skip
        label.setFixedSize(width, label.heightForWidth(width))
        parent.show()
        settle(parent)
        found = [p for p in audit(parent) if "onto a line of its own" in p]
        assert bool(found) == alone, (width, found)
        if alone:
            assert "'行'" in found[0]


@pytest.mark.parametrize(
    ("lines", "alone"),
    [
        (["未在 GPU 上运", "行"], "行"),
        (["估算（峰", "值，", "cuda）"], "值，"),
        (["Estimate", "(peak,", "cuda)"], None),
        (["行"], None),  # one line is no wrap
        (["no GPU", "run"], None),
    ],
)
def test_lone_character_lines(lines: list[str], alone: str | None) -> None:
    found = lone_character_line("".join(lines), lines)
    assert (found is None) == (alone is None)
    if alone:
        assert repr(alone) in found


def _lone_free_exists(name: str, width: float, metrics: QFontMetricsF) -> bool:
    """Brute force: whether some way of breaking ``name`` between its pieces keeps every line of
    two or more pieces within ``width`` and no character alone on a line after the first."""
    from widgets.memory.bars import _PIECES

    pieces = [p for p in _PIECES.findall(name) if not p.isspace()]
    joined = name.replace(" ", "")
    for mask in range(1 << (len(pieces) - 1)):
        lines, current = [], [pieces[0]]
        for k, piece in enumerate(pieces[1:]):
            if mask >> k & 1:
                lines.append(current)
                current = [piece]
            else:
                current.append(piece)
        lines.append(current)
        texts = ["".join(line) for line in lines]
        assert "".join(texts) == joined
        if any(
            len(line) > 1 and metrics.horizontalAdvance(t) > width
            for line, t in zip(lines, texts, strict=True)
        ):
            continue  # (spaces left out: the widths are a lower bound, so this may over-allow)
        if lone_character_line(name, texts) is None:
            return True
    return False


def test_the_memory_bars_wrap_no_character_alone_where_a_break_avoids_it(qapp) -> None:
    """The bar names' wrapping at every width up to the whole name, against a brute force over
    every set of break points (the greedy wrap gave "未在 GPU 上运" / "行")."""
    from widgets.memory.bars import _wrap

    metrics = QFontMetricsF(QFont())
    for name in (
        "未在 GPU 上运行",
        "估算（峰值，cuda）",
        "追踪（峰值，cuda）",
        "Estimate (peak, cuda)",
    ):
        full = metrics.horizontalAdvance(name)
        for width in range(10, int(full) + 2, 2):
            wrapped = _wrap(name, float(width), metrics)
            lines = wrapped.split("\n")
            assert wrapped.replace("\n", "").replace(" ", "") == name.replace(" ", "")
            for text in lines:  # a line of two pieces or more fits
                assert _one_piece(text) or metrics.horizontalAdvance(text) <= width, (
                    width,
                    wrapped,
                )
            if _lone_free_exists(name, float(width), metrics):
                assert lone_character_line(name, lines) is None, (width, wrapped)
        assert _wrap(name, full + 1, metrics) == name  # room for it all: one line


def _one_piece(text: str) -> bool:
    from widgets.memory.bars import _PIECES

    return len([p for p in _PIECES.findall(text) if not p.isspace()]) == 1


def test_a_card_subtitle_keeps_its_last_two_characters_together(qtbot) -> None:
    """The Napkin card's zh_TW subtitle wrapped "二）" alone at the default size; at every width
    from half the text to all of it, a result card's subtitle leaves no character alone."""
    from widgets.cjk_break import WORD_JOINER, keep_last_pair
    from widgets.result_card import ResultCard

    text = "總記憶體 ÷ 每參數位元組數；不計激活值，故為上界（講義問題二）"
    assert keep_last_pair(text) == text[:-3] + "題" + WORD_JOINER + "二）"
    assert keep_last_pair("Adam (two moments)") == "Adam (two moments)"
    card = ResultCard("Title", text)
    qtbot.addWidget(card)
    card.show()
    metrics = QFontMetrics(card.font())
    full = metrics.horizontalAdvance(text)
    for width in range(full // 2, full + 40, 7):
        card.setFixedWidth(width + 32)  # the card's side margins
        settle(card)
        found = [p for p in audit(card) if "onto a line of its own" in p]
        assert not found, (width, found)

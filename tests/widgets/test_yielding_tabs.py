"""A column of a card with a height floor over a tab widget of wrapped texts, too short for both:
with a plain QTabWidget the layout squeezes the card below its texts' height (the card then keeps
its floor and covers the tabs, or its texts are cut), with YieldingTabs the tabs give way."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFrame, QLabel, QTabWidget, QVBoxLayout, QWidget

from app.layout_audit import audit
from widgets.card_fit import fit_card_height
from widgets.yielding_tabs import YieldingTabs

WORDS = "a long sentence that wraps over several lines at this width " * 6


def _column(qtbot, tabs: QTabWidget, height: int) -> tuple[QWidget, QFrame, QTabWidget]:
    column = QWidget()
    qtbot.addWidget(column)
    layout = QVBoxLayout(column)
    layout.setContentsMargins(0, 0, 0, 0)  # as the Plan tab's column: the card is its width
    card = QFrame()
    card.setObjectName("card")
    card_layout = QVBoxLayout(card)
    for _ in range(3):
        label = QLabel(WORDS)
        label.setWordWrap(True)
        card_layout.addWidget(label)
    page = QLabel(WORDS * 3)
    page.setWordWrap(True)  # a page with wrapped text: the tab widget has a height for its width
    tabs.addTab(page, "page")
    layout.addWidget(card)
    layout.addWidget(tabs, 1)
    column.resize(360, height)
    column.show()
    qtbot.waitExposed(column)
    fit_card_height(card, column)  # the card's floor: its wrapped texts' height
    for _ in range(5):
        qtbot.wait(1)
    return column, card, tabs


def _short(card: QFrame, tabs: QTabWidget) -> int:
    """A column height where the card's floor and the tabs' minimum fit, but not the tabs'
    height for their width."""
    return card.heightForWidth(360) + tabs.minimumSizeHint().height() + 40


@pytest.mark.parametrize("kind", [QTabWidget, YieldingTabs])
def test_a_short_column_overlaps_only_with_a_plain_tab_widget(qtbot, kind) -> None:
    column, card, tabs = _column(qtbot, kind(), 900)
    column.resize(360, _short(card, tabs))
    fit_card_height(card, column)
    for _ in range(5):
        qtbot.wait(1)
    assert card.height() >= card.minimumHeight() > 0
    # What the audit names about the card: its texts cut, or the card over the tabs.
    card_problems = [p for p in audit(column) if "/card" in p]
    if kind is YieldingTabs:
        assert not tabs.hasHeightForWidth() and card_problems == []
        assert tabs.y() > card.geometry().bottom()  # below the card, not under it
    else:  # the defect (the Plan tab at 1280x720 in presentation mode showed the overlap)
        assert tabs.hasHeightForWidth() and card_problems


def test_the_audit_names_widgets_a_layout_put_on_top_of_each_other(qtbot) -> None:
    column = QWidget()
    qtbot.addWidget(column)
    layout = QVBoxLayout(column)
    first, second = QFrame(), QFrame()
    first.setObjectName("first")
    layout.addWidget(first)
    layout.addWidget(second)
    column.resize(200, 200)
    column.show()
    qtbot.waitExposed(column)
    assert audit(column) == []
    second.setGeometry(first.x(), first.y() + 10, first.width(), first.height())  # 10 px lower
    problems = audit(column)
    assert len(problems) == 1 and "first and" in problems[0] and "overlap" in problems[0]

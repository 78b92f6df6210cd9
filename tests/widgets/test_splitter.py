"""The default splitter keeps its proportions when resized, until the person drags a handle."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from widgets.splitter import DefaultSplitter


@pytest.fixture
def splitter(qtbot) -> DefaultSplitter:
    split = DefaultSplitter(Qt.Orientation.Horizontal, [340, 940])
    for text in ("inputs", "results"):
        label = QLabel(text)
        label.setMinimumWidth(10)
        split.addWidget(label)
    split.setStretchFactor(1, 1)
    qtbot.addWidget(split)
    split.resize(1920, 400)
    split.show()
    qtbot.waitExposed(split)
    split.restore()
    return split


def _share(split: DefaultSplitter) -> float:
    left, right = split.sizes()
    return left / (left + right)


def test_the_proportions_hold_when_the_splitter_shrinks_or_grows(splitter, qtbot) -> None:
    want = 340 / (340 + 940)
    assert _share(splitter) == pytest.approx(want, abs=0.002)
    for width in (1280, 900, 2400, 1280):
        splitter.resize(width, 400)
        qtbot.waitUntil(lambda w=width: splitter.width() == w)
        assert _share(splitter) == pytest.approx(want, abs=0.002), (width, splitter.sizes())


def test_a_dragged_handle_is_left_where_the_person_put_it(splitter, qtbot) -> None:
    splitter.moveSplitter(700, 1)  # as a drag does: splitterMoved is emitted
    assert splitter.dragged
    left = splitter.sizes()[0]
    splitter.resize(1280, 400)
    qtbot.waitUntil(lambda: splitter.width() == 1280)
    assert splitter.sizes()[0] == left  # Qt's own behaviour: the stretching side gives way
    splitter.restore()
    assert splitter.sizes()[0] == left


def test_a_child_shown_just_before_restore_gets_the_same_share(qtbot) -> None:
    """The Memory page shows its phase view and restores at once (leaving presentation mode).

    ``sizes()`` still counted the hidden child's handle as space then, so the shares came out one
    handle too large and the last child lost a pixel or not depending on what ran before.
    """
    from PySide6.QtWidgets import QApplication

    split = DefaultSplitter(Qt.Orientation.Vertical, [3, 2])
    for text in ("bars", "phases"):
        split.addWidget(QLabel(text))
    qtbot.addWidget(split)
    split.resize(800, 411)
    split.show()
    qtbot.waitExposed(split)
    split.restore()
    QApplication.processEvents()
    settled = split.sizes()
    handle = split.handle(1).sizeHint().height()
    assert sum(settled) == split.contentsRect().height() - handle
    assert abs(settled[0] * 2 - settled[1] * 3) <= 5  # 3 : 2 to the pixel

    split.widget(1).hide()
    QApplication.processEvents()
    split.widget(1).show()
    split.restore()  # before Qt's layout pass has seen the child again
    QApplication.processEvents()
    assert split.sizes() == settled

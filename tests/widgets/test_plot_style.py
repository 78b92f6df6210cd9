"""Chart items dropped during a relayout live until the event loop turns (:func:`retire`), and a
resize-driven relayout runs once, afterwards (:class:`Deferred`): deleting a legend while Qt applied
a style sheet crashed the process (the GUI monkey, issue 19)."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from widgets.plot_style import Deferred, retire


class Item:
    """Stands for a chart item: only its lifetime matters here."""


def test_retired_items_live_until_the_event_loop(qtbot) -> None:
    owner = QObject()
    item = Item()
    alive = weakref.ref(item)
    retire(owner, item)
    del item
    assert alive() is not None  # still referenced while the caller's relayout runs
    qtbot.wait(20)
    assert alive() is None


def test_a_burst_of_resizes_lays_out_once_later(qtbot) -> None:
    owner = QObject()
    calls = []
    later = Deferred(lambda: calls.append(1), owner)
    for _ in range(5):
        later()
    assert calls == []
    QApplication.processEvents()
    qtbot.waitUntil(lambda: calls == [1], timeout=1000)

"""Each operator's label sits near its point, on the window's chart and on a plot-only export.

The lecture operators lie on the selected device's slanted roof, with the compared devices'
roofs parallel a few pixels above and below: the eight near boxes around a point were all
crossed by a line, and the labels landed 20 to 40 px off (relu, dot, matvec, gelu; 28 px for
dot and 40 px for the ringed matmul on a slide). Now each shown label's nearest edge is within
1.5 label heights of its marker's edge, at the default size and at 1280x720 presentation, in the
default view. Distances are read from the drawn text items and the markers' positions mapped
through the view, independently of the layout code.
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPointF
from PySide6.QtWidgets import QApplication

from app.main_window import MainWindow
from app.settings import Preferences
from app.theme import apply_theme, theme
from app.worker_runner import wait_detached
from tests.app.test_roofline_labels import check

#: How far a label's nearest edge may be from its marker's edge, in label heights.
NEAR = 1.5


def _flush() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()


@pytest.fixture(params=[False, True], ids=["default size", "1280x720 presentation"])
def window(request, qtbot):
    app = QApplication.instance()
    presentation = request.param
    apply_theme(app, theme("light", presentation))
    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    win.set_presentation(presentation)
    win.resize(1280, 720 if presentation else 820)
    win.show()
    yield win
    apply_theme(app, theme("light"))
    win.stop_background_work()
    wait_detached(30_000)


def _gaps(plot) -> dict[str, tuple[float, float]]:
    """Each shown point label's (gap from its marker's edge, text height), in pixels."""
    out = {}
    for point in plot._points:
        text = plot._point_labels.get(point.key)
        if text is None or not text.isVisible():
            continue
        box = text.textItem.sceneBoundingRect()
        at = plot.view.mapViewToScene(QPointF(math.log10(point.x), math.log10(point.y)))
        dx = max(box.left() - at.x(), 0.0, at.x() - box.right())
        dy = max(box.top() - at.y(), 0.0, at.y() - box.bottom())
        # The marker's drawn radius: the ring's for the selected point.
        spots = [s for item in (plot._scatter, plot._ring) for s in item.points()
                 if abs(s.pos().x() - math.log10(point.x)) < 1e-9
                 and abs(s.pos().y() - math.log10(point.y)) < 1e-9]  # fmt: skip
        radius = max(s.size() for s in spots) / 2
        out[point.label] = (math.hypot(dx, dy) - radius, box.height())
    return out


def test_operator_labels_sit_near_their_points(window) -> None:
    page = window.show_tab("roofline")
    page.plot.fit()
    _flush()
    window.grab()
    gaps = _gaps(page.plot)
    operators = [p.label for p in page.plot._points if not p.measured]
    assert set(gaps) == set(operators), (sorted(gaps), operators)
    far = {name: round(gap, 1) for name, (gap, height) in gaps.items() if gap > NEAR * height}
    assert not far, far
    assert check(page.plot) == []  # nearer, and still touching no line, point or label

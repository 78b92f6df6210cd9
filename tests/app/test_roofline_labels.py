"""The Roofline chart's texts never collide: no two labels overlap, no label crosses a line or a
point, and the legend covers no point and no label.

The geometry is read back from what is drawn, independently of the layout code: each visible
label's text box from its ``QGraphicsTextItem`` in scene pixels; the roofs from the curves' data,
the ridge lines, the spread bars and the markers mapped through the view; crossings tested with
``QPainterPath.intersects``. A roof's label may sit on its own roof (the line is broken under the
text), and only there. Checked at the window's default size and at 1280×720 presentation, for
several device combinations, with and without the points of a quick CPU benchmark. Before the fix
"bf16·fp16 989.5 TFLOP/s" sat on B200's line, a dashed roof struck through the A100 label, and the
legend covered measured points.
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPainterPathStroker
from PySide6.QtWidgets import QApplication

from app.main_window import MainWindow
from app.settings import Preferences
from app.theme import apply_theme, theme
from app.worker_runner import wait_detached
from core.bench.suites import build_suite
from core.roofline.ops import op_cost

CONFIGS = {
    "lecture": {},
    "all dtypes": {"all_dtypes": True},
    "vector": {"vector": True},
    "b200 vs mi300x": {"device": "b200", "compare": ["mi300x", "h100-sxm"]},
    "a100 alone": {"device": "a100-sxm", "compare": []},
}


def quick_cpu_points() -> list[dict]:
    """Points like a quick CPU benchmark's (19 cases): plausible CPU rates, some noisy."""
    points = []
    for i, case in enumerate(build_suite("quick", "cpu")):
        cost = op_cost(case.op, "fp32" if case.dtype == "tf32" else case.dtype, **case.sizes)
        rate = 60e9 * (1 + i % 3) if case.op == "matmul" else min(8e9 * cost.intensity, 30e9)
        seconds = cost.flops / rate if cost.flops else cost.bytes / 9e9
        spread = 0.6 if i % 5 == 0 else 0.04
        points.append({"op": case.op, "dtype": case.dtype, "shape": case.shape,
                       "flops": cost.flops, "bytes": cost.bytes, "seconds": seconds,
                       "spread": spread, "q1": seconds * (1 - spread / 2),
                       "q3": seconds * (1 + spread / 2), "device": "cpu",
                       "flop_rate": cost.flops / seconds, "byte_rate": cost.bytes / seconds,
                       "label": case.label})  # fmt: skip
    return points


def _flush() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()


def _stroke(path: QPainterPath) -> QPainterPath:
    """The line itself, 1 px wide (a path's ``intersects`` counts the area it would enclose)."""
    stroker = QPainterPathStroker()
    stroker.setWidth(1.0)
    return stroker.createStroke(path)


def _scene_path(plot, xs, ys) -> list[QPainterPath]:
    paths, path, started = [], QPainterPath(), False
    for x, y in zip(xs, ys, strict=True):
        if not (math.isfinite(x) and math.isfinite(y)):
            if started:
                paths.append(_stroke(path))
            path, started = QPainterPath(), False
            continue
        at = plot.view.mapViewToScene(QPointF(x, y))
        if started:
            path.lineTo(at)
        else:
            path.moveTo(at)
            started = True
    if started:
        paths.append(_stroke(path))
    return paths


def drawn(plot):
    """(label boxes, line paths with the roof key they draw, point boxes, legend box)."""
    boxes = []
    for text in plot.label_items():
        if text.isVisible():
            rect = text.textItem.sceneBoundingRect().adjusted(1.5, 1.5, -1.5, -1.5)
            boxes.append((text.toPlainText(), rect))
    lines = []
    for roof in plot.roofs():
        xs = [math.log10(x) for x in roof.xs]
        ys = [math.log10(y) for y in roof.ys]
        lines += [(roof, path) for path in _scene_path(plot, xs, ys)]
    (_, _), (y0, y1) = plot.view.viewRange()
    for line, _ in plot._ridge_lines:
        x = float(line.value())
        lines += [(None, path) for path in _scene_path(plot, [x, x], [y0, y1])]
    bx, by = plot._bars.getData()
    if bx is not None:
        for i in range(0, len(bx) - 1, 2):
            lines += [(None, p) for p in _scene_path(plot, bx[i : i + 2], by[i : i + 2])]
    points = []
    for scatter in (plot._scatter, plot._stars, plot._doubtful):
        for spot in scatter.points():
            at = plot.view.mapViewToScene(spot.pos())
            r = spot.size() / 2
            points.append(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r))
    legend = plot.legend.sceneBoundingRect() if plot.legend.items else None
    return boxes, lines, points, legend


def check(plot) -> list[str]:
    boxes, lines, points, legend = drawn(plot)
    problems = []
    view = plot.view.sceneBoundingRect()
    for i, (text, box) in enumerate(boxes):
        if not view.contains(box):
            problems.append(f"{text!r} leaves the axes")
        for other, box2 in boxes[i + 1 :]:
            if box.intersects(box2):
                problems.append(f"{text!r} overlaps {other!r}")
        for roof, path in lines:
            own = roof is not None and text in (roof.label, *getattr(roof, "short_labels", ()))
            if own or (roof is not None and any(
                    text in (r.label, *getattr(r, "short_labels", ())) and (r.xs, r.ys) == (roof.xs, roof.ys)
                    for r in plot.roofs())):  # fmt: skip
                continue
            if path.intersects(box):
                problems.append(f"{text!r} crosses {roof.key if roof else 'a line'}")
        for point in points:
            if box.intersects(point):
                problems.append(f"{text!r} covers a point at {point.center().toTuple()}")
        if legend is not None and box.intersects(legend):
            problems.append(f"{text!r} is under the legend")
    if legend is not None:
        for point in points:
            if legend.intersects(point):
                problems.append(f"the legend covers a point at {point.center().toTuple()}")
    return problems


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


@pytest.mark.parametrize("measured", [False, True], ids=["operators", "with a benchmark"])
@pytest.mark.parametrize("config", list(CONFIGS))
def test_no_label_collides(window, config: str, measured: bool) -> None:
    options = CONFIGS[config]
    page = window.show_tab("roofline")
    if "device" in options:
        window.state.set_device(options["device"])
    state = page.session_state()
    state.update({k: v for k, v in options.items() if k != "device"})
    assert page.restore_session(state) == []
    if measured:
        points = quick_cpu_points()
        window.state.measuredPoints.emit(points)
        from core.bench.this_machine import this_machine

        window.state.add_device(this_machine(points, catalog=window.state.catalog))
    page.plot.fit()
    _flush()
    window.grab()  # paint once: the labels' transforms are those drawn
    problems = check(page.plot)
    assert problems == [], problems[:6]
    shown = [t.toPlainText() for t in page.plot.label_items() if t.isVisible()]
    assert any(t.startswith("ridge") for t in shown), shown
    if not measured and config != "all dtypes":
        # Room enough for the selected roof's name; with every dtype of three devices, or a CPU
        # six decades below them, roofs lie a few pixels apart and their names may give way.
        emphasised = next(r for r in page.plot.roofs() if r.emphasis)
        assert any(
            t in (emphasised.label, *getattr(emphasised, "short_labels", ())) for t in shown
        ), shown
        assert len(shown) >= len(page.plot.label_items()) // 2, shown


def test_labels_stay_clear_when_the_view_moves(window) -> None:
    page = window.show_tab("roofline")
    window.state.measuredPoints.emit(quick_cpu_points())
    for x_range, y_range in (((-2, 5), (9, 17)), ((0, 3), (13, 16)), ((-3, 1), (8, 13))):
        page.plot.set_range(x_range, y_range)
        _flush()
        window.grab()
        assert check(page.plot) == []


def test_every_named_roof_of_the_device_keeps_its_name(window) -> None:
    """Each of the selected device's named roofs shows a label with its dtype in it (the fp8
    roof's label had given way to a bare "1.979 PFLOP/s"). On a 1280x720 slide the fp8 roof lies
    3 px under B200's and the tf32 roof's band is lower than a line of text: their names go
    farther from the line, each with a leader line to it."""
    page = window.show_tab("roofline")
    page.plot.fit()
    _flush()
    window.grab()
    shown = [t.toPlainText() for t in page.plot.label_items() if t.isVisible()]
    device = window.state.device.id
    missing = []
    for roof in page.plot.roofs():
        owner, dtype, kind = roof.key.split("/")
        if owner != device or not roof.label or kind != "tensor":
            continue
        if not any(dtype in text.replace("·", " ").split() for text in shown):
            missing.append(f"{dtype} ({roof.label!r})")
    assert not missing, f"unnamed roofs: {missing}; shown: {shown}"
    # A name set off its line has a leader from the text's edge to that line, crossing no label.
    boxes = {id(t): page.plot.label_rect(t) for t in page.plot.label_items() if t.isVisible()}
    roofs = {id(t): roof for t, roof in page.plot._roof_labels}
    for key, (x, edge, line_y) in page.plot._leaders.items():
        box = boxes[key]
        assert box is not None and box[0] < x < box[2]
        assert edge in (box[1], box[3])
        roof = roofs[key]
        at = page.plot.view.mapViewToScene(QPointF(0.0, math.log10(roof.ys[-1])))
        assert abs(at.y() - line_y) < 0.5
        low, high = sorted((edge, line_y))
        for other, rect in boxes.items():
            if other != key and rect is not None:
                assert not (rect[0] < x < rect[2] and rect[1] < high and low < rect[3]), roof.key


def test_a_quick_suite_keeps_the_operators_names_and_the_bound_column(window) -> None:
    """After Benchmark > Run quick suite (its 19 points injected as the benchmark delivers
    them), the lecture operators keep their labels (24 points had left only the selected one
    named; on a slide, axes squeezed to 180 px had left half of them unnamed) and, at the default size, the table keeps its Bound column (a doubtful point's
    reasons in the cell, and the long measured titles, had pushed it out)."""
    page = window.show_tab("roofline")
    operators = [p.label for p in page.plot._points if not p.measured]
    points = quick_cpu_points()
    window.state.measuredPoints.emit(points)
    from core.bench.this_machine import this_machine

    window.state.add_device(this_machine(points, catalog=window.state.catalog))
    page.plot.fit()
    _flush()
    window.grab()
    assert len(page.plot._points) > 16  # past MAX_POINT_LABELS: the case that lost the names
    shown = {t.toPlainText() for t in page.plot.label_items() if t.isVisible()}
    missing = [name for name in operators if name not in shown]
    # On a slide too: the axes keep their height (the table scrolls) and a label finds room
    # across the neighbouring roofs (its candidates go out in rings, every 15 degrees).
    assert not missing, (missing, sorted(shown))
    assert check(page.plot) == []
    table = page.table
    titles = [
        table.model().headerData(c, Qt.Orientation.Horizontal) for c in range(table.columnCount())
    ]
    bound = titles.index("Bound")
    if window.current_theme.scale == 1.0:  # 1280x720 slides show Point, FLOP/byte, FLOP/s, Time
        assert not table.isColumnHidden(bound)
    # Every doubtful row says so in Bound and why in its tooltip.
    for row in range(table.rowCount()):
        if "⚠" in table.item(row, 5).text():
            assert table.item(row, bound).text() == "measured, doubtful"
            assert (
                "noisy" in table.item(row, 0).toolTip() or "ceiling" in table.item(row, 0).toolTip()
            )

"""Plan widgets: the ranked table against core/plan's search, sorting on raw figures, the chart's
click selection, the stacked bars' segments and the inputs' validation."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QTableView

from core.plan import Constraints, search
from core.plan.options import planned_input
from widgets.plan import (
    CandidateFilter,
    CandidateModel,
    PlanChart,
    PlanInputs,
    Point,
    Segment,
    Series,
    StackedBar,
)
from widgets.plan.table import COLUMNS


@pytest.fixture(scope="module")
def found():
    """A searched plan of a small model (one 4,096-wide layer traced once), fitting and not."""
    inp, _ = planned_input(
        dims="layers=8,hidden=4096,heads=32,vocab=32000", seq=4096, global_batch=64,
        device="a100-sxm-40gb", gpus=8, intra_bw="300e9", network_bw="25e9",
    )  # fmt: skip
    return search(inp, Constraints(include_unfit=True), top=40)


def _column(name: str) -> int:
    return COLUMNS.index(name)


def test_rows_are_the_search_results_in_rank_order(found) -> None:
    model = CandidateModel()
    model.set_results(found)
    assert model.rowCount() == len(found)
    for row, res in enumerate(found):
        assert model.data(model.index(row, _column("rank"))) == str(row + 1)
        assert model.data(model.index(row, _column("layout"))) == res.layout.label()
        assert model.data(model.index(row, _column("mfu"))) == f"{res.mfu:.1%}"
        assert model.data(model.index(row, _column("hfu"))) == f"{res.hfu:.1%}"
        assert (
            model.data(model.index(row, _column("step")), Qt.ItemDataRole.UserRole)
            == res.step_time_s
        )
        assert str(res.limits) == model.data(model.index(row, _column("limits")))  # English here
        if (
            res.fits
        ):  # the layout's tooltip also says what limits it (a narrow table hides that column)
            tip = model.data(model.index(row, _column("layout")), Qt.ItemDataRole.ToolTipRole)
            assert tip == f"{res.summary()}\nLimited by {res.limits}"


def test_sorting_uses_the_raw_figures_and_unfit_rows_are_hidden_unless_asked(found) -> None:
    model, proxy = CandidateModel(), CandidateFilter()
    proxy.setSourceModel(model)
    model.set_results(found)
    fits = [r for r in found if r.fits]
    assert 0 < len(fits) < len(found)  # the fixture has both kinds
    assert proxy.rowCount() == len(fits)
    proxy.set_show_unfit(True)
    assert proxy.rowCount() == len(found)
    proxy.sort(_column("memory"), Qt.SortOrder.AscendingOrder)
    shown = [proxy.data(proxy.index(r, _column("layout"))) for r in range(proxy.rowCount())]
    expected = [r.layout.label() for r in sorted(found, key=lambda r: r.memory.peak)]
    assert [s for s in shown] == expected
    proxy.sort(_column("mfu"), Qt.SortOrder.DescendingOrder)
    mfus = [proxy.data(proxy.index(r, _column("mfu")), Qt.ItemDataRole.UserRole)
            for r in range(proxy.rowCount())]  # fmt: skip
    assert mfus == sorted((r.mfu for r in found), reverse=True)


def test_unfit_rows_are_greyed_with_their_reason(found) -> None:
    model = CandidateModel()
    model.set_grey("#8a8f98")
    model.set_results(found)
    row = next(i for i, r in enumerate(found) if not r.fits)
    brush = model.data(model.index(row, 1), Qt.ItemDataRole.ForegroundRole)
    assert brush is not None and brush.color().name() == "#8a8f98"
    assert model.data(model.index(row, 1), Qt.ItemDataRole.ToolTipRole) == str(found[row].reason)
    fit_row = next(i for i, r in enumerate(found) if r.fits)
    assert model.data(model.index(fit_row, 1), Qt.ItemDataRole.ForegroundRole) is None


def _plain(label) -> str:
    """What a rich-text label shows, as plain text (non-breaking spaces as spaces)."""
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText().replace("\u00a0", " ")


def _series(n: int = 5) -> Series:
    points = tuple(Point(1e10 * (i + 1), 1000.0 + 50 * i, i < 4, f"p{i}") for i in range(n))
    return Series("B", points, 4.5e10, "45 GB")


def test_clicking_a_point_selects_it(qtbot) -> None:
    chart = PlanChart()
    qtbot.addWidget(chart)
    chart.resize(600, 400)
    chart.show()
    chart.set_current(_series())
    qtbot.waitExposed(chart)
    x, y = chart.point_position(2)
    plot = chart.plot
    scene = plot.getPlotItem().vb.mapViewToScene(QPointF(x, y))
    where = plot.mapFromScene(scene)
    with qtbot.waitSignal(chart.pointClicked, timeout=2000) as signal:
        qtbot.mouseClick(plot.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert signal.args == [2]
    assert chart.selected() == 2


def test_selection_from_code_rings_one_point_and_ignores_bad_indexes(qtbot) -> None:
    chart = PlanChart()
    qtbot.addWidget(chart)
    chart.set_current(_series())
    chart.select(3)
    assert chart.selected() == 3
    chart.select(99)
    assert chart.selected() is None
    chart.set_pinned(Series("A", _series().points[:2], 8e10, "80 GB"))
    shown = _plain(chart.legend)
    assert chart.pinned() is not None and "A" in shown
    assert "B" in shown and "45 GB" in shown and "80 GB" in shown


def test_the_empty_chart_says_what_planning_shows_and_hides_meaningless_ticks(qtbot) -> None:
    chart = PlanChart()
    qtbot.addWidget(chart)
    axes = [chart.plot.getPlotItem().getAxis(n) for n in ("left", "bottom")]
    assert "Plan to see every layout" in chart.message.toPlainText()
    assert not any(axis.style["showValues"] for axis in axes)
    chart.set_current(_series())
    assert chart.message.toPlainText() == ""
    assert all(axis.style["showValues"] for axis in axes)
    chart.set_current(None)  # a new plan started, or its inputs were refused
    assert "Plan to see every layout" in chart.message.toPlainText()


def test_an_empty_bar_draws_no_frame(qtbot) -> None:
    from PySide6.QtGui import QColor, QImage

    bar = StackedBar()
    qtbot.addWidget(bar)
    bar.set_colours({"compute": "#ff0000"}, "#000000")
    bar.resize(300, 40)

    def dark_pixels() -> int:
        image = QImage(bar.strip.size(), QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        bar.strip.render(image)
        return sum(image.pixelColor(x, y).lightness() < 128
                   for x in range(image.width()) for y in range(image.height()))  # fmt: skip

    bar.clear()
    assert dark_pixels() == 0  # nothing planned: no empty frame
    bar.set_segments("Step 1 s", [Segment("compute", 1.0, "1 s")])
    assert dark_pixels() > 0


def test_the_legend_escapes_names_that_look_like_html(qtbot) -> None:
    chart = PlanChart()
    qtbot.addWidget(chart)
    chart.set_current(Series("<img src=x>", _series().points, 1e10, "<b>x</b>"))
    assert "<img" not in chart.legend.text() and "<b>" not in chart.legend.text()
    assert "<img src=x>" in _plain(chart.legend) and "<b>x</b>" in _plain(chart.legend)


def test_the_bar_shows_its_segments_and_leaves_empty_ones_out_of_the_legend(qtbot) -> None:
    bar = StackedBar()
    qtbot.addWidget(bar)
    bar.set_names({"compute": "compute", "bubble": "bubble", "tp_comm": "TP"})
    bar.set_colours({"compute": "#111111", "bubble": "#222222", "tp_comm": "#333333"}, "#000000")
    segments = [Segment("compute", 2.0, "2 s"), Segment("tp_comm", 0.0, "0 s"),
                Segment("bubble", 0.5, "0.5 s")]  # fmt: skip
    bar.set_segments("Step 2.5 s", segments)
    assert bar.segments() == segments
    text = _plain(bar.legend)
    assert "compute 2 s" in text and "bubble 0.5 s" in text and "TP" not in text
    assert (
        "#222222" in bar.legend.text()
        and bar.title() == "Step 2.5 s"
        and "Step 2.5 s" in _plain(bar.legend)
    )


def test_inputs_validate_under_the_field_and_keep_the_last_good_value(qtbot) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    panel.fields["seq"].setText("4k")
    assert panel.fields["seq"].isValid() and panel.fields["seq"].value() == 4000
    panel.fields["seq"].setText("abc")
    assert not panel.fields["seq"].isValid() and "seq" in panel.fields["seq"].errorText()
    assert panel.fields["seq"].value() == 4000
    assert panel.problems() and "seq" in panel.problems()[0]
    panel.fields["tp"].setText("0")
    assert not panel.fields["tp"].isValid()
    panel.fields["tp"].setText("")
    assert panel.layout_options()["tp"] is None  # empty: searched


def test_a_model_that_is_no_transformer_is_refused_under_the_box(qtbot) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_model("mlp:d=64,layers=2")
    assert panel.model_error.isVisible() and "transformer" in panel.model_error.text()
    panel.set_model("layers=2,hidden=64,heads=4")
    assert not panel.model_error.isVisible()
    assert panel.options()["dims"] == "layers=2,hidden=64,heads=4"
    assert panel.options()["model"] is None


def test_links_follow_the_device_until_typed_over_and_reset(qtbot) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    panel.set_device("H100", 450e9, 50e9)
    assert panel.fields["intra_bw"].text() == "450 GB/s" and panel.options()["intra_bw"] is None
    panel.fields["intra_bw"].lineEdit().setText("300G")
    panel.fields["intra_bw"].lineEdit().textEdited.emit("300G")
    panel.set_device("B200", 900e9, 50e9)
    assert panel.fields["intra_bw"].text() == "300G" and panel.links_edited
    assert panel.options()["intra_bw"] == "300G"
    with qtbot.waitSignal(panel.clusterChanged):
        panel.reset_link_fields()
    assert panel.fields["intra_bw"].text() == "900 GB/s" and not panel.links_edited


def test_the_error_of_a_field_goes_under_its_page(qtbot) -> None:
    panel = PlanInputs()
    qtbot.addWidget(panel)
    panel.show()
    assert panel.show_error("gpus: 1,001 GPUs do not fill whole nodes", "gpus")
    assert panel.errors["cluster"].isVisible() and panel.pages.currentIndex() == 1
    assert panel.show_error("tp: 3 does not divide", "tp") and panel.pages.currentIndex() == 2
    assert not panel.errors["cluster"].isVisible()
    assert not panel.show_error("something else", "nothing")
    panel.show_error(None)
    assert not any(label.isVisible() for label in panel.errors.values())


def test_a_table_view_of_the_model_sorts_by_clicking_a_header(qtbot, found) -> None:
    model, proxy = CandidateModel(), CandidateFilter()
    proxy.setSourceModel(model)
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(proxy)
    view.setSortingEnabled(True)
    model.set_results(found)
    view.sortByColumn(_column("tokens"), Qt.SortOrder.DescendingOrder)
    first = proxy.data(proxy.index(0, _column("tokens")), Qt.ItemDataRole.UserRole)
    assert first == max(r.tokens_per_s for r in found if r.fits)


def test_the_memory_cell_gives_the_unit_once_when_both_share_it() -> None:
    from core.units import format_bytes
    from widgets.plan.table import _memory_text

    # format_bytes (core) gives each figure; the cell only drops the repeated unit.
    assert format_bytes(74.46e9, 3) == "74.5 GB" and format_bytes(80e9, 3) == "80 GB"
    assert _memory_text(74.46e9, 80e9) == "74.5 / 80 GB"
    assert _memory_text(512e6, 80e9) == "512 MB / 80 GB"


@pytest.mark.parametrize(
    ("key", "raw"),
    [
        ("step", lambda r: r.step_time_s),
        ("tokens", lambda r: r.tokens_per_s),
        ("mfu", lambda r: r.mfu),
        ("hfu", lambda r: r.hfu),
        ("memory", lambda r: r.memory.peak),
        ("layout", lambda r: r.layout.label()),
    ],
)
def test_every_column_sorts_on_its_own_raw_value(qtbot, found, key, raw) -> None:
    """Each column's sort value is the result's own figure (read from the result here)."""
    model, proxy = CandidateModel(), CandidateFilter()
    proxy.setSourceModel(model)
    proxy.set_show_unfit(True)
    model.set_results(found)
    proxy.sort(_column(key), Qt.SortOrder.AscendingOrder)
    shown = [proxy.data(proxy.index(r, _column(key)), Qt.ItemDataRole.UserRole)
             for r in range(proxy.rowCount())]  # fmt: skip
    assert shown == sorted(raw(r) for r in found)

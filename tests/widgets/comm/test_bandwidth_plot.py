"""The bandwidth plot draws what it is given: one curve per series plus the database's line."""

from __future__ import annotations

from core.comm.results import CollectiveSeries
from widgets.comm import BandwidthPlot, CollectivesDialog

SERIES = CollectiveSeries(
    "all_reduce", 2, "gloo", (1024.0, 2048.0), (1e6, 3e6), (1e6, 3e6), all_correct=True
)


def test_curves_and_reference(qtbot):
    plot = BandwidthPlot()
    qtbot.addWidget(plot)
    plot.setSeries([SERIES])
    plot.setReference("H100 NVLink (database)", 450e9)
    curves = plot.curves()
    assert curves["all_reduce, 2 ranks, gloo"] == ([1024.0, 2048.0], [1e6, 3e6])
    assert curves["H100 NVLink (database)"] == ([1024.0, 2048.0], [450e9, 450e9])
    plot.setReference("none", None)
    assert set(plot.curves()) == {"all_reduce, 2 ranks, gloo"}


def test_dialog_lists_problems(qtbot):
    dialog = CollectivesDialog([SERIES], ("no interconnect in the database", None), ["line 3: x"])
    qtbot.addWidget(dialog)
    assert dialog.problems.text() == "line 3: x" and not dialog.problems.isHidden()
    assert "no interconnect" in dialog.note.text()


def test_axes_legend_and_note_follow_the_language(qtbot):
    from app.i18n import language_manager

    assert language_manager().install("zh_CN") is None
    try:
        series = CollectiveSeries("all_reduce", 2, "gloo", (1024.0,), (1e6,), (1e6,), False)
        dialog = CollectivesDialog([series], ("H100 has no interconnect bandwidth", None))
        qtbot.addWidget(dialog)
        plot = dialog.plot.plot
        assert plot.getAxis("left").labelText == "总线带宽（字节/秒）"
        assert plot.getAxis("bottom").labelText == "消息大小（字节）"
        names = [label.text for _sample, label in dialog.plot.legend.items]
        assert names == ["all_reduce，2 个进程，gloo（结果错误）"]
        assert "环算法因子" in dialog.note.text() and dialog.windowTitle() == "集合通信实测"
        assert list(dialog.plot.curves()) == ["all_reduce, 2 ranks, gloo"]  # keys stay English
    finally:
        language_manager().install("en")

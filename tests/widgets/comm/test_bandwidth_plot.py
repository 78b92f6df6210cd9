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

"""The block-scaling histogram shows its tallest bar whole (log10(count + 1) on a log axis)."""

from __future__ import annotations

import numpy as np

from widgets.dtypes.block_plots import BlockPlots


def test_tallest_bar_is_inside_the_view(qtbot) -> None:
    plots = BlockPlots()
    qtbot.addWidget(plots)
    edges = np.linspace(-1, 1, 6)
    counts = [("nvfp4", np.array([0, 3, 4000, 2, 0])), ("fp8", np.array([0, 1, 10, 1, 0]))]
    plots.setData(edges, counts, np.ones(4), np.zeros(4), 0)
    item = plots.hist
    top = item.getViewBox().viewRange()[1][1]
    tallest = max(float(np.nanmax(c.yData)) for c in item.listDataItems())
    assert tallest == np.log10(4001) and tallest <= top

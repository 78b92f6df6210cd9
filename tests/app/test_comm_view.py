"""The Devices menu opens a collectives file and plots it beside the selected device's link."""

from __future__ import annotations

import json

import pytest

from app.comm_view import show_collectives
from app.main_window import MainWindow
from app.settings import Preferences


@pytest.fixture
def window(qtbot):
    win = MainWindow(preferences=Preferences(ephemeral=True))
    qtbot.addWidget(win)
    return win


def test_menu_has_the_action(window):
    texts = [a.text() for a in window.actions()]
    assert "Open &collectives benchmark…" in texts


def test_a_file_is_plotted_against_the_database(window, tmp_path, qtbot):
    window.state.set_device("h100-sxm")
    row = {"op": "all_gather", "bytes": 4096, "time_s": 1e-3, "algbw": 4.096e6, "busbw": 2.048e6}
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(row | {"world_size": 2, "backend": "gloo"}) + "\n")
    dialog = show_collectives(window, str(path))
    assert dialog is not None
    qtbot.addWidget(dialog)
    curves = dialog.plot.curves()
    assert curves["all_gather, 2 ranks, gloo"] == ([4096.0], [2.048e6])
    (reference,) = [k for k in curves if "database" in k]
    assert curves[reference][1] == [450e9, 450e9]

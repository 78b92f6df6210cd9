"""A user's own device can state its interconnect in the device dialog (issue 14)."""

from __future__ import annotations

from core.roofline.hardware import load_catalog
from widgets.device_dialog import DeviceDialog


def test_links_start_from_the_device_and_reach_the_entry(qtbot):
    start = load_catalog([]).get("h100-sxm")
    dialog = DeviceDialog(start=start)
    qtbot.addWidget(dialog)
    assert dialog.links["intra_node_bandwidth"].text() == "4.5e+11"
    dialog.links["inter_node_bandwidth"].setText("25e9")
    dialog.try_accept()
    device = dialog.device()
    assert device is not None and device.user_defined
    assert (device.intra_node_bandwidth, device.inter_node_bandwidth) == (450e9, 25e9)


def test_empty_means_unknown_and_a_bad_value_is_named(qtbot):
    dialog = DeviceDialog(start=load_catalog([]).get("l4"))
    qtbot.addWidget(dialog)
    dialog.links["intra_node_bandwidth"].setText("")
    dialog.try_accept()
    assert dialog.device() is not None and dialog.device().intra_node_bandwidth is None
    dialog = DeviceDialog()
    qtbot.addWidget(dialog)
    dialog.links["inter_node_bandwidth"].setText("-1")
    dialog.try_accept()
    assert "Network per GPU" in dialog.problem.text() and dialog.device() is None

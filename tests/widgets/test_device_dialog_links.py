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


def test_a_variant_keeps_its_chip_and_is_calibrated_as_it(qtbot):
    """Issue 38 item 7: an H100 with 96 GB (a deployed variant) started from the H100 SXM is that
    chip: the plan takes the H100's measured efficiencies, on the memory typed here."""
    from core.roofline.achievable import calibration
    from core.roofline.hardware import device_from_dict

    start = load_catalog([]).get("h100-sxm")
    dialog = DeviceDialog(start=start)
    qtbot.addWidget(dialog)
    assert dialog.same_chip.isChecked() and "h100-sxm" in dialog.same_chip.text()
    dialog.memory.setText("96e9")
    dialog.try_accept()
    device = dialog.device()
    assert device is not None and device.capacity_bytes == 96e9
    assert device.extra["variant_of"] == "h100-sxm"
    assert dict(calibration(device).values) == dict(calibration(start).values)
    # It is saved and read back as a variant of the same chip.
    assert device_from_dict(device.to_dict(), user_defined=True).extra["variant_of"] == "h100-sxm"
    # Unticked, it is a device of its own (the family's medians, not the H100's figures).
    dialog = DeviceDialog(start=start)
    qtbot.addWidget(dialog)
    dialog.same_chip.setChecked(False)
    dialog.try_accept()
    assert "variant_of" not in dialog.device().extra

"""The fractions dialog accepts only what the calibration file's reader accepts: a value under
the JSON reader's smallest magnitude is refused in its cell, and nothing is written."""

from __future__ import annotations

from core.roofline.achievable import read_overrides, user_calibration_path
from core.roofline.hardware import load_catalog
from core.safe_io import NUMBER_RANGE
from widgets.fractions_dialog import FractionsDialog


def test_a_tiny_value_is_refused_in_the_dialog_and_never_saved(qtbot) -> None:
    dialog = FractionsDialog(load_catalog().get("v100"))
    qtbot.addWidget(dialog)
    problem = dialog.edit("gemm_k_overhead", "5e-324")
    assert problem is not None and "gemm_k_overhead" in problem
    assert f"{NUMBER_RANGE[0]:g}" in problem
    assert dialog.save() is False and not user_calibration_path().exists()
    assert dialog.edit("gemm_k_overhead", "3") is None
    assert dialog.save() is True
    overrides, trouble = read_overrides(user_calibration_path())
    assert trouble == "" and overrides["v100"]["gemm_k_overhead"][0] == 3

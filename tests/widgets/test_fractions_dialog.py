"""The achievable-fractions dialog: rows with sources, a typed value checked per cell (the files'
message), Save and Reset through the person's file, with the ``saved`` signal."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from core.roofline.achievable import FIELDS, read_overrides, user_calibration_path
from core.roofline.hardware import load_catalog
from widgets.fractions_dialog import COLUMNS, FractionsDialog

VALUE, ORIGIN = COLUMNS.index("value"), COLUMNS.index("origin")


@pytest.fixture
def dialog(qtbot) -> FractionsDialog:
    d = FractionsDialog(load_catalog().get("h100-sxm"))
    qtbot.addWidget(d)
    d.show()
    return d


def _row(dialog: FractionsDialog, field: str) -> int:
    return next(i for i, r in enumerate(dialog.rows) if r.field == field)


def test_every_field_is_listed_with_its_source(dialog: FractionsDialog) -> None:
    assert dialog.table.rowCount() == len(FIELDS)
    i = _row(dialog, "gemm_efficiency")
    row = dialog.rows[i]
    assert dialog.table.item(i, VALUE).text() == row.text and row.source
    assert dialog.table.item(i, COLUMNS.index("source")).text()
    assert dialog.table.item(i, VALUE).flags() & Qt.ItemFlag.ItemIsEditable
    table = _row(dialog, "attention_kernels")
    assert not dialog.table.item(table, VALUE).flags() & Qt.ItemFlag.ItemIsEditable
    assert "allowed: a number from 0.01 to 1" in dialog.table.item(i, VALUE).toolTip()
    for button in (dialog.save_button, dialog.reset_button, dialog.close_button):
        assert button.toolTip()
    assert not dialog.save_button.isEnabled()  # nothing typed yet


def test_a_bad_cell_says_what_is_allowed_and_blocks_save(dialog: FractionsDialog) -> None:
    i = _row(dialog, "gemm_efficiency")
    dialog.table.item(i, VALUE).setText("1.5")  # as if typed in the cell
    assert "gemm_efficiency = 1.5; allowed: a number from 0.01 to 1" in dialog.problem.text()
    assert dialog.problem.isVisibleTo(dialog) and not dialog.save_button.isEnabled()
    assert dialog.save() is False and not user_calibration_path().exists()
    assert dialog.edit("sm_count", "13.5") == "h100-sxm: sm_count = 13.5; allowed: a whole number"
    assert dialog.edit("gemm_efficiency", dialog.rows[i].text) is None  # typed back: no change
    assert dialog.edit("sm_count", "132") is None
    assert not dialog.problem.isVisibleTo(dialog) and dialog.pending() == {}


def test_save_writes_marks_and_emits_then_reset_clears(qtbot, dialog: FractionsDialog) -> None:
    path = user_calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    theirs = {"schema_version": 1, "devices": {"a100-sxm": {"gemm_efficiency": 0.8}}}
    path.write_text(json.dumps(theirs))
    dialog.reload()
    assert dialog.edit("gemm_efficiency", "0.75") is None
    assert dialog.edit("gemm_tile", "128x128") is None
    assert dialog.save_button.isEnabled()
    with qtbot.waitSignal(dialog.saved, timeout=2000) as blocker:
        dialog.save_button.click()
    assert blocker.args == ["h100-sxm"]
    found, problem = read_overrides()
    assert problem == "" and found["h100-sxm"]["gemm_efficiency"][0] == 0.75
    assert found["h100-sxm"]["gemm_tile"][0] == (128, 128) and "a100-sxm" in found
    i = _row(dialog, "gemm_efficiency")
    assert dialog.rows[i].overridden and dialog.table.item(i, VALUE).font().bold()
    assert dialog.table.item(i, ORIGIN).text().startswith("●")
    assert not dialog.table.item(_row(dialog, "sm_count"), ORIGIN).text().startswith("●")
    with qtbot.waitSignal(dialog.saved, timeout=2000):
        dialog.reset_button.click()
    assert not dialog.rows[i].overridden
    assert set(read_overrides()[0]) == {"a100-sxm"}


def test_a_bad_file_is_shown_and_kept(qtbot, dialog: FractionsDialog) -> None:
    path = user_calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{oops")
    dialog.reload()
    assert "ignored" in dialog.problem.text()
    dialog.edit("gemm_efficiency", "0.7")
    with qtbot.assertNotEmitted(dialog.saved):
        assert dialog.save() is False
        assert dialog.reset_device() is False
    assert "it was not changed" in dialog.problem.text()
    assert path.read_text() == "{oops"


def test_another_device_drops_the_edits(dialog: FractionsDialog) -> None:
    dialog.edit("gemm_efficiency", "0.7")
    dialog.set_device(load_catalog().get("a100-sxm"))
    assert dialog.pending() == {} and "a100-sxm" in dialog.title.text()

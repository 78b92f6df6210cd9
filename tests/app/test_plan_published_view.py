"""The Plan tab's "Published runs" view: a device's runs checked in the background, the errors in
a table under a summary whose MAPE the test recomputes from the rows, stale after a device change,
cancel, and a device without runs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.state import AppState
from app.tabs.plan_published import PublishedView
from app.tabs.plan_tab import PlanPage
from widgets.plan.published import PUBLISHED_COLUMNS

pytest.importorskip("torch")


@pytest.fixture
def view(qtbot) -> PublishedView:
    state = AppState()
    v = PublishedView(state)
    qtbot.addWidget(v)
    v.resize(1000, 500)
    v.show()
    return v


def _wait(view: PublishedView, qtbot) -> None:
    qtbot.waitUntil(lambda: not view.runner.is_running(), timeout=120_000)
    qtbot.waitUntil(view.check_button.isEnabled, timeout=5_000)


def test_a_devices_runs_their_errors_and_summary(view: PublishedView, qtbot) -> None:
    view._state.set_device("a100-sxm-40gb")
    view.mark_stale()  # what the Plan tab does on the state's deviceChanged
    assert "NVIDIA A100 SXM4 40GB" in view.summary.text()
    assert view.start()
    assert not view.check_button.isEnabled() and view.cancel_button.isEnabled()
    _wait(view, qtbot)
    model = view.model
    assert model.rowCount() == 3
    errors = []
    for row in range(3):
        published = model.index(row, PUBLISHED_COLUMNS.index("published")).data(
            Qt.ItemDataRole.UserRole
        )
        predicted = model.index(row, PUBLISHED_COLUMNS.index("predicted")).data(
            Qt.ItemDataRole.UserRole
        )
        error = predicted / published - 1
        cell = model.index(row, PUBLISHED_COLUMNS.index("error"))
        assert cell.data() == f"{error:+.1%}"
        view.set_warn("#ff0000")
        brush = cell.data(Qt.ItemDataRole.ForegroundRole)
        assert (brush is not None) == (abs(error) > 0.20)
        errors.append(abs(error))
    mape = sum(errors) / 3
    text = view.summary.text()
    assert f"MAPE {mape:.1%}" in text and "3 published runs" in text
    assert "MPT Training Benchmarks" in view.summary.toolTip()
    tip = model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "llm-foundry" in tip and "Layout planned" in tip
    # Another device: the checks shown no longer answer for it, and the summary says so.
    view._state.set_device("h100-sxm")
    view.mark_stale()
    assert "check again for NVIDIA H100 SXM5 80GB" in view.summary.text()
    view._state.set_device("a100-sxm-40gb")
    view.mark_stale()
    assert "check again" not in view.summary.text() and f"MAPE {mape:.1%}" in view.summary.text()
    view.mark_stale(calibration=True)  # a calibration change: stale even on the same device
    assert "check again" in view.summary.text()


def test_a_calibration_change_during_a_check_leaves_it_stale(view: PublishedView, qtbot) -> None:
    view._state.set_device("a100-sxm-40gb")
    assert view.start()
    view.mark_stale(calibration=True)  # some runs may be planned before the change
    _wait(view, qtbot)
    assert view.model.rowCount() == 3 and "check again" in view.summary.text()


def test_cancel_says_so_and_keeps_the_buttons_usable(view: PublishedView, qtbot) -> None:
    view._state.set_device("a100-sxm-40gb")
    assert view.start()
    view.cancel()
    _wait(view, qtbot)
    assert "Cancelled" in view.summary.text()
    assert view.model.rowCount() == 0 and not view.progress.isVisible()


def test_a_device_without_runs_says_which_have_them(view: PublishedView, qtbot) -> None:
    view._state.set_device("rtx-4090")
    view.mark_stale()
    assert "No published run used NVIDIA GeForce RTX 4090" in view.summary.text()
    assert view.start()
    _wait(view, qtbot)
    assert "h100-sxm" in view.summary.text() and "rtx-4090" in view.summary.text()
    view.all_box.setChecked(True)
    assert "all devices" in view.summary.text()


def test_a_language_switch_keeps_the_view_shown(qtbot) -> None:
    old = PlanPage(AppState())
    qtbot.addWidget(old)
    old.views.setCurrentIndex(3)  # nothing planned or checked yet
    new = PlanPage(old._state)
    qtbot.addWidget(new)
    new.take_over(old.carried_state())
    assert new.views.currentIndex() == 3
    old.shutdown()
    new.shutdown()


def test_the_plan_tab_has_the_view(qtbot) -> None:
    page = PlanPage(AppState())
    qtbot.addWidget(page)
    assert page.views.tabText(3) == "Published runs"
    assert page.views.widget(3) is page.published
    assert page.views.tabToolTip(3)
    page._state.set_device("rtx-4090")  # the tab tells the view: its idle line names the device
    assert "RTX 4090" in page.published.summary.text()
    page.shutdown()


def test_a_language_switch_keeps_the_checks(qtbot, tmp_path) -> None:
    from core.plan.validation import RunCheck

    checks = [
        RunCheck("run-a", "Source A", "https://a", "a100-sxm-40gb", 8, 100.0, 125.0, 0.5,
                 "TP 1", "compute", True, "as reported"),
        RunCheck("run-b", "Source B", "https://b", "a100-sxm-40gb", 16, 200.0, 190.0, 0.4,
                 "TP 2", "compute", False, "as reported"),
    ]  # fmt: skip
    old = PlanPage(AppState())
    qtbot.addWidget(old)
    old._state.set_device("a100-sxm-40gb")
    old.published.take_over({"checks": checks, "device": "a100-sxm-40gb", "all": False})
    carried = old.carried_state()
    assert carried is not None and carried["job"] is None  # kept although nothing was planned
    new = PlanPage(old._state)
    qtbot.addWidget(new)
    new.take_over(carried)
    model = new.published.model
    assert model.rowCount() == 2 and model.index(1, 0).data() == "run-b"
    assert model.index(0, 4).data() == "+25.0%" and "(does not fit)" in model.index(1, 5).data()
    # MAPE of +25 % and -5 %: 15 %; worded again, for the device the checks were run on.
    text = new.published.summary.text()
    assert "MAPE 15.0%" in text and "NVIDIA A100 SXM4 40GB" in text and "check again" not in text
    assert "Source B" in new.published.summary.toolTip()
    # CSV: the runs as shown; a folder as the target is one message, the checks stay.
    assert new.published.csv_button.isEnabled()
    assert new.published.write_csv(str(tmp_path / "runs.csv"))
    lines = (tmp_path / "runs.csv").read_text().splitlines()
    assert len(lines) == 3 and lines[1].startswith("run-a,a100-sxm-40gb,8,100.0,125.0,0.25")
    assert "runs.csv" in new.published.summary.text()
    assert not new.published.write_csv(str(tmp_path))
    assert new.published.model.rowCount() == 2 and str(tmp_path) in new.published.summary.text()
    old.shutdown()
    new.shutdown()


def test_a_double_click_opens_the_runs_source(view: PublishedView, monkeypatch) -> None:
    from PySide6.QtGui import QDesktopServices

    from core.plan.validation import RunCheck

    opened: list[str] = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", lambda url: opened.append(url.toString()) or True
    )
    checks = [
        RunCheck("run-a", "A", "https://example.org/a", "h100-sxm", 8, 100.0, 110.0, 0.5,
                 "TP 1", "compute", True, "as reported"),
        RunCheck("run-b", "B", "", "h100-sxm", 8, 100.0, 90.0, 0.5, "TP 1", "compute", True, ""),
    ]  # fmt: skip
    view.take_over({"checks": checks, "device": "h100-sxm", "all": False})
    assert view.open_source(view.proxy.index(0, 3))
    assert opened == ["https://example.org/a"]
    assert not view.open_source(view.proxy.index(1, 0))  # no source address: nothing opens
    assert opened == ["https://example.org/a"]
    assert "Double-click" in view.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)

"""The Plan tab's "Published runs" view: how close the plan came to real runs on this device.

"Check" plans every published run the model is checked against (:mod:`core.plan.validation`; the
runs of the toolbar's device only, unless "All devices" is ticked) in the background, with
progress and Cancel, and shows the errors run by run in a sortable table under one summary line
(the MAPE, the median, how many runs are within ±20 %, the signed mean, and per source). A change
of device or calibration makes a shown check stale: the summary says so until it is run again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.layout_audit import ELIDE_OK
from app.published_worker import ChecksRunner
from app.state import AppState
from core.errors import InputError
from widgets.i18n import translate
from widgets.plan import PublishedModel
from widgets.rich_text import plain_tip
from widgets.table_fit import ColumnFitter

__all__ = ["PublishedView"]

#: Columns from most to least important (the rest hide when narrow).
_PRIORITY = (0, 4, 2, 3, 1, 5)


class PublishedView(QWidget):
    """Check the plan against the published runs; the summary above, the runs below."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self._checked_device: str | None = None  # what the shown checks are for ("" = all)
        self._checking = ""  # the scope of the check running (a device id, "" = all)
        self._recalibrated = False  # a calibration changed since the checks shown were run
        self._recalibrated_running = False  # one changed since the running check started
        self._arrived = False  # checks arrived from the running job (shown when it finishes)
        self.check_button = QPushButton(translate("PlanPublished", "Check"))
        self.check_button.setToolTip(
            translate(
                "PlanPublished",
                "Plan each published training run the plan is checked against, as its source "
                "ran it, with this device's calibration as it stands, and compare with its "
                "published throughput",
            )
        )
        self.check_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(translate("PlanPublished", "Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.csv_button = QPushButton(translate("PlanPublished", "CSV…"))
        self.csv_button.setToolTip(
            translate("PlanPublished", "Export the runs checked, with their errors, as CSV")
        )
        self.csv_button.setEnabled(False)
        self.csv_button.clicked.connect(self._export_csv)
        self.all_box = QCheckBox(translate("PlanPublished", "All devices"))
        self.all_box.setToolTip(
            translate("PlanPublished", "Every published run, not only the toolbar device's")
        )
        self.all_box.toggled.connect(self._scope_changed)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setVisible(False)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.model = PublishedModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        # Unsorted until a header is clicked: the runs stay grouped by source, as the file has them.
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalScrollBar().setProperty(ELIDE_OK, True)  # up to 68 runs scroll
        self.table.doubleClicked.connect(self.open_source)
        self.fitter = ColumnFitter(self.table, _PRIORITY)
        row = QHBoxLayout()
        row.addWidget(self.check_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.all_box)
        row.addWidget(self.progress, 1)
        row.addStretch(1)  # the buttons keep their width while the progress bar is hidden
        row.addWidget(self.csv_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        self.runner = ChecksRunner(self)
        self.runner.progress.connect(self._on_progress)
        self.runner.result.connect(self._on_result)
        self.runner.error.connect(self._on_error)
        self.runner.finished.connect(self._on_finished)
        self._show_idle()

    # the scope -----------------------------------------------------------------------------
    def device_scope(self) -> str | None:
        """The device whose runs a check plans (``None``: every run)."""
        return None if self.all_box.isChecked() else self._state.device.id

    def _checked_label(self) -> str:
        """The scope of the checks shown, as people read it."""
        if not self._checked_device:
            return translate("PlanPublished", "all devices")
        try:
            return self._state.catalog.get(self._checked_device).name
        except InputError:  # a custom device removed since
            return self._checked_device

    def _scope_label(self) -> str:
        scope = self.device_scope()
        if scope is None:
            return translate("PlanPublished", "all devices")
        return self._state.device.name

    def _show_idle(self) -> None:
        from core.plan.validation import devices_with_runs

        scope = self.device_scope()
        if scope is not None and scope not in devices_with_runs():
            self.summary.setText(
                translate(
                    "PlanPublished",
                    "No published run used {device} yet: tick “All devices” to see how the plan "
                    "did on the devices that have runs.",
                ).format(device=self._scope_label())
            )
            return
        self.summary.setText(
            translate(
                "PlanPublished",
                "Check to see how close the plan came to the published runs on {scope}: each "
                "run planned as it ran, beside the throughput its authors reported.",
            ).format(scope=self._scope_label())
        )

    def mark_stale(self, calibration: bool = False) -> None:
        """Say whether the checks shown still answer for the current scope: the device (or all)
        they were run for, with no calibration change since (``calibration``: one just came)."""
        if calibration:
            self._recalibrated = self._recalibrated_running = True
        if self.runner.is_running():
            return  # the result, when it comes, is judged the same way
        if not self.model.checks():
            self._show_idle()
            return
        if self._checked_device == (self.device_scope() or "") and not self._recalibrated:
            self.summary.setText(self._summary_text())
            return
        self.summary.setText(
            translate(
                "PlanPublished",
                "{summary}\nShown for an earlier device or calibration: check again for {scope}.",
            ).format(summary=self._summary_text(), scope=self._scope_label())
        )

    def _scope_changed(self, _on: bool) -> None:
        self.mark_stale()

    # running -------------------------------------------------------------------------------
    def start(self) -> bool:
        """Check the runs of the current scope in the background; False if one is running."""
        if not self.runner.start(self.device_scope()):
            return False
        self._checking = self.device_scope() or ""
        self._recalibrated_running = False
        self.check_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.summary.setText(translate("PlanPublished", "Planning the published runs…"))
        return True

    def cancel(self) -> None:
        """Stop the check at its next run (a result already on its way arrives as cancelled:
        :class:`~app.worker_runner.WorkerRunner`)."""
        self.runner.cancel()

    def _on_progress(self, fraction: float, text: str) -> None:
        self.progress.setValue(round(1000 * max(0.0, min(1.0, fraction))))
        self.summary.setText(text)

    def _on_result(self, checks: list[Any]) -> None:
        self._checked_device = self._checking
        self._recalibrated = self._recalibrated_running  # planned partly before the change
        self.model.set_checks(checks)
        self.csv_button.setEnabled(bool(checks))
        self.summary.setToolTip(plain_tip(self._sources_text()))
        self.fitter.fit()
        self._arrived = True

    def _on_error(self, message: str) -> None:
        if message == "cancelled":
            message = translate("PlanPublished", "Cancelled; the runs shown before are kept.")
        self.summary.setText(message)

    def _on_finished(self) -> None:
        self.check_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setVisible(False)
        if self._arrived:
            self._arrived = False
            self.mark_stale()  # the summary, or stale if the device changed while it ran

    def _summary_text(self) -> str:
        from core.plan.validation import ErrorSummary

        checks = self.model.checks()
        if not checks:
            return ""
        total = ErrorSummary.of(checks)
        return translate(
            "PlanPublished",
            "{scope}: {runs} published runs, MAPE {mape} (median {median}), {within} within ±20 %, "
            "signed mean {signed} (+: the plan is optimistic); hover for each source.",
        ).format(
            scope=self._checked_label(),
            runs=total.runs,
            mape=f"{total.mape:.1%}",
            median=f"{total.median:.1%}",
            within=total.within_20,
            signed=f"{total.signed:+.1%}",
        )

    def _sources_text(self) -> str:
        from core.plan.validation import by_source

        return "\n".join(
            translate(
                "PlanPublished", "{source}: {runs} runs, MAPE {mape}, signed {signed}"
            ).format(source=source, runs=s.runs, mape=f"{s.mape:.1%}", signed=f"{s.signed:+.1%}")
            for source, s in by_source(self.model.checks()).items()
        )

    def carried_state(self) -> dict[str, Any] | None:
        """The checks shown and what they are for: a language switch keeps them."""
        if not self.model.checks():
            return None
        return {"checks": self.model.checks(), "device": self._checked_device,
                "recalibrated": self._recalibrated, "all": self.all_box.isChecked()}  # fmt: skip

    def take_over(self, carried: Any) -> None:
        """Show what :meth:`carried_state` kept, worded in the new language (nothing re-planned)."""
        if not isinstance(carried, dict) or not isinstance(carried.get("checks"), list):
            return
        self.all_box.setChecked(bool(carried.get("all")))
        self._checked_device = str(carried.get("device") or "")
        self._recalibrated = bool(carried.get("recalibrated"))
        self.model.set_checks(carried["checks"])
        self.csv_button.setEnabled(bool(carried["checks"]))
        self.summary.setToolTip(plain_tip(self._sources_text()))
        self.fitter.fit()
        self.mark_stale()

    def _export_csv(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self, translate("PlanPublished", "Export the runs checked"), "plan_published.csv",
            "CSV (*.csv)",
        )  # fmt: skip
        if path:
            self.write_csv(path)

    def write_csv(self, path: str) -> bool:
        """Write the checks shown to ``path`` atomically; the summary says what happened."""
        from core.plan.validation import checks_csv
        from core.safe_io import atomic_write
        from widgets.i18n import localized

        try:
            atomic_write(path, checks_csv(self.model.checks()))
        except InputError as exc:
            self.summary.setText(localized(exc.message))
            return False
        self.summary.setText(
            translate("PlanPublished", "{summary}\nRuns written to {path}").format(
                summary=self._summary_text(), path=Path(path).name
            )
        )
        return True

    def open_source(self, index: Any) -> bool:
        """Open the source of the run at (proxy) ``index`` in the browser (a double-click)."""
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        if not index.isValid():
            return False
        check = self.model.checks()[self.proxy.mapToSource(index).row()]
        url = QUrl(check.url)
        if not check.url or not url.isValid() or url.scheme() not in ("http", "https"):
            return False
        return bool(QDesktopServices.openUrl(url))

    def set_warn(self, colour: str) -> None:
        """The colour of errors beyond ±20 %."""
        self.model.set_warn(colour)

    def shutdown(self) -> None:
        """Stop a running check (its thread is left to finish on its own)."""
        self.runner.stop()

"""The Dtypes tab's block-quantization panel: a vector, a block format vs per-tensor fp8, errors.

Quantizing up to 1e6 values takes a few hundred milliseconds, so it runs in a worker object moved
to a QThread; a newer request supersedes an older one between steps (cooperative cancel).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from core.errors import InputError
from core.numbers.block_vectors import GENERATORS, generate, parse_vector
from core.numbers.blockscale import BLOCK_FORMATS, MAX_VALUES, error_histograms, quantize
from core.validate import positive_int
from widgets.combo_data import restore_combos
from widgets.dtypes.block_plots import BlockPlots
from widgets.i18n import localized, translate
from widgets.number_field import NumberField

__all__ = ["BlockPanel", "BlockWorker"]

TYPED = "typed"


class BlockWorker(QObject):
    """Quantizes in the background.

    Signals
    -------
    result(object)
        ``(request id, dict)`` with the summaries, histogram and per-block arrays.
    error(object)
        ``(request id, message)``.
    """

    result = Signal(object)
    error = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.latest = 0  # written by the GUI thread; read between steps to drop stale work

    @Slot(object)
    def run(self, request: dict[str, Any]) -> None:
        rid = request["id"]
        try:
            x = request["values"]
            if x is None:
                x = generate(request["kind"], request["n"], request["seed"])
            if rid != self.latest:
                return
            block = quantize(x, request["format"])
            if rid != self.latest:
                return
            base = quantize(x, "fp8_tensor")
            edges, counts = error_histograms([block, base])
            self.result.emit(
                (
                    rid,
                    {
                        "summary": block.summary(),
                        "baseline": base.summary(),
                        "edges": edges,
                        "counts": counts,
                        "scales": block.scales * block.tensor_scale,
                        "flushed": block.block_flushed,
                        "block_size": block.format.block,
                    },
                )
            )
        except InputError as exc:
            self.error.emit((rid, exc.message))
        except Exception as exc:  # never raise in the thread: report it
            message = translate("DtypesBlocks", "block quantization failed: {error}")
            self.error.emit((rid, message.format(error=exc)))


def _row(summary: dict[str, Any], title: str) -> list[str]:
    return [
        title,
        f"{summary['bits_per_value']:.3g}",
        f"{summary['max_abs_error']:.3g}",
        f"{summary['rms_error']:.3g}",
        f"{summary['rel_error']:.2%}",
        f"{summary['sqnr_db']:.1f} dB",
        f"{summary['flushed_to_zero']:.2%}",
    ]


class BlockPanel(QWidget):
    """Controls, a statistics table and the plots of one block quantization."""

    _request = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.format = QComboBox(self)
        for bid, spec in BLOCK_FORMATS.items():
            if bid != "fp8_tensor":
                self.format.addItem(localized(spec.title), bid)
        self.format.setCurrentIndex(self.format.findData("nvfp4"))
        self.source = QComboBox(self)
        for kind, what in GENERATORS.items():
            self.source.addItem(f"{kind}: {localized(what)}", kind)
        self.source.addItem(translate("DtypesBlocks", "typed or pasted values"), TYPED)
        self.source.setCurrentIndex(self.source.findData("outliers"))
        self.size_field = NumberField(
            partial(positive_int, field="size", high=MAX_VALUES), "4096",
            tooltip=translate(
                "DtypesBlocks", "Number of values to generate (1 to {max}; 4k, 1e6 accepted)"
            ).format(max=f"{MAX_VALUES:,}"),
        )  # fmt: skip
        self.seed = NumberField(partial(positive_int, field="seed", low=0, high=2**31), "0")
        self.typed = QPlainTextEdit(self)
        self.typed.setPlaceholderText(
            translate("DtypesBlocks", "Paste numbers separated by spaces, commas or new lines")
        )
        self.typed.setMaximumHeight(70)
        self.typed.setVisible(False)
        self.status = QLabel(self)
        self.status.setObjectName("fieldError")
        self.status.setWordWrap(True)
        self.stats = QLabel(self)
        self.stats.setTextFormat(Qt.TextFormat.RichText)
        self.stats.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.plots = BlockPlots(self)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        for col, (label, widget) in enumerate(
            ((translate("DtypesBlocks", "Block format"), self.format),
             (translate("DtypesBlocks", "Vector"), self.source),
             (translate("DtypesBlocks", "Size"), self.size_field),
             (translate("DtypesBlocks", "Seed"), self.seed))
        ):  # fmt: skip
            grid.addWidget(QLabel(label, self), 0, col)
            grid.addWidget(widget, 1, col, Qt.AlignmentFlag.AlignTop)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(grid)
        layout.addWidget(self.typed)
        layout.addWidget(self.status)
        layout.addWidget(self.stats)
        layout.addWidget(self.plots, 1)
        self._thread: QThread | None = None
        self._worker: BlockWorker | None = None
        self._rid = 0
        self._busy = False  # a request is queued or running
        self.last: dict[str, Any] | None = None
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(150)
        self._debounce.timeout.connect(self.recompute)
        self.format.currentIndexChanged.connect(lambda _i: self.recompute())
        self.source.currentIndexChanged.connect(self._source_changed)
        self.size_field.valueChanged.connect(lambda _v: self.recompute())
        self.seed.valueChanged.connect(lambda _v: self.recompute())
        self.typed.textChanged.connect(self._debounce.start)

    # work -----------------------------------------------------------------------------------
    def _ensure_thread(self) -> BlockWorker:
        if self._worker is None:
            self._thread = QThread(self)
            self._worker = BlockWorker()
            self._worker.moveToThread(self._thread)
            self._request.connect(self._worker.run)
            self._worker.result.connect(self._on_result)
            self._worker.error.connect(self._on_error)
            self._thread.start()
        return self._worker

    def _source_changed(self) -> None:
        typed = self.source.currentData() == TYPED
        self.typed.setVisible(typed)
        self.size_field.setEnabled(not typed)
        self.seed.setEnabled(not typed)
        self.recompute()

    def recompute(self) -> None:
        """Validate the inputs and queue a quantization (the newest request wins)."""
        values = None
        if self.source.currentData() == TYPED:
            try:
                values = parse_vector(self.typed.toPlainText())
            except InputError as exc:
                self.status.setText(localized(exc.message))
                return
        worker = self._ensure_thread()
        self._rid += 1
        worker.latest = self._rid
        self._busy = True
        self.status.setText(translate("DtypesBlocks", "quantizing…"))
        self._request.emit(
            {
                "id": self._rid,
                "values": values,
                "kind": self.source.currentData(),
                "n": self.size_field.value(),
                "seed": self.seed.value(),
                "format": self.format.currentData(),
            }
        )

    @Slot(object)
    def _on_result(self, payload: tuple[int, dict[str, Any]]) -> None:
        rid, data = payload
        if rid != self._rid:
            return
        self.last = data
        self._busy = False
        self.status.setText("")
        s, b = data["summary"], data["baseline"]
        head = [
            "",
            translate("DtypesBlocks", "bits/value"),
            translate("DtypesBlocks", "max |error|"),
            translate("DtypesBlocks", "RMS error"),
            translate("DtypesBlocks", "relative"),
            "SQNR",
            translate("DtypesBlocks", "flushed to 0"),
        ]
        per_tensor = translate("DtypesBlocks", "fp8 per tensor")
        rows = [head, _row(s, s["format"]), _row(b, per_tensor)]
        cells = "".join(
            "<tr>" + "".join(f"<td style='padding:2px 10px'>{c}</td>" for c in r) + "</tr>"
            for r in rows
        )
        k, frac = s["most_flushed_block"], s["most_flushed_fraction"]
        if frac > 0:
            worst = translate(
                "DtypesBlocks",
                "Block #{block}: {share} of its non-zero values were stored as 0 — one large value "
                "set the block's scale ({scale}) and its small neighbours rounded to zero. "
                "Per-tensor fp8 keeps them.",
            ).format(block=k, share=f"{frac:.0%}", scale=f"{data['scales'][k]:.3g}")
        else:
            worst = translate("DtypesBlocks", "No block lost its small values to an outlier.")
        self.stats.setText(f"<table>{cells}</table><div>{worst}</div>")
        self.plots.setData(
            data["edges"],
            [(s["format"], data["counts"][0]), (per_tensor, data["counts"][1])],
            data["scales"],
            data["flushed"],
            s["most_flushed_block"],
        )

    @Slot(object)
    def _on_error(self, payload: tuple[int, str]) -> None:
        rid, message = payload
        if rid == self._rid:
            self._busy = False
            self.status.setText(localized(message))

    def wait_idle(self, timeout_ms: int = 5000) -> bool:
        """Block until the newest request has produced a result or an error (tests, screenshots)."""
        from PySide6.QtCore import QCoreApplication, QElapsedTimer

        timer = QElapsedTimer()
        timer.start()
        while self._busy and timer.elapsed() < timeout_ms:
            QCoreApplication.processEvents()
            QThread.msleep(5)
        return not self._busy

    def shutdown(self) -> None:
        """Stop the worker thread without waiting: a quantization in progress is dropped between
        steps and its thread detached (:func:`app.worker_runner.detach`) until it ends."""
        self._busy = False
        if self._thread is not None:
            from app.worker_runner import detach

            self._rid += 1
            thread, worker = self._thread, self._worker
            self._thread = self._worker = None
            if worker is not None:
                worker.latest = -1
                self._request.disconnect(worker.run)
            thread.quit()
            detach(thread, worker)

    # session --------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """Inputs as plain data."""
        return {
            "block_format": self.format.currentData(),
            "source": self.source.currentData(),
            "size": self.size_field.text(),
            "seed": self.seed.text(),
            "typed": self.typed.toPlainText()[:100_000],
        }

    def restore(self, data: dict[str, Any]) -> list[str]:
        """Apply saved inputs; returns messages for values that could not be restored."""
        problems = restore_combos(
            "dtypes", {"block_format": self.format, "source": self.source}, data
        )
        for key, field in (("size", self.size_field), ("seed", self.seed)):
            if key in data:
                field.setText(str(data[key]))
                if not field.isValid():
                    problems.append(f"dtypes: {field.errorText()}")  # already localized
                    field.revert()
        if isinstance(data.get("typed"), str):
            self.typed.setPlainText(data["typed"])
        return problems

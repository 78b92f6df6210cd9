"""A dialog showing a collectives benchmark file: the plot, what was skipped, and the comparison."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from core.comm.results import CollectiveSeries
from widgets.comm.bandwidth_plot import BandwidthPlot
from widgets.i18n import localized, translate
from widgets.rich_text import plain_labels

__all__ = ["CollectivesDialog"]


class CollectivesDialog(QDialog):
    """Measured busbw against message size beside the database's link bandwidth."""

    def __init__(
        self,
        series: Sequence[CollectiveSeries],
        reference: tuple[str, float | None],
        problems: Sequence[str] = (),
        title: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title or translate("CollectivesDialog", "Collectives measured"))
        self.resize(760, 520)
        self.plot = BandwidthPlot(self)
        self.plot.setSeries(series)
        self.plot.setReference(*reference)
        note = translate(
            "CollectivesDialog",
            "busbw = algbw x the ring factor (all-reduce 2(n-1)/n, all-gather and reduce-scatter "
            "(n-1)/n, broadcast 1), as nccl-tests defines it: comparable to one link's "
            "unidirectional bandwidth.",
        )
        if not reference[1]:  # say why the database's line is missing
            note = translate("CollectivesDialog", "{note} {reason}.").format(
                note=note, reason=localized(reference[0])
            )
        self.note = QLabel(note)
        self.note.setWordWrap(True)
        shown = [localized(p) for p in problems[:5]]
        self.problems = QLabel("\n".join(shown) + ("\n…" if len(problems) > 5 else ""))
        self.problems.setObjectName("fieldError")
        self.problems.setVisible(bool(problems))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.problems)
        layout.addWidget(buttons)
        plain_labels(self)  # file names and lines read from the file, never HTML

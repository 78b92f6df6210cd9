"""The Einops tab's "Views and strides" page: a chain of view/reshape/transpose/… steps, live.

The start tensor is ``torch.arange(n).reshape(shape)``; each step is parsed and applied by
:mod:`core.einops.strides_chain` (pure Python, torch's rules); this page wires the inputs to it,
debounces typing, and hands the verdicts and the selected layout to the widgets.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.tabs.einops_strides_words import size_text, templates, verdict
from core.einops.strides import Layout
from core.einops.strides_chain import (
    DEFAULT_OPS,
    DEFAULT_SHAPE,
    DTYPE_SIZES,
    Op,
    StepResult,
    parse_op,
    run_ops,
    start_layout,
)
from core.einops.strides_torch import torch_message, torch_version
from core.einops.text import parse_shape
from core.errors import InputError
from widgets.einops.strides_steps import StepsEditor
from widgets.einops.strides_view import StridesPicture
from widgets.fonts import mono_font
from widgets.i18n import localized, translate
from widgets.rich_text import plain_tip
from widgets.splitter import DefaultSplitter

__all__ = ["MAX_START_ELEMENTS", "StridesPage"]

DEBOUNCE_MS = 150
#: Largest start tensor the page accepts (everything is drawn or listed from it).
MAX_START_ELEMENTS = 4096


class StridesPage(QWidget):
    """Start tensor, the editable steps with their verdicts, and the selected step drawn."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.recompute)
        self._start: Layout | None = None
        self._parsed: list[Op | None] = []
        self._results: list[StepResult | InputError | None] = []
        self._build()
        self.reset()

    # construction -----------------------------------------------------------------------------
    def _build(self) -> None:
        self.start_label = QLabel("x = torch.arange(n).reshape(", self)
        self.start_label.setFont(mono_font(self.font()))
        self.shape = QLineEdit(self)
        self.shape.setFont(mono_font(self.font()))
        self.shape.setToolTip(
            plain_tip(
                translate(
                    "StridesPage",
                    "The start tensor's shape, e.g. 3,4 or 2,3,4 (at most {n} elements); it "
                    "holds 0, 1, 2, … in order, so each number is also its place in storage.",
                ).format(n=f"{MAX_START_ELEMENTS:,}")
            )
        )
        self.shape.textEdited.connect(self._schedule)
        self.shape.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 14)
        close = QLabel(")", self)
        close.setFont(mono_font(self.font()))
        self._close = close
        self.dtype = QComboBox(self)
        for name, size in DTYPE_SIZES.items():
            self.dtype.addItem(f"{name} ({size} B)", name)
        self.dtype.setToolTip(
            translate("StridesPage", "Element type: bytes per element, for the bytes copied")
        )
        self.dtype.currentIndexChanged.connect(self._schedule)
        self.reset_button = QPushButton(translate("StridesPage", "Lecture example"), self)
        self.reset_button.setToolTip(
            plain_tip(
                translate(
                    "StridesPage",
                    "x = torch.arange(12).reshape(3, 4), then transpose, view (refused), "
                    "contiguous (a copy) and view again",
                )
            )
        )
        self.reset_button.clicked.connect(self.reset)
        top = QHBoxLayout()
        top.setSpacing(4)
        for w in (self.start_label, self.shape, close):
            top.addWidget(w)
        top.addSpacing(12)
        top.addWidget(self.dtype)
        top.addStretch(1)
        top.addWidget(self.reset_button)
        self._top = top

        self.steps = StepsEditor(
            templates(),
            {
                "add": translate("StridesPage", "+ Add step"),
                "add_tip": translate(
                    "StridesPage", "Append an operation; edit its numbers in its row"
                ),
                "remove_tip": translate("StridesPage", "Remove this step"),
                "edit_tip": translate(
                    "StridesPage",
                    "An operation on the tensor above it: view 2,6 · reshape -1 · transpose 0 1 · "
                    "permute 1 0 · t · contiguous · expand 2,-1,-1 · [:, 1:3] · narrow D START "
                    "LEN · select D I · flatten · unsqueeze D · squeeze. Click a row to draw it.",
                ),
            },
            self,
        )
        self.steps.changed.connect(self._schedule)
        self.steps.currentChanged.connect(self._show_current)
        self.start_button = QPushButton(translate("StridesPage", "Show x"), self)
        self.start_button.setToolTip(translate("StridesPage", "Draw the start tensor"))
        self.start_button.clicked.connect(lambda: self.steps.setCurrentRow(-1))
        self.total = QLabel(self)
        self.total.setWordWrap(True)
        left = QWidget(self)
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        steps_title = QLabel(translate("StridesPage", "Steps (each applies to the one above)"))
        steps_title.setObjectName("cardTitle")
        lv.addWidget(steps_title)
        lv.addWidget(self.steps, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.start_button)
        bottom.addWidget(self.total, 1)
        lv.addLayout(bottom)

        self.headline = QLabel(self)
        self.headline.setObjectName("cardTitle")
        self.headline.setFont(mono_font(self.font()))
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setObjectName("warningText")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.torch_note = QLabel(self)
        self.torch_note.setWordWrap(True)
        self.torch_note.setObjectName("detail")
        self.torch_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.torch_note.setToolTip(
            translate(
                "StridesPage",
                "The same steps run with torch on a small CPU tensor, to compare its own words",
            )
        )
        self.picture = StridesPicture(self)
        right = QWidget(self)
        rv = QVBoxLayout(right)
        rv.setContentsMargins(0, 0, 0, 0)
        rv.setSpacing(4)
        rv.addWidget(self.headline)
        rv.addWidget(self.detail)
        rv.addWidget(self.error)
        rv.addWidget(self.torch_note)
        rv.addWidget(self.picture, 1)
        body = DefaultSplitter(Qt.Orientation.Horizontal, [2, 3], self)
        body.addWidget(left)
        body.addWidget(right)
        body.setChildrenCollapsible(False)
        body.restore()
        self._outer = outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 12, 12, 12)
        outer.setSpacing(8)
        outer.addLayout(top)
        outer.addWidget(body, 1)

    def set_switch(self, switch: QWidget) -> None:
        """Put the tab's page switch at the right end of the top row."""
        self._top.addSpacing(12)
        self._top.addWidget(switch)

    # behaviour --------------------------------------------------------------------------------
    def reset(self) -> None:
        """The lecture's example: ``arange(12).reshape(3, 4)`` and its default steps."""
        self.shape.setText(",".join(str(s) for s in DEFAULT_SHAPE))
        self.dtype.blockSignals(True)
        self.dtype.setCurrentIndex(self.dtype.findData("int64"))
        self.dtype.blockSignals(False)
        self.steps.setSteps(list(DEFAULT_OPS))
        self.recompute()
        self.steps.setCurrentRow(1)
        self._show_current(self.steps.currentRow())

    def _schedule(self) -> None:
        self._timer.start()

    def _mark(self, edit: QLineEdit, bad: bool) -> None:
        if edit.property("invalid") != bad:
            edit.setProperty("invalid", bad)
            edit.style().unpolish(edit)
            edit.style().polish(edit)

    def _parse_start(self) -> Layout:
        field = translate("StridesPage", "shape")
        shape = parse_shape(self.shape.text(), field)
        n = 1
        for s in shape:
            n *= s
        if n > MAX_START_ELEMENTS:
            raise InputError(
                translate(
                    "StridesPage", "{field}: {n} elements; allowed: at most {most} on this page"
                ).format(field=field, n=f"{n:,}", most=f"{MAX_START_ELEMENTS:,}")
            )
        return start_layout(shape, self.dtype.currentData() or "int64")

    def recompute(self) -> None:
        """Parse the start tensor and every step, apply them, and show each step's verdict."""
        self._timer.stop()
        try:
            self._start = self._parse_start()
            self._mark(self.shape, False)
            problem = None
        except InputError as exc:
            self._start = None
            self._mark(self.shape, True)
            problem = localized(exc.message)
        texts = self.steps.steps()
        results: list[StepResult | InputError | None] = []
        parsed = []
        for text in texts:  # parse each (every bad row is marked), run up to the first bad one
            try:
                parsed.append(parse_op(text))
                results.append(None)
            except InputError as exc:
                parsed.append(None)
                results.append(exc)
        if self._start is not None:
            done = iter(run_ops(self._start, parsed))
            for i, op in enumerate(parsed):
                if op is not None:
                    results[i] = next(done)
        self._results = results
        self._parsed = parsed
        copied = 0
        for i, res in enumerate(results):
            self._verdict(i, res)
            if isinstance(res, StepResult):
                copied += res.bytes_copied
        if problem is not None:
            self.total.setText(problem)
            self.total.setObjectName("warningText")
        else:
            self.total.setText(
                translate("StridesPage", "Bytes copied by the whole chain: {bytes}").format(
                    bytes=size_text(copied)
                )
            )
            self.total.setObjectName("")
        self.total.style().unpolish(self.total)
        self.total.style().polish(self.total)
        self._show_current(self.steps.currentRow())

    def _verdict(self, i: int, res: StepResult | InputError | None) -> None:
        self.steps.setVerdict(i, *verdict(res))

    def _layout_before(self, i: int) -> Layout | None:
        for res in reversed(self._results[:i]):
            if isinstance(res, StepResult) and res.layout is not None:
                return res.layout
        return self._start

    def _show_current(self, i: int) -> None:
        """Draw the selected step (or the start tensor) and say what it did."""
        self.error.clear()
        self.error.setVisible(False)
        self.torch_note.clear()
        self.torch_note.setVisible(False)
        if self._start is None:
            self.headline.setText("x = ?")
            self.detail.setText(self.total.text())
            self.picture.setLayoutToDraw(None, "")
            return
        if i < 0 or i >= len(self._results):
            lay = self._start
            self.headline.setText(
                f"x = torch.arange({lay.numel}).reshape({', '.join(map(str, lay.shape))})"
            )
            self.detail.setText(localized(lay.describe()))
            self.picture.setLayoutToDraw(lay)
            return
        res = self._results[i]
        text = self.steps.steps()[i]
        if isinstance(res, InputError):
            self.headline.setText(f"{i + 1}. {text.strip()}")
            self.detail.setText(
                translate("StridesPage", "This is not an operation (the next step skips it):")
            )
            self._show_error(localized(res.message))
            self.picture.setLayoutToDraw(None, "")
            return
        if res is None:
            self.headline.setText(f"{i + 1}. {text.strip()}")
            self.detail.setText(translate("StridesPage", "Not run: the start shape is not valid."))
            self.picture.setLayoutToDraw(None, "")
            return
        self.headline.setText(f"{i + 1}. x = {res.op.code()}")
        if res.layout is None:
            self.detail.setText(
                translate(
                    "StridesPage",
                    "torch raises; x is unchanged (drawn below) for the next step:",
                )
            )
            message = translate("StridesPage", "RuntimeError: {error}").format(
                error=localized(res.error)
            )
            if res.why is not None:
                message += "\n" + translate("StridesPage", "Why: {why}").format(
                    why=localized(res.why)
                )
            self._show_error(message)
            self._show_torch(i, str(res.error))
            self.picture.setLayoutToDraw(self._layout_before(i))
            return
        lay = res.layout
        if res.view:
            kind = translate("StridesPage", "a view of storage #{id}, 0 B copied").format(
                id=lay.storage_id
            )
        else:
            kind = translate("StridesPage", "a copy into new storage #{id}, {bytes} copied").format(
                id=lay.storage_id, bytes=size_text(res.bytes_copied)
            )
        self.detail.setText(f"{localized(lay.describe())} · {kind}")
        self.picture.setLayoutToDraw(lay)

    def torch_loaded(self) -> None:
        """torch is imported now (the tab's warm-up): say what it raises for the step shown."""
        self._show_current(self.steps.currentRow())

    def _show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(True)

    def _show_torch(self, i: int, ours: str) -> None:
        """Say what torch itself raises for step ``i`` (when torch is loaded and small enough)."""
        version = torch_version()
        start = self._start
        said = None
        if version is not None and start is not None:
            said = torch_message(start.shape, self.dtype.currentData(), self._parsed, i)
        if said is None:
            self.torch_note.clear()
            self.torch_note.setVisible(False)
            return
        if said == ours:
            text = translate("StridesPage", "✓ torch {version} on this machine raises the same.")
        else:
            text = translate("StridesPage", "torch {version} on this machine says: {message}")
        self.torch_note.setText(text.format(version=version, message=said))
        self.torch_note.setVisible(True)

    # page hooks -------------------------------------------------------------------------------
    def apply_theme(self, theme: Any) -> None:
        """Fonts for the theme's size; the warning colour for errors."""
        mono = mono_font(point_size=theme.base_pt * theme.scale)
        for w in (self.start_label, self.shape, self._close, self.headline):
            w.setFont(mono)
        self.error.setStyleSheet(f"color: {theme.error};")
        compact = getattr(theme, "scale", 1.0) > 1.0
        margin = 6 if compact else 12
        self._outer.setContentsMargins(margin, margin, margin, margin)
        self._outer.setSpacing(4 if compact else 8)
        self.steps.setCompact(compact)
        for i in range(len(self.steps.steps())):
            self.steps.editor(i).setFont(mono)
        self.picture.update()

    def session_state(self) -> dict[str, Any]:
        """The start shape, dtype and steps as text, and the step drawn (-1: the start)."""
        return {
            "shape": self.shape.text(),
            "dtype": self.dtype.currentData(),
            "ops": self.steps.steps(),
            "selected": self.steps.currentRow(),
        }

    def restore_session(self, data: Any) -> list[str]:
        """Apply saved inputs; what cannot be applied is reported and the rest kept."""
        problems: list[str] = []
        if not isinstance(data, dict):
            return [translate("StridesPage", "strides: session data is not a mapping; skipped")]
        shape = data.get("shape")
        if isinstance(shape, str):
            self.shape.setText(shape)
        elif shape is not None:
            problems.append(translate("StridesPage", "strides: shape is not a text such as 3,4"))
        dtype = data.get("dtype")
        if dtype is not None:
            index = self.dtype.findData(dtype) if isinstance(dtype, str) else -1
            if index < 0:
                problems.append(
                    translate("StridesPage", "strides: unknown dtype {dtype}; kept {kept}").format(
                        dtype=repr(dtype), kept=self.dtype.currentData()
                    )
                )
            else:
                self.dtype.setCurrentIndex(index)
        ops = data.get("ops")
        if isinstance(ops, list) and all(isinstance(o, str) for o in ops):
            self.steps.setSteps(ops)
        elif ops is not None:
            problems.append(translate("StridesPage", "strides: ops is not a list of texts"))
        selected = data.get("selected")
        if isinstance(selected, int) and not isinstance(selected, bool):
            self.steps.setCurrentRow(selected)
        elif selected is not None:
            problems.append(translate("StridesPage", "strides: selected is not a step number"))
        self.recompute()
        return problems

    def shutdown(self) -> None:
        """Stop the debounce timer."""
        self._timer.stop()

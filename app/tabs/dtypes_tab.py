"""The Dtypes tab: every number format from fp64 to fp4, bit by bit, and the block-scaled formats.

Top: format, overflow convention and a value (or a code). Pages: the bit strip with the stored value
and every format side by side; the range chart; every value of a small format; block quantization.
All numbers come from :mod:`core.numbers.formats`, :mod:`core.numbers.codec`, :mod:`core.numbers.analysis`
and :mod:`core.numbers.blockscale`; this module wires widgets to them. pyqtgraph is imported here (lazily,
when the tab is first shown), never at app start-up.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.state import AppState
from app.tabs.base import TabPage
from app.tabs.dtypes_bits import BitsView
from app.theme import theme as default_theme
from core.errors import InputError
from core.numbers.analysis import Analysis, analyze, analyze_code, compare
from core.numbers.codec import Number
from core.numbers.formats import (
    CLASSES,
    FORMATS,
    POLICIES,
    classify_array,
    decode,
    decode_array,
    format_for_dtype,
)
from core.numbers.value_text import Parsed, parse_code, parse_value_text
from core.versions import installed_version
from widgets.brief_combo import BriefComboBox
from widgets.combo_data import restore_combos
from widgets.dtypes.compare_table import number_text
from widgets.dtypes.values_table import ValuesTable
from widgets.i18n import localized, translate
from widgets.number_field import NumberField
from widgets.rich_text import plain_labels, plain_tip

if TYPE_CHECKING:
    from collections.abc import Callable

    from app.tabs.dtypes_blocks import BlockPanel
    from widgets.dtypes.range_chart import RangeChart

__all__ = ["DtypesPage", "build"]

PAGES = ("bits", "range", "values", "blocks")


class _StepKeys(QObject):
    """Up/Down in the value field step to the next / previous representable value."""

    def __init__(self, page: DtypesPage) -> None:
        super().__init__(page)
        self.page = page

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() == Qt.Key.Key_Up:
                self.page.step(+1)
                return True
            if event.key() == Qt.Key.Key_Down:
                self.page.step(-1)
                return True
        return False


class DtypesPage(TabPage):
    """The Dtypes tab's page."""

    tab_id = "dtypes"
    caption_keys = ("format", "value")

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self.setObjectName("page")
        self.state = state
        self.format_id = format_for_dtype(state.dtype) or "bfloat16"
        self.policy = "torch"
        self.input: Number = math.nan
        self.code: int = 0
        self.analysis: Analysis | None = None
        self.rows: list[Analysis] = []
        self._values_for = ""
        self._theme: Any = None
        self.range_chart: RangeChart | None = None  # built on first show (imports pyqtgraph)
        self.blocks: BlockPanel | None = None
        self._build()
        state.dtypeChanged.connect(self._follow_dtype)
        self.apply_theme(default_theme("light"))  # the window re-applies its own theme
        self._apply_fields()
        self._set_from_text(self.value_field.value())

    # layout -----------------------------------------------------------------------------------
    def _build(self) -> None:
        self.format_combo = BriefComboBox(self)
        for fid, fmt in FORMATS.items():
            self.format_combo.addItem(f"{fid}  —  {localized(fmt.title)}", fid)
        self.format_combo.setCurrentIndex(self.format_combo.findData(self.format_id))
        self.format_combo.setToolTip(
            translate("DtypesTab", "The format shown in the bit strip and the value table")
        )
        self.policy_combo = BriefComboBox(self)
        for key, label in POLICIES.items():
            self.policy_combo.addItem(localized(label), key)
        self.policy_combo.setToolTip(
            plain_tip(
                translate(
                    "DtypesTab",
                    "What an overflowing cast gives. torch {version} saturates float8_e4m3fn to ±448; "
                    "the OCP / ml_dtypes cast gives NaN. e5m2 overflows to inf and FNUZ formats to NaN "
                    "in both.",
                ).format(version=installed_version("torch") or "")
            )
        )
        self.value_field = NumberField(
            self._parse, "1e-8",
            placeholder=translate(
                "DtypesTab", "0.1, 1e-8, 1/3, pi, 2**-9, -inf, nan or a code 0x3c00"
            ),
            tooltip=translate(
                "DtypesTab", "A value (exact: 1/3 is one third) or a code in hex/binary. Up/Down step."
            ),
        )  # fmt: skip
        self.value_field.lineEdit().installEventFilter(_StepKeys(self))
        self.prev_button = QPushButton(translate("DtypesTab", "◀ prev"), self)
        self.next_button = QPushButton(translate("DtypesTab", "next ▶"), self)
        for b, d in ((self.prev_button, -1), (self.next_button, +1)):
            b.setToolTip(
                translate(
                    "DtypesTab", "Step to the neighbouring representable value (Down / Up keys)"
                )
            )
            b.clicked.connect(lambda _c=False, d=d: self.step(d))
        top = QGridLayout()
        top.setHorizontalSpacing(8)
        top.addWidget(QLabel(translate("DtypesTab", "Format"), self), 0, 0)
        top.addWidget(self.format_combo, 0, 1)
        top.addWidget(QLabel(translate("DtypesTab", "Overflow"), self), 0, 2)
        top.addWidget(self.policy_combo, 0, 3)
        top.addWidget(QLabel(translate("DtypesTab", "Value"), self), 0, 4)
        top.addWidget(self.value_field, 0, 5, 2, 1, Qt.AlignmentFlag.AlignTop)
        self.value_field.setMinimumWidth(150)
        for combo in (
            self.format_combo,
            self.policy_combo,
        ):  # long titles must not squeeze the field
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(16)
        top.addWidget(self.prev_button, 0, 6)
        top.addWidget(self.next_button, 0, 7)
        top.setColumnStretch(1, 3)
        top.setColumnStretch(3, 2)
        top.setColumnStretch(5, 3)
        self.pages = QTabWidget(self)
        self.pages.setDocumentMode(True)
        self.pages.addTab(self._build_bits_page(), translate("DtypesTab", "Bits && compare"))
        self.range_holder = QWidget(self)
        QVBoxLayout(self.range_holder).setContentsMargins(0, 0, 0, 0)
        self.pages.addTab(self.range_holder, translate("DtypesTab", "Range"))
        self.values_table = ValuesTable(self)
        self.values_note = QLabel(self)
        self.values_note.setWordWrap(True)
        values_page = QWidget(self)
        vl = QVBoxLayout(values_page)
        vl.addWidget(self.values_note)
        vl.addWidget(self.values_table, 1)
        self.pages.addTab(values_page, translate("DtypesTab", "All values"))
        self.blocks_holder = QWidget(self)
        QVBoxLayout(self.blocks_holder).setContentsMargins(0, 0, 0, 0)
        self.pages.addTab(self.blocks_holder, translate("DtypesTab", "Block scaling"))
        self.pages.currentChanged.connect(self._page_changed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 8)
        layout.addLayout(top)
        layout.addWidget(self.pages, 1)
        self.format_combo.currentIndexChanged.connect(self._format_changed)
        self.policy_combo.currentIndexChanged.connect(self._policy_changed)
        self.value_field.valueChanged.connect(self._set_from_text)

    def _build_bits_page(self) -> QWidget:
        self.bits_view = BitsView(self)
        self.bits_view.bit_strip.codeChanged.connect(self.set_code)
        # the widgets tests and the theme reach
        self.bit_strip = self.bits_view.bit_strip
        self.compare_table = self.bits_view.compare_table
        self.stored_values = self.bits_view.stored_values
        self.notes_label = self.bits_view.notes_label
        return self.bits_view

    # model updates ----------------------------------------------------------------------------
    @property
    def fmt(self) -> Any:
        """The selected :class:`~core.numbers.formats.FloatFormat`."""
        return FORMATS[self.format_id]

    def _parse(self, text: str) -> Parsed:
        """The value field's validator: a value, or a code that fits the selected format."""
        parsed = parse_value_text(text)
        if parsed.code is not None:
            parse_code(parsed.code, self.fmt.bits, self.format_id)
        return parsed

    def _set_from_text(self, parsed: Parsed) -> None:
        if parsed.code is not None:
            self.set_code(parsed.code, update_text=False)
            return
        assert parsed.value is not None
        self.set_value(parsed.value)

    def set_value(self, value: Number) -> None:
        """Store ``value`` in the current format and refresh everything."""
        self.input = value
        self.analysis = analyze(self.fmt, value, self.policy)
        if self.analysis.code is not None:
            self.code = self.analysis.code
        elif not 0 <= self.code < 1 << self.fmt.bits:
            # Not representable here (NaN in fp6/fp4) and the old code belongs to a wider format:
            # show +0 in the bit strip; the analysis says the value is not representable.
            self.code = 0
        self._refresh()

    def set_code(self, code: int, update_text: bool = True) -> None:
        """Show ``code`` of the current format (a bit flip, a step or a typed code)."""
        self.code = code
        value = decode(self.fmt, code)
        self.input = value
        self.analysis = analyze_code(self.fmt, code, value)
        if update_text:
            text = number_text(value).replace("−", "-") if not math.isnan(value) else f"{code:#x}"
            self.value_field.setValue(parse_value_text(text), text)
        self._refresh()

    def step(self, direction: int) -> None:
        """Step to the next (+1) or previous (-1) representable value."""
        if self.analysis is None:
            return
        target = self.analysis.next_code if direction > 0 else self.analysis.prev_code
        if target is not None:
            self.set_code(target)

    def _refresh(self) -> None:
        a = self.analysis
        assert a is not None
        self.rows = compare(self.input, self.policy)
        self.bits_view.render(self.fmt, self.code, a, self.rows)
        self.prev_button.setEnabled(a.prev_code is not None)
        self.next_button.setEnabled(a.next_code is not None)
        if self.range_chart is not None:
            self.range_chart.setMarker(self._input_float())

    def _input_float(self) -> float:
        """The input as a float for the chart (beyond float range: ±inf, which hides the marker)."""
        try:
            return float(self.input)
        except OverflowError:
            return math.inf if self.input > 0 else -math.inf

    def _apply_fields(self) -> None:
        self.bits_view.setFormat(self.fmt, self.policy)

    def _format_changed(self) -> None:
        self.format_id = self.format_combo.currentData()
        self._apply_fields()
        if (
            self.value_field.value().is_code
        ):  # a code means nothing in another format: show its value
            text = "nan" if math.isnan(self.input) else number_text(self.input).replace("−", "-")
            self.value_field.setValue(parse_value_text(text), text)
        self.set_value(self.input)
        self._values_for = ""
        if self.pages.currentIndex() == PAGES.index("values"):
            self.show_values_table()

    def _policy_changed(self) -> None:
        self.policy = self.policy_combo.currentData()
        self._apply_fields()
        self.set_value(self.input)

    def _follow_dtype(self, dtype: str) -> None:
        fid = format_for_dtype(dtype)
        if fid is not None and fid != self.format_id:
            self.format_combo.setCurrentIndex(self.format_combo.findData(fid))

    def _page_changed(self, index: int) -> None:
        if PAGES[index] == "values":
            self.show_values_table()
        elif PAGES[index] == "range":
            self.ensure_range_chart()
        elif PAGES[index] == "blocks":
            blocks = self.ensure_blocks()
            if blocks.last is None:
                blocks.recompute()

    def ensure_range_chart(self) -> RangeChart:
        """Build the range chart on first use (pyqtgraph is imported here, not at start-up)."""
        if self.range_chart is None:
            from widgets.dtypes.range_chart import RangeChart

            self.range_chart = RangeChart(self.range_holder)
            plain_labels(self.range_chart)  # built after the page: its labels are plain too
            self.range_chart.setRows(
                [
                    (f.id, f.min_subnormal, f.min_normal, f.max, f.mantissa_bits)
                    for f in FORMATS.values()
                ]
            )
            self.range_holder.layout().addWidget(self.range_chart)
            self._theme_plots()
            self.range_chart.setMarker(self._input_float())
        return self.range_chart

    def ensure_blocks(self) -> BlockPanel:
        """Build the block-quantization panel on first use."""
        if self.blocks is None:
            from app.tabs.dtypes_blocks import BlockPanel

            self.blocks = BlockPanel(self.blocks_holder)
            plain_labels(self.blocks)  # its messages quote the values typed
            self.blocks_holder.layout().addWidget(self.blocks)
            self._theme_plots()
        return self.blocks

    def show_values_table(self, format_id: str | None = None) -> None:
        """Fill the all-values table for ``format_id`` (default: the selected format)."""
        import numpy as np

        fmt = FORMATS[format_id or self.format_id]
        if fmt.bits > 16:
            self.values_table.values_model.setTable(
                np.zeros(0), np.zeros(0, np.uint8), CLASSES, [1]
            )
            self.values_note.setText(
                translate(
                    "DtypesTab",
                    "{format} has 2^{bits} codes: choose a format of 16 bits or fewer to list them.",
                ).format(format=fmt.id, bits=fmt.bits)
            )
            return
        if self._values_for == fmt.id:
            return
        codes = np.arange(fmt.code_count)
        fields = [int(fmt.signed), fmt.exponent_bits, fmt.mantissa_bits]
        self.values_table.values_model.setTable(
            decode_array(fmt, codes), classify_array(fmt, codes), CLASSES, fields
        )
        self._values_for = fmt.id
        layout = (
            translate("DtypesTab", "rows: high bits, columns: low 4 bits")
            if fmt.bits <= 8
            else translate("DtypesTab", "one row per code")
        )
        self.values_note.setText(
            translate(
                "DtypesTab",
                "All {count} codes of {format} ({layout}); {finite} are finite. Shaded: zeros and "
                "subnormals; NaN and inf highlighted. Hover a value for its bits.",
            ).format(
                count=f"{fmt.code_count:,}",
                format=fmt.id,
                layout=layout,
                finite=f"{fmt.finite_count:,}",
            )
        )

    # TabPage ----------------------------------------------------------------------------------
    def session_state(self) -> dict[str, Any]:
        """Format, policy, typed text, open page and the block panel's inputs."""
        return {
            "format": self.format_id,
            "policy": self.policy,
            "value": self.value_field.text(),
            "page": PAGES[self.pages.currentIndex()],
            **(self.blocks.state() if self.blocks is not None else {}),
        }

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Apply saved inputs; anything invalid is reported and left as it was."""
        problems: list[str] = []
        try:
            combos = {"format": self.format_combo, "policy": self.policy_combo}
            problems += restore_combos("dtypes", combos, data)
            if "value" in data:
                self.value_field.setText(str(data["value"]))
                if not self.value_field.isValid():
                    problems.append(f"dtypes: {self.value_field.errorText()}")
                    self.value_field.revert()
            if any(k in data for k in ("block_format", "source", "size", "seed", "typed")):
                problems += self.ensure_blocks().restore(data)
            if data.get("page") in PAGES:
                self.pages.setCurrentIndex(PAGES.index(data["page"]))
        except (InputError, TypeError, ValueError) as exc:
            problems.append(
                translate("DtypesTab", "dtypes: could not restore ({error})").format(error=exc)
            )
        return problems

    def export_plot(self) -> Any | None:
        """The range chart, or on the Block scaling page its three plots in one item, laid out.

        A page never opened has never been laid out (a 100×30 scene); it is laid out at the
        size of the open page, without being shown, so the SVG is the picture the user would see.
        """
        if PAGES[self.pages.currentIndex()] == "blocks":
            blocks = self.ensure_blocks()
            if blocks.last is None:
                blocks.recompute()
            blocks.wait_idle()  # the plots of the current inputs, not empty axes
            self._lay_out("blocks", blocks.plots.view)
            return blocks.plots.exportItem()
        chart = self.ensure_range_chart()
        self._lay_out("range", chart.plot)
        return chart.item

    def _lay_out(self, page: str, view: QWidget) -> None:
        if view.width() >= 150 and view.height() >= 100:
            return
        current = self.pages.currentIndex()
        self.pages.blockSignals(True)
        try:
            self.pages.setCurrentIndex(PAGES.index(page))
            holder = self.pages.currentWidget()
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            for _ in range(2):  # the first paint sizes the axes to their labels, the second uses it
                layout = holder.layout()
                if layout is not None:
                    layout.activate()
                QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
                if page == "range" and self.range_chart is not None:
                    self.range_chart.reset_view()
                view.grab()
        finally:
            self.pages.setCurrentIndex(current)
            self.pages.blockSignals(False)

    def apply_theme(self, theme: Any) -> None:
        """Colour the bit strip, plots and highlighted values for ``theme``."""
        s = theme.series
        self.bit_strip.setColours(
            {"sign": s[1], "exponent": s[0], "mantissa": s[2]},
            theme.text,
            "#10131a" if theme.dark else "#ffffff",
        )
        self._theme = theme
        self._theme_plots()
        self.bits_view.fitToFont()
        self.compare_table.setWarningColour(theme.warning)

        def tint(colour: str, alpha: int) -> str:
            c = QColor(colour)
            c.setAlpha(alpha)
            return c.name(QColor.NameFormat.HexArgb)

        self.values_table.values_model.setColours(
            {
                "nan": tint(theme.error, 110),
                "inf": tint(theme.warning, 110),
                "zero": tint(theme.muted, 70),
                "subnormal": tint(s[0], 45),
            }
        )
        if self.analysis is not None:
            self._refresh()

    def _theme_plots(self) -> None:
        t = self._theme
        if t is None:
            return
        if self.range_chart is not None:
            self.range_chart.setColours(t.series[0], t.series[4], t.plot_fg, t.plot_bg)
        if self.blocks is not None:
            self.blocks.plots.setColours(t.series, t.plot_fg, t.plot_bg)

    def prepare_screenshot(self, progress: Callable[[float, str], None] | None = None) -> None:
        """Finish background work so a screenshot shows results (quickly: ``progress`` hears
        nothing)."""
        if self.blocks is not None and PAGES[self.pages.currentIndex()] == "blocks":
            self.blocks.wait_idle()

    def shutdown(self) -> None:
        """Stop the block-quantization worker."""
        if self.blocks is not None:
            self.blocks.shutdown()


def build(state: AppState) -> DtypesPage:
    """Build the Dtypes tab's page."""
    return DtypesPage(state)

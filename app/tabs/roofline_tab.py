"""The Roofline tab: ceilings per device and dtype, operator points that slide with their shape,
points sent by other tabs, and measured points from the benchmark runner.

Every number comes from :mod:`core.ops` and :mod:`core.roofline`; this module turns the results
into text and plain specs for :mod:`widgets.roofline_plot` and :mod:`widgets.roofline_table`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.state import AppState
from app.tabs.base import TabPage
from core.errors import InputError
from core.hardware import DTYPES, Device
from core.ops import MAX_SIZE, OP_SIZES, OpCost, custom_cost, op_cost
from core.roofline import (
    MeasuredPoint,
    RooflineResult,
    ceilings,
    evaluate,
    measured_from_dict,
    roof_polyline,
)
from core.units import format_bytes, format_duration, format_flop_rate, format_flops
from core.validate import positive_int
from widgets.roofline_editor import ShapeEditor
from widgets.roofline_plot import PointSpec, RooflinePlot, RoofSpec
from widgets.roofline_table import RooflineTable

__all__ = ["LECTURE_PRESETS", "PRESETS", "RooflinePage", "build"]

#: The lecture's table (section 7): ReLU, GELU, dot, matvec, matmul.
LECTURE_PRESETS: tuple[tuple[str, dict[str, int]], ...] = (
    ("relu", {"n": 1024 * 1024}),
    ("gelu", {"n": 1024 * 1024}),
    ("dot", {"n": 1024 * 1024}),
    ("matvec", {"m": 1024, "n": 1024}),
    ("matmul", {"m": 1024, "k": 1024, "n": 1024}),
)
#: More presets offered in the "Add preset" menu: (title, op, sizes).
PRESETS: tuple[tuple[str, str, dict[str, int]], ...] = (
    *((f"{n} (lecture)", n, s) for n, s in LECTURE_PRESETS),
    ("matmul 8192³", "matmul", {"m": 8192, "k": 8192, "n": 8192}),
    ("bmm 32×(2048×128×2048)", "bmm", {"b": 32, "m": 2048, "k": 128, "n": 2048}),
    ("softmax 4096×4096", "softmax", {"m": 4096, "n": 4096}),
    ("layernorm 8192×4096", "layernorm", {"m": 8192, "n": 4096}),
    ("rmsnorm 8192×4096", "rmsnorm", {"m": 8192, "n": 4096}),
    ("attention naive b1 h32 s4096 d128", "attention", {"b": 1, "h": 32, "s": 4096, "d": 128}),
    (
        "flash attention b1 h32 s4096 d128",
        "flash_attention",
        {"b": 1, "h": 32, "s": 4096, "d": 128},
    ),
)
DEFAULT_COMPARE: tuple[str, ...] = ("a100-sxm", "b200")
_TRAIL_MAX = 200
_VENDORS = ("NVIDIA ", "AMD ", "Google ", "Apple ", "Intel ")


def _short(device: Device) -> str:
    name = device.name
    for prefix in _VENDORS:
        name = name.removeprefix(prefix)
    return name


def _compact(device: Device) -> str:
    """A chart-label name: ``H100 SXM5`` for "NVIDIA H100 SXM5 80GB", ``B200`` for "B200 (HGX…)"."""
    words = _short(device).split("(")[0].split()
    kept = [w for w in words if not w.upper().endswith("GB")][:2]
    return " ".join(kept) or device.id


@dataclass
class _Entry:
    """One point on the chart: an operator with sizes, a custom (FLOPs, bytes) or a measurement."""

    key: str
    kind: str  # "op" | "custom" | "measured"
    name: str = ""
    sizes: dict[str, int] = field(default_factory=dict)
    out_dtype: str | None = None
    custom: OpCost | None = None
    measured: MeasuredPoint | None = None

    def cost(self, dtype: str) -> OpCost:
        if self.custom is not None:
            return self.custom
        return op_cost(self.name, dtype, out_dtype=self.out_dtype, **self.sizes)


def _parse_size(name: str, text: str) -> int:
    return positive_int(text, f"size {name}", high=MAX_SIZE)


class RooflinePage(TabPage):
    """Roofline chart, points table and controls (devices to compare, operator shapes)."""

    tab_id = "roofline"

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self._counter = itertools.count(1)
        self._entries: list[_Entry] = []
        self._selected = ""
        self._trail: list[tuple[float, float]] = []
        self._compare: list[str] = [d for d in DEFAULT_COMPARE if d in state.catalog.ids()]
        self.message = ""
        self._row_cache: dict[tuple[Any, ...], Any] = {}
        self._roof_cache: tuple[tuple[Any, ...], Any] | None = None
        self.plot = RooflinePlot(self)
        self.table = RooflineTable(self)
        self._build_controls()
        self._wire()
        self.reset_presets()
        self.plot.fit()

    # ------------------------------------------------------------------ layout
    def _build_controls(self) -> None:
        panel = QWidget(self)
        box = QVBoxLayout(panel)
        title = QLabel("<b>Compare devices</b> (the selected device is always shown)", panel)
        title.setWordWrap(True)
        box.addWidget(title)
        self.device_list = QListWidget(panel)
        self.device_list.setMaximumHeight(150)
        box.addWidget(self.device_list)
        self.all_dtypes = QCheckBox("All dtypes of compared devices", panel)
        self.vector = QCheckBox("Vector ceiling (fp32 CUDA cores)", panel)
        self.vector.setToolTip("Elementwise kernels run on the vector units, not the tensor cores")
        box.addWidget(self.all_dtypes)
        box.addWidget(self.vector)
        box.addWidget(QLabel("<b>Selected point's shape</b>", panel))
        self.editor = ShapeEditor(OP_SIZES, _parse_size, panel)
        box.addWidget(self.editor)
        row = QHBoxLayout()
        row.addWidget(QLabel("Output dtype", panel))
        self.out_dtype = QComboBox(panel)
        self.out_dtype.addItem("same as input", None)
        for dt in DTYPES:
            self.out_dtype.addItem(dt, dt)
        self.out_dtype.setToolTip("Mixed precision: e.g. fp8 inputs with a bf16 output")
        row.addWidget(self.out_dtype, 1)
        box.addLayout(row)
        self.convention = QLabel(panel)
        self.convention.setObjectName("formula")
        self.convention.setWordWrap(True)
        box.addWidget(self.convention)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add point", panel)
        self.remove_button = QPushButton("Remove", panel)
        self.lecture_button = QPushButton("Lecture set", panel)
        self.lecture_button.setToolTip("Reset to the lecture's ReLU, GELU, dot, matvec, matmul")
        for b in (self.add_button, self.remove_button, self.lecture_button):
            buttons.addWidget(b)
        box.addLayout(buttons)
        self.preset = QComboBox(panel)
        self.preset.addItem("Add a preset…")
        for title_text, _, _ in PRESETS:
            self.preset.addItem(title_text)
        box.addWidget(self.preset)
        self.fit_button = QPushButton("Fit view", panel)
        box.addWidget(self.fit_button)
        self.error = QLabel(panel)
        self.error.setObjectName("fieldError")
        self.error.setWordWrap(True)
        self.error.setVisible(False)
        box.addWidget(self.error)
        box.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidget(panel)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(330)
        scroll.setMaximumWidth(400)
        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(self.plot)
        right.addWidget(self.table)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setSizes([560, 200])
        layout = QHBoxLayout(self)
        layout.addWidget(scroll)
        layout.addWidget(right, 1)
        self._fill_devices()

    def _fill_devices(self) -> None:
        self.device_list.blockSignals(True)
        self.device_list.clear()
        for device in self._state.catalog.devices:
            item = QListWidgetItem(_short(device), self.device_list)
            item.setData(Qt.ItemDataRole.UserRole, device.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = device.id in self._compare or device.id == self._state.device_id
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.device_list.blockSignals(False)

    def _wire(self) -> None:
        s = self._state
        s.deviceChanged.connect(lambda _id: self._on_selection_changed())
        s.dtypeChanged.connect(lambda _dt: self._on_selection_changed())
        s.catalogChanged.connect(self._on_catalog)
        s.rooflinePointRequested.connect(self.add_requested_point)
        s.measuredPoint.connect(lambda p: self.add_measured_points([p]))
        self.device_list.itemChanged.connect(self._on_compare_changed)
        self.all_dtypes.toggled.connect(lambda _on: self.refresh())
        self.vector.toggled.connect(lambda _on: self.refresh())
        self.editor.shapeChanged.connect(self.set_selected_shape)
        self.out_dtype.currentIndexChanged.connect(self._on_out_dtype)
        self.add_button.clicked.connect(self._add_copy)
        self.remove_button.clicked.connect(self.remove_selected)
        self.lecture_button.clicked.connect(self.reset_presets)
        self.preset.activated.connect(self._on_preset)
        self.fit_button.clicked.connect(self.plot.fit)
        self.plot.pointClicked.connect(self.select)
        self.table.pointSelected.connect(self.select)

    # ------------------------------------------------------------------ public API
    def add_op(self, name: str, sizes: dict[str, Any], out_dtype: str | None = None) -> str:
        """Add an operator point; returns its key. Raises :class:`InputError` for bad input."""
        op_cost(name, self._state.dtype, out_dtype=out_dtype, **sizes)  # validate first
        entry = _Entry(f"p{next(self._counter)}", "op", name, dict(sizes), out_dtype)
        entry.sizes = dict(entry.cost(self._state.dtype).sizes)
        self._entries.append(entry)
        self.select(entry.key)
        return entry.key

    def add_requested_point(self, point: dict[str, Any]) -> None:
        """Show a point another tab asked for: ``{"label", "flops", "bytes", "dtype", "source"}``.

        Bad points show a message; nothing else changes.
        """
        try:
            if not isinstance(point, dict):
                raise InputError(f"roofline point: expected a dict, got {type(point).__name__}")
            dtype = point.get("dtype") or self._state.dtype
            source = str(point.get("source", "")).strip()
            convention = f"FLOPs and bytes counted by the {source} tab." if source else ""
            cost = custom_cost(
                str(point.get("label", "custom")),
                dtype,
                point.get("flops"),  # type: ignore[arg-type]
                point.get("bytes"),  # type: ignore[arg-type]
                convention,
            )
        except InputError as exc:
            self._show_error(exc.message)
            return
        entry = _Entry(f"p{next(self._counter)}", "custom", cost.name, custom=cost)
        self._entries.append(entry)
        self.select(entry.key)

    def add_measured_points(self, points: list[dict[str, Any]]) -> list[str]:
        """Add benchmark measurements (dicts with ``op, dtype, shape, flops, bytes, seconds,
        spread, device``); returns a message per point that was refused (the rest are shown)."""
        problems = []
        for point in points:
            try:
                measured = measured_from_dict(point)
            except InputError as exc:
                problems.append(exc.message)
                continue
            self._entries.append(
                _Entry(f"m{next(self._counter)}", "measured", measured.op, measured=measured)
            )
        if problems:
            self._show_error("; ".join(problems))
        self.refresh(keep_error=bool(problems))
        return problems

    def remove_selected(self) -> None:
        """Remove the selected point."""
        self._entries = [e for e in self._entries if e.key != self._selected]
        self.select(self._entries[-1].key if self._entries else "")

    def reset_presets(self) -> None:
        """Show the lecture's five operators (custom and measured points are kept)."""
        self._entries = [e for e in self._entries if e.kind != "op"]
        for name, sizes in LECTURE_PRESETS:
            self._entries.append(_Entry(f"p{next(self._counter)}", "op", name, dict(sizes)))
        self.select(self._entries[-1].key)

    def select(self, key: str) -> None:
        """Select a point: ring it, select its row, load its shape into the editor."""
        if key != self._selected:
            self._trail = []
        self._selected = key
        entry = self._entry(key)
        editable = entry is not None and entry.kind == "op"
        self.editor.setEnabled(editable)
        self.out_dtype.setEnabled(editable)
        if entry is not None and entry.kind == "op":
            self.editor.set_shape(entry.name, entry.sizes)
            self.out_dtype.blockSignals(True)
            self.out_dtype.setCurrentIndex(max(0, self.out_dtype.findData(entry.out_dtype)))
            self.out_dtype.blockSignals(False)
        self.refresh()

    def set_selected_shape(self, name: str, sizes: dict[str, int]) -> None:
        """Move the selected operator point to a new operator/shape (the sliders call this)."""
        entry = self._entry(self._selected)
        if entry is None or entry.kind != "op":
            return
        candidate = replace(entry, name=name, sizes=dict(sizes))
        try:
            result = self._evaluate(candidate)
        except InputError as exc:
            self._show_error(exc.message)
            return
        old = self._evaluate_quiet(entry)
        if old is not None and (not self._trail or self._trail[-1] != old):
            self._trail.append(old)
        self._trail = self._trail[-_TRAIL_MAX:]
        entry.name, entry.sizes = name, dict(sizes)
        del result
        self.refresh()

    # ------------------------------------------------------------------ computing
    def _entry(self, key: str) -> _Entry | None:
        return next((e for e in self._entries if e.key == key), None)

    def _evaluate(self, entry: _Entry) -> tuple[OpCost, RooflineResult]:
        cost = entry.cost(self._state.dtype)
        return cost, evaluate(cost, self._state.device)

    def _evaluate_quiet(self, entry: _Entry) -> tuple[float, float] | None:
        try:
            _, result = self._evaluate(entry)
        except InputError:
            return None
        return result.intensity, result.attainable

    def _roof_specs(self) -> tuple[list[RoofSpec], list[tuple[str, int]]]:
        key = (
            self._state.device,
            self._state.dtype,
            tuple(self._compare),
            self.all_dtypes.isChecked(),
            self.vector.isChecked(),
            self._state.catalog,
        )
        if self._roof_cache is None or self._roof_cache[0] != key:
            self._roof_cache = (key, self._build_roof_specs())
        return self._roof_cache[1]

    def _build_roof_specs(self) -> tuple[list[RoofSpec], list[tuple[str, int]]]:
        state = self._state
        primary = state.device
        primary.peak(state.dtype)  # raises with the dtypes it has
        ids = [primary.id] + [i for i in self._compare if i != primary.id]
        devices = [state.catalog.get(i) for i in ids if i in state.catalog.ids()]
        specs: list[RoofSpec] = []
        legend: list[tuple[str, int]] = []
        for colour, device in enumerate(devices):
            legend.append((_short(device), colour))
            is_primary = device.id == primary.id
            wanted = None if is_primary or self.all_dtypes.isChecked() else [state.dtype]
            roofs = ceilings(device, wanted, vector=self.vector.isChecked())
            labelled: set[float] = set()
            for roof in roofs:
                xs, ys = roof_polyline(roof.peak, roof.bandwidth, 1e-4, 1e7)
                same = [r.dtype for r in roofs if r.peak == roof.peak and r.kind == roof.kind]
                chosen = roof.dtype == state.dtype and roof.kind == "tensor"
                label = ""
                if roof.kind == "vector":
                    label = f"{_compact(device) if not is_primary else ''} fp32 vector"
                elif roof.peak not in labelled and (is_primary or chosen):
                    labelled.add(roof.peak)
                    names = "·".join(same) if is_primary else state.dtype
                    prefix = "" if is_primary else f"{_compact(device)} "
                    label = f"{prefix}{names} {format_flop_rate(roof.peak, 4)}"
                    if not is_primary:
                        label += f", ridge {roof.ridge:.0f}"
                specs.append(
                    RoofSpec(
                        key=f"{device.id}/{roof.dtype}/{roof.kind}",
                        xs=tuple(xs),
                        ys=tuple(ys),
                        ridge=(roof.ridge, roof.peak),
                        colour=colour,
                        label=label.strip(),
                        ridge_text=f"ridge {roof.ridge:.0f} FLOP/B"
                        if is_primary and chosen
                        else "",
                        readout=(
                            f"{_short(device)} {roof.dtype}{' vector' if roof.kind == 'vector' else ''}: "
                            f"peak {format_flop_rate(roof.peak)}, bandwidth "
                            f"{format_bytes(roof.bandwidth)}/s, ridge {roof.ridge:.4g} FLOP/byte"
                        ),
                        style="dot" if roof.kind == "vector" else ("solid" if chosen else "dash"),
                        emphasis=chosen,
                    )
                )
        return specs, legend

    def _point_rows(self) -> tuple[list[PointSpec], list[tuple[str, list[str], str]]]:
        """Specs and table rows of every point; unchanged points come from a cache."""
        device, dtype = self._state.device, self._state.dtype
        cache: dict[tuple[Any, ...], tuple[PointSpec | None, tuple[str, list[str], str]]] = {}
        specs: list[PointSpec] = []
        rows: list[tuple[str, list[str], str]] = []
        for entry in self._entries:
            key = (
                entry.key,
                entry.name,
                tuple(entry.sizes.items()),
                entry.out_dtype,
                dtype,
                device.id,
                device.mem_bandwidth,
                tuple(device.peak_flops.items()),
            )
            found = self._row_cache.get(key)
            if found is None:
                found = self._row_for(entry, device)
            cache[key] = found
            spec, row = found
            if spec is not None:
                specs.append(spec)
            rows.append(row)
        self._row_cache = cache
        return specs, rows

    def _row_for(
        self, entry: _Entry, device: Device
    ) -> tuple[PointSpec | None, tuple[str, list[str], str]]:
        if entry.measured is not None:
            m = entry.measured
            low, high = m.achieved_range
            readout = (
                f"{m.label} on {m.device}: {format_flops(m.flops)}, {format_bytes(m.bytes)}, "
                f"intensity {m.intensity:.4g} FLOP/B, achieved {format_flop_rate(m.achieved)} "
                f"(spread ±{m.spread / 2:.0%}), median {format_duration(m.seconds)}"
            )
            spec = PointSpec(entry.key, m.intensity, m.achieved, m.op, readout, True, low, high)
            cells = [
                f"{m.op} {m.shape} (measured, {m.device})",
                m.dtype,
                format_flops(m.flops),
                format_bytes(m.bytes),
                f"{m.intensity:.4g}",
                f"{format_flop_rate(m.achieved)} ±{m.spread / 2:.0%}",
                "measured",
                format_duration(m.seconds),
            ]
            return spec, (entry.key, cells, readout)
        try:
            cost, result = self._evaluate(entry)
        except InputError as exc:
            return None, (entry.key, [entry.name, "", "", "", "", exc.message, "", ""], "")
        same = cost.out_dtype in ("", cost.dtype)
        dtypes = cost.dtype if same else f"{cost.dtype}→{cost.out_dtype}"
        shape = " ".join(f"{k}={v:,}" for k, v in cost.sizes.items())
        title = f"{cost.name} {shape}".strip()
        bound = f"{result.bound} (MFU ≤ {result.mfu_bound:.1%})"
        readout = (
            f"{title} {dtypes}: {format_flops(cost.flops)}, {format_bytes(cost.bytes)}, "
            f"intensity {result.intensity:.4g} FLOP/B, attainable "
            f"{format_flop_rate(result.attainable)} on {_short(device)}, {bound}, "
            f"{format_duration(result.time_s)}"
        )
        short = cost.name if entry.kind == "custom" else _point_label(cost)
        spec = PointSpec(entry.key, result.intensity, result.attainable, short, readout)
        cells = [
            title,
            dtypes,
            format_flops(cost.flops),
            format_bytes(cost.bytes),
            f"{result.intensity:.4g}",
            format_flop_rate(result.attainable),
            bound,
            format_duration(result.time_s),
        ]
        return spec, (entry.key, cells, cost.convention)

    def refresh(self, keep_error: bool = False) -> None:
        """Recompute everything and redraw; on bad input keep the last good chart and say why."""
        try:
            roofs, legend = self._roof_specs()
            points, rows = self._point_rows()
        except InputError as exc:
            self._show_error(exc.message)
            return
        key = (tuple(r.key for r in roofs), tuple(r.style for r in roofs))
        if key != getattr(self, "_roof_key", None) or legend != getattr(self, "_legend", None):
            self.plot.set_roofs(roofs, legend)
            self._roof_key, self._legend = key, legend
        self.plot.set_points(points, self._selected)
        self.plot.set_trail([t[0] for t in self._trail], [t[1] for t in self._trail])
        self.table.set_rows(rows)
        self.table.select_key(self._selected)
        entry = self._entry(self._selected)
        tip = next((tip for k, _, tip in rows if k == self._selected), "")
        self.convention.setText(tip if entry is not None and entry.kind != "measured" else "")
        if not keep_error:
            self._show_error("")

    def _show_error(self, message: str) -> None:
        self.message = message
        self.error.setText(message)
        self.error.setVisible(bool(message))

    # ------------------------------------------------------------------ slots
    def _on_selection_changed(self) -> None:
        self._roof_key = None
        self.refresh()

    def _on_catalog(self) -> None:
        self._fill_devices()
        self._on_selection_changed()

    def _on_compare_changed(self, item: QListWidgetItem) -> None:
        device_id = item.data(Qt.ItemDataRole.UserRole)
        on = item.checkState() == Qt.CheckState.Checked
        self._compare = [i for i in self._compare if i != device_id] + ([device_id] if on else [])
        self.refresh()

    def _on_out_dtype(self, _index: int) -> None:
        entry = self._entry(self._selected)
        if entry is not None and entry.kind == "op":
            entry.out_dtype = self.out_dtype.currentData()
            self.refresh()

    def _add_copy(self) -> None:
        name, sizes = self.editor.value()
        self.add_op(name, sizes, self.out_dtype.currentData())

    def _on_preset(self, index: int) -> None:
        if index > 0:
            _, name, sizes = PRESETS[index - 1]
            self.add_op(name, sizes)
        self.preset.setCurrentIndex(0)

    # ------------------------------------------------------------------ TabPage
    def session_state(self) -> dict[str, Any]:
        """Points (operators and custom), compared devices and options."""
        points: list[dict[str, Any]] = []
        for e in self._entries:
            if e.kind == "op":
                points.append({"op": e.name, "sizes": e.sizes, "out_dtype": e.out_dtype})
            elif e.custom is not None:
                c = e.custom
                points.append(
                    {"label": c.name, "flops": c.flops, "bytes": c.bytes, "dtype": c.dtype}
                )
        return {
            "points": points,
            "compare": list(self._compare),
            "all_dtypes": self.all_dtypes.isChecked(),
            "vector": self.vector.isChecked(),
        }

    def restore_session(self, data: dict[str, Any]) -> list[str]:
        """Restore what :meth:`session_state` saved; returns a message per item it skipped."""
        problems: list[str] = []
        try:
            if not isinstance(data, dict):
                return [f"roofline: expected an object, got {type(data).__name__}"]
            ids = self._state.catalog.ids()
            compare = data.get("compare", self._compare)
            if isinstance(compare, list):
                self._compare = [i for i in compare if i in ids]
                problems += [
                    f"roofline: unknown device {i!r} skipped" for i in compare if i not in ids
                ]
            for box, key in ((self.all_dtypes, "all_dtypes"), (self.vector, "vector")):
                box.blockSignals(True)
                box.setChecked(bool(data.get(key, box.isChecked())))
                box.blockSignals(False)
            self._fill_devices()
            points = data.get("points")
            if isinstance(points, list):
                kept = [e for e in self._entries if e.kind == "measured"]
                self._entries = kept
                for p in points:
                    try:
                        if isinstance(p, dict) and "op" in p:
                            sizes = p.get("sizes") or {}
                            self.add_op(str(p["op"]), dict(sizes), p.get("out_dtype"))
                        else:
                            self.add_requested_point(p)
                    except (InputError, TypeError, ValueError) as exc:
                        problems.append(f"roofline point skipped: {exc}")
            self.refresh()
        except Exception as exc:
            problems.append(f"roofline: could not restore ({exc})")
        return problems

    def export_plot(self) -> Any:
        """The chart's PlotItem (for SVG)."""
        return self.plot.plot

    def apply_theme(self, theme: Any) -> None:
        """Re-colour the chart for the theme and presentation scale."""
        self.plot.apply_theme(theme)
        self._roof_key = None
        self.refresh()


def _point_label(cost: OpCost) -> str:
    sizes = list(cost.sizes.values())
    if cost.name in ("relu", "gelu", "dot", "add", "copy"):
        return cost.name
    if len(set(sizes)) == 1:
        return f"{cost.name} {sizes[0]:,}"
    return f"{cost.name} {'×'.join(f'{v:,}' for v in sizes)}"


def build(state: AppState) -> RooflinePage:
    """Build the Roofline tab's page."""
    return RooflinePage(state)

"""The Roofline tab: ceilings per device and dtype, operator points that slide with their shape,
points sent by other tabs, and measured points from the benchmark runner.

Every number comes from :mod:`core.roofline.ops` and :mod:`core.roofline.bounds`; this module turns the results
into text and plain specs for :mod:`widgets.roofline.plot` and :mod:`widgets.roofline.table`.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics, QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QScrollArea,
)

from app.state import AppState
from app.tabs.base import TabPage
from app.tabs.roofline_model import (
    DEFAULT_COMPARE,
    LECTURE_PRESETS,
    PRESETS,
    Entry,
    build_roofs,
    compact_name,
    point_row,
    preset_titles,
    short_name,
)
from core import texts
from core.bench.this_machine import THIS_MACHINE_ID
from core.echo import brief
from core.errors import InputError
from core.roofline.bounds import (
    MeasuredPoint,
    RooflineResult,
    evaluate,
    measured_from_dict,
)
from core.roofline.hardware import DTYPES
from core.roofline.ops import MAX_SIZE, MIN_SIZE, OP_SIZES, OpCost, custom_cost, op_cost
from core.validate import positive_int
from widgets.i18n import localized, translate
from widgets.roofline.panel import RooflinePanel
from widgets.roofline.plot import PointSpec, RooflinePlot, RoofSpec
from widgets.roofline.table import RooflineTable
from widgets.splitter import DefaultSplitter

__all__ = ["CHART_SHARE", "LECTURE_PRESETS", "PRESETS", "RooflinePage", "build"]

_TRAIL_MAX = 200
#: The heights of the chart and of the points table, in proportion (the chart 79 %).
CHART_SHARE = (15, 4)
#: The narrowest chart (pixels) a slide's caption is fitted to.
_CAPTION_MIN_PX = 640


def _parse_size(name: str, text: str) -> int:
    return positive_int(text, f"size {name}", low=MIN_SIZE, high=MAX_SIZE)


def _share(value: Any) -> float | None:
    """A point's share (0 to 1) from another tab, or ``None`` when it gave none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise InputError(
            texts.translate(
                "RooflineTab", "roofline point: share must be from 0 to 1, got {value}"
            ).format(value=brief(value))
        )
    return float(value)


_SUPERSCRIPTS = {2: "²", 3: "³", 4: "⁴"}


def _compact_size(value: int) -> str:
    """``1M`` for 1,048,576, ``16k`` for 16,384, ``4096`` as it is (sizes of 10,000 and more that
    are whole multiples of 1024 get a binary suffix)."""
    for suffix, unit in (("G", 2**30), ("M", 2**20), ("k", 2**10)):
        if value >= 10_000 and value % unit == 0:
            return f"{value // unit}{suffix}"
    return f"{value:,}" if value >= 10_000 else str(value)


def _caption_op(name: str, sizes: dict[str, int]) -> str:
    """An operator and its sizes in a few characters: ``relu 1M``, ``matmul 1024³``."""
    values = list(sizes.values())
    if len(values) > 1 and len(set(values)) == 1 and len(values) in _SUPERSCRIPTS:
        return f"{name} {_compact_size(values[0])}{_SUPERSCRIPTS[len(values)]}"
    return f"{name} {'×'.join(_compact_size(v) for v in values)}".strip()


class RooflinePage(TabPage):
    """Roofline chart, points table and controls (devices to compare, operator shapes)."""

    tab_id = "roofline"
    caption_keys = ("compare",)

    def __init__(self, state: AppState) -> None:
        super().__init__()
        self._state = state
        self._counter = itertools.count(1)
        self._entries: list[Entry] = []
        self._selected = ""
        self._trail: list[tuple[float, float]] = []
        self._compare: list[str] = [d for d in DEFAULT_COMPARE if d in state.catalog.ids()]
        self._known_ids: set[str] = set(state.catalog.ids())
        self.message = ""
        self._row_cache: dict[tuple[Any, ...], Any] = {}
        self._roof_cache: tuple[tuple[Any, ...], Any] | None = None
        self.plot = RooflinePlot(self)
        self.table = RooflineTable(self)
        self._build_layout()
        self._wire()
        self.reset_presets()
        self.plot.fit()

    # ------------------------------------------------------------------ layout
    def _build_layout(self) -> None:
        self.panel = RooflinePanel(OP_SIZES, _parse_size, MAX_SIZE, DTYPES, preset_titles(), self)
        panel = self.panel
        self.editor, self.out_dtype = panel.editor, panel.out_dtype
        self.all_dtypes, self.vector = panel.all_dtypes, panel.vector
        self.convention = panel.convention
        scroll = QScrollArea(self)
        scroll.setWidget(panel)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(330)
        scroll.setMaximumWidth(400)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._panel_scroll = scroll
        # The chart is the subject: it keeps CHART_SHARE of the height whatever the table holds
        # (the table shows MIN_ROWS rows at least and scrolls past what fits).
        right = DefaultSplitter(Qt.Orientation.Vertical, CHART_SHARE, self)
        right.addWidget(self.plot)
        right.addWidget(self.table)
        right.setStretchFactor(0, CHART_SHARE[0])
        right.setStretchFactor(1, CHART_SHARE[1])
        self._splitter = right
        right.restore()
        layout = QHBoxLayout(self)
        layout.addWidget(scroll)
        layout.addWidget(right, 1)
        self._fill_devices()

    def _fill_devices(self) -> None:
        state = self._state
        self.panel.set_devices(
            [
                (d.id, short_name(d), d.id in self._compare or d.id == state.device_id)
                for d in state.catalog.devices
            ]
        )

    def _wire(self) -> None:
        s = self._state
        # Bound methods, not lambdas: Qt disconnects them when this page is deleted (a language
        # switch rebuilds it); a lambda would keep the old page's widgets answering.
        s.deviceChanged.connect(self._on_selection_changed)
        s.dtypeChanged.connect(self._on_selection_changed)
        s.catalogChanged.connect(self._on_catalog)
        s.rooflinePointRequested.connect(self.add_requested_point)
        s.measuredPoint.connect(self._on_measured_point)
        s.measuredPoints.connect(self.add_measured_points)
        self.panel.compareToggled.connect(self._on_compare_changed)
        self.all_dtypes.toggled.connect(lambda _on: self.refresh())
        self.vector.toggled.connect(lambda _on: self.refresh())
        self.editor.shapeChanged.connect(self.set_selected_shape)
        self.out_dtype.currentIndexChanged.connect(self._on_out_dtype)
        self.panel.add_button.clicked.connect(self._add_copy)
        self.panel.remove_button.clicked.connect(self.remove_selected)
        self.panel.lecture_button.clicked.connect(self.reset_presets)
        self.panel.presetChosen.connect(self._on_preset)
        self.panel.fit_button.clicked.connect(self.plot.fit)
        self.plot.pointClicked.connect(self.select)
        self.table.pointSelected.connect(self.select)

    # ------------------------------------------------------------------ public API
    def add_op(self, name: str, sizes: dict[str, Any], out_dtype: str | None = None) -> str:
        """Add an operator point; returns its key. Raises :class:`InputError` for bad input."""
        op_cost(name, self._state.dtype, out_dtype=out_dtype, **sizes)  # validate first
        entry = Entry(f"p{next(self._counter)}", "op", name, dict(sizes), out_dtype)
        entry.sizes = dict(entry.cost(self._state.dtype).sizes)
        self._entries.append(entry)
        self.select(entry.key)
        return entry.key

    def add_requested_point(self, point: dict[str, Any]) -> None:
        """Show a point another tab asked for: ``{"label", "flops", "bytes", "dtype", "source"}``
        and optionally ``"share"`` (0 to 1: its share of a whole, which sizes its marker).

        Bad points show a message; nothing else changes.
        """
        try:
            if not isinstance(point, dict):
                raise InputError(
                    texts.translate(
                        "RooflineTab", "roofline point: expected a dict, got {type}"
                    ).format(type=type(point).__name__)
                )
            dtype = point.get("dtype") or self._state.dtype
            source = str(point.get("source", "")).strip()
            convention = (
                texts.translate(
                    "RooflineTab", "FLOPs and bytes counted by the {source} tab."
                ).format(source=source)
                if source
                else ""
            )
            share = _share(point.get("share"))
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
        entry = Entry(
            f"p{next(self._counter)}", "custom", cost.name, custom=cost, share=share, source=source
        )
        self._entries.append(entry)
        self.select(entry.key)

    def add_measured_points(self, points: list[dict[str, Any]]) -> list[str]:
        """Add benchmark measurements (dicts with ``op, dtype, shape, flops, bytes, seconds,
        spread, device``); returns a message per point that was refused (the rest are shown).

        However many points come, the chart and the table are redrawn once (a file of 10,000
        points loads in about a second)."""
        problems = []
        added = []
        for point in points:
            try:
                measured = measured_from_dict(point)
            except InputError as exc:
                problems.append(exc.message)
                continue
            self._entries.append(
                Entry(f"m{next(self._counter)}", "measured", measured.op, measured=measured)
            )
            if measured.flops > 0:
                added.append((measured.intensity, measured.achieved))
        if problems:
            shown = "; ".join(localized(p) for p in problems[:3])
            if len(problems) > 3:
                shown = translate("RooflineTab", "{problems}; and {count} more").format(
                    problems=shown, count=len(problems) - 3
                )
            self._show_error(shown)
        self.refresh(keep_error=bool(problems))
        self.plot.ensure_visible(added)
        return problems

    def remove_selected(self) -> None:
        """Remove the selected point."""
        self._entries = [e for e in self._entries if e.key != self._selected]
        self.select(self._entries[-1].key if self._entries else "")

    def reset_presets(self) -> None:
        """Show the lecture's five operators (custom and measured points are kept)."""
        self._entries = [e for e in self._entries if e.kind != "op"]
        for name, sizes in LECTURE_PRESETS:
            self._entries.append(Entry(f"p{next(self._counter)}", "op", name, dict(sizes)))
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
        if name != entry.name:
            self._trail = []  # a different operator: its path starts afresh
        old = self._evaluate_quiet(entry) if name == entry.name else None
        if old is not None and (not self._trail or self._trail[-1] != old):
            self._trail.append(old)
        self._trail = self._trail[-_TRAIL_MAX:]
        entry.name, entry.sizes = name, dict(result[0].sizes)
        self.refresh()

    # ------------------------------------------------------------------ computing
    def _entry(self, key: str) -> Entry | None:
        return next((e for e in self._entries if e.key == key), None)

    def _evaluate(self, entry: Entry) -> tuple[OpCost, RooflineResult]:
        cost = entry.cost(self._state.dtype)
        return cost, evaluate(cost, self._state.device)

    def _evaluate_quiet(self, entry: Entry) -> tuple[float, float] | None:
        try:
            _, result = self._evaluate(entry)
        except InputError:
            return None
        return result.intensity, result.attainable

    def _roof_specs(self) -> tuple[list[RoofSpec], list[tuple[str, int]], list[str]]:
        key = (
            self._state.device,
            self._state.dtype,
            tuple(self._compare),
            self.all_dtypes.isChecked(),
            self.vector.isChecked(),
            self._state.catalog,
        )
        if self._roof_cache is None or self._roof_cache[0] != key:
            state = self._state
            compared = [state.catalog.get(i) for i in self._compare if i in state.catalog.ids()]
            roofs = build_roofs(
                state.device,
                state.dtype,
                compared,
                all_dtypes=self.all_dtypes.isChecked(),
                vector=self.vector.isChecked(),
            )
            self._roof_cache = (key, roofs)
        return self._roof_cache[1]

    def _point_rows(self) -> tuple[list[PointSpec], list[tuple[str, list[str], str]]]:
        """Specs and table rows of every point; unchanged points come from a cache."""
        device, dtype = self._state.device, self._state.dtype
        cache: dict[tuple[Any, ...], tuple[PointSpec | None, tuple[str, list[str], str]]] = {}
        specs: list[PointSpec] = []
        rows: list[tuple[str, list[str], str]] = []
        selection = (dtype, device.id, device.mem_bandwidth, tuple(device.peak_flops.items()))
        catalog = self._state.catalog
        # The machine the benchmark measured: a point above its own ceiling is marked doubtful.
        machine = catalog.get(THIS_MACHINE_ID) if THIS_MACHINE_ID in catalog.ids() else None
        ceilings = (machine.mem_bandwidth, tuple(machine.peak_flops.items())) if machine else None
        for entry in self._entries:
            key: tuple[Any, ...] = (
                (entry.key, ceilings)  # a measurement's row depends on nothing else
                if entry.measured is not None
                else (entry.key, entry.name, tuple(entry.sizes.items()), entry.out_dtype, selection)
            )
            found = self._row_cache.get(key)
            if found is None:
                found = point_row(entry, device, dtype, machine)
            cache[key] = found
            spec, row = found
            if spec is not None:
                specs.append(spec)
            rows.append(row)
        self._row_cache = cache
        return specs, rows

    def refresh(self, keep_error: bool = False) -> None:
        """Recompute everything and redraw; on bad input keep the last good chart and say why."""
        try:
            roofs, legend, notes = self._roof_specs()
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
        if self.table.selected_key() != self._selected:
            self.table.select_key(self._selected)
        entry = self._entry(self._selected)
        tip = next((tip for k, _, tip in rows if k == self._selected), "")
        tip = tip if entry is not None and entry.kind != "measured" else ""
        self.panel.set_convention(tip)
        if not keep_error:
            self._show_error("; ".join(notes))

    def _show_error(self, message: str) -> None:
        """Show ``message`` (a core sentence is shown in the window's language)."""
        self.message = localized(message)
        self.panel.set_error(self.message)

    # ------------------------------------------------------------------ slots
    def _on_selection_changed(self, _value: str = "") -> None:
        self._roof_key = None
        self.refresh()

    def _on_measured_point(self, point: dict[str, Any]) -> None:
        self.add_measured_points([point])

    def _on_catalog(self) -> None:
        """A device was added or replaced: newcomers (e.g. "this machine") join the comparison."""
        ids = self._state.catalog.ids()
        for device_id in ids:
            if device_id not in self._known_ids and device_id not in self._compare:
                self._compare.append(device_id)
        self._known_ids = set(ids)
        self._compare = [i for i in self._compare if i in ids]
        self._roof_cache = None
        self._fill_devices()
        self._on_selection_changed()

    def _on_compare_changed(self, device_id: str, on: bool) -> None:
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
        _, name, sizes = PRESETS[index]
        self.add_op(name, sizes)

    # ------------------------------------------------------------------ TabPage
    def session_state(self) -> dict[str, Any]:
        """Points (operators and custom), compared devices and options."""
        points: list[dict[str, Any]] = []
        for e in self._entries:
            if e.kind == "op":
                points.append({"op": e.name, "sizes": e.sizes, "out_dtype": e.out_dtype})
            elif e.custom is not None:
                c = e.custom
                point = {"label": c.name, "flops": c.flops, "bytes": c.bytes, "dtype": c.dtype}
                if e.source:
                    point["source"] = e.source
                if e.share is not None:
                    point["share"] = e.share
                points.append(point)
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
                return [
                    texts.translate(
                        "RooflineTab", "roofline: expected an object, got {type}"
                    ).format(type=type(data).__name__)
                ]
            ids = self._state.catalog.ids()
            compare = data.get("compare", self._compare)
            if isinstance(compare, list):
                self._compare = [i for i in compare if i in ids]
                unknown = texts.translate(
                    "RooflineTab", "roofline: unknown device {device} skipped"
                )
                problems += [unknown.format(device=brief(i)) for i in compare if i not in ids]
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
                        why = exc.message if isinstance(exc, InputError) else str(exc)
                        problems.append(
                            texts.translate(
                                "RooflineTab", "roofline point skipped: {problem}"
                            ).format(problem=why)
                        )
            self.refresh()
        except Exception as exc:
            problems.append(
                texts.translate("RooflineTab", "roofline: could not restore ({problem})").format(
                    problem=str(exc)
                )
            )
        return problems

    def carried_state(self) -> dict[str, Any]:
        """What the session does not hold: the measured points and the chart's zoom."""
        return {
            "measured": [e.measured for e in self._entries if e.measured is not None],
            "view": self.plot.view.viewRange(),
        }

    def take_over(self, carried: Any) -> None:
        """Show the measured points and the zoom of the page this one replaces."""
        if not isinstance(carried, dict):
            return
        for measured in carried.get("measured", ()):
            if isinstance(measured, MeasuredPoint):
                key = f"m{next(self._counter)}"
                self._entries.append(Entry(key, "measured", measured.op, measured=measured))
        self.refresh()
        view = carried.get("view")
        if isinstance(view, list | tuple) and len(view) == 2:
            (x0, x1), (y0, y1) = view
            self.plot.view.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)

    def caption_parts(self) -> list[str]:
        """The points plotted (operators with their sizes, custom points, how many measured) and
        the compared devices; points that would not fit the chart's width become "+N more"."""
        names: list[str] = []
        for e in self._entries:
            if e.kind == "op":
                names.append(_caption_op(e.name, e.sizes))
            elif e.kind == "custom":
                names.append(e.name)
        measured = sum(1 for e in self._entries if e.kind == "measured")
        tail: list[str] = []
        if measured:
            tail.append(translate("RooflineTab", "{count} measured").format(count=measured))
        state = self._state
        compared = [
            compact_name(state.catalog.get(i))
            for i in self._compare
            if i in state.catalog.ids() and i != state.device_id
        ]
        if compared:
            tail.append(
                translate("RooflineTab", "vs {devices}").format(devices=", ".join(compared))
            )
        more = translate("RooflineTab", "+{count} more")
        head = [localized(state.device.name), state.dtype]
        metrics = QFontMetrics(QGuiApplication.font())  # the caption's font (app.export)
        room = max(self.plot.widget.width(), _CAPTION_MIN_PX) - 16
        shown = list(names)
        while True:
            points = ", ".join(shown)
            if len(shown) < len(names):
                extra = more.format(count=len(names) - len(shown))
                points = f"{points}, {extra}" if points else extra
            line = " · ".join([*head, *([points] if points else []), *tail])
            if not shown or metrics.horizontalAdvance(line) <= room:
                break
            shown.pop()
        return ([points] if points else []) + tail

    def export_plot(self) -> Any:
        """The chart's PlotItem (for SVG)."""
        return self.plot.plot

    def apply_theme(self, theme: Any) -> None:
        """Re-colour the chart for the theme and presentation scale."""
        self.panel.set_compact(getattr(theme, "scale", 1.0) > 1.0)
        # The control column is as wide as its controls need at this font: never cut off.
        bar = self._panel_scroll.verticalScrollBar().sizeHint().width()
        needed = self.panel.minimumSizeHint().width() + bar + 4
        self._panel_scroll.setMinimumWidth(max(330, needed))
        self._panel_scroll.setMaximumWidth(max(400, needed))
        self.plot.apply_theme(theme)
        self._roof_key = None
        self.refresh()


def build(state: AppState) -> RooflinePage:
    """Build the Roofline tab's page."""
    return RooflinePage(state)

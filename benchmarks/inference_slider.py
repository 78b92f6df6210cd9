"""Benchmark: the Inference tab's batch slider, one step of it, redrawn (markers moved and the
charts repainted), against a repaint with no change.

The tab sweeps every batch once per input change; a slider step only moves the roofline's
prefill and decode points, the curves' line and markers, the memory bar and the headline. A
"step" is the slider's move and the event loop's pass that repaints what it changed (the charts
are counted to be sure they were repainted); "still" forces the three charts and the bar to
repaint with nothing changed (one full paint, for reference). The
issue's budget is 16 ms (one frame at 60 Hz). Offscreen, llama3-8b on one H100 (the tab's
defaults), the slider swept over every batch it offers. Run with
``python benchmarks/inference_slider.py [--repeats N]``; prints medians and the 90th and 95th percentiles
in milliseconds, as wall time and this process's CPU time (on a shared machine CPU time is the
fairer figure).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BUDGET_MS = 16.0

from PySide6.QtCore import QEvent, QObject  # noqa: E402 (after the platform is chosen)


def _build(presentation: bool):
    from app.gui import make_application

    app = make_application(offscreen=True)
    from app.state import AppState
    from app.tabs.inference_tab import InferencePage
    from app.theme import apply_theme, theme
    from core.roofline.hardware import load_catalog

    state = AppState(load_catalog([]))
    page = InferencePage(state)
    page.resize(1280, 720 if presentation else 820)
    apply_theme(app, theme("light", presentation))
    page.apply_theme(theme("light", presentation))
    page.show()
    app.processEvents()
    return app, page


def _repaint(app, page) -> None:
    """Ask the charts and the bar to repaint and let the event loop paint them."""
    page.roofline.widget.viewport().update()
    page.curves.latency.viewport().update()
    page.curves.throughput.viewport().update()
    page.memory_bar.update()
    app.processEvents()


class _PaintCounter(QObject):
    """Counts the charts' paint events (a step must repaint them, not merely move data)."""

    def __init__(self, page) -> None:
        super().__init__()
        self.count = 0
        self.per_step: list[int] = []
        for view in (page.roofline.widget, page.curves.latency, page.curves.throughput):
            view.viewport().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _stats(values: list[float]) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(values):6.2f}  p90 {_percentile(ordered, 0.90):6.2f}  "
            f"p95 {_percentile(ordered, 0.95):6.2f}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures; exit 1 if a step's median exceeds the budget."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--presentation", action="store_true", help="1280x720, larger fonts")
    args = parser.parse_args(argv)
    app, page = _build(args.presentation)
    slider = page.batch.slider
    steps = slider.maximum() + 1
    for _ in range(5):
        _repaint(app, page)
    wall: dict[str, list[float]] = {"still": [], "step": [], "move only": []}
    cpu: dict[str, list[float]] = {"still": [], "step": [], "move only": []}

    def timed(kind: str, start: tuple[float, float]) -> None:
        wall[kind].append((time.perf_counter() - start[0]) * 1e3)
        cpu[kind].append((time.process_time() - start[1]) * 1e3)

    counter = _PaintCounter(page)
    for i in range(args.repeats):
        start = (time.perf_counter(), time.process_time())
        _repaint(app, page)
        timed("still", start)
        index = (i * 7) % steps  # jumps across the range, not only neighbours
        counter.count = 0
        start = (time.perf_counter(), time.process_time())
        slider.setValue(index)  # emits: the tab moves its markers
        timed("move only", start)
        app.processEvents()  # repaints what the move changed, as the running app does
        timed("step", start)
        counter.per_step.append(counter.count)
    page._changes_timer.stop()
    print(f"Inference slider: {steps} batches on the slider (1 to {page.batch.batches()[-1]:,}), "
          f"{args.repeats} steps, {'1280x720 presentation' if args.presentation else '1280x820'}")  # fmt: skip
    for kind in ("still", "move only", "step"):
        print(f"  {kind:<10} wall {_stats(wall[kind])} ms   cpu {_stats(cpu[kind])} ms")
    painted = statistics.median(counter.per_step)
    print(f"  a step repainted {painted:g} of the 3 charts (median): the slider redraws them")
    verdict = statistics.median(cpu["step"]) <= BUDGET_MS
    print(f"  budget {BUDGET_MS:.0f} ms per step (median CPU): {'met' if verdict else 'EXCEEDED'}")
    return 0 if verdict else 1


if __name__ == "__main__":
    raise SystemExit(main())

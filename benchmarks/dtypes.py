"""Benchmarks of the Dtypes tab: the full 65,536-value table and live typing, against torch.

Run from the repository root::

    PYTHONPATH=. python benchmarks/dtypes.py

Targets (issue 3): building and showing the table of all fp16 or bf16 values in under 100 ms;
typing a value updates every format's row in under 16 ms (median). Each figure is printed next to a
baseline doing the same numeric work with a plain torch ``.view()`` (no exact arithmetic, no UI).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _median_ms(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time of this process (robust to a loaded machine), ms."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - start) * 1e3)
        cpu.append((time.process_time() - start_cpu) * 1e3)
    return statistics.median(wall), statistics.median(cpu)


def _line(label: str, ours: tuple[float, float], base: tuple[float, float], target: float) -> str:
    verdict = "OK" if ours[1] < target else "SLOW"
    return (
        f"  {label:<22} napkinlab {ours[0]:7.2f} ms wall / {ours[1]:6.2f} ms CPU   "
        f"torch {base[0]:6.2f} ms wall / {base[1]:5.2f} ms CPU   [{verdict}: CPU < {target:g} ms]"
    )


def main() -> None:
    """Print the figures."""
    import torch
    from PySide6.QtWidgets import QApplication

    torch.set_num_threads(1)  # the box is shared: pool wake-ups made the baseline jump 0.1-70 ms

    from app.state import AppState
    from app.tabs.dtypes_tab import PAGES, DtypesPage
    from core.numbers.formats import FORMATS

    app = QApplication.instance() or QApplication([])
    page = DtypesPage(AppState())
    page.resize(1280, 800)
    page.show()
    page.pages.setCurrentIndex(PAGES.index("values"))
    app.processEvents()

    print("Full table of all 65,536 codes (build model + show, median of 15)")
    for fid in ("float16", "bfloat16"):

        def build(fid: str = fid) -> None:
            page._values_for = ""
            page.show_values_table(fid)
            page.values_table.scrollToTop()
            app.processEvents()
            page.values_table.viewport().repaint()

        dtype = getattr(torch, fid)

        def baseline(dtype: torch.dtype = dtype) -> None:
            codes = torch.arange(65536, dtype=torch.int32).to(torch.int16)
            codes.view(dtype).to(torch.float64).numpy()

        print(_line(fid, _median_ms(build, 15), _median_ms(baseline, 15), 100))

    print("Typing a value: every format's row updated (parse + exact encode + table), median")
    texts = ["1e-8", "1/3", "pi", "2**-9", "65504", "448.5", "-0.1", "1e30", "3.14159", "nan"]
    page.pages.setCurrentIndex(PAGES.index("bits"))
    app.processEvents()
    index = {"i": 0}

    def type_one() -> None:
        page.value_field.setText(texts[index["i"] % len(texts)])
        index["i"] += 1
        app.processEvents()

    torch_ids = [f for f in FORMATS.values() if f.torch_name]
    values = [1e-8, 1 / 3, 3.141592653589793, 2.0**-9, 65504.0, 448.5, -0.1, 1e30, 3.14159]

    def baseline_typing() -> None:
        x = torch.tensor([values[index["i"] % len(values)]], dtype=torch.float32)
        index["i"] += 1
        for f in torch_ids:
            stored = x.to(getattr(torch, f.torch_name))
            stored.view(
                torch.uint8 if f.bits == 8 else torch.int16 if f.bits == 16 else stored.dtype
            )
            float(stored.to(torch.float64).item())

    def type_no_paint() -> None:
        page.value_field.setText(texts[index["i"] % len(texts)])
        index["i"] += 1

    label = f"{len(FORMATS)} formats (torch: {len(torch_ids)})"
    print(_line(label, _median_ms(type_one, 60), _median_ms(baseline_typing, 60), 16))
    print(_line("  (rows only, no paint)", _median_ms(type_no_paint, 60), (0.0, 0.0), 16))
    app.processEvents()
    print(f"  load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    page.shutdown()


if __name__ == "__main__":
    main()

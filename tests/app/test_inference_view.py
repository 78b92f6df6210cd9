"""The Inference tab's plain data: the batches it sweeps and the roofline's range."""

from __future__ import annotations

import itertools
import math

from app.tabs.inference_view import batch_grid, rate, roofs, view_range
from core.inference.serve import InferenceInput, sweep
from core.memory.models import PRESETS
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog


def test_grid_is_dense_then_geometric_to_twice_the_largest():
    grid = batch_grid(356)
    assert grid[:64] == list(range(1, 65))
    assert grid[-1] == 712 and 356 in grid and 357 in grid
    beyond = [b for b in grid if b > 64 and b not in (356, 357)]
    # 16 per doubling from 64 to 712: log2(712 / 64) × 16 ≈ 55.6 steps.
    assert len(beyond) == math.ceil(16 * math.log2(712 / 64))
    assert all(b / a < 2 ** (1 / 16) + 0.02 for a, b in itertools.pairwise(grid[63:]))


def test_grid_when_nothing_fits_and_for_a_chosen_batch():
    assert batch_grid(0)[-1] == 256
    assert 5000 in batch_grid(10, chosen=5000)


def test_range_holds_every_point_in_whole_decades():
    device = load_catalog().get("h100-sxm")
    inp = InferenceInput(PRESETS["llama3-8b"], device, calibration(device))
    results = sweep(inp, batch_grid(356))
    specs, _ = roofs(results[0])
    (x0, x1), (y0, y1) = view_range(results, specs)
    assert x1 - x0 >= 4.0 and y1 - y0 >= 3.5
    for r in results:
        for p in (r.decode, r.prefill):
            assert x0 < math.log10(p.intensity) < x1
            assert y0 < math.log10(p.flops / p.seconds) < y1


def test_rates_read_whole():
    assert rate(53240.4) == "53,240" and rate(99.5) == "99.5"

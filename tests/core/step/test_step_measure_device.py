"""Where a measured step runs and how its profiled ops are matched to the traced ones.

The alignment is checked against hand-made sequences (the expected matches written out); the CUDA
path is checked for its refusals here and run for real by ``benchmarks/gpu_check.py`` on a GPU.
"""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch")

from core.errors import InputError  # noqa: E402
from core.memory.estimate import MemoryConfig  # noqa: E402
from core.memory.models import parse_model  # noqa: E402
from core.memory.recipes import recipe  # noqa: E402
from core.step.measure import (  # noqa: E402
    align_ops,
    check_fits,
    measurable,
    measure_config,
    measure_device,
)
from core.step.trace import trace_config  # noqa: E402


def test_equal_sequences_align_one_to_one() -> None:
    names = ["mm", "add", "relu", "mm"]
    assert align_ops(names, list(names)) == [0, 1, 2, 3]


def test_an_op_only_one_side_has_stays_unmatched_and_the_rest_keep_their_order() -> None:
    traced = ["mm", "_fused_rms_norm", "mm", "add"]
    run = ["mm", "pow", "mean", "rsqrt", "mul", "mm", "add"]
    # By hand: mm->0, the stand-in has no counterpart, mm->5, add->6.
    assert align_ops(traced, run) == [0, None, 5, 6]
    assert align_ops(["a", "b"], []) == [None, None]


def test_the_measuring_device_follows_what_torch_sees() -> None:
    assert measure_device("cpu") == "cpu"
    assert measure_device("auto") == ("cuda" if torch.cuda.is_available() else "cpu")
    with pytest.raises(InputError, match="allowed: auto, cpu or cuda"):
        measure_device("tpu")
    if not torch.cuda.is_available():
        with pytest.raises(InputError, match="no CUDA GPU"):
            measure_device("cuda")


def test_measurable_picks_the_kernels_of_the_measuring_device() -> None:
    cfg = MemoryConfig(parse_model("mlp:d=16,layers=2"), batch=2, recipe=recipe("fp32"))
    assert measurable(cfg, "cpu").kernels == "cpu"
    assert measurable(cfg).kernels == measure_device("auto")


def test_a_cpu_measurement_reports_its_device_and_matches_every_op() -> None:
    cfg = measurable(
        MemoryConfig(parse_model("mlp:d=16,layers=2"), batch=2, recipe=recipe("fp32")), "cpu"
    )
    tr = trace_config(cfg)
    measured = measure_config(cfg, tr, device="cpu")
    assert measured.device == "cpu" and measured.mismatch == ""
    assert measured.matched == len(tr.ops)
    assert all(not math.isnan(s) for s in measured.seconds)


def test_the_fit_check_names_the_device_it_checked() -> None:
    cfg = MemoryConfig(parse_model("mlp:d=16,layers=2"), batch=2, recipe=recipe("fp32"))
    with pytest.raises(InputError, match="this machine has"):
        check_fits(cfg, available=1.0)

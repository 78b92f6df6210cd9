"""A person's achievable fractions: listed with their origins, written, refused, cleared, used."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from core.errors import InputError
from core.roofline.achievable import FIELDS, read_overrides, user_calibration_path
from core.roofline.fractions import (
    clear_overrides,
    fraction_rows,
    parse_field_text,
    save_overrides,
    value_text,
)
from core.roofline.hardware import device_from_dict, load_catalog

DEVICE = {"id": "test-gpu", "name": "Test GPU", "vendor": "nvidia",
          "peak_flops": {"bf16": 1e15, "fp32": 1e14}, "mem_bandwidth": 2e12,
          "memory_bytes": 80e9, "source": "a test device"}  # fmt: skip
BUILTIN = {"test-gpu": {"gemm_efficiency": (0.8, "paper"),
                        "attention_forward_efficiency": (0.6, "paper"),
                        "attention_backward_efficiency": (0.5, "paper"),
                        "memory_bandwidth_fraction": (0.9, "paper"),
                        "intra_node_busbw_fraction": (0.8, "paper"),
                        "inter_node_busbw_fraction": (0.75, "paper"),
                        "kernel_launch_overhead_s": (3e-6, "paper")}}  # fmt: skip


def _rows(**kwargs):
    rows, _notes = fraction_rows(device_from_dict(DEVICE), builtin=BUILTIN, **kwargs)
    return {r.field: r for r in rows}


def test_every_field_is_a_row_with_its_origin() -> None:
    rows = _rows()
    assert set(rows) == set(FIELDS)
    assert rows["gemm_efficiency"].value == 0.8 and rows["gemm_efficiency"].origin == "builtin"
    assert rows["gemm_efficiency"].source == "paper"
    assert rows["sm_count"].value is None and rows["sm_count"].origin == ""
    assert not rows["attention_kernels"].editable and rows["gemm_tile"].editable


def test_an_override_beats_a_measurement_which_beats_the_builtin() -> None:
    from core.bench.this_machine import this_machine

    # A GPU the benchmark measured at 0.6 of the device's bf16 peak and 0.5 of its bandwidth.
    measured = this_machine([
        {"op": "matmul", "dtype": "bf16", "flop_rate": 6e14, "device": "cuda"},
        {"op": "copy", "dtype": "fp32", "byte_rate": 1e12, "device": "cuda"},
    ])  # fmt: skip
    measured = replace(measured, extra={"matches": "test-gpu"})
    rows = _rows(measured=measured)
    assert rows["gemm_efficiency"].value == pytest.approx(0.6)
    assert rows["gemm_efficiency"].origin == "measured"
    assert rows["memory_bandwidth_fraction"].value == pytest.approx(0.5)
    assert rows["attention_forward_efficiency"].origin == "builtin"
    mine = {"test-gpu": {"gemm_efficiency": (0.7, "your override")}}
    rows = _rows(measured=measured, overrides=mine)
    assert rows["gemm_efficiency"].value == 0.7 and rows["gemm_efficiency"].overridden
    assert rows["memory_bandwidth_fraction"].origin == "measured"


def test_round_trip_through_the_file_keeps_the_other_devices() -> None:
    path = user_calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    theirs = {"schema_version": 1, "devices": {"a100-sxm": {
        "memory_bandwidth_fraction": {"value": 0.85, "source": "my stream run"}}}}  # fmt: skip
    path.write_text(json.dumps(theirs))
    save_overrides("test-gpu", {"gemm_efficiency": "0.7", "gemm_tile": "128x256"})
    found, problem = read_overrides()
    assert problem == ""
    assert found["test-gpu"]["gemm_efficiency"][0] == 0.7
    assert found["test-gpu"]["gemm_tile"][0] == (128, 256)
    assert found["a100-sxm"]["memory_bandwidth_fraction"] == (0.85, "my stream run")
    rows = _rows(overrides=found)
    assert rows["gemm_efficiency"].overridden and rows["gemm_tile"].text == "128x256"
    assert parse_field_text("gemm_tile", rows["gemm_tile"].text) == (128, 256)
    # A second change keeps the first; a reset takes only this device's.
    save_overrides("test-gpu", {"kernel_launch_overhead_s": 1e-6})
    found, _ = read_overrides()
    assert set(found["test-gpu"]) == {"gemm_efficiency", "gemm_tile", "kernel_launch_overhead_s"}
    assert clear_overrides("test-gpu") is True
    found, _ = read_overrides()
    assert "test-gpu" not in found and "a100-sxm" in found
    assert clear_overrides("test-gpu") is False
    # --reset with --set: only the new values stay.
    save_overrides("test-gpu", {"gemm_efficiency": 0.7, "sm_count": 100})
    save_overrides("test-gpu", {"sm_count": "90"}, replace=True)
    assert set(read_overrides()[0]["test-gpu"]) == {"sm_count"}


@pytest.mark.parametrize(
    ("field", "text", "allowed"),
    [
        ("gemm_efficiency", "1.5", "a number from 0.01 to 1"),
        ("gemm_efficiency", "nan", "a number from 0.01 to 1"),
        ("memory_bandwidth_fraction", "lots", "a number from 0.01 to 1"),
        ("kernel_launch_overhead_s", "-1e-6", "a number from 0 to 0.001"),
        ("sm_count", "13.5", "a whole number"),
        ("sm_count", "inf", "a number from 1 to 100000"),
        ("gemm_tile", "128", "a list of 2 whole numbers from 1 to 4096"),
        ("attention_kernels", "flash3", "edit it in"),
        ("gemm_effciency", "0.7", "allowed: gemm_efficiency"),
    ],
)
def test_a_value_out_of_range_is_refused_and_nothing_written(
    field: str, text: str, allowed: str
) -> None:
    path = user_calibration_path()
    with pytest.raises(InputError) as info:
        save_overrides("test-gpu", {field: text})
    assert allowed in info.value.message and "test-gpu" in info.value.message
    assert not path.exists()


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"schema_version": 1, "devices": {"h100-sxm": {"gemm_efficiency": 7}}}',
        '{"schema_version": 1, "devices": {}, "devices": {}}',
    ],
)
def test_a_bad_file_is_reported_and_never_overwritten(text: str) -> None:
    path = user_calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    found, problem = read_overrides()
    assert found == {} and "ignored" in problem
    for change in (lambda: save_overrides("test-gpu", {"gemm_efficiency": 0.7}),
                   lambda: clear_overrides("test-gpu")):  # fmt: skip
        with pytest.raises(InputError, match="it was not changed"):
            change()
        assert path.read_text() == text


def test_value_text_round_trips_every_builtin_value() -> None:
    catalog = load_catalog()
    for dev_id in ("h100-sxm", "a100-sxm", "mi300x", "l4"):
        rows, _ = fraction_rows(catalog.get(dev_id))
        for row in rows:
            if row.editable and row.value is not None:
                assert parse_field_text(row.field, row.text) == pytest.approx(row.value, rel=1e-5)
    assert value_text("gemm_efficiency", None) == ""


def test_an_override_of_a_sibling_adds_to_its_builtin_values() -> None:
    h200 = load_catalog().get("h200")
    rows, _ = fraction_rows(h200)
    before = {r.field: r for r in rows}
    assert before["nccl_base_latency_s"].origin == "sibling"  # h200 takes h100-sxm's
    mine = {"h100-sxm": {"gemm_k_overhead": (300.0, "your override")}}
    rows, _ = fraction_rows(h200, overrides=mine)
    after = {r.field: r for r in rows}
    assert after["gemm_k_overhead"].value == 300.0
    # The sibling's other built-in values still apply (not dropped for the override alone).
    assert after["nccl_base_latency_s"].value == before["nccl_base_latency_s"].value
    assert after["nccl_base_latency_s"].origin == "sibling"


def _plan_small(gpus: int = 8):
    from core.memory.models import TransformerSpec
    from core.plan import plan
    from core.plan.inputs import Cluster, Layout, PlanInput

    spec = TransformerSpec("small", 1024, 1024, 4, 16, 16, 4096, gated=True, tied=False, seq=2048)
    device = load_catalog().get("h100-sxm")
    inp = PlanInput(spec, 2048, 64, Cluster(device, gpus))
    return plan(inp, Layout(tp=1, micro_batch=1))


def test_the_plan_takes_an_override_of_the_gemm_efficiency() -> None:
    from core.plan.model import device_calibration

    before = _plan_small()
    e0 = device_calibration(before.inp)["gemm_efficiency"]
    save_overrides("h100-sxm", {"gemm_efficiency": 0.9})
    cal = device_calibration(before.inp)
    assert cal["gemm_efficiency"] == 0.9 and cal.origins["gemm_efficiency"] == "override"
    assert any("your overrides" in n for n in cal.notes)
    after = _plan_small()
    # By hand: a compute-bound GEMM's time is FLOPs / (peak · e · shape/ref), so only the GEMMs
    # speed up, each by e0/e1: the compute falls, by no more than the factor e0/e1 itself.
    assert after.breakdown["compute"] < before.breakdown["compute"]
    assert after.breakdown["compute"] >= before.breakdown["compute"] * e0 / 0.9 * (1 - 1e-9)
    assert after.step_time_s < before.step_time_s and after.mfu > before.mfu
    assert any("your overrides" in a for a in after.assumptions)
    clear_overrides("h100-sxm")
    again = _plan_small()
    assert again.step_time_s == pytest.approx(before.step_time_s)


def test_a_bad_file_is_said_in_the_plan_and_not_applied() -> None:
    path = user_calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    before = _plan_small()
    path.write_text('{"schema_version": 1, "devices": {"h100-sxm": {"gemm_efficiency": 7}}}')
    after = _plan_small()
    assert after.step_time_s == pytest.approx(before.step_time_s)
    assert any("the overrides are ignored" in a for a in after.assumptions)


def test_the_step_prediction_takes_an_override_of_the_launch_overhead() -> None:
    pytest.importorskip("torch")
    from core.memory.estimate import MemoryConfig
    from core.memory.models import parse_model
    from core.memory.recipes import recipe
    from core.step.predict import predict
    from core.step.trace import trace_config

    spec = parse_model("transformer:d=64,layers=1,heads=4,vocab=128,seq=16")
    trace = trace_config(MemoryConfig(spec, batch=2, seq=16, recipe=recipe("bf16")))
    h100 = load_catalog().get("h100-sxm")
    before = predict(trace, h100)
    launch = fraction_rows(h100)[0]
    l0 = next(r.value for r in launch if r.field == "kernel_launch_overhead_s")
    save_overrides("h100-sxm", {"kernel_launch_overhead_s": 0.0})
    after = predict(trace, h100)
    # By hand: every op that launches a kernel (moves a byte or does a FLOP) pays l0 less.
    kernels = sum(1 for op in trace.ops if op.flops > 0 or op.bytes > 0)
    assert kernels > 0
    assert before.step_time_s - after.step_time_s == pytest.approx(kernels * l0)

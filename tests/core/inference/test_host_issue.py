"""The host-issue bound of a step not replayed from a CUDA graph, by hand: its time is at least
its kernels × the host's cost of issuing one (``HOST_OP_S``, checked against docs/gpu.md's own
measurement), for the prefill always and for the decode only where the engine runs eager."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core.inference.published import load_measurements
from core.inference.serve import InferenceInput, decode_context
from core.memory.models import PRESETS
from core.roofline.achievable import calibration
from core.roofline.hardware import load_catalog
from core.roofline.host import HOST_OP_S

H100 = load_catalog().get("h100-sxm")
CAL = calibration(H100)
ROOT = Path(__file__).resolve().parents[3]


def inp(name: str = "llama2-7b", **kw) -> InferenceInput:
    return InferenceInput(PRESETS[name], H100, CAL, **kw)


def test_host_op_is_the_measured_eager_call() -> None:
    # docs/gpu.md's small-kernel table: 4,096 elements of copy + relu, do_bench column
    text = (ROOT / "docs" / "gpu.md").read_text(encoding="utf-8")
    row = re.search(r"^\| 4,096 \| [\d.]+ µs \| ([\d.]+) µs \|", text, re.M)
    assert row is not None
    assert float(row.group(1)) * 1e-6 == pytest.approx(HOST_OP_S)


def test_prefill_pays_the_issue_of_each_chunks_kernels() -> None:
    # llama2-7b: 32 layers × 8 kernels + 4 = 260 kernels per forward; 16,385 prompt tokens over
    # the 8,192-token budget are 3 forwards: 780 kernels × 6.8 µs = 5.304 ms of host issue
    i = inp(prompt=8192 * 2 + 1, output=16, host_op_seconds=6.8e-6)
    prefill = i.deployment.prefill(1, i.prompt)
    assert prefill.host_s == pytest.approx(3 * 260 * 6.8e-6)
    # the GPU's 16,385 tokens × 2 × 6.7e9 FLOPs (2.2e14) take far longer than 5.3 ms
    assert prefill.seconds == prefill.gpu_s
    # not charged by default
    assert inp(prompt=8192 * 2 + 1, output=16).deployment.prefill(1, 16385).host_s == 0.0


def test_decode_pays_the_issue_only_when_eager() -> None:
    graphed = inp(prompt=128, output=128, host_op_seconds=6.8e-6)
    assert graphed.deployment.decode(1, decode_context(graphed)).host_s == 0.0
    eager = inp(prompt=128, output=128, host_op_seconds=6.8e-6, eager_decode=True)
    step = eager.deployment.decode(1, decode_context(eager))
    # 260 kernels × 6.8 µs = 1.768 ms; the GPU reads 6.74e9 × 2 B of weights, over 4 ms even at
    # the datasheet's 3.35 TB/s, so the GPU's step is the longer
    assert step.host_s == pytest.approx(260 * 6.8e-6)
    assert step.seconds == step.gpu_s > 12.0e9 / 3.35e12
    # with per-sequence host work too, both on the host's one thread: 8 × 29.4 µs + 1.768 ms
    per_seq = 45.11e-3 / 1536
    both = inp(prompt=128, output=128, host_op_seconds=6.8e-6, eager_decode=True,
               host_overhead=per_seq)  # fmt: skip
    assert both.deployment.decode(8, 192.0).host_s == pytest.approx(8 * per_seq + 260 * 6.8e-6)


def test_a_small_model_is_host_bound_when_eager() -> None:
    # GPT-2 (124M): 12 layers × 8 + 4 = 100 kernels, 0.68 ms to issue; its GPU step is about
    # 0.25 GB of weights at ~3 TB/s (~85 µs) plus 100 launch gaps of 2.4 µs (0.24 ms): the host
    # sets the pace, the step takes the host's time
    i = inp("gpt2", prompt=128, output=128, host_op_seconds=6.8e-6, eager_decode=True)
    step = i.deployment.decode(1, decode_context(i))
    assert step.host_s == pytest.approx(100 * 6.8e-6)
    assert step.gpu_s < step.host_s
    assert step.seconds == pytest.approx(100 * 6.8e-6)


def test_only_rows_whose_source_runs_eager_take_it() -> None:
    for m in load_measurements():
        inputs = m.get("inputs") or {}
        notes = " ".join(m.get("added_after_preregistration", []))
        if inputs.get("eager_decode"):
            assert "--enforce-eager True" in notes and m["url"].startswith(
                "https://github.com/mlcommons/inference_results_v4.1/"
            )
            assert inputs["host_op_seconds"] == HOST_OP_S
        elif "host_op_seconds" in inputs:  # vLLM: decode from CUDA graphs, the prefill eager
            assert m["source"] == "vllm-nightly" and inputs["host_op_seconds"] == HOST_OP_S
            assert "prefill eagerly" in m["assumed"]["host_op_seconds"]


def test_cli_json_carries_the_new_inputs() -> None:
    from app.cli.inference_cmd import run_inputs

    out = run_inputs({"model": "gpt2", "prompt": 128, "output": 128, "batch": 1,
                      "host_op_seconds": 6.8e-6, "eager_decode": True})  # fmt: skip
    assert out["host_op_seconds"] == 6.8e-6 and out["eager_decode"] is True
    assert out["decode"]["host_s"] == pytest.approx(100 * 6.8e-6)
    assert json.loads(json.dumps(out))["eager_decode"] is True

"""Shared inputs for the plan tests: a small transformer (cheap to trace), a test device and its
calibration, so hand derivations control every number."""

from __future__ import annotations

import pytest

from core.memory.models import TransformerSpec
from core.roofline.achievable import Calibration, calibration
from core.roofline.hardware import Device, device_from_dict

#: Small enough to trace in a fraction of a second, with GQA and SwiGLU like a Llama.
SMALL = TransformerSpec("small", 1024, 256, 8, 8, 4, 768, gated=True, tied=False, seq=256)
#: GPT-style: LayerNorm, GELU, biases, learned positions, tied embeddings.
SMALL_GPT = TransformerSpec("small-gpt", 1024, 256, 8, 8, 8, 1024, gated=False, tied=True,
                            norm="layernorm", bias=True, max_pos=256, seq=256)  # fmt: skip

TEST_DEVICE = {
    "id": "test-gpu",
    "name": "Test GPU",
    "vendor": "nvidia",
    "peak_flops": {"fp32": 1e14, "bf16": 1e15, "fp16": 1e15, "fp8": 2e15},
    "mem_bandwidth": 2e12,
    "memory_bytes": 80e9,
    "source": "a test device",
    "intra_node_bandwidth": 400e9,
    "intra_node_link": "test link",
    "intra_node_source": "test",
    "inter_node_bandwidth": 50e9,
    "inter_node_link": "test network",
    "inter_node_source": "test",
}
#: Round numbers, so hand derivations are easy to read.
TEST_FIELDS = {
    "gemm_efficiency": (0.8, "test"),
    "gemm_efficiency_fp8": (0.7, "test"),
    "attention_forward_efficiency": (0.6, "test"),
    "attention_backward_efficiency": (0.5, "test"),
    "memory_bandwidth_fraction": (0.9, "test"),
    "intra_node_busbw_fraction": (0.8, "test"),
    "inter_node_busbw_fraction": (0.75, "test"),
    "kernel_launch_overhead_s": (2e-6, "test"),
    "collective_latency_s": (1e-5, "test"),
    "sm_count": (100, "test"),
    "gemm_tile": ((128, 128), "test"),
}


@pytest.fixture(scope="session")
def device() -> Device:
    return device_from_dict(TEST_DEVICE)


@pytest.fixture(scope="session")
def cal(device: Device) -> Calibration:
    return calibration(device, builtin={"test-gpu": TEST_FIELDS})


def runs_carrying(words: str, field: str) -> int:
    """How many published MoE runs whose recipe entry names ``words``
    (:func:`core.plan.published_moe.recipe_names`) the plan runs with the implementation's
    ``field`` set, asserting that every other run it plans has it unset."""
    from core.errors import InputError
    from core.plan.published_moe import load_moe_runs, moe_run_input, recipe_names

    carried = 0
    for run in load_moe_runs():
        says = recipe_names(run, words)
        try:
            inp, _, _ = moe_run_input(run)
        except InputError:  # a refused run (its device or precision): nothing to run
            continue
        assert getattr(inp.implementation, field) == says, run["id"]
        carried += says
    return carried

"""Transformer Engine's fused grouped MLP (Megatron-Bridge's ``cutedsl_fused_grouped_mlp``): the
experts' gated activation and two quantizations leave the layer's time, checked against the bytes
of PyTorch's own SwiGLU ops and the recipe's quantization, on the published rows that run it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.plan import model as plan_model
from core.plan.moe import expert_rows_per_gpu
from core.plan.precision import quantize_seconds, resolve_recipe
from core.plan.published_moe import FUSED_GROUPED_MLP, load_moe_runs, moe_run_input
from core.plan.search import search
from tests.aten_ops import recorder
from tests.core.plan.conftest import runs_carrying

FUSED_ROW = "megatron-bridge-26.06-gb300-qwen3-30b-a3b-8gpu-mxfp8"
BF16_ROW = "megatron-bridge-25.11-gb300-qwen3-235b-a22b-256gpu-bf16"
#: aten ops that move no bytes of their own (views, autograd's detach) or make the test's input
_NO_TRAFFIC = ("aten.split", "aten.slice", "aten.detach", "aten.ones_like")


def _run(run_id: str) -> dict[str, Any]:
    return next(r for r in load_moe_runs() if r["id"] == run_id)


def _swiglu_bytes(rows: int, width: int) -> tuple[int, int]:
    """The most bytes one aten op of ``silu(gate) * up`` reads and writes, forward and backward
    (the plan times a fused chain at its largest member), per ``rows × width``."""
    torch = pytest.importorskip("torch")

    def largest(log: Any) -> int:
        return max(sum(t.n * t.element_size for t in ins + outs if t.dim > 0)
                   for name, ins, outs in log.ops if not name.startswith(_NO_TRAFFIC))  # fmt: skip

    x = torch.randn(rows, 2 * width, dtype=torch.bfloat16, requires_grad=True)
    with recorder() as fwd:
        gate, up = x.chunk(2, -1)
        y = torch.nn.functional.silu(gate) * up
    with recorder() as bwd:
        y.backward(torch.ones_like(y))
    return largest(fwd), largest(bwd)


def _times(inp: Any, layout: Any) -> Any:
    return plan_model._micro_times(plan_model.context(inp), layout)


def test_the_rows_whose_recipe_fuses_the_mlp_run_it_and_the_others_do_not() -> None:
    # the 26.06 and 26.08 GB200/GB300 rows (and B300's Qwen3-30B)
    assert runs_carrying(FUSED_GROUPED_MLP, "fused_grouped_mlp") >= 20


def test_the_activation_and_two_quantizations_leave_the_layer() -> None:
    inp, constraints, _ = moe_run_input(_run(FUSED_ROW))
    assert inp.implementation.fused_grouped_mlp and inp.implementation.precision == "mxfp8"
    layout = search(inp, constraints, top=1)[0].layout
    unfused = replace(inp, implementation=replace(inp.implementation, fused_grouped_mlp=False))
    with_fusion, without = _times(inp, layout), _times(unfused, layout)
    spec, device = inp.model, inp.cluster.device
    cal = plan_model.context(inp).cal
    bw, launch = cal.bandwidth(device), cal.launch_s
    rows = spec.experts / layout.ep * expert_rows_per_gpu(inp, layout)  # routed rows on a GPU
    width = spec.moe_ffn / layout.etp
    per_fwd, per_bwd = _swiglu_bytes(4, 8)  # bytes per 32 elements of the activation's output
    rec = resolve_recipe("mxfp8", inp.gemm_dtype)
    peak = device.peak(inp.compute_dtype)

    def quantized(n: float) -> float:
        return quantize_seconds(rec, device, n, bw, peak, launch)

    # forward: the activation's chain and the second GEMM's input quantization
    saved_f = per_fwd / 32 * rows * width / bw + launch + quantized(rows * width)
    # backward: the activation's backward chain and the first GEMM's output-gradient quantization
    saved_b = per_bwd / 32 * rows * width / bw + launch + quantized(rows * 2 * width)
    assert without.layer_fwd - with_fusion.layer_fwd == pytest.approx(saved_f, rel=1e-6)
    assert without.layer_bwd - with_fusion.layer_bwd == pytest.approx(saved_b, rel=1e-6)
    assert without.experts_fwd - with_fusion.experts_fwd == pytest.approx(
        quantized(rows * width), rel=1e-6
    )  # the expert GEMMs' part: the one quantization their epilogue takes over
    assert without.kernels - with_fusion.kernels == 2 + 2 * rec.kernels


def test_a_16_bit_recipe_keeps_its_kernels() -> None:
    inp, constraints, _ = moe_run_input(_run(BF16_ROW))
    layout = search(inp, constraints, top=1)[0].layout
    fused = replace(inp, implementation=replace(inp.implementation, fused_grouped_mlp=True))
    a, b = _times(inp, layout), _times(fused, layout)
    assert (a.layer_fwd, a.layer_bwd, a.kernels) == (b.layer_fwd, b.layer_bwd, b.kernels)

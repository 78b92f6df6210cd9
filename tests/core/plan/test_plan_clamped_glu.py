"""Megatron-Core's clamp before the experts' gated activation (GPT-OSS's
``activation_func_clamp_value``): its bytes and kernels against PyTorch's own ops, its time, its
host calls and the copy it keeps, and which published runs carry it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from core.plan.host import CLAMPED_GLU_KERNELS, host_ops
from core.plan.moe import CLAMPED_GLU_BYTES, clamped_glu_seconds, expert_rows_per_gpu
from core.plan.moe_kept import moe_kept
from core.plan.published_moe import load_moe_runs, moe_run_input
from tests.aten_ops import recorder

GB200_BF16 = "megatron-bridge-26.04-gb200-gpt-oss-120b-64gpu-bf16"
GB300_BF16 = "megatron-bridge-26.04-gb300-gpt-oss-120b-64gpu-bf16"
GB200_MXFP8 = "megatron-bridge-26.06-gb200-gpt-oss-120b-64gpu-mxfp8"

#: aten ops that launch no kernel of their own (views, autograd's detach) or only a one-element
#: fill (the ``where``'s zero): counted apart from the bytes
_NO_TRAFFIC = ("aten.split", "aten.slice", "aten.detach", "aten.scalar_tensor")


def _run(run_id: str) -> dict[str, Any]:
    return next(r for r in load_moe_runs() if r["id"] == run_id)


def _megatron_clamp_ops(
    rows: int, width: int
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The aten ops (name, bytes read and written) of the clamp in
    ``weighted_bias_quick_geglu_impl``, forward and backward, as PyTorch dispatches them."""
    torch = pytest.importorskip("torch")

    def moved(log: Any) -> list[tuple[str, int]]:
        # bytes of every tensor read and written, scalars (0-dim) left out
        return [(name, sum(t.n * t.element_size for t in ins + outs if t.dim > 0))
                for name, ins, outs in log.ops]  # fmt: skip

    x = torch.randn(rows, 2 * width, dtype=torch.bfloat16, requires_grad=True)
    with recorder() as fwd:
        x_glu, x_linear = x.chunk(2, -1)
        y = torch.cat((x_glu.clamp(min=None, max=7.0), x_linear.clamp(min=-7.0, max=7.0)), -1)
    grad = torch.ones_like(y)
    with recorder() as bwd:
        y.backward(grad)
    return moved(fwd), moved(bwd)


def test_bytes_and_kernels_match_pytorchs_own_ops() -> None:
    rows, width = 16, 8
    fwd, bwd = _megatron_clamp_ops(rows, width)
    ((fe, fb), (be, bb)), (kf, kb) = CLAMPED_GLU_BYTES, CLAMPED_GLU_KERNELS
    e = 2  # bf16
    moved_f = sum(n for name, n in fwd if not name.startswith(_NO_TRAFFIC))
    moved_b = sum(n for name, n in bwd if not name.startswith(_NO_TRAFFIC))
    assert moved_f == (fe * e + fb) * rows * width
    assert moved_b == (be * e + bb) * rows * width
    # forward: two clamps and the cat, plus the scalar's copy to the device (not an aten op of the
    # clamp: torch.tensor(linear_offset, device=...)); backward: every op but views and detach
    launched_f = [name for name, _ in fwd if not name.startswith(_NO_TRAFFIC)]
    launched_b = [name for name, _ in bwd if not name.startswith(("aten.split", "aten.slice",
                                                                  "aten.detach"))]  # fmt: skip
    assert len(launched_f) + 1 == kf
    assert len(launched_b) == kb


def test_seconds_follow_the_rows_each_gpu_runs() -> None:
    inp, c, _ = moe_run_input(_run(GB200_BF16))
    layout = replace_layout(inp, c)
    bw, launch = 5.0e12, 4.0e-6
    fwd, bwd, kernels = clamped_glu_seconds(inp, layout, bw, launch)
    spec = inp.model
    # 128 experts over EP 64: 2 local experts, each with EP·ETP·b·s·k/E rows (balanced)
    rows = 2 * 64 * 4 * 4096 * 4 / 128
    assert rows == spec.experts / layout.ep * expert_rows_per_gpu(inp, layout)
    width = rows * 2880
    want_f = 16 * width / bw + 4 * launch
    want_b = 30 * width / bw + 9 * launch
    # the GB200 BF16 recipe recomputes moe_act: its forward runs again in backward
    assert "moe_act" in inp.implementation.recompute_modules
    assert fwd == pytest.approx(want_f)
    assert bwd == pytest.approx(want_b + want_f)
    assert kernels == 4 + 9 + 4
    bare = replace(inp, implementation=replace(inp.implementation, recompute_modules=()))
    fwd0, bwd0, kernels0 = clamped_glu_seconds(bare, layout, bw, launch)
    assert (fwd0, kernels0) == (pytest.approx(want_f), 13) and bwd0 == pytest.approx(want_b)


def replace_layout(inp: Any, c: Any) -> Any:
    from core.plan.inputs import Layout

    return Layout(tp=c.tp or 1, pp=c.pp or 1, vpp=c.vpp or 1, cp=c.cp or 1, sp=bool(c.sp),
                  zero=c.zero or 0, micro_batch=c.micro_batch or 1, recompute=c.recompute or "none",
                  ep=c.ep or 1, etp=c.etp or 1)  # fmt: skip


def test_which_runs_clamp() -> None:
    # Megatron's GPT-OSS rows clamp; the 26.06 MXFP8 rows run the experts' MLP as one CuTeDSL
    # kernel (Transformer Engine's op fuser); AutoModel's and other models' rows do not
    for run in load_moe_runs():
        inp, _c, _ = moe_run_input(run)
        gpt_oss = str(run["model"]["preset"] or "").startswith("gpt-oss")
        megatron = run["id"].startswith(("megatron-bridge", "megatron-lm", "megatron-core"))
        fused = any("CuTeDSL fused grouped MLP" in line
                    for line in (run.get("recipe") or {}).get("not_planned") or ())  # fmt: skip
        assert inp.implementation.clamped_glu == (gpt_oss and megatron and not fused), run["id"]
    assert moe_run_input(_run(GB200_BF16))[0].implementation.clamped_glu
    assert not moe_run_input(_run(GB200_MXFP8))[0].implementation.clamped_glu


def test_the_clamp_slows_the_layer_by_its_seconds() -> None:
    from core.plan.inputs import check_layout
    from core.plan.model import context, evaluate

    inp, c, _ = moe_run_input(_run(GB200_BF16))
    layout = check_layout(inp, replace_layout(inp, c))
    off = replace(inp, implementation=replace(inp.implementation, clamped_glu=False))
    ctx = context(inp)
    on_m, off_m = evaluate(ctx, layout).micro, evaluate(context(off), layout).micro
    cal = ctx.cal
    fwd, bwd, _kernels = clamped_glu_seconds(inp, layout, cal.bandwidth(inp.cluster.device),
                                             cal.launch_s)  # fmt: skip
    share = inp.model.moe_layers / inp.model.layers
    assert on_m.layer_fwd - off_m.layer_fwd == pytest.approx(share * fwd, rel=1e-6)
    assert on_m.layer_bwd - off_m.layer_bwd == pytest.approx(share * bwd, rel=1e-6)


def test_host_counts_the_clamps_kernels() -> None:
    from core.plan.model import context

    inp, _c, _ = moe_run_input(_run(GB300_BF16))
    ops = context(inp).ops
    kw = {"experts_per_gpu": 2.0, "fused": True, "dispatcher": "deepep", "expert_bias": True,
          "te_gemms": True}  # fmt: skip
    on, off = host_ops(ops, clamped_glu=True, **kw), host_ops(ops, **kw)
    assert (on.forward - off.forward, on.backward - off.backward) == CLAMPED_GLU_KERNELS
    # a scope that captures the experts issues none of them
    graphs = ("full_iteration",)
    assert host_ops(ops, clamped_glu=True, graphs=graphs, **kw) == host_ops(
        ops, graphs=graphs, **kw
    )


@pytest.mark.parametrize("recomputed", [False, True])
def test_the_clamp_keeps_one_more_copy_unless_recomputed(recomputed: bool) -> None:
    modules = ("moe_act",) if recomputed else ()
    value = 4 * 100.0  # four hidden-wide tensors of 100 bytes
    args = ("expert hidden (4 × s·b·k·moe_ffn)", value, 2.0, 0.0, True, True, modules, True)
    plain, clamped = moe_kept(*args), moe_kept(*args, clamped_glu=True)
    # the fused activation keeps its input (2 of the 4: the clamped concatenation) and the second
    # GEMM its own input; the clamp keeps the unclamped gate-and-up output (2 more) beside them
    assert clamped - plain == (0.0 if recomputed else 200.0)
    # other terms are untouched
    other = ("dispatched tokens", 100.0, 2.0, 0.0, True, True, modules, True)
    assert moe_kept(*other) == moe_kept(*other, clamped_glu=True)

"""Muon in the traced step (the Step and Memory tabs): the optimizer's phase runs the
Newton–Schulz GEMMs on every weight matrix but the embedding and the output layer, batched per
expert for a grouped tensor, with the FLOPs the plan charges (core/plan/muon.py, whose count is
checked against PyTorch's FLOP counter), and one momentum tensor of state."""

from __future__ import annotations

import math

import pytest

from core.memory.estimate import MemoryConfig
from core.memory.models import parse_model
from core.memory.recipes import optimizer, recipe
from core.plan.muon import newton_schulz_flops

torch = pytest.importorskip("torch")

MODELS = (
    "transformer:d=64,layers=2,heads=4",
    "transformer:d=64,layers=2,heads=4,experts=4,top_k=2,moe_ffn=32",
)


def _trace(model: str, opt: str):
    from core.step.trace import trace_config

    cfg = MemoryConfig(model=parse_model(model), batch=2, seq=32, recipe=recipe("bf16"),
                       optimizer=optimizer(opt))  # fmt: skip
    return trace_config(cfg)


def _gemm_flops(trace) -> float:
    return sum(op.flops for op in trace.ops
               if op.phase == "optimizer" and op.name in ("mm", "addmm", "bmm", "baddbmm"))  # fmt: skip


@pytest.mark.parametrize("model", MODELS)
def test_muon_runs_newton_schulz_on_the_weight_matrices(model: str) -> None:
    from core.memory.modules import build_module

    with torch.device("meta"):
        module = build_module(parse_model(model))
    expected = 0.0
    for p in module.parameters():
        if p.dim() >= 2 and not getattr(p, "napkin_embedding", False):
            stack = math.prod(p.shape[:-2])  # a grouped tensor: one matrix per expert
            expected += stack * newton_schulz_flops(p.shape[-2], p.shape[-1])
    assert expected > 0
    assert _gemm_flops(_trace(model, "muon")) == pytest.approx(expected)
    assert _gemm_flops(_trace(model, "adam")) == 0  # Adam's update is elementwise


def test_the_embedding_and_the_output_layer_are_left_to_the_scalar_optimizer() -> None:
    from core.memory.modules import build_module

    with torch.device("meta"):
        module = build_module(parse_model(MODELS[0]))
    marked = {n for n, p in module.named_parameters() if getattr(p, "napkin_embedding", False)}
    assert marked == {"embed.weight", "lm_head.weight"}


def test_muon_keeps_one_momentum() -> None:
    from core.memory.modules import build_optimizer

    params = [torch.nn.Parameter(torch.zeros(8, 4))]
    opt = build_optimizer(params, recipe("bf16"), optimizer("muon"))
    assert set(opt.state[params[0]]) == {"momentum"}
    params[0].grad = torch.randn(8, 4, dtype=params[0].dtype)
    opt.step()  # runs: the orthogonalized momentum moves the weight
    assert params[0].abs().sum() > 0

"""Memory of a mixture of experts on one device: total-parameter state, balanced-routing
activations, checked against the fake-tensor trace of the module built with its experts."""

from __future__ import annotations

import pytest

from core.memory import MemoryConfig, estimate, parse_model, recipe
from core.memory.activations import activation_model
from core.memory.models import PRESETS

torch = pytest.importorskip("torch")

from core.memory.trace import trace  # noqa: E402

#: Small MoE shapes: dense first layer and a shared expert; top-3 of 6 (18 rows per 6 experts
#: does not divide evenly for every batch: the padding is traced); Qwen3's own head width.
SHAPES = [
    "transformer:d=128,layers=3,heads=4,kv_heads=2,vocab=512,seq=64,experts=8,top_k=2,"
    "moe_ffn=96,shared_experts=1,dense_layers=1",
    "transformer:d=128,layers=2,heads=4,kv_heads=2,vocab=512,seq=64,experts=6,top_k=3,moe_ffn=64",
    "transformer:d=128,layers=2,heads=4,kv_heads=2,vocab=512,seq=64,experts=8,top_k=2,moe_ffn=64,"
    "head_dim=64",
]
#: Latent attention (DeepSeek-V3's structure, small): values narrower than the query-key width
#: (padded for the fused kernel) and, with a query bottleneck, as wide.
MLA = (
    "transformer:d=128,layers=3,heads=4,vocab=512,seq=64,experts=8,top_k=2,moe_ffn=64,"
    "shared_experts=1,dense_layers=1,kv_lora_rank=32,qk_nope_head_dim=16,qk_rope_head_dim=8,"
)


@pytest.mark.parametrize(
    ("text", "rec", "flash"),
    [(SHAPES[0], "fp32", True), (SHAPES[0], "bf16", True), (SHAPES[1], "bf16", True),
     (SHAPES[2], "fp32", True), (MLA + "v_head_dim=16", "bf16", True),
     (MLA + "v_head_dim=24,q_lora_rank=48", "bf16", True), (MLA + "v_head_dim=16", "fp32", False)],
)  # fmt: skip
def test_moe_estimate_agrees_with_trace(text: str, rec: str, flash: bool) -> None:
    cfg = MemoryConfig(parse_model(text), batch=2, recipe=recipe(rec), flash=flash)
    est, result = estimate(cfg), trace(cfg)
    for key in ("params", "grads", "optimizer"):
        assert result.categories[key] == pytest.approx(est.bytes[key], rel=1e-6)
    assert result.categories["activations"] == pytest.approx(est.bytes["activations"], rel=0.03)
    # (the padded values of latent attention add executed FLOPs the estimate does not count)
    assert result.flops == pytest.approx(est.flops, rel=0.02)


def test_state_counts_every_expert() -> None:
    spec = PRESETS["deepseek-v3"]
    est = estimate(MemoryConfig(spec, batch=1, seq=1024, recipe=recipe("bf16")))
    # bf16 weights and grads, fp32 Adam moments: 2 + 2 + 8 bytes per parameter, all 671B of them
    assert est.bytes["params"] == 2 * 671_026_404_352
    assert est.bytes["optimizer"] == 8 * 671_026_404_352
    assert "balanced routing" in str(est.formulas["activations"])
    data = est.to_dict()
    assert data["params_total"] == data["param_count"] == spec.params_total
    assert data["params_active"] == spec.params_active
    # model FLOPs: 6·N_active·D without the embedding lookup + attention 12·L·B·s²·w, with MLA's
    # width w the mean of the query-key (128 heads × 192) and value (128 × 128) widths
    lookup = 129280 * 7168
    attention = 12 * 61 * 1 * 1024**2 * 128 * (192 + 128) / 2
    assert est.model_flops == pytest.approx(6 * (spec.params_active - lookup) * 1024 + attention)


def test_moe_layer_activations_by_hand() -> None:
    # One Mixtral-shaped MoE layer, cuda kernels, bf16 activations, flash: the MLP part by hand.
    spec = parse_model("transformer:d=4096,layers=1,heads=32,kv_heads=8,vocab=32000,experts=8,"
                       "top_k=2,moe_ffn=14336")  # fmt: skip
    dense = parse_model("transformer:d=4096,layers=1,heads=32,kv_heads=8,vocab=32000,ffn=14336")
    t, e, h, f, k, experts = 2 * 4096, 2, 4096, 14336, 2, 8
    moe_mlp = (
        4 * t * experts + (8 + e) * t * k  # router probabilities, top-k weights and indices
        + e * t * k * h  # dispatched rows
        + 4 * e * t * k * f  # gate, up, silu(gate), product on t·k rows
        + e * t * k * h  # expert outputs before the combine
    )  # fmt: skip
    a = activation_model(spec, 2, 4096, e, weight_bytes=e)
    b = activation_model(dense, 2, 4096, e, weight_bytes=e)
    assert a.per_layer - b.per_layer == moe_mlp - 4 * e * t * f


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_measured_moe_peak_is_near_the_traced_peak() -> None:
    from core.memory.measure import measure_cuda

    spec = parse_model("transformer:d=512,layers=4,heads=8,kv_heads=4,vocab=8192,seq=256,"
                       "experts=8,top_k=2,moe_ffn=512,shared_experts=1,dense_layers=1")  # fmt: skip
    cfg = MemoryConfig(spec, batch=8, recipe=recipe("fp32"))
    measured = measure_cuda(cfg)
    assert measured is not None
    assert measured["peak"] == pytest.approx(trace(cfg).peak, rel=0.25)
    assert measured["peak"] == pytest.approx(estimate(cfg).peak, rel=0.25)

"""The Step of a mixture of experts: MFU against active-parameter model FLOPs (a hand count), the
grouped GEMMs' padding in the hardware FLOPs only, and the router, the permutations and the
grouped expert GEMMs told apart from the dense matmuls."""

from __future__ import annotations

import pytest

from core.memory import MemoryConfig, parse_model
from core.roofline.hardware import load_catalog
from core.step.moe import ROLES, moe_totals
from core.step.predict import predict, rollup

pytest.importorskip("torch")

from core.step.trace import trace_config

MODEL = "transformer:layers=2,d=256,heads=4,vocab=1000,experts=8,top_k=2,moe_ffn=128"
L, D, V, E, K, F = 2, 256, 1000, 8, 2, 128


@pytest.fixture(scope="module", params=[128, 99], ids=["even", "padded"])
def traced(request: pytest.FixtureRequest) -> tuple[int, object]:
    seq = request.param
    return seq, trace_config(MemoryConfig(parse_model(MODEL), batch=1, seq=seq))


def _active_matmul_params() -> int:
    attention = 4 * D * D  # q, k, v, o (4 heads of 64: MHA)
    router = D * E
    experts = K * 3 * D * F  # top-2 SwiGLU experts: gate, up, down
    return L * (attention + router + experts) + V * D  # + the untied LM head (no lookup)


def test_model_flops_are_active_parameter_flops(traced: tuple) -> None:
    seq, trace = traced
    tokens = seq
    attention = 12 * L * 1 * seq**2 * D  # QKᵀ and A·V, forward and backward (3× forward)
    assert trace.model_flops == pytest.approx(6 * _active_matmul_params() * tokens + attention,
                                              rel=1e-9)  # fmt: skip
    pred = predict(trace, load_catalog().get("h100-sxm"))
    assert pred.mfu == pytest.approx(trace.model_flops / (pred.step_time_s * pred.peak))


def test_padding_is_executed_not_modelled(traced: tuple) -> None:
    seq, trace = traced
    rows = seq * K
    per = -(-rows // E)  # rows each expert's GEMM runs: padded to a whole number
    parts = moe_totals(trace.ops, [0.0] * len(trace.ops))
    assert parts is not None
    # the grouped GEMMs run E·per rows: forward 2 GEMMs (gate+up fused, down), backward 2× that
    executed = 6 * L * E * per * 3 * D * F
    assert parts["expert GEMM"]["flops"] == pytest.approx(executed)
    assert trace.expert_row_share == pytest.approx(rows / (E * per))
    # model FLOPs keep the T·k real rows of the top-k experts (6·L·T·k·3·d·f)
    assert parts["expert GEMM"]["flops"] * trace.expert_row_share == pytest.approx(
        6 * L * rows * 3 * D * F
    )
    # the router's linear is its matmul FLOPs (6·T·d·E per layer) plus its softmax and top-k
    assert parts["router"]["flops"] >= 6 * L * seq * D * E
    assert parts["permutation"]["ops"] > 0


def test_roles_split_the_matmuls(traced: tuple) -> None:
    _, trace = traced
    seconds = [1.0] * len(trace.ops)
    parts = moe_totals(trace.ops, seconds)
    assert parts is not None and tuple(parts) == ROLES
    kinds = rollup(trace.ops, seconds, "kind")
    router_mm = sum(op.flops for op in trace.ops
                    if op.kind == "matmul" and op.module.endswith(".router"))  # fmt: skip
    assert (parts["dense matmul"]["flops"] + parts["expert GEMM"]["flops"] + router_mm
            == kinds["matmul"]["flops"])  # fmt: skip
    # the dense matmuls: attention projections and the LM head, forward and backward
    seq = trace.tokens
    assert parts["dense matmul"]["flops"] == pytest.approx(6 * seq * (L * 4 * D * D + V * D))


def test_dense_model_has_no_moe_rows() -> None:
    trace = trace_config(MemoryConfig(parse_model("transformer:layers=1,d=64,heads=2,vocab=100"),
                                      batch=1, seq=16))  # fmt: skip
    assert moe_totals(trace.ops, [0.0] * len(trace.ops)) is None
    assert trace.expert_row_share == 1.0

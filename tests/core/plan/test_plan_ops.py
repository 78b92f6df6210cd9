"""The traced layer, scaled and sharded: checked against traces the plan did not make."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.memory.estimate import MemoryConfig
from core.memory.recipes import optimizer, recipe
from core.plan.ops import layer_ops
from core.plan.timing import op_cost
from core.step.trace import trace_config
from tests.core.plan.conftest import SMALL, SMALL_GPT

SEQ = 128
#: Tests of one model shape run one after another (tests/conftest.py): its module fixtures trace it
#: once, not again whenever a shuffled order alternates the shapes.
GROUP_BY = ("spec",)


def _trace(spec, batch, layers=1):
    cfg = MemoryConfig(model=spec.with_layers(layers), batch=batch, seq=SEQ, recipe=recipe("bf16"),
                       optimizer=optimizer("sgd"), kernels="cuda")  # fmt: skip
    return trace_config(cfg)


def _layer_sums(ops, b, t=1, sp=False, c=1, kv=4, layers=None):
    """FLOPs and bytes of the layer region (or, with ``layers``, of a whole model that deep)."""
    flops = nbytes = 0.0
    for op in ops:
        if op.region == "layer" or layers is not None:
            f, y, _ = op_cost(op, b / c, t, sp, kv)
            times = layers if (layers is not None and op.region == "layer") else 1
            flops += f * times
            nbytes += y * times
    return flops, nbytes


@pytest.fixture(scope="module", params=[SMALL, SMALL_GPT], ids=["llama-like", "gpt-like"])
def spec(request):
    return request.param


@pytest.fixture(scope="module")
def ops(spec):
    return layer_ops(spec, SEQ, recipe("bf16")).ops


@pytest.mark.parametrize("b", [1, 4, 5])
def test_a_deeper_model_at_any_micro_batch_is_what_its_own_trace_counts(spec, ops, b) -> None:
    # The plan's ops (one representative layer, the embedding, the head) scaled to 3 layers and b
    # sequences, against a trace of the 3-layer model at b sequences the plan never made.
    traced = _trace(spec, b, layers=3)
    step = [o for o in traced.ops if o.phase != "optimizer"]
    flops, nbytes = _layer_sums(ops, b, kv=spec.kv_heads, layers=3)
    assert flops == pytest.approx(sum(o.flops for o in step), rel=1e-9)
    # The embedding lookup's table is not read whole (the plan reads the rows it needs); at one
    # sequence a few reshapes are views that are copies from two sequences on.
    table = 2 * (spec.vocab + spec.max_pos) * spec.d_model  # bf16 token and position tables
    want = sum(o.bytes for o in step) - table
    if b > 1:
        assert nbytes == pytest.approx(want, rel=1e-6)
    else:
        assert want <= nbytes <= 1.05 * want


def test_the_second_layer_represents_every_later_one(spec) -> None:
    three = _trace(spec, 2, 3)
    rows = {
        k: [o for o in three.ops if o.module.startswith(f"layers.{k}") and o.phase != "optimizer"]
        for k in (1, 2)
    }
    assert sum(o.flops for o in rows[1]) == sum(o.flops for o in rows[2])
    assert sum(o.bytes for o in rows[1]) == sum(o.bytes for o in rows[2])


def test_tp_divides_the_layers_gemms_and_attention(spec, ops) -> None:
    b, t = 4, 4
    gemm1 = sum(op_cost(o, b, 1, False, spec.kv_heads)[0] for o in ops
                if o.region == "layer" and o.kind in ("matmul", "attention"))  # fmt: skip
    gemm_t = sum(op_cost(o, b, t, False, spec.kv_heads)[0] for o in ops
                 if o.region == "layer" and o.kind in ("matmul", "attention"))  # fmt: skip
    if spec.kv_heads >= t:
        assert gemm_t == pytest.approx(gemm1 / t, rel=1e-12)
    # The residual stream's ops (norms, adds) stay whole without SP and split with it.
    res = [o for o in ops if o.region == "layer" and o.tp == "sp"]
    assert res
    whole = sum(op_cost(o, b, t, False, spec.kv_heads)[1] for o in res)
    split = sum(op_cost(o, b, t, True, spec.kv_heads)[1] for o in res)
    assert whole == pytest.approx(sum(op_cost(o, b, 1, False, spec.kv_heads)[1] for o in res))
    # Their tokens split; the norm weights and biases they read and reduce into do not.
    assert whole / t < split < 1.05 * whole / t


def test_kv_heads_split_only_as_far_as_they_go() -> None:
    ops = layer_ops(SMALL, SEQ, recipe("bf16")).ops  # 4 KV heads
    kv_gemms = [o for o in ops if o.region == "layer" and o.kind == "matmul" and o.tp == "kv"]
    assert kv_gemms
    at4 = sum(op_cost(o, 1, 4, False, 4)[0] for o in kv_gemms)
    at8 = sum(op_cost(o, 1, 8, False, 4)[0] for o in kv_gemms)
    assert at8 == at4  # replicated past 4


def test_cp_divides_the_tokens(spec, ops) -> None:
    b = 4
    one = _layer_sums(ops, b, kv=spec.kv_heads)
    two = _layer_sums(ops, b, c=2, kv=spec.kv_heads)
    assert two[0] == pytest.approx(one[0] / 2, rel=1e-9)


def test_regions_and_selective_core(spec, ops) -> None:
    regions = {o.region for o in ops}
    assert regions == {"embed", "layer", "head"}
    assert any(o.core for o in ops) and all(o.phase == "forward" for o in ops if o.core)
    head_gemms = [o for o in ops if o.region == "head" and o.kind == "matmul"]
    assert head_gemms and all(o.tp == "all" and o.vocab for o in head_gemms)
    lookup = next(o for o in ops if o.name == "embedding")
    assert lookup.bytes0 < 2 * spec.vocab * spec.d_model  # the rows it needs, not the table


def test_the_trace_is_shared_by_any_depth() -> None:
    a = layer_ops(SMALL, SEQ, recipe("bf16"))
    b = layer_ops(replace(SMALL, layers=80, name="deeper"), SEQ, recipe("bf16"))
    assert a is b

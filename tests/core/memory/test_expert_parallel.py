"""Memory of a mixture of experts under expert parallelism: one EP rank's share counted by hand,
traced on fake tensors (a module of E/EP local experts fed the rows that rank receives), and the
hand count the cluster plan's expert memory meets for the same inputs."""

from __future__ import annotations

import math

import pytest

from core.errors import InputError
from core.memory import MemoryConfig, estimate, parse_model, preset, recipe
from core.memory.expert_parallel import ExpertLayout, routing

torch = pytest.importorskip("torch")

from core.memory.trace import trace  # noqa: E402

#: Dense first layer, a shared expert, 8 routed experts top-2 (DeepSeek's structure, small).
SMALL = ("transformer:d=128,layers=3,heads=4,kv_heads=2,vocab=512,seq=64,experts=8,top_k=2,"
         "moe_ffn=96,shared_experts=1,dense_layers=1")  # fmt: skip

LAYOUTS = [(4, 1, None, "bf16"), (2, 2, None, "fp32"), (4, 1, 0.5, "bf16"), (8, 1, None, "bf16")]


@pytest.fixture(scope="module", params=LAYOUTS, ids=lambda p: f"ep{p[0]}-etp{p[1]}-cf{p[2]}")
def traced(request: pytest.FixtureRequest) -> tuple[MemoryConfig, object]:
    ep, etp, cf, rec = request.param
    cfg = MemoryConfig(parse_model(SMALL), batch=2, recipe=recipe(rec), gpus=ep * etp, ep=ep,
                       etp=etp, capacity_factor=cf)  # fmt: skip
    return cfg, trace(cfg)


def test_one_rank_state_activations_and_flops_agree_with_its_trace(traced: tuple) -> None:
    cfg, result = traced
    est = estimate(cfg)
    for key in ("params", "grads", "optimizer"):  # unsharded (zero 0): E/EP experts at 1/ETP
        assert result.categories[key] == pytest.approx(est.bytes[key], rel=1e-9)
    assert result.categories["activations"] == pytest.approx(est.bytes["activations"], rel=0.05)
    # the estimate's FLOPs are the whole step's over the GPUs; the trace is one rank's
    assert result.flops == pytest.approx(est.flops / cfg.gpus, rel=0.01)
    # the peak counts the all-to-all's two buffers beside the temporaries: at most a little above
    assert result.peak == pytest.approx(est.peak, rel=0.10)


def test_expert_state_by_hand_for_qwen3_30b() -> None:
    spec = preset("qwen3-30b-a3b")
    cfg = MemoryConfig(spec, batch=1, seq=4096, gpus=32, ep=8, etp=2, zero=1)
    est = estimate(cfg)
    d, f, experts, layers = spec.d_model, spec.moe_ffn, spec.experts, spec.layers
    routed = layers * experts * 3 * d * f  # every MoE layer, gate/up/down, no biases
    local = layers * (experts // 8) * 3 * d * f / 2  # E/EP experts, half their width
    dense = spec.param_count - routed
    edp = 32 // (8 * 2)
    # bf16 weights and grads (2 B), fp32 Adam moments (8 B) sharded by ZeRO-1: the dense part
    # over the 32 GPUs, the experts over their 2-GPU group
    assert est.bytes["params"] == pytest.approx(2 * (dense + local))
    assert est.bytes["grads"] == pytest.approx(2 * (dense + local))
    assert est.bytes["optimizer"] == pytest.approx(8 * dense / 32 + 8 * local / edp)
    assert est.to_dict()["expert_state"] == pytest.approx(2 * local + 2 * local + 8 * local / 2)
    # dispatch + combine: ETP·T·k rows of d each, bf16
    rows = 2 * 4096 * spec.top_k
    assert est.dispatch_buffers == pytest.approx(2 * rows * d * 2)
    assert est.at_peak["dispatch_buffers"] == est.dispatch_buffers


def test_hand_count_the_cluster_plan_meets() -> None:
    """The plan (core/plan/moe.py ``expert_memory``, with TP = CP = PP = 1 and DP = the GPUs)
    counts expert state ``per·moe_layers·(E/EP)·expert/ETP``, each part divided by
    ``EDP = DP/(EP·ETP)`` where ZeRO shards it, and two all-to-all buffers (send and receive)
    of ``ETP·b·s·k·min(1, c)`` rows of ``d_model``: the same hand count, written out here."""
    spec = parse_model("transformer:d=512,layers=6,heads=8,vocab=1000,experts=16,top_k=4,"
                       "moe_ffn=256,dense_layers=2")  # fmt: skip
    b, s, gpus, ep, etp, c = 2, 512, 16, 4, 2, 0.5
    cfg = MemoryConfig(spec, batch=b, seq=s, gpus=gpus, ep=ep, etp=etp, zero=2,
                       capacity_factor=c)  # fmt: skip
    est = estimate(cfg)
    expert = 3 * 512 * 256
    local = 4 * (16 / ep) * expert / etp  # 4 MoE layers of 6
    edp = gpus / (ep * etp)
    w, g, o = 2, 2, 8
    assert est.to_dict()["expert_state"] == pytest.approx(w * local + g * local / edp
                                                          + o * local / edp)  # fmt: skip
    one_buffer = etp * b * s * 4 * min(1, c) * 512 * 2  # c·T·k/E = 128 rows: a whole number
    assert est.dispatch_buffers == pytest.approx(2 * one_buffer)


def test_capacity_factor_drops_by_hand() -> None:
    spec = parse_model("transformer:d=64,layers=2,heads=4,vocab=100,experts=6,top_k=2,moe_ffn=32")
    # T = 1·50 tokens, k = 2: 100 rows, 100/6 per expert; c = 0.5 caps at ⌈50/6⌉ = 9 rows
    route = routing(spec, 50, ExpertLayout(3, 1, 0.5))
    assert route.capacity == math.ceil(0.5 * 100 / 6) == 9
    assert route.computed == pytest.approx(6 * 9)
    assert route.dropped == pytest.approx(100 - 54)
    assert route.rows_per_expert == pytest.approx(3 * 9)  # from each of the 3 EP ranks
    # c ≥ 1 under balanced routing drops nothing: the same bytes as dropless
    big = MemoryConfig(spec, batch=1, seq=50, gpus=3, ep=3, capacity_factor=1.5)
    free = MemoryConfig(spec, batch=1, seq=50, gpus=3, ep=3)
    assert estimate(big).peak == pytest.approx(estimate(free).peak)
    assert estimate(big).to_dict()["routing"]["dropped_rows"] == 0
    small = estimate(MemoryConfig(spec, batch=1, seq=50, gpus=3, ep=3, capacity_factor=0.5))
    assert small.bytes["activations"] < estimate(free).bytes["activations"]
    assert "dropped" in str(small.formulas["activations"])


def test_ep_one_changes_nothing() -> None:
    spec = preset("mixtral-8x7b")
    a = estimate(MemoryConfig(spec, batch=1, seq=2048, gpus=4, zero=3))
    b = estimate(MemoryConfig(spec, batch=1, seq=2048, gpus=4, zero=3, ep=1, etp=1))
    assert a.to_dict() == b.to_dict()
    assert a.dispatch_buffers == 0 and "dispatch_buffers" not in a.at_peak


@pytest.mark.parametrize(
    ("model", "kw", "words"),
    [("llama2-7b", {"ep": 2, "gpus": 2}, ["ep", "dense", "allowed"]),
     ("llama2-7b", {"capacity_factor": 1.0}, ["capacity-factor", "allowed"]),
     ("mixtral-8x7b", {"ep": 3, "gpus": 3}, ["ep: 3", "8 experts", "1, 2, 4, 8"]),
     ("mixtral-8x7b", {"ep": 4, "gpus": 2}, ["ep × etp = 4", "2 GPUs", "multiple"]),
     ("mixtral-8x7b", {"etp": 5, "gpus": 5}, ["etp: 5", "14336"])],
)  # fmt: skip
def test_bad_layouts_say_what_is_allowed(model: str, kw: dict, words: list[str]) -> None:
    with pytest.raises(InputError) as err:
        MemoryConfig(preset(model), batch=1, **kw)
    for word in words:
        assert word in str(err.value)


def test_per_rank_fsdp_trace_refuses_expert_parallelism() -> None:
    from core.memory.fsdp_trace import check

    cfg = MemoryConfig(parse_model(SMALL), batch=2, gpus=4, ep=4, zero=1)
    with pytest.raises(InputError) as err:
        check(cfg, 4)
    assert "EP 4" in str(err.value) and "allowed" in str(err.value)
    check(MemoryConfig(parse_model(SMALL), batch=2, gpus=4, zero=1), 4)  # EP 1 is traced

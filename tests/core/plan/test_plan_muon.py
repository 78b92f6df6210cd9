"""Muon (``--optimizer muon``): which matrices Megatron-Core orthogonalizes, the Newton–Schulz
FLOPs, who does the work, and what the plan charges, each against an independent reference:
transformers' models on the meta device for the matrices, PyTorch's FLOP counter for the
iteration, and hand derivations for the sharing."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from core.memory.recipes import OPTIMIZERS, optimizer
from core.plan import muon
from core.plan.inputs import Layout
from core.plan.model import plan
from core.plan.options import planned_input
from tests.core.memory.test_moe_params import CONFIGS

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")


def _two_block_config(name: str) -> dict:
    """The model's config with one dense and one MoE block (DeepSeek-V3) or one MoE block."""
    cfg = dict(CONFIGS[name])
    cfg["num_hidden_layers"] = 2 if "first_k_dense_replace" in cfg else 1
    if "first_k_dense_replace" in cfg:
        cfg["first_k_dense_replace"] = 1
    for key in ("topk_method", "scoring_func", "aux_loss_alpha", "seq_aux", "moe_layer_freq"):
        cfg.pop(key, None)
    return cfg


def _hf_matrix_elements(cfg: dict) -> list[int]:
    """Per block, the elements of its weight matrices in transformers' model (a 3-D tensor holds
    one matrix per expert; the embedding and the output layer are not a block's)."""
    config = transformers.AutoConfig.for_model(**cfg)
    with torch.device("meta"):
        model = transformers.AutoModelForCausalLM.from_config(config)
    out = []
    for layer in model.model.layers:
        out.append(sum(p.numel() for p in layer.parameters() if p.dim() >= 2))
    return out


@pytest.mark.parametrize("name", ["deepseek-v3", "qwen3-30b-a3b", "mixtral-8x7b"])
def test_a_blocks_matrices_hold_its_2d_weights(name: str) -> None:
    from core.step.hf import spec_from_config

    cfg = _two_block_config(name)
    spec, _notes = spec_from_config(dict(cfg))
    blocks = [spec.is_moe_layer(i) for i in range(spec.layers)]
    ours = [
        sum(m.rows * m.cols * m.count for m in muon.block_matrices(spec, moe_block))
        for moe_block in blocks
    ]
    assert ours == _hf_matrix_elements(cfg)
    # Megatron's QKV split: a GQA block orthogonalizes its query, key and value apart
    if not spec.is_mla:
        attn = muon.block_matrices(spec, blocks[-1])[:3]
        assert [(m.rows, m.count) for m in attn] == [
            (spec.q_dim, 1), (spec.kv_dim, 2), (spec.d_model, 1),
        ]  # fmt: skip
    experts = [m for m in muon.block_matrices(spec, True) if m.expert]
    assert sum(m.count for m in experts) == 2 * spec.experts  # fc1 and fc2 of each expert


@pytest.mark.parametrize("shape", [(64, 192), (192, 64), (96, 96)])
def test_newton_schulz_flops_equal_pytorchs_count(shape: tuple[int, int]) -> None:
    """The count against torch's FLOP counter over the iteration as Emerging-Optimizers writes it
    (``newton_schulz_step``: ``A = X Xᵀ``, ``B = addmm(A, A, A)``, ``X = addmm(X, B, X)``, on the
    matrix turned to its shorter side)."""
    from torch.utils.flop_counter import FlopCounterMode

    x = torch.randn(*shape)
    if x.size(0) > x.size(1):
        x = x.mT
    with FlopCounterMode(display=False) as counter:
        for _ in range(muon.NS_STEPS):
            a = x @ x.mT
            b = torch.addmm(a, a, a, alpha=2.0, beta=-4.7)
            x = torch.addmm(x, b, x, alpha=1.0, beta=3.4)
    assert muon.newton_schulz_flops(*shape) == counter.get_total_flops()


def _input(opt: str, uneven_stages: bool = False):
    from core.plan.options import implementation_from

    inp, _notes = planned_input(
        model="deepseek-v3",
        device="gb200",
        gpus=256,
        gpus_per_node=4,
        nvlink_domain=64,
        global_batch=1024,
        optimizer_id=opt,
        implementation=implementation_from(uneven_stages=uneven_stages),
    )
    return inp


def test_only_muon_costs_newton_schulz_time() -> None:
    lay = Layout(tp=1, pp=4, vpp=1, ep=64, dp=64, zero=1, micro_batch=1)
    for name in OPTIMIZERS:
        seconds = muon.newton_schulz_seconds(_input(name), lay, _cal(), 10, 5)
        assert (seconds > 0) == (name == "muon"), name


def _cal():
    from core.roofline.achievable import calibration
    from core.roofline.hardware import load_catalog

    return calibration(load_catalog().get("gb200"))


def test_the_work_is_dealt_over_the_data_parallel_ranks() -> None:
    """Hand derivation of the sharing: under a distributed optimizer the dense matrices are dealt
    over DP × CP and the experts' over the expert data-parallel group; without one each rank does
    all its own; TP does not divide (each TP rank orthogonalizes the whole matrix)."""
    inp, cal = _input("muon"), _cal()
    spec = inp.model
    # 5 dense blocks only: the expert matrices do not enter
    alone = muon.newton_schulz_seconds(inp, Layout(pp=4, ep=64, dp=64, zero=0), cal, 5, 0)
    dealt = muon.newton_schulz_seconds(inp, Layout(pp=4, ep=64, dp=64, zero=1), cal, 5, 0)
    per_block = {  # seconds of each dense-block matrix, counted by hand
        (m.rows, m.cols, m.count): muon._one_matrix_seconds(cal, inp.cluster.device, m.rows,
                                                            m.cols, muon.NS_STEPS)
        for m in muon.block_matrices(spec, False)
    }  # fmt: skip
    assert alone == pytest.approx(sum(5 * c * s for (_, _, c), s in per_block.items()))
    assert dealt == pytest.approx(
        sum(math.ceil(5 * c / 64) * s for (_, _, c), s in per_block.items())
    )
    tp2 = muon.newton_schulz_seconds(inp, Layout(tp=2, pp=4, ep=64, dp=32, zero=0), cal, 5, 0)
    assert tp2 == pytest.approx(alone)
    # one MoE block on 256 GPUs, PP 4, EP 64: an expert data-parallel group of 1, so a rank
    # orthogonalizes all 256 / 64 = 4 of its experts' two matrices
    lay = Layout(pp=4, ep=64, dp=64, zero=1)
    moe_only = muon.newton_schulz_seconds(inp, lay, cal, 0, 1)
    experts = sum(4 * muon._one_matrix_seconds(cal, inp.cluster.device, m.rows, m.cols, 5)
                  for m in muon.block_matrices(spec, True) if m.expert)  # fmt: skip
    assert moe_only > experts
    shared = [m for m in muon.block_matrices(spec, True) if not m.expert]
    one = [muon._one_matrix_seconds(cal, inp.cluster.device, m.rows, m.cols, 5) for m in shared]
    assert moe_only - experts == pytest.approx(
        sum(math.ceil(m.count / 64) * s for m, s in zip(shared, one, strict=True))
    )


def test_the_plan_charges_it_to_the_optimizer_and_keeps_one_state() -> None:
    lay = Layout(tp=1, pp=4, vpp=1, ep=64, dp=64, zero=1, micro_batch=1)
    adam = plan(_input("adam", uneven_stages=True), lay)
    mu = plan(_input("muon", uneven_stages=True), lay)
    extra = mu.breakdown["optimizer"] - adam.breakdown["optimizer"]
    assert extra > 0
    # the rest of the step is the same; the memory-bound update moves one state less
    for key in ("compute", "ep_comm"):
        assert mu.breakdown[key] == pytest.approx(adam.breakdown[key])
    assert mu.breakdown["dp_comm"] >= adam.breakdown["dp_comm"]  # dist_muon's gather is exposed
    assert optimizer("muon").n_states == 1 == len(optimizer("momentum").states)
    assert any("Newton-Schulz" in str(a) for a in mu.assumptions)
    assert not any("Newton-Schulz" in str(a) for a in adam.assumptions)
    # a distributed optimizer's Muon costs less than every rank doing all of its own
    alone = plan(_input("muon", uneven_stages=True), replace(lay, zero=0))
    assert alone.breakdown["optimizer"] > mu.breakdown["optimizer"]


def test_a_published_run_that_names_muon_is_planned_with_it() -> None:
    from core.plan.published_moe import load_moe_runs, moe_run_input

    run = dict(next(r for r in load_moe_runs() if "deepseek-v3" in r["id"]))
    assert moe_run_input(run)[0].optimizer.id == "adam"  # every registered run so far
    for name in ("muon", "dist_muon"):
        inp, _c, applied = moe_run_input({**run, "optimizer": {"name": name}})
        assert inp.optimizer.id == "muon"
        assert any("optimizer" in a for a in applied)


def test_dist_muon_all_reduces_the_gradients_and_gathers_the_weights_after_the_step() -> None:
    """Megatron-Bridge's Muon runs DDP's all-reduce (a ring all-reduce: a reduce-scatter and a
    gather, twice ZeRO-1's reduce-scatter) and gathers the updated weights after the step,
    exposed; Adam under ZeRO-1 reduce-scatters and gathers, both overlapped."""
    from core.plan.options import implementation_from

    def dp(opt: str, zero: int, overlap: bool) -> float:
        inp, _ = planned_input(model="llama3-8b", device="h100-sxm", gpus=64, global_batch=256,
                               optimizer_id=opt,
                               implementation=implementation_from(dp_overlap=overlap))  # fmt: skip
        return plan(inp, Layout(tp=1, pp=1, dp=64, zero=zero, micro_batch=1)).breakdown["dp_comm"]

    all_reduce = dp("adam", 0, False)  # DDP: 2 x the reduce-scatter's time
    adam, mu = dp("adam", 1, False), dp("muon", 1, False)
    assert mu - adam == pytest.approx(all_reduce / 2, rel=0.05)
    gather = mu - all_reduce  # (2G + P) - 2G
    assert dp("muon", 1, True) >= 0.95 * gather  # the gather after the step is not hidden
    assert dp("adam", 1, True) < 0.5 * gather  # Adam's is, behind the next forward

"""``napkinlab plan --recompute-modules`` and ``--cuda-graphs``: Megatron-Core's recomputation by
module and its CUDA-graph scopes from the command line, as the published MoE runs' settings reach
the plan (issue 40: "recomputation by module (--recompute-modules)").

References: the module names are Megatron-Core's ``TransformerConfig.recompute_modules``; the
scopes its ``cuda_graph_scope`` and Megatron-Bridge's ``cuda_graph_impl="full_iteration"``; the
host time is worked by hand from :mod:`core.plan.host`'s per-op cost.
"""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.plan.host import HOST_OP_S, TE_MODULE_S, HostOps, host_excess, host_seconds

BASE = ["plan", "--model", "qwen3-30b-a3b", "--device", "b200", "--gpus", "8", "--ep", "8",
        "--seq", "1024", "--global-batch", "64"]  # fmt: skip


def _plan(capsys, *extra: str) -> dict:
    assert main([*BASE, *extra, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_flags_reach_the_implementation_and_its_json(capsys) -> None:
    got = _plan(capsys, "--recompute-modules", "moe_act, layernorm", "--cuda-graphs",
                "attn,moe_router")  # fmt: skip
    assert got["implementation"]["recompute_modules"] == ["moe_act", "layernorm"]
    assert got["implementation"]["cuda_graphs"] == ["attn", "moe_router"]
    plain = _plan(capsys)
    assert plain["implementation"]["recompute_modules"] == []
    assert plain["implementation"]["cuda_graphs"] == []
    # recomputing the experts' activation runs more of the forward again: a slower step
    assert got["time_breakdown_s"]["recompute"] > plain["time_breakdown_s"]["recompute"]


@pytest.mark.parametrize(("flag", "value", "allowed"), [
    ("--recompute-modules", "moe_act,attention", "core_attn"),
    ("--cuda-graphs", "whole_step", "full_iteration"),
    ("--cuda-graphs", "attn,,moe", "single commas"),
])  # fmt: skip
def test_a_wrong_name_says_what_is_allowed(capsys, flag: str, value: str, allowed: str) -> None:
    assert main([*BASE, flag, value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and allowed in err


def test_the_assumptions_name_the_modules_and_the_hosts_time(capsys) -> None:
    assert main([*BASE, "--recompute-modules", "moe_act", "--cuda-graphs", "moe_router"]) == 0
    out = capsys.readouterr().out
    assert "recomputation by module (Megatron-Core's recompute_modules): moe_act" in out
    assert "CUDA graphs capture moe_router" in out and "6.8 µs per op" in out
    assert main([*BASE, "--cuda-graphs", "full_iteration"]) == 0
    assert "the whole step replays as one CUDA graph" in capsys.readouterr().out


def test_the_hosts_seconds_are_the_ops_at_their_cost() -> None:
    host = HostOps(forward=100, backward=120, modules=2)
    fwd, bwd = host_seconds(host, "b200")
    assert fwd == pytest.approx(100 * HOST_OP_S + 2 * TE_MODULE_S)
    assert bwd == pytest.approx(120 * HOST_OP_S)
    # a GPU with nothing to do waits for the CPU the whole time
    assert host_excess(0.0, 0.0, host, syncs=True) == pytest.approx(fwd + bwd)
    grace_f, _ = host_seconds(host, "gb200")
    assert grace_f == pytest.approx(fwd * 37.08 / 13.48)


def test_ep_overlap_hides_the_all_to_all_and_says_so(capsys) -> None:
    """``--ep-overlap``: Megatron-Core's ``overlap_moe_expert_parallel_comm``
    (:mod:`core.plan.ep_overlap`), in the implementation, the step and the assumptions."""
    paired = _plan(capsys, "--ep-overlap")
    plain = _plan(capsys)
    assert paired["implementation"]["ep_overlap"] is True
    assert plain["implementation"]["ep_overlap"] is False
    assert paired["time_breakdown_s"]["ep_comm"] < plain["time_breakdown_s"]["ep_comm"]
    assert paired["time_breakdown_s"]["compute"] == pytest.approx(
        plain["time_breakdown_s"]["compute"], rel=1e-12
    )
    assert main([*BASE, "--ep-overlap"]) == 0
    assert "overlap_moe_expert_parallel_comm" in capsys.readouterr().out
    # a pipeline without the interleaved schedule cannot pair: one line, what is allowed
    assert main([*BASE, "--ep-overlap", "--ep", "4", "--pp", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "vpp 2 or more" in err


def test_bf16_end_layers_reach_the_recipe_and_its_json(capsys) -> None:
    """--bf16-end-layers (Megatron-Core's --first-last-layers-bf16): 0 runs every layer of a
    70B model in NVFP4, a shorter compute time than NVFP4's own two BF16 layers at each end (at
    its large GEMMs the FP4 rate outweighs the quantization); in the JSON and the assumptions; a
    count below 0 is refused with what is allowed."""
    dense = ["plan", "--model", "llama3-70b", "--device", "b200", "--gpus", "8", "--seq", "4096",
             "--global-batch", "64", "--precision", "nvfp4", "--tp", "1", "--pp", "8", "--zero",
             "1", "--json"]  # fmt: skip
    assert main(dense) == 0
    own = json.loads(capsys.readouterr().out)
    assert main([*dense, "--bf16-end-layers", "0"]) == 0
    none = json.loads(capsys.readouterr().out)
    assert own["implementation"]["bf16_end_layers"] is None
    assert none["implementation"]["bf16_end_layers"] == 0
    assert none["time_breakdown_s"]["compute"] < own["time_breakdown_s"]["compute"]
    assert any("none kept in bf16 at the ends" in a for a in none["assumptions"])
    assert main([*BASE, "--precision", "nvfp4", "--bf16-end-layers", "-1"]) == 2
    assert "bf16-end-layers" in capsys.readouterr().err


def test_fp8_param_gather_drops_the_bf16_weights_by_hand(capsys) -> None:
    """``--fp8-param-gather`` (Megatron's flag, ``Implementation.quantized_params``): the
    quantized copies replace the BF16 weights, so the weights' bytes drop by 2 per linear weight
    on the GPU (Hopper: fp8 and its transpose stay, 1 + 1 bytes)."""
    from core.memory.models import PRESETS
    from core.plan.precision import layer_matmul_elements

    h100 = ["plan", "--model", "llama3-8b", "--device", "h100-sxm", "--gpus", "8", "--seq", "4096",
            "--global-batch", "64", "--tp", "1", "--pp", "1", "--zero", "1", "--micro-batch", "1",
            "--precision", "fp8-current", "--json"]  # fmt: skip
    assert main(h100) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*h100, "--fp8-param-gather"]) == 0
    gathered = json.loads(capsys.readouterr().out)
    assert gathered["implementation"]["quantized_params"] is True
    spec = PRESETS["llama3-8b"]
    linear = spec.layers * layer_matmul_elements(spec, 1)
    drop = plain["memory_per_gpu"]["weights"] - gathered["memory_per_gpu"]["weights"]
    assert drop == pytest.approx(2 * linear, rel=1e-6)


@pytest.mark.parametrize(("extra", "said"), [
    (["--fp8-param-gather"], "fp8-param-gather: keeps tensors in the low precision"),
    (["--activation-func-fp8-input-store", "--fp8"], "naming moe_act"),
    (["--activation-func-fp8-input-store", "--recompute-modules", "moe_act"],
     "activation-func-fp8-input-store: keeps tensors"),
])  # fmt: skip
def test_low_precision_storage_needs_a_low_precision_recipe(capsys, extra, said) -> None:
    assert main([*BASE, *extra]) == 2
    err = capsys.readouterr().err
    assert said in err and "allowed:" in err


def test_activation_func_fp8_input_store_halves_the_experts_kept_input(capsys) -> None:
    """With moe_act recomputed the experts keep their activation's input (2 of the 4
    s·b·k·moe_ffn tensors); in FP8 it takes 1 byte per element instead of 2: by hand, for one
    layer and micro-batch of Qwen3-30B-A3B (1,024 tokens, top-8, moe_ffn 768, EP 8 on 8 GPUs)."""
    low = ["--precision", "fp8-current", "--recompute-modules", "moe_act", "--tp", "1", "--pp",
           "1", "--zero", "1", "--micro-batch", "1", "--changes", "0"]  # fmt: skip
    bf = _plan(capsys, *low)
    fp8 = _plan(capsys, *low, "--activation-func-fp8-input-store")
    assert fp8["implementation"]["low_act_input"] is True
    per_layer = 2 * 1024 * 8 * 768 * (2 - 1)  # two ffn-wide tensors, one byte less each
    layers = 48
    saved = bf["memory_per_gpu"]["activations"] - fp8["memory_per_gpu"]["activations"]
    assert saved == pytest.approx(per_layer * layers, rel=0.01)


def test_offload_modules_take_the_experts_inputs_off_the_gpu_by_hand(capsys) -> None:
    """``--offload-modules`` (Megatron-Core's fine-grained activation offloading): with
    ``moe_act`` recomputed the experts keep the dispatched tokens (the first GEMM's input,
    s·b·k rows of d) and the activation's input (two s·b·k·moe_ffn tensors); offloading
    ``expert_fc1`` and ``moe_act`` moves both to the host. By hand, per layer and micro-batch of
    Qwen3-30B-A3B (1,024 tokens, top-8, d 2,048, moe_ffn 768, BF16, 48 layers)."""
    common = ["--recompute-modules", "moe_act", "--tp", "1", "--pp", "1", "--zero", "1",
              "--micro-batch", "1", "--changes", "0"]  # fmt: skip
    kept = _plan(capsys, *common)
    fc1 = _plan(capsys, *common, "--offload-modules", "expert_fc1")
    both = _plan(capsys, *common, "--offload-modules", "expert_fc1, moe_act")
    assert both["implementation"]["offload_modules"] == ["expert_fc1", "moe_act"]
    rows, layers = 1024 * 8, 48
    tokens = rows * 2048 * 2
    act_input = 2 * rows * 768 * 2
    acts = "activations"
    assert kept["memory_per_gpu"][acts] - fc1["memory_per_gpu"][acts] == pytest.approx(
        tokens * layers, rel=0.01)  # fmt: skip
    assert fc1["memory_per_gpu"][acts] - both["memory_per_gpu"][acts] == pytest.approx(
        act_input * layers, rel=0.01)  # fmt: skip
    # memory only: the copies are taken as hidden behind the compute
    assert both["step_time_s"] == pytest.approx(kept["step_time_s"])


def test_an_unknown_offload_module_names_the_allowed_ones(capsys) -> None:
    assert main([*BASE, "--offload-modules", "core_attn"]) == 2
    err = capsys.readouterr().err
    assert "offloaded module: 'core_attn'" in err and "allowed: expert_fc1, moe_act" in err


#: 4,096 tokens a sequence, micro-batch 4, the whole step graphed: the GPU sets the pace, so a
#: kernel fewer shows in the step (at BASE's 1,024 tokens the host does).
GPU_BOUND = ["--seq", "4096", "--global-batch", "256", "--tp", "1", "--pp", "1", "--zero", "1",
             "--micro-batch", "4", "--cuda-graphs", "full_iteration", "--changes", "0"]  # fmt: skip


def test_fp8_attention_times_attention_at_cudnns_measured_ratio(capsys) -> None:
    """``--fp8-attention`` on a B200 (the GB200's die): the layer's attention takes cuDNN's
    measured MXFP8/BF16 time, the rest of the step is unchanged, and the assumptions say so."""
    from core.roofline.attention_fp8 import fp8_attention_factor

    common = [*GPU_BOUND, "--precision", "mxfp8"]
    plain = _plan(capsys, *common)
    fp8 = _plan(capsys, *common, "--fp8-attention")
    assert fp8["implementation"]["fp8_attention"] is True
    assert plain["implementation"]["fp8_attention"] is False
    # at 4,096 tokens MXFP8's causal forward is faster than BF16's and its backward slower
    fwd = fp8_attention_factor("b200", "mxfp8", False, False, 4096)
    bwd = fp8_attention_factor("b200", "mxfp8", False, True, 4096)
    assert fwd < 1 < bwd
    assert fp8["step_time_s"] != pytest.approx(plain["step_time_s"], rel=1e-9)
    assert any("attention in mxfp8" in a for a in fp8["assumptions"])


def test_fused_grouped_mlp_takes_the_activation_out_of_the_step(capsys) -> None:
    common = [*GPU_BOUND, "--precision", "mxfp8"]
    plain = _plan(capsys, *common)
    fused = _plan(capsys, *common, "--fused-grouped-mlp")
    assert fused["implementation"]["fused_grouped_mlp"] is True
    assert fused["time_breakdown_s"]["compute"] < plain["time_breakdown_s"]["compute"]
    assert any("fused grouped MLP" in a for a in fused["assumptions"])


@pytest.mark.parametrize(("extra", "said"), [
    (["--fp8-attention"], "fp8-attention: runs attention in the recipe's FP8 format"),
    (["--fp8-attention", "--precision", "nvfp4"], "fp8-attention:"),
    (["--fused-grouped-mlp"], "fused-grouped-mlp: Transformer Engine's fused grouped MLP"),
    (["--fused-grouped-mlp", "--precision", "fp8-current"], "fused-grouped-mlp:"),
])  # fmt: skip
def test_fp8_attention_and_the_fused_mlp_need_their_recipes(capsys, extra, said) -> None:
    assert main([*BASE, *extra]) == 2
    err = capsys.readouterr().err
    assert said in err and "allowed:" in err

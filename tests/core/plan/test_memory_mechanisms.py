"""Memory mechanisms that make published layouts fit as they ran (issue 38 item 5, issue 40):
activation CPU offloading, what torch FSDP and Composer hold gathered, the bf16 Adam state of
NeMo 24.07's Nemotron-4 340B recipe and GB200's memory as the driver reports it. Each number is
derived by hand in the test from the source the mechanism names."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.memory.activations import activation_model
from core.memory.models import preset
from core.memory.recipes import optimizer, recipe
from core.plan.inputs import Cluster, Implementation, Layout, PlanInput
from core.plan.memory import layer_params_local, memory_per_gpu
from core.plan.published import load_runs, run_input
from core.roofline.hardware import load_catalog


def _run(run_id: str) -> dict:
    return next(r for r in load_runs() if r["id"] == run_id)


def test_offloaded_layers_leave_their_activations_in_host_memory(device) -> None:
    # TE's OffloadSynchronizer offloads layers 0 … k − 1 and keeps (L − k) layers' activations
    # on the GPU at the end of forward. llama2-7b (32 layers), TP 1, one sequence of 8,192, bf16,
    # flash, the optimizer state sharded over 8 (the start of backward is the peak): each
    # offloaded layer takes one layer's saved activations off it.
    spec, s = preset("llama2-7b"), 8192
    per_layer = activation_model(spec, 1, s, 2, flash=True, kernels="cuda").per_layer
    lay = Layout(micro_batch=1, dp=8, zero=1)

    def mem(k: int):
        impl = Implementation(offload_layers=k)
        return memory_per_gpu(PlanInput(spec, s, 8, Cluster(device, 8), implementation=impl),
                              lay, 1)  # fmt: skip

    assert mem(0).moment == mem(8).moment == "start of backward"
    assert (mem(0).in_flight, mem(8).in_flight, mem(40).in_flight) == (32, 24, 0)
    assert mem(0).activations - mem(8).activations == pytest.approx(8 * per_layer)
    assert mem(8).activations - mem(16).activations == pytest.approx(8 * per_layer)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "40"])
def test_offloaded_layers_must_be_a_count(bad) -> None:
    with pytest.raises(InputError, match=r"offloaded layers: .*allowed: a whole number, 0 or more"):
        Implementation(offload_layers=bad)


def test_megatron_bridge_gb200_70b_offloads_40_layers() -> None:
    # workload_base_configs.py (v0.2.0) / llama3_workload_base_configs.py (v0.3.0):
    # LLAMA3_70B GB200 FP8-CS: micro_batch_size 2, use_megatron_fsdp, cpu_offloading_num_layers 40
    for version in ("25.11", "26.02"):
        inp, c, _ = run_input(_run(f"megatron-bridge-{version}-gb200-llama3-70b-64gpu-fp8"))
        assert inp.implementation.offload_layers == 40 and c.zero == 3 and c.micro_batch == 2


def _zero3(device, framework: str):
    spec = preset("llama2-7b")
    rec = recipe("custom", params="bf16", grads="fp32", master="fp32", state="fp32", acts="bf16")
    inp = PlanInput(spec, 1024, 8, Cluster(device, 8), recipe=rec, optimizer=optimizer("adam"),
                    implementation=Implementation(framework=framework))  # fmt: skip
    return spec, memory_per_gpu(inp, Layout(micro_batch=1, dp=8, zero=3), 1)


def test_torch_fsdp_keeps_no_bf16_shard_and_composer_gathers_one_layer(device) -> None:
    # ZeRO-3 over 8, bf16 compute with an fp32 master. Megatron keeps a bf16 shard (2 bytes / 8)
    # beside the master; torch FSDP's shard is the fp32 master itself, bf16 only once gathered.
    # At the top layer's backward FSDP2 holds the root and two layers whole (this one and the
    # next, prefetched); Composer's BACKWARD_POST reshards before prefetching: one layer.
    spec, mega = _zero3(device, "megatron")
    _, fsdp = _zero3(device, "fsdp")
    _, composer = _zero3(device, "llm-foundry")
    n, layer = spec.param_count, layer_params_local(spec, 1)
    root = n - spec.layers * layer  # embedding, final norm, untied head
    assert mega.moment == fsdp.moment == composer.moment == "top layer's backward"
    assert mega.weights == pytest.approx(2 * n / 8 + 2 * (root + 2 * layer))
    assert fsdp.weights == pytest.approx(2 * (root + 2 * layer))
    assert composer.weights == pytest.approx(2 * (root + layer))
    # the layer's gradient is made whole (fp32) before its reduce-scatter, beside the untied
    # head's gradient already made (its fp32 shard, / 8)
    assert mega.grads == pytest.approx(4 * layer + 4 * spec.vocab * spec.d_model / 8)


def test_nemo_2407_nemotron4_340b_keeps_bf16_adam_state_and_fits() -> None:
    # NeMo-Framework-Launcher 24.07, conf/training/nemotron/nemotron_340b.yaml: optim
    # distributed_fused_adam with dtype bf16 (2 + 2 bytes of moments per parameter, no master),
    # as the DGXC recipe of the same months; over DP 2.
    run = _run("nemo-24.07-h100-nemotron4-340b-128gpu-fp8")
    inp, _, _ = run_input(run)
    assert inp.recipe.master == "none" and inp.recipe.bytes("state") == 2
    lay = Layout(tp=8, pp=8, vpp=12, dp=2, sp=True, zero=1, micro_batch=1)
    mem = memory_per_gpu(inp, lay, 16)
    assert mem.optimizer == pytest.approx(4 * mem.params / 2)
    assert mem.peak <= inp.cluster.device.capacity_bytes


def test_gb200_fits_against_what_nvidia_smi_reports() -> None:
    # SlinkyProject/slurm-operator docs/installation.md: nvidia-smi on NVIDIA GB200, 189471MiB
    gb200 = load_catalog().get("gb200")
    assert gb200.capacity_bytes == 189471 * 2**20
    assert gb200.memory_bytes == 186e9  # the datasheet figure stays what it is


@pytest.mark.parametrize(
    ("recompute", "sp", "per_sbh"),
    [("selective", True, 34 / 8), ("none", True, 34 / 8 + 5 * 96 * 2048 / (12288 * 8)),
     ("none", False, 10 + 24 / 8 + 5 * 96 * 2048 / (12288 * 8))],
)  # fmt: skip
def test_per_layer_activations_are_korthikanti_table_2(recompute, sp, per_sbh) -> None:
    # Korthikanti et al. 2022, Table 2, per layer in bytes for GPT-3 175B's shape (h 12,288,
    # a 96, s 2,048, b 1) at TP 8: TP alone sbh(10 + 24/t + 5as/(ht)); with SP sbh(34/t +
    # 5as/(ht)); with SP and selective recomputation sbh·34/t. Megatron-LM 2022's code: no flash
    # attention, dropout, 16-bit activations, 1-byte masks, GeLU MLP of 4h.
    from core.memory.models import TransformerSpec
    from core.plan.memory import _activations

    s, h, t = 2048, 12288, 8
    spec = TransformerSpec(name="gpt3-175b", vocab=51200, d_model=h, layers=96, heads=96,
                           kv_heads=96, ffn=4 * h, gated=False, tied=False, norm="layernorm",
                           bias=True, max_pos=s, seq=s)  # fmt: skip
    impl = Implementation(flash=False, dropout=True, fused=True)
    inp = PlanInput(spec, s, 8, Cluster(load_catalog().get("a100-sxm"), 8),
                    recipe=recipe("amp"), implementation=impl)  # fmt: skip
    lay = Layout(tp=t, sp=sp, micro_batch=1, recompute=recompute, dp=1)
    # within 1e-4: the LayerNorms' fp32 statistics per token, which the table leaves out
    assert _activations(inp, lay).per_layer == pytest.approx(per_sbh * s * h, rel=1e-4)

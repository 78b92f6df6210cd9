"""DeepSpeed's BF16_Optimizer pass (``update_hp_grads`` after every micro-batch's backward),
checked by hand: 18 bytes per parameter and two kernels per parameter tensor, on every stage,
only where the optimizer runs (DeepSpeed, bf16 weights with fp32 gradients, ZeRO 0 or 1)."""

from __future__ import annotations

import pytest

from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Implementation, Layout, PlanInput, plan
from core.plan.frameworks import framework, hp_grad_accum
from core.plan.grad_accum import hp_grad_pass_seconds, param_tensors_per_layer
from core.plan.memory import stage_params
from tests.core.plan.conftest import SMALL, SMALL_GPT

SEQ = 256
FP32_GRADS = recipe("custom", params="bf16", grads="fp32", master="fp32", state="fp32",
                    acts="bf16")  # fmt: skip


def _inp(device, spec, rec, fw, gpus=8, batch=64):
    return PlanInput(spec, SEQ, batch, Cluster(device, gpus), recipe=rec,
                     optimizer=optimizer("adam"),
                     implementation=Implementation(framework=fw, dp_overlap=False))  # fmt: skip


def test_pass_seconds_by_hand() -> None:
    # 1e9 parameters in 100 tensors, bf16 gradients: read 2, cast-write 4, add_ reads 4 + 4 and
    # writes 4 = 18 bytes each over 1e12 B/s = 18 ms, plus 2 × 100 kernels × 5 µs = 1 ms.
    assert hp_grad_pass_seconds(1e9, 100, 2, 1e12, 5e-6) == pytest.approx(0.019)
    assert hp_grad_pass_seconds(0.0, 100, 2, 1e12, 5e-6) == 0.0


def test_tensors_per_layer() -> None:
    # Llama-style: QKV, proj, fc1 (gate+up), fc2 and two RMSNorm weights = 6; GPT-style adds the
    # four linears' biases and the two LayerNorm biases = 12.
    assert param_tensors_per_layer(SMALL) == 6
    assert param_tensors_per_layer(SMALL_GPT) == 12


def test_only_deepspeed_bf16_with_fp32_grads_below_zero2() -> None:
    ds = framework("deepspeed")
    assert hp_grad_accum(ds, 1, 2, 4)
    assert hp_grad_accum(ds, 0, 2, 4)
    assert not hp_grad_accum(ds, 2, 2, 4)  # ZeRO-2/3: DeepSpeed's ZeRO optimizer instead
    assert not hp_grad_accum(ds, 1, 2, 2)  # bf16 gradients: nothing to copy into
    for other in ("megatron", "nemo", "torchtitan", "fsdp", "llm-foundry"):
        assert not hp_grad_accum(framework(other), 1, 2, 4)


@pytest.mark.parametrize("spec", [SMALL, SMALL_GPT])
def test_each_micro_batch_pays_the_pass(device, cal, spec) -> None:
    # TP 2, PP 2, DP 2, micro-batch 2: 64 / (2 × 2) = 16 micro-batches. The busiest stage's
    # compute grows by 16 × the pass over its parameters; the bubble by (p − 1) × the pass.
    lay = Layout(tp=2, pp=2, dp=2, zero=1, micro_batch=2)
    ds = plan(_inp(device, spec, FP32_GRADS, "deepspeed"), lay, calibration=cal)
    mg = plan(_inp(device, spec, FP32_GRADS, "megatron"), lay, calibration=cal)
    # the two frameworks' other mechanisms (buckets, the reduction after the flush) touch only
    # dp_comm here: compute and bubble differ by the pass alone
    layers = spec.layers / 2
    params = max(stage_params(spec, 2, layers, s) for s in ("first", "last"))
    tensors = layers * param_tensors_per_layer(spec) + 2
    one = params * 18 / (device.mem_bandwidth * 0.9) + 2 * tensors * 2e-6
    assert ds.breakdown["compute"] - mg.breakdown["compute"] == pytest.approx(16 * one, rel=1e-6)
    assert ds.breakdown["bubble"] - mg.breakdown["bubble"] == pytest.approx(one, rel=1e-6)
    # bf16 gradients: no BF16_Optimizer pass
    same = plan(_inp(device, spec, recipe("bf16"), "deepspeed"), lay, calibration=cal)
    base = plan(_inp(device, spec, recipe("bf16"), "megatron"), lay, calibration=cal)
    assert same.breakdown["compute"] == pytest.approx(base.breakdown["compute"])


def test_bf16_gradients_stay_beside_the_fp32_ones(device, cal) -> None:
    # BF16_Optimizer.update_hp_grads(clear_lp_grads=False): the bf16 .grad of every parameter
    # stays allocated beside the fp32 accumulator, 2 more bytes per parameter of the stage
    # (unsharded under ZeRO-1), so DeepSpeed's gradients exceed Megatron's by 2 × n.
    lay = Layout(tp=2, pp=2, dp=2, zero=1, micro_batch=2)
    ds = plan(_inp(device, SMALL, FP32_GRADS, "deepspeed"), lay, calibration=cal)
    mg = plan(_inp(device, SMALL, FP32_GRADS, "megatron"), lay, calibration=cal)
    assert ds.memory.stage == mg.memory.stage
    n = stage_params(SMALL, 2, SMALL.layers / 2, ds.memory.stage)
    assert ds.memory.grads - mg.memory.grads == pytest.approx(2 * n)

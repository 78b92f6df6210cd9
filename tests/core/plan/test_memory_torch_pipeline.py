"""Memory of a pipeline run by ``torch.distributed.pipelining`` (FSDP2's engine: torchtitan, NeMo
AutoModel): its interleaved schedule's warm-up, and ZeRO-3 under it holding what ZeRO-1 holds,
each checked by hand against the schedule's and the stage's code."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Implementation, Layout, PlanInput
from core.plan.frameworks import framework, memory_zero
from core.plan.inputs import check_layout
from core.plan.memory import in_flight_layers, memory_per_gpu, stage_params
from tests.core.plan.conftest import SMALL

SEQ = 256


def _inp(device, fw: str) -> PlanInput:
    return PlanInput(SMALL, SEQ, 64, Cluster(device, 16), recipe=recipe("amp"),
                     optimizer=optimizer("adamw"),
                     implementation=Implementation(framework=fw))  # fmt: skip


def _torch_warmup(rank: int, v: int, p: int, m: int) -> int:
    """torch/distributed/pipelining/schedules.py ``_get_warmup_ops``, written out: the last
    stage runs ``(v − 1)·rounds`` forwards before its first backward, two more per hop back
    (``rounds = m // max(1, m // p)``), capped at all ``m·v`` forwards."""
    rounds = m // max(1, m // p)
    return min((v - 1) * rounds + 2 * ((p - 1) - rank), m * v)


@pytest.mark.parametrize(("rank", "p", "v", "m"), [(0, 4, 2, 8), (1, 4, 2, 8), (0, 4, 8, 32),
                                                    (3, 4, 2, 8), (0, 4, 2, 2)])  # fmt: skip
def test_torch_interleaved_1f1b_keeps_megatrons_forwards(rank, p, v, m) -> None:
    # ScheduleInterleaved1F1B: the warm-up, then one more forward before the first backward (the
    # steady state's 1F1B); with equal one-layer chunks each forward keeps one layer.
    in_flight = min(_torch_warmup(rank, v, p, m) + 1, m * v)
    assert in_flight_layers(rank, p, v, m, (1.0,) * v) == in_flight


def test_fsdp2_plans_the_interleaved_schedule(device) -> None:
    assert framework("fsdp").interleaved and framework("torchtitan").interleaved
    lay = check_layout(_inp(device, "fsdp"), Layout(pp=2, vpp=2))
    assert lay.vpp == 2
    with pytest.raises(InputError, match="no interleaved schedule"):
        check_layout(_inp(device, "deepspeed"), Layout(pp=2, vpp=2))


def test_zero3_under_torch_pipelining_holds_what_zero1_holds(device) -> None:
    # PipelineStage.backward_maybe_with_nosync on an FSDPModule: set_reshard_after_backward(False)
    # and set_requires_gradient_sync(False) but for the last backward, so the stage's weights
    # stay gathered and its gradients accumulate whole; only the optimizer state stays sharded.
    # amp: bf16 weights (2) and gradients (2), fp32 master and two moments (12) per parameter.
    assert memory_zero(framework("fsdp"), 3, 2) == 1
    assert memory_zero(framework("fsdp"), 3, 1) == 3  # no pipeline: FSDP2 reshards as usual
    assert memory_zero(framework("megatron"), 1, 2) == 1
    inp = _inp(device, "fsdp")
    lay = check_layout(inp, Layout(pp=2, zero=3, micro_batch=1))  # DP 8
    mem = memory_per_gpu(inp, lay, 64 // 8)
    n = stage_params(SMALL, 1, 4.0, mem.stage)
    assert mem.params == n
    assert mem.weights == pytest.approx(2 * n)
    assert mem.grads == pytest.approx(2 * n)
    assert mem.optimizer == pytest.approx(12 * n / 8)
    with pytest.raises(InputError, match="zero 0 or 1 with pp > 1"):
        check_layout(_inp(device, "megatron"), Layout(pp=2, zero=3))


def test_search_keeps_a_stated_zero3_under_torch_pipelining(device, cal) -> None:
    from core.plan.inputs import Constraints
    from core.plan.search import search

    stated = Constraints(pp=2, zero=3, micro_batch=1, include_unfit=True)
    found = search(_inp(device, "fsdp"), stated, top=5, calibration=cal)
    assert found and all(r.layout.zero == 3 and r.layout.pp == 2 for r in found)
    # Megatron's engine: no ZeRO-3 with PP (only layouts whose DP is 1, where ZeRO is moot)
    mega = search(_inp(device, "megatron"), stated, top=5, calibration=cal)
    assert all(r.layout.zero == 0 and r.layout.dp == 1 for r in mega)
    # unstated, the search does not offer ZeRO-2/3 with PP (it holds what ZeRO-1 holds)
    free = search(_inp(device, "fsdp"), Constraints(pp=2, include_unfit=True), top=50,
                  calibration=cal)  # fmt: skip
    assert free and all(r.layout.zero <= 1 for r in free)

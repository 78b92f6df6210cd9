"""A sliding attention window in the plan: each windowed layer's attention does the share of a
causal layer's work its window leaves, in the time and in both FLOP counts.

References: the pairs a window keeps are counted by brute force on a torch mask (a causal
lower triangle less everything ``w`` or more positions back), independent of the closed form;
the FLOPs by hand from PaLM's ``6·N + 12·L·H·Q·T`` with the windowed layers' attention scaled.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
import torch

from core.memory.recipes import optimizer, recipe
from core.plan import Cluster, Layout, PlanInput, flops_per_step, plan
from core.plan.timing import window_causal_length
from core.roofline.utilization import attention_layers, window_share
from tests.core.plan.conftest import SMALL

SEQ = 256


def _pairs(seq: int, window: int) -> int:
    """Query-key pairs a causal attention with a sliding window of ``window`` keeps."""
    causal = torch.ones(seq, seq).tril()
    too_far = torch.ones(seq, seq).tril(diagonal=-window)
    return int((causal - too_far).sum())


@pytest.mark.parametrize(("seq", "window"), [(8, 3), (256, 64), (4096, 128), (1000, 999)])
def test_the_window_share_counts_the_pairs_a_mask_keeps(seq: int, window: int) -> None:
    assert window_share(seq, window) == pytest.approx(_pairs(seq, window) / _pairs(seq, seq))


def test_no_window_or_a_window_as_long_as_the_sequence_leaves_all_the_work() -> None:
    assert window_share(256, 0) == 1.0
    assert window_share(256, 256) == window_share(256, 4096) == 1.0
    assert attention_layers(36, 4096) == 36.0
    # GPT-OSS: 18 of 36 layers slide over 128 positions
    share = _pairs(4096, 128) / _pairs(4096, 4096)
    assert attention_layers(36, 4096, 128, 18) == pytest.approx(18 + 18 * share)
    assert attention_layers(36, 4096, 128) == pytest.approx(36 * share)  # every layer


def _inp(device, spec, batch: int = 16, seq: int = SEQ) -> PlanInput:
    return PlanInput(spec, seq, batch, Cluster(device, 8), recipe=recipe("bf16"),
                     optimizer=optimizer("adamw"))  # fmt: skip


#: Long enough that SMALL's attention is compute-bound on the test device (at 256 its kernels
#: are memory-bound, and a window cannot shorten reading Q, K, V and writing O).
LONG = 2048


def test_model_flops_scale_the_windowed_layers_attention(device) -> None:
    half = replace(SMALL, window=64, window_layers=4)  # 4 of SMALL's 8 layers slide
    full_model, full_hw = flops_per_step(_inp(device, SMALL), "none")
    model, hw = flops_per_step(_inp(device, half), "none")
    tokens, heads, q = 16 * SEQ, 8, 32
    attention_per_layer = 12 * heads * q * SEQ * tokens  # PaLM's 12·H·Q·T per token
    lost = 4 * (1 - _pairs(SEQ, 64) / _pairs(SEQ, SEQ)) * attention_per_layer
    assert model == pytest.approx(full_model - lost, rel=1e-12)
    assert hw < full_hw  # the kernel executes less too


def test_a_window_makes_the_step_faster_and_a_long_window_changes_nothing(device, cal) -> None:
    lay = Layout(dp=8, micro_batch=2)
    full = plan(_inp(device, SMALL, seq=LONG), lay, calibration=cal)
    slid = plan(_inp(device, replace(SMALL, window=64), seq=LONG), lay, calibration=cal)
    assert slid.step_time_s < full.step_time_s
    assert slid.breakdown["compute"] < full.breakdown["compute"]
    long = plan(_inp(device, replace(SMALL, window=LONG), seq=LONG), lay, calibration=cal)
    assert long.step_time_s == pytest.approx(full.step_time_s, rel=1e-12)
    # every layer windowed, said two ways
    every = plan(_inp(device, replace(SMALL, window=64, window_layers=8), seq=LONG), lay,
                 calibration=cal)  # fmt: skip
    assert every.step_time_s == pytest.approx(slid.step_time_s, rel=1e-12)
    assert any("sliding window" in str(a) for a in slid.assumptions)
    assert not any("sliding window" in str(a) for a in full.assumptions)


def test_some_windowed_layers_fall_between_none_and_all(device, cal) -> None:
    lay = Layout(dp=8, micro_batch=2)
    times = [plan(_inp(device, replace(SMALL, window=64, window_layers=k) if k else SMALL,
                       seq=LONG), lay, calibration=cal).step_time_s for k in (0, 2, 4, 8)]  # fmt: skip
    assert times[0] > times[1] > times[2] > times[3]


def test_a_model_with_some_windowed_layers_is_planned_and_searched(device, cal) -> None:
    """Regression: the one-layer traces kept ``window_layers`` beyond their two layers."""
    from core.plan import Constraints, search

    moe = replace(SMALL, window=64, window_layers=4, experts=8, top_k=2, moe_ffn=384)
    res = plan(_inp(device, moe), Layout(dp=8, ep=8, micro_batch=1), calibration=cal)
    assert res.step_time_s > 0
    assert search(_inp(device, moe), Constraints(), calibration=cal, top=1)


def test_the_windowed_rate_is_a_causal_kernels_over_as_many_key_blocks() -> None:
    # a window of w spans w/B + 1 key blocks per query block; a causal query block over L
    # tokens (L/B + 1)/2 on average: L = 2w + B with B = 128
    for w in (128, 4096):
        length = window_causal_length(w)
        assert (length / 128 + 1) / 2 == w / 128 + 1


def test_a_deeper_or_shallower_model_keeps_its_windowed_share() -> None:
    spec = replace(SMALL, window=64, window_layers=4)  # half of 8
    assert spec.with_layers(16).window_layers == 8
    assert spec.with_layers(1).window_layers == 1
    assert replace(SMALL, window=64).with_layers(3).window_layers == 0  # every layer, still

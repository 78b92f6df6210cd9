"""ZeRO-3's whole weights and gradients at each moment of backward, by hand and against torch's
FSDPMemTracker on fake ranks.

By hand: FSDP2 keeps the root module (embedding, final norm, tied head) gathered from the forward
to the end of backward, gathers each layer for its backward with the next one prefetched, makes
a layer's gradient whole and reduce-scatters it from a whole-size buffer. The tracker is the
reference for the peak: the estimate comes within 3 % of it (on GPT-2 × 8 ranks the shards alone
were 271 MB against the tracker's 503 MB).
"""

from __future__ import annotations

import pytest

from core.memory.estimate import MemoryConfig, estimate
from core.memory.fsdp_trace import trace_fsdp
from core.memory.gathered import gathered_bytes, moment_keys
from core.memory.models import parse_model

#: A GPT-2-shaped model small enough to trace in a second: tied embedding, vocabulary-heavy.
TIED = "transformer:d=128,layers=4,heads=2,vocab=8000,seq=64,tied=true"


def test_moments_by_hand() -> None:
    kw = {"layer": 100.0, "root": 1000.0, "layers": 4.0, "w": 2.0, "g": 4.0}
    assert gathered_bytes("start", **kw) == (2 * (1000 + 100), 0.0)  # root + the top prefetched
    assert gathered_bytes("top", **kw) == (2 * (1000 + 100 + 100), 4 * 100)  # + its gradient
    assert gathered_bytes("bottom", **kw) == gathered_bytes("top", **kw)
    assert gathered_bytes("end", **kw) == (2 * 1000, 4 * 100)  # the last reduce-scatter's buffer
    # FSDP1's BACKWARD_POST reshards a layer before gathering the next: one at a time
    assert gathered_bytes("top", **kw, prefetch=False) == (2 * (1000 + 100), 4 * 100)
    assert gathered_bytes("start", **kw, prefetch=False) == (2 * 1000, 0.0)
    # no root (the lecture's MLP): the bottom layer, its gradient and the previous one's buffer
    bare = {**kw, "root": 0.0}
    assert gathered_bytes("end", **bare) == (2 * 100, 4 * (100 + 100))
    assert moment_keys(3) == ("start", "top", "end") and moment_keys(4)[0] == "bottom"
    with pytest.raises(ValueError, match="allowed: bottom, start, top, end"):
        gathered_bytes("middle", **kw)


def test_start_of_backward_by_hand() -> None:
    # Tied model, bf16 weights, Adam's two fp32 moments, 4 ranks, one sequence of 64. At the
    # start of backward no gradient exists yet; a rank holds its weight shard (2 bytes / 4),
    # the root gathered whole (embedding = tied head, final norm) and the top layer prefetched
    # (2 bytes each).
    spec, ranks = parse_model(TIED), 4
    est = estimate(MemoryConfig(model=spec, batch=1, seq=64, zero=3, gpus=ranks))
    n, layer = spec.param_count, spec.layer_params()
    root = n - spec.layers * layer
    assert root == spec.vocab * spec.d_model + spec.d_model  # tied embedding + final RMSNorm
    assert est.peak_moment == "start of backward"
    assert est.at_peak["params"] == pytest.approx(2 * n / ranks + 2 * (root + layer))
    assert est.at_peak["grads"] == 0.0
    assert est.at_peak["optimizer"] == pytest.approx(8 * n / ranks)


def test_peak_agrees_with_the_fsdp_tracker() -> None:
    # The tracker's peak is the reference (the tolerance: 3 %; what is left is the activation
    # model's own gap and the prefetched layer's all-gather buffer during its copy-out).
    cfg = MemoryConfig(model=parse_model(TIED), batch=1, seq=64, zero=3, gpus=4)
    traced = trace_fsdp(cfg, 4).peak
    est = estimate(cfg)
    assert est.peak == pytest.approx(traced, rel=0.03)
    # without the whole weights (the shards alone) the estimate is 19 % under
    assert est.peak - (est.at_peak["params"] - est.bytes["params"]) < 0.85 * traced


def test_gpt2_end_of_backward_agrees_with_the_tracker_by_hand() -> None:
    # GPT-2 × 8 ranks, one sequence of 128 (the case FSDPMemTracker put at 503 MB against the
    # plan's 271 MB): at the end of backward a rank holds the shards (2 + 8 bytes / 8), every
    # gradient but the tied embedding's (2 bytes / 8), the root gathered (2 × root), the tied
    # embedding's gradient made whole three times (3 × 2 × V·d) and layer 0's reduce-scatter
    # buffer (2 × layer).
    spec, ranks = parse_model("gpt2"), 8
    est = estimate(MemoryConfig(model=spec, batch=1, seq=128, zero=3, gpus=ranks))
    n, head, layer = spec.param_count, spec.vocab * spec.d_model, spec.layer_params()
    root = n - spec.layers * layer
    hand = (2 + 8) * n / ranks + 2 * (n - head) / ranks + 2 * root + 3 * 2 * head + 2 * layer
    assert est.peak_moment == "end of backward"
    assert est.peak == pytest.approx(hand + est.at_peak["activations"])
    assert hand == pytest.approx(503e6, rel=0.01)  # the tracker's 502,972,296 bytes


def test_one_device_and_zero2_hold_nothing_gathered() -> None:
    spec = parse_model(TIED)
    one = estimate(MemoryConfig(model=spec, batch=1, seq=32, zero=3, gpus=1))
    assert one.at_peak["params"] == one.bytes["params"]
    two = estimate(MemoryConfig(model=spec, batch=1, seq=32, zero=2, gpus=4))
    assert two.at_peak["params"] == two.bytes["params"]

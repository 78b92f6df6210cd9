"""When no micro-batch fits, the answer says what tips it over: the weights, gradients and state
alone, one micro-batch's activations, or only the allowance (the afternoon's 80.9 of 85.5 GB).

The capacities are placed by hand around the estimate's own parts at a micro-batch of 1, so each
case is the one its name says: below the state, between the state and the tensors' peak, and
between that peak and the peak with the allowance.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.memory import MemoryConfig, preset, recipe
from core.memory.estimate import derive, estimate
from core.memory.recipes import optimizer
from core.units import format_bytes


@pytest.fixture(scope="module")
def parts():
    cfg = MemoryConfig(preset("llama2-7b"), batch=1, seq=4096, recipe=recipe("bf16"),
                       optimizer=optimizer("adamw"))  # fmt: skip
    one = estimate(cfg)
    state = one.bytes["params"] + one.bytes["grads"] + one.bytes["optimizer"]
    # By hand: 2 + 2 + 4 + 4 bytes per parameter (bf16 weights and grads, AdamW's fp32 m and v).
    assert state == pytest.approx(12 * one.param_count)
    assert state < one.peak < one.peak + one.allowance
    return cfg, one, state


def test_only_the_allowance_tips_it(parts) -> None:
    cfg, one, _ = parts
    capacity = one.peak + one.allowance / 2
    answer = derive(estimate(replace(cfg, batch=8)), capacity)
    assert answer.max_micro_batch == 0
    reason = str(answer.no_batch_reason)
    assert "allowance tips it over" in reason and format_bytes(one.allowance) in reason
    assert "alone" not in reason


def test_activations_tip_it(parts) -> None:
    cfg, one, state = parts
    capacity = (state + one.peak) / 2
    answer = derive(estimate(cfg), capacity)
    assert answer.max_micro_batch == 0
    assert "activations and temporaries tip it over" in str(answer.no_batch_reason)


def test_the_state_alone(parts) -> None:
    cfg, _, state = parts
    answer = derive(estimate(cfg), state * 0.9)
    assert answer.max_micro_batch == 0
    reason = str(answer.no_batch_reason)
    assert "alone" in reason and format_bytes(state) in reason


def test_a_batch_that_fits_has_no_reason(parts) -> None:
    cfg, one, _ = parts
    answer = derive(estimate(cfg), (one.peak + one.allowance) * 1.01)
    assert answer.max_micro_batch >= 1 and answer.no_batch_reason is None

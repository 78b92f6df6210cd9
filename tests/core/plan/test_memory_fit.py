"""Memory of published layouts that ran (issue 38, item 5): uneven chunks, the interleaved
schedule's in-flight layers counted chunk by chunk, and an optimizer that keeps bf16 state."""

from __future__ import annotations

from core.plan.inputs import Layout, stage_layers
from core.plan.memory import chunk_layers, in_flight_layers, memory_per_gpu, stage_params
from core.plan.published import load_runs, run_input


def test_an_end_chunk_may_hold_no_layer_when_interleaved() -> None:
    # Llama 3 405B: 126 layers on 16 ranks × 8 chunks of ⌈126/128⌉ = 1 layer; the 2 missing
    # layers come off the first chunk of rank 0 (embedding only) and the last of rank 15.
    assert stage_layers(126, 16, 8) == {"first": (0, 7.0), "last": (15, 7.0), "middle": (1, 8.0)}
    assert chunk_layers(126, 16, 8, "first", 7.0) == (0.0,) + (1.0,) * 7
    assert chunk_layers(126, 16, 8, "last", 7.0) == (1.0,) * 7 + (0.0,)
    # Without interleaving a stage keeps at least one layer: 8 layers on 6 stages of 2 would
    # leave the first and the last stage with none.
    assert stage_layers(8, 6, 1) is None


def test_in_flight_layers_equal_korthikanti_with_equal_chunks() -> None:
    # Rank 0, p = 4, v = 2 chunks of 3 layers (L = 24), 8 micro-batches: Megatron's warm-up is
    # 2·(4 − 1) + (2 − 1)·4 = 10 forwards, the 11th starts the steady state: 11 chunks × 3 = 33
    # layers, Korthikanti et al. 2022's L·(1 + (p − 1)/(p·v)) = 24·(1 + 3/8) = 33.
    assert in_flight_layers(0, 4, 2, 8, (3.0, 3.0)) == 33.0
    # Too few micro-batches for the warm-up (m·v = 4 forwards): all of them, 4 × 3.
    assert in_flight_layers(0, 4, 2, 2, (3.0, 3.0)) == 12.0
    # 1F1B: rank r keeps p − r micro-batches of its layers.
    assert in_flight_layers(1, 4, 1, 8, (6.0,)) == 18.0


def test_an_empty_first_chunk_keeps_no_activations() -> None:
    # Llama 3 405B, rank 0, 32 micro-batches: 2·15 + 7·16 + 1 = 143 forwards in flight; forward
    # k runs chunk (k mod 128) // 16, so chunk 0 (embedding only) runs k = 0..15 and 128..142,
    # 31 of them with no layer; the other 112 run one layer each.
    chunks = chunk_layers(126, 16, 8, "first", 7.0)
    assert in_flight_layers(0, 16, 8, 32, chunks) == 112.0
    # Rank 1, eight one-layer chunks: 2·14 + 112 + 1 = 141 forwards of one layer.
    assert in_flight_layers(1, 16, 8, 32, (1.0,) * 8) == 141.0


def _run(run_id: str):
    return next(r for r in load_runs() if r["id"] == run_id)


def test_nemotron4_340b_keeps_bf16_adam_state_and_fits_on_128_gpus() -> None:
    """nemotron4-340b-synth.yaml: distributed_fused_adam with ``dtype: bf16`` (state in bf16,
    no master copy). Per parameter: 2 (bf16 weights) + 2 (bf16 gradients) + (2 + 2)/DP 2."""
    inp, _, _ = run_input(_run("nvidia-dgxc-h100-nemotron4-340b-128gpu"))
    lay = Layout(tp=8, pp=8, vpp=12, cp=1, dp=2, sp=True, zero=1, micro_batch=1,
                 recompute="selective")  # fmt: skip
    mem = memory_per_gpu(inp, lay, 16)
    n = stage_params(inp.model, 8, 12.0, mem.stage)
    assert mem.params == n
    assert mem.optimizer == 4 * n / 2
    assert mem.weights == 2 * n
    assert mem.peak <= inp.cluster.device.capacity_bytes

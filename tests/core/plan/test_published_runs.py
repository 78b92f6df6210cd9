"""The plan against published runs: each within ±20 % of its published throughput, and the figures
converted to tokens/s with each source's own FLOP convention, checked by hand.

Runs the model does not reach yet are listed below with the mechanism it lacks (strict xfails:
they fail this file the day the model reaches them, so the list stays true). Nothing here is
fitted: the constants are the calibration file's microbenchmark figures.
"""

from __future__ import annotations

import pytest

from core.plan.published import load_runs, predict_run, published, published_tokens_per_s

SMALL_GEMMS = (
    "small layers (h ≤ 4096): GEMMs that cuBLAS runs with smaller tiles and short K loops, which "
    "the wave/tile shape model does not capture, and per-op overheads beyond the launch"
)
#: Runs outside ±20 % today, and the mechanism the model lacks for each.
KNOWN_GAPS: dict[str, str] = {
    "narayanan2021-gpt-1.7b": SMALL_GEMMS + "; the s²-sized softmax and dropout traffic at h 2304",
    "megatron-core-r0.8-h100-gpt-1.7b": SMALL_GEMMS + "; micro-batch, recomputation and v not "
    "stated (searched: the fastest that fits)",
    "megatron-core-r0.8-h100-gpt-7.1b": "micro-batch, recomputation and v not stated (searched); "
    "TP-overlap's SM contention not modelled",
    "megatron-core-r0.8-h100-gpt-16b": "as 7.1B",
    "megatron-core-r0.8-h100-gpt-32b": "as 7.1B",
    "megatron-core-r0.8-h100-gpt-70b": "as 7.1B",
    "megatron-core-r0.8-h100-gpt-177b": "as 7.1B",
    "mosaicml-mpt-h100-1b-512gpu": SMALL_GEMMS
    + "; FSDP's per-layer collectives over 512 ranks pay "
    "a ring latency per hop (no calibrated α)",
    "mosaicml-mpt-h100-7b-8gpu": SMALL_GEMMS + "; eager PyTorch's CPU dispatch",
    "mosaicml-mpt-a100-80gb-70b-64gpu": "overlapped FSDP collectives slow the GEMMs they share SMs "
    "and HBM with (not modelled); eager PyTorch",
    "mosaicml-mpt-a100-80gb-7b-8gpu": SMALL_GEMMS + "; eager PyTorch's CPU dispatch",
    "mosaicml-mpt-a100-40gb-7b-128gpu": SMALL_GEMMS + "; FSDP ring latency over 128 ranks",
    "mosaicml-mpt-a100-40gb-3b-128gpu": SMALL_GEMMS + "; FSDP ring latency over 128 ranks",
    "nvidia-dgxc-h100-llama3.1-405b-576gpu": "the memory model keeps what eager torch keeps; "
    "Transformer Engine's fused kernels keep less, so the search picks full recomputation where "
    "the run needed none (or only some layers: partial recomputation is not modelled)",
    "bigscience-bloom-176b": "Megatron-DeepSpeed's pipeline engine and ALiBi's fused softmax "
    "overheads are not modelled",
}

RUNS = load_runs()


def _case(run: dict) -> object:
    gap = KNOWN_GAPS.get(run["id"])
    marks = [pytest.mark.xfail(strict=True, reason=gap)] if gap else []
    return pytest.param(run, id=run["id"], marks=marks)


@pytest.mark.slow
@pytest.mark.parametrize("run", [_case(r) for r in RUNS])
def test_each_run_within_20_percent(run: dict) -> None:
    p = published(run)
    res = predict_run(p)
    assert res.tokens_per_s == pytest.approx(p.tokens_per_s, rel=0.20), (
        f"{run['id']}: predicted {res.tokens_per_s:,.0f} tokens/s, published {p.tokens_per_s:,.0f} "
        f"({p.how}); layout {res.layout.label()}, limits {res.limits}"
    )


def _run(run_id: str) -> dict:
    return next(r for r in RUNS if r["id"] == run_id)


def test_megatron_2021_tflops_convert_with_their_own_formula() -> None:
    # Narayanan et al. 2021: F = 96·B·s·l·h²·(1 + s/6h + V/16lh) per step, so tokens/s =
    # TFLOP/s per GPU × GPUs × B·s / F. 1.7B: l 24, h 2304, V 51,200, s 2048, 32 GPUs, 137 TFLOP/s.
    per_token = 96 * 24 * 2304**2 * (1 + 2048 / (6 * 2304) + 51200 / (16 * 24 * 2304))
    want = 137e12 * 32 / per_token
    got, how = published_tokens_per_s(_run("narayanan2021-gpt-1.7b"))
    assert got == pytest.approx(want, rel=1e-12) and "96" in how
    assert got == pytest.approx(297_214, rel=1e-4)


def test_step_times_and_reported_tokens_are_taken_as_they_are() -> None:
    got, _ = published_tokens_per_s(_run("korthikanti2022-gpt-175b-selective"))
    assert got == pytest.approx(64 * 2048 / 13.75)  # Table 5's iteration time, not its MFU
    got, _ = published_tokens_per_s(_run("mosaicml-mpt-h100-70b-512gpu"))
    assert got == 515_636
    got, _ = published_tokens_per_s(_run("nvidia-dgxc-h100-gpt3-175b-128gpu"))
    assert got == pytest.approx(256 * 2048 / 8.91)


def test_llama3_model_flops_are_palms() -> None:
    # Llama 3 405B (Table 3): 126 layers, d 16,384, ffn 53,248, 128 heads, 8 KV heads, V 128,256;
    # PaLM: 6·N + 12·L·H·Q·T with N every matmul weight and the head.
    d, ffn, kv = 16384, 53248, 8 * 128
    n = 126 * (2 * d * d + 2 * d * kv + 3 * d * ffn) + 128256 * d
    per_token = 6 * n + 12 * 126 * 128 * 128 * 8192
    got, _ = published_tokens_per_s(_run("llama3-405b-8k-16384gpu"))
    assert got == pytest.approx(400e12 * 16384 / per_token, rel=1e-12)


def test_every_run_has_a_conversion_and_a_code_description() -> None:
    for run in RUNS:
        p = published(run)
        assert p.tokens_per_s > 0 and p.how and p.code

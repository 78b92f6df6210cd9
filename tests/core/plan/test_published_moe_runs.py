"""The published MoE runs (``resources/published_moe_runs.json``, issue 40 item 6): every run
loads with its provenance, its layout adds up to its GPUs, its experts split over its EP ranks,
its model, device, precision and framework are ones the app knows, and the Megatron FLOP count
its TFLOP/s convert with equals a matrix-by-matrix count by hand."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from core.memory.models import PRESETS
from core.plan.frameworks import FRAMEWORKS
from core.plan.precision import PRECISIONS
from core.plan.published_moe import (
    load_moe_runs,
    megatron_flops_per_token,
    moe_spec,
    published_per_gpu,
    source_flops_per_token,
)
from core.roofline.hardware import load_catalog

RUNS = load_moe_runs()


def _run(run_id: str) -> dict:
    return next(r for r in RUNS if r["id"] == run_id)


def test_the_resource_holds_177_runs_of_eleven_sources_with_their_groups() -> None:
    ids = [r["id"] for r in RUNS]
    assert len(ids) == 177 and len(set(ids)) == 177
    sources = Counter(r["source"]["code"] for r in RUNS)
    assert sources == {"megatron-bridge": 119, "automodel": 5, "deepseek-v3-report": 1,
                       "megatron-lm": 2, "megatron-moe-modelzoo": 13,
                       "megatron-lm-docs": 5, "megascale-moe": 10,
                       "dgxc-benchmarking": 13, "megatron-bridge-kimi": 4,
                       "nemo-docs-moe": 4, "automodel-head": 1}  # fmt: skip
    # Kimi-K2's one configuration (GB300, 256 GPUs, MXFP8, Muon): first in the 26.02.01 section,
    # repeated in 26.04, 26.04.01 and 26.06
    kimi = {r["source"]["section"]: r["group"] for r in RUNS
            if r["source"]["code"] == "megatron-bridge-kimi"}  # fmt: skip
    assert kimi == {"26.02.01": "primary", "26.04": "repeat", "26.04.01": "repeat",
                    "26.06": "repeat"}  # fmt: skip
    # The research notes' suggested primary subset: Megatron-Bridge 26.02 (19), 25.11 (17) and the
    # 25.09 DGX-H100 row (1); 26.02.01, 26.04, 26.04.01, 26.06, 26.06.01 and 26.08 repeat those
    # configurations (26.08 and 26.02.01-26.06.01 registered apart, each in its own file).
    bridge = Counter(r["source"]["section"] for r in RUNS
                     if r["source"]["code"] == "megatron-bridge")  # fmt: skip
    assert bridge == {
        "26.08": 8,
        "26.06.01": 6,
        "26.06": 13,
        "26.04.01": 19,
        "26.04": 18,
        "26.02.01": 18,
        "26.02": 19,
        "25.11": 17,
        "25.09": 1,
    }
    for r in RUNS:
        section = r["source"]["section"]
        if r["source"]["code"] == "megatron-bridge-kimi":
            continue
        repeat = r["id"].startswith("megatron-bridge") and section not in (
            "26.02",
            "25.11",
            "25.09",
        )
        assert r["group"] == ("repeat" if repeat else "primary"), r["id"]
    assert sum(r["group"] == "repeat" for r in RUNS) == 82 + 3
    # At least 12 runs from at least 3 sources (issue 40), outside the primary's duplication too.
    primary = [r for r in RUNS if r["group"] == "primary"]
    assert len(primary) >= 12 and len({r["source"]["code"] for r in primary}) >= 3


def test_every_run_states_its_provenance() -> None:
    for r in RUNS:
        src = r["source"]
        assert src["url"].startswith("https://"), r["id"]
        assert src["title"] and src["authors"] and src["section"] and src["table"], r["id"]
        if "github.com" in src["url"]:
            # a pinned commit, in the URL and in the commit field
            assert re.search(r"/blob/[0-9a-f]{40}/", src["url"]), r["id"]
            assert re.match(r"[0-9a-f]{40}", src["commit"]), r["id"]
        assert r["notes"] and isinstance(r["not_modelled"], list), r["id"]
        assert "reported" not in r or r["reported"].get("as_published"), r["id"]


def test_every_layout_adds_up_and_splits_the_experts() -> None:
    for r in RUNS:
        lay, hw, batch = r["layout"], r["hardware"], r["batch"]
        spec = moe_spec(r)
        gpus = hw["gpus"]
        assert lay["tp"] * lay["pp"] * lay["cp"] * lay["dp"] == gpus, r["id"]
        assert spec.is_moe and spec.experts % lay["ep"] == 0, r["id"]
        # experts spread over EP x ETP ranks within each pipeline stage's GPUs
        assert (gpus // lay["pp"]) % (lay["ep"] * lay["etp"]) == 0, r["id"]
        if lay.get("expert_dp") is not None:
            assert lay["expert_dp"] * lay["pp"] * lay["ep"] * lay["etp"] == gpus, r["id"]
        if lay["micro_batch"] is not None:
            assert batch["global_batch"] % (lay["micro_batch"] * lay["dp"]) == 0, r["id"]
            # AutoModel accumulates local batches of LBS sequences (PP micro-batches of MBS each)
            per_rank = lay["local_batch"] or lay["micro_batch"]
            assert batch["global_batch"] % (per_rank * lay["dp"]) == 0, r["id"]
            want = batch["global_batch"] // (per_rank * lay["dp"])
            assert lay["grad_accum_computed"] == want, r["id"]
            if lay["grad_accum"] != want:  # two 25.11 rows print another GA: said, not hidden
                assert f"CAUTION: the table's GA ({lay['grad_accum']})" in r["notes"], r["id"]
        assert hw["gpus"] == hw["nodes"] * hw["gpus_per_node"], r["id"]
        assert hw["nvlink_domain"] % hw["gpus_per_node"] == 0, r["id"]
        assert lay["recompute"] in (None, "none", "selective", "full"), r["id"]
        assert lay["zero"] in (0, 1, 2, 3) and lay["vpp"] >= 1, r["id"]


def test_models_devices_precisions_and_frameworks_are_known() -> None:
    catalog = load_catalog()
    names = set(FRAMEWORKS)
    for r in RUNS:
        preset = r["model"]["preset"]
        assert preset in PRESETS or r["model"].get("dims"), r["id"]
        if preset in PRESETS:
            assert moe_spec(r).params_total == PRESETS[preset].params_total, r["id"]
        assert catalog.get(r["hardware"]["device"]).name, r["id"]
        assert r["precision"] in PRECISIONS, r["id"]
        assert r["framework"] in names or r["framework"] == "hai-llm", r["id"]
        if r["hardware"]["device"] in ("gb200", "gb300"):
            assert (r["hardware"]["gpus_per_node"], r["hardware"]["nvlink_domain"]) == (4, 72)
        if r["precision"] == "mxfp8":
            assert r["hardware"]["device"] in ("b200", "gb200", "b300", "gb300"), r["id"]


def test_gpt_oss_dims_give_its_published_size() -> None:
    # openai/gpt-oss-120b model card (Table 1): 116.83B total, 5.13B active parameters, the
    # active count with the unembedding but not the embedding (2880 x 201,088 = 0.58B); this
    # spec counts the attention biases, the card's own count has them too.
    spec = moe_spec(_run("megatron-bridge-26.02-b200-gpt-oss-120b-64gpu-bf16"))
    assert spec.params_total == pytest.approx(116.83e9, rel=0.01)
    assert spec.params_active - 2880 * 201088 == pytest.approx(5.13e9, rel=0.01)


def test_megatron_count_of_mixtral_by_hand() -> None:
    # Mixtral 8x7B at s = 4096: per token and layer the forward multiplies q and o (h x h), k
    # and v (h x 1024), two of eight SwiGLU experts (3 x h x 14336 each), and attention's two
    # products with the keys (causal: s/2 of them; Megatron-LM's 2024 count: all s); the head
    # h x V (32,000 = 250 x 128). Each multiply-add is 2 FLOPs; backward doubles the forward: x3.
    h, f, s, L, V = 4096, 14336, 4096, 32, 32000
    for causal, keys in ((True, s / 2), (False, s)):
        fwd_layer = 2 * (2 * h * h + 2 * h * 1024 + 2 * 3 * h * f) + 2 * 2 * keys * h
        want = 3 * (L * fwd_layer + 2 * h * V)
        got = megatron_flops_per_token(PRESETS["mixtral-8x7b"], s, causal=causal)
        assert got == pytest.approx(want, rel=1e-12)
    # The Megatron-LM run converts with the 2024 count, the dense runs' Megatron-Core formula
    # with Mixtral's top-2 experts (core.plan.published, 12·l·h²·(...)).
    run = _run("megatron-core-0.9-h100-mixtral-8x7b-64gpu-bf16")
    assert run["flop_convention"] == "megatron-lm-2024"
    old = 12 * L * h * h * ((1 + 8 / 32 + s / h) + f / h * 1.5 * 2 + V / (2 * L * h))
    assert source_flops_per_token(run)[0] == pytest.approx(old, rel=1e-12)


def test_megatron_count_of_deepseek_v3_with_mtp_by_hand() -> None:
    # DeepSeek-V3 (config.json): h 7168, 128 heads, MLA q_lora 1536, kv_lora 512, qk 128 + rope
    # 64, v 128; 3 dense layers (ffn 18432) and 58 MoE layers (top-8 of width 2048 + 1 shared);
    # one MTP layer counted as an MoE block with its norms, its 2h x h projection and a second
    # pass of the head. Megatron counts each latent norm as one multiply per rank element.
    h, a, ql, kl, qk, rope, v, s = 7168, 128, 1536, 512, 128, 64, 128, 4096
    attn_weights = h * ql + ql * a * (qk + rope) + h * (kl + rope) + kl * a * (qk + v) + a * v * h
    attn = 6 * (attn_weights + ql + kl + s / 2 * a * (qk + rope) + s / 2 * a * v)
    dense_mlp = 6 * 3 * h * 18432
    moe_mlp = 6 * (8 + 1) * 3 * h * 2048
    mtp = 6 * (3 * h + 2 * h * h)
    logits = 6 * h * 129280 * 2
    want = 62 * attn + 3 * dense_mlp + 59 * moe_mlp + mtp + logits
    got = megatron_flops_per_token(PRESETS["deepseek-v3"], s, mtp=1)
    assert got == pytest.approx(want, rel=1e-12)
    run = _run("megatron-bridge-26.02-b200-deepseek-v3-256gpu-mxfp8")
    assert run["moe"]["mtp_depth"] == 1
    assert source_flops_per_token(run)[0] == pytest.approx(want, rel=1e-12)


def test_gpt_oss_counts_its_glu_as_megatron_does() -> None:
    # Megatron-Bridge's GPTOSSProvider: gated_linear_unit with quick_gelu, not F.silu, so the
    # count's 3/2 does not apply: 2 matrices of h x 2880 per routed expert, 4 experts per token.
    # Attention: 64 heads of 64 (q 4096 wide), 8 KV groups; vocabulary 201,088 = 1571 x 128.
    h, f, s, L, V = 2880, 2880, 4096, 36, 201088
    run = _run("megatron-bridge-26.02-b200-gpt-oss-120b-64gpu-bf16")
    fwd_layer = 2 * (h * 4096 * 2 + 2 * h * 512 + 4 * 2 * h * f) + 2 * 2 * (s / 2) * 4096
    want = 3 * (L * fwd_layer + 2 * h * V)
    assert source_flops_per_token(run)[0] == pytest.approx(want, rel=1e-12)


def test_the_gb200_guide_counts_as_megatron_bridge() -> None:
    guide = _run("megatron-lm-guide-gb200-deepseek-v3-256gpu-mxfp8")
    assert guide["flop_convention"] == "megatron-lm-2026" and guide["moe"]["mtp_depth"] == 0
    want = megatron_flops_per_token(PRESETS["deepseek-v3"], 4096, mtp=0, causal=True)
    assert source_flops_per_token(guide)[0] == pytest.approx(want, rel=1e-12)


def test_sources_without_a_read_flop_count_convert_nothing() -> None:
    assert source_flops_per_token(_run("automodel-2510-h100-deepseek-v3-256gpu-bf16")) is None
    assert source_flops_per_token(_run("deepseek-v3-report-2048xh800-pretrain-14.8t")) is None


def test_published_figures_convert_to_tokens_per_gpu_by_hand() -> None:
    run = {k: v for k, v in _run("deepseek-v3-report-2048xh800-pretrain-14.8t").items()
           if k != "reported"}  # fmt: skip
    assert published_per_gpu(run)[0] is None  # no figure: nothing to compare
    # A synthetic 2,000,000 GPU-hours for the run's 14.8T tokens: 14.8e12 / (2e6 x 3600 s).
    run["reported"] = {"gpu_hours": 2.0e6}
    tokens, tflops, how = published_per_gpu(run)
    assert tokens == pytest.approx(14.8e12 / 7.2e9) and tflops is None and "GPU-hours" in how
    mixtral = {k: v for k, v in _run("megatron-core-0.9-h100-mixtral-8x7b-64gpu-bf16").items()
               if k != "reported"}  # fmt: skip
    mixtral["reported"] = {"model_tflops_per_gpu": 300.0}
    per, _name = source_flops_per_token(mixtral)
    tokens, tflops, _how = published_per_gpu(mixtral)
    assert tokens == pytest.approx(300e12 / per) and tflops == 300.0
    mixtral["reported"] = {"tokens_per_s_per_gpu": 1234.0, "model_tflops_per_gpu": 300.0}
    assert published_per_gpu(mixtral)[:2] == (1234.0, 300.0)  # tokens/s as published win


def _texts(value: object) -> list[str]:
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return [value] if isinstance(value, str) else []


def test_the_inputs_quote_no_published_figure() -> None:
    # Pre-registration: until the predictions are committed the resource holds no figure, not
    # even in prose (a TFLOP/s, a tokens/s or GPU-hours number beside its unit).
    figure = re.compile(
        r"\d[\d.,]*\s*[KkMm]?\s*(GPU-hours|TFLOP|tokens/s)|(TFLOP/s|tokens/s|GPU-hours)[^;.]*\b(as|of|=|is)\s+\d",
        re.IGNORECASE,
    )
    for r in RUNS:
        inputs = {k: v for k, v in r.items() if k != "reported"}
        for text in _texts(inputs):
            assert not figure.search(text), (r["id"], text)


def test_nemo_docs_rows_run_the_code_of_their_pages_dense_rows() -> None:
    from core.plan.published import SOURCE_CODE
    from core.plan.published_moe import moe_run_input

    for r in RUNS:
        if r["source"]["code"] != "nemo-docs-moe":
            continue
        impl = moe_run_input(r)[0].implementation
        page = SOURCE_CODE[r["source"]["url"]].implementation
        assert impl.framework == page.framework == "nemo", r["id"]
        assert impl.attention_kernel == page.attention_kernel == "cudnn", r["id"]
        assert impl.probs_in_experts and not impl.fp8_dispatch, r["id"]  # Megatron-Core's experts


def test_dims_may_interleave_moe_layers() -> None:
    run = next(r for r in RUNS if r["model"].get("dims"))
    dims = {**run["model"]["dims"], "dense_layers": 0, "moe_every": 2}
    spec = moe_spec({**run, "model": {**run["model"], "dims": dims}})
    assert spec.moe_every == 2 and spec.moe_layers == spec.layers // 2

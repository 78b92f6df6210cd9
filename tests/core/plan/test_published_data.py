"""The published-run and calibration data the cluster model is checked against: schema, cross-references,
layout arithmetic, and hand re-derivations of reported figures with each source's own FLOP formula.

The re-derivations are written out here from the sources' formulas (Korthikanti et al. 2022;
llm-foundry's ``collect_results.py``; NVIDIA's DGXC README notes; Megatron-DeepSpeed's TFLOPs log line) so
that a transcription error in a step time, a batch size or a model dimension shows up as a mismatch.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Any

import pytest

RUN_KEYS = {
    "id",
    "source",
    "model",
    "hardware",
    "layout",
    "batch",
    "precision",
    "reported",
    "notes",
}
SOURCE_KEYS = {"title", "authors", "year", "url", "table"}
MODEL_KEYS = {
    "name",
    "layers",
    "hidden",
    "heads",
    "kv_heads",
    "ffn",
    "vocab",
    "act",
    "norm",
    "tied",
    "bias",
}
HARDWARE_KEYS = {"device", "gpus", "gpus_per_node", "network", "inter_node_bandwidth_per_gpu"}
LAYOUT_KEYS = {"tp", "pp", "vpp", "cp", "dp", "sp", "zero", "micro_batch", "recompute"}
BATCH_KEYS = {"global_batch", "seq"}
REPORTED_KEYS = {"metric", "value", "also", "flop_convention", "peak_flops_used"}
METRICS = {"tflops_per_gpu", "mfu", "hfu", "tokens_per_s", "tokens_per_s_per_gpu", "step_time_s"}
RECOMPUTE = {"none", "selective", "full", None}
ACTS = {"gelu", "swiglu", "squared_relu"}
NORMS = {"layer", "rms"}
#: The precisions a run states: the weights' dtype, or a low-precision recipe the plan names
#: (core.plan.precision.PRECISIONS: torchao's float8 tensorwise is fp8-current).
PRECISIONS = {"bf16", "fp16", "fp8", "fp8-current", "fp8-delayed", "mxfp8", "nvfp4"}
CALIBRATION_CORE = {
    "gemm_efficiency",
    "attention_forward_efficiency",
    "attention_backward_efficiency",
    "memory_bandwidth_fraction",
    "intra_node_busbw_fraction",
    "inter_node_busbw_fraction",
    "kernel_launch_overhead_s",
    "sm_count",
    "gemm_tile",
}
CALIBRATION_REQUIRED_DEVICES = {
    "a100-sxm",
    "a100-sxm-40gb",
    "h100-sxm",
    "h200",
    "b200",
    "mi300x",
    "v100",
}


def _load(name: str) -> dict[str, Any]:
    return json.loads(resources.files("resources").joinpath(name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def runs() -> list[dict[str, Any]]:
    doc = _load("published_runs.json")
    assert doc["schema_version"] == 1 and doc["description"]
    return doc["runs"]


@pytest.fixture(scope="module")
def calibration() -> dict[str, Any]:
    doc = _load("calibration.json")
    assert doc["schema_version"] == 1 and doc["description"]
    return doc["devices"]


@pytest.fixture(scope="module")
def device_ids() -> set[str]:
    return {d["id"] for d in _load("hardware.json")["devices"]}


@pytest.fixture(scope="module")
def by_id(runs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in runs}


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


# ---------------------------------------------------------------------------------------------- schema


def test_enough_runs_from_enough_sources(runs: list[dict[str, Any]]) -> None:
    assert len(runs) >= 14
    assert len({r["source"]["url"].split("/blob/")[0] for r in runs}) >= 5
    devices = {r["hardware"]["device"] for r in runs}
    assert {"a100-sxm", "h100-sxm"} <= devices
    assert len({r["id"] for r in runs}) == len(runs), "run ids must be unique"


def test_every_run_has_exactly_the_schema(runs: list[dict[str, Any]]) -> None:
    for r in runs:
        assert set(r) == RUN_KEYS, r["id"]
        assert set(r["source"]) == SOURCE_KEYS, r["id"]
        assert set(r["model"]) == MODEL_KEYS, r["id"]
        assert set(r["hardware"]) - {"nvlink_domain"} == HARDWARE_KEYS, r["id"]
        assert set(r["layout"]) == LAYOUT_KEYS, r["id"]
        assert set(r["batch"]) == BATCH_KEYS, r["id"]
        assert set(r["reported"]) == REPORTED_KEYS, r["id"]


def test_every_run_cites_a_source_with_a_url(runs: list[dict[str, Any]]) -> None:
    for r in runs:
        src = r["source"]
        assert src["url"].startswith("https://"), r["id"]
        assert src["title"] and src["authors"] and src["table"], r["id"]
        assert isinstance(src["year"], int) and 2019 <= src["year"] <= 2026, r["id"]
        assert len(r["notes"]) > 40, f"{r['id']}: say what was inferred and from where"
        assert len(r["reported"]["flop_convention"]) > 20, r["id"]


def test_fields_have_the_allowed_values_and_types(runs: list[dict[str, Any]]) -> None:
    for r in runs:
        m, hw, lay, b, rep = r["model"], r["hardware"], r["layout"], r["batch"], r["reported"]
        for key in ("layers", "hidden", "heads", "kv_heads", "ffn", "vocab"):
            assert isinstance(m[key], int) and m[key] > 0, (r["id"], key)
        assert m["act"] in ACTS and m["norm"] in NORMS, r["id"]
        assert m["tied"] in (True, False) and m["bias"] in (True, False, None), r["id"]
        assert isinstance(hw["gpus"], int) and hw["gpus"] > 0, r["id"]
        # 8 per node, or a GB200 NVL72 rack's NVLink domain (at most its 72 GPUs) given as the
        # node, or its 4-GPU trays with the rack's domain as nvlink_domain.
        nvl72 = hw["device"] in ("gb200", "gb300") and 8 <= hw["gpus_per_node"] <= 72
        trays = hw["device"] in ("gb200", "gb300") and hw["gpus_per_node"] == 4
        assert hw["gpus_per_node"] == 8 or nvl72 or trays, r["id"]
        if "nvlink_domain" in hw:
            assert hw["nvlink_domain"] % hw["gpus_per_node"] == 0 <= hw["nvlink_domain"] <= 72, r[
                "id"
            ]
        assert hw["network"], r["id"]
        assert (
            hw["inter_node_bandwidth_per_gpu"] is None or hw["inter_node_bandwidth_per_gpu"] > 1e9
        ), r["id"]
        for key in ("tp", "pp", "vpp", "cp", "dp", "micro_batch"):
            assert lay[key] is None or (isinstance(lay[key], int) and lay[key] >= 1), (r["id"], key)
        assert lay["zero"] in (0, 1, 2, 3, None) and lay["sp"] in (True, False, None), r["id"]
        assert lay["recompute"] in RECOMPUTE, r["id"]
        assert isinstance(b["global_batch"], int) and isinstance(b["seq"], int), r["id"]
        assert r["precision"] in PRECISIONS, r["id"]
        assert rep["metric"] in METRICS and _is_number(rep["value"]) and rep["value"] > 0, r["id"]
        assert rep["peak_flops_used"] is None or rep["peak_flops_used"] > 1e14, r["id"]
        for key, value in rep["also"].items():
            assert _is_number(value) and value > 0, (r["id"], key)


def test_unknown_device_is_null_and_named(runs: list[dict[str, Any]], device_ids: set[str]) -> None:
    for r in runs:
        dev = r["hardware"]["device"]
        if dev is None:
            assert "device" in r["notes"].lower(), r["id"]
        else:  # a catalog device, or its variant as deployed (base:memory=...,bandwidth=...)
            base = dev.split(":")[0]
            assert base in device_ids, f"{r['id']}: {dev} is not in resources/hardware.json"
            if ":" in dev:
                from core.roofline.hardware import load_catalog

                assert load_catalog().get(dev).id.startswith(base), r["id"]  # it resolves


# ---------------------------------------------------------------------------------------------- layouts


def test_parallel_degrees_multiply_to_the_gpu_count(runs: list[dict[str, Any]]) -> None:
    for r in runs:
        lay = r["layout"]
        degrees = [lay[k] for k in ("tp", "pp", "cp", "dp")]
        if None not in degrees:
            assert math.prod(degrees) == r["hardware"]["gpus"], r["id"]


def test_global_batch_divides_into_data_parallel_micro_batches(runs: list[dict[str, Any]]) -> None:
    for r in runs:
        lay, gbs = r["layout"], r["batch"]["global_batch"]
        if lay["dp"] is not None and lay["micro_batch"] is not None:
            assert gbs % (lay["dp"] * lay["micro_batch"]) == 0, r["id"]


def test_tensor_parallel_divides_the_heads(runs: list[dict[str, Any]]) -> None:
    for r in runs:
        tp, m = r["layout"]["tp"], r["model"]
        if tp is None:
            continue
        assert m["heads"] % tp == 0, r["id"]
        assert m["kv_heads"] % tp == 0 or tp % m["kv_heads"] == 0, r["id"]
        assert m["heads"] % m["kv_heads"] == 0, r["id"]


def test_pipeline_stages_split_the_layers(runs: list[dict[str, Any]]) -> None:
    for r in runs:
        pp, vpp, layers = r["layout"]["pp"], r["layout"]["vpp"], r["model"]["layers"]
        if pp is None:
            continue
        if layers % pp:
            # Only runs whose notes say how the uneven stages are built (embedding stages, shorter ends).
            assert "stage" in r["notes"] or "rank" in r["notes"], r["id"]
            continue
        if vpp is not None and vpp > 1:
            assert (layers // pp) % vpp == 0, (
                f"{r['id']}: {layers // pp} layers per stage over {vpp} chunks"
            )


def test_reported_fractions_are_fractions(runs: list[dict[str, Any]]) -> None:
    for r in runs:
        rep = r["reported"]
        if rep["metric"] in ("mfu", "hfu"):
            assert 0 < rep["value"] <= 1, r["id"]
        for key in ("mfu", "hfu", "percent_of_peak"):
            if key in rep["also"]:
                assert 0 < rep["also"][key] <= 1, (r["id"], key)
        if rep["metric"] == "tflops_per_gpu" and rep["peak_flops_used"]:
            assert rep["value"] < rep["peak_flops_used"], r["id"]


# ---------------------------------------------------------------------------------------------- calibration


def _constants(calibration: dict[str, Any]):
    for dev, consts in calibration.items():
        for name, c in consts.items():
            yield dev, name, c
            if "measured" in c:
                yield dev, f"{name}.measured", c["measured"]


def test_calibration_covers_the_required_devices(
    calibration: dict[str, Any], device_ids: set[str]
) -> None:
    assert set(calibration) >= CALIBRATION_REQUIRED_DEVICES
    assert set(calibration) <= device_ids
    for dev in CALIBRATION_REQUIRED_DEVICES:
        assert set(calibration[dev]) >= CALIBRATION_CORE, dev


def test_every_calibration_constant_has_a_source(
    calibration: dict[str, Any], device_ids: set[str]
) -> None:
    for dev, name, c in _constants(calibration):
        assert "value" in c and c["source"], (dev, name)
        src = c["source"]
        assert "https://" in src or "docs/gpu.md" in src or src.startswith("none found"), (
            dev,
            name,
        )
        if c["value"] is None:
            assert src.startswith("none found") and c.get("notes"), (dev, name)
        if "proxy_of" in c:
            assert c["proxy_of"] in device_ids and c["proxy_of"] != dev, (dev, name)
        if name.endswith(".measured"):
            assert src.startswith("docs/gpu.md (this project"), (dev, name)


def test_calibration_fractions_are_within_zero_and_one(calibration: dict[str, Any]) -> None:
    for dev, name, c in _constants(calibration):
        base = name.split(".")[0]
        if (
            base.endswith(("_efficiency", "_fraction", "_efficiency_fp8"))
            and c["value"] is not None
        ):
            assert 0 < c["value"] <= 1, (dev, name)
            for key in ("causal_value", "all_gather_value", "reduce_scatter_value"):
                if key in c:
                    assert 0 < c[key] <= 1, (dev, name, key)


def test_calibration_fractions_match_their_absolute_figures(calibration: dict[str, Any]) -> None:
    """Each fraction recorded with an absolute figure equals that figure over hardware.json's datasheet value."""
    hw = {d["id"]: d for d in _load("hardware.json")["devices"]}
    links = {
        "intra_node_busbw_fraction": "intra_node_bandwidth",
        "inter_node_busbw_fraction": "inter_node_bandwidth",
    }
    checked = 0
    for dev, name, c in _constants(calibration):
        base = name.split(".")[0]
        d = hw[c.get("proxy_of", dev)] if base != "gemm_efficiency" else hw[dev]
        if "achieved_flops" in c and base in ("gemm_efficiency", "attention_forward_efficiency",
                                              "attention_backward_efficiency", "attention_fwd_bwd_efficiency"):  # fmt: skip
            peak = d["peak_flops"].get("bf16") or d["peak_flops"]["fp16"]
            assert c["value"] == pytest.approx(c["achieved_flops"] / peak, abs=0.005), (dev, name)
            checked += 1
        elif "achieved_bandwidth" in c and base == "memory_bandwidth_fraction":
            assert c["value"] == pytest.approx(
                c["achieved_bandwidth"] / d["mem_bandwidth"], abs=0.002
            ), (dev, name)
            checked += 1
        elif "achieved_busbw" in c and base in links:
            link = d[links[base]]
            # inter-node: a ring across 4 nodes of 8 keeps all 8 NICs of a node in flight, so the
            # fraction is busbw over the node's 8 NICs (ml-engineering's model 2, NCCL's Ring)
            rate = c["achieved_busbw"] / (8 if base == "inter_node_busbw_fraction" else 1)
            assert c["value"] == pytest.approx(rate / link, abs=0.003), (dev, name)
            checked += 1
    assert checked >= 15


def test_h200_measured_values_are_this_projects(calibration: dict[str, Any]) -> None:
    h200 = calibration["h200"]
    # docs/gpu.md, 2026-11-30 second run: bf16 8192^3 matmul 670.6 TFLOP/s, fp32 copy 4.21 TB/s.
    assert h200["gemm_efficiency"]["measured"]["value"] == pytest.approx(670.6 / 989.5, abs=1e-4)
    assert h200["memory_bandwidth_fraction"]["measured"]["value"] == pytest.approx(
        4.21 / 4.8, abs=1e-4
    )
    # The published best-of-search value is kept beside the measurement (under mamf), not used.
    assert h200["gemm_efficiency"]["mamf"]["value"] == pytest.approx(794.5 / 989.5, abs=1e-4)


# ---------------------------------------------------------------------------------------------- hand checks


def _korthikanti_flops(r: dict[str, Any], attn_recompute: bool = False) -> float:
    """Korthikanti et al. 2022, model FLOPs: 72*B*s*l*h^2*(1 + s/(6h) + V/(12*l*h)); the selective-recompute
    hardware count doubles the attention-core term, s/(6h) -> s/(3h)."""
    b, s = r["batch"]["global_batch"], r["batch"]["seq"]
    n, h, v = r["model"]["layers"], r["model"]["hidden"], r["model"]["vocab"]
    attention = s / ((3 if attn_recompute else 6) * h)
    return 72 * b * s * n * h * h * (1 + attention + v / (12 * n * h))


def test_korthikanti_mfu_and_hfu_follow_from_the_iteration_times(
    by_id: dict[str, dict[str, Any]],
) -> None:
    for size in ("22b", "175b", "530b", "1t"):
        r = by_id[f"korthikanti2022-gpt-{size}-selective"]
        t = r["reported"]["also"]["step_time_s"]
        seconds_at_peak = t * r["hardware"]["gpus"] * 312e12
        mfu = _korthikanti_flops(r) / seconds_at_peak
        hfu = _korthikanti_flops(r, attn_recompute=True) / seconds_at_peak
        assert mfu == pytest.approx(r["reported"]["value"], abs=0.003), size
        assert hfu == pytest.approx(r["reported"]["also"]["hfu"], abs=0.003), size
        # The full-recompute baseline is slower by the paper's 29-32 % throughput gain.
        full = by_id[f"korthikanti2022-gpt-{size}-full-recompute"]["reported"]["value"]
        assert 1.28 < full / t < 1.33, size


def test_mosaicml_mfu_follows_from_tokens_per_second(runs: list[dict[str, Any]]) -> None:
    checked = 0
    for r in (x for x in runs if x["id"].startswith("mosaicml-")):
        m, rep, seq = r["model"], r["reported"], r["batch"]["seq"]
        d, layers, vocab = m["hidden"], m["layers"], m["vocab"]
        # MPT parameter count: blocks with biases and LayerNorms, tied embedding, learned positions, final norm.
        n_params = layers * (12 * d * d + 13 * d) + vocab * d + seq * d + 2 * d
        assert n_params == rep["also"]["num_params"], r["id"]
        samples_per_s = rep["also"]["tokens_per_s"] / seq
        flops_per_seq = 2 * n_params * seq
        attn_flops_per_seq = layers * 2 * 2 * d * seq**2
        gpus, peak = r["hardware"]["gpus"], rep["peak_flops_used"]
        mfu = 3 * (flops_per_seq + attn_flops_per_seq) * samples_per_s / (gpus * peak)
        assert mfu == pytest.approx(rep["value"], rel=0.005), r["id"]
        hfu_factor = 4 if r["layout"]["recompute"] == "full" else 3
        assert mfu * hfu_factor / 3 == pytest.approx(rep["also"]["hfu"], rel=0.005), r["id"]
        assert rep["also"]["tokens_per_s"] / gpus == pytest.approx(
            rep["also"]["tokens_per_s_per_gpu"], abs=1
        ), r["id"]
        mbs, ga, gbs = (
            r["layout"]["micro_batch"],
            rep["also"]["grad_accum"],
            r["batch"]["global_batch"],
        )
        assert mbs * ga * gpus == gbs, r["id"]
        checked += 1
    assert checked >= 10


def _dgxc_flops_per_sequence(m: dict[str, Any], seq: int) -> float:
    """NVIDIA DGXC README notes: seq*(attention + mlp + embedding), with the README's own per-family formulas."""
    n, h, v = m["layers"], m["hidden"], m["vocab"]
    if m["act"] == "swiglu":
        # Llama 3.1 recipes (the 405B recipe trains 16 query groups; see the run's notes).
        groups = m["kv_heads"]
        attention = 12 * n * h * h * (1 + groups / m["heads"] + seq / h)
        mlp = 18 * n * m["ffn"] * h
    else:
        # GPT-3 and Nemotron-4 recipes: full multi-head projections, 4h MLP.
        attention = 24 * n * h * h + 12 * n * h * seq
        mlp = 48 * n * h * h
    return seq * (attention + mlp + 6 * v * h)


def test_dgxc_mfu_and_tokens_follow_from_the_step_time(runs: list[dict[str, Any]]) -> None:
    checked = 0
    for r in (x for x in runs if x["id"].startswith("nvidia-dgxc-")):
        rep, seq, gbs = r["reported"], r["batch"]["seq"], r["batch"]["global_batch"]
        step, gpus = rep["value"], r["hardware"]["gpus"]
        flops = _dgxc_flops_per_sequence(r["model"], seq)
        assert flops == pytest.approx(rep["also"]["model_flops_per_sequence"], rel=0.005), r["id"]
        mfu = gbs * rep["also"]["model_flops_per_sequence"] / step / gpus / rep["peak_flops_used"]
        assert mfu == pytest.approx(rep["also"]["mfu"], abs=0.004), r["id"]
        assert seq * gbs / step == pytest.approx(rep["also"]["tokens_per_s"], rel=0.003), r["id"]
        checked += 1
    assert checked >= 10


def test_bloom_tflops_follow_from_the_iteration_time(by_id: dict[str, dict[str, Any]]) -> None:
    r = by_id["bigscience-bloom-176b"]
    m, b, s = r["model"], r["batch"]["global_batch"], r["batch"]["seq"]
    n, h, v = m["layers"], m["hidden"], m["vocab"]
    # Megatron-DeepSpeed's logged TFLOPs: 24 * 4 (checkpoint factor) * B*s*l*h^2 * (1 + s/(6h) + V/(16*l*h)).
    flops = 96 * b * s * n * h * h * (1 + s / (6 * h) + v / (16 * n * h))
    t = r["reported"]["also"]["step_time_s"]
    assert flops / (t * r["hardware"]["gpus"]) == pytest.approx(r["reported"]["value"], rel=0.002)
    assert b / t == pytest.approx(r["reported"]["also"]["samples_per_s"], rel=0.002)


def test_narayanan_rows_are_internally_consistent(runs: list[dict[str, Any]]) -> None:
    rows = [r for r in runs if r["id"].startswith("narayanan2021-")]
    assert len(rows) == 10
    for r in rows:
        tflops, also, m = r["reported"]["value"], r["reported"]["also"], r["model"]
        assert tflops / 312e12 == pytest.approx(also["percent_of_peak"], abs=0.006), r["id"]
        assert tflops * r["hardware"]["gpus"] == pytest.approx(
            also["aggregate_flops"], rel=0.012
        ), r["id"]
        # Megatron GPT parameters, 12*l*h^2*(1 + 13/(12h) + (V + s)/(12*l*h)) (Narayanan et al. 2021).
        n, h, v, s = m["layers"], m["hidden"], m["vocab"], r["batch"]["seq"]
        params = 12 * n * h * h * (1 + 13 / (12 * h) + (v + s) / (12 * n * h))
        # The table rounds to 0.1 B (1.652 prints as 1.7).
        assert params / 1e9 == pytest.approx(also["params_billion"], abs=0.05), r["id"]


def test_megatron_core_rows_are_internally_consistent(runs: list[dict[str, Any]]) -> None:
    rows = [r for r in runs if r["id"].startswith("megatron-core-")]
    assert len(rows) == 9
    for r in rows:
        rep, m = r["reported"], r["model"]
        assert rep["value"] * r["hardware"]["gpus"] == pytest.approx(
            rep["also"]["aggregate_flops"], rel=0.003
        )
        assert rep["value"] / 989.5e12 == pytest.approx(rep["also"]["mfu"], abs=0.006), r["id"]
        # Size label from 12*l*h^2 + 2*V*h (untied embeddings, 4h MLP, full MHA), to the label's rounding.
        label = float(m["name"].split()[1].rstrip("B"))
        params = (12 * m["layers"] * m["hidden"] ** 2 + 2 * m["vocab"] * m["hidden"]) / 1e9
        assert params == pytest.approx(label, rel=0.04), r["id"]


def test_llama3_rows_are_internally_consistent(runs: list[dict[str, Any]]) -> None:
    rows = [r for r in runs if r["id"].startswith("llama3-")]
    assert len(rows) == 3
    for r in rows:
        rep, b = r["reported"], r["batch"]
        tokens = b["global_batch"] * b["seq"]
        assert rep["also"]["tokens_per_batch"] == tokens == 16 * 2**20, r["id"]
        assert rep["value"] / 989.5e12 == pytest.approx(rep["also"]["mfu"], abs=0.015), r["id"]


def test_the_k_loop_overhead_is_the_median_of_xlas_sweep(calibration: dict[str, Any]) -> None:
    import statistics

    entry = calibration["h100-sxm"]["gemm_k_overhead"]
    by_b = entry["points"]["flops_by_b_then_k"]
    found = []
    for row in by_b.values():
        top = row["4096"]
        for k, rate in row.items():
            if k != "4096":
                rho, kk = rate / top, int(k)
                # rate ∝ K/(K + x): rho = (K/(K+x)) / (4096/(4096+x)), solved for x.
                found.append(4096 * kk * (1 - rho) / (4096 * rho - kk))
    assert len(found) == 9
    assert entry["value"] == pytest.approx(statistics.median(found), abs=1)
    # Every large-GEMM efficiency names the shape it was measured at.
    for dev, c in calibration.items():
        g = c.get("gemm_efficiency")
        if g and g["value"] is not None:
            assert len(g["shape"]) == 3, dev


def test_the_h100_triton_attention_is_derived_from_fa1_and_the_a100_ratio(
    calibration: dict[str, Any],
) -> None:
    # llm-foundry's Triton FlashAttention (Tri Dao's kernel on the pre-MLIR backend) has no H100
    # benchmark: its H100 figure is FlashAttention-1's H100 figure times Triton / FlashAttention-1
    # on the A100 at the same length, both Ampere-instruction kernels (docs/plan_sources.md).
    a100 = calibration["a100-sxm"]["attention_kernels"]["value"]["kernels"]
    h100 = calibration["h100-sxm"]["attention_kernels"]["value"]["kernels"]
    assert set(h100["triton"]) == {"fwd_bwd", "fwd_bwd_causal"}
    for key in ("fwd_bwd", "fwd_bwd_causal"):
        tri_a, fa1_a, fa1_h = a100["triton"][key], a100["flash1"][key], h100["flash1"][key]
        assert tri_a["seq"] == fa1_a["seq"] == fa1_h["seq"] == h100["triton"][key]["seq"]
        for got, t, f, h in zip(
            h100["triton"][key]["tflops"],
            tri_a["tflops"],
            fa1_a["tflops"],
            fa1_h["tflops"],
            strict=True,
        ):
            assert got == pytest.approx(h * t / f, abs=0.5)

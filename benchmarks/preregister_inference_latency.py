"""Pre-registers the inference model's predictions of the third set of published measurements:
latency from two new sources, NVIDIA NIM's benchmarking page (a client's TTFT and inter-token
latency at concurrency 1) and vLLM's nightly performance benchmark (a static batch's mean
end-to-end latency).

Run: ``python benchmarks/preregister_inference_latency.py [--inputs FILE]`` from the repository
root. ``FILE`` is the research notes' ``nim_inputs.json`` (inputs only, never the figures; the
figures are kept in another file that this script does not read).

Each row becomes one measurement per metric the source gives (NIM: ``ttft_s`` and ``tpot_s``;
vLLM: ``e2e_latency_s``), run as ``napkinlab inference ... --json`` would run it. What the
source does that the model does not have is stated in ``unsupported``; what the source does not
say and the row takes is stated in ``assumed``. The predictions go to
``benchmarks/data/preregistered_inference/third-<source>.json`` with the model's git commit, and
the measurements (without figures) to ``resources/published_inference.json``. The protocol
(issue 41 item 4): commit both, and only then add the published figures.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from preregister_inference_new import Run  # noqa: E402

INPUTS = Path("/work/notes/research/nim_inputs.json")

#: The devices of the sources' GPU names (the SKU is not stated; the SXM boards are taken, as
#: NVIDIA's and vLLM's benchmark machines are HGX systems).
DEVICES = {
    "H100 80G": "h100-sxm",
    "H200": "h200",
    "8xH100": "h100-sxm",
    "A100-SXM4-80GB": "a100-sxm",
}

from core.roofline.host import HOST_OP_S as EAGER_OP_S  # noqa: E402  (vLLM's eager prefill)

SOURCES: dict[str, dict[str, Any]] = {
    "nim": {
        "code": "nim-bench-1.0.0",
        "url": "https://docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance.md",
        "commit": None,
        "version": "NIM LLMs Benchmarking docs, version 1.0.0 (the page says so); NIM container 1.8.0",
        "retrieved": "2026-12-06, through the stored search index (the page's opening tables)",
        "title": "NVIDIA NIM LLMs Benchmarking: Performance",
        "authors": "NVIDIA",
        "date": ["NIM Llama-3.3-70B-Instruct container 1.8.0 (2025); page date not read"],
        "metrics": {
            "ttft_s": ("seconds", "AIPerf's TTFT at concurrency 1: from sending the request to "
                       "the first non-empty streamed token, client side (tokenization, the "
                       "prefill, the first token's de-tokenization and the local network)"),
            "tpot_s": ("seconds", "AIPerf's ITL at concurrency 1: the mean time between "
                       "streamed tokens after the first, client side"),
        },
    },
    "vllm-buildkite": {
        "code": "vllm-nightly",
        "url": "https://buildkite.com/vllm/performance-benchmark",
        "commit": None,
        "version": "builds 9513, 9515, 9523 and 9555 of the vllm/performance-benchmark pipeline",
        "retrieved": "2026-12-06, through the stored search index (each build's page)",
        "title": "vLLM performance benchmark (Buildkite), 'Latency tests'",
        "authors": "the vLLM project",
        "date": ["build dates not shown on the retrieved pages (2024, vLLM 0.6 era)"],
        "metrics": {
            "e2e_latency_s": ("seconds", "vLLM benchmark_latency's mean latency: one static "
                              "batch of 8 prompts of 32 tokens to 128 output tokens each, "
                              "offline (no server), 15 timed runs after 5 warm-ups"),
        },
    },
}  # fmt: skip


def choose(row: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """The row's ``inputs`` (``napkinlab inference`` flags), what they assume and what the
    model lacks."""
    assumed: dict[str, str] = {}
    unsupported: list[str] = []
    device = DEVICES[row["gpu"]]
    assumed["device"] = f"{device}: the source says {row['gpu']!r} (SXM board taken)"
    weights = {"fp8": "fp8", "bf16": "bf16"}[row["precision"]]
    inputs: dict[str, Any] = {
        "model": row["model_preset"], "device": device, "gpus": int(row["tp"]),
        "tp": int(row["tp"]), "prompt": int(row["isl"]), "output": int(row["osl"]),
        "weights": weights, "kv_dtype": "bf16",
    }  # fmt: skip
    if row["source"] == "nim":
        inputs["batch"] = 1
        assumed["kv_dtype"] = "bf16: the page does not state the KV-cache dtype"
        assumed["batch"] = "1: concurrency 1, one request at a time"
        unsupported.append(
            "the HTTP server, tokenization and streaming of a client-side measurement: not modelled"
        )
    else:
        inputs["batch"] = int(row["batch"])
        inputs["host_op_seconds"] = EAGER_OP_S
        assumed["weights"] = "bf16: vLLM's dtype 'auto' takes the checkpoint's (not stated)"
        assumed["host_op_seconds"] = (
            f"{EAGER_OP_S}: vLLM runs the prefill eagerly (decode from CUDA graphs); "
            "core.roofline.host.HOST_OP_S"
        )
        unsupported.append(
            "vLLM's scheduler, sampler and detokenizer host time per step: no sourced figure "
            "for this vLLM version, so none is charged"
        )
    if row["model_preset"] == "llama3-70b" and "3.3" in row["model_name"]:
        assumed["model"] = "llama3-70b: Llama 3.3 70B has Llama 3.1 70B's architecture"
    return inputs, assumed, unsupported


def main(argv: list[str] | None = None) -> int:
    """Predict every new row, write one file per source and the resource rows."""
    from app.cli.inference_cmd import run_inputs
    from core.inference.published import predict_row

    run = Run.start(argv, __doc__.splitlines()[0], INPUTS)
    opts, data, resource, have = run.opts, run.data, run.resource, run.have
    files: dict[str, dict[str, Any]] = {}
    new_rows: list[dict[str, Any]] = []
    for row in data["rows"]:
        src = SOURCES[row["source"]]
        inputs, assumed, unsupported = choose(row)
        for metric, (unit, meaning) in src["metrics"].items():
            suffix = {"ttft_s": "-ttft", "tpot_s": "-itl", "e2e_latency_s": ""}[metric]
            mid = row["id"] + suffix
            if mid in have:
                continue
            entry = {
                "id": mid, "source": src["code"], "url": row.get("url", src["url"]),
                "commit": src["commit"], "table": row["table"], "metric": metric,
                "meaning": meaning, "unit": unit, "inputs": inputs, "assumed": assumed,
                "unsupported": unsupported,
            }  # fmt: skip
            value, out = predict_row(entry, run_inputs)
            prediction = {
                "metric": metric, "value": value, "unit": unit, "batch": out["batch"],
                "fits": out["fits"], "ttft_s": out["ttft_s"], "tpot_s": out["tpot_s"],
                "output_tokens_per_s_total": out["output_tokens_per_s"],
            }  # fmt: skip
            new_rows.append(entry)
            doc = files.setdefault(src["code"], {
                "source": src["code"], "url": src["url"], "commit": src["commit"],
                "version": src["version"], "inputs_file": str(opts.inputs),
                "predicted_at": run.when, **run.state,
                "protocol": "predictions committed before the published figures (issue 41 item 4)",
                "disclosure": "a search excerpt read while looking for sources showed the "
                "figures of the NIM rows and of build 9515's rows before this prediction; the "
                "model was not changed between reading them and this run",
                "rows": [],
            })  # fmt: skip
            doc["rows"].append({
                "id": mid, "table": row["table"], "source_row": row, "inputs": inputs,
                "assumed": assumed, "unsupported": unsupported, "prediction": prediction,
            })  # fmt: skip
    known = {s["code"] for s in resource["sources"]}
    for src in SOURCES.values():
        if src["code"] in files and src["code"] not in known:
            keys = ("code", "url", "commit", "version", "retrieved", "title", "authors", "date")
            resource["sources"].append({k: src[k] for k in keys})
    return run.finish("third", files, new_rows)


if __name__ == "__main__":
    raise SystemExit(main())

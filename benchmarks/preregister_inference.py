"""Pre-registers the inference model's predictions of published serving measurements.

Run: ``python benchmarks/preregister_inference.py [--inputs FILE] [--force]`` from the repository
root. ``FILE`` is the research notes' ``inference_inputs.json`` (inputs only: model, device,
GPUs, TP, lengths, batch; never the published figures).

It picks the rows the inference core models today: dense Llama models (a preset, or Llama 3.1
405B from the dims its config gives), on a device of ``resources/hardware.json``, with a fixed
prompt and output length, and no MoE, MLA, speculative decoding or attention data parallelism.
Each row is run exactly as ``napkinlab inference ... --json`` would run it (the argument list is
kept as ``command``), and the predicted metric is written in the meaning the source gives its
figure. The files ``benchmarks/data/preregistered_inference/<source>.json`` carry the git commit
of the model and the date. The protocol (issue 41 item 4): commit these files, and only then add
the published figures (``resources/published_inference.json``); ``benchmarks/inference_published.py``
compares them.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "benchmarks" / "data" / "preregistered_inference"
INPUTS = Path("/work/notes/research/inference_inputs.json")
MODEL_PATHS = ("core", "resources/calibration.json", "resources/hardware.json")

#: Dense models the core has, by the inputs file's preset name → the CLI's model arguments.
MODELS: dict[str, list[str]] = {
    "llama2-7b": ["--model", "llama2-7b"],
    "llama2-70b": ["--model", "llama2-70b"],
    "llama3-8b": ["--model", "llama3-8b"],
    "llama3-70b": ["--model", "llama3-70b"],
    # No preset: the dims of meta-llama/Llama-3.1-405B's config.json (inputs file,
    # models_not_in_presets).
    "llama3.1-405b": [
        "--dims",
        "layers=126,hidden=16384,heads=128,kv_heads=8,ffn=53248,vocab=128256",
    ],
}

#: The source code of each page (by URL commit) and what its figure means.
SOURCES: dict[str, dict[str, str]] = {
    "03e27c7d5ff0c6e89f8328838c0a8e64f1b34f9d": {
        "code": "trtllm-v1",
        "throughput": "output tokens/s per GPU (trtllm-bench 'Per GPU Output Throughput')",
    },
    "00f37686aa854010d68bcbd0f4ab000221541ca6": {
        "code": "trtllm-v0",
        "throughput": "total output tokens/s over the row's GPUs (trtllm-bench 'Total Output "
        "Throughput')",
    },
    "138f96d45f90b9667426f7c47297d8c06bafac73": {
        "code": "trtllm-v0.6.1",
        "throughput": "static-batch output tokens/s per GPU (H100 table; the A100 table says "
        "'out tok/s' only: taken as per GPU like the H100 table, the total is kept beside it)",
        "ttft": "batch-1 first-token latency, seconds (TensorRT-LLM 0.5 data)",
    },
}

#: trtllm-bench's KV share of free memory "in many cases" (both perf-overview pages).
KV_FRACTION_OFFLINE = 0.95
#: The largest batch trtllm-bench captures CUDA graphs for (both perf-overview pages): the
#: ceiling of ``--batch max`` for their offline rows.
BATCH_CEILING = 8192


def _git(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def model_state() -> dict[str, Any]:
    """The commit the model is at, and whether its files differ from it."""
    dirty = bool(_git("status", "--porcelain", "--", *MODEL_PATHS))
    return {"model_commit": _git("rev-parse", "HEAD"), "model_dirty": dirty}


def _weights(text: str) -> str | None:
    """The CLI's weight format for the inputs file's weight text (fp16 runs as bf16: same bytes
    and the same tensor-core peak on A100 and H100)."""
    key = text.split()[0].lower()
    return {"fp8": "fp8", "nvfp4": "nvfp4", "fp16": "bf16", "bf16": "bf16"}.get(key)


def choose(row: dict[str, Any]) -> tuple[list[str], dict[str, Any]] | str:
    """The ``napkinlab inference`` arguments for ``row`` and what they assume, or why the core
    cannot model the row."""
    from core.roofline.hardware import load_catalog

    preset = row["model"].get("preset")
    if preset not in MODELS:
        return f"model {preset!r}: not a dense model the core has (MoE, MLA or no dims)"
    par, hw, work = row["parallel"], row["hardware"], row["workload"]
    if par.get("dp_attention") or (par.get("ep") or 1) > 1 or (par.get("pp") or 1) > 1:
        return "attention data parallelism, EP or PP"
    if not isinstance(work.get("input_len"), int) or not isinstance(work.get("output_len"), int):
        return "variable input/output lengths (dataset)"
    if hw["device"] not in load_catalog().ids():
        return f"device {hw['device']!r} not in resources/hardware.json"
    weights = _weights(str(row["weights"]))
    if weights is None:
        return f"weights {row['weights']!r} not a format of the core"
    kv_text = str(row["kv_cache_dtype"]).lower()
    assumed: dict[str, Any] = {}
    if kv_text.startswith("fp8"):
        kv = "fp8"
    elif kv_text.startswith("auto"):
        kv = "fp8"
        assumed["kv_dtype"] = (
            "fp8: 'auto' takes the checkpoint's hf_quant_config; NVIDIA's ModelOpt FP8/NVFP4 "
            "checkpoints carry an FP8 KV cache"
        )
    else:
        kv = "bf16"
    if str(row["weights"]).lower().startswith("fp16"):
        assumed["weights"] = "fp16 run as bf16 (same bytes, same tensor-core peak)"
    args = [
        *MODELS[preset],
        "--device", hw["device"],
        "--gpus", str(hw["gpus"]),
        "--tp", str(par["tp"]),
        "--prompt", str(work["input_len"]),
        "--output", str(work["output_len"]),
        "--weights", weights,
        "--kv-dtype", kv,
    ]  # fmt: skip
    if isinstance(work.get("batch"), int):
        args += ["--batch", str(work["batch"])]
    else:
        args += ["--batch", "max", "--kv-fraction", str(KV_FRACTION_OFFLINE)]
        assumed["batch"] = (
            "max: the source states no batch (offline max-throughput, in-flight batching); the "
            f"largest batch that fits with {KV_FRACTION_OFFLINE} of the free memory for the KV "
            "cache (the page's 'in many cases' value), at most the CUDA-graph ceiling "
            f"{BATCH_CEILING}"
        )
    if hw["device"] == "a100-sxm":
        assumed["device"] = "a100-sxm (80 GB): the page does not state the A100's memory size"
    return args, assumed


def run_cli(args: list[str]) -> dict[str, Any]:
    """``napkinlab inference ARGS --json``, in this process, as its JSON."""
    from app.cli.inference_cmd import handler, register

    parser = argparse.ArgumentParser(prog="napkinlab")
    register(parser.add_subparsers())
    ns = parser.parse_args(["inference", *args, "--json"])
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        handler(ns)
    return json.loads(buf.getvalue())


def predict(row: dict[str, Any], args: list[str], source: dict[str, str]) -> dict[str, Any]:
    """The prediction of ``row`` in the meaning of its source's figure (``args`` may be capped
    at :data:`BATCH_CEILING` in place)."""
    out = run_cli(args)
    if "max" in args and out["batch"] > BATCH_CEILING:
        args[args.index("max")] = str(BATCH_CEILING)
        out = run_cli(args)
    gpus = row["hardware"]["gpus"]
    total = out["output_tokens_per_s"]
    pred: dict[str, Any] = {
        "batch": out.get("batch"),
        "max_batch": out.get("max_batch"),
        "fits": out.get("fits"),
        "ttft_s": out["ttft_s"],
        "tpot_s": out["tpot_s"],
        "output_tokens_per_s_total": total,
        "output_tokens_per_s_per_gpu": out["tokens_per_s_per_gpu"],
    }
    if row["workload"].get("output_len") == 1 and row["workload"].get("batch") == 1:
        pred.update(metric="ttft_s", meaning=source["ttft"], value=out["ttft_s"], unit="s")
    elif source["code"] == "trtllm-v0":
        pred.update(metric="output_tokens_per_s_total", meaning=source["throughput"],
                    value=total, unit="tokens/s")  # fmt: skip
    else:
        pred.update(metric="output_tokens_per_s_per_gpu", meaning=source["throughput"],
                    value=total / gpus, unit="tokens/s/GPU")  # fmt: skip
    return pred


def main(argv: list[str] | None = None) -> int:
    """Predict every modelled row of the inputs file, one file per source."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=Path, default=INPUTS)
    ap.add_argument("--force", action="store_true", help="write over predictions not committed")
    opts = ap.parse_args(argv)
    data = json.loads(opts.inputs.read_text())
    state = model_state()
    when = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    files: dict[str, dict[str, Any]] = {}
    skipped: dict[str, int] = {}
    for row in data["measurements"]:
        commit = row["source"].get("commit", "")
        source = SOURCES.get(commit)
        chosen = choose(row) if source else "source not modelled here (MLPerf, SGLang)"
        if isinstance(chosen, str):
            skipped[chosen] = skipped.get(chosen, 0) + 1
            continue
        assert source is not None
        args, assumed = chosen
        doc = files.setdefault(source["code"], {
            "source": source["code"], "url": row["source"]["url"], "commit": commit,
            "inputs_file": str(opts.inputs), "predicted_at": when, **state,
            "protocol": "predictions committed before the published figures (issue 41 item 4)",
            "rows": [],
        })  # fmt: skip
        prediction = predict(row, args, source)
        doc["rows"].append({
            "id": row["id"], "table": row["source"].get("table"),
            "model": row["model"], "weights": row["weights"],
            "kv_cache_dtype": row["kv_cache_dtype"], "hardware": row["hardware"],
            "parallel": row["parallel"], "workload": row["workload"],
            "command": "napkinlab inference " + " ".join(args), "assumed": assumed,
            "prediction": prediction,
        })  # fmt: skip
    OUT.mkdir(parents=True, exist_ok=True)
    for code, doc in files.items():
        path = OUT / f"{code}.json"
        if path.exists() and not opts.force:
            print(f"{path} exists: predictions already made (--force for an uncommitted file)")
            return 1
        if path.exists() and _git("ls-files", str(path.relative_to(ROOT))):
            print(f"{path} is committed: a pre-registration is never rewritten")
            return 1
        path.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"{code}: {len(doc['rows'])} rows → {path.relative_to(ROOT)}")
    for why, n in sorted(skipped.items()):
        print(f"skipped {n}: {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

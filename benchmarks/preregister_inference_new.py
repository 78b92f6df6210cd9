"""Pre-registers the inference model's predictions of the second set of published serving
measurements: the MoE/MLA rows of both TensorRT-LLM perf-overview pages, MLPerf Inference v4.1
and the SGLang large-scale-EP blog.

Run: ``python benchmarks/preregister_inference_new.py [--inputs FILE]`` from the repository root.
``FILE`` is the research notes' ``inference_inputs.json`` (inputs only, never the figures).

Every row of the inputs file that is not yet in ``resources/published_inference.json`` is a new
measurement. Each is run as ``napkinlab inference ... --json`` would run it where the model can
take its inputs; what the row needs that the model does not have (attention data parallelism,
a request-rate Server scenario, variable lengths, PD disaggregation, redundant experts) is
stated in ``unsupported``, the closest input the model takes is stated in ``assumed``, and the
row is still predicted. Rows the model cannot run at all keep their reason and no prediction.
The predictions go to ``benchmarks/data/preregistered_inference/second-<source>.json`` (first
committed as ``benchmarks/data/preregistered/inference-<source>.json`` at ff9ef06, moved so that
the training pre-registrations' folder holds its own schema only) with the model's
git commit; :func:`resource_rows` gives the rows' inputs for the resource file (no figure). The
protocol (issue 41 item 4): commit both, and only then add the published figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from preregister_inference import BATCH_CEILING, _git, model_state  # noqa: E402

OUT = ROOT / "benchmarks" / "data" / "preregistered_inference"
RESOURCE = ROOT / "resources" / "published_inference.json"
INPUTS = Path("/work/notes/research/inference_inputs.json")

#: Models by the inputs file's preset name → the ``inputs`` model keys (``--model`` / ``--dims``).
DIMS_GPT_OSS = "layers={l},hidden=2880,heads=64,kv_heads=8,head_dim=64,ffn=2880,vocab=201088,experts={e},top_k=4,moe_ffn=2880"
MODELS: dict[str, dict[str, str]] = {
    "llama2-70b": {"model": "llama2-70b"},
    "mixtral-8x7b": {"model": "mixtral-8x7b"},
    "qwen3-30b-a3b": {"model": "qwen3-30b-a3b"},
    "qwen3-235b-a22b": {"model": "qwen3-235b-a22b"},
    "deepseek-v3": {"model": "deepseek-v3"},
    # openai/gpt-oss-*: dims of its config.json (inputs file, models_not_in_presets).
    "gpt-oss-120b": {"dims": DIMS_GPT_OSS.format(l=36, e=128)},
    "gpt-oss-20b": {"dims": DIMS_GPT_OSS.format(l=24, e=32)},
}

SOURCES: dict[str, dict[str, str]] = {
    "03e27c7d5ff0c6e89f8328838c0a8e64f1b34f9d": {
        "code": "trtllm-v1", "metric": "output_tokens_per_s_per_gpu",
        "unit": "output tokens/s per GPU",
        "meaning": "trtllm-bench 'Per GPU Output Throughput': generated tokens (first and later) "
        "/ total benchmark time / GPUs; offline, all requests queued",
    },
    "00f37686aa854010d68bcbd0f4ab000221541ca6": {
        "code": "trtllm-v0", "metric": "output_tokens_per_s_total",
        "unit": "output tokens/s, total over the row's GPUs",
        "meaning": "trtllm-bench 'Total Output Throughput': generated tokens / total benchmark "
        "time, all GPUs of the row; offline, all requests queued",
    },
    "a2f5d66d17e8f75c02fd74dfe810ecca6a046696": {
        "code": "mlperf-v4.1", "metric": "output_tokens_per_s_total",
        "unit": "generated tokens/s, total over the system",
        "meaning": "LoadGen 'Tokens per second' (Offline) / 'Completed tokens per second' "
        "(Server): generated tokens/s of the whole system",
    },
    "2db4e4042b31f3c3c9f4f93068ae80946d25a115": {
        "code": "sglang-blog", "metric": "",
        "unit": "tokens/s per node (8 GPUs)",
        "meaning": "prefill rows: input tokens/s per node of the prefill phase alone; decode "
        "row: output tokens/s per node of the decode phase alone (PD disaggregation)",
    },
}  # fmt: skip

#: LoadGen reference output length of llama2-70b (language/llama2-70b/README.md of
#: mlcommons/inference): 294.45 tokens per sample.
MLPERF_LLAMA_OUTPUT = 294
#: MLPerf llama2-70b inputs are cut at 1,024 tokens (processorca.py --seqlen_limit=1024); the
#: mean input was not read, so the limit is taken (an upper bound: prefill over-counted).
MLPERF_PROMPT = 1024
#: Mixtral's mean output per sample (research README, ≈146; the README derives it from the
#: LoadGen tokens/samples of these runs — a length, not the throughput figure).
MLPERF_MIXTRAL_OUTPUT = 146
#: Offline engines' KV share (TRT-LLM pages: 0.95 "in many cases"; MLPerf NVIDIA configs 0.90;
#: vLLM's gpu_memory_utilization default 0.90 taken as the share for AMD's vLLM runs).
KV_TRTLLM = 0.95
KV_MLPERF = 0.90


@dataclass
class Run:
    """One pre-registration run: its options, the inputs file, the resource file as read, the
    ids it already holds, the model's commit and the time of the prediction."""

    opts: argparse.Namespace
    data: dict[str, Any]
    resource: dict[str, Any]
    have: set[str]
    state: dict[str, Any]
    when: str

    @classmethod
    def start(cls, argv: list[str] | None, description: str, inputs: Path) -> Run:
        """Parse ``--inputs`` (default ``inputs``) and read it with the resource file."""
        ap = argparse.ArgumentParser(description=description)
        ap.add_argument("--inputs", type=Path, default=inputs)
        opts = ap.parse_args(argv)
        resource = json.loads(RESOURCE.read_text())
        return cls(opts, json.loads(opts.inputs.read_text()), resource,
                   {m["id"] for m in resource["measurements"]}, model_state(),
                   dt.datetime.now(dt.UTC).isoformat(timespec="seconds"))  # fmt: skip

    def finish(self, prefix: str, files: dict[str, dict[str, Any]],
               new_rows: list[dict[str, Any]]) -> int:  # fmt: skip
        """Write each source's predictions to ``<prefix>-<source>.json`` (never over a committed
        one) and the new rows to the resource file; 1 if a file was committed already."""
        OUT.mkdir(parents=True, exist_ok=True)
        for code, doc in files.items():
            path = OUT / f"{prefix}-{code}.json"
            if path.exists() and _git("ls-files", str(path.relative_to(ROOT))):
                print(f"{path} is committed: a pre-registration is never rewritten")
                return 1
            path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
            n = sum(1 for r in doc["rows"] if r["prediction"])
            print(f"{code}: {len(doc['rows'])} rows, {n} predicted → {path.relative_to(ROOT)}")
        self.resource["measurements"].extend(new_rows)
        RESOURCE.write_text(json.dumps(self.resource, indent=1, ensure_ascii=False) + "\n")
        return 0


def _weights(text: str, device: str) -> tuple[str | None, dict[str, str]]:
    key = text.split()[0].lower()
    assumed: dict[str, str] = {}
    if key == "mxfp4":
        assumed["weights"] = "mxfp4 for every layer matrix (the checkpoint keeps attention in bf16)"
    if key == "fp8" and "block" in text:
        assumed["weights"] = "fp8 (DeepSeek's 128x128 block scales counted as the fp8 format's)"
    if key == "not":
        assumed["weights"] = (
            "nvfp4: the source does not state it; the B200 preview is reported as FP4 elsewhere (unverified)"
        )
        key = "nvfp4"
    return {"fp8": "fp8", "nvfp4": "nvfp4", "mxfp4": "mxfp4", "bf16": "bf16"}.get(key), assumed


def _kv(text: str, device: str, preset: str) -> tuple[str, dict[str, str]]:
    t = text.lower()
    if t.startswith("fp8 on blackwell"):
        return ("fp8" if device in ("b200", "gb200") else "bf16"), {}
    if t.startswith("fp8"):
        return "fp8", {}
    if t.startswith("auto"):
        return "fp8", {
            "kv_dtype": "fp8: 'auto' takes the checkpoint's hf_quant_config; NVIDIA's ModelOpt FP8/NVFP4 checkpoints carry an FP8 KV cache"
        }
    if t.startswith("not stated"):
        return "bf16", {"kv_dtype": "bf16: SGLang's default latent cache for DeepSeek MLA"}
    return "fp8", {"kv_dtype": f"fp8: the source's KV dtype is {text!r}"}


def choose(row: dict[str, Any]) -> dict[str, Any]:
    """The row's ``inputs`` (``napkinlab inference`` flags), what they assume, what the model
    lacks, and the metric the source's figure has."""
    src = SOURCES[row["source"]["commit"]]
    preset = row["model"]["preset"]
    par, hw, work = row["parallel"], row["hardware"], row["workload"]
    dev = hw["device"]
    unsupported: list[str] = []
    assumed: dict[str, str] = {}
    metric = src["metric"]
    inputs: dict[str, Any] = dict(MODELS[preset])
    if preset.startswith("gpt-oss"):
        unsupported.append("gpt-oss: sliding window 128 on half the layers, attention sinks and "
                           "biases are not modelled (every layer full attention, no biases)")  # fmt: skip
    weights, a = _weights(str(row["weights"]), dev)
    assumed.update(a)
    kv, a = _kv(str(row["kv_cache_dtype"]), dev, preset)
    assumed.update(a)
    tp = par.get("tp") if isinstance(par.get("tp"), int) else None
    ep = par.get("ep") if isinstance(par.get("ep"), int) else None
    dp = par.get("dp_attention")
    gpus = int(hw["gpus"])
    output = work.get("output_len")
    prompt = work.get("input_len")
    code = src["code"]
    if isinstance(dp, int) and dp > 1:
        unsupported.append(
            f"attention data parallelism {dp} (DEP): not built; run as TP {tp or 1} with EP {ep or 1}"
        )
    elif isinstance(dp, str):
        unsupported.append(f"attention DP: {dp}; run without it")
    if code in ("trtllm-v1", "trtllm-v0"):
        if ep is None and preset in ("qwen3-235b-a22b", "qwen3-30b-a3b") and (tp or 1) > 1:
            assumed["ep"] = "1: the page gives no EP, so the experts are split over TP"
        inputs.update(batch="max", kv_fraction=KV_TRTLLM, batch_ceiling=BATCH_CEILING)
        assumed["batch"] = (
            f"max with KV fraction {KV_TRTLLM}, at most the CUDA-graph ceiling {BATCH_CEILING} (offline max-throughput; no batch stated)"
        )
    elif code == "mlperf-v4.1":
        server = "Server" in str(work["scenario"])
        unsupported.append("variable input/output lengths (dataset): run at fixed lengths")
        if preset == "llama2-70b":
            output = MLPERF_LLAMA_OUTPUT
            assumed["output"] = (
                f"{MLPERF_LLAMA_OUTPUT}: LoadGen's reference mean output 294.45 (llama2-70b README)"
            )
        else:
            output = MLPERF_MIXTRAL_OUTPUT
            assumed["output"] = (
                f"{MLPERF_MIXTRAL_OUTPUT}: the research README's mean output per sample (tokens ÷ samples of these runs)"
            )
        prompt = MLPERF_PROMPT
        assumed["prompt"] = (
            f"{MLPERF_PROMPT}: the dataset's input limit (mean input not read; prefill over-counted)"
        )
        if tp is None:
            tp = 1
            assumed["tp"] = (
                "1 (8 replicas): the per-system Mixtral layout was not found; FP8 Mixtral fits one GPU"
            )
        batch_text = str(work.get("batch"))
        ceiling = BATCH_CEILING
        digits = [int(w) for w in batch_text.replace(",", "").split() if w.isdigit()]
        if digits:
            ceiling = digits[-1]
        frac = work.get("kv_fraction") if isinstance(work.get("kv_fraction"), float) else KV_MLPERF
        inputs.update(batch="max", kv_fraction=frac, batch_ceiling=ceiling)
        assumed["batch"] = (
            f"max with KV fraction {frac}, at most {ceiling} (the engine's gpu_batch_size where stated)"
        )
        if server:
            rate = float(work["request_rate"])
            inputs["request_rate"] = rate
            unsupported.append(
                "Server scenario (Poisson arrivals, TTFT/TPOT p99 limits) not built: predicted as min(request rate × mean output, the Offline capacity)"
            )
    elif code == "sglang-blog":
        unsupported.append(
            "PD disaggregation, DeepEP, EPLB with redundant experts and two-batch overlap not modelled"
        )
        tp = 1
        if output is None and "prefill" in row["id"]:
            metric = "input_tokens_per_s_per_node"
            output = 1
            batch = 16384 // int(prompt)
            inputs["batch"] = batch
            assumed["batch"] = (
                f"{batch} prompts per GPU: 16,384 tokens per device (stated for the 4K row; taken for all)"
            )
        else:
            metric = "output_tokens_per_s_per_node"
            output = 1
            inputs["batch"] = 256
            inputs["decode_only"] = True
            gpus, ep = 64, 64
            assumed["ep"] = (
                "64 on 64 GPUs: EP 72 does not divide 256 experts; with EPLB's 288 experts over 72 GPUs each GPU holds 4 experts, as with 256 over 64 (per-node figure)"
            )
            assumed["context"] = "decode at a cache of 2,000 tokens (prompt 2000, one output token)"
    inputs.update(device=dev, gpus=gpus, tp=tp or 1, prompt=int(prompt), output=int(output or 1),
                  weights=weights, kv_dtype=kv)  # fmt: skip
    if ep and ep > 1:
        inputs["ep"] = ep
    if weights is None:
        return {"metric": metric, "inputs": None, "assumed": assumed,
                "unsupported": [*unsupported, f"weights {row['weights']!r}"]}  # fmt: skip
    return {"metric": metric, "inputs": inputs, "assumed": assumed, "unsupported": unsupported}


def main(argv: list[str] | None = None) -> int:
    """Predict every new row, write one file per source and the resource rows."""
    from app.cli.inference_cmd import run_inputs
    from core.errors import InputError
    from core.inference.published import predict_row

    run = Run.start(argv, __doc__.splitlines()[0], INPUTS)
    opts, data, have, state, when = run.opts, run.data, run.have, run.state, run.when
    files: dict[str, dict[str, Any]] = {}
    new_rows = []
    for row in data["measurements"]:
        if row["id"] in have:
            continue
        src = SOURCES[row["source"]["commit"]]
        chosen = choose(row)
        entry = {
            "id": row["id"], "source": src["code"], "url": row["source"]["url"],
            "commit": row["source"]["commit"], "table": row["source"].get("table"),
            "metric": chosen["metric"], "meaning": src["meaning"], "unit": src["unit"],
            "inputs": chosen["inputs"], "assumed": chosen["assumed"],
            "unsupported": chosen["unsupported"],
        }  # fmt: skip
        prediction: dict[str, Any] | None = None
        if chosen["inputs"] is not None:
            try:
                value, out = predict_row(entry, run_inputs)
                prediction = {
                    "metric": chosen["metric"], "value": value, "unit": src["unit"],
                    "batch": out["batch"], "max_batch": out["max_batch"], "fits": out["fits"],
                    "ttft_s": out["ttft_s"], "tpot_s": out["tpot_s"],
                    "output_tokens_per_s_total": out["output_tokens_per_s"],
                    "output_tokens_per_s_per_gpu": out["tokens_per_s_per_gpu"],
                }  # fmt: skip
            except InputError as exc:
                entry["unsupported"] = [*entry["unsupported"], f"the model refuses: {exc.message}"]
                entry["inputs"] = None
        new_rows.append(entry)
        doc = files.setdefault(src["code"], {
            "source": src["code"], "url": row["source"]["url"], "commit": row["source"]["commit"],
            "inputs_file": str(opts.inputs), "predicted_at": when, **state,
            "protocol": "predictions committed before the published figures (issue 41 item 4)",
            "rows": [],
        })  # fmt: skip
        doc["rows"].append({
            "id": row["id"], "table": row["source"].get("table"), "model": row["model"],
            "weights": row["weights"], "kv_cache_dtype": row["kv_cache_dtype"],
            "hardware": row["hardware"], "parallel": row["parallel"], "workload": row["workload"],
            "inputs": entry["inputs"], "assumed": entry["assumed"],
            "unsupported": entry["unsupported"], "prediction": prediction,
        })  # fmt: skip
    return run.finish("second", files, new_rows)


if __name__ == "__main__":
    raise SystemExit(main())

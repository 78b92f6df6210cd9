"""The plan out of sample: NVIDIA's Megatron-Bridge and NeMo DGX-H100 FP8 tables, predicted.

Run: ``python benchmarks/plan_nvidia_tables.py [--memory]`` from the repository root. Reads
``benchmarks/data/nvidia_h100_fp8_tables.json`` (the dense pre-training rows of Megatron-Bridge's
performance summaries, releases 25.09 to 26.06, and NeMo's 24.07 and 25.02, as printed, with their
sources) and plans every row whose model it knows, as the row says (GPUs, global and micro batch,
sequence, TP, PP, CP, VP, FSDP) and as NeMo's code runs: the DGXC runs' code description
(:data:`core.plan.published.SOURCE_CODE`, ``nvidia-dgxc``: Transformer Engine, FP8 GEMMs, the
distributed optimizer, overlaps), with uneven stages where PP × VP does not divide the layers (the
recipes' embedding- and loss-aware pipeline split). It prints each row's published and predicted
tokens/s per GPU, the error and whether the plan says the layout fits, then the MAPE. Nothing is
fitted to these rows; none of them is in ``resources/published_runs.json``.
"""

from __future__ import annotations

import copy
import json
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.plan.published import (  # noqa: E402
    RUN_CODE,
    RUN_STATE_BF16,
    load_runs,
    predict_run,
    published,
)
from core.plan.result import PlanResult  # noqa: E402

#: Model (as the tables name it, normalised) -> the published DGXC run whose model it is.
TEMPLATES = {
    "llama3_8b": "nvidia-dgxc-h100-llama3.1-8b-8gpu",
    "llama3_70b": "nvidia-dgxc-h100-llama3.1-70b-64gpu",
    "llama31_405b": "nvidia-dgxc-h100-llama3.1-405b-576gpu",
    "nemotron_340b": "nvidia-dgxc-h100-nemotron4-340b-128gpu",
    "gpt3_175b": "nvidia-dgxc-h100-gpt3-175b-128gpu",
    "llama2_7b": "nvidia-dgxc-h100-llama3.1-8b-8gpu",
    "llama2_13b": "nvidia-dgxc-h100-llama3.1-8b-8gpu",
    "llama2_70b": "nvidia-dgxc-h100-llama3.1-70b-64gpu",
}
#: Llama 2 (Meta's config.json): layers, hidden, heads, KV heads, ffn; vocabulary 32,000.
LLAMA2 = {"llama2_7b": (32, 4096, 32, 32, 11008), "llama2_13b": (40, 5120, 40, 40, 13824),
          "llama2_70b": (80, 8192, 64, 8, 28672)}  # fmt: skip


def model_key(name: str) -> str | None:
    """``LLAMA3.1_405B`` -> ``llama31_405b``; ``None`` for a model this script does not know."""
    key = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_").replace("llama3_1", "llama31")
    return key if key in TEMPLATES else None


def number(text: object, default: int) -> int:
    """A table cell as an integer (``n/a`` and empty cells: ``default``)."""
    try:
        return int(float(str(text).replace(",", "")))
    except (TypeError, ValueError):
        return default


def run_of(row: dict, template: dict, key: str) -> tuple[dict, float]:
    """The row as a published run and its published tokens/s per GPU."""
    run = copy.deepcopy(template)
    if key in LLAMA2:
        layers, hidden, heads, kv, ffn = LLAMA2[key]
        run["model"].update(name=key, layers=layers, hidden=hidden, heads=heads, kv_heads=kv,
                            ffn=ffn, vocab=32000)  # fmt: skip
    gpus, tp, pp, cp = (number(row["#GPUs"], 0), number(row["TP"], 1), number(row["PP"], 1),
                        number(row["CP"], 1))  # fmt: skip
    vp = number(row["VP"], 1)
    run["id"] = f"nvidia-dgxc-table-{key}-{gpus}gpu-{row['release']}"
    run["hardware"]["gpus"] = gpus
    run["layout"].update(tp=tp, pp=pp, cp=cp, vpp=vp, dp=gpus // (tp * pp * cp), sp=tp > 1,
                         micro_batch=number(row["MBS"], 1),
                         zero=3 if number(row["FSDP"], 0) else 1)  # fmt: skip
    run["batch"].update(global_batch=number(row["GBS"], 0),
                        seq=number(row["Sequence Length"], run["batch"]["seq"]))  # fmt: skip
    run["precision"] = "fp8"  # every dense H100 row here is FP8 (25.09's are 25.11's FP8-CS)
    per_gpu = float(str(row["Tokens/sec/GPU"]).replace(",", ""))
    run["reported"] = {"metric": "tokens_per_s", "value": per_gpu * gpus, "also": {},
                       "flop_convention": "", "peak_flops_used": 1979e12}  # fmt: skip
    if run["model"]["layers"] % (pp * vp):
        RUN_CODE[run["id"]] = {"uneven_stages": True}
    if template["id"] in RUN_STATE_BF16:
        # NeMo's Nemotron-4 340B recipes keep bf16 Adam state: NeMo-Framework-Launcher 24.07's
        # nemotron_340b.yaml and DGXC's nemotron4-340b-synth.yaml (optim.dtype bf16)
        RUN_STATE_BF16.add(run["id"])
    return run, per_gpu


def _verdict(res: PlanResult) -> str:
    """``fits``, ``TIGHT`` (only the allocator reserve does not fit) or ``DOES NOT FIT``."""
    if res.fits:
        return "fits"
    return "TIGHT" if res.memory_verdict == "tight" else "DOES NOT FIT"


def main(argv: list[str]) -> int:
    data = json.loads((ROOT / "benchmarks" / "data" / "nvidia_h100_fp8_tables.json").read_text())
    runs = {r["id"]: r for r in load_runs()}
    errors: list[float] = []
    for row in data["rows"]:
        key = model_key(row["model"])
        if key is None:
            print(f"skipped: {row['release']} {row['model']} (dimensions not known here)")
            continue
        run, per_gpu = run_of(row, runs[TEMPLATES[key]], key)
        res = predict_run(published(run))
        predicted = res.tokens_per_s / res.gpus
        err = predicted / per_gpu - 1
        errors.append(err)
        memory = (f"  [{res.memory.peak / 1e9:.1f} GB of {res.capacity / 1e9:.0f}]"
                  if "--memory" in argv else "")  # fmt: skip
        print(f"{row['release']:<9} {row['model']:<14} {res.layout.label():<52} published "
              f"{per_gpu:>8,.0f}  predicted {predicted:>8,.0f} tokens/s/GPU  {err:+7.1%}"
              f"  {_verdict(res)}{memory}")  # fmt: skip
    print(f"\n{len(errors)} rows: MAPE {statistics.mean(abs(e) for e in errors):.1%}, signed "
          f"{statistics.mean(errors):+.1%}, from {min(errors):+.1%} to {max(errors):+.1%}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

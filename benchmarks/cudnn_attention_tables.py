"""Turns cuDNN's published Blackwell attention benchmarks into the calibration's
``attention_kernels`` tables, so that every figure in ``resources/calibration.json`` can be
remade from its source.

The source is NVIDIA/cudnn-frontend's ``benchmark/sdpa_benchmark_training/results``: CSV files of
cuDNN's fused flash attention (the kernel Transformer Engine runs) timed on a GB200 and a GB300,
per data type, mask (``no_mask``, ``top_left`` = causal), sequence length and pass. The Llama 3.1
configuration is the one with the calibration's head dimension (128 for Q, K and V; 64 query and
8 key-value heads, batch 2). Its TFLOP/s follow the FlashAttention convention the tables use: a
causal pass counts half the ``s²`` work, a backward 2.5 times the forward's. Only the
non-deterministic backward is read (Megatron's and Transformer Engine's default). The causal
series below 2K come from the same benchmark's earlier run on cuDNN 9.17 (:data:`SHORT`), whose
rates at 2K to 32K are within 10 % of the later run's.

Usage::

    python benchmarks/cudnn_attention_tables.py /path/to/cudnn-frontend [--dtype bfloat16]

It prints, per device, the table's series as JSON; ``--check`` compares them with the tables in
``resources/calibration.json`` and exits 1 on a difference.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

#: The result files read, per device, at cudnn-frontend ``fb682ce7`` (2026-04-29).
RESULTS = {
    "gb200": "benchmark/sdpa_benchmark_training/results/llama3.1/gb200/llama3.1_20260424_100750.csv",
    "gb300": "benchmark/sdpa_benchmark_training/results/llama3.1/gb300/llama3.1_20260424_100757.csv",
}
COMMIT = "fb682ce761a2705e40f9b5d528737a3e0eb33cec"
#: Causal lengths below the Llama 3.1 files' shortest (2K), from the earlier cuDNN 9.17 artifacts
#: (PyTorch 25.11 container; 128 query and 8 key-value heads of 128, batch 1) at ``b372d39``.
SHORT = {
    "gb200": "benchmark/sdpa_benchmark_training/artifacts/sdpa_bf16_benchmark_results_NVIDIA_GB200.csv",
    "gb300": "benchmark/sdpa_benchmark_training/artifacts/sdpa_bf16_benchmark_results_NVIDIA_GB300.csv",
}
SHORT_COMMIT = "b372d39879d44c91a8d5b342022e74802b6a8da2"
#: (mask, pass) -> the table's series name.
SERIES = {
    ("no_mask", "fwd"): "fwd",
    ("top_left", "fwd"): "fwd_causal",
    ("no_mask", "bwd"): "bwd",
    ("top_left", "bwd"): "bwd_causal",
}


def _read(repo: Path, path: str, commit: str = COMMIT) -> list[dict[str, str]]:
    """The CSV rows of ``path`` at ``commit`` (a work tree or a bare mirror)."""
    text = subprocess.run(
        ["git", "-C", str(repo), "show", f"{commit}:{path}"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    return list(csv.DictReader(io.StringIO(text)))


def tables(repo: Path, dtype: str = "bfloat16") -> dict[str, dict[str, dict[str, list]]]:
    """Per device, ``{series: {"seq": [...], "tflops": [...]}}`` of cuDNN at ``dtype``."""
    out: dict[str, dict[str, dict[str, list]]] = {}
    for device, path in RESULTS.items():
        series: dict[str, dict[int, float]] = {}
        for row in _read(repo, path):
            key = SERIES.get((row["attn_mask"], row["profile_pass"]))
            if (
                key is None
                or row["backend"] != "cudnn"
                or row["data_type"] != dtype
                or row["success"] != "True"
                or row["deterministic_bwd"] != "False"
                or row["head_dim_qk"] != "128"
                or row["q_seqlen"] != row["kv_seqlen"]
            ):
                continue
            series.setdefault(key, {})[int(row["q_seqlen"])] = float(row["tflops"])
        if dtype == "bfloat16":
            shortest = min(series["fwd_causal"])
            for row in _read(repo, SHORT[device], SHORT_COMMIT):
                seq = int(row["q_seqlen"])
                if row["backend"] == "cudnn_fe" and row["is_causal"] == "True" and seq < shortest:
                    series["fwd_causal"][seq] = float(row["fwd_tflops_per_sec"])
                    series["bwd_causal"][seq] = float(row["bwd_tflops_per_sec"])
        out[device] = {
            key: {"seq": sorted(points), "tflops": [points[q] for q in sorted(points)]}
            for key, points in sorted(series.items())
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo", type=Path, help="a cudnn-frontend clone or bare mirror")
    parser.add_argument("--dtype", default="bfloat16", choices=("bfloat16", "fp8", "mxfp8"))
    parser.add_argument("--check", action="store_true", help="compare with the calibration file")
    args = parser.parse_args(argv)
    made = tables(args.repo, args.dtype)
    if not args.check:
        print(json.dumps(made, indent=1))
        return 0
    here = Path(__file__).resolve().parents[1] / "resources" / "calibration.json"
    devices = json.loads(here.read_text())["devices"]
    key = "cudnn" if args.dtype == "bfloat16" else f"cudnn_{args.dtype}"
    bad = 0
    for device, series in made.items():
        table = devices[device]["attention_kernels"]["value"]["kernels"].get(key)
        if table != series:
            print(f"{device}: {key} differs from the source")
            bad += 1
    print("tables match the source" if not bad else f"{bad} table(s) differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

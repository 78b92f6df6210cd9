"""The plan out of sample: every bf16 row of llm-foundry's MPT benchmark tables, predicted.

Run: ``python benchmarks/plan_mpt_table.py --readme README.md [--only a100_40gb] [--memory]``
from the repository root, with ``README.md`` being llm-foundry's
``scripts/train/benchmarking/README.md`` (the published runs cite it at commit ``8c8dd48f``; the
file is not shipped here). ``resources/published_runs.json`` holds 13 of its rows; this script
plans all of them (about 200: H100 80 GB, A100 80 GB and A100 40 GB; the FP8 table is skipped),
each as its row says (model size, sequence, GPUs, micro-batch, global batch, FSDP sharding,
activation checkpointing, the MP mode: PURE reduces gradients in bf16) and as llm-foundry's code ran (the same ``mosaicml`` code description
as the 13 rows: :data:`core.plan.published.SOURCE_CODE`). It prints each row's published and
predicted tokens/s, the error and whether the plan says the row's layout fits, then per table the
MAPE, the signed mean and how many rows the plan says do not fit (they all ran). Nothing is fitted
to these rows.

Each model's dimensions are llm-foundry's ``mpt-*.yaml`` ones; the script checks them against
the row's ``NumParams`` (``12·L·d² + V·d + s·d + 13·L·d + 2·d``: learned positions, biases,
LayerNorm with bias, tied embeddings) before planning.
"""

from __future__ import annotations

import copy
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.plan.published import RUN_GRADS, load_runs, predict_run, published  # noqa: E402

#: llm-foundry's mpt-*.yaml: layers, d_model, heads (expansion ratio 4, vocabulary 50,368).
SIZES = {"125m": (12, 768, 12), "350m": (24, 1024, 16), "760m": (24, 1536, 12),
         "1b": (24, 2048, 16), "3b": (32, 2560, 20), "7b": (32, 4096, 32), "13b": (40, 5120, 40),
         "30b": (48, 7168, 64), "70b": (80, 8192, 64)}  # fmt: skip
VOCAB = 50368
DEVICES = {"h100_80gb": "h100-sxm", "a100_80gb": "a100-sxm", "a100_40gb": "a100-sxm-40gb"}
#: The run of resources/published_runs.json whose source, network and code the rows share.
TEMPLATE = "mosaicml-mpt-a100-80gb-7b-8gpu"


def table_rows(text: str) -> list[tuple[str, list[str]]]:
    """``(section, cells)`` of every bf16 results row."""
    rows, section = [], ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if "FP8" in section or len(cells) < 19 or cells[0] in ("Model", "---"):
            continue
        if cells[3] in DEVICES:
            rows.append((section, cells))
    return rows


def run_of(cells: list[str], template: dict) -> tuple[dict, float, bool]:
    """The row as a published run, its published tokens/s and whether its parameters check."""
    # The H100 and A100 80 GB tables have a "Model TFLOP" column; the A100 40 GB header does not,
    # but its rows do: columns after HFU shift by one wherever a row has 20 cells.
    off = len(cells) - 19
    model, seq, gpus, gpu = cells[0], int(cells[1]), int(cells[2]), cells[3]
    micro, global_batch = int(cells[6 + off]), int(cells[8 + off])
    tokens_per_s = float(cells[10 + off])
    mode, sharding, checkpointing = cells[14 + off], cells[15 + off], cells[16 + off] == "True"
    layers, d, heads = SIZES[model]
    params = 12 * layers * d * d + VOCAB * d + seq * d + 13 * layers * d + 2 * d
    run = copy.deepcopy(template)
    run["id"] = f"mosaicml-table-{gpu}-{model}-s{seq}-{gpus}gpu-mb{micro}"
    run["model"].update(layers=layers, hidden=d, heads=heads, kv_heads=heads, ffn=4 * d)
    run["hardware"].update(device=DEVICES[gpu], gpus=gpus)
    if gpu.startswith("h100"):
        run["hardware"]["inter_node_bandwidth_per_gpu"] = None  # the H100 sections state none
    run["layout"].update(dp=gpus, zero=3 if sharding == "FULL_SHARD" else 2, micro_batch=micro,
                         recompute="full" if checkpointing else "none")  # fmt: skip
    run["batch"].update(global_batch=global_batch, seq=seq)
    run["reported"].update(metric="tokens_per_s", value=tokens_per_s, also={})
    if mode == "PURE":  # bf16 throughout: gradients reduced in bf16 (as the 13 rows' PURE ones)
        RUN_GRADS[run["id"]] = "bf16"
    return run, tokens_per_s, params == int(cells[-1])


def main(argv: list[str]) -> int:
    if "--readme" not in argv:
        print(__doc__)
        return 2
    text = Path(argv[argv.index("--readme") + 1]).read_text(encoding="utf-8")
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    template = next(r for r in load_runs() if r["id"] == TEMPLATE)
    errors: dict[str, list[float]] = {}
    unfit: dict[str, int] = {}
    for section, cells in table_rows(text):
        if only and only != cells[3]:
            continue
        run, tokens_per_s, checked = run_of(cells, template)
        if not checked:
            print(f"{run['id']}: NumParams {cells[-1]} does not match the yaml's dimensions")
            continue
        res = predict_run(published(run))
        err = res.tokens_per_s / tokens_per_s - 1
        errors.setdefault(section, []).append(err)
        unfit[section] = unfit.get(section, 0) + (not res.fits)
        memory = (
            f"  [{res.memory.peak / 1e9:.1f} GB of {res.capacity / 1e9:.0f}]"
            if "--memory" in argv
            else ""
        )
        print(f"{run['id']:<48} published {tokens_per_s:>11,.0f}  predicted {res.tokens_per_s:>11,.0f}"
              f"  {err:+7.1%}  {'fits' if res.fits else 'DOES NOT FIT'}{memory}")  # fmt: skip
    for section, errs in errors.items():
        print(f"{section[:60]:<60} {len(errs):>3} rows  MAPE {statistics.mean(abs(e) for e in errs):6.1%}"
              f"  signed {statistics.mean(errs):+6.1%}  said not to fit {unfit[section]}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

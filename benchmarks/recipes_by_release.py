"""Rewrites the Megatron-Bridge MoE runs' ``recipe`` entries from the release that published each table.

Run: ``python benchmarks/recipes_by_release.py`` from the repository root. The readings in
``benchmarks/data/recipes/`` (:data:`READINGS`, in order) hold, per run id, the performance-script
settings read at one Megatron-Bridge tag (``tag``, ``settings``, ``where``: the files and lines):
``scripts/performance`` (the workload presets, the perf functions and their overrides) and the
model recipes under ``src/megatron/bridge/recipes``; a later file's reading of a run replaces an
earlier one's. They hold no published figure. ``benchmarks/published_moe_from_inputs.py`` builds
the same entries when it rebuilds the resource.

Until now every run's ``recipe`` came from one commit (the 26.02 table's, on ``main``) whatever
its container. A table's settings are those of **the first release whose performance summary
carries it** (``docs/performance-summary.md`` at that tag; the container's Megatron-Bridge
version per ``docs/releases/software-versions.md`` and ``docs/versions1.json`` is the same or
older): 25.09 → v0.1.0rc4, 25.11 → v0.2.1,
26.02 → v0.3.0, 26.04.01 → v0.4.2, 26.06 → v0.5.0; and, read before their predictions were
registered (so their entries are registered inputs), 26.08 → v0.6.0, 26.02.01 → v0.4.0, 26.04 →
26.04-alpha.rc1 (a side-branch tag; the container shipped 0.4.0, whose presets the reading also
records where they differ) and 26.06.01 → v0.5.1.

A preset's settings are taken only where its layout is the published one (TP, PP, VP, EP and the
micro-batch): where they differ, the table was measured with overrides the release does not
show, and only the model recipe's optimizer moments are kept. What is taken, in the plan's words:

* ``cuda_graphs``: ``cuda_graph_impl="transformer_engine"`` with its ``cuda_graph_scope``; a
  ``full_iteration`` graph as that scope (:data:`core.plan.host.GRAPH_SCOPES`); ``none`` as none;
* ``dispatcher``: ``alltoall``; the ``flex`` dispatcher as ``deepep``, with either backend:
  HybridEP moves each token across the network once per destination node and drains the stream
  before its buffers are sized, as DeepEP's normal kernels do (its kernels are not modelled apart:
  said under ``not_planned``);
* ``recompute_modules`` under ``recompute_granularity="selective"`` (none otherwise);
* ``mtp_depth`` (``mtp_num_layers``) and ``moments`` (``exp_avg_dtype`` bf16);
* ``ep_overlap``: ``overlap_moe_expert_parallel_comm`` (:mod:`core.plan.ep_overlap`);
* ``pipeline_layout``: the preset's ``pp_layout``, else the DeepSeek-V3 recipe's ``layout_map``
  entry for the preset's PP and VP, in Megatron-Core's notation (:mod:`core.plan.pipeline_layout`).

Everything else performance-relevant that the plan does not model is listed under the entry's
``not_planned``. It never reads a published figure.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RUNS = ROOT / "resources" / "published_moe_runs.json"
REPO = "https://github.com/NVIDIA-NeMo/Megatron-Bridge"
#: The readings, in order: every container at the tag that shipped it, then the 25.11 and 25.09
#: runs again at the first release whose performance summary carries their tables.
READINGS = (
    ROOT / "benchmarks" / "data" / "recipes" / "megatron_bridge_by_container.json",
    ROOT / "benchmarks" / "data" / "recipes" / "megatron_bridge_25.11_25.09_first_release.json",
    ROOT / "benchmarks" / "data" / "recipes" / "megatron_bridge_26.08_v0.6.0.json",
    ROOT / "benchmarks" / "data" / "recipes" / "megatron_bridge_moe_26.02.01_26.06.01.json",
)

#: The first release whose docs/performance-summary.md carries each container's table.
RELEASE = {"25.09": "v0.1.0rc4", "25.11": "v0.2.1", "26.02": "v0.3.0", "26.04.01": "v0.4.2",
           "26.06": "v0.5.0", "26.08": "v0.6.0", "26.02.01": "v0.4.0", "26.04": "26.04-alpha.rc1",
           "26.06.01": "v0.5.1"}  # fmt: skip
#: Tables whose settings were read before their predictions were registered (the 26.08 table's
#: registration, ``moe-megatron-bridge-26.08.json``): their readings are registered inputs.
READ_BEFORE_REGISTRATION = frozenset({"26.08", "26.02.01", "26.04", "26.06.01"})

#: Settings the plan does not model, as the entry's ``not_planned`` words them.
NOT_PLANNED = (
    (
        "delay_wgrad_compute",
        "the weight gradients delayed to overlap the all-to-all (delay_wgrad_compute)",
    ),
    (
        "cutedsl_fused_grouped_mlp",
        "the experts' CuTeDSL fused grouped MLP (Transformer Engine op fuser)",
    ),
    ("fp8_dot_product_attention", "FP8 attention (fp8_dot_product_attention)"),
    ("fp8_output_proj", "the attention output projection in FP8 (fp8_output_proj)"),
    ("moe_shared_expert_overlap", "the shared experts overlapped with the dispatch"),
)


def _layout(settings: dict[str, Any]) -> tuple[int, int, int, int, int]:
    return (int(settings["tp"]), int(settings["pp"]), int(settings["vpp"] or 1),
            int(settings["ep"]), int(settings["micro_batch_size"]))  # fmt: skip


def _record_layout(run: dict[str, Any]) -> tuple[int, int, int, int, int]:
    lay = run["layout"]
    return (int(lay["tp"]), int(lay["pp"]), int(lay["vpp"] or 1), int(lay["ep"]),
            int(lay["micro_batch"]))  # fmt: skip


def _graphs(s: dict[str, Any]) -> list[str]:
    impl = str(s.get("cuda_graph_impl") or "none").split(" ")[0]
    if impl == "full_iteration":
        return ["full_iteration"]
    if impl == "transformer_engine":
        return list(s.get("cuda_graph_scope") or [])
    return []


def entry(run: dict[str, Any], reading: dict[str, Any], commit: str) -> dict[str, Any]:
    """The run's new ``recipe`` entry from one reading (see the module docstring)."""
    s, tag = reading["settings"], reading["tag"]
    where = f"{REPO}/tree/{commit}/scripts/performance ({tag}): " + "; ".join(reading["where"])
    when = "before" if run["source"].get("section") in READ_BEFORE_REGISTRATION else "after"
    out: dict[str, Any] = {
        "commit": commit,
        "tag": tag,
        "read": f"{when} the predictions were registered: the settings of the first release "
        "whose performance summary carries the run's table (benchmarks/recipes_by_release.py)",
        "preset": s.get("preset"),
    }
    if str(s.get("exp_avg_dtype", "")).startswith("bf16"):
        out["moments"] = "bf16"
        out["moments_where"] = where
    published, preset = _record_layout(run), _layout(s)
    if published != preset:
        names = ("tp", "pp", "vpp", "ep", "micro_batch")
        out["layout_differs"] = [f"{n}: published {a}, preset {b}"
                                 for n, a, b in zip(names, published, preset, strict=True)
                                 if a != b]  # fmt: skip
        out["not_taken"] = ("the preset's layout is not the published one (measured with "
                            "overrides the release does not show): its dispatcher, CUDA graphs, "
                            "recomputation and MTP are not taken")  # fmt: skip
        return out
    not_planned: list[str] = []
    out["cuda_graphs"] = _graphs(s)
    out["cuda_graphs_where"] = where
    if s.get("moe_token_dispatcher_type") == "flex":
        out["dispatcher"] = "deepep"
        backend = str(s.get("moe_flex_dispatcher_backend") or "deepep").split(" ")[0]
        if backend == "hybridep":
            not_planned.append("HybridEP's dispatch and combine kernels (planned as DeepEP's: "
                               "one network crossing per destination node, a stream drain "
                               "before the buffers are sized)")  # fmt: skip
    else:
        out["dispatcher"] = "alltoall"
    out["dispatcher_where"] = where
    modules = list(s.get("recompute_modules") or [])
    out["recompute_modules"] = modules if s.get("recompute_granularity") == "selective" else []
    if s.get("mtp_num_layers") is not None:
        out["mtp_depth"] = int(s["mtp_num_layers"])
    out["ep_overlap"] = bool(s.get("overlap_moe_expert_parallel_comm"))
    for key, words in NOT_PLANNED:
        if s.get(key):
            not_planned.append(words)
    if s.get("pipeline_model_parallel_layout"):
        out["pipeline_layout"] = megatron_layout(s["pipeline_model_parallel_layout"])
        out["pipeline_layout_where"] = where
    if s.get("full_iteration_cuda_graph_extras"):
        not_planned.append("the full-iteration graph's padded expert buffers and paged stash")
    out["not_planned"] = not_planned
    return out


#: A layout the readings write out in words (the recipe's ``layout_map`` entry):
#: ``[embedding+N decoder] + Kx[M decoder] + [J decoder + mtp + loss] (S stages)``.
_WORDS = re.compile(
    r"\[embedding\+(\d+) decoder\] \+ (\d+)x\[(\d+) decoder\] \+ "
    r"\[(\d+) decoder((?: \+ mtp)*) \+ loss\](?: \(\d+ stages\))?"
)


def megatron_layout(text: str) -> str:
    """A reading's pipeline layout in Megatron-Core's notation (``--pipeline-layout``):
    as it is when it is already (``Et*4|(t*4|)*14tmL``), else from the recipe's words."""
    found = _WORDS.fullmatch(text.strip())
    if found is None:
        return text.strip()
    first, count, each, last, mtp = found.groups()
    return f"Et*{first}|(t*{each}|)*{count}t*{last}" + "m" * mtp.count("mtp") + "L"


def load(paths: tuple[Path, ...] = READINGS) -> tuple[dict[str, Any], dict[str, str]]:
    """``(the reading of each run id, each tag's commit)`` from ``paths``, a later file's reading
    of a run replacing an earlier one's; a reading at a tag that did not publish the run's table
    is refused (:data:`RELEASE`)."""
    readings: dict[str, dict[str, Any]] = {}
    commits: dict[str, str] = {}
    for path in paths:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        for info in doc.get("tags", {}).values():
            commits[info["tag"]] = info["commit"]
        readings.update(doc["runs"])
    for rid, reading in readings.items():
        section = rid.split("-")[2]
        if reading["tag"] != RELEASE.get(section):
            raise SystemExit(f"{rid}: read at {reading['tag']}, its table's release is "
                             f"{RELEASE.get(section)}")  # fmt: skip
    return readings, commits


def main(argv: list[str]) -> int:
    from published_moe_from_inputs import dispatcher_note, ran_dispatcher

    readings, commits = load(tuple(Path(a) for a in argv) or READINGS)
    data = json.loads(RUNS.read_text(encoding="utf-8"))
    notes = {dispatcher_note(d) for d in ("alltoall", "deepep", "hybridep", "flex", "custom")}
    changed = 0
    for run in data["runs"]:
        reading = readings.get(run["id"])
        if reading is None:
            continue
        run["recipe"] = entry(run, reading, commits[reading["tag"]])
        # the dispatcher line of not_modelled follows the dispatcher the run is planned with
        kept = [line for line in run["not_modelled"] if line not in notes]
        if run["recipe"].get("pipeline_layout"):  # planned as the recipe gives it
            kept = [line for line in kept if not line.startswith("custom pipeline layout ")]
        note = dispatcher_note(ran_dispatcher(run))
        run["not_modelled"] = [*kept, note] if note else kept
        changed += 1
    RUNS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{changed} runs' recipe entries rewritten")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

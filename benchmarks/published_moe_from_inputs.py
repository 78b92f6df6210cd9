"""Builds ``resources/published_moe_runs.json`` from the gathered inputs of published MoE runs.

Run: ``python benchmarks/published_moe_from_inputs.py INPUTS.json`` from the repository root
(``INPUTS.json``: the research notes' ``moe_runs_inputs.json``, kept outside the repository; it
holds every run's source, model, hardware, layout, batch and recipe, and **no published figure**).

It maps each run onto the plan's vocabulary (``--precision``, ``--framework``, the layout's
``vpp``/``recompute``, the device ids of ``resources/hardware.json``), marks the suggested primary
subset (the Megatron-Bridge 26.02 and 25.11 sections and the 25.09 DGX-H100 row; the 26.04.01 and
26.06 sections repeat those configurations with newer containers), and states per run the
settings the plan cannot model yet (``not_modelled``). It never reads a figures file: the figures
come later, after the predictions are committed (``benchmarks/add_published_figures.py``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "resources" / "published_moe_runs.json"

#: gpt-oss is not a preset yet: its shape from openai/gpt-oss-120b and -20b config.json
#: (num_hidden_layers, hidden_size, num_attention_heads, num_key_value_heads, head_dim,
#: num_local_experts, num_experts_per_tok, intermediate_size, vocab_size, sliding_window 128 on
#: every other layer, attention sinks, biases on attention and experts, a router bias).
GPT_OSS: dict[str, dict[str, Any]] = {
    "gpt-oss-120b": {"layers": 36, "hidden": 2880, "heads": 64, "kv_heads": 8, "head_dim": 64,
                     "ffn": 2880, "vocab": 201088, "experts": 128, "top_k": 4, "moe_ffn": 2880,
                     "context": 131072},
    "gpt-oss-20b": {"layers": 24, "hidden": 2880, "heads": 64, "kv_heads": 8, "head_dim": 64,
                    "ffn": 2880, "vocab": 201088, "experts": 32, "top_k": 4, "moe_ffn": 2880,
                    "context": 131072},
}  # fmt: skip
GPT_OSS_ATTENTION = (
    "gpt-oss attention: a 128-token sliding window on every other layer, attention sinks and "
    "biases (planned as full causal attention on every layer, without sinks; biases on the "
    "attention projections only)"
)

#: Megatron-Core recompute module names (``--recompute-modules``) as the sources write them.
_MODULE_NAMES = {"rmsnorm": "layernorm"}


def _section(run_id: str) -> str:
    for prefix, section in (("megatron-bridge-", None), ("automodel-2510", "2025-10"),
                            ("deepseek-v3-report", "Table 1"), ("megatron-core-0.9", "MCore v0.9"),
                            ("megatron-lm-guide", "GB200 guide")):  # fmt: skip
        if run_id.startswith(prefix):
            return section or run_id.split("-")[2]
    raise KeyError(run_id)


def _code(run_id: str) -> str:
    """The source's short name (the inputs' ``sources[].code``)."""
    for prefix, code in (("megatron-bridge-", "megatron-bridge"), ("automodel-", "automodel"),
                         ("deepseek-v3-report", "deepseek-v3-report"),
                         ("megatron-core-", "megatron-lm"), ("megatron-lm-", "megatron-lm")):  # fmt: skip
        if run_id.startswith(prefix):
            return code
    raise KeyError(run_id)


def _group(run_id: str) -> str:
    if run_id.startswith("megatron-bridge-"):
        return "primary" if _section(run_id) in ("26.02", "25.11", "25.09") else "repeat"
    return "primary"


def _precision(run: dict[str, Any]) -> tuple[str, list[str]]:
    """The plan's ``--precision`` value, and what the mapping leaves out."""
    p, recipe = run["precision"], str(run["precision_recipe"] or "")
    if p == "bf16":
        return "bf16", []
    if p == "mxfp8":
        return "mxfp8", []
    if "blockwise" in recipe and run["id"].startswith("deepseek"):
        return "fp8-current", [
            "DeepSeek's blockwise FP8 (1x128 activation tiles, 128x128 weight blocks, scaled in "
            "software with FP32 promotion on Hopper): planned as fp8-current, the nearest recipe"
        ]
    if "not stated" in recipe:
        return "fp8-current", ["precision not stated by the table: per-tensor FP8 with current "
                               "scaling assumed (the recipes' FP8 default)"]  # fmt: skip
    return "fp8-current", []


def _framework(run: dict[str, Any]) -> str:
    text = run["framework"]
    if text.startswith("Megatron-Bridge"):
        return "nemo"
    if text.startswith("NeMo AutoModel"):
        return "fsdp"
    if text.startswith("Megatron"):
        return "megatron"
    return "hai-llm"


def _dispatcher(run: dict[str, Any]) -> str:
    """The token dispatcher as one word: alltoall, deepep, hybridep, flex (one of the two, not
    stated which), custom, unknown (the recipe was not read)."""
    low = str(run["moe"].get("dispatcher", "")).lower()
    if "deepep backend by default" in low:
        # the Qwen3 recipes: DeepEP, HybridEP on GB200/GB300 and for 30B-A3B on H100
        device, preset = run["hardware"]["device"], run["model"]["preset"]
        on_hybrid = device in ("gb200", "gb300") or (
            device == "h100-sxm" and preset == "qwen3-30b-a3b"
        )
        return "hybridep" if on_hybrid else "deepep"
    if "deepep or hybridep" in low:
        return "flex"
    if "hybridep" in low:
        return "hybridep"
    if "deepep" in low:
        return "deepep"
    if low.startswith("alltoall"):
        return "alltoall"
    if low.startswith("custom"):
        return "custom"
    return "unknown"


def dispatcher_note(dispatcher: str) -> str | None:
    """The ``not_modelled`` line of a run's token dispatcher (``None``: the plan models it)."""
    if dispatcher == "deepep":
        return ("DeepEP's dispatch and combine kernels on their own SMs: planned with the plan's "
                "DeepEP dispatcher (FP8 dispatch, BF16 combine, one network crossing per "
                "destination node), the SMs as the calibrated overlap slowdown")  # fmt: skip
    if dispatcher in ("hybridep", "flex"):
        return (f"token dispatcher {dispatcher} (fused dispatch and combine kernels on their "
                "own SMs): planned as all-to-all")  # fmt: skip
    if dispatcher == "custom":
        return ("DeepSeek's own all-to-all kernels (IB then NVLink forwarding, 20 SMs, at most "
                "4 nodes per token): planned as the DeepEP-style dispatcher the report describes "
                "(--dispatcher deepep --route-nodes 4: FP8 dispatch, BF16 combine, one network "
                "crossing per destination node), the 20 SMs as the calibrated overlap "
                "slowdown")  # fmt: skip
    return None


#: The Megatron-Bridge performance scripts the Megatron-Bridge rows' settings come from (their
#: ``recipe_source``: the 26.02 table's commit).
RECIPE_COMMIT = "c0b9a00031b79b731ccefb56d0aba9629b4dd01b"
_CONFIGS = ("https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/" + RECIPE_COMMIT
            + "/scripts/performance/configs/")  # fmt: skip
_FILES = {"deepseek-v3": ("deepseek/deepseek", "DEEPSEEK_V3"),
          "gpt-oss-120b": ("gpt_oss/gpt_oss", "GPT_OSS_120B"),
          "qwen3-30b-a3b": ("qwen/qwen3", "QWEN3_30B_A3B"),
          "qwen3-235b-a22b": ("qwen/qwen3", "QWEN3_235B_A22B")}  # fmt: skip
_ALL = ("attn", "moe_router", "moe_preprocess")
_MOE = ("moe_router", "moe_preprocess")
#: ``cuda_graph_scope`` of the presets that set ``cuda_graph_impl="transformer_engine"``, per
#: (preset, device, precision; ``None``: every precision) in ``*_workload_base_configs.py``;
#: every other preset keeps its recipe's ``cuda_graph_impl="none"`` (the DeepSeek-V3 GB300 FP8
#: preset sets ``cuda_graph_scope=[]`` without an implementation). Qwen3-235B-A22B on GB300:
#: the 256-GPU (V2) FP8 presets add ``attn``; its BF16 V2 keeps V1's scopes.
_GRAPHS: dict[tuple[str, str, str | None], tuple[str, ...]] = {
    ("deepseek-v3", "gb300", "bf16"): _ALL,
    ("deepseek-v3", "gb200", None): _ALL,
    ("gpt-oss-120b", "gb300", None): _ALL,
    ("gpt-oss-120b", "b300", None): _ALL,
    ("qwen3-30b-a3b", "gb300", None): _MOE,
    ("qwen3-30b-a3b", "gb200", "bf16"): _ALL,
    ("qwen3-30b-a3b", "gb200", "fp8-current"): _ALL,
    ("qwen3-30b-a3b", "gb200", "mxfp8"): _MOE,
    ("qwen3-30b-a3b", "b300", None): _MOE,
    ("qwen3-30b-a3b", "b200", None): _MOE,
    ("qwen3-30b-a3b", "h100-sxm", "bf16"): _MOE,
    ("qwen3-235b-a22b", "gb300", "bf16"): _MOE,
    ("qwen3-235b-a22b", "gb300", "mxfp8"): _ALL,
    ("qwen3-235b-a22b", "gb300", "fp8-current"): _ALL,
    ("qwen3-235b-a22b", "gb200", None): _ALL,
}
#: The token dispatcher where the performance script overrides its recipe's: Qwen3's
#: ``qwen/qwen3_llm_pretrain.py`` sets ``moe_token_dispatcher_type="alltoall"`` after the recipe's
#: flex backend for 235B-A22B on B300, B200 and H100 and for 30B-A3B on B200 ("flex", with the
#: preset's ``hybridep`` backend, for 30B-A3B on B300); GPT-OSS keeps its recipe's ``alltoall``
#: (``recipes/gpt_oss/gpt_oss.py``; the flex backend is never applied).
_DISPATCH: dict[tuple[str, str | None], str] = {
    ("qwen3-235b-a22b", "b300"): "alltoall",
    ("qwen3-235b-a22b", "b200"): "alltoall",
    ("qwen3-235b-a22b", "h100-sxm"): "alltoall",
    ("qwen3-30b-a3b", "b200"): "alltoall",
    ("qwen3-30b-a3b", "b300"): "hybridep",
    ("gpt-oss-120b", None): "alltoall",
}


def _megatron_bridge_recipe(run: dict[str, Any]) -> bool:
    where = run["source"].get("recipe_source") or run.get("moe", {}).get("recipe_source")
    return run["id"].startswith("megatron-bridge-") and RECIPE_COMMIT in str(where or "")


def recipe_cuda_graphs(run: dict[str, Any]) -> tuple[list[str], str] | None:
    """``(the CUDA-graph scopes, where the recipe sets them)`` of a Megatron-Bridge run whose
    settings come from :data:`RECIPE_COMMIT`'s performance scripts (``[]``: none), else
    ``None``."""
    preset = run["model"]["preset"]
    if not _megatron_bridge_recipe(run) or preset not in _FILES:
        return None
    device, precision = run["hardware"]["device"], run["precision"]
    scopes = _GRAPHS.get((preset, device, precision), _GRAPHS.get((preset, device, None), ()))
    path, name = _FILES[preset]
    where = f"{_CONFIGS}{path}_workload_base_configs.py ({name} presets for {device}): "
    if scopes:
        where += f"cuda_graph_impl='transformer_engine', cuda_graph_scope={list(scopes)}"
    else:
        where += "no cuda_graph_impl (the recipe's 'none')"
    return list(scopes), where


def recipe_dispatcher(run: dict[str, Any]) -> tuple[str, str] | None:
    """``(the token dispatcher, where the script sets it)`` where :data:`_DISPATCH` overrides
    the one its recipe reads as, else ``None``."""
    preset, device = run["model"]["preset"], run["hardware"]["device"]
    if not _megatron_bridge_recipe(run):
        return None
    found = _DISPATCH.get((preset, device), _DISPATCH.get((preset, None)))
    if found is None:
        return None
    path = _FILES[preset][0]
    script = f"{_CONFIGS}{path}_llm_pretrain.py"
    if preset.startswith("gpt-oss"):
        script = ("https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/" + RECIPE_COMMIT
                  + "/src/megatron/bridge/recipes/gpt_oss/gpt_oss.py")  # fmt: skip
    how = "alltoall" if found == "alltoall" else f"flex ({found} backend)"
    return found, f"{how}: moe_token_dispatcher_type set in {script} for {device}"


#: ``recompute_modules`` of the presets that set them, per (preset, device, precision; ``None``:
#: every precision), in ``*_workload_base_configs.py`` at :data:`RECIPE_COMMIT` (the GPT-OSS
#: GB200, B200 and H100 presets). DeepSeek-V3's GB300 BF16 preset (``moe_act``) is left out: its
#: layout (PP 4, EP 64) is not the 25.11 table's (PP 2, EP 32), so another preset ran there.
_RECOMPUTE: dict[tuple[str, str, str | None], tuple[str, ...]] = {
    ("gpt-oss-120b", "gb200", None): ("layernorm", "moe_act"),
    ("gpt-oss-120b", "b200", None): ("layernorm", "moe_act"),
    ("gpt-oss-120b", "h100-sxm", None): ("layernorm", "moe_act"),
}


def recipe_recompute(run: dict[str, Any]) -> tuple[list[str], str] | None:
    """``(the recompute modules, where the preset sets them)`` where :data:`_RECOMPUTE` has the
    run's preset, else ``None``."""
    preset, device = run["model"]["preset"], run["hardware"]["device"]
    if not _megatron_bridge_recipe(run):
        return None
    found = _RECOMPUTE.get(
        (preset, device, run["precision"]), _RECOMPUTE.get((preset, device, None))
    )
    if found is None:
        return None
    path, name = _FILES[preset]
    where = (f"{_CONFIGS}{path}_workload_base_configs.py ({name} presets for {device}): "
             f"recompute_modules={list(found)}")  # fmt: skip
    return list(found), where


#: The NeMo AutoModel benchmark yaml read after registration, per preset: the file at the commit
#: the search index stores (the run's own commit's copy was not stored; its ``recipe_source``
#: warns that the yaml may differ from the run of 2025-10), its ``distributed.ep_size`` and
#: ``distributed.activation_checkpointing`` (AutoModel's FSDP2 parallelizer checkpoints every
#: decoder layer whole: the plan's full recomputation).
AUTOMODEL_COMMIT = "05de44f6edbb89237256e9d56f9c836c3fdf8107"
_AUTOMODEL_YAML: dict[str, tuple[str, int, bool]] = {
    "gpt-oss-120b": ("examples/llm_benchmark/gpt_oss/gptoss_120b_te_deepep.yaml", 64, True),
}


def automodel_recipe(run: dict[str, Any]) -> dict[str, Any] | None:
    """An AutoModel run's ``recipe`` entry where :data:`_AUTOMODEL_YAML` has its preset: the
    yaml's expert parallelism (``ep``) and activation checkpointing (``recompute``: ``full``),
    each with where it was read; else ``None``."""
    found = _AUTOMODEL_YAML.get(run["model"]["preset"])
    if not run["id"].startswith("automodel") or found is None:
        return None
    path, ep, checkpointing = found
    where = f"https://github.com/NVIDIA-NeMo/Automodel/blob/{AUTOMODEL_COMMIT}/{path}"
    return {
        "commit": AUTOMODEL_COMMIT,
        "read": "after the predictions were registered: settings of the recipe yaml named in "
        "source.recipe_source (the stored copy at this commit), not of the published figures",
        "ep": ep,
        "ep_where": f"{where}: distributed.ep_size: {ep} (the table's EP column prints '-')",
        "recompute": "full" if checkpointing else "none",
        "recompute_where": f"{where}: distributed.activation_checkpointing: "
        f"{str(checkpointing).lower()} (every decoder layer checkpointed whole)",
    }


#: The DeepSeek-V3 technical report (arXiv 2412.19437v2), the memory savings it states beside
#: those registered (RMSNorm and MLA up-projection recomputation, §3.2.3).
REPORT = "https://arxiv.org/abs/2412.19437"


def report_recipe(run: dict[str, Any]) -> dict[str, Any] | None:
    """The DeepSeek-V3 report run's ``recipe`` entry: §3.3.3 "Low-Precision Storage and
    Communication" keeps the AdamW moments in BF16 (``moments``) and caches the MoE SwiGLU
    operator's inputs in FP8, recomputing its output in backward (``recompute_modules`` adds
    ``moe_act`` to §3.2.3's two; ``low_act_input``); else ``None``."""
    if not run["id"].startswith("deepseek-v3-report"):
        return None
    return {
        "commit": None,
        "read": "after the predictions were registered: memory savings the report states in "
        "sections the registration did not read, not of the published figures",
        "recompute_modules": ["layernorm", "mla_up_proj", "moe_act"],
        "recompute_modules_where": f"{REPORT} §3.2.3 (all RMSNorm operations and MLA "
        "up-projections recomputed in back-propagation) and §3.3.3, 'Low-Precision Activation' "
        "(2): the SwiGLU operator's output in MoE recomputed in the backward pass",
        "low_act_input": True,
        "low_act_input_where": f"{REPORT} §3.3.3, 'Low-Precision Activation' (2): the inputs of "
        "the SwiGLU operator in MoE cached in FP8 with the fine-grained quantization",
        "moments": "bf16",
        "moments_where": f"{REPORT} §3.3.3, 'Low-Precision Optimizer States': BF16 for the first "
        "and second moments of AdamW; master weights and gradients kept in FP32",
    }


#: The Megatron-Bridge recipes that keep Adam's moments in BF16 (Megatron-Core's precision-aware
#: optimizer), per preset: ``recipes/deepseek/deepseek_v3.py`` at :data:`RECIPE_COMMIT` sets
#: ``use_precision_aware_optimizer=True``, ``main_params_dtype=torch.float32`` and
#: ``exp_avg_dtype = exp_avg_sq_dtype = torch.bfloat16``; the DeepSeek-V3 performance script
#: (``deepseek/deepseek_llm_pretrain.py``) builds every preset from that recipe and no override
#: turns it off outside Megatron-FSDP.
_MOMENTS: dict[str, str] = {"deepseek-v3": "src/megatron/bridge/recipes/deepseek/deepseek_v3.py"}


def recipe_moments(run: dict[str, Any]) -> tuple[str, str] | None:
    """``("bf16", where the recipe sets it)`` where :data:`_MOMENTS` has the run's preset."""
    path = _MOMENTS.get(run["model"]["preset"])
    if not _megatron_bridge_recipe(run) or path is None:
        return None
    where = (f"https://github.com/NVIDIA-NeMo/Megatron-Bridge/blob/{RECIPE_COMMIT}/{path}: "
             "use_precision_aware_optimizer=True, main_params_dtype=torch.float32, "
             "exp_avg_dtype=exp_avg_sq_dtype=torch.bfloat16")  # fmt: skip
    return "bf16", where


def recipe_settings(
    run: dict[str, Any], dispatcher: str, modules: list[str] | None = None
) -> dict[str, Any] | None:
    """A Megatron-Bridge run's ``recipe`` entry: the CUDA-graph scopes of its performance script
    (:func:`recipe_cuda_graphs`) and, where the script sets others, the token dispatcher
    (:func:`recipe_dispatcher`; ``dispatcher``: the one the inputs read) and the recompute
    modules (:func:`recipe_recompute`; ``modules``: those the inputs read) and Adam's moments
    where the recipe keeps them in BF16 (:func:`recipe_moments`). Read after the
    predictions were registered, so kept beside the registered ``moe`` block, not in it. An
    AutoModel run's is its yaml's (:func:`automodel_recipe`), the DeepSeek-V3 report run's the
    report's (:func:`report_recipe`)."""
    if run["id"].startswith("automodel"):
        return automodel_recipe(run)
    if run["id"].startswith("deepseek-v3-report"):
        return report_recipe(run)
    graphs = recipe_cuda_graphs(run)
    if graphs is None:
        return None
    out: dict[str, Any] = {
        "commit": RECIPE_COMMIT,
        "read": "after the predictions were registered: settings of the recipe files named in "
        "source.recipe_source, not of the published figures",
        "cuda_graphs": graphs[0],
        "cuda_graphs_where": graphs[1],
    }
    found = recipe_dispatcher(run)
    if found is not None and found[0] != dispatcher:
        out["dispatcher"], out["dispatcher_where"] = found
    recompute = recipe_recompute(run)
    if recompute is not None and recompute[0] != list(modules or []):
        out["recompute_modules"], out["recompute_modules_where"] = recompute
    moments = recipe_moments(run)
    if moments is not None:
        out["moments"], out["moments_where"] = moments
    return out


def fix_dispatcher_note(lines: list[str], old: str, new: str) -> list[str]:
    """``not_modelled`` with the line of dispatcher ``old`` replaced by ``new``'s."""
    gone = dispatcher_note(old)
    out = [line for line in lines if line != gone]
    note = dispatcher_note(new)
    return [*out, note] if note else out


def _routing(text: str) -> str:
    low = text.lower()
    if "forced balance" in low or "force-load-balancing" in low:
        return "forced-balance"
    if "fake balanced" in low:
        return "forced-balance"
    if "auxiliary-loss-free" in low:
        return "aux-loss-free"
    return "learned"


def _recompute(run: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The layout's ``recompute`` (none, selective, full; ``None``: not stated) and the modules."""
    rec = run["moe"].get("recompute")
    if isinstance(rec, dict):
        return "none", [_MODULE_NAMES.get(m, m) for m in rec["modules"]]
    if rec is None:
        return "none", []  # Megatron-Bridge: no recompute in the recipe
    text = str(rec).lower()
    if "full" in text or "checkpointing on" in text:
        return "full", []
    if text.startswith("none"):
        return "none", []
    return None, []  # not stated / not read: the plan searches it


def _not_modelled(run: dict[str, Any], precision_gaps: list[str], dispatcher: str) -> list[str]:
    moe, lay = run["moe"], run["layout"]
    out = list(precision_gaps)
    # planned, so not listed: multi-token prediction (core.plan.mtp), recomputation by module
    # (core.plan.recompute_modules), DualPipe and its second parameter copy (core.plan.dualpipe)
    note = dispatcher_note(dispatcher)
    if note:
        out.append(note)
    routing = _routing(moe.get("routing", ""))
    if routing != "forced-balance":
        out.append(f"routing {routing} (measured imbalance not given): planned balanced")
    pipeline = lay.get("pipeline_layout") or moe.get("pipeline_layout")
    if pipeline:
        out.append(f"custom pipeline layout {pipeline!r}: planned with the plan's own uneven split")
    if _schedule(lay) != "dualpipe" and lay.get("pipeline_schedule"):
        out.append(f"pipeline schedule {lay['pipeline_schedule']}: planned as interleaved 1F1B")
    # BF16 Adam moments (the precision-aware optimizer) are planned: core.plan.published_moe
    if run["model"]["preset"].startswith("gpt-oss"):
        out.append(GPT_OSS_ATTENTION)
    if (
        run["id"].startswith("automodel")
        and lay["ep"] == 1
        and "ep_size" in moe.get("dispatcher", "")
        and automodel_recipe(run) is None  # else the plan takes the yaml's (its "recipe")
    ):
        out.append("the yaml's expert parallelism (ep_size 64) where the table's EP column is "
                   "'-': planned with EP 1 as the table says")  # fmt: skip
    ep = max(lay["ep"], int((automodel_recipe(run) or {}).get("ep", 1)))
    if run["id"].startswith("automodel") and lay["zero"] == 3 and ep > 1:
        out.append("FSDP2 sharding beside expert parallelism (experts sharded over the EP group, "
                   "the rest over FSDP)")  # fmt: skip
    if lay["zero"] == 3 and lay["pp"] > 1:
        out.append("FSDP2 full sharding under a pipeline (ZeRO-3 with PP): its memory is planned "
                   "(torch.distributed.pipelining keeps the stage unsharded through the step: "
                   "ZeRO-1's memory), its gathers and reduce-scatters by the plan's ZeRO-3 "
                   "timing")  # fmt: skip
    if run["batch"].get("batch_schedule"):
        out.append("the batch-size ramp (" + run["batch"]["batch_schedule"] + "): planned at "
                   "the final batch")  # fmt: skip
    if run["id"].startswith("deepseek-v3-report"):
        out.append("wall-clock GPU-hours include stalls, restarts and evaluation; the plan "
                   "predicts steady-state steps")  # fmt: skip
    return out


def _convention(run: dict[str, Any]) -> tuple[str, list[str]]:
    """The FLOP convention of the source's TFLOP/s figure, and the metrics it publishes."""
    rid = run["id"]
    if rid.startswith("megatron-bridge"):
        return "megatron-bridge", ["tokens_per_s_per_gpu", "model_tflops_per_gpu"]
    if rid.startswith("automodel"):
        return "automodel", ["tokens_per_s_per_gpu", "model_tflops_per_gpu", "step_time_s"]
    if rid.startswith("deepseek-v3-report"):
        return "none", ["gpu_hours"]
    if rid.startswith("megatron-core-0.9"):
        return "megatron-lm-2024", ["model_tflops_per_gpu"]
    return "megatron-lm-2026", ["model_tflops_per_gpu"]


#: Published figures that the inputs' prose quotes beside the facts (a recipe variant's TFLOP/s,
#: the GPU-hours of other training phases): taken out, so that no figure enters the repository
#: before the predictions (tests/core/plan/test_published_moe_runs.py checks every string).
SCRUB: tuple[tuple[str, str], ...] = (
    (r"the footnote's parentheses give the TFLOP/s of the blockwise recipe \(([^)]*)\) as [\d.,]+",
     r"the footnote's parentheses give a figure for the blockwise recipe (\1)"),
    (r"not context extension [\d.,]+K GPU-hours, not post-training [\d.,]+K",
     "not the context extension's or the post-training's GPU-hours"),
)  # fmt: skip


def scrub(value: Any) -> Any:
    """``value`` (a run, or any part of one) with :data:`SCRUB`'s figures taken out of its text."""
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, str):
        for pattern, repl in SCRUB:
            value = re.sub(pattern, repl, value)
    return value


def _schedule(lay: dict[str, Any]) -> str:
    """The plan's ``--schedule`` for a run's pipeline schedule: DualPipe or Megatron's 1F1B."""
    return "dualpipe" if str(lay.get("pipeline_schedule") or "").startswith("DualPipe") else "1f1b"


def convert(run: dict[str, Any]) -> dict[str, Any]:
    """One input run in the resource's schema (see the resource's ``description``)."""
    src, hw, lay, moe = run["source"], run["hardware"], run["layout"], run["moe"]
    precision, gaps = _precision(run)
    recompute, modules = _recompute(run)
    dispatcher = _dispatcher(run)
    recipe = recipe_settings({**run, "precision": precision}, dispatcher, modules)
    ran = (recipe or {}).get("dispatcher", dispatcher)  # the one the performance script set
    convention, metrics = _convention(run)
    preset = run["model"]["preset"]
    model: dict[str, Any] = {"preset": preset, "row_label": run["model"]["row_label"],
                             "config": run["model"]["config"]}  # fmt: skip
    if preset in GPT_OSS:
        model["dims"] = GPT_OSS[preset]
    pipeline = lay.get("pipeline_layout") or moe.get("pipeline_layout")
    out: dict[str, Any] = {
        "id": run["id"],
        "group": _group(run["id"]),
        "source": {
            "code": _code(run["id"]),
            "title": src["title"],
            "authors": src["authors"],
            "url": src["url"],
            "commit": src["commit"],
            "commit_date": src["commit_date"],
            "section": _section(run["id"]),
            "table": src["table"],
            "recipe_source": moe.get("recipe_source"),
        },
        "model": model,
        "hardware": {
            k: hw[k]
            for k in (
                "system",
                "device",
                "gpus",
                "gpus_per_node",
                "nvlink_domain",
                "nodes",
                "inter_node_bandwidth_per_gpu",
                "network",
            )
        },
        "layout": {
            "tp": lay["tp"],
            "pp": lay["pp"],
            "vpp": lay["vp"],
            "cp": lay["cp"],
            "ep": lay["ep"],
            "etp": lay["etp"],
            "dp": lay["dp"],
            "expert_dp": lay.get("expert_dp"),
            "sp": lay["sp"],
            "zero": lay["zero"],
            "micro_batch": lay["micro_batch"],
            "grad_accum": lay["grad_accum"],
            "grad_accum_computed": lay.get("grad_accum_computed"),
            "local_batch": lay.get("local_batch"),
            "recompute": recompute,
            "recompute_modules": modules,
            "pipeline_layout": pipeline,
            "pipeline_schedule": lay.get("pipeline_schedule"),
            "schedule": _schedule(lay),
        },
        "batch": {
            k: run["batch"][k]
            for k in ("global_batch", "seq", "tokens", "batch_schedule")
            if k in run["batch"]
        },
        "precision": precision,
        "precision_as_published": run["precision_as_printed"],
        "precision_recipe": run["precision_recipe"],
        "framework": _framework(run),
        "framework_as_published": run["framework"],
        "moe": {
            "mtp_depth": moe.get("mtp_depth") or 0,
            "dispatcher": "deepep" if dispatcher == "custom" else dispatcher,
            "dispatcher_as_published": moe.get("dispatcher"),
            "route_nodes": 4 if dispatcher == "custom" else 0,
            "routing": _routing(str(moe.get("routing", ""))),
            "routing_as_published": moe.get("routing"),
            "token_drop": False,
            "capacity_factor": None,
            "cuda_graphs": moe.get("cuda_graphs"),
            "notes": "; ".join(
                str(moe[k])
                for k in ("mtp_note", "other", "nvlink_note", "experts_kernel", "kernels")
                if moe.get(k)
            ),
        },
        "flop_convention": convention,
        "published_metrics": metrics,
        "not_modelled": _not_modelled(run, gaps, ran),
        "notes": run["notes"],
    }
    if not recipe:
        return out
    ordered: dict[str, Any] = {}  # beside the registered "moe", not in it
    for key, value in out.items():
        ordered[key] = value
        if key == "moe":
            ordered["recipe"] = recipe
    return ordered


DESCRIPTION = (
    "Published training runs of mixture-of-experts models (issue 40), for checking core/plan's "
    "predictions as their own group (napkinlab plan --published --group moe). Inputs only until "
    "the predictions are committed (benchmarks/preregister_moe.py); the published figures are then "
    "added under each run's 'reported' by benchmarks/add_published_figures.py. Per run: the source "
    "(URL, commit, section, table row, the recipe files the settings come from), the model (a "
    "preset of core.memory.models, or its config.json dimensions under 'dims'), the hardware "
    "(device ids of resources/hardware.json, GPUs per node, NVLink domain, network per GPU in "
    "bytes/s), the layout (tp, pp, vpp, cp, ep, etp, dp = gpus/(tp*pp*cp), zero, micro_batch; "
    "recompute none/selective/full as the plan names them, null when not stated; recompute_modules "
    "for Megatron-Core's per-module recomputation; grad_accum as the table prints it, "
    "grad_accum_computed = global_batch/(micro_batch*dp), or /(local_batch*dp) where the source "
    "gives AutoModel's local batch per GPU), "
    "the batch (sequences, tokens per sequence), the "
    "precision as the plan's --precision value beside the source's words, the framework as the "
    "plan's --framework value, the MoE settings (MTP depth, dispatcher, routing, token dropping), the "
    "FLOP convention of the source's TFLOP/s, the metrics the source publishes, and the run's "
    "settings the plan cannot model yet (not_modelled). group: 'primary' (Megatron-Bridge 26.02, "
    "25.11 and the 25.09 DGX-H100 row, and the other sources) or 'repeat' (Megatron-Bridge 26.04.01 "
    "and 26.06: the same configurations with newer containers)."
)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    doc = json.loads(Path(argv[0]).read_text("utf-8"))
    runs = [convert(scrub(r)) for r in doc["runs"]]
    if any("reported" in r for r in doc["runs"]):
        raise SystemExit("the inputs hold a published figure ('reported'); refusing")
    out = {"schema_version": 1, "description": DESCRIPTION, "sources": doc["sources"],
           "runs": runs}  # fmt: skip
    OUT.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", "utf-8")
    primary = sum(r["group"] == "primary" for r in runs)
    print(f"{OUT.relative_to(ROOT)}: {len(runs)} runs ({primary} primary)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

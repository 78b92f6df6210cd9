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
#: What those config.json files say beside the registered dims, read after registration (the
#: run's ``config_read``): ``sliding_window`` 128 on the layers ``layer_types`` calls
#: ``sliding_attention``, every other one.
GPT_OSS_WINDOW: dict[str, tuple[int, int]] = {"gpt-oss-120b": (128, 18), "gpt-oss-20b": (128, 12)}
GPT_OSS_ATTENTION = (
    "gpt-oss attention: attention sinks (a learned logit per head in each softmax, not "
    "modelled) and biases (on the attention projections; the experts' second-GEMM biases as "
    "Megatron-Core's per-expert bias loop); its 128-token sliding window on every other layer "
    "is planned (window, window_layers)"
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
            "software with FP32 promotion on Hopper): registered as fp8-current, the nearest "
            "recipe then; planned as fp8-blockwise since the plan has that recipe (the run's "
            "recipe.precision)"
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


#: The Megatron-Bridge performance scripts the registered rows' ``recipe_source`` names (the 26.02
#: table's commit). The settings themselves now come from the release that published each table
#: (:func:`megatron_bridge_recipe`).
RECIPE_COMMIT = "c0b9a00031b79b731ccefb56d0aba9629b4dd01b"


def _by_release() -> Any:
    """``benchmarks/recipes_by_release.py``, loaded by path (this script runs from anywhere)."""
    import importlib.util

    name = "recipes_by_release"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_READ: list[tuple[dict[str, Any], dict[str, str]]] = []


def _readings() -> tuple[dict[str, Any], dict[str, str]]:
    """The readings of ``benchmarks/data/recipes`` (:func:`recipes_by_release.load`), read once."""
    if not _READ:
        _READ.append(_by_release().load())
    return _READ[0]


def megatron_bridge_recipe(run: dict[str, Any]) -> dict[str, Any] | None:
    """A Megatron-Bridge run's ``recipe`` entry: the settings of the first release whose
    performance summary carries its table, read from that release's performance scripts
    (:func:`recipes_by_release.entry` on the readings in ``benchmarks/data/recipes``); ``None``
    for a run without a reading."""
    if not run["id"].startswith("megatron-bridge-"):
        return None
    release = _by_release()
    readings, commits = _readings()
    reading = readings.get(run["id"])
    if reading is None:
        return None
    return release.entry(run, reading, commits[reading["tag"]])


#: The NeMo AutoModel benchmark yaml read after registration, per preset: the file at the commit
#: the search index stores (the run's own commit's copy was not stored; its ``recipe_source``
#: warns that the yaml may differ from the run of 2025-10), its ``distributed.ep_size`` and
#: ``distributed.activation_checkpointing`` (AutoModel's FSDP2 parallelizer checkpoints every
#: decoder layer whole: the plan's full recomputation).
AUTOMODEL_COMMIT = "05de44f6edbb89237256e9d56f9c836c3fdf8107"
_AUTOMODEL_YAML: dict[str, tuple[str, int, bool]] = {
    "gpt-oss-120b": ("examples/llm_benchmark/gpt_oss/gptoss_120b_te_deepep.yaml", 64, True),
}


#: The commit that added NeMo AutoModel's performance table (2025-10-06), whose "Kernel
#: Optimizations" column names each MoE row's kernels (the figures of these rows are the same at
#: the source's later commit) and whose benchmark yaml set ``model.backend.attn``.
AUTOMODEL_TABLE_COMMIT = "89e3a9fdd604bc3e70240f2fe4c6a9e1ce76cbd0"
#: Per preset: the table's "Kernel Optimizations" and the yaml of that commit
#: (``examples/benchmark/configs``). "TE" is, by the table's glossary, Transformer Engine's
#: RMSNorm, Linear and DotProductAttention (cuDNN's fused attention on Hopper, the kernel the
#: plan times for Transformer Engine); "FlexAttn" is PyTorch's FlexAttention, which the
#: calibration does not time (timed as FlashAttention-2, said in ``not_modelled``).
_AUTOMODEL_KERNELS: dict[str, tuple[str, str]] = {
    "deepseek-v3": ("TE + DeepEP", "deepseek_v3_te_deepep.yaml"),
    "qwen3-30b-a3b": ("TE + DeepEP", "qwen3_moe_30b_te_deepep.yaml"),
    "gpt-oss-20b": ("TE + DeepEP + FlexAttn", "gptoss_20b_te_deepep.yaml"),
    "gpt-oss-120b": ("TE + DeepEP + FlexAttn", "gptoss_120b_te_deepep.yaml"),
}
AUTOMODEL_FLEX = (
    "PyTorch's FlexAttention (the table's 'TE + DeepEP + FlexAttn'; the recipe yaml's "
    "model.backend.attn: flex at 89e3a9fd): timed as FlashAttention-2, the nearest kernel the "
    "calibration times; no FlexAttention rate of its own is calibrated"
)


def _automodel_attention(run: dict[str, Any]) -> dict[str, Any]:
    """The attention kernel of an AutoModel row whose table names Transformer Engine's
    (``attention_kernel``: ``cudnn``), with where it was read; else empty."""
    found = _AUTOMODEL_KERNELS.get(run["model"]["preset"])
    if found is None or "FlexAttn" in found[0]:
        return {}
    kernels, yaml = found
    c = AUTOMODEL_TABLE_COMMIT
    return {
        "attention_kernel": "cudnn",
        "attention_kernel_where": f"https://github.com/NVIDIA-NeMo/Automodel/blob/{c}/docs/"
        f"performance-summary.md: 'Kernel Optimizations' {kernels}, and its glossary: 'TE: "
        "Transformer Engine kernel optimizations - RMSNorm, Linear and DotProductAttention'; "
        f"examples/benchmark/configs/{yaml}@{c[:9]}: model.backend.attn: te (Transformer "
        "Engine's DotProductAttention: cuDNN's fused attention on Hopper, as for the "
        "Megatron-Bridge runs)",
    }


def automodel_recipe(run: dict[str, Any]) -> dict[str, Any] | None:
    """An AutoModel run's ``recipe`` entry: where :data:`_AUTOMODEL_YAML` has its preset, the
    yaml's expert parallelism (``ep``) and activation checkpointing (``recompute``: ``full``);
    where its table names Transformer Engine's attention, that kernel
    (:func:`_automodel_attention`); each with where it was read; else ``None``."""
    if not run["id"].startswith("automodel"):
        return None
    found = _AUTOMODEL_YAML.get(run["model"]["preset"])
    attention = _automodel_attention(run)
    if found is None:
        if not attention:
            return None
        return {
            "commit": AUTOMODEL_TABLE_COMMIT,
            "read": "after the predictions were registered: the attention kernel the source's "
            "table names for the run (its 'Kernel Optimizations' column) and the recipe yaml of "
            "the commit that added the table (2025-10-06)",
            **attention,
        }
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
    ``moe_act`` to §3.2.3's two; ``low_act_input``), the FP32 gradients (``grads``) and the
    attention output in E5M6 (``shared_attention_output``); §3.3.2's blockwise FP8 GEMMs
    (``precision``: the plan's ``fp8-blockwise``, added after registration); else ``None``."""
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
        "grads": "fp32",
        "grads_where": f"{REPORT} §3.3.3, 'Low-Precision Optimizer States': the master weights "
        "and the gradients (used for batch size accumulation) retained in FP32",
        "shared_attention_output": 1.5 + 4 / 128,
        "shared_attention_output_where": f"{REPORT} §3.3.3, 'Low-Precision Activation' (1): the "
        "inputs of the Linear after the attention operator, also used in the attention's backward, "
        "in a customized E5M6 format (12 bits); one fp32 scale per 128 elements as the cast kernel "
        "of deepseek-ai/profile-data's train.json groups them "
        "(per_token_cast_to_fp8_with_fp8_special_fmt, 128)",
        "precision": "fp8-blockwise",
        "precision_where": f"{REPORT} §3.3.2, 'Fine-Grained Quantization' (1x128 tiles for "
        "activations, 128x128 blocks for weights) and 'Increasing Accumulation Precision' "
        "(partial results promoted to FP32 registers on CUDA cores every 128 elements of K)",
    }


def recipe_settings(run: dict[str, Any]) -> dict[str, Any] | None:
    """A run's ``recipe`` entry, read after the predictions were registered and so kept beside
    the registered ``moe`` block, not in it (``run`` in the resource's schema): a Megatron-Bridge
    run's performance-script settings (:func:`megatron_bridge_recipe`), an AutoModel run's yaml
    (:func:`automodel_recipe`), the DeepSeek-V3 report run's sections (:func:`report_recipe`)."""
    if run["id"].startswith("automodel"):
        return automodel_recipe(run)
    if run["id"].startswith("deepseek-v3-report"):
        return report_recipe(run)
    return megatron_bridge_recipe(run)


def ran_dispatcher(run: dict[str, Any]) -> str:
    """The dispatcher a run ran: its ``recipe``'s where one was read, else the registered one."""
    return str((run.get("recipe") or {}).get("dispatcher") or run["moe"]["dispatcher"])


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
    recipe = megatron_bridge_recipe(run) or {}
    if pipeline and not recipe.get("pipeline_layout"):  # a recipe's layout is planned as given
        out.append(f"custom pipeline layout {pipeline!r}: planned with the plan's own uneven split")
    if _schedule(lay) != "dualpipe" and lay.get("pipeline_schedule"):
        out.append(f"pipeline schedule {lay['pipeline_schedule']}: planned as interleaved 1F1B")
    # BF16 Adam moments (the precision-aware optimizer) are planned: core.plan.published_moe
    if str(run["model"]["preset"] or "").startswith("gpt-oss"):
        out.append(GPT_OSS_ATTENTION)
    if (
        run["id"].startswith("automodel")
        and "FlexAttn" in _AUTOMODEL_KERNELS.get(run["model"]["preset"], ("", ""))[0]
    ):
        out.append(AUTOMODEL_FLEX)
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
        "not_modelled": [],
        "notes": run["notes"],
    }
    if preset in GPT_OSS_WINDOW:  # beside the registered "model", not in it
        window, layers = GPT_OSS_WINDOW[preset]
        read = {
            "read": "after the predictions were registered: the model's config.json facts the "
            "registered dims left out",
            "window": window,
            "window_layers": layers,
            "where": f"openai/{preset} config.json: sliding_window {window}; layer_types "
            "alternates sliding_attention and full_attention "
            f"({layers} of {GPT_OSS[preset]['layers']} layers slide)",
        }
        out = {k2: v2 for k, v in out.items()
               for k2, v2 in ([(k, v), ("config_read", read)] if k == "model" else [(k, v)])}  # fmt: skip
    recipe = recipe_settings(out)
    ran = (recipe or {}).get("dispatcher", dispatcher)  # the one the performance script set
    out["not_modelled"] = _not_modelled(run, gaps, ran)
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

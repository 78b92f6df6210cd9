"""The published mixture-of-experts training runs, planned as their own group (issue 40 item 6).

``resources/published_moe_runs.json`` holds 77 runs of four sources (Megatron-Bridge performance
summaries, NeMo AutoModel, the DeepSeek-V3 report, Megatron-LM): the source with its commit, section
and row, the model (a preset, or its config.json dimensions), the hardware, the layout with expert
parallelism, the batch, the precision as a ``--precision`` value, the framework, the MoE settings
(MTP depth, dispatcher, routing) and what the plan cannot model yet (``not_modelled``). Until their
predictions are committed (``benchmarks/preregister_moe.py``) the runs carry no published figure;
``benchmarks/add_published_figures.py`` adds them afterwards under each run's ``reported``.

This module turns a run into a plan input, asks the plan for it (the stated layout; a dimension
the source leaves unstated is searched, the fastest that fits), and records a refusal per run
instead of failing: while the plan refuses mixtures of experts every run says why. Settings the
plan has a field for are passed (:data:`MOE_SETTINGS`); the others stay in the run's
``not_modelled`` list, stated, not dropped.

Model TFLOP/s per GPU follow each source's own FLOP count so that predicted and published compare
like for like: Megatron-Bridge and Megatron-LM count ``num_floating_point_operations`` (routed
top-k and shared experts, MLA projections, causal attention ``s/2``, the MTP layers with their
logits, no recomputation; :func:`megatron_flops_per_token`; Megatron-LM's count of 2024, which
the Mixtral run's README used, takes the whole ``s`` instead: :data:`FLOP_CONVENTIONS`), so the
predicted TFLOP/s per GPU is **predicted tokens/s per GPU × that count per token**. NeMo AutoModel's calculators were not read,
and the DeepSeek-V3 report gives GPU-hours: their TFLOP/s columns stay empty, and they compare in
tokens/s per GPU only (GPU-hours become ``tokens / (GPU-hours · 3600)``).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

from core.errors import InputError
from core.memory.models import PRESETS, TransformerSpec
from core.memory.recipes import optimizer, recipe
from core.plan.inputs import Cluster, Constraints, Implementation, Layout, PlanInput
from core.plan.validation import ErrorSummary, generation
from core.safe_io import read_resource_text

__all__ = [
    "CONVENTION",
    "FLOP_CONVENTIONS",
    "MOE_BREAKDOWNS",
    "MOE_RESOURCE",
    "MOE_SETTINGS",
    "RECIPE_LAYOUT",
    "MoeCheck",
    "MoePrediction",
    "check_moe_runs",
    "load_moe_runs",
    "megatron_flops_per_token",
    "moe_breakdowns",
    "moe_devices",
    "moe_run_input",
    "moe_spec",
    "moe_summary",
    "plan_refusal",
    "predict_moe_run",
    "predicted_tflops_per_gpu",
    "published_per_gpu",
    "recipe_names",
    "source_flops_per_token",
]

#: The resource file of the MoE runs (beside ``published_runs.json``, whose dense runs
#: ``plan --published`` keeps checking unchanged).
MOE_RESOURCE = "published_moe_runs.json"

#: The run settings the plan takes once it has a field for them: (where in the run, the field
#: names the plan may give it, first found wins). Each is looked for on the plan input, then on
#: the implementation. A setting whose field exists and takes the run's value is passed; any
#: other stays in the run's ``not_modelled`` list (and the prediction says which were passed).
#: The names follow the MoE plan's flags (``--mtp``, ``--capacity-factor``,
#: ``--recompute-modules``, the dispatcher); where it names a field otherwise, this table is
#: the one place to say so.
MOE_SETTINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("moe.mtp_depth", ("mtp", "mtp_depth", "mtp_layers")),
    ("moe.capacity_factor", ("capacity_factor",)),
    ("moe.routing", ("routing",)),
    ("moe.dispatcher", ("dispatcher", "moe_dispatcher")),
    ("layout.recompute_modules", ("recompute_modules",)),
    ("layout.schedule", ("schedule",)),
    ("moe.route_nodes", ("route_nodes",)),
    ("moe.cuda_graphs", ("cuda_graphs",)),
    # Read from the recipe files after the predictions were registered (the run's "recipe", beside
    # its registered "moe"): the CUDA-graph scopes, and the dispatcher and recompute modules where
    # the performance script sets others than those registered, and its MTP depth (they win: they
    # come later; a recipe's empty list is a setting too).
    ("recipe.cuda_graphs", ("cuda_graphs",)),
    ("recipe.dispatcher", ("dispatcher", "moe_dispatcher")),
    ("recipe.recompute_modules", ("recompute_modules",)),
    ("recipe.mtp_depth", ("mtp", "mtp_depth", "mtp_layers")),
    ("recipe.ep_overlap", ("ep_overlap",)),
    # the preset's custom pipeline layout (Megatron-Core's notation, core.plan.pipeline_layout)
    ("recipe.pipeline_layout", ("pipeline_layout",)),
    # the experts' SwiGLU inputs cached in the recipe's low precision (DeepSeek-V3 §3.3.3)
    ("recipe.low_act_input", ("low_act_input",)),
    # the source's low-precision recipe once the plan has it (DeepSeek-V3's blockwise FP8,
    # registered as the nearest recipe then: fp8-current)
    ("recipe.precision", ("precision",)),
    # the attention output kept once in a low-precision format (DeepSeek-V3 §3.3.3, E5M6)
    ("recipe.shared_attention_output", ("shared_attention_output",)),
    # the attention kernel the source names for the run (NeMo AutoModel's "TE" rows: Transformer
    # Engine's DotProductAttention, where its dense runs take PyTorch's SDPA)
    ("recipe.attention_kernel", ("attention_kernel",)),
    # Megatron-Core's fine-grained activation offloading (the ModelZoo GB200 MXFP8 script's
    # --offload-modules), read after registration
    ("recipe.offload_modules", ("offload_modules",)),
)

#: The layout dimensions a run's ``recipe`` entry may set: (its key, the layout's dimension).
#: NeMo AutoModel's benchmark yaml sets ``distributed.ep_size`` where its performance table prints
#: no EP, and ``distributed.activation_checkpointing`` (every decoder layer checkpointed whole:
#: ``full``); read after registration, they take the place of the registered layout's.
RECIPE_LAYOUT: tuple[tuple[str, str], ...] = (("ep", "ep"), ("recompute", "recompute"))

#: Megatron-Core pads the vocabulary to a multiple of this times TP
#: (``make_vocab_size_divisible_by`` default 128; ``calculate_padded_vocab_size``).
VOCAB_DIVISOR = 128

#: Models whose gated MLP is not SiLU-gated in Megatron: the FLOP count's 3/2 applies only when
#: ``activation_func == F.silu``; Megatron-Bridge's ``GPTOSSProvider`` sets a quick-GELU GLU
#: (``gated_linear_unit=True``, ``activation_func=quick_gelu``), so its MLPs count ×1.
NOT_SILU = frozenset({"gpt-oss-120b", "gpt-oss-20b"})

#: Models whose routed experts carry biases in Megatron: ``GPTOSSProvider`` sets
#: ``add_bias_linear=True``, so ``TEGroupedMLP`` adds the second GEMM's bias in its per-expert
#: loop (``_apply_bias``; :func:`core.plan.moe.expert_bias_seconds`). The app's models refuse
#: biased experts, so the runs pass it as the code's (``Implementation.expert_bias``).
BIASED_EXPERTS = frozenset({"gpt-oss-120b", "gpt-oss-20b"})

#: Models whose experts' gated activation Megatron clamps first: ``GPTOSSProvider`` (and the
#: GPT-OSS bridge from Megatron-Bridge v0.4.0) sets ``activation_func_clamp_value = 7.0``, which
#: ``TEGroupedMLP`` passes to ``weighted_bias_quick_geglu_impl`` (eager chunk, clamps and cat;
#: :func:`core.plan.moe.clamped_glu_seconds`). A recipe on Transformer Engine's op fuser runs the
#: experts' MLP as one CuTeDSL kernel instead (:data:`FUSED_GROUPED_MLP`).
CLAMPED_EXPERTS = frozenset({"gpt-oss-120b", "gpt-oss-20b"})
#: Models with YaRN positions under Megatron-Bridge (``GPTOSSProvider``:
#: ``position_embedding_type = "yarn"``), whose ``validate_rope_fusion_compatibility`` turns
#: ``apply_rope_fusion`` off for any embedding but ``rope`` (v0.3.0 to the dev branch): the
#: rotary positions run unfused (:func:`core.plan.moe.unfused_rope_seconds`).
YARN_POSITIONS = frozenset({"gpt-oss-120b", "gpt-oss-20b"})
#: How a run's recipe entry names the fused grouped MLP (``benchmarks/recipes_by_release.py``'s
#: ``not_planned`` words for ``cutedsl_fused_grouped_mlp``, written when the entry was read; the
#: plan now runs it, ``Implementation.fused_grouped_mlp``).
FUSED_GROUPED_MLP = "CuTeDSL fused grouped MLP"
#: How a run's recipe entry names FP8 attention (``fp8_dot_product_attention``, written as not
#: planned when the entry was read; the plan now times it, ``Implementation.fp8_attention``).
FP8_ATTENTION = "fp8_dot_product_attention"


#: The one statement of how TFLOP/s per GPU are predicted (printed once above the table).
CONVENTION = (
    "model TFLOP/s per GPU = predicted tokens/s per GPU x the source's FLOPs per token "
    "(Megatron-Bridge and Megatron-LM: num_floating_point_operations, routed top-k + shared "
    "experts, MLA, causal attention s/2 (Megatron-LM 2024: the whole s), MTP layers and their "
    "logits, no recompute); AutoModel's "
    "count was not read and the DeepSeek-V3 report gives GPU-hours: tokens/s per GPU only"
)


@lru_cache(maxsize=1)
def load_moe_runs() -> tuple[dict[str, Any], ...]:
    """The runs of ``resources/published_moe_runs.json``, in file order."""
    return tuple(json.loads(read_resource_text(MOE_RESOURCE))["runs"])


def moe_devices(runs: Sequence[dict[str, Any]] | None = None) -> list[str]:
    """The device ids the MoE runs ran on, each once, in file order."""
    return list(dict.fromkeys(r["hardware"]["device"] for r in runs or load_moe_runs()))


def moe_spec(run: dict[str, Any]) -> TransformerSpec:
    """The run's model: its preset, else the config.json dimensions the run states (the registered
    ``dims`` and its ``config_read``: a sliding window), at the run's sequence length."""
    m, seq = run["model"], int(run["batch"]["seq"])
    if m["preset"] in PRESETS:
        return replace(PRESETS[m["preset"]], seq=seq)
    # the registered dims, with what the config.json says beside them (read after registration)
    d = {**m["dims"], **{k: v for k, v in (run.get("config_read") or {}).items()
                         if k in ("window", "window_layers")}}  # fmt: skip
    # GPT-OSS's registered dims carry no "bias" key: its attention projections and router have
    # biases (config.json); a run registered with "bias": false has none
    bias = bool(d.get("bias", True))
    mla = m.get("mla") or {}  # latent attention's ranks and head widths (DeepSeek-V2)
    return TransformerSpec(
        name=m["preset"], vocab=int(d["vocab"]), d_model=int(d["hidden"]),
        layers=int(d["layers"]), heads=int(d["heads"]), kv_heads=int(d["kv_heads"]),
        ffn=int(d["ffn"]), gated=True, tied=False, seq=seq, context=int(d.get("context", 0)),
        head_size=0 if mla else int(d.get("head_dim", 0)), qkv_bias=bias, out_bias=bias,
        experts=int(d["experts"]), top_k=int(d["top_k"]), moe_ffn=int(d["moe_ffn"]),
        shared_experts=int(d.get("shared_experts", 0)), shared_ffn=int(d.get("shared_ffn", 0)),
        dense_layers=int(d.get("dense_layers", 0)), moe_every=int(d.get("moe_every", 1)),
        router_bias=bias,
        window=int(d.get("window", 0)), window_layers=int(d.get("window_layers", 0)),
        **{k: int(mla[k]) for k in ("q_lora_rank", "kv_lora_rank", "qk_nope_head_dim",
                                    "qk_rope_head_dim", "v_head_dim") if k in mla},
    )  # fmt: skip


def _dims_text(spec: TransformerSpec) -> str:
    """``--dims`` text of a model that is not a preset (the plan's own front door reads it)."""
    return (f"layers={spec.layers},hidden={spec.d_model},heads={spec.heads},"
            f"kv_heads={spec.kv_heads},ffn={spec.ffn},vocab={spec.vocab},act=swiglu,tied=0,"
            f"experts={spec.experts},top_k={spec.top_k},moe_ffn={spec.moe_ffn},"
            f"head_dim={spec.head_dim}"
            + (f",window={spec.window},window_layers={spec.window_layers}" if spec.window else ""))  # fmt: skip


def plan_refusal(run: dict[str, Any]) -> str | None:
    """Why the plan refuses this run's model (its own message), or ``None`` when it plans it.

    Asks the plan's front door (:func:`core.plan.options.planned_input`, which the CLI and the
    Plan tab use), so the answer changes the day the plan models mixtures of experts."""
    from core.plan.options import planned_input

    spec = moe_spec(run)
    try:
        if run["model"]["preset"] in PRESETS:
            planned_input(model=run["model"]["preset"], seq=spec.seq)
        else:
            planned_input(dims=_dims_text(spec), seq=spec.seq)
    except InputError as exc:
        if exc.field == "model":
            return str(exc.message)
    return None


def _code(run: dict[str, Any]) -> tuple[Implementation, str | None, tuple[tuple[str, Any], ...]]:
    """How the run's code ran, the dtype it reduces gradients in (``None``: the weights') and its
    framework's defaults for layout dimensions a source leaves unstated: the dense runs'
    description of the same codebase where there is one (:data:`core.plan.published.SOURCE_CODE`),
    else DeepSeek's HAI-LLM as Megatron-like."""
    from core.plan.published import SOURCE_CODE

    rid = run["id"]
    if rid.startswith("megatron-bridge"):
        key = next(k for k in SOURCE_CODE if "Megatron-Bridge" in k)
    elif rid.startswith("automodel"):
        key = next(k for k in SOURCE_CODE if "Automodel" in k)
    elif rid.startswith(("megatron-core", "megatron-lm", "megascale-moe-megatron-baseline")):
        key = "megatron-core"
    elif rid.startswith("dgxc-"):
        key = "nvidia-dgxc"  # NVIDIA's DGX Cloud recipes: NeMo on Megatron-Core, as the dense ones
    elif rid.startswith("nemo-docs-"):
        # NeMo 2.0's performance summary pages: the description of their dense rows (the same
        # pages and containers), else NeMo on Megatron-Core as in NVIDIA's DGX Cloud recipes
        url = str(run["source"].get("url", ""))
        key = url if url in SOURCE_CODE else "nvidia-dgxc"
    else:
        # HAI-LLM (DeepSeek-V3 report §3.2): fused kernels, overlapped DP, no TP; 61 layers over
        # 16 stages need uneven stages. Its experts apply the routing weights inside the SwiGLU:
        # DeepSeek's own training profile at the pre-training layout (deepseek-ai/profile-data,
        # train.json: EP64, TP1, 4K tokens) runs swiglu_forward_with_weight_and_per_token_cast_to_fp8
        # and its weight-gradient twin, and DeepEP's training example dispatches the top-k weights
        # with the tokens and combines without them: no copy of the experts' outputs is kept.
        impl = Implementation(flash=True, fused=True, dp_overlap=True, uneven_stages=True,
                              probs_in_experts=True)  # fmt: skip
        return impl, None, ()
    code = SOURCE_CODE[key]
    # DeepSeek-V3's 61 layers (with MTP) never divide evenly: Megatron-Core's uneven first and
    # last stages (the recipes' pipeline layouts, stated in each run's not_modelled). Megatron's
    # flex dispatcher hands DeepEP BF16 hidden states (core.plan.deepep): no FP8 dispatch.
    # Megatron-Core's experts scale their activation by the router's weights (TEGroupedMLP's
    # permuted_probs): the combine keeps no copy of their outputs (core.plan.moe_kept).
    megatron = rid.startswith(("megatron-bridge", "megatron-core", "megatron-lm", "dgxc-",
                               "nemo-docs-", "megascale-moe-megatron-baseline"))  # fmt: skip
    impl = replace(code.implementation, uneven_stages=True, fp8_dispatch=not megatron,
                   probs_in_experts=megatron)  # fmt: skip
    return impl, code.grads, code.defaults


def _value(run: dict[str, Any], path: str) -> Any:
    head, key = path.split(".")
    return (run.get(head) or {}).get(key)


def _with_settings(obj: Any, kind: str, run: dict[str, Any], done: set[str]) -> Any:
    """``obj`` with each :data:`MOE_SETTINGS` entry not in ``done`` that it has a field for and
    that takes the run's value; adds ``"path -> kind.field"`` to ``done`` for each one passed."""
    names = {f.name for f in fields(obj)}
    read = run.get("recipe") or {}
    for path, candidates in MOE_SETTINGS:
        value = _value(run, path)
        field = next((c for c in candidates if c in names), None)
        # a recipe's empty list is a setting (no CUDA graphs, no recomputed modules); a
        # registered one is not stated
        stated = value == [] and path.startswith("recipe.") and path.split(".")[1] in read
        if (field is None or (value in (None, [], "") and not stated)
                or any(d.startswith(path + " ") for d in done)):  # fmt: skip
            continue
        try:
            obj = replace(obj, **{field: tuple(value) if isinstance(value, list) else value})
        except (InputError, TypeError, ValueError):
            continue  # the field does not take the run's value: the setting stays not modelled
        done.add(f"{path} -> {kind}.{field}")
    return obj


def recipe_names(run: dict[str, Any], words: str) -> bool:
    """Whether the run's recipe entry (read after registration) names ``words`` among the
    settings it lists as not planned when it was read (:data:`FUSED_GROUPED_MLP`,
    :data:`FP8_ATTENTION`)."""
    return any(words in str(line) for line in (run.get("recipe") or {}).get("not_planned") or ())


def moe_run_input(
    run: dict[str, Any], catalog: Any = None
) -> tuple[PlanInput, Constraints, tuple[str, ...]]:
    """The plan input of a run, its stated layout dimensions (with ``ep``, ``etp``) and the MoE
    settings passed to the plan (:data:`MOE_SETTINGS`). Raises :class:`InputError` where the
    plan refuses a part of it (a device, a precision on that device, the layout)."""
    from core.roofline.hardware import load_catalog

    hw, lay = run["hardware"], run["layout"]
    device = (catalog or load_catalog()).get(hw["device"])
    cluster = Cluster(device, int(hw["gpus"]), int(hw["gpus_per_node"]),
                      inter_node_bandwidth=hw.get("inter_node_bandwidth_per_gpu"),
                      nvlink_domain=int(hw["nvlink_domain"]) if hw.get("nvlink_domain") else None)  # fmt: skip
    impl, grads, defaults = _code(run)
    if impl.probs_in_experts and run["model"]["preset"] in BIASED_EXPERTS:
        impl = replace(impl, expert_bias=True)  # Megatron's TEGroupedMLP bias loop
    fused_mlp = recipe_names(run, FUSED_GROUPED_MLP)
    if impl.probs_in_experts and run["model"]["preset"] in CLAMPED_EXPERTS and not fused_mlp:
        impl = replace(impl, clamped_glu=True)  # Megatron's clamp before the fused activation
    if fused_mlp:  # TE's fused grouped MLP: the activation and two quantizations in the GEMMs
        impl = replace(impl, fused_grouped_mlp=True)
    if recipe_names(run, FP8_ATTENTION):
        impl = replace(impl, fp8_attention=True)  # attention in the recipe's FP8 format
    if impl.probs_in_experts and run["model"]["preset"] in YARN_POSITIONS:
        impl = replace(impl, unfused_rope=True)  # Megatron-Bridge: no RoPE fusion for YaRN
    if run["precision"] != "bf16":
        # the layers' GEMMs in the recipe's low precision; the weights kept quantized
        # (Megatron-Bridge's fp8_param_gather, as the dense NVIDIA runs)
        impl = replace(impl, precision=run["precision"], quantized_params=True)
    applied: set[str] = set()
    inp = PlanInput(
        model=moe_spec(run),
        seq=int(run["batch"]["seq"]),
        global_batch=int(run["batch"]["global_batch"]),
        cluster=cluster,
        # bf16 weights, fp32 master and Adam state (Megatron's distributed optimizer, FSDP2's
        # mixed precision); gradients in fp32 where the source's code reduces them so
        recipe=_run_recipe(run, grads),
        optimizer=optimizer(_run_optimizer(run)),
        implementation=impl,
    )
    if _run_optimizer(run) != "adam":
        applied.add(f"optimizer.name -> input.optimizer ({_run_optimizer(run)})")
    inp = _with_settings(inp, "input", run, applied)
    impl = _with_settings(inp.implementation, "implementation", run, applied)
    inp = replace(inp, implementation=impl)
    # A dimension the source does not state takes its framework's documented default where it
    # has one (Megatron: no recomputation); only those without one are searched (as the dense runs).
    stated = {"vpp": lay["vpp"], "sp": lay["sp"], "recompute": lay["recompute"]}
    for name, value in defaults:
        if stated.get(name, 0) is None:
            stated[name] = value
    ep = lay["ep"]
    # Layout facts of the recipe files, read after registration (the run's "recipe"): they win,
    # as the recipe's dispatcher does (RECIPE_LAYOUT).
    read = run.get("recipe") or {}
    for key, name in RECIPE_LAYOUT:
        if read.get(key) is not None:
            if name == "ep":
                ep = int(read[key])
            else:
                stated[name] = read[key]
            applied.add(f"recipe.{key} -> layout.{name}")
    constraints = Constraints(
        tp=lay["tp"], pp=lay["pp"], vpp=stated["vpp"], cp=lay["cp"], sp=stated["sp"],
        zero=lay["zero"], micro_batch=lay["micro_batch"], recompute=stated["recompute"],
        ep=ep, etp=lay["etp"], max_micro_batch=8,
    )  # fmt: skip
    return inp, constraints, tuple(sorted(applied))


#: The words of a run's ``precision_recipe`` that say its Adam moments are kept in BF16
#: (Megatron-Core's precision-aware optimizer: ``--use-precision-aware-optimizer
#: --main-params-dtype fp32 --exp-avg-dtype bf16 --exp-avg-sq-dtype bf16``).
BF16_MOMENTS = "BF16 Adam moments"


def _run_optimizer(run: dict[str, Any]) -> str:
    """The run's optimizer: its ``optimizer.name`` (Kimi-K2's Megatron-Bridge recipes train with
    Muon, :mod:`core.plan.muon`), else Adam, as every other source's runs."""
    name = str((run.get("optimizer") or {}).get("name") or "adam").strip().lower()
    return "muon" if name in ("muon", "dist_muon") else "adam"


def _run_recipe(run: dict[str, Any], grads: str | None) -> Any:
    """The run's bytes per parameter: bf16 weights, fp32 master weights and Adam moments, the
    moments in bf16 where the run's recipe says so (:data:`BF16_MOMENTS`, or its ``recipe``
    entry's ``moments``: 2 + 2 bytes, the fp32 master kept), gradients in fp32 where the source's code reduces them so.

    NeMo AutoModel's MoE models hold their parameters in bf16 with no master copy: its custom
    model classes (``nemo_automodel/components/models/{qwen3_moe,deepseek_v3,gpt_oss}/model.py``)
    are built in the config's ``torch_dtype`` (bf16 for these checkpoints) and
    ``initialize_weights`` casts them to ``torch.bfloat16``; FSDP2's ``param_dtype`` is bf16 too,
    so the sharded parameter is the bf16 one, and ``torch.optim.Adam`` (the benchmark recipes'
    optimizer) keeps its two moments in the parameter's dtype: 2 + 2 bytes of state. The
    gradients are reduced in fp32 (the MoE parallelizer's default ``reduce_dtype``)."""
    if run["id"].startswith("automodel"):
        return recipe("custom", params="bf16", grads=grads or "bf16", master="none",
                      state="bf16", acts="bf16")  # fmt: skip
    state = "bf16" if BF16_MOMENTS in str(run.get("precision_recipe") or "") else "fp32"
    read = run.get("recipe") or {}
    if read.get("moments") == "bf16":  # read after registration
        state = "bf16"
    grads = read.get("grads") or grads  # the source's own statement, read after registration
    if grads in (None, "bf16") and state == "fp32":
        return recipe("amp")
    return recipe("custom", params="bf16", grads=grads or "bf16", master="fp32", state=state,
                  acts="bf16")  # fmt: skip


def _complete(c: Constraints) -> bool:
    return None not in (c.tp, c.pp, c.vpp, c.cp, c.sp, c.zero, c.micro_batch, c.recompute)


@dataclass(frozen=True)
class MoePrediction:
    """The plan's prediction of one run, or why it made none (``refused``)."""

    run_id: str
    gpus: int
    refused: str | None = None
    tokens_per_s: float | None = None  # over all GPUs
    step_time_s: float | None = None
    mfu: float | None = None
    layout: str = ""
    limits: str = ""
    fits: bool | None = None
    searched: bool = False
    applied: tuple[str, ...] = ()
    memory_verdict: str = ""  # fits, tight or does not fit (StageMemory.verdict); "" if refused
    #: a layer's CPU issue time over its GPU compute time (``plan --json``'s ``host.share``)
    host_share: float | None = None

    @property
    def regime(self) -> str:
        """``host`` for a host-bound plan, else ``gpu`` (:func:`core.plan.host.host_regime`)."""
        from core.plan.host import host_regime

        return host_regime(self.host_share)

    @property
    def tokens_per_s_per_gpu(self) -> float | None:
        """Predicted tokens/s per GPU (``None`` when refused)."""
        return None if self.tokens_per_s is None else self.tokens_per_s / self.gpus

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (the pre-registration's and ``--json``'s)."""
        return {
            "id": self.run_id,
            "refused": self.refused,
            "predicted_tokens_per_s": self.tokens_per_s,
            "predicted_tokens_per_s_per_gpu": self.tokens_per_s_per_gpu,
            "predicted_step_time_s": self.step_time_s,
            "mfu": self.mfu,
            "layout": self.layout,
            "limits": self.limits,
            "fits": self.fits,
            "searched": self.searched,
            "applied_settings": list(self.applied),
            "memory_verdict": self.memory_verdict,
            "host_share": self.host_share,
            "regime": self.regime,
        }


def predict_moe_run(run: dict[str, Any], catalog: Any = None) -> MoePrediction:
    """The plan of one run (its stated layout; unstated dimensions searched, the fastest that
    fits, else the fastest of all), or the plan's reason for refusing it."""
    from core.plan.model import plan
    from core.plan.search import search

    gpus = int(run["hardware"]["gpus"])
    why = plan_refusal(run)
    if why is not None:
        return MoePrediction(run["id"], gpus, refused=f"cannot plan: {why}")
    try:
        inp, c, applied = moe_run_input(run, catalog)
        if _complete(c):
            lay = Layout(tp=c.tp or 1, pp=c.pp or 1, vpp=c.vpp or 1, cp=c.cp or 1,
                         sp=bool(c.sp), zero=c.zero or 0, micro_batch=c.micro_batch or 1,
                         recompute=c.recompute or "none", ep=c.ep or 1, etp=c.etp or 1)  # fmt: skip
            res = plan(inp, lay)
        else:
            found = search(inp, c, top=1) or search(inp, replace(c, include_unfit=True), top=1)
            if not found:
                return MoePrediction(run["id"], gpus, refused="cannot plan: no layout with the "
                                     "stated dimensions runs")  # fmt: skip
            res = found[0]
    except InputError as exc:
        return MoePrediction(run["id"], gpus, refused=f"cannot plan: {exc.message}")
    return MoePrediction(
        run["id"], gpus, tokens_per_s=res.tokens_per_s, step_time_s=res.step_time_s,
        mfu=res.mfu, layout=str(res.layout.label()), limits=str(res.limits), fits=bool(res.fits),
        searched=not _complete(c), applied=applied, memory_verdict=res.memory_verdict,
        host_share=res.detail.get("host_share"),
    )  # fmt: skip


def megatron_flops_per_token(
    spec: TransformerSpec,
    seq: int,
    mtp: int = 0,
    tp: int = 1,
    silu: bool = True,
    causal: bool = True,
) -> float:
    """Model FLOPs per token of one training step as Megatron-Core and Megatron-Bridge count them
    (``num_floating_point_operations`` / ``flop_utils.py``, forward and backward, no recompute).

    ``12·h·(F_dense·g·L_dense + (F_moe·k + F_shared)·g·L_moe)`` for the MLPs (``g`` 3/2 for a
    SiLU-gated MLP, else 1), ``12·N·h²·(1 + G/a + s/2h)·(a·d_h/h)`` for grouped-query attention
    or MLA's projections and its causal core ``s/2`` (``6·N·(...)``, see the code), ``6·m·(3h +
    2h²)`` for the MTP blocks' norms and projection, ``6·h·V_pad·(m + 1)`` for the logits, where
    ``N = L + m`` counts the ``m`` MTP layers as blocks of the last layer's kind and ``V_pad`` is
    the vocabulary padded to a multiple of 128·TP. ``causal=False`` is the 2024 count (Megatron-LM
    ``training.py`` of the v0.9 era: ``s/h`` for the attention core, the whole score matrix).
    """
    h, s, n_layers = spec.d_model, seq, spec.layers
    half = 0.5 if causal else 1.0
    moe = spec.moe_layers if spec.is_moe else 0
    dense = n_layers - moe
    if mtp:
        if spec.is_moe and spec.is_moe_layer(n_layers - 1):
            moe += mtp
        else:
            dense += mtp
    n = n_layers + mtp
    g = 1.5 if spec.gated and silu else 1.0
    shared = spec.shared_experts * (spec.shared_ffn or spec.moe_ffn)
    mlp = 12.0 * h * (spec.ffn * g * dense + (spec.moe_ffn * spec.top_k + shared) * g * moe)
    a = spec.heads
    if spec.is_mla:
        qk, rope, v = spec.qk_nope_head_dim, spec.qk_rope_head_dim, spec.v_head_dim
        if spec.q_lora_rank:
            q_term = spec.q_lora_rank * (h + a * (qk + rope) + 1)
        else:
            q_term = h * a * (qk + rope)
        attn = (
            6.0
            * n
            * (
                q_term
                + spec.kv_lora_rank * (h + a * (qk + v) + 1)
                + h * rope
                + a * v * h
                + s * a * (qk + rope) / 2
                + s * a * v / 2
            )
        )
    else:
        ratio = spec.head_dim * a / h
        attn = 12.0 * n * h * h * (1 + spec.kv_heads / a + s / h * half) * ratio
    mtp_blocks = 6.0 * mtp * (3 * h + 2 * h * h)
    step = VOCAB_DIVISOR * tp
    v_pad = -(-spec.vocab // step) * step
    logits = 6.0 * h * v_pad * (mtp + 1)
    return mlp + attn + mtp_blocks + logits


#: The FLOP counts of the sources' TFLOP/s: convention -> (causal halving of the attention core,
#: name). ``megatron-bridge``: ``flop_utils.py`` at the 26.02 commit (c0b9a000), s/2;
#: ``megatron-lm-2026``: Megatron-LM main of 2026 (the GB200 guide's figure, ``acb7273c``), taken
#: to count as Megatron-Bridge does (its ``flop_utils.py`` is that count; assumed, not read at
#: that commit); ``megatron-lm-2024``: Megatron-LM ``training.py`` of the v0.9 era (the MoE
#: README at ``c230e0d7``), whose attention term is the whole ``s/h``.
FLOP_CONVENTIONS: dict[str, tuple[bool, str]] = {
    "megatron-bridge": (True, "Megatron-Bridge num_floating_point_operations (causal s/2)"),
    "megatron-lm-2026": (True, "Megatron-LM num_floating_point_operations (causal s/2)"),
    "megatron-lm-2024": (False, "Megatron-LM 2024 num_floating_point_operations (whole s)"),
}


def source_flops_per_token(run: dict[str, Any]) -> tuple[float, str] | None:
    """FLOPs per token in the run's source's convention and its name; ``None`` where the source
    publishes no TFLOP/s or its count was not read (:data:`FLOP_CONVENTIONS`)."""
    convention = FLOP_CONVENTIONS.get(run["flop_convention"])
    if convention is None:
        return None
    causal, name = convention
    spec = moe_spec(run)
    value = megatron_flops_per_token(spec, spec.seq, int(run["moe"]["mtp_depth"] or 0),
                                     int(run["layout"]["tp"]), silu=spec.name not in NOT_SILU,
                                     causal=causal)  # fmt: skip
    return value, name


def predicted_tflops_per_gpu(run: dict[str, Any], prediction: MoePrediction) -> float | None:
    """Predicted model TFLOP/s per GPU in the source's convention: predicted tokens/s per GPU ×
    the source's FLOPs per token (``None``: refused, or no convention)."""
    per = source_flops_per_token(run)
    tokens = prediction.tokens_per_s_per_gpu
    if per is None or tokens is None:
        return None
    return tokens * per[0] / 1e12


def published_per_gpu(run: dict[str, Any]) -> tuple[float | None, float | None, str]:
    """The published tokens/s per GPU and model TFLOP/s per GPU (``None`` where absent) and how the
    tokens/s were obtained: as published, from GPU-hours for the run's tokens, or from TFLOP/s
    per GPU over the source's FLOPs per token."""
    rep = run.get("reported")
    if not rep:
        return None, None, "no published figure in the repository yet"
    tflops = rep.get("model_tflops_per_gpu")
    if rep.get("tokens_per_s_per_gpu"):
        return float(rep["tokens_per_s_per_gpu"]), tflops, "tokens/s per GPU as published"
    tokens = run["batch"].get("tokens")
    if rep.get("gpu_hours") and tokens:
        value = float(tokens) / (float(rep["gpu_hours"]) * 3600.0)
        return value, tflops, f"{tokens:.3g} tokens / ({rep['gpu_hours']:,.0f} GPU-hours × 3600 s)"
    per = source_flops_per_token(run)
    if tflops and per:
        return tflops * 1e12 / per[0], tflops, f"{tflops:g} TFLOP/s per GPU / {per[1]} per token"
    return None, tflops, "the published figure has no tokens/s conversion"


@dataclass(frozen=True)
class MoeCheck:
    """One MoE run: the plan's prediction beside the published figure, where both exist."""

    run_id: str
    group: str
    source: str  # the source's short name: megatron-bridge, automodel, deepseek-v3-report, ...
    section: str
    device: str
    generation: str
    gpus: int
    precision: str
    framework: str
    prediction: MoePrediction
    predicted_tflops: float | None
    published: float | None  # tokens/s per GPU
    published_tflops: float | None
    how: str

    @property
    def regime(self) -> str:
        """The plan's regime, ``host`` or ``gpu`` (:attr:`MoePrediction.regime`, the same word as
        the run's JSON ``regime``): the pools of its likely interval."""
        return self.prediction.regime

    @property
    def error(self) -> float | None:
        """``predicted / published - 1`` in tokens/s per GPU (``None`` without both)."""
        pred = self.prediction.tokens_per_s_per_gpu
        return None if pred is None or not self.published else pred / self.published - 1

    @property
    def tflops_error(self) -> float | None:
        """``predicted / published - 1`` in model TFLOP/s per GPU (``None`` without both)."""
        if self.predicted_tflops is None or not self.published_tflops:
            return None
        return self.predicted_tflops / self.published_tflops - 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (``plan --published --group moe --json``)."""
        return {
            **self.prediction.to_dict(),
            "group": self.group,
            "source": self.source,
            "section": self.section,
            "device": self.device,
            "generation": self.generation,
            "gpus": self.gpus,
            "precision": self.precision,
            "framework": self.framework,
            "predicted_model_tflops_per_gpu": self.predicted_tflops,
            "published_tokens_per_s_per_gpu": self.published,
            "published_model_tflops_per_gpu": self.published_tflops,
            "published_as": self.how,
            "error": self.error,
            "tflops_error": self.tflops_error,
        }


def check_moe_runs(
    group: str | None = None,
    *,
    device: str | None = None,
    run_ids: Collection[str] | None = None,
    runs: Sequence[dict[str, Any]] | None = None,
    catalog: Any = None,
    progress: Callable[[float, str], None] | None = None,
) -> list[MoeCheck]:
    """Plan the MoE runs (of ``group``, on ``device``, of ``run_ids``, when given) and set each
    beside its published figure; a run the plan refuses keeps its reason and no prediction."""
    chosen = [
        r for r in (runs if runs is not None else load_moe_runs())
        if (group is None or r["group"] == group) and (device is None or r["hardware"]["device"] == device)
        and (run_ids is None or r["id"] in run_ids)
    ]  # fmt: skip
    checks = []
    for i, run in enumerate(chosen):
        if progress is not None:
            progress(i / max(1, len(chosen)), f"planning {run['id']}")
        pred = predict_moe_run(run, catalog)
        published, tflops, how = published_per_gpu(run)
        checks.append(
            MoeCheck(
                run_id=run["id"],
                group=run["group"],
                source=run["source"]["code"],
                section=run["source"]["section"],
                device=run["hardware"]["device"],
                generation=generation(run["hardware"]["device"]),
                gpus=int(run["hardware"]["gpus"]),
                # the recipe planned: the registered one, or the recipe entry's once the plan
                # has the source's own (MOE_SETTINGS' recipe.precision)
                precision=(run.get("recipe") or {}).get("precision") or run["precision"],
                framework=run["framework"],
                prediction=pred,
                predicted_tflops=predicted_tflops_per_gpu(run, pred),
                published=published,
                published_tflops=tflops,
                how=how,
            )
        )
    if progress is not None:
        progress(1.0, f"{len(checks)} MoE runs planned")
    return checks


def moe_summary(errors: Sequence[float]) -> ErrorSummary | None:
    """:class:`~core.plan.validation.ErrorSummary` of errors (``None`` for none)."""
    if not errors:
        return None
    magnitudes = [abs(e) for e in errors]
    return ErrorSummary(
        runs=len(errors), mape=statistics.mean(magnitudes), median=statistics.median(magnitudes),
        signed=statistics.mean(errors), within_20=sum(m <= 0.20 for m in magnitudes),
        worst=max(errors, key=abs),
    )  # fmt: skip


#: The breakdowns of the MoE group: JSON key, heading, the check's attribute.
MOE_BREAKDOWNS: tuple[tuple[str, str, str], ...] = (
    ("by_source", "per source", "source"),
    ("by_generation", "per hardware generation", "generation"),
    ("by_precision", "per precision", "precision"),
    ("by_group", "per group (primary: least duplication; repeat: newer containers)", "group"),
    (
        "by_regime",
        "per regime (host: host-bound, the CPU time counted for a layer at least half its GPU "
        "time; gpu: the rest)",
        "regime",
    ),
)


def moe_breakdowns(
    checks: Sequence[MoeCheck], metric: str = "tokens"
) -> dict[str, dict[str, ErrorSummary]]:
    """Per :data:`MOE_BREAKDOWNS` key, the summary of each value's runs that have both a prediction
    and a published figure (``metric``: ``tokens`` per GPU or ``tflops`` per GPU)."""
    out: dict[str, dict[str, ErrorSummary]] = {}
    for key, _heading, attr in MOE_BREAKDOWNS:
        groups: dict[str, list[float]] = {}
        for c in checks:
            e = c.error if metric == "tokens" else c.tflops_error
            if e is not None:
                groups.setdefault(str(getattr(c, attr)) or "unknown", []).append(e)
        out[key] = {name: s for name, errs in groups.items() if (s := moe_summary(errs))}
    return out

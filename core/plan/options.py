"""A plan's inputs from people's text: the CLI's flags, the Plan tab's fields, sessions.

The model is a preset, a ``config.json`` (:func:`core.step.hf.load_config`, offline) or
dimensions: ``layers=L,hidden=H,heads=A[,kv_heads=K,ffn=F,vocab=V,act=gelu|swiglu,
norm=layer|rms,tied=0|1,bias=0|1,pos=P]`` (``pos``: learned position embeddings of ``P``
positions, GPT-style; 0 for rotary). Numbers accept ``1,024``, ``70B``, ``15T`` and exponents
(:mod:`core.validate`). Every error names the field and what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.echo import brief
from core.errors import InputError
from core.memory.models import LIMITS, MOE_KEYS, TransformerSpec, moe_options, parse_model
from core.memory.recipes import optimizer, parse_recipe
from core.plan.inputs import (
    CP_COMM,
    RECOMPUTE,
    Cluster,
    Constraints,
    Implementation,
    Layout,
    PlanInput,
)
from core.texts import translate
from core.validate import positive_float, positive_int, split_list

__all__ = [
    "DIMS_KEYS",
    "LayoutOptions",
    "constraints_from",
    "global_batch_sequences",
    "implementation_from",
    "layout_from",
    "parse_dims",
    "planned_input",
]

#: The keys ``--dims`` accepts (with the mixture-of-experts and latent-attention keys of
#: :data:`core.memory.models.MOE_KEYS`: ``experts=E,top_k=K,moe_ffn=F,shared_experts=S,...``).
DIMS_KEYS: tuple[str, ...] = (
    "layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "act", "norm", "tied", "bias", "pos",
    *MOE_KEYS,
)  # fmt: skip
_BOOL = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}


def _flag(value: str, key: str) -> bool:
    found = _BOOL.get(value.strip().lower())
    if found is None:
        raise InputError(
            translate("Plan", "dims: {key}={value}; allowed: 0 or 1").format(
                key=key, value=repr(value)
            ),
            field="dims",
        )
    return found


def parse_dims(text: str) -> TransformerSpec:
    """A :class:`TransformerSpec` from ``layers=L,hidden=H,heads=A[,…]`` (see the module docstring)."""
    values: dict[str, str] = {}
    for part in split_list(str(text), "dims", example="layers=80,hidden=8192,heads=64"):
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or key not in DIMS_KEYS:
            raise InputError(
                translate(
                    "Plan", "dims: {part} is not a dimension; allowed: {keys} as key=value"
                ).format(part=repr(part), keys=", ".join(DIMS_KEYS)),
                field="dims",
            )
        if key in values:
            raise InputError(
                translate("Plan", "dims: {key} is given twice").format(key=key), field="dims"
            )
        values[key] = value.strip()
    for key in ("layers", "hidden", "heads"):
        if key not in values:
            raise InputError(
                translate("Plan", "dims: {key}=… is missing; required: layers, hidden and heads").format(key=key),
                field="dims",
            )  # fmt: skip
    act = values.get("act", "swiglu").lower()
    if act not in ("gelu", "swiglu"):
        raise InputError(
            translate("Plan", "dims: act={value}; allowed: gelu or swiglu").format(value=repr(act)),
            field="dims",
        )
    norm = values.get("norm", "rms").lower()
    norms = {"layer": "layernorm", "layernorm": "layernorm", "rms": "rmsnorm", "rmsnorm": "rmsnorm"}
    if norm not in norms:
        raise InputError(
            translate("Plan", "dims: norm={value}; allowed: layer or rms").format(value=repr(norm)),
            field="dims",
        )
    hidden = positive_int(values["hidden"], "dims hidden", high=LIMITS["d"])
    heads = positive_int(values["heads"], "dims heads", high=LIMITS["heads"])
    gated = act == "swiglu"
    default_ffn = (8 * hidden // 3 + 255) // 256 * 256 if gated else 4 * hidden
    pos = positive_int(values.get("pos", "0"), "dims pos", low=0, high=LIMITS["max_pos"])
    return TransformerSpec(
        name="custom",
        vocab=positive_int(values.get("vocab", "32000"), "dims vocab", high=LIMITS["vocab"]),
        d_model=hidden,
        layers=positive_int(values["layers"], "dims layers", high=LIMITS["layers"]),
        heads=heads,
        kv_heads=positive_int(
            values.get("kv_heads", str(heads)), "dims kv_heads", high=LIMITS["heads"]
        ),
        ffn=positive_int(values.get("ffn", str(default_ffn)), "dims ffn", high=LIMITS["ffn"]),
        gated=gated,
        tied=_flag(values.get("tied", "0"), "tied"),
        norm=norms[norm],
        bias=_flag(values.get("bias", "0"), "bias"),
        max_pos=pos,
        **moe_options(values, "dims"),
    )


def _model(
    model: str | None, config: str | None, dims: str | None, allow_download: bool = False
) -> tuple[TransformerSpec, list[str]]:
    given = [
        name for name, value in (("model", model), ("config", config), ("dims", dims)) if value
    ]
    if len(given) > 1:
        raise InputError(
            translate("Plan", "model: give one of --model, --config or --dims, not {given}").format(
                given=" and ".join(f"--{g}" for g in given)
            ),
            field="model",
        )
    return _model_spec(model, config, dims, allow_download)


def _model_spec(
    model: str | None, config: str | None, dims: str | None, allow_download: bool
) -> tuple[TransformerSpec, list[str]]:
    if dims:
        return parse_dims(dims), []
    if config:
        from core.step.hf import load_config

        found, notes = load_config(config)
        return found, list(notes)
    from core.step.hf import load_config, resolve_model_source

    # A hub id (org/name[@revision]): its config.json from huggingface_hub's local cache, fetched
    # only when allowed; the same resolver as step and memory.
    if model and (hub := resolve_model_source(model, allow_download=allow_download)):
        found, notes = load_config(hub[0], hub[1])
        return found, list(notes)
    spec = parse_model(model or "llama2-7b")
    if not isinstance(spec, TransformerSpec):
        raise InputError(
            translate("Plan", "model: the plan needs a transformer; allowed: a preset, transformer:…, --config or --dims"),
            field="model",
        )  # fmt: skip
    return spec, []


def global_batch_sequences(value: Any, unit: str, seq: int) -> int:
    """The global batch in sequences, from ``value`` counted in ``unit`` (``sequences`` or
    ``tokens``; tokens must be a whole number of sequences of ``seq`` tokens)."""
    unit = str(unit).strip().lower()
    if unit not in ("sequences", "tokens"):
        raise InputError(
            translate("Plan", "batch-unit: {unit} is not a unit; allowed: sequences or tokens").format(
                unit=brief(unit)
            ),
            field="global_batch",
        )  # fmt: skip
    if unit == "sequences":
        return positive_int(value, "global-batch", high=1_000_000_000)
    tokens = positive_int(value, "global-batch", high=10**13)
    if tokens % seq:
        near = max(1, round(tokens / seq))
        raise InputError(
            translate("Plan", "global-batch: {tokens} tokens is not a whole number of sequences of {seq} tokens; allowed: a multiple of the sequence length (the nearest: {near} tokens, {count} sequences)").format(
                tokens=f"{tokens:,}", seq=f"{seq:,}", near=f"{near * seq:,}", count=f"{near:,}"
            ),
            field="global_batch",
        )  # fmt: skip
    return tokens // seq


def _bandwidth(value: Any, field: str) -> float | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return positive_float(value, field, low=1e6, high=1e16, unit="bytes/s")


def planned_input(
    *,
    model: str | None = None,
    config: str | None = None,
    dims: str | None = None,
    seq: Any = 4096,
    global_batch: Any = 1024,
    device: str = "h100-sxm",
    gpus: Any = 8,
    gpus_per_node: Any = 8,
    intra_bw: Any = None,
    network_bw: Any = None,
    nvlink_domain: Any = None,
    recipe: str = "bf16",
    optimizer_id: str = "adamw",
    tokens: Any = None,
    implementation: Implementation | None = None,
    catalog: Any = None,
    allow_download: bool = False,
    batch_unit: str = "sequences",
    capacity_factor: Any = None,
    mtp: Any = None,
) -> tuple[PlanInput, list[str]]:
    """A validated :class:`PlanInput` and notes on the model source, from text or numbers.

    ``model`` is a preset, ``transformer:…`` or a Hugging Face Hub id ``org/name[@revision]``
    (read from the local hub cache; fetched, the config alone, only with ``allow_download``).
    ``global_batch`` counts sequences, or tokens with ``batch_unit="tokens"`` (then a whole
    number of sequences of ``seq`` tokens: 4M = 4,194,304 tokens is 1,024 sequences of 4,096).
    ``capacity_factor``: a mixture of experts' token dropping (``None``: dropless); ``mtp``:
    the multi-token-prediction depth (DeepSeek-V3's MTP modules; ``None``: 0).
    """
    from core.roofline.hardware import load_catalog

    spec, notes = _model(model, config, dims, allow_download)
    seq_value = positive_int(seq, "seq", high=10_000_000)
    batch = global_batch_sequences(global_batch, batch_unit, seq_value)  # the run, then the cluster
    dev = (catalog or load_catalog()).get(str(device).strip())
    cluster = Cluster(
        dev,
        positive_int(gpus, "gpus", high=10_000_000),
        positive_int(gpus_per_node, "gpus-per-node", high=1024),
        _bandwidth(intra_bw, "intra-bw"),
        _bandwidth(network_bw, "network-bw"),
        None
        if nvlink_domain is None or not str(nvlink_domain).strip()
        else positive_int(nvlink_domain, "nvlink-domain", high=10_000_000),
    )
    tokens_value = None
    if tokens is not None and str(tokens).strip():
        tokens_value = positive_float(tokens, "tokens", low=1.0, high=1e20)
    capacity = None
    if capacity_factor is not None and str(capacity_factor).strip():
        capacity = positive_float(capacity_factor, "capacity-factor", low=0.01, high=1000.0)
        if not spec.is_moe:
            raise InputError(
                translate("Plan", "capacity-factor: {value} needs a mixture-of-experts model; {model} is dense; allowed: leave it out").format(value=str(capacity_factor), model=spec.name),
                field="capacity_factor",
            )  # fmt: skip
    inp = PlanInput(
        model=spec,
        seq=seq_value,
        global_batch=batch,
        cluster=cluster,
        recipe=parse_recipe(str(recipe)),
        optimizer=optimizer(str(optimizer_id)),
        tokens=tokens_value,
        implementation=implementation or implementation_from(),  # the default framework's
        capacity_factor=capacity,
        mtp=0 if mtp is None or not str(mtp).strip() else positive_int(mtp, "mtp", low=0, high=16),
    )
    if inp.model.max_pos and inp.seq > inp.model.max_pos:
        raise InputError(
            translate("Plan", "seq: {seq} is beyond the model's {positions} learned positions; allowed: up to {positions}").format(
                seq=f"{inp.seq:,}", positions=f"{inp.model.max_pos:,}"
            ),
            field="seq",
        )  # fmt: skip
    return inp, notes


@dataclass(frozen=True)
class LayoutOptions:
    """Layout fields as given (``None``: not given)."""

    tp: Any = None
    pp: Any = None
    vpp: Any = None
    cp: Any = None
    sp: bool | None = None
    zero: Any = None
    micro_batch: Any = None
    recompute: Any = None
    ep: Any = None
    etp: Any = None


def _int(value: Any, field: str, low: int = 1, high: int = 10_000_000) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return positive_int(value, field, low=low, high=high)


def _recompute(value: Any) -> str | None:
    if value is None or not str(value).strip():
        return None
    text = str(value).strip().lower()
    if text not in RECOMPUTE:
        raise InputError(
            translate("Plan", "recompute: {value}; allowed: {allowed}").format(
                value=repr(value), allowed=", ".join(RECOMPUTE)
            ),
            field="recompute",
        )
    return text


def _zero(value: Any) -> int | None:
    return _int(value, "zero", low=0, high=3)


def layout_from(opts: LayoutOptions) -> Layout:
    """The layout to plan: the given fields, the rest at their defaults (TP, PP, v, CP 1; ZeRO 0;
    micro-batch 1; no recomputation; no SP)."""
    return Layout(
        tp=_int(opts.tp, "tp") or 1,
        pp=_int(opts.pp, "pp") or 1,
        vpp=_int(opts.vpp, "vpp") or 1,
        cp=_int(opts.cp, "cp") or 1,
        sp=bool(opts.sp),
        zero=_zero(opts.zero) or 0,
        micro_batch=_int(opts.micro_batch, "micro-batch") or 1,
        recompute=_recompute(opts.recompute) or "none",
        ep=_int(opts.ep, "ep") or 1,
        etp=_int(opts.etp, "etp") or 1,
    )


def constraints_from(
    opts: LayoutOptions, *, include_unfit: bool = False, max_micro_batch: Any = 16
) -> Constraints:
    """What a search keeps fixed: every field given."""
    return Constraints(
        tp=_int(opts.tp, "tp"),
        pp=_int(opts.pp, "pp"),
        vpp=_int(opts.vpp, "vpp"),
        cp=_int(opts.cp, "cp"),
        sp=opts.sp,
        zero=_zero(opts.zero),
        micro_batch=_int(opts.micro_batch, "micro-batch"),
        recompute=_recompute(opts.recompute),
        include_unfit=include_unfit,
        ep=_int(opts.ep, "ep"),
        etp=_int(opts.etp, "etp"),
        max_micro_batch=positive_int(max_micro_batch, "max-micro-batch", high=4096),
    )


def implementation_from(
    *,
    flash: bool = True,
    fused: bool | None = None,
    dropout: bool = False,
    dp_overlap: bool | None = None,
    tp_overlap: bool | None = None,
    cp_comm: str = "ring",
    uneven_stages: bool = False,
    fp8: bool = False,
    attention_kernel: str | None = None,
    fused_loss: bool | None = None,
    fused_swiglu: bool | None = None,
    cross_entropy: str | None = None,
    framework: str | None = None,
    precision: str | None = None,
    schedule: str | None = None,
    dispatcher: str | None = None,
    route_nodes: Any = None,
    recompute_modules: Any = None,
    cuda_graphs: Any = None,
    ep_overlap: bool = False,
    pipeline_layout: str | None = None,
    bf16_end_layers: Any = None,
    quantized_params: bool = False,
    low_act_input: bool = False,
    offload_modules: Any = None,
    fp8_attention: bool = False,
    fused_grouped_mlp: bool = False,
) -> Implementation:
    """An :class:`Implementation` from the CLI's switches.

    ``framework`` (:data:`core.plan.frameworks.FRAMEWORKS`, default Megatron) presets the
    fields its code runs by default; a field given here (not ``None``) overrides its preset.
    Megatron's preset is :class:`Implementation`'s defaults but for its experts, which apply the
    router's weights themselves (``probs_in_experts``). ``fp8``: TE's default FP8 recipe,
    ``fp8-delayed``; ``precision`` a recipe of :data:`core.plan.precision.PRECISIONS`, which
    ``fp8`` must agree with. ``recompute_modules`` and ``cuda_graphs``: Megatron-Core's module
    names and CUDA-graph scopes, comma-separated text or a sequence (``None``: none).
    ``ep_overlap``: the expert all-to-all overlap (:mod:`core.plan.ep_overlap`).
    ``pipeline_layout``: a custom pipeline layout in Megatron-Core's notation
    (:mod:`core.plan.pipeline_layout`; blank or ``None``: the plan's split).
    ``bf16_end_layers``: transformer layers at each end kept in BF16 under a low-precision recipe
    (Megatron-Core's ``--first-last-layers-bf16``; blank or ``None``: the recipe's own).
    ``quantized_params`` (Megatron's ``--fp8-param-gather``; on by default where the
    framework's recipe presets set it, ``Framework.quantized_param_recipes``) and ``low_act_input``
    (``--activation-func-fp8-input-store``) need a low-precision recipe; ``low_act_input`` also
    ``moe_act`` among ``recompute_modules``. ``offload_modules``: Megatron-Core's fine-grained
    activation offloading, module names comma-separated or a sequence (``None``: none).
    ``fp8_attention`` (Megatron-Bridge's ``fp8_dot_product_attention``) needs an FP8 recipe;
    ``fused_grouped_mlp`` (Transformer Engine's fused grouped MLP, Megatron-Bridge's
    ``cutedsl_fused_grouped_mlp``) a block-scaled one (``mxfp8``, ``nvfp4``).
    """
    from core.plan.frameworks import framework as find_framework

    found = None
    if precision is not None and str(precision).strip():
        from core.plan.precision import precision_recipe

        found = precision_recipe(precision)
        if fp8 and found.gemm_dtype != "fp8":
            raise InputError(
                translate("Plan", "precision: --fp8 and --precision {recipe} disagree; allowed: one of them, or an fp8 recipe").format(recipe=found.id),
                field="precision",
            )  # fmt: skip
        if found.gemm_dtype is None:
            found = None  # no low-precision GEMMs: the same input as leaving the recipe out
    if cp_comm not in CP_COMM:
        raise InputError(
            translate("Plan", "cp-comm: {value}; allowed: {allowed}").format(
                value=repr(cp_comm), allowed=", ".join(CP_COMM)
            ),
            field="cp_comm",
        )
    low = found is not None or bool(fp8)
    if (quantized_params or low_act_input) and not low:
        flag = "fp8-param-gather" if quantized_params else "activation-func-fp8-input-store"
        raise InputError(
            translate("Plan", "{flag}: keeps tensors in the low precision the GEMMs run in, and this plan has none; allowed: with --precision fp8-delayed, fp8-current, mxfp8, fp8-blockwise or nvfp4 (or --fp8)").format(flag=flag),
            field="precision",
        )  # fmt: skip
    from core.plan.precision import DEFAULT_FP8, PRECISIONS, recipe_details

    details = recipe_details(
        found if found is not None else PRECISIONS[DEFAULT_FP8] if fp8 else None
    )
    if fp8_attention and "fp8_attention" not in details:
        raise InputError(
            translate("Plan", "fp8-attention: runs attention in the recipe's FP8 format, and this plan has none; allowed: with --precision fp8-delayed, fp8-current, mxfp8 or fp8-blockwise (or --fp8)"),
            field="precision",
        )  # fmt: skip
    if fused_grouped_mlp and "fused_grouped_mlp" not in details:
        raise InputError(
            translate("Plan", "fused-grouped-mlp: Transformer Engine's fused grouped MLP takes block-scaled inputs only; allowed: with --precision mxfp8 or nvfp4"),
            field="precision",
        )  # fmt: skip
    modules = _names(recompute_modules, "recompute_modules", "core_attn,moe_act")
    if low_act_input and "moe_act" not in modules:
        raise InputError(
            translate("Plan", "activation-func-fp8-input-store: the experts' activation input is what moe_act recomputation keeps; allowed: with --recompute-modules naming moe_act"),
            field="recompute_modules",
        )  # fmt: skip
    fw = find_framework(framework)
    given = {"fused": fused, "dp_overlap": dp_overlap, "tp_overlap": tp_overlap,
             "fused_loss": fused_loss, "fused_swiglu": fused_swiglu,
             "cross_entropy": cross_entropy.strip().lower() if cross_entropy else None}  # fmt: skip
    fields = {**fw.preset_dict(), **{k: v for k, v in given.items() if v is not None}}
    # the framework's default for the recipe (Megatron-Bridge's fp8_param_gather presets),
    # unless the switch asks for it
    recipe_id = found.id if found is not None else ("fp8-delayed" if fp8 else None)
    quantized_params = bool(quantized_params) or recipe_id in fw.quantized_param_recipes
    return Implementation(
        flash=flash, dropout=dropout, cp_comm=cp_comm, uneven_stages=uneven_stages,
        gemm_dtype=None if found is not None else "fp8" if fp8 else None,
        precision=found.id if found is not None else None,
        attention_kernel=(attention_kernel.strip().lower() or None) if attention_kernel else None,
        framework=fw.id, schedule=(schedule or "1f1b").strip().lower(),
        dispatcher=(dispatcher or "alltoall").strip().lower(),
        route_nodes=0 if route_nodes is None or not str(route_nodes).strip()
        else positive_int(route_nodes, "route-nodes", low=0, high=100_000),
        recompute_modules=modules, quantized_params=bool(quantized_params),
        offload_modules=_names(offload_modules, "offload_modules", "expert_fc1,moe_act"),
        low_act_input=bool(low_act_input),
        fp8_attention=bool(fp8_attention),
        fused_grouped_mlp=bool(fused_grouped_mlp),
        cuda_graphs=_names(cuda_graphs, "cuda_graphs", "attn,moe_router,moe_preprocess"),
        ep_overlap=bool(ep_overlap),
        pipeline_layout=(str(pipeline_layout).strip() or None) if pipeline_layout else None,
        bf16_end_layers=None if bf16_end_layers is None or not str(bf16_end_layers).strip()
        else positive_int(bf16_end_layers, "bf16-end-layers", low=0, high=100_000),
        **fields,
    )  # fmt: skip


def _names(value: Any, field: str, example: str) -> tuple[str, ...]:
    """Names given as comma-separated text or a sequence, lower-cased (``None``: none); the
    :class:`Implementation` checks each against the names it allows."""
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(n.lower() for n in split_list(value, field, example=example))
    return tuple(str(n).strip().lower() for n in value)

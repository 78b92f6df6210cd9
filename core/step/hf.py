"""A Hugging Face ``config.json`` read offline into a :class:`~core.memory.models.TransformerSpec`.

Families: ``llama``, ``mistral``, ``qwen2`` (SwiGLU, RMSNorm, rotary, grouped-query attention) and
``gpt2`` (GELU, LayerNorm, learned positions, biases, tied embeddings). The spec is built exactly
as ``transformers`` builds the same config (``LlamaConfig``'s ``attention_bias`` on q, k, v and o,
``mlp_bias`` on the MLP; Qwen2's biases on q, k and v only; Mistral without biases), so the counts
equal ``transformers``' on the meta device.

Mixtures of experts (:data:`MOE_FAMILIES`), read as transformers 5 builds them:

* ``mixtral``: every layer an MoE of ``num_local_experts`` SwiGLU experts of width
  ``intermediate_size``, ``num_experts_per_tok`` per token, a bias-free router;
* ``qwen2_moe``: experts of ``moe_intermediate_size``, one shared expert of
  ``shared_expert_intermediate_size`` behind a sigmoid ``shared_expert_gate`` (``d×1``), q/k/v
  biases (``qkv_bias``, default true); layer ``i`` is MoE when ``(i+1) % decoder_sparse_step == 0``
  and ``i`` is not in ``mlp_only_layers`` (only a leading run of dense layers is modelled);
* ``qwen3_moe``: as ``qwen2_moe`` without shared experts, with a per-head RMSNorm on q and k and
  its own ``head_dim``;
* ``deepseek_v3``: multi-head latent attention (``q_lora_rank``, ``kv_lora_rank``,
  ``qk_nope_head_dim``, ``qk_rope_head_dim``, ``v_head_dim``), ``first_k_dense_replace`` dense
  first layers, ``n_shared_experts`` shared experts as one MLP of ``n_shared_experts ×
  moe_intermediate_size``. Its ``e_score_correction_bias`` is a buffer (no gradient, not counted);
  ``n_group``/``topk_group``, ``routed_scaling_factor``, ``scoring_func`` only change which experts
  are picked and how they are weighed. The multi-token-prediction layers
  (``num_nextn_predict_layers``) are not built by transformers and not counted: a note says so.

Every key of the file is read: a key the family models (sizes, biases, tying, positions, the
activation), a key that changes nothing counted (ids, numerics such as ``rms_norm_eps`` and
``rope_theta``, bookkeeping), or, for dropout probabilities, a note that the step is traced
without dropout. Any other key, and a modelled key with a value the reader does not build (a
``hidden_act`` other than SiLU, a sliding window that is switched on for Qwen2, cross-attention),
is **refused by name**, never ignored. A key set to ``null`` says nothing and is skipped.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any

from core.echo import brief, cut_line
from core.errors import InputError
from core.memory.models import TransformerSpec
from core.texts import Text, translate

__all__ = [
    "FAMILIES",
    "HUB_CONNECT_TIMEOUT",
    "MAX_CONFIG_BYTES",
    "MOE_FAMILIES",
    "REMOTE_CODE_KEY",
    "check_config",
    "config_name",
    "hub_id",
    "hub_missing",
    "hub_offline_reason",
    "load_config",
    "read_config",
    "resolve_model_source",
    "spec_from_config",
]

FAMILIES: tuple[str, ...] = (
    "llama", "mistral", "qwen2", "gpt2", "mixtral", "qwen2_moe", "qwen3_moe", "deepseek_v3",
)  # fmt: skip
#: The mixture-of-experts families of :data:`FAMILIES`: read into a spec (counts, memory, plans);
#: a step trace builds them with transformers (:func:`core.step.hf_build.needs_transformers`).
MOE_FAMILIES: tuple[str, ...] = ("mixtral", "qwen2_moe", "qwen3_moe", "deepseek_v3")
_LLAMA = ("vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads",
          "intermediate_size")  # fmt: skip
_GPT2 = ("vocab_size", "n_embd", "n_layer", "n_head")

#: The keys a config.json names its model by, first found first: transformers' own
#: ``_name_or_path`` (written by ``save_pretrained``), its ``name_or_path`` spelling, and the
#: ``model_name`` some exporters write.
_NAME_KEYS = ("_name_or_path", "name_or_path", "model_name")

#: Keys that change nothing the count, the trace or the time sees: token ids, bookkeeping, the
#: numerics of norms and rotary embeddings, output switches.
_HARMLESS = frozenset({
    "architectures", "transformers_version", "torch_dtype", "dtype", *_NAME_KEYS,
    "model_type", "use_cache", "bos_token_id", "eos_token_id", "pad_token_id",
    "initializer_range", "output_hidden_states", "output_attentions", "return_dict",
    "id2label", "label2id", "problem_type", "torchscript", "tokenizer_class", "chunk_size_feed_forward",
    "_attn_implementation", "use_return_dict", "tie_encoder_decoder", "finetuning_task",
})  # fmt: skip
_ROTARY_NUMERICS = frozenset({"rope_theta", "rope_scaling", "rope_parameters", "rms_norm_eps",
                              "pretraining_tp"})  # fmt: skip
#: Keys of an MoE that change how experts are picked or weighed, or add a loss term, never a
#: parameter: the router's numerics, its auxiliary losses and a deployment hint (``ep_size``).
_ROUTING = frozenset({"norm_topk_prob", "output_router_logits", "router_aux_loss_coef",
                      "router_jitter_noise", "routed_scaling_factor", "n_group", "topk_group",
                      "topk_method", "scoring_func", "aux_loss_alpha", "seq_aux", "ep_size"})  # fmt: skip
_QWEN_MOE = frozenset({*_LLAMA, "num_key_value_heads", "head_dim", "tie_word_embeddings",
                       "max_position_embeddings", "hidden_act", "attention_dropout",
                       "use_sliding_window", "sliding_window", "max_window_layers", "layer_types",
                       "decoder_sparse_step", "moe_intermediate_size", "num_experts_per_tok",
                       "num_experts", "mlp_only_layers", *_ROUTING, *_ROTARY_NUMERICS})  # fmt: skip
#: What each family models (beyond :data:`_HARMLESS`); anything else is refused.
_MODELLED: dict[str, frozenset[str]] = {
    "mixtral": frozenset({*_LLAMA, "num_key_value_heads", "head_dim", "tie_word_embeddings",
                          "max_position_embeddings", "hidden_act", "attention_dropout",
                          "sliding_window", "num_local_experts", "num_experts_per_tok",
                          *_ROUTING, *_ROTARY_NUMERICS}),
    "qwen2_moe": frozenset({*_QWEN_MOE, "shared_expert_intermediate_size", "qkv_bias"}),
    "qwen3_moe": frozenset({*_QWEN_MOE, "attention_bias"}),
    "deepseek_v3": frozenset({*_LLAMA, "num_key_value_heads", "tie_word_embeddings",
                              "max_position_embeddings", "hidden_act", "attention_dropout",
                              "attention_bias", "moe_intermediate_size", "n_shared_experts",
                              "n_routed_experts", "num_experts_per_tok", "first_k_dense_replace",
                              "moe_layer_freq", "kv_lora_rank", "q_lora_rank",
                              "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim",
                              "rope_interleave", "num_nextn_predict_layers", "num_mtp_layers",
                              "quantization_config", *_ROUTING, *_ROTARY_NUMERICS}),
    "llama": frozenset({*_LLAMA, "num_key_value_heads", "head_dim", "tie_word_embeddings",
                        "max_position_embeddings", "hidden_act", "attention_dropout",
                        "attention_bias", "mlp_bias", *_ROTARY_NUMERICS}),
    "mistral": frozenset({*_LLAMA, "num_key_value_heads", "head_dim", "tie_word_embeddings",
                          "max_position_embeddings", "hidden_act", "attention_dropout",
                          "sliding_window", *_ROTARY_NUMERICS}),
    "qwen2": frozenset({*_LLAMA, "num_key_value_heads", "head_dim", "tie_word_embeddings",
                        "max_position_embeddings", "hidden_act", "attention_dropout",
                        "use_sliding_window", "sliding_window", "max_window_layers",
                        "layer_types", *_ROTARY_NUMERICS}),
    "gpt2": frozenset({*_GPT2, "n_inner", "n_positions", "n_ctx", "activation_function",
                       "resid_pdrop", "embd_pdrop", "attn_pdrop", "layer_norm_epsilon",
                       "scale_attn_weights", "scale_attn_by_inverse_layer_idx",
                       "reorder_and_upcast_attn", "add_cross_attention", "tie_word_embeddings",
                       "summary_type", "summary_use_proj", "summary_activation",
                       "summary_proj_to_labels", "summary_first_dropout",
                       "task_specific_params"}),
}  # fmt: skip
#: Keys whose only value the reader builds (a key outside these values is refused by name).
_ONLY: dict[str, tuple[Any, ...]] = {
    "hidden_act": ("silu", "swish"),
    "activation_function": ("gelu", "gelu_new", "gelu_pytorch_tanh", "gelu_fast"),
    "add_cross_attention": (False,),
    "use_sliding_window": (False,),
    "is_encoder_decoder": (False,),
    "moe_layer_freq": (1,),
}
_DROPOUT = ("attention_dropout", "resid_pdrop", "embd_pdrop", "attn_pdrop")


def _need(doc: dict[str, Any], keys: tuple[str, ...], family: str, where: str) -> None:
    for key in keys:
        if key not in doc:
            raise InputError(
                translate("Step", "config: {where} lacks the field {key} (needed for {family}); "
                          "required: {required}").format(where=where, key=brief(key), family=family, required=", ".join(keys)),
                field=key,
            )  # fmt: skip
        _integer(doc, key, where)


#: Every integer field the families read, each with its least allowed value; read only through
#: :func:`_integer` (a JSON integer: never a bool, a float or a string).
_INTEGERS: dict[str, int] = {
    "vocab_size": 1, "hidden_size": 1, "num_hidden_layers": 1, "num_attention_heads": 1,
    "intermediate_size": 1, "num_key_value_heads": 1, "head_dim": 1,
    "max_position_embeddings": 1, "sliding_window": 1, "max_window_layers": 0,
    "n_embd": 1, "n_layer": 1, "n_head": 1, "n_inner": 1, "n_positions": 1, "n_ctx": 1,
    "num_local_experts": 1, "num_experts": 1, "n_routed_experts": 1, "num_experts_per_tok": 1,
    "moe_intermediate_size": 1, "shared_expert_intermediate_size": 1, "n_shared_experts": 0,
    "first_k_dense_replace": 0, "decoder_sparse_step": 1, "kv_lora_rank": 1, "q_lora_rank": 1,
    "qk_rope_head_dim": 1, "qk_nope_head_dim": 1, "v_head_dim": 1,
    "num_nextn_predict_layers": 0, "num_mtp_layers": 0,
}  # fmt: skip


def _integer(doc: dict[str, Any], key: str, where: str) -> int | None:
    """``doc[key]`` when it is a JSON integer of at least its least value, ``None`` when absent
    or ``null``; ``true``, ``2.9``, ``"2"`` and ``[2]`` are refused by name (``int(true)`` would
    read 1, ``int(2.9)`` 2)."""
    value = doc.get(key)
    if value is None:
        return None
    low = _INTEGERS[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        allowed = "a positive integer" if low == 1 else f"an integer of at least {low}"
        raise InputError(
            translate("Step", "config: {where}: {key} = {value}; allowed: {allowed} (not a "
                      "boolean, a fraction, a string or a list)").format(
                where=where, key=key, value=cut_line(json.dumps(value), 60), allowed=allowed),
            field=key,
        )  # fmt: skip
    return value


def _unsupported(where: str, family: str, key: str, value: Any, allowed: str) -> InputError:
    return InputError(
        translate("Step", "config: {where}: {key} = {value} is not modelled for {family}; "
                  "allowed: {allowed}").format(where=where, key=key, value=brief(value),
                                               family=family, allowed=allowed),
        field=key,
    )  # fmt: skip


def _check_keys(doc: dict[str, Any], family: str, where: str) -> list[Text]:
    """Refuse every key the family does not model; the notes on dropout probabilities."""
    from core.echo import cut_list

    modelled = _MODELLED[family]
    for key, value in doc.items():
        if value is None or key in _HARMLESS:
            continue
        if key in modelled or key == "is_encoder_decoder":
            if key in _ONLY and value not in _ONLY[key]:
                allowed = ", ".join(brief(v) for v in _ONLY[key])
                raise _unsupported(where, family, key, value, allowed)
            continue
        raise InputError(
            translate("Step", "config: {where}: the key {key} is not modelled for {family} (it "
                      "may change the model; remove it to count the model without it); "
                      "understood: {keys}").format(where=where, key=brief(key), family=family,
                                                   keys=cut_list(sorted(modelled))),
            field=key,
        )  # fmt: skip
    notes: list[Text] = []
    dropout = {k: doc[k] for k in _DROPOUT if isinstance(doc.get(k), int | float) and doc[k]}
    if dropout:
        notes.append(
            translate("Step", "config: dropout {values} is not traced (the step runs without "
                      "dropout; the Memory tab's Dropout switch counts its masks)").format(
                values=", ".join(f"{k}={v:g}" for k, v in dropout.items()))
        )  # fmt: skip
    return notes


def _flag(doc: dict[str, Any], key: str, where: str, family: str) -> bool:
    value = doc.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise _unsupported(where, family, key, value, "true or false")
    return value


def _window(doc: dict[str, Any], family: str, where: str) -> int:
    """Mistral's sliding window (0 for none); Qwen2's only when it is switched on (refused)."""
    if family in ("qwen2", "qwen2_moe", "qwen3_moe"):
        types = doc.get("layer_types")
        if types is not None and (
            not isinstance(types, list) or any(t != "full_attention" for t in types)
        ):
            raise _unsupported(where, family, "layer_types", types, "full_attention layers only")
        return 0
    if family not in ("mistral", "mixtral") or doc.get("sliding_window") is None:
        return 0
    value = doc["sliding_window"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _unsupported(where, family, "sliding_window", value, "a positive integer or null")
    return value


def config_name(doc: dict[str, Any], where: str) -> str:
    """The name a config.json gives its model: its own name field (:data:`_NAME_KEYS`; a local
    path there is named by its last part), else its file: ``llama-7b.json`` names
    ``llama-7b``; a file called ``config.json`` names itself with its folder
    (``work/config.json``), so a folder's name is never taken for the model's."""
    for key in _NAME_KEYS:
        value = doc.get(key)
        if isinstance(value, str) and value.strip():
            text = value.strip()
            if (
                text.startswith(("/", ".", "~", "\\"))
                or "\\" in text
                or re.match(r"^[A-Za-z]:", text)
            ):
                text = re.split(r"[\\/]", text.rstrip("/\\"))[-1] or text
            return cut_line(text, 96)
    path = Path(where)
    if path.stem.lower() != "config":
        return path.stem
    return f"{path.parent.name}/{path.name}" if path.parent.name else path.name


def spec_from_config(
    doc: Any, where: str = "config.json", name: str = ""
) -> tuple[TransformerSpec, list[str]]:
    """The spec of a parsed ``config.json`` and notes on what it does not trace; ``name`` (a hub
    id) names the model when given."""
    if not isinstance(doc, dict):
        raise InputError(_not_object(where), field="config")
    family = doc.get("model_type")
    if family not in FAMILIES:
        raise InputError(
            translate("Step", "config: {where}: unknown architecture model_type={family}; "
                      "allowed: {allowed}").format(where=where, family=brief(family), allowed=", ".join(FAMILIES)),
            field="model_type",
        )  # fmt: skip
    notes: list[str] = list(_check_keys(doc, family, where))
    for key in _INTEGERS:
        _integer(doc, key, where)
    name = name or config_name(doc, where)
    if family == "gpt2":
        _need(doc, _GPT2, family, where)
        d = doc["n_embd"]
        positions = _integer(doc, "n_positions", where) or 1024
        spec = TransformerSpec(
            name=name, vocab=doc["vocab_size"], d_model=d, layers=doc["n_layer"],
            heads=doc["n_head"], kv_heads=doc["n_head"], ffn=_integer(doc, "n_inner", where) or 4 * d,
            gated=False, tied=_tied(doc, True, where, family), norm="layernorm",
            bias=True, max_pos=positions, seq=positions,
        )  # fmt: skip
        return spec, notes
    _need(doc, _LLAMA, family, where)
    heads = doc["num_attention_heads"]
    d = doc["hidden_size"]
    if family in MOE_FAMILIES:
        return _moe_spec(doc, family, where, name, notes)
    head_dim = _integer(doc, "head_dim", where)
    if head_dim is not None and head_dim != d // heads:
        raise InputError(
            translate("Step", "config: {where}: head_dim = {head_dim} differs from hidden_size / "
                      "num_attention_heads = {derived}; allowed: equal (not described by this "
                      "model)").format(where=where, head_dim=head_dim, derived=d // heads),
            field="head_dim",
        )  # fmt: skip
    if family == "llama":
        attention = _flag(doc, "attention_bias", where, family)
        qkv, out, mlp = attention, attention, _flag(doc, "mlp_bias", where, family)
    elif family == "qwen2":
        qkv, out, mlp = True, False, False  # transformers' Qwen2: biases on q, k and v only
    else:
        qkv = out = mlp = False
    context = _integer(doc, "max_position_embeddings", where) or 4096
    if d % heads == 0 and (d // heads) % 2:
        raise InputError(
            translate("Step", "config: {where}: hidden_size {d} / num_attention_heads {heads} = "
                      "head dimension {hd}, which is odd; rotary positions rotate pairs of "
                      "channels (transformers refuses it too); allowed: an even head "
                      "dimension").format(where=where, d=d, heads=heads, hd=d // heads),
            field="num_attention_heads",
        )  # fmt: skip
    spec = TransformerSpec(
        name=name, vocab=doc["vocab_size"], d_model=d, layers=doc["num_hidden_layers"],
        heads=heads, kv_heads=_integer(doc, "num_key_value_heads", where) or heads,
        ffn=doc["intermediate_size"], gated=True, tied=_tied(doc, False, where, family),
        norm="rmsnorm", seq=min(context, 4096), qkv_bias=qkv, out_bias=out, mlp_bias=mlp,
        context=context, window=_window(doc, family, where),
    )  # fmt: skip
    return spec, notes


def _moe_spec(
    doc: dict[str, Any], family: str, where: str, name: str, notes: list[str]
) -> tuple[TransformerSpec, list[str]]:
    """The spec of a ``mixtral``, ``qwen2_moe``, ``qwen3_moe`` or ``deepseek_v3`` config (see the
    module docstring for what each builds)."""
    d, heads, layers = doc["hidden_size"], doc["num_attention_heads"], doc["num_hidden_layers"]
    context = _integer(doc, "max_position_embeddings", where) or 4096
    base: dict[str, Any] = dict(
        name=name, vocab=doc["vocab_size"], d_model=d, layers=layers, heads=heads,
        kv_heads=_integer(doc, "num_key_value_heads", where) or heads,
        ffn=doc["intermediate_size"], gated=True, tied=_tied(doc, False, where, family),
        norm="rmsnorm", seq=min(context, 4096), context=context,
    )  # fmt: skip
    if family == "mixtral":
        base.update(experts=_need_int(doc, "num_local_experts", 8, where),
                    top_k=_need_int(doc, "num_experts_per_tok", 2, where),
                    moe_ffn=doc["intermediate_size"], window=_window(doc, family, where),
                    head_size=_head_size(doc, d, heads, where))  # fmt: skip
    elif family in ("qwen2_moe", "qwen3_moe"):
        _window(doc, family, where)
        qwen3 = family == "qwen3_moe"
        step = _integer(doc, "decoder_sparse_step", where) or 1
        base.update(
            experts=_need_int(doc, "num_experts", 128 if qwen3 else 60, where),
            top_k=_need_int(doc, "num_experts_per_tok", 8 if qwen3 else 4, where),
            moe_ffn=_need_int(doc, "moe_intermediate_size", 768 if qwen3 else 1408, where),
            moe_every=step, dense_layers=_leading_dense(doc, family, where, layers),
            head_size=_head_size(doc, d, heads, where), qk_norm=qwen3,
        )  # fmt: skip
        if qwen3:
            bias = _flag(doc, "attention_bias", where, family)
            base.update(qkv_bias=bias, out_bias=bias, mlp_bias=False)
        else:
            qkv = doc.get("qkv_bias", True)
            if not isinstance(qkv, bool):
                raise _unsupported(where, family, "qkv_bias", qkv, "true or false")
            shared = _need_int(doc, "shared_expert_intermediate_size", 5632, where)
            base.update(qkv_bias=qkv, out_bias=False, mlp_bias=False, shared_experts=1,
                        shared_ffn=shared, shared_gate=True)  # fmt: skip
    else:
        freq = doc.get("moe_layer_freq", 1)
        if freq != 1:  # _check_keys refused it already; transformers ignores the key
            raise _unsupported(where, family, "moe_layer_freq", freq, "1")
        bias = _flag(doc, "attention_bias", where, family)
        dense = _integer(doc, "first_k_dense_replace", where)
        base.update(
            experts=_need_int(doc, "n_routed_experts", 256, where),
            top_k=_need_int(doc, "num_experts_per_tok", 8, where),
            moe_ffn=_need_int(doc, "moe_intermediate_size", 2048, where),
            shared_experts=1 if _need_int(doc, "n_shared_experts", 1, where) else 0,
            dense_layers=3 if dense is None else dense,
            q_lora_rank=_integer(doc, "q_lora_rank", where) or 0,
            kv_lora_rank=_need_int(doc, "kv_lora_rank", 512, where),
            qk_nope_head_dim=_need_int(doc, "qk_nope_head_dim", 128, where),
            qk_rope_head_dim=_need_int(doc, "qk_rope_head_dim", 64, where),
            v_head_dim=_need_int(doc, "v_head_dim", 128, where),
            qkv_bias=bias, out_bias=bias, mlp_bias=False,
        )  # fmt: skip
        if base["shared_experts"]:  # one MLP of n_shared_experts × moe_intermediate_size
            base["shared_ffn"] = base["moe_ffn"] * _need_int(doc, "n_shared_experts", 1, where)
        mtp = _integer(doc, "num_nextn_predict_layers", where) or _integer(
            doc, "num_mtp_layers", where
        )
        if mtp:
            notes.append(
                translate("Step", "config: {n} multi-token-prediction layer(s) "
                          "(num_nextn_predict_layers) are not built by transformers and not "
                          "counted; the count is the main model's").format(n=mtp)
            )  # fmt: skip
        if isinstance(doc.get("quantization_config"), dict):
            notes.append(
                translate("Step", "config: quantization_config describes how the published "
                          "weights are stored; the count is the same, bytes follow the recipe")
            )  # fmt: skip
    try:
        return TransformerSpec(**base), notes
    except InputError as exc:
        raise InputError(
            translate("Step", "config: {where}: {why}").format(where=where, why=exc.message),
            field=exc.field,
        ) from None


def _need_int(doc: dict[str, Any], key: str, default: int, where: str) -> int:
    """An integer field of an MoE config, or transformers' default when absent."""
    value = _integer(doc, key, where)
    return default if value is None else value


def _head_size(doc: dict[str, Any], d: int, heads: int, where: str) -> int:
    """A ``head_dim`` set apart from ``hidden_size / num_attention_heads`` (0 when equal)."""
    head_dim = _integer(doc, "head_dim", where)
    return 0 if head_dim is None or head_dim * heads == d else head_dim


def _leading_dense(doc: dict[str, Any], family: str, where: str, layers: int) -> int:
    """Qwen's ``mlp_only_layers`` as a count of dense first layers (only ``[0, 1, ..., k-1]`` is
    modelled)."""
    value = doc.get("mlp_only_layers")
    if value is None:
        return 0
    if not isinstance(value, list) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        raise _unsupported(where, family, "mlp_only_layers", value, "a list of layer numbers")
    if sorted(value) != list(range(len(value))) or len(value) >= layers:
        raise _unsupported(where, family, "mlp_only_layers", value,
                           "the first layers [0, 1, ..., k-1], fewer than num_hidden_layers")  # fmt: skip
    return len(value)


def _tied(doc: dict[str, Any], default: bool, where: str, family: str) -> bool:
    value = doc.get("tie_word_embeddings")
    if value is None:
        return default
    if not isinstance(value, bool):
        raise _unsupported(where, family, "tie_word_embeddings", value, "true or false")
    return value


#: The largest config.json read (real ones are a few kilobytes).
MAX_CONFIG_BYTES = 4 << 20


def read_config(path: str | Path) -> dict[str, Any]:
    """The parsed ``config.json`` at ``path``, read offline through :mod:`core.safe_io` (regular
    files only, at most :data:`MAX_CONFIG_BYTES`, strict JSON); one :class:`InputError` says why."""
    from core.safe_io import JSONProblem, check_json, decode_utf8, read_bytes

    where = str(path)
    try:
        text = decode_utf8(read_bytes(path, limit=MAX_CONFIG_BYTES), path)
    except InputError as exc:
        raise InputError(
            translate("Step", "config: cannot read {why}").format(why=exc.message), field="config"
        ) from None
    try:
        doc = check_json(text)
    except JSONProblem as exc:
        raise InputError(
            translate("Step", "config: {where} is not JSON ({why})").format(
                where=where, why=exc.message
            ),
            field="config",
        ) from None
    if not isinstance(doc, dict):
        raise InputError(_not_object(where), field="config")
    if REMOTE_CODE_KEY in doc:
        raise InputError(
            translate("Step", "config: {where} has auto_map, code of its own that transformers "
                      "would import or download; Napkin Lab never runs a model's code; allowed: "
                      "a config without auto_map (remove the key to count the architecture its "
                      "model_type names)").format(where=where),
            field=REMOTE_CODE_KEY,
        )  # fmt: skip
    return doc


#: The config key through which transformers reaches a model's own code (``trust_remote_code``).
REMOTE_CODE_KEY = "auto_map"


def _not_object(where: str) -> str:
    return translate("Step", "config: {where} is not a JSON object").format(where=where)


def check_config(path: str | Path) -> dict[str, Any]:
    """The parsed ``config.json`` at ``path``, refused at once (one :class:`InputError`) for what
    any later reader would refuse: a family read here is also built into its spec (odd head
    dimensions, non-integer sizes), others are left to ``transformers``' own checks."""
    doc = read_config(path)
    if doc.get("model_type") in FAMILIES:
        spec_from_config(doc, str(path))
    return doc


def load_config(path: str | Path, name: str = "") -> tuple[TransformerSpec, list[str]]:
    """Read ``path`` (a ``config.json``) offline; one :class:`InputError` names what is wrong."""
    return spec_from_config(read_config(path), str(path), name)


#: ``org/name`` or ``org/name@revision``: a model on the Hugging Face Hub.
_HUB_ID = re.compile(
    r"^(?P<repo>[A-Za-z0-9][\w.-]{0,95}/[A-Za-z0-9][\w.-]{0,95})(?:@(?P<rev>[\w./-]{1,128}))?$"
)


def hub_id(text: object) -> tuple[str, str | None] | None:
    """``(repo, revision)`` when ``text`` names a hub model (``meta-llama/Llama-2-7b-hf``,
    ``org/name@rev``) and is not a file or folder here; else ``None``."""
    if not isinstance(text, str):
        return None
    match = _HUB_ID.match(text.strip())
    if match is None or os.path.exists(text.strip()):
        return None
    return match["repo"], match["rev"]


def _hub_cache() -> str:
    """The hub cache folder as huggingface_hub finds it, read now (``HF_HUB_CACHE``, else
    ``HF_HOME/hub``, else its default), not when huggingface_hub was imported."""
    if os.environ.get("HF_HUB_CACHE"):
        return os.environ["HF_HUB_CACHE"]
    if os.environ.get("HF_HOME"):
        return os.path.join(os.environ["HF_HOME"], "hub")
    from huggingface_hub import constants

    return str(constants.HF_HUB_CACHE)


def resolve_model_source(text: str, *, allow_download: bool = False) -> tuple[str, str] | None:
    """The ``config.json`` a model text names, as ``(path, name)``, or ``None`` when the text is
    not a hub id (a preset, ``mlp:…``, ``transformer:…``).

    A hub id ``org/name[@revision]`` is looked up in huggingface_hub's local cache first
    (``try_to_load_from_cache``: ``models--org--name/snapshots/<rev>/config.json`` through
    ``refs/<revision>``, ``main`` by default); only with ``allow_download`` is it fetched
    (``hf_hub_download``, the config alone, never weights). The CLI's ``step`` and ``memory``,
    the Step tab and the coming ``plan`` all resolve through here.

    Raises
    ------
    InputError
        When huggingface_hub is missing, the model is not cached (and downloading is not
        allowed), the hub says the repository does not exist, or the download fails.
    """
    found = hub_id(text)
    if found is None:
        return None
    repo, revision = found
    try:
        import huggingface_hub
    except ImportError:
        raise InputError(
            translate("Step", "model: {repo} names a Hugging Face Hub model, read through "
                      "huggingface_hub, which is not installed; allowed: a preset, mlp:..., "
                      "transformer:... or --config FILE (install it: pip install "
                      "\"napkinlab[hf]\")").format(repo=brief(repo)),
            field="model",
        ) from None  # fmt: skip
    cache = _hub_cache()
    try:
        cached = huggingface_hub.try_to_load_from_cache(repo, "config.json", cache_dir=cache,
                                                         revision=revision)  # fmt: skip
    except Exception as exc:  # huggingface_hub's own validation of the repository id
        raise InputError(
            translate("Step", "model: {repo} is not a Hugging Face Hub id ({why}); allowed: "
                      "org/name or org/name@revision").format(
                repo=brief(text.strip()), why=cut_line(str(exc), 160)),
            field="model",
        ) from None  # fmt: skip
    if isinstance(cached, str) and os.path.isfile(cached):
        return cached, repo
    if not allow_download:
        raise InputError(
            translate("Step", "model: {repo} is not in the Hugging Face cache ({cache}); "
                      "allowed offline: a model whose config.json is cached there; fetch its "
                      "config (not its weights) with --allow-download (napkinlab memory --model "
                      "{repo} --allow-download, once: the window reads the same cache)").format(
                repo=brief(text.strip()), cache=cache),
            field="model",
        )  # fmt: skip
    offline = hub_offline_reason()
    if offline is not None:  # said at once, not after huggingface_hub's retries (~25 s)
        raise InputError(
            translate("Step", "model: cannot download the config.json of {repo}: offline "
                      "({why}); allowed offline: a model cached in {cache}, a preset or a config "
                      "file").format(repo=brief(repo), why=offline, cache=cache),
            field="model",
        )  # fmt: skip
    from core.quiet import captured_logs

    _LOG.info("fetching the config.json of %s from the Hugging Face Hub (never weights)", repo)
    try:  # its retries are logged ("Retrying in 1s"): kept off stderr, which carries our line
        with captured_logs("huggingface_hub"):
            path = huggingface_hub.hf_hub_download(repo, "config.json", revision=revision,
                                                   cache_dir=cache)  # fmt: skip
    except Exception as exc:  # no network, no such repository, a gated model, a full disk
        raise InputError(
            translate("Step", "model: cannot download the config.json of {repo} from the "
                      "Hugging Face Hub: {why}").format(repo=brief(repo), why=_download_problem(exc)),
            field="model",
        ) from None  # fmt: skip
    _LOG.info("saved %s", path)
    return str(path), repo


def hub_missing(text: str) -> str | None:
    """The repository of a hub id (``org/name``) whose config.json is not in the local cache (the
    window then offers to fetch it); ``None`` for a cached model and for text that is no hub id."""
    found = hub_id(text)
    if found is None:
        return None
    try:
        resolve_model_source(text)
    except InputError:
        return found[0]
    return None


#: Seconds to wait for the Hub's address to answer before saying "offline".
HUB_CONNECT_TIMEOUT = 3.0

_LOG = logging.getLogger("napkinlab.hub")


def _offline_env() -> str:
    """The environment variable that switches the Hub off (``HF_HUB_OFFLINE=1``), or ``""``."""
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        if os.environ.get(name, "").strip().lower() in ("1", "on", "yes", "true"):
            return f"{name}=1"
    return ""


def _hub_address() -> tuple[str, int]:
    """The host and port a download connects to first: the HTTPS proxy when one is set, else
    the Hub's endpoint (``HF_ENDPOINT``, default ``https://huggingface.co``)."""
    from urllib.parse import urlsplit

    for name in ("HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"):
        if os.environ.get(name):
            url = urlsplit(
                os.environ[name] if "://" in os.environ[name] else "//" + os.environ[name]
            )
            if url.hostname:
                return url.hostname, url.port or 8080
    url = urlsplit(os.environ.get("HF_ENDPOINT") or "https://huggingface.co")
    return url.hostname or "huggingface.co", url.port or (80 if url.scheme == "http" else 443)


def hub_offline_reason(timeout: float = HUB_CONNECT_TIMEOUT) -> Text | None:
    """Why the Hugging Face Hub cannot be reached now, in a few words, or ``None`` when a
    connection to it (or to the HTTPS proxy) opens within ``timeout`` seconds.

    ``HF_HUB_OFFLINE=1`` answers at once; otherwise one TCP connection is tried, in a thread so
    that a name lookup that hangs is cut off too.
    """
    import socket
    import threading

    flag = _offline_env()
    if flag:
        return translate("Step", "{flag} is set").format(flag=flag)
    host, port = _hub_address()
    answer: list[Text | None] = []

    def attempt() -> None:
        try:
            socket.create_connection((host, port), timeout=timeout).close()
            answer.append(None)
        except socket.gaierror:
            answer.append(translate("Step", "the name {host} does not resolve: no network or no "
                                    "DNS").format(host=host))  # fmt: skip
        except TimeoutError:
            answer.append(translate("Step", "{host}:{port} did not answer in {seconds} s").format(
                host=host, port=port, seconds=f"{timeout:g}"))  # fmt: skip
        except OSError as exc:
            answer.append(translate("Step", "{host}:{port}: {why}").format(
                host=host, port=port, why=exc.strerror or type(exc).__name__))  # fmt: skip

    thread = threading.Thread(target=attempt, name="hub-check", daemon=True)
    thread.start()
    thread.join(timeout + 0.5)
    if not answer:
        return translate("Step", "{host} did not answer in {seconds} s").format(
            host=host, seconds=f"{timeout:g}"
        )
    return answer[0]


def _download_problem(exc: Exception) -> Text:
    """What a failed download means, as one complete clause (never a message cut mid-sentence)."""
    kind = type(exc).__name__
    if kind == "GatedRepoError":
        return translate("Step", "the model is gated: accept its licence on huggingface.co and "
                         "log in (huggingface-cli login)")  # fmt: skip
    if kind == "RepositoryNotFoundError":
        return translate("Step", "no such repository, or it is private (log in with "
                         "huggingface-cli login)")  # fmt: skip
    if kind == "RevisionNotFoundError":
        return translate("Step", "no such revision")
    if kind in ("EntryNotFoundError", "RemoteEntryNotFoundError"):
        return translate("Step", "the repository has no config.json")
    if kind in ("LocalEntryNotFoundError", "ConnectionError", "Timeout", "ReadTimeout",
                "ConnectTimeout", "OfflineModeIsEnabled"):  # fmt: skip
        return translate("Step", "the Hub did not answer (network down or blocked)")
    if isinstance(exc, OSError) and exc.strerror:
        return translate("Step", "{why}").format(why=exc.strerror)
    first = str(exc).strip().split("\n", 1)[0].split(". ", 1)[0]
    if first and len(first) <= 120:
        return translate("Step", "{kind}: {why}").format(kind=kind, why=first.rstrip("."))
    return translate("Step", "{kind}").format(kind=kind)

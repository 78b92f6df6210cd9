"""A Hugging Face ``config.json`` read offline into a :class:`~core.memory.models.TransformerSpec`.

Families: ``llama``, ``mistral``, ``qwen2`` (SwiGLU, RMSNorm, rotary, grouped-query attention) and
``gpt2`` (GELU, LayerNorm, learned positions, biases, tied embeddings). What the spec cannot say is
listed in the returned notes (Qwen2's biases on q/k/v only are approximated by no biases).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.errors import InputError
from core.memory.models import TransformerSpec
from core.texts import translate

__all__ = ["FAMILIES", "MAX_CONFIG_BYTES", "load_config", "read_config", "spec_from_config"]

FAMILIES: tuple[str, ...] = ("llama", "mistral", "qwen2", "gpt2")
_LLAMA = ("vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads",
          "intermediate_size")  # fmt: skip
_GPT2 = ("vocab_size", "n_embd", "n_layer", "n_head")


def _need(doc: dict[str, Any], keys: tuple[str, ...], family: str, where: str) -> None:
    for key in keys:
        if key not in doc:
            raise InputError(
                translate("Step", "config: {where} lacks the field {key} (needed for {family}); "
                          "required: {required}").format(where=where, key=repr(key), family=family, required=", ".join(keys)),
                field=key,
            )  # fmt: skip
        value = doc[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(
                translate("Step", "config: {where}: {key} = {value}; allowed: a positive integer").format(where=where, key=key, value=repr(value)),
                field=key,
            )  # fmt: skip


def spec_from_config(doc: Any, where: str = "config.json") -> tuple[TransformerSpec, list[str]]:
    """The spec of a parsed ``config.json`` and notes on what it approximates."""
    if not isinstance(doc, dict):
        raise InputError(_not_object(where), field="config")
    family = doc.get("model_type")
    if family not in FAMILIES:
        raise InputError(
            translate("Step", "config: {where}: unknown architecture model_type={family}; "
                      "allowed: {allowed}").format(where=where, family=repr(family), allowed=", ".join(FAMILIES)),
            field="model_type",
        )  # fmt: skip
    notes: list[str] = []
    name = str(doc.get("_name_or_path") or Path(where).parent.name or family)
    if family == "gpt2":
        _need(doc, _GPT2, family, where)
        d = doc["n_embd"]
        spec = TransformerSpec(
            name=name, vocab=doc["vocab_size"], d_model=d, layers=doc["n_layer"],
            heads=doc["n_head"], kv_heads=doc["n_head"], ffn=doc.get("n_inner") or 4 * d,
            gated=False, tied=bool(doc.get("tie_word_embeddings", True)), norm="layernorm",
            bias=True, max_pos=int(doc.get("n_positions", 1024)),
            seq=int(doc.get("n_positions", 1024)),
        )  # fmt: skip
        return spec, notes
    _need(doc, _LLAMA, family, where)
    heads = doc["num_attention_heads"]
    d = doc["hidden_size"]
    head_dim = doc.get("head_dim")
    if head_dim is not None and head_dim != d // heads:
        raise InputError(
            translate("Step", "config: {where}: head_dim = {head_dim} differs from hidden_size / "
                      "num_attention_heads = {derived}; allowed: equal (not described by this "
                      "model)").format(where=where, head_dim=head_dim, derived=d // heads),
            field="head_dim",
        )  # fmt: skip
    if family == "qwen2":
        notes.append(
            translate("Step", "qwen2 has biases on q, k and v only; traced without biases")
        )
    seq = min(int(doc.get("max_position_embeddings", 4096)), 4096)
    spec = TransformerSpec(
        name=name, vocab=doc["vocab_size"], d_model=d, layers=doc["num_hidden_layers"],
        heads=heads, kv_heads=int(doc.get("num_key_value_heads") or heads),
        ffn=doc["intermediate_size"], gated=True,
        tied=bool(doc.get("tie_word_embeddings", False)), norm="rmsnorm", seq=seq,
    )  # fmt: skip
    return spec, notes


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
    return doc


def _not_object(where: str) -> str:
    return translate("Step", "config: {where} is not a JSON object").format(where=where)


def load_config(path: str | Path) -> tuple[TransformerSpec, list[str]]:
    """Read ``path`` (a ``config.json``) offline; one :class:`InputError` names what is wrong."""
    return spec_from_config(read_config(path), str(path))

"""config.json flags are built exactly as transformers builds them, or refused by name (issue 19
item 6).

Reference: transformers builds the same config on the meta device (no memory); its parameter
count is compared with the spec's formula, with the module the spec builds, and with the traced
step's parameter row.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import InputError
from core.step.hf import load_config

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = {"model_type": "llama", "vocab_size": 96, "hidden_size": 64, "num_hidden_layers": 2,
         "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 80,
         "max_position_embeddings": 64, "rms_norm_eps": 1e-5, "rope_theta": 10000.0,
         "hidden_act": "silu", "tie_word_embeddings": False, "torch_dtype": "bfloat16",
         "architectures": ["LlamaForCausalLM"], "bos_token_id": 1, "eos_token_id": 2}  # fmt: skip
MISTRAL = {**LLAMA, "model_type": "mistral", "sliding_window": 4096,
           "architectures": ["MistralForCausalLM"]}  # fmt: skip
QWEN2 = {**LLAMA, "model_type": "qwen2", "use_sliding_window": False, "sliding_window": 4096,
         "max_window_layers": 2, "attention_dropout": 0.0, "tie_word_embeddings": True,
         "architectures": ["Qwen2ForCausalLM"]}  # fmt: skip
GPT2 = {"model_type": "gpt2", "vocab_size": 100, "n_embd": 48, "n_layer": 2, "n_head": 4,
        "n_positions": 64, "n_ctx": 64, "n_inner": None, "activation_function": "gelu_new",
        "resid_pdrop": 0.1, "embd_pdrop": 0.1, "attn_pdrop": 0.1, "layer_norm_epsilon": 1e-5,
        "summary_type": "cls_index", "summary_use_proj": True, "scale_attn_weights": True,
        "architectures": ["GPT2LMHeadModel"]}  # fmt: skip

CASES = {
    "llama": LLAMA,
    "llama attention_bias": {**LLAMA, "attention_bias": True},
    "llama mlp_bias": {**LLAMA, "mlp_bias": True},
    "llama both biases, tied": {
        **LLAMA,
        "attention_bias": True,
        "mlp_bias": True,
        "tie_word_embeddings": True,
    },
    "llama explicit false": {**LLAMA, "attention_bias": False, "mlp_bias": False},
    "mistral": MISTRAL,
    "qwen2 (q, k, v biases)": QWEN2,
    "qwen2 untied": {**QWEN2, "tie_word_embeddings": False},
    "gpt2": GPT2,
    "gpt2 n_inner": {**GPT2, "n_inner": 100, "tie_word_embeddings": False},
}


def _write(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _transformers_count(doc: dict) -> int:
    config = transformers.AutoConfig.for_model(**doc)
    with torch.device("meta"):
        model = transformers.AutoModelForCausalLM.from_config(config)
    return sum(p.numel() for p in model.parameters())


@pytest.mark.parametrize("case", list(CASES))
def test_counts_equal_transformers_on_the_meta_device(case: str, tmp_path: Path) -> None:
    from core.memory.modules import build_module

    doc = CASES[case]
    spec, _ = load_config(_write(tmp_path, doc))
    expected = _transformers_count(doc)
    assert spec.param_count == expected
    with torch.device("meta"):
        built = build_module(spec)
    assert sum(p.numel() for p in built.parameters()) == expected


def test_the_trace_builds_the_biases_too(tmp_path: Path) -> None:
    from core.step.options import inputs_from_options
    from core.step.trace import trace_config

    doc = {**LLAMA, "attention_bias": True, "mlp_bias": True}
    inputs = inputs_from_options(config=str(_write(tmp_path, doc)), seq="16", recipe="fp32")
    trace = trace_config(inputs.config)
    assert trace.table["params"]["elements"] == _transformers_count(doc)
    biased = {op.module for op in trace.ops if op.kind == "matmul" and op.name == "addmm"}
    assert {"layers.0.attn.q", "layers.0.attn.o", "layers.0.mlp.down"} <= biased


@pytest.mark.parametrize(
    ("doc", "key"),
    [
        ({**LLAMA, "quantization_config": {"bits": 4}}, "quantization_config"),
        ({**LLAMA, "hidden_act": "gelu"}, "hidden_act"),
        ({**LLAMA, "attention_bias": "yes"}, "attention_bias"),
        ({**LLAMA, "num_experts": 8}, "num_experts"),
        ({**LLAMA, "is_encoder_decoder": True}, "is_encoder_decoder"),
        ({**MISTRAL, "attention_bias": True}, "attention_bias"),
        ({**MISTRAL, "mlp_bias": True}, "mlp_bias"),
        ({**QWEN2, "use_sliding_window": True}, "use_sliding_window"),
        ({**QWEN2, "layer_types": ["full_attention", "sliding_attention"]}, "layer_types"),
        ({**QWEN2, "mlp_bias": True}, "mlp_bias"),
        ({**GPT2, "add_cross_attention": True}, "add_cross_attention"),
        ({**GPT2, "activation_function": "relu"}, "activation_function"),
        ({**GPT2, "attention_bias": True}, "attention_bias"),
    ],
)
def test_flags_not_modelled_are_refused_by_name(doc: dict, key: str, tmp_path: Path) -> None:
    with pytest.raises(InputError, match=key) as info:
        load_config(_write(tmp_path, doc))
    assert info.value.field == key


def test_dropout_is_said_not_ignored(tmp_path: Path) -> None:
    _, notes = load_config(_write(tmp_path, GPT2))
    assert any("attn_pdrop=0.1" in n for n in notes)
    _, notes = load_config(_write(tmp_path, QWEN2))
    assert not notes  # qwen2's biases are built now, not a note

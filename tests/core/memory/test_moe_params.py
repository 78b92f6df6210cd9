"""Mixture-of-experts and latent-attention parameter counts against transformers on the meta device.

Each preset's config dict holds the values of the model's published ``config.json`` on the Hugging
Face Hub (mistralai/Mixtral-8x7B-v0.1, Qwen/Qwen3-30B-A3B, Qwen/Qwen3-235B-A22B,
deepseek-ai/DeepSeek-V3; the keys that change no parameter are left out). transformers builds the
model from it with no weights; its ``numel`` sum is the reference for ``param_count``. The active
count is derived by hand below, from the config alone, and compared with the published "active"
figures within the rounding of the figure.
"""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.memory.models import PRESETS, TransformerSpec, kv_cache_elements_per_token, parse_model
from core.step.hf import spec_from_config

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")

CONFIGS: dict[str, dict] = {
    "mixtral-8x7b": {
        "model_type": "mixtral", "vocab_size": 32000, "hidden_size": 4096,
        "intermediate_size": 14336, "num_hidden_layers": 32, "num_attention_heads": 32,
        "num_key_value_heads": 8, "num_local_experts": 8, "num_experts_per_tok": 2,
        "max_position_embeddings": 32768, "rope_theta": 1e6, "rms_norm_eps": 1e-5,
        "sliding_window": None, "tie_word_embeddings": False, "router_aux_loss_coef": 0.02,
        "output_router_logits": False, "hidden_act": "silu",
    },
    "qwen3-30b-a3b": {
        "model_type": "qwen3_moe", "vocab_size": 151936, "hidden_size": 2048,
        "intermediate_size": 6144, "moe_intermediate_size": 768, "num_hidden_layers": 48,
        "num_attention_heads": 32, "num_key_value_heads": 4, "head_dim": 128, "num_experts": 128,
        "num_experts_per_tok": 8, "norm_topk_prob": True, "decoder_sparse_step": 1,
        "mlp_only_layers": [], "max_position_embeddings": 40960, "max_window_layers": 48,
        "use_sliding_window": False, "sliding_window": None, "attention_bias": False,
        "tie_word_embeddings": False, "rope_theta": 1e6, "hidden_act": "silu",
    },
    "qwen3-235b-a22b": {
        "model_type": "qwen3_moe", "vocab_size": 151936, "hidden_size": 4096,
        "intermediate_size": 12288, "moe_intermediate_size": 1536, "num_hidden_layers": 94,
        "num_attention_heads": 64, "num_key_value_heads": 4, "head_dim": 128, "num_experts": 128,
        "num_experts_per_tok": 8, "norm_topk_prob": True, "decoder_sparse_step": 1,
        "mlp_only_layers": [], "max_position_embeddings": 40960, "max_window_layers": 94,
        "use_sliding_window": False, "sliding_window": None, "attention_bias": False,
        "tie_word_embeddings": False, "rope_theta": 1e6, "hidden_act": "silu",
    },
    "deepseek-v3": {
        "model_type": "deepseek_v3", "vocab_size": 129280, "hidden_size": 7168,
        "intermediate_size": 18432, "moe_intermediate_size": 2048, "num_hidden_layers": 61,
        "num_attention_heads": 128, "num_key_value_heads": 128, "n_shared_experts": 1,
        "n_routed_experts": 256, "routed_scaling_factor": 2.5, "kv_lora_rank": 512,
        "q_lora_rank": 1536, "qk_rope_head_dim": 64, "v_head_dim": 128, "qk_nope_head_dim": 128,
        "topk_method": "noaux_tc", "n_group": 8, "topk_group": 4, "num_experts_per_tok": 8,
        "moe_layer_freq": 1, "first_k_dense_replace": 3, "norm_topk_prob": True,
        "scoring_func": "sigmoid", "aux_loss_alpha": 0.001, "seq_aux": True,
        "max_position_embeddings": 163840, "num_nextn_predict_layers": 1,
        "tie_word_embeddings": False, "attention_bias": False, "hidden_act": "silu",
    },
}  # fmt: skip

#: Published active counts in billions, with the unit of their last digit: Mixtral's "12.9B
#: active parameters" (Mistral AI, "Mixtral of experts", 2024), Qwen3's "3.3B activated" and
#: "22B activated" (model cards), DeepSeek-V3's "37B activated" (technical report).
PUBLISHED_ACTIVE = {
    "mixtral-8x7b": (12.9, 0.1),
    "qwen3-30b-a3b": (3.3, 0.1),
    "qwen3-235b-a22b": (22.0, 1.0),
    "deepseek-v3": (37.0, 1.0),
}

#: transformers keys that only its model reads (the hub's own spelling is checked by the reader).
_ONLY_READER = {"topk_method", "scoring_func", "aux_loss_alpha", "seq_aux", "moe_layer_freq"}


def _meta_count(cfg: dict) -> int:
    doc = {k: v for k, v in cfg.items() if k not in _ONLY_READER}
    config = transformers.AutoConfig.for_model(**doc)
    with torch.device("meta"):
        model = transformers.AutoModelForCausalLM.from_config(config)
    return sum(p.numel() for p in model.parameters())


def _hand_active(cfg: dict) -> int:
    """Active parameters from the config alone: embedding, head, final norm, and per layer the
    attention, two norms and either the dense MLP or router + top_k routed + shared experts."""
    d, v, layers = cfg["hidden_size"], cfg["vocab_size"], cfg["num_hidden_layers"]
    heads = cfg["num_attention_heads"]
    if "kv_lora_rank" in cfg:
        ql, kl, rope = cfg["q_lora_rank"], cfg["kv_lora_rank"], cfg["qk_rope_head_dim"]
        nope, vh = cfg["qk_nope_head_dim"], cfg["v_head_dim"]
        attn = d * ql + ql + ql * heads * (nope + rope)  # q_a, q_a norm, q_b
        attn += d * (kl + rope) + kl + kl * heads * (nope + vh)  # kv_a, kv_a norm, kv_b
        attn += heads * vh * d  # o
    else:
        hd = cfg.get("head_dim") or d // heads
        kv = cfg["num_key_value_heads"] * hd
        attn = 2 * d * heads * hd + 2 * d * kv + (2 * hd if cfg["model_type"] == "qwen3_moe" else 0)
    experts = cfg.get("num_local_experts") or cfg.get("num_experts") or cfg["n_routed_experts"]
    width = cfg.get("moe_intermediate_size") or cfg["intermediate_size"]
    shared = cfg.get("n_shared_experts", 0) * 3 * d * width
    moe = d * experts + cfg["num_experts_per_tok"] * 3 * d * width + shared
    dense_layers = cfg.get("first_k_dense_replace", 0)
    dense = 3 * d * cfg["intermediate_size"]
    per_layer = attn + 2 * d
    return (
        2 * v * d + d
        + dense_layers * (per_layer + dense)
        + (layers - dense_layers) * (per_layer + moe)
    )  # fmt: skip


@pytest.fixture(scope="module")
def meta_counts() -> dict[str, int]:
    return {name: _meta_count(cfg) for name, cfg in CONFIGS.items()}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_preset_total_equals_transformers(name: str, meta_counts: dict[str, int]) -> None:
    assert PRESETS[name].param_count == meta_counts[name]
    assert PRESETS[name].params_total == meta_counts[name]


@pytest.mark.parametrize("name", list(CONFIGS))
def test_config_reads_into_the_preset(name: str, meta_counts: dict[str, int]) -> None:
    spec, _ = spec_from_config(CONFIGS[name], f"{name}.json")
    assert spec.param_count == meta_counts[name]
    assert spec.params_active == PRESETS[name].params_active
    assert spec.is_moe


@pytest.mark.parametrize("name", list(CONFIGS))
def test_active_equals_hand_derivation_and_published(name: str) -> None:
    spec = PRESETS[name]
    assert spec.params_active == _hand_active(CONFIGS[name])
    published, unit = PUBLISHED_ACTIVE[name]
    assert abs(spec.params_active / 1e9 - published) < unit
    assert spec.params_active < spec.params_total


def test_published_totals_by_name() -> None:
    # "8x7B" is 46.7B in Mistral's paper; the Qwen3 names give the totals; DeepSeek-V3: 671B
    assert round(PRESETS["mixtral-8x7b"].param_count / 1e9, 1) == 46.7
    assert round(PRESETS["qwen3-30b-a3b"].param_count / 1e9, 1) == 30.5
    assert round(PRESETS["qwen3-235b-a22b"].param_count / 1e9) == 235
    assert round(PRESETS["deepseek-v3"].param_count / 1e9) == 671


def _small(cfg: dict, layers: int) -> dict:
    return {**cfg, "num_hidden_layers": layers}


@pytest.mark.parametrize(
    "cfg",
    [
        # qwen2_moe: shared expert of its own width behind a gate, q/k/v biases, sparse step 2
        {"model_type": "qwen2_moe", "vocab_size": 1000, "hidden_size": 64, "intermediate_size": 96,
         "moe_intermediate_size": 32, "shared_expert_intermediate_size": 80,
         "num_hidden_layers": 5, "num_attention_heads": 4, "num_key_value_heads": 2,
         "num_experts": 6, "num_experts_per_tok": 2, "decoder_sparse_step": 2,
         "mlp_only_layers": [0]},
        # qwen3_moe with biases, dense first layers and a sparse step of 3
        {"model_type": "qwen3_moe", "vocab_size": 1000, "hidden_size": 64, "intermediate_size": 96,
         "moe_intermediate_size": 32, "num_hidden_layers": 7, "num_attention_heads": 4,
         "num_key_value_heads": 1, "head_dim": 24, "num_experts": 5, "num_experts_per_tok": 3,
         "decoder_sparse_step": 3, "mlp_only_layers": [0, 1], "attention_bias": True,
         "tie_word_embeddings": True},
        # deepseek_v3 without a q bottleneck, two shared experts, attention biases
        {"model_type": "deepseek_v3", "vocab_size": 1000, "hidden_size": 64,
         "intermediate_size": 96, "moe_intermediate_size": 16, "num_hidden_layers": 4,
         "num_attention_heads": 4, "num_key_value_heads": 4, "n_shared_experts": 2,
         "n_routed_experts": 8, "kv_lora_rank": 24, "q_lora_rank": None,
         "qk_rope_head_dim": 8, "v_head_dim": 12, "qk_nope_head_dim": 10, "n_group": 2,
         "topk_group": 1, "num_experts_per_tok": 2, "first_k_dense_replace": 1,
         "attention_bias": True},
        # deepseek_v3 with a q bottleneck and biases
        {**_small(CONFIGS["deepseek-v3"], 4), "attention_bias": True, "first_k_dense_replace": 2},
        {**_small(CONFIGS["mixtral-8x7b"], 2), "head_dim": 64},
    ],
    ids=["qwen2_moe", "qwen3_moe", "deepseek_v3-no-q-lora", "deepseek_v3-bias", "mixtral-head"],
)  # fmt: skip
def test_structures_equal_transformers(cfg: dict) -> None:
    spec, _ = spec_from_config(cfg, "small.json")
    assert spec.param_count == _meta_count(cfg)


def test_deepseek_notes_the_mtp_layer() -> None:
    _, notes = spec_from_config(CONFIGS["deepseek-v3"], "v3.json")
    assert any("num_nextn_predict_layers" in n for n in notes)


def test_dense_spec_unchanged() -> None:
    spec = PRESETS["llama2-7b"]
    assert not spec.is_moe and not spec.is_mla
    assert spec.params_active == spec.param_count == spec.params_total


def test_kv_cache_elements() -> None:
    # MLA keeps the latent and the rotary key (DeepSeek-V2 report: (d_c + d_h^R) per layer)
    assert kv_cache_elements_per_token(PRESETS["deepseek-v3"]) == 61 * (512 + 64)
    # GQA: 2 · kv_heads · head_dim per layer, with Qwen3's own head_dim
    assert kv_cache_elements_per_token(PRESETS["qwen3-30b-a3b"]) == 48 * 2 * 4 * 128
    assert kv_cache_elements_per_token(PRESETS["llama2-7b"]) == 32 * 2 * 4096


def test_describe_says_moe() -> None:
    text = PRESETS["deepseek-v3"].describe()
    assert "256 experts" in text and "top-8" in text and "MLA" in text


def test_dims_parse_moe() -> None:
    spec = parse_model("transformer:d=1024,layers=4,heads=8,experts=8,top_k=2,moe_ffn=512,"
                       "shared_experts=1,dense_layers=1")  # fmt: skip
    assert (spec.experts, spec.top_k, spec.moe_ffn, spec.moe_layers) == (8, 2, 512, 3)
    assert isinstance(spec, TransformerSpec)


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ("experts=8,top_k=9,moe_ffn=512", "top_k"),
        ("experts=8,top_k=2", "moe_ffn"),
        ("experts=8,moe_ffn=512", "top_k"),
        ("top_k=2", "top_k"),
        ("experts=8,top_k=2,moe_ffn=512,dense_layers=4", "dense_layers"),
        ("experts=8,top_k=2,moe_ffn=512,shared_ffn=64", "shared_ffn"),
        ("qk_rope_head_dim=64", "qk_rope_head_dim"),
        ("kv_lora_rank=512,qk_rope_head_dim=64,v_head_dim=128", "qk_nope_head_dim"),
        ("experts=-1", "model experts"),
    ],
)
def test_dims_inconsistent(extra: str, field: str) -> None:
    with pytest.raises(InputError) as err:
        parse_model(f"transformer:d=1024,layers=4,heads=8,{extra}")
    assert field in str(err.value) and "allowed" in str(err.value)


def test_config_refuses_unmodelled_moe_keys() -> None:
    with pytest.raises(InputError, match="mlp_only_layers"):
        spec_from_config({**CONFIGS["qwen3-30b-a3b"], "mlp_only_layers": [3]}, "x.json")
    with pytest.raises(InputError, match="moe_layer_freq"):
        spec_from_config({**CONFIGS["deepseek-v3"], "moe_layer_freq": 2}, "x.json")
    with pytest.raises(InputError, match="use_sliding_window"):
        spec_from_config({**CONFIGS["qwen3-30b-a3b"], "use_sliding_window": True}, "x.json")


@pytest.mark.parametrize("name", list(CONFIGS))
def test_build_module_counts_moe_presets(name: str) -> None:
    from core.memory.modules import build_module

    with torch.device("meta"):
        module = build_module(PRESETS[name])
    assert sum(p.numel() for p in module.parameters()) == PRESETS[name].param_count

"""The Step tab names what runs where it runs: attention backward belongs to the attention module
(not to its output projection), the LM head is ``lm_head`` (as Hugging Face names it), and a
prediction for a CUDA device names CUDA kernels (never ``…_for_cpu``).

References: the module running when the forward attention op was dispatched (the forward's own
attribution, by the module stack); transformers' ``LlamaForCausalLM`` module names; torch's
dispatcher, which says whether a CUDA kernel is registered for an op name.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.memory import MemoryConfig, parse_model, recipe
from core.memory.recipes import optimizer

torch = pytest.importorskip("torch")

from core.roofline.hardware import load_catalog  # noqa: E402
from core.step.predict import predict  # noqa: E402
from core.step.report import op_rows  # noqa: E402
from core.step.trace import trace_config  # noqa: E402

TINY = "transformer:d=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=128,seq=16"


def _trace(model: str = TINY, rec: str = "bf16", kernels: str = "cuda"):
    spec = parse_model(model)
    cfg = MemoryConfig(spec, batch=2, seq=16, recipe=recipe(rec), optimizer=optimizer("adamw"),
                       kernels=kernels)  # fmt: skip
    return spec, trace_config(cfg)


@pytest.mark.parametrize("kernels", ["cuda", "cpu"])
def test_attention_backward_belongs_to_the_attention_module(kernels: str) -> None:
    spec, tr = _trace(kernels=kernels)
    forward = {op.module for op in tr.ops if op.phase == "forward" and op.kind == "attention"}
    backward = {op.module for op in tr.ops if op.phase == "backward" and op.kind == "attention"}
    assert forward == {f"layers.{i}.attn" for i in range(spec.layers)}
    assert backward == forward  # not layers.i.attn.o
    # The output projection keeps only its own two matmuls (grad of input, grad of weight).
    o_ops = [op for op in tr.ops if op.phase == "backward" and op.module.endswith("attn.o")]
    assert (
        sorted(op.kind for op in o_ops if op.kind not in ("view",)).count("matmul")
        == 2 * spec.layers
    )


@pytest.mark.parametrize("tied", [False, True])
def test_the_lm_head_is_named_lm_head(tied: bool) -> None:
    spec = replace(parse_model(TINY), tied=tied)
    cfg = MemoryConfig(spec, batch=2, seq=16, recipe=recipe("bf16"), optimizer=optimizer("adamw"))
    tr = trace_config(cfg)
    vocab_mms = [op for op in tr.ops if op.kind == "matmul" and f",{spec.vocab}]" in op.shapes]
    assert vocab_mms and {op.module for op in vocab_mms} == {"lm_head"}
    transformers = pytest.importorskip("transformers")
    config = transformers.LlamaConfig(hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                                      num_attention_heads=2, vocab_size=32)  # fmt: skip
    with torch.device("meta"):
        hf = transformers.LlamaForCausalLM(config)
    assert "lm_head" in dict(hf.named_modules())  # the name a Hugging Face model gives it


def _cuda_kernel(name: str) -> bool:
    """Whether torch dispatches ``name`` on CUDA; a CPU-only torch (the README's tip) registers no
    CUDA kernel at all, so there the op must at least be one of aten's."""
    if torch.backends.cuda.is_built():
        return torch._C._dispatch_has_kernel_for_dispatch_key(f"aten::{name}", "CUDA")
    return hasattr(torch.ops.aten, name) and "_for_cpu" not in name


@pytest.mark.parametrize(("rec", "expected"), [("bf16", "flash"), ("fp32", "efficient")])
def test_a_cuda_prediction_names_cuda_kernels(rec: str, expected: str) -> None:
    _, tr = _trace(rec=rec)
    rows = op_rows(tr, predict(tr, load_catalog().get("h100-sxm")))
    attention = [r for r in rows if r["kind"] == "attention"]
    assert {r["phase"] for r in attention} == {"forward", "backward"}
    for row in rows:
        assert "_for_cpu" not in row["device_op"]
        if "_for_cpu" in row["name"]:
            assert _cuda_kernel(row["device_op"]), row["device_op"]  # torch runs it on CUDA
            assert not _cuda_kernel(row["name"])
    assert all(f"_scaled_dot_product_{expected}_attention" in r["device_op"] for r in attention)
    # The traced name stays in "name"; a device that runs no CUDA kernels (Apple's) keeps it.
    for row in op_rows(tr, predict(tr, load_catalog().get("m3-max"))):
        assert row["device_op"] == row["name"]

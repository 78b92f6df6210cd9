"""Step trace against independent references: 6·N·T, FlopCounterMode, a real run's autograd nodes,
a real run's op sequence, and hand counts of FLOPs and bytes."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from core.errors import InputError
from core.memory import MemoryConfig, checkpoint, parse_model, preset, recipe
from core.memory.recipes import optimizer

torch = pytest.importorskip("torch")

from core.step.measure import check_fits, measurable, measure_config  # noqa: E402
from core.step.recorder import Recorder  # noqa: E402
from core.step.trace import trace_config, trace_module  # noqa: E402

TINY_LLAMA = "transformer:d=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=128,seq=16"


def _cfg(model: str, batch: int = 2, seq: int = 16, rec: str = "fp32") -> MemoryConfig:
    spec = preset(model) if ":" not in model else parse_model(model)
    return MemoryConfig(
        spec, batch=batch, seq=seq, recipe=recipe(rec), optimizer=optimizer("adamw")
    )


def _matmul_flops(tr) -> float:
    return sum(op.flops for op in tr.ops if op.kind == "matmul")


@pytest.mark.slow
def test_gpt2_matmul_flops_are_6_n_tokens() -> None:
    # Weight matrices of GPT-2 by hand: per layer Wqkv (3d²) + Wo (d²) + W1, W2 (2·d·4d); the tied
    # embedding is also the output matrix (vocab·d). Position embeddings are a lookup, not a matmul.
    d, layers, vocab, b, s = 768, 12, 50257, 1, 8
    n = layers * (4 * d * d + 8 * d * d) + vocab * d
    tr = trace_config(_cfg("gpt2", batch=b, seq=s))
    assert round(_matmul_flops(tr) / (6 * n * b * s), 4) == 1.0


def test_llama_structure_matmul_flops_are_6_n_tokens() -> None:
    d, kv, f, layers, vocab, b, s = 64, 32, 96, 2, 128, 2, 16
    n = layers * (2 * d * d + 2 * d * kv + 3 * d * f) + vocab * d  # q, o, k, v, gate/up/down, head
    tr = trace_config(_cfg(TINY_LLAMA, batch=b, seq=s))
    assert round(_matmul_flops(tr) / (6 * n * b * s), 4) == 1.0
    # Executed matmuls and attention = FlopCounterMode (with the CPU attention formulas) in the
    # same pass; every other op adds its stated per-element count on top. Model FLOPs leave out
    # the flash backward's recompute of the scores (core.roofline.utilization). Hardware FLOPs
    # count the causal attention kernels at the half of the s × s scores they execute.
    attention = sum(op.flops for op in tr.ops if op.kind == "attention")
    assert attention > 0
    assert tr.hardware_flops == tr.counter_flops - 0.5 * attention
    assert tr.model_flops > tr.hardware_flops  # model FLOPs count the masked half in full
    assert tr.total_flops > tr.hardware_flops
    assert {op.phase for op in tr.ops} == {"forward", "backward", "optimizer"}
    assert not [op for op in tr.ops if op.problem]


def test_backward_ops_belong_to_the_sibling_whose_node_runs_them() -> None:
    # Reference: on a real run, the autograd node each Linear's own output was made by (its
    # sequence number), read in a forward hook; backward ops that node runs belong to that module.
    from core.memory.modules import build_module, build_optimizer, make_batch

    spec = parse_model(TINY_LLAMA)
    model = build_module(spec)
    opt = build_optimizer(model.parameters(), recipe("fp32"), optimizer("adamw"))
    owner: dict[int, str] = {}
    for name, mod in model.named_modules():
        if isinstance(mod, torch.nn.Linear):

            def hook(_m: object, _i: object, out: torch.Tensor, name: str = name) -> None:
                node = out.grad_fn  # the view of a 3-D linear, then its matmul node
                while node is not None:
                    owner[node._sequence_nr()] = name
                    if type(node).__name__ in ("MmBackward0", "AddmmBackward0"):
                        break
                    node = node.next_functions[0][0]

            mod.register_forward_hook(hook)
    rec = Recorder(model, opt)
    with rec.active():
        loss = model(*make_batch(spec, 2, 16))
        loss.backward()
        opt.step()
    checked = [op for op in rec.ops if op.phase == "backward" and op.seq_nr in owner]
    # q, k, v, o, gate, up, down per layer, and the LM head (a Linear of its own: lm_head).
    assert len({op.module for op in checked if op.kind == "matmul"}) == 7 * spec.layers + 1
    wrong = [(op.index, op.name, op.module, owner[op.seq_nr]) for op in checked
             if op.module != owner[op.seq_nr]]  # fmt: skip
    assert wrong == []
    for name in owner.values():  # grad of input and grad of weight: two matmuls per linear
        mms = [op for op in rec.ops if op.phase == "backward" and op.module == name
               and op.kind == "matmul"]  # fmt: skip
        assert len(mms) == 2, name


@pytest.mark.slow
def test_fake_op_sequence_equals_a_real_cpu_run() -> None:
    cfg = measurable(_cfg(TINY_LLAMA))
    tr = trace_config(cfg)
    measured = measure_config(cfg, tr)
    assert measured.mismatch == ""
    assert list(measured.names) == [op.name for op in tr.ops]
    assert measured.matched == len(tr.ops)
    assert all(not math.isnan(s) and s >= 0 for s in measured.seconds)
    # The thread's CPU time per op: one value per op, read around the same calls.
    assert len(measured.cpu_seconds) == len(tr.ops)
    assert all(not math.isnan(s) and s >= 0 for s in measured.cpu_seconds)


def test_checkpointed_op_sequence_equals_a_real_cpu_run() -> None:
    # The recomputed forward runs in backward; nothing of the trace's own machinery (a module
    # tracker's hook views, as FlopCounterMode's added) may show up among the step's ops.
    cfg = replace(measurable(_cfg(TINY_LLAMA)), checkpoint=checkpoint("every"))
    tr = trace_config(cfg)
    measured = measure_config(cfg, tr)
    assert measured.mismatch == ""
    assert list(measured.names) == [op.name for op in tr.ops]


def _record(fn):
    model = torch.nn.Identity()
    rec = Recorder(model, auto_backward=False)
    with rec.active():
        fn()
    return rec.ops


def test_bytes_and_flops_of_matmul_add_softmax_by_hand() -> None:
    m, k, n = 8, 16, 4
    a, b = torch.randn(m, k), torch.randn(k, n)
    (mm,) = _record(lambda: a @ b)
    assert (mm.name, mm.flops) == ("mm", 2 * m * k * n)
    assert (mm.bytes_read, mm.bytes_written) == (4 * (m * k + k * n), 4 * m * n)
    x, y = torch.randn(1000), torch.randn(1000)
    (add,) = _record(lambda: x + y)
    assert (add.flops, add.bytes_read, add.bytes_written) == (1000, 8000, 4000)
    (iadd,) = _record(lambda: x.add_(y))
    assert (iadd.flops, iadd.bytes_read, iadd.bytes_written) == (1000, 8000, 4000)
    h = torch.randn(10, 50, dtype=torch.bfloat16)
    ops = _record(lambda: h.softmax(-1))
    (sm,) = [op for op in ops if op.name == "_softmax"]
    assert (sm.kind, sm.dtype, sm.flops) == ("softmax/loss", "bf16", 5 * 500)
    assert (sm.bytes_read, sm.bytes_written) == (2 * 500, 2 * 500)
    (view,) = _record(lambda: a.view(k, m))
    assert (view.bytes_read, view.bytes_written) == (0, 0)


def test_adamw_step_bytes_by_hand() -> None:
    # Fused AdamW over W (3×4) and b (3): reads params, grads, m, v (4 tensors of n = 15 fp32)
    # and the two fp32 step counters; writes params, m and v. 14 FLOPs per element (stated).
    lin = torch.nn.Linear(4, 3)
    opt = torch.optim.AdamW(lin.parameters(), fused=True)
    x = torch.randn(5, 4)
    tr = trace_module(lin, x, lambda out, _t: out.sum(), opt)
    (fused,) = [op for op in tr.ops if op.name == "_fused_adamw_"]
    n = 15
    assert fused.phase == "optimizer" and fused.kind == "optimizer"
    assert fused.bytes_read == 4 * n * 4 + 2 * 4
    assert fused.bytes_written == 3 * n * 4
    assert fused.flops == 14 * n
    assert tr.table["optimizer"]["elements"] == 2 * n
    assert tr.table["params"]["bytes"] == 4 * n


def test_a_failing_count_is_recorded_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    import core.step.recorder as recorder

    def boom(*_a: object, **_k: object) -> None:
        raise RuntimeError("no formula")

    monkeypatch.setattr(recorder, "op_cost", boom)
    ops = _record(lambda: torch.randn(3) + 1)
    assert ops and all("no formula" in op.problem for op in ops)


def test_too_large_models_and_runs_are_refused() -> None:
    deep = parse_model("transformer:d=64,layers=5000,heads=4")
    with pytest.raises(InputError, match="layers"):
        trace_config(MemoryConfig(deep, batch=1, seq=8))
    with pytest.raises(InputError, match="measure"):
        check_fits(_cfg("llama2-7b", batch=1, seq=4096), available=64e9)


def test_notebook_api_on_a_fake_model_counts_by_hand() -> None:
    # A person's model built under FakeTensorMode: nothing allocated, torch.optim.AdamW (its
    # state appears in the warm-up step), loss outside the model.
    from torch._subclasses.fake_tensor import FakeTensorMode

    b, d, k = 16, 256, 10
    with FakeTensorMode():
        model = torch.nn.Sequential(torch.nn.Linear(d, d), torch.nn.ReLU(), torch.nn.Linear(d, k))
        opt = torch.optim.AdamW(model.parameters())
        batch = (torch.randn(b, d), torch.randint(0, k, (b,)))
    tr = trace_module(model, batch, torch.nn.functional.cross_entropy, opt)
    n_weights = d * d + d * k
    # Forward and backward of both linears, less the gradient of the input nobody needs.
    assert _matmul_flops(tr) == 6 * b * n_weights - 2 * b * d * d
    n = n_weights + d + k
    assert tr.table["params"] == {"dtype": "fp32", "elements": n, "bytes": 4.0 * n}
    assert tr.table["optimizer"]["elements"] == 2 * n
    assert {op.module for op in tr.ops if op.phase == "backward" and op.kind == "matmul"} == {
        "0",
        "2",
    }
    assert any(op.kind == "host sync" for op in tr.ops)  # AdamW reads its step count (.item())


def test_recipe_optimizer_bytes_by_hand() -> None:
    # The traced Adam update per element, fp32: m·0.9 (r4 w4), m + g (r8 w4), v·0.9 (r4 w4),
    # v + g·g (addcmul: r8 w4), p − lr·m (r8 w4) = 52 bytes per parameter.
    cfg = MemoryConfig(parse_model("mlp:d=32,layers=2"), batch=4, recipe=recipe("fp32"),
                       optimizer=optimizer("adam"))  # fmt: skip
    tr = trace_config(cfg)
    opt_bytes = sum(op.bytes for op in tr.ops if op.phase == "optimizer")
    assert opt_bytes == 52 * 32 * 32 * 2


def test_bf16_mlp_measures_with_the_traced_batch_dtype() -> None:
    # The real run makes its batch under the recipe's default dtype, as the trace does.
    cfg = measurable(MemoryConfig(parse_model("mlp:d=32,layers=2"), batch=4, recipe=recipe("bf16")))
    tr = trace_config(cfg)
    measured = measure_config(cfg, tr)
    assert measured.mismatch == "" and measured.matched == len(tr.ops)


def test_a_cuda_kernel_trace_is_not_matched_against_a_cpu_run() -> None:
    # The CUDA stand-ins dispatch other ops than the CPU's kernels: measuring refuses the pair.
    cfg = _cfg(TINY_LLAMA)
    assert cfg.kernels == "cuda"
    with pytest.raises(InputError, match="CUDA kernels"):
        measure_config(cfg, trace_config(measurable(cfg)))

"""The one-mode trace against torch's own tools stacked as modes, on the same step.

:func:`core.step.trace.trace_config` fakes, tracks memory, counts FLOPs and records ops in one
dispatch (:func:`core.memory.trace._tracking_classes`), for speed. The reference here is the plain
arrangement it replaces: torch's ``FakeTensorMode``, an unmodified ``MemTracker``,
``FlopCounterMode`` (with the CPU attention formulas) and the :class:`~core.step.recorder.Recorder`,
each its own mode, stacked. Both must see the same ops, in the same order, with the
same costs, the same FLOP count, and the same memory peak and categories at the peak.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from core.memory import MemoryConfig, checkpoint, parse_model, recipe
from core.memory.recipes import optimizer

torch = pytest.importorskip("torch")

from core.memory.flops import flop_mapping  # noqa: E402
from core.memory.modules import autocast, build_step  # noqa: E402
from core.step.recorder import Recorder  # noqa: E402
from core.step.trace import trace_config  # noqa: E402

#: MemTracker's categories -> the trace's (as :mod:`core.memory.trace` maps them).
CATEGORY = {"Parameter": "params", "Buffer": "params", "Gradient": "grads", "Optstate": "optimizer",
            "Activation": "activations", "Temp": "temporaries", "Other": "other"}  # fmt: skip

CASES = {
    "llama, GQA, cuda kernels": ("transformer:d=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=128",
                                 "bf16", "adamw", "none", {}),
    "gpt2-like, cpu kernels, dropout": ("transformer:d=64,layers=2,heads=4,vocab=128,gated=false,"
                                        "norm=layernorm", "fp32", "adam", "none",
                                        {"kernels": "cpu", "dropout": True}),
    "mixed precision (autocast)": ("transformer:d=32,layers=1,heads=2,vocab=64",
                                   "custom:params=fp32,grads=fp32,master=none,state=fp32,acts=bf16",
                                   "adam", "none", {"kernels": "cpu"}),
    "no flash attention, SGD": ("transformer:d=32,layers=2,heads=2,vocab=64", "fp32", "sgd",
                                "none", {"flash": False}),
    "lecture MLP": ("mlp:d=64,layers=3", "fp32", "adam", "none", {}),
    "checkpointed": ("transformer:d=32,layers=2,heads=2,vocab=64", "bf16", "adamw", "every", {}),
}  # fmt: skip


def _cfg(model: str, rec: str, opt: str, ckpt: str, extra: dict[str, Any]) -> MemoryConfig:
    from core.memory.recipes import parse_recipe

    return MemoryConfig(parse_model(model), batch=2, seq=16,
                        recipe=parse_recipe(rec) if ":" in rec else recipe(rec),
                        optimizer=optimizer(opt), checkpoint=checkpoint(ckpt),
                        **extra)  # fmt: skip


def _step(cfg: MemoryConfig, model: Any, opt: Any, inputs: Any) -> None:
    with autocast(cfg.recipe, "cpu"):
        loss = model(*inputs)
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)


def _stock(cfg: MemoryConfig) -> tuple[list[Any], float, float, dict[str, float]]:
    """Ops, FLOP count, peak bytes and bytes per category at the peak, from stock torch tools."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.distributed._tools.mem_tracker import MemTracker
    from torch.utils.flop_counter import FlopCounterMode

    dtypes = {"fp32": torch.float32, "bf16": torch.bfloat16}
    old = torch.get_default_dtype()
    try:
        with FakeTensorMode():
            torch.set_default_dtype(dtypes[cfg.recipe.params])
            model, opt, inputs = build_step(cfg)
            tracker = MemTracker()
            tracker.track_external(model, opt)
            counter = FlopCounterMode(display=False, custom_mapping=flop_mapping())
            rec = Recorder(model, opt, auto_backward=True)
            if cfg.checkpoint.mode == "none":
                # FlopCounterMode between them: the tracker below sees a composite op's parts
                # (it decomposes them), the recorder above the op itself, as in the trace.
                with tracker, counter, rec.active():
                    _step(cfg, model, opt, inputs)
            else:
                # FlopCounterMode's module tracker adds autograd nodes of its own, which reorder
                # a checkpointed backward: count FLOPs in a pass of their own.
                with tracker, rec.active():
                    _step(cfg, model, opt, inputs)
                with counter:
                    _step(cfg, model, opt, inputs)
            peak_snap = tracker.get_tracker_snapshot("peak")
    finally:
        torch.set_default_dtype(old)
    at_peak = dict.fromkeys(CATEGORY.values(), 0.0)
    total = 0.0
    for per_device in peak_snap.values():
        for key, value in per_device.items():
            name = str(getattr(key, "value", key))
            if name == "Total":
                total += value
            elif name in CATEGORY:
                at_peak[CATEGORY[name]] += value
    return rec.ops, float(counter.get_total_flops()), total, at_peak


def _rows(ops: list[Any]) -> list[tuple[Any, ...]]:
    """Every field of every op, autograd sequence numbers as their rank in the step (they count
    every node the process ever made)."""
    rank = {n: i for i, n in enumerate(sorted({op.seq_nr for op in ops}))}
    return [dataclasses.astuple(dataclasses.replace(op, seq_nr=rank[op.seq_nr])) for op in ops]


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_one_pass_sees_what_the_stacked_modes_see(case: str) -> None:
    cfg = _cfg(*CASES[case])
    ours = trace_config(cfg)
    ops, flops, peak, at_peak = _stock(cfg)
    assert _rows(ours.ops) == _rows(ops)
    assert ours.counter_flops == flops
    if cfg.checkpoint.mode == "none":
        # With checkpointing the trace collects garbage once per layer during backward (a real
        # run frees recomputed activations there; stock MemTracker keeps them until Python's
        # collector runs) and the reference runs without FlopCounterMode's decompositions, so
        # only its ops and FLOPs are held to the stock tools.
        from core.memory.trace import trace

        mem = trace(cfg)
        assert mem.peak == peak == ours.peak_bytes
        assert {k: v for k, v in mem.at_peak.items() if k in at_peak} == at_peak

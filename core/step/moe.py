"""A mixture of experts' parts of one traced step: the router, the permutations and the grouped
expert GEMMs told apart from the dense matmuls, and the padding the grouped GEMMs execute.

The step of an MoE is traced with :mod:`core.memory.modules`' ``MoE`` block, whose submodules
name its parts: ``router`` (the linear) and ``route`` (softmax in fp32, top-k) are the
**router**; ``dispatch`` (each token copied ``top_k`` times, dealt to the experts in equal groups
and padded) and ``combine`` (the padding cut, the rows weighted and summed per token) are the
**permutations** (the dispatch's and the combine's gathers, scatters, index and copy ops, forward
and backward); the ``bmm`` ops of the block itself are the **grouped expert GEMMs** (one per
projection, every local expert at once). An op's role is read from the module that ran it
(:attr:`core.step.recorder.OpRecord.module`); every other op keeps its kind.

Model FLOPs (the numerator of MFU, :attr:`core.step.trace.StepTrace.model_flops`) of an MoE are
the **active-parameter** FLOPs: the matmuls one token uses (attention, the router, the top-k
routed experts, shared experts, dense MLPs of dense layers, the LM head), forward and backward, no
recomputation. The grouped GEMMs execute ``E·⌈T·k/E⌉`` rows, ``T·k`` of them real: their padding
counts in the hardware FLOPs (HFU) and is taken out of the model FLOPs (:func:`expert_row_share`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.step.recorder import OpRecord

__all__ = ["ROLES", "expert_row_share", "moe_blocks", "moe_role", "moe_totals"]

#: The MoE parts, in the order tables list them (``dense matmul``: every other matmul).
ROLES: tuple[str, ...] = ("router", "permutation", "expert GEMM", "dense matmul")

_ROUTER = (".router", ".route")
_PERMUTE = (".dispatch", ".combine")


def _moe_block(module: str) -> str | None:
    """The MoE block a module path lies in (``layers.3.mlp``), or ``None``."""
    for suffix in (*_ROUTER, *_PERMUTE):
        if module.endswith(suffix):
            return module[: -len(suffix)]
    return None


def moe_role(op: OpRecord, blocks: frozenset[str]) -> str | None:
    """The MoE part op ``op`` belongs to (:data:`ROLES`) or ``None`` (``blocks``: the MoE
    blocks' module paths, :func:`moe_blocks`); a matmul outside them is a ``dense matmul``."""
    module = op.module
    if module in blocks:
        return "expert GEMM" if op.kind == "matmul" else None
    block = _moe_block(module)
    if block is not None and block in blocks:
        return "router" if module.endswith(_ROUTER) else "permutation"
    return "dense matmul" if op.kind == "matmul" else None


def moe_blocks(ops: Sequence[OpRecord]) -> frozenset[str]:
    """The module paths of the MoE blocks the step ran (those with a ``dispatch`` part)."""
    return frozenset(op.module[: -len(".dispatch")] for op in ops
                     if op.module.endswith(".dispatch"))  # fmt: skip


def expert_row_share(spec: Any, tokens: int) -> float:
    """Real rows over executed rows of a grouped expert GEMM: ``T·k / (E·⌈T·k/E⌉)`` (1 for a
    dense model or when the rows divide evenly)."""
    if not getattr(spec, "is_moe", False):
        return 1.0
    rows = tokens * spec.top_k
    per = -(-rows // spec.experts)
    return rows / (per * spec.experts) if per else 1.0


def moe_totals(
    ops: Sequence[OpRecord], seconds: Sequence[float]
) -> dict[str, dict[str, float]] | None:
    """Ops, FLOPs, bytes and predicted seconds of each MoE part (:data:`ROLES`), or ``None``
    for a step without MoE blocks."""
    blocks = moe_blocks(ops)
    if not blocks:
        return None
    out = {role: {"ops": 0.0, "flops": 0.0, "bytes": 0.0, "predicted_s": 0.0} for role in ROLES}
    for op, s in zip(ops, seconds, strict=True):
        role = moe_role(op, blocks)
        if role is None:
            continue
        row = out[role]
        row["ops"] += 1
        row["flops"] += op.flops
        row["bytes"] += op.bytes
        row["predicted_s"] += s
    return out

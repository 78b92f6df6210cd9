"""The training-memory estimate: one step's bytes per device, and the answers derived from it.

``estimate(config)`` adds up weights, gradients, optimizer state (all ``bytes/param × N``, sharded
by ZeRO) and activations (:mod:`core.memory.activations`, for one micro-batch). An *allowance* for
what no tensor accounting sees (CUDA context and library workspaces, allocator reserve and
fragmentation) is kept apart and labelled as such.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from core.errors import InputError
from core.memory.activations import Checkpoint, activation_model, saved_bytes
from core.memory.models import MLPSpec, ModelSpec, TransformerSpec
from core.memory.recipes import Optimizer, Recipe, optimizer, recipe
from core.validate import positive_int

__all__ = [
    "CATEGORIES",
    "CONTEXT_BYTES",
    "RESERVE_FRACTION",
    "Derived",
    "Estimate",
    "KERNELS",
    "MemoryConfig",
    "derive",
    "estimate",
]

#: Kernel families whose saved tensors the activation model follows (see
#: :mod:`core.memory.activations`): ``cuda`` (NVIDIA and AMD GPUs) or ``cpu``.
KERNELS: tuple[str, ...] = ("cuda", "cpu")

#: The stacked categories, bottom to top.
CATEGORIES: tuple[str, ...] = ("params", "grads", "optimizer", "activations")

#: Allowance for the CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers (typical, varies).
CONTEXT_BYTES = 1.0e9
#: Allowance for the caching allocator's reserve and fragmentation, as a share of tensor bytes.
RESERVE_FRACTION = 0.10


@dataclass(frozen=True)
class MemoryConfig:
    """Every input of the estimate, validated on construction.

    ``batch`` is per device; ``micro_batch`` (≤ batch, default = batch) is what one forward holds
    when gradients are accumulated over ``batch / micro_batch`` steps.
    """

    model: ModelSpec
    batch: int = 8
    seq: int | None = None
    micro_batch: int | None = None
    recipe: Recipe = field(default_factory=lambda: recipe("bf16"))
    optimizer: Optimizer = field(default_factory=lambda: optimizer("adam"))
    checkpoint: Checkpoint = field(default_factory=lambda: Checkpoint("none"))
    zero: int = 0
    gpus: int = 1
    flash: bool = True
    dropout: bool = False
    mlp_full: bool = False
    kernels: str = "cuda"

    def __post_init__(self) -> None:
        positive_int(self.batch, "batch", high=10**9)
        if self.micro_batch is not None:
            positive_int(self.micro_batch, "micro-batch", high=10**9)
            if self.micro_batch > self.batch or self.batch % self.micro_batch:
                raise InputError(
                    f"micro-batch: {self.micro_batch:,} does not divide the batch "
                    f"{self.batch:,}; allowed: a divisor of the batch "
                    f"({_divisors_text(self.batch)})",
                    field="micro_batch",
                )
        if self.kernels not in KERNELS:
            raise InputError(
                f"kernels: {self.kernels!r}; allowed: {', '.join(KERNELS)} (whose kernels decide "
                "what is saved for backward)",
                field="kernels",
            )
        if self.seq is not None:
            positive_int(self.seq, "seq", high=10_000_000)
        positive_int(self.gpus, "gpus", high=10_000_000)
        if self.zero not in (0, 1, 2, 3):
            raise InputError(
                f"zero: {self.zero!r}; allowed: 0 (none), 1 (optimizer), 2 (+grads), "
                "3 (+params, = FSDP)",
                field="zero",
            )

    @property
    def micro(self) -> int:
        """Sequences (or rows) in one forward pass."""
        return self.micro_batch or self.batch

    @property
    def seq_len(self) -> int:
        """Sequence length (1 for the MLP, whose rows are single vectors)."""
        if isinstance(self.model, MLPSpec):
            return 1
        return self.seq or self.model.seq

    @property
    def accumulation(self) -> int:
        """Micro-batches per optimizer step (``batch / micro``, a whole number)."""
        return self.batch // self.micro


def _divisors_text(n: int) -> str:
    """The divisors of ``n`` for a message: all when few, else the first and last few."""
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    found = sorted({*small, *(n // d for d in small)})
    if len(found) <= 8:
        return ", ".join(f"{d:,}" for d in found)
    return ", ".join(f"{d:,}" for d in found[:4]) + ", …, " + ", ".join(
        f"{d:,}" for d in found[-2:]
    )


@dataclass(frozen=True)
class Estimate:
    """Bytes per device of one training step, with the formulas that produced them."""

    config: MemoryConfig
    param_count: int
    bytes: dict[str, float]
    formulas: dict[str, str]
    allowance: float
    allowance_text: str
    flops: float
    flops_text: str

    @property
    def total(self) -> float:
        """Weights + gradients + optimizer state + activations (the allowance excluded)."""
        return float(sum(self.bytes.values()))

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``param_count``, the categories, ``total``, the allowance and FLOPs."""
        return {
            "param_count": self.param_count,
            **{k: self.bytes[k] for k in CATEGORIES},
            "total": self.total,
            "allowance": self.allowance,
            "flops_per_step": self.flops,
            "formulas": dict(self.formulas),
        }


def _lookup_params(spec: ModelSpec) -> int:
    if isinstance(spec, TransformerSpec):
        return (0 if spec.tied else spec.vocab * spec.d_model) + spec.max_pos * spec.d_model
    return 0


def _flops(cfg: MemoryConfig, n: int) -> tuple[float, str]:
    spec = cfg.model
    tokens = cfg.batch * cfg.seq_len * cfg.gpus
    n_mm = n - _lookup_params(spec)
    dense = 6.0 * n_mm * tokens
    text = f"6·N·D = 6 × {n_mm:,} × {tokens:,} tokens"
    if n_mm != n:
        text += " (N without embedding lookups)"
    total = dense
    if isinstance(spec, TransformerSpec):
        attn = 12.0 * spec.layers * cfg.batch * cfg.gpus * cfg.seq_len**2 * spec.d_model
        total += attn
        text += " + attention 12·L·B·s²·d (QKᵀ and A·V, forward + backward, causal mask not halved)"
    if cfg.checkpoint.mode != "none":
        total += dense / 3.0
        text += " + recompute ≈ one more forward (2·N·D)"
    return total, text


def estimate(cfg: MemoryConfig) -> Estimate:
    """Estimate one training step of ``cfg``: bytes per device by category."""
    spec, rec, opt = cfg.model, cfg.recipe, cfg.optimizer
    n = spec.param_count
    per = rec.per_param(opt)
    shard = {
        "params": cfg.gpus if cfg.zero >= 3 else 1,
        "grads": cfg.gpus if cfg.zero >= 2 else 1,
        "optimizer": cfg.gpus if cfg.zero >= 1 else 1,
    }
    out: dict[str, float] = {k: per[k] * n / shard[k] for k in per}
    formulas = {
        k: f"{per[k]} B × {n:,} params" + (f" / {shard[k]:,} GPUs" if shard[k] > 1 else "")
        for k in per
    }
    formulas["recipe"] = rec.sum_text(opt)
    acts = activation_model(
        spec, cfg.micro, cfg.seq_len, rec.bytes("acts"),
        flash=cfg.flash, dropout=cfg.dropout, mlp_full=cfg.mlp_full, kernels=cfg.kernels,
    )  # fmt: skip
    out["activations"] = saved_bytes(acts, spec.layers, cfg.checkpoint)
    k = cfg.checkpoint.segment(spec.layers)
    layers_text = (
        f"L = {spec.layers:,} × per layer"
        if k == 0
        else f"⌈L/k⌉ = {math.ceil(spec.layers / k):,} layer inputs + k = {k} layers recomputed"
    )
    if acts.outside_formula:
        outside = f"; plus {acts.outside_formula}"
        if k:
            outside = f"; the recomputed layers or, if larger, {acts.outside_formula}"
    else:
        outside = ""
    formulas["activations"] = f"{layers_text}; {acts.formula}{outside}"
    if cfg.micro != cfg.batch:
        formulas["activations"] += f"; micro-batch {cfg.micro} of {cfg.batch}"
    tensor_total = sum(out.values())
    allowance = CONTEXT_BYTES + RESERVE_FRACTION * tensor_total
    flops, flops_text = _flops(cfg, n)
    return Estimate(
        cfg, n, out, formulas, allowance,
        f"allowance (not traced): CUDA context and workspaces ≈ {CONTEXT_BYTES / 1e9:g} GB + "
        f"allocator reserve ≈ {RESERVE_FRACTION:.0%} of tensor bytes",
        flops, flops_text,
    )  # fmt: skip


@dataclass(frozen=True)
class Derived:
    """Answers for a device with ``capacity`` bytes each (× ``gpus``)."""

    capacity: float
    fits: bool
    fits_without_allowance: bool
    headroom: float
    max_micro_batch: int
    max_layers: int
    max_params: int
    step_seconds: float | None

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return self.__dict__.copy()


def _fits(cfg: MemoryConfig, capacity: float) -> bool:
    e = estimate(cfg)
    return e.total + e.allowance <= capacity


def _largest(lo: int, hi: int, ok: Any) -> int:
    """Largest integer in ``[lo, hi]`` with ``ok(x)`` (monotone), or ``lo - 1`` if none."""
    if not ok(lo):
        return lo - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def derive(
    est: Estimate, capacity: float, *, peak_flops: float | None = None, mfu: float = 0.5
) -> Derived:
    """Fits or not, the largest micro-batch and depth that fit, and the step time at ``mfu``.

    ``capacity`` is bytes per device; ``peak_flops`` is one device's dense peak (time omitted when
    ``None``).
    """
    cfg = est.config
    fits = est.total + est.allowance <= capacity
    max_micro = _largest(
        1, 10**9, lambda m: _fits(replace(cfg, batch=max(m, cfg.batch), micro_batch=m), capacity)
    )
    max_layers = _largest(
        1, 100_000, lambda n: _fits(replace(cfg, model=cfg.model.with_layers(n)), capacity)
    )
    max_params = cfg.model.with_layers(max_layers).param_count if max_layers >= 1 else 0
    seconds = None
    if peak_flops:
        seconds = est.flops / (cfg.gpus * peak_flops * mfu)
    return Derived(
        capacity=capacity,
        fits=fits,
        fits_without_allowance=est.total <= capacity,
        headroom=capacity - est.total - est.allowance,
        max_micro_batch=max(max_micro, 0),
        max_layers=max(max_layers, 0),
        max_params=max_params,
        step_seconds=seconds,
    )

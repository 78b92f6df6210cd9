"""A mixture of experts under expert parallelism: what one GPU holds of the experts, the rows its
experts compute, the all-to-all's buffers, and the capacity factor's dropped rows.

The layout (Megatron-Core's MoE parallel folding, Liu et al. 2025, arXiv 2504.14960): the
memory estimate's ``gpus`` are data-parallel ranks for everything outside the routed experts
(attention, norms, dense MLPs, shared experts, the router, embeddings: sharded by ZeRO over all
``gpus`` as for a dense model); the routed experts are laid out on the same GPUs as
``EP × ETP × EDP``: ``EP`` ranks hold ``E / EP`` experts each, ``ETP`` ranks split each of those
experts' hidden width, and the ``EDP = gpus / (EP·ETP)`` ranks that hold the same experts form
their data-parallel group, over which ZeRO shards the experts' gradients and optimizer state
(and, at stage 3, their weights). So ``EP·ETP`` must divide ``gpus``, ``EP`` the experts and
``ETP`` the expert width. The router is whole on every GPU.

**Routing assumption** (said once, here): routing is **balanced**: each GPU's tokens send the
same number of rows to every expert, ``T·k / E`` for ``T`` tokens and top-``k`` routing; without a
capacity factor nothing is dropped (dropless) and no expert is padded. A capacity factor ``c``
caps what each GPU sends to one expert at ``⌈c·T·k / E⌉`` rows (Megatron-Core's
``get_capacity``, computed on the tokens of the router's input); the rest are dropped (their
copies skip the experts and add nothing to the combine). No imbalance margin is added.

Derivation of the rows one GPU's experts compute, per micro-batch of ``T = micro·seq`` tokens:

* The ``ETP`` ranks of an expert-tensor-parallel group all-gather their tokens (``ETP·T``), and
  the ``EP`` such groups of an EP group exchange rows by all-to-all: the ``EP·ETP`` GPUs route
  ``EP·ETP·T·k·κ`` rows (``κ ≤ 1``: the share a capacity factor keeps; 1 dropless).
* Balanced routing gives each of the ``E`` experts ``1/E`` of them: ``EP·ETP·T·k·κ / E`` rows;
  a GPU holds ``E / EP`` experts, so it receives ``(E/EP) · EP·ETP·T·k·κ / E = ETP·T·k·κ`` rows
  of ``d_model`` (for ``ETP = 1``: ``T·k·κ``, as many as on one device: EP divides the experts'
  weights, not their work).
* Each row is computed at ``moe_ffn / ETP`` of the hidden width, so the experts' hidden tensors
  hold ``ETP·T·k·κ · moe_ffn/ETP = T·k·κ·moe_ffn`` elements per tensor, as on one device; the
  GEMM's input (the received rows) and the outputs before ETP's reduce-scatter hold
  ``ETP·T·k·κ`` rows of ``d_model``; after the combine a GPU gets back ``T·k·κ`` rows.

The all-to-all's buffers: two of ``ETP·T·k·κ`` rows of ``d_model`` each, in the activations'
dtype (for ``ETP = 1`` ``tokens·top_k·d_model`` elements each): an all-to-all is not done in
place, so the rows it sends and the rows it receives are two tensors alive at once, beside the
copies the layer keeps for backward (Megatron-Core's ``_AllToAll.forward`` in
``tensor_parallel/mappings.py`` allocates its output with ``new_empty`` before
``all_to_all_single`` and returns its input untouched when the group has one rank; its backward
is the same all-to-all on the gradients, so the backward holds two as well). They exist only when
``EP·ETP > 1`` and are counted at every moment of the step's peak, beside the temporaries; the
plan counts them with the same function (:func:`dispatch_buffer_bytes`, from
:func:`core.plan.moe.expert_memory`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from core.echo import brief
from core.errors import InputError
from core.texts import Text, translate
from core.validate import positive_float, positive_int

if TYPE_CHECKING:
    from core.memory.models import ModelSpec, TransformerSpec

__all__ = [
    "CAPACITY_RANGE",
    "ExpertLayout",
    "Routing",
    "check_layout",
    "dispatch_buffer_bytes",
    "expert_data_parallel",
    "expert_params_local",
    "expert_params_total",
    "expert_state_bytes",
    "routing",
    "routing_text",
    "sharded_state_bytes",
]

#: The capacity factors accepted (the plan's ``--capacity-factor`` takes the same range).
CAPACITY_RANGE: tuple[float, float] = (0.01, 1000.0)


@dataclass(frozen=True)
class ExpertLayout:
    """Expert parallelism (``ep``), expert tensor parallelism (``etp``) and the capacity factor
    (``None``: dropless)."""

    ep: int = 1
    etp: int = 1
    capacity_factor: float | None = None

    @property
    def parallel(self) -> bool:
        """Whether the experts are spread over GPUs (an all-to-all runs)."""
        return self.ep * self.etp > 1


def _is_moe(spec: ModelSpec) -> bool:
    return bool(getattr(spec, "is_moe", False))


def check_layout(spec: ModelSpec, layout: ExpertLayout, gpus: int) -> None:
    """Refuse a layout the model or the GPUs cannot take, saying what is allowed."""
    positive_int(layout.ep, "ep", high=1_000_000)
    positive_int(layout.etp, "etp", high=1_000_000)
    if layout.capacity_factor is not None:
        low, high = CAPACITY_RANGE
        positive_float(layout.capacity_factor, "capacity-factor", low=low, high=high)
    if not _is_moe(spec):
        if layout.parallel or layout.capacity_factor is not None:
            what = "ep" if layout.ep > 1 else "etp" if layout.etp > 1 else "capacity-factor"
            raise InputError(
                translate("Memory", "{what}: the model has no experts (a dense model); allowed: "
                          "ep 1, etp 1 and no capacity factor, or a mixture-of-experts "
                          "model").format(what=what),
                field=what.replace("-", "_"),
            )  # fmt: skip
        return
    experts, width = spec.experts, spec.moe_ffn  # type: ignore[union-attr]
    if experts % layout.ep:
        raise InputError(
            translate("Memory", "ep: {ep} does not divide the {experts} experts; allowed: a "
                      "divisor of {experts} ({divisors})").format(
                ep=brief(layout.ep), experts=str(experts), divisors=_divisors(experts)),
            field="ep",
        )  # fmt: skip
    if width % layout.etp:
        raise InputError(
            translate("Memory", "etp: {etp} does not divide the expert width {width}; allowed: "
                      "a divisor of {width} ({divisors})").format(
                etp=brief(layout.etp), width=str(width), divisors=_divisors(width)),
            field="etp",
        )  # fmt: skip
    if gpus % (layout.ep * layout.etp):
        raise InputError(
            translate("Memory", "ep × etp = {group} does not divide the {gpus} GPUs; allowed: "
                      "GPUs a multiple of ep × etp (the experts' GPUs are the data-parallel "
                      "GPUs)").format(group=str(layout.ep * layout.etp), gpus=str(gpus)),
            field="gpus",
        )  # fmt: skip


def _divisors(n: int) -> str:
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    found = sorted({*small, *(n // d for d in small)})
    if len(found) <= 10:
        return ", ".join(str(d) for d in found)
    return ", ".join(str(d) for d in found[:5]) + ", …, " + str(found[-1])


def expert_params_total(spec: ModelSpec) -> int:
    """Parameters of every routed expert of the model (``moe_layers · E · expert``)."""
    if not _is_moe(spec):
        return 0
    s: TransformerSpec = spec  # type: ignore[assignment]
    return s.moe_layers * s.experts * s.expert_params()


def expert_params_local(spec: ModelSpec, layout: ExpertLayout) -> float:
    """Routed-expert parameters one GPU holds: ``moe_layers · (E/EP) · expert / ETP``."""
    return expert_params_total(spec) / (layout.ep * layout.etp)


def expert_data_parallel(gpus: int, layout: ExpertLayout) -> int:
    """GPUs that hold the same experts: ``EDP = gpus / (EP·ETP)``."""
    return max(1, gpus // (layout.ep * layout.etp))


def expert_state_bytes(
    spec: ModelSpec, layout: ExpertLayout, per: Mapping[str, float], zero: int, gpus: int
) -> dict[str, float]:
    """Bytes of the routed experts' weights, gradients and optimizer state on one GPU, each
    ``per[k] · expert_params_local`` divided by ``EDP`` where ZeRO shards it (stage 3 the
    weights, 2 the gradients, 1 the optimizer state)."""
    local = expert_params_local(spec, layout)
    return sharded_state_bytes(local, per, zero, expert_data_parallel(gpus, layout))


#: The ZeRO stage from which each part of the state is sharded.
_ZERO_STAGE: dict[str, int] = {"params": 3, "grads": 2, "optimizer": 1}


def sharded_state_bytes(
    params: float, per: Mapping[str, float], zero: int, edp: int
) -> dict[str, float]:
    """What ``params`` routed-expert parameters on one GPU keep of weights, gradients and
    optimizer state, in bytes: ``per[k] · params``, divided by the expert-data-parallel group
    ``edp`` where ZeRO shards that part (stage 3 the weights, 2 the gradients, 1 the optimizer
    state; Megatron's distributed optimizer shards the experts' state over that group, not over
    DP). The one count the Memory tab and the plan (:func:`core.plan.moe.expert_memory`) share."""
    return {k: per[k] * params / (edp if zero >= stage else 1) for k, stage in _ZERO_STAGE.items()}


@dataclass(frozen=True)
class Routing:
    """Rows of one MoE layer on one GPU per micro-batch (the module docstring's derivation).

    Attributes
    ----------
    tokens
        ``T``: the micro-batch's tokens on this GPU.
    sent_per_expert
        Rows this GPU's tokens send to one expert under balanced routing, ``T·k/E``.
    capacity
        ``⌈c·T·k/E⌉`` (``None``: dropless).
    kept
        The share of the rows kept, ``κ = min(1, capacity / (T·k/E))``.
    received
        Rows this GPU's experts receive, ``ETP·T·k·κ``.
    computed
        Full-width rows of this GPU's expert work, ``T·k·κ``.
    dropped
        Rows (token copies) this GPU's tokens lose to the capacity, ``T·k·(1 − κ)``.
    """

    tokens: int
    top_k: int
    experts: int
    layout: ExpertLayout
    sent_per_expert: Fraction
    capacity: int | None
    kept: Fraction

    @property
    def received(self) -> float:
        return float(self.layout.etp * self.tokens * self.top_k * self.kept)

    @property
    def computed(self) -> float:
        return float(self.tokens * self.top_k * self.kept)

    @property
    def dropped(self) -> float:
        return float(self.tokens * self.top_k * (1 - self.kept))

    @property
    def rows_per_expert(self) -> float:
        """Rows one expert of this GPU computes: ``EP·ETP·T·k·κ / E``."""
        return float(self.layout.ep * self.layout.etp * self.sent_per_expert * self.kept)


def routing(spec: TransformerSpec, tokens: int, layout: ExpertLayout) -> Routing:
    """The rows of one MoE layer on one GPU for ``tokens`` tokens (balanced routing)."""
    sent = Fraction(tokens * spec.top_k, spec.experts)
    capacity = kept = None
    if layout.capacity_factor is not None:
        capacity = math.ceil(Fraction(layout.capacity_factor) * sent)
        kept = min(Fraction(1), Fraction(capacity) / sent) if sent else Fraction(1)
    return Routing(tokens, spec.top_k, spec.experts, layout, sent, capacity,
                   Fraction(1) if kept is None else kept)  # fmt: skip


def dispatch_buffer_bytes(route: Routing, d_model: int, act_bytes: int) -> float:
    """The all-to-all's dispatch and combine buffers of one GPU: ``2 × received · d_model`` in
    the activations' dtype; 0 without expert parallelism (no all-to-all runs)."""
    if not route.layout.parallel:
        return 0.0
    return 2.0 * route.received * d_model * act_bytes


def routing_text(spec: TransformerSpec, layout: ExpertLayout, route: Routing, gpus: int) -> Text:
    """How the experts were counted, for the activations' formula: the routing assumption, the
    layout and, with a capacity factor, the dropped rows."""
    if not layout.parallel:
        text = translate(
            "Memory", "MoE layers under balanced routing (assumed): each of the {experts} experts "
            "gets s·b·{top_k}/{experts} rows; expert weights, gradients and optimizer state of "
            "all {experts} experts on this device (ep 1)",
        ).format(experts=str(spec.experts), top_k=str(spec.top_k))  # fmt: skip
    else:
        text = translate(
            "Memory", "MoE layers under balanced routing (assumed), EP {ep} × ETP {etp}: "
            "{local} experts per GPU, each at 1/ETP of its width; the GPU's experts receive "
            "ETP·s·b·k = {rows} rows; expert data parallelism EDP = {edp} GPUs (ZeRO shards "
            "the experts' state over them)",
        ).format(ep=str(layout.ep), etp=str(layout.etp), local=str(spec.experts // layout.ep),
                 rows=f"{route.received:,.0f}",
                 edp=str(expert_data_parallel(gpus, layout)))  # fmt: skip
    if route.capacity is None:
        return translate("Memory", "{text}; dropless").format(text=text)
    return translate(
        "Memory", "{text}; capacity ⌈{cf}·s·b·k/E⌉ = {capacity} rows per expert from each GPU, "
        "{dropped} of {rows} token copies dropped",
    ).format(text=text, cf=f"{layout.capacity_factor:g}", capacity=f"{route.capacity:,}",
             dropped=f"{route.dropped:,.0f}", rows=f"{route.tokens * route.top_k:,}")  # fmt: skip

"""The module names Megatron-Core's per-module recomputation takes, and their check.

Kept apart from :mod:`core.plan.recompute_modules` (which times and sizes the recomputation and
reads the plan's inputs) so that :mod:`core.plan.inputs` can check a name without an import circle.
"""

from __future__ import annotations

from core.errors import InputError
from core.texts import translate

__all__ = ["OFFLOAD_MODULES", "RECOMPUTE_MODULES", "check_modules", "names_in"]

#: The module names Megatron-Core's ``recompute_modules`` takes (its TransformerConfig).
RECOMPUTE_MODULES = (
    "core_attn",
    "moe_act",
    "layernorm",
    "mla_up_proj",
    "mlp",
    "moe",
    "shared_experts",
)


def names_in(values: object, allowed: tuple[str, ...], field: str, message: str) -> tuple[str, ...]:
    """``values`` (one name or a sequence) as a tuple when every name is in ``allowed``; else an
    :class:`~core.errors.InputError` on ``field`` with ``message`` (already translated, with
    ``{value}`` and ``{allowed}`` to fill) naming the wrong one and the allowed ones."""
    names = tuple(values) if isinstance(values, (tuple, list)) else (values,)
    for name in names:
        if name not in allowed:
            raise InputError(
                message.format(value=repr(name), allowed=", ".join(allowed)), field=field
            )
    return names


def check_modules(modules: object) -> tuple[str, ...]:
    """``modules`` as a tuple when every name is one :data:`RECOMPUTE_MODULES` allows; else an
    :class:`~core.errors.InputError` naming the wrong one and the allowed ones."""
    return names_in(
        modules, RECOMPUTE_MODULES, "recompute_modules",
        translate("Plan", "recompute module: {value}; allowed: {allowed}"),
    )  # fmt: skip


#: The module names Megatron-Core's fine-grained activation offloading takes
#: (``--offload-modules``, its TransformerConfig's ``offload_modules``) that the plan sizes: the
#: experts' first GEMM's input (``expert_fc1``) and the experts' activation's input
#: (``moe_act``), the tensors the published MoE runs offload.
OFFLOAD_MODULES = ("expert_fc1", "moe_act")

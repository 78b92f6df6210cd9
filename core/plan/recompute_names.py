"""The module names Megatron-Core's per-module recomputation takes, and their check.

Kept apart from :mod:`core.plan.recompute_modules` (which times and sizes the recomputation and
reads the plan's inputs) so that :mod:`core.plan.inputs` can check a name without an import circle.
"""

from __future__ import annotations

from core.errors import InputError
from core.texts import translate

__all__ = ["RECOMPUTE_MODULES", "check_modules"]

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


def check_modules(modules: object) -> tuple[str, ...]:
    """``modules`` as a tuple when every name is one :data:`RECOMPUTE_MODULES` allows; else an
    :class:`~core.errors.InputError` naming the wrong one and the allowed ones."""
    names = tuple(modules) if isinstance(modules, (tuple, list)) else (modules,)
    for name in names:
        if name not in RECOMPUTE_MODULES:
            raise InputError(
                translate("Plan", "recompute module: {value}; allowed: {allowed}").format(
                    value=repr(name), allowed=", ".join(RECOMPUTE_MODULES)
                ),
                field="recompute_modules",
            )
    return names

"""Whether a layout can run a mixture of experts: the checks :func:`core.plan.inputs.check_layout`
adds for one (kept apart from :mod:`core.plan.moe`, which reads the inputs, so that the inputs
import nothing that imports them back).

Megatron-LM refuses an MoE with tensor parallelism but no sequence parallelism ("When using MoE
and tensor parallelism, sequence parallelism must be used", its argument check); MoE Parallel
Folding (Liu et al. 2025, arXiv 2504.14960) lays the experts over the ``tp·cp·dp`` GPUs of a
pipeline stage as ETP × EP × EDP, so ``ep·etp`` must divide ``tp·cp·dp``.
"""

from __future__ import annotations

from typing import Any

from core.errors import InputError
from core.texts import translate

__all__ = ["layout_problem"]


def layout_problem(inp: Any, layout: Any, dp: int) -> InputError | None:
    """Why ``layout`` (with ``dp`` data-parallel ranks) cannot run the input's mixture of experts
    (``None``: it can): TP > 1 needs sequence parallelism (Megatron's rule), and ``ep·etp`` must
    divide ``tp·cp·dp`` (MoE Parallel Folding)."""
    spec = inp.model
    if not spec.is_moe:
        return None
    if layout.tp > 1 and not layout.sp:
        return InputError(
            translate("Plan", "sp: a mixture of experts with tp {tp} needs sequence parallelism "
                      "(Megatron-LM requires it with MoE and TP); allowed: --sp, or tp 1").format(
                tp=str(layout.tp)),
            field="sp",
        )  # fmt: skip
    ranks = layout.tp * layout.cp * dp
    if ranks % (layout.ep * layout.etp):
        return InputError(
            translate("Plan", "ep: ep {ep} × etp {etp} = {product} does not divide the {ranks} "
                      "GPUs of a pipeline stage (tp × cp × dp), which the experts share; allowed: "
                      "ep × etp dividing {ranks}").format(
                ep=str(layout.ep), etp=str(layout.etp), product=str(layout.ep * layout.etp),
                ranks=f"{ranks:,}"),
            field="ep",
        )  # fmt: skip
    return None

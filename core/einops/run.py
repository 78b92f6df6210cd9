"""Run an analysed einops call on real (small) CPU tensors and show the values.

Allocation is refused above a stated cap on elements (inputs plus outputs) and on FLOPs, checked
from the analysis before any tensor exists. Inputs hold 0, 1, 2, ... so a person can follow where
each element goes.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.einops.analysis import numel
from core.einops.model import EinopsAnalysis
from core.errors import InputError
from core.texts import translate

__all__ = ["DEFAULT_CAP", "FLOP_CAP", "RealRun", "run_real"]

#: Default cap on elements allocated by "Run on real tensors" (inputs + outputs).
DEFAULT_CAP = 1_000_000
#: Cap on the FLOPs of a real run (keeps a tiny-input, huge-contraction einsum from hanging).
FLOP_CAP = 2e8


@dataclass(frozen=True)
class RealRun:
    """The inputs and outputs of one real run, as text, and the elements allocated."""

    inputs: list[str]
    outputs: list[str]
    elements: int
    matches_analysis: bool


def _text(tensor: object) -> str:
    """Shape and values (torch's own printing, which summarises above 1000 elements)."""
    return translate("Einops", "shape {shape}\n{values}").format(
        shape=tuple(tensor.shape),  # type: ignore[attr-defined]
        values=f"{tensor}",  # format(), not str(): a 0-d tensor prints as its value
    )


def run_real(res: EinopsAnalysis, cap: int = DEFAULT_CAP) -> RealRun:
    """Run the call with einops on CPU tensors of ``res.input_shapes``.

    Raises
    ------
    InputError
        When the call is not valid or would allocate more than ``cap`` elements or compute more
        than :data:`FLOP_CAP` FLOPs (nothing is allocated then).
    """
    if not res.valid:
        raise InputError(
            translate("Einops", "run on real tensors: the call is not valid; fix the pattern first")
        )
    elements = sum(numel(s) for s in res.input_shapes) + sum(numel(s) for s in res.output_shapes)
    if elements > cap:
        raise InputError(
            translate(
                "Einops",
                "run on real tensors: {elements} elements (inputs + outputs) is over the cap "
                "of {cap}; shrink the shapes",
            ).format(elements=f"{elements:,}", cap=f"{cap:,}")
        )
    if res.flops > FLOP_CAP:
        raise InputError(
            translate(
                "Einops", "run on real tensors: {flops} FLOPs is over the cap of {cap}"
            ).format(flops=f"{res.flops:.3g}", cap=f"{FLOP_CAP:.0e}")
        )
    import einops
    import torch

    inputs = [torch.arange(numel(s), dtype=torch.float32).reshape(s) for s in res.input_shapes]
    axes = res.axes_lengths
    if res.op == "rearrange":
        outputs = [einops.rearrange(inputs[0], res.pattern, **axes)]
    elif res.op == "reduce":
        outputs = [einops.reduce(inputs[0], res.pattern, str(res.reduction), **axes)]
    elif res.op == "repeat":
        outputs = [einops.repeat(inputs[0], res.pattern, **axes)]
    elif res.op == "einsum":
        outputs = [einops.einsum(*inputs, res.pattern)]  # type: ignore[call-overload]
    elif res.op == "pack":
        outputs = [einops.pack(inputs, res.pattern)[0]]
    else:
        outputs = list(einops.unpack(inputs[0], [list(p) for p in res.packed_shapes], res.pattern))
    matches = [tuple(o.shape) for o in outputs] == res.output_shapes
    return RealRun([_text(t) for t in inputs], [_text(t) for t in outputs], elements, matches)

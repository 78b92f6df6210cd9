"""Analyse one einops call without allocating its tensors: validity, shapes, plan, code and cost.

:func:`analyse` runs einops itself on ``device="meta"`` tensors (shapes and strides, no storage),
so validity, output shapes and the error always agree with real einops, and a 10^12-element shape
costs the same as a 10-element one. It then explains the call: every axis's length and role, the
steps einops takes with intermediate shapes, equivalent plain PyTorch code, FLOPs and bytes for a
dtype, and whether the output is a view. It never raises and never evaluates the pattern.

torch and einops are imported on first use; :func:`warm_up` pays that cost (about 2 s) and is
meant to run in a background thread at start-up.
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

from core.echo import brief
from core.einops.errors import clean_reason, compose, explain
from core.einops.model import OPS, REDUCTIONS, EinopsAnalysis, PlanStep
from core.einops.text import (
    MAX_ELEMENTS,
    MAX_PATTERN,
    check_axes,
    check_shape,
    format_axes,
    format_shape,
)
from core.errors import InputError
from core.roofline.hardware import DTYPE_BYTES, storage_bytes
from core.roofline.ops import contraction_flops, lecture_count_note, reduction_flops
from core.texts import Text, translate

__all__ = ["analyse", "contiguous_strides", "is_warm", "numel", "warm_up"]

_warm = False


def numel(shape: Sequence[int]) -> int:
    """Number of elements of ``shape`` (1 for a 0-d tensor)."""
    out = 1
    for d in shape:
        out *= d
    return out


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    """Row-major strides (in elements) of a contiguous tensor of ``shape``."""
    strides, step = [], 1
    for d in reversed(shape):
        strides.append(step)
        step *= max(d, 1)
    return tuple(reversed(strides))


def _check_inputs(result: EinopsAnalysis, n_shapes: int) -> None:
    """Raise :class:`InputError` for arguments einops would never see (wrong op, arity, dtype)."""
    if result.op not in OPS:
        raise InputError(
            translate("Einops", "op: unknown {op}; allowed: {allowed}").format(
                op=brief(result.op), allowed=", ".join(OPS)
            ),
            field="op",
        )
    if result.dtype not in DTYPE_BYTES:
        raise InputError(
            translate("Einops", "dtype: unknown {dtype}; allowed: {allowed}").format(
                dtype=brief(result.dtype), allowed=", ".join(DTYPE_BYTES)
            ),
            field="dtype",
        )
    if not isinstance(result.pattern, str) or not result.pattern.strip():
        raise InputError(
            translate("Einops", "pattern: empty; enter a pattern such as 'b s (h d) -> b h s d'"),
            field="pattern",
        )
    if len(result.pattern) > MAX_PATTERN:
        raise InputError(
            translate("Einops", "pattern: {n} characters; allowed: at most {most}").format(
                n=len(result.pattern), most=MAX_PATTERN
            ),
            field="pattern",
        )
    single = result.op in ("rearrange", "reduce", "repeat", "unpack")
    if single and n_shapes != 1:
        raise InputError(
            translate("Einops", "shapes: {op} takes one input tensor, got {n} shapes").format(
                op=result.op, n=n_shapes
            ),
            field="shape",
        )
    if not single and not 1 <= n_shapes <= 26:
        raise InputError(
            translate("Einops", "shapes: {op} takes 1 to 26 input tensors, got {n}").format(
                op=result.op, n=n_shapes
            ),
            field="shape",
        )
    if result.op == "reduce" and result.reduction not in REDUCTIONS:
        raise InputError(
            translate(
                "Einops", "reduction: {reduction} is not supported; allowed: {allowed}"
            ).format(reduction=brief(result.reduction), allowed=", ".join(REDUCTIONS)),
            field="reduction",
        )
    if result.op == "unpack" and not result.packed_shapes:
        raise InputError(
            translate(
                "Einops", "packed shapes: unpack needs one packed shape per output, e.g. 2 and 1"
            ),
            field="packed_shape",
        )


#: An einsum whose inputs' element counts multiply to at most this runs on small CPU tensors
#: (zeros): at most this many multiply-adds, microseconds of work. Meta tensors would send torch's
#: meta ``bmm`` through ``torch.fx.experimental.symbolic_shapes``, whose first import (sympy)
#: costs about half a second of a cold ``napkinlab einops einsum``. The shapes and the errors are
#: the same: both devices go through the same ``at::einsum``.
SMALL_EINSUM_WORK = 10**7


def _run_meta(res: EinopsAnalysis) -> tuple[Any, list[Any]]:
    """Run einops on meta tensors (small einsums on CPU zeros); returns the result and inputs."""
    global _warm
    import einops
    import torch

    _warm = True
    device = "meta"
    if (
        res.op == "einsum"
        and math.prod(math.prod(s) for s in res.input_shapes) <= SMALL_EINSUM_WORK
    ):
        device = "cpu"
    inputs = [torch.zeros(s, device=device) for s in res.input_shapes]
    if res.op == "rearrange":
        return einops.rearrange(inputs[0], res.pattern, **res.axes_lengths), inputs
    if res.op == "reduce":
        return einops.reduce(inputs[0], res.pattern, str(res.reduction), **res.axes_lengths), inputs
    if res.op == "repeat":
        return einops.repeat(inputs[0], res.pattern, **res.axes_lengths), inputs
    if res.op == "einsum":
        return einops.einsum(*inputs, res.pattern), inputs  # type: ignore[call-overload]
    if res.op == "pack":
        return einops.pack(inputs, res.pattern), inputs
    return einops.unpack(inputs[0], [list(p) for p in res.packed_shapes], res.pattern), inputs


def _explain_failure(res: EinopsAnalysis, exc: BaseException) -> None:
    reason = clean_reason(str(exc)) or type(exc).__name__
    res.valid = False
    if res.op in ("rearrange", "reduce", "repeat"):
        res.error, res.error_span = explain(
            res.op, res.pattern, res.input_shapes, res.axes_lengths, reason
        )
    elif res.op == "einsum":
        from core.einops.einsum import diagnose_einsum

        found = None
        try:
            found = diagnose_einsum(res.pattern, res.input_shapes)
        except Exception:  # a malformed pattern the diagnosis cannot walk: fall back to einops
            found = None
        ctx = translate("Einops", "input shapes: {shapes}").format(
            shapes="; ".join(format_shape(s) for s in res.input_shapes)
        )
        if found is None:
            res.error, res.error_span = explain("einsum", res.pattern, res.input_shapes, {}, reason)
        else:
            head, spans, hint = found
            res.error = compose(head, res.pattern, spans, ctx, hint)
            res.error_span = (spans[0][0], spans[-1][1]) if spans else None
    else:
        from core.einops.pack import explain_pack

        res.error, res.error_span = explain_pack(
            res.op, res.pattern, res.input_shapes, res.packed_shapes, reason
        )
    if not res.error:
        res.error = _refused(res.op, reason)


def _refused(op: str, reason: str) -> Text:
    """einops' own reason (its English), said to be einops' refusal."""
    return translate("Einops", "{op} refused the call: {reason}").format(op=op, reason=reason)


def _base(t: Any) -> Any:
    return t if getattr(t, "_base", None) is None else t._base


def _stored(dtype: str, shapes: Sequence[Sequence[int]]) -> float:
    """Bytes of the tensors of ``shapes``, each in whole bytes (packed fp4: ceil(n / 2))."""
    return float(sum(storage_bytes(dtype, numel(s)) for s in shapes))


def _describe(res: EinopsAnalysis, out: Any, inputs: list[Any]) -> None:
    """Fill in shapes, plan, code, cost and warnings of a call einops accepted."""
    outputs = list(out) if res.op == "unpack" else [out[0] if res.op == "pack" else out]
    res.output_shapes = [tuple(int(d) for d in o.shape) for o in outputs]
    res.output_strides = [tuple(int(s) for s in o.stride()) for o in outputs]
    res.input_strides = [contiguous_strides(s) for s in res.input_shapes]
    in_bases = {id(_base(x)) for x in inputs}
    views = [id(_base(o)) in in_bases for o in outputs]
    res.is_view = all(views)
    n_in = sum(numel(s) for s in res.input_shapes)
    n_out = sum(numel(s) for s in res.output_shapes)
    if n_out > MAX_ELEMENTS:
        res.warnings.append(
            translate(
                "Einops", "the output has {n} elements, more than any real device holds"
            ).format(n=f"{n_out:.3g}")
        )
    moved = 0 if res.is_view else 1
    res.bytes_read = _stored(res.dtype, res.input_shapes) * moved
    res.bytes_written = _stored(res.dtype, res.output_shapes) * moved
    if res.op in ("rearrange", "reduce", "repeat"):
        _describe_transform(res, inputs[0], n_in, n_out)
    elif res.op == "einsum":
        from core.einops.einsum import plan_einsum

        plan = plan_einsum(res.pattern, res.input_shapes, res.output_shapes[0])
        res.axes, res.plan, res.torch_code = plan.axes, plan.steps, plan.code
        res.warnings.extend(plan.warnings)
        counted = contraction_flops(plan.operands, plan.output_names, plan.lengths)
        res.flops = float(counted.flops)
        res.flops_note = lecture_count_note(counted.flops, counted.lecture_flops)
    elif res.op == "pack":
        from core.einops.pack import plan_pack

        res.axes, res.plan, res.torch_code = plan_pack(
            res.pattern, res.input_shapes, res.output_shapes[0]
        )
    else:
        from core.einops.pack import plan_unpack

        res.axes, res.plan, res.torch_code = plan_unpack(
            res.pattern, res.input_shapes[0], res.packed_shapes, res.output_shapes
        )
        copied = [s for s, v in zip(res.output_shapes, views, strict=True) if not v]
        res.bytes_read = res.bytes_written = _stored(res.dtype, copied)


def _describe_transform(res: EinopsAnalysis, x: Any, n_in: int, n_out: int) -> None:
    from core.einops.codegen import apply_steps, render_code
    from core.einops.transform import plan_transform

    shape = res.input_shapes[0]
    plan = plan_transform(res.op, res.pattern, shape, res.axes_lengths, res.reduction)
    res.axes = list(plan.axes)
    res.torch_code = render_code(plan.steps, plan.input_names)
    results = apply_steps(x, plan.steps)
    the_input = translate("Einops", "the input tensor")
    res.plan = [PlanStep("input", the_input, shape, plan.input_names, None)]
    for step, (tensor, view) in zip(plan.steps, results, strict=True):
        res.plan.append(
            PlanStep(step.kind, step.detail, tuple(int(d) for d in tensor.shape), step.names, view)
        )
    if any(s.kind == "reduce" for s in plan.steps):
        res.flops = float(reduction_flops(n_in, n_out, res.reduction or "sum"))
        res.flops_note = lecture_count_note(res.flops, res.flops - (n_out if n_in else 0))
        if res.reduction == "mean" and n_in == 0 and n_out > 0:
            res.warnings.append(translate("Einops", "mean over a length-0 axis gives NaN"))
    if res.op == "repeat" and res.is_view and any(s == 0 for s in res.output_strides[0]):
        res.warnings.append(
            translate(
                "Einops",
                "repeat returned a view: the repeated axes have stride 0, so every copy aliases "
                "the input's memory. Writing into the result in place changes the input and all "
                "copies; call .clone() first if you need to write.",
            )
        )


def analyse(
    op: str,
    pattern: str,
    shapes: Sequence[Sequence[int]],
    axes: Mapping[str, int] | None = None,
    *,
    reduction: str | None = None,
    packed_shapes: Sequence[Sequence[int]] | None = None,
    dtype: str = "fp32",
) -> EinopsAnalysis:
    """Analyse ``einops.<op>(tensors, pattern, ...)`` for tensors of ``shapes``.

    Parameters
    ----------
    op
        One of :data:`~core.einops.model.OPS`.
    pattern
        The einops pattern, e.g. ``"b s (h d) -> b h s d"``; never evaluated.
    shapes
        One shape per input tensor (``()`` is a 0-d tensor).
    axes
        Named axis lengths (``{"h": 2}``), as keyword arguments to einops.
    reduction
        For ``reduce``: one of :data:`~core.einops.model.REDUCTIONS`.
    packed_shapes
        For ``unpack``: the shape each output's ``*`` stands for (one ``-1`` allowed).
    dtype
        Element type for bytes (a key of :data:`core.roofline.hardware.DTYPE_BYTES`).

    Returns
    -------
    EinopsAnalysis
        ``valid`` is False with a message in ``error`` for anything einops refuses and for bad
        arguments; this function does not raise.
    """
    res = EinopsAnalysis(
        op=str(op),
        pattern=pattern if isinstance(pattern, str) else "",
        input_shapes=[],
        dtype=str(dtype),
    )
    res.reduction = reduction if op == "reduce" else None
    try:
        res.input_shapes = [check_shape(tuple(s), f"shape {i + 1}") for i, s in enumerate(shapes)]
        res.axes_lengths = check_axes(dict(axes or {}))
        res.packed_shapes = (
            [
                check_shape(tuple(p), f"packed shape {i + 1}", allow_minus_one=True)
                for i, p in enumerate(packed_shapes or [])
            ]
            if op == "unpack"
            else []
        )
        _check_inputs(res, len(res.input_shapes))
    except InputError as exc:
        res.error, res.error_kind, res.error_field = exc.message, "arguments", exc.field
        return res
    except (TypeError, ValueError) as exc:
        res.error = translate(
            "Einops", "arguments: {problem}; allowed: shapes as lists of whole numbers"
        ).format(problem=str(exc))
        res.error_kind = "arguments"
        return res
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out, inputs = _run_meta(res)
        except Exception as exc:  # einops' or torch's refusal, explained below
            res.error_kind = "pattern"
            try:
                _explain_failure(res, exc)
            except Exception as inner:  # never let the explanation hide the answer
                res.error = compose(
                    _refused(res.op, clean_reason(str(exc))),
                    res.pattern,
                    [],
                    translate("Einops", "shapes: {shapes}; axis lengths: {axes}").format(
                        shapes="; ".join(format_shape(s) for s in res.input_shapes),
                        axes=format_axes(res.axes_lengths),
                    ),
                    translate("Einops", "(while explaining: {kind})").format(
                        kind=type(inner).__name__
                    ),
                )
            return res
        res.valid = True
        try:
            _describe(res, out, inputs)
        except Exception as exc:  # pragma: no cover - a bug here must not hide validity
            res.warnings.append(
                translate("Einops", "could not explain this call fully ({kind}: {problem})").format(
                    kind=type(exc).__name__, problem=str(exc)
                )
            )
    for w in caught:
        text = str(w.message)
        if text not in res.warnings:
            res.warnings.append(text)
    return res


def is_warm() -> bool:
    """Whether torch and einops are loaded (an analysis has completed), so the next is fast."""
    return _warm


def warm_up() -> float:
    """Import torch and einops and analyse one call of each kind; returns the seconds it took.

    Call it once in a background thread at start-up so the first analysis a person asks for is
    fast (the imports take about 2 s); it is safe to call again (then it is cheap).
    """
    start = time.perf_counter()
    analyse("reduce", "... hidden -> ...", [(2, 3, 4)], reduction="sum")
    analyse("rearrange", "b s (h d) -> b h s d", [(2, 3, 8)], {"h": 2})
    analyse("einsum", "b s1 h, b s2 h -> b s1 s2", [(2, 3, 4), (2, 3, 4)])
    analyse("pack", "b * c", [(2, 3), (2, 4, 3)])
    return time.perf_counter() - start

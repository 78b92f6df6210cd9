"""Human-readable lines for an :class:`~core.einops.model.EinopsAnalysis` (CLI text and the tab).

Only formatting: every number comes from the analysis.
"""

from __future__ import annotations

from core.einops.model import EinopsAnalysis
from core.einops.text import format_shape
from core.texts import Text, translate
from core.units import format_bytes, format_flops, format_sig

__all__ = ["call_text", "cost_line", "report_text", "strides_line", "view_line"]


def call_text(res: EinopsAnalysis) -> str:
    """The call as einops code, e.g. ``rearrange(x, "b s (h d) -> b h s d", h=2)``."""
    n = len(res.input_shapes)
    names = "x" if n == 1 else ", ".join(f"x{i}" for i in range(n))
    pattern = '"' + res.pattern.replace("\\", "\\\\").replace('"', '\\"') + '"'
    axes = "".join(f", {k}={v}" for k, v in res.axes_lengths.items())
    if res.op == "reduce":
        return f'reduce({names}, {pattern}, "{res.reduction}"{axes})'
    if res.op == "einsum":
        return f"einsum({names}, {pattern})"
    if res.op == "pack":
        return f"pack([{names}], {pattern})"
    if res.op == "unpack":
        shapes = ", ".join(format_shape(p) for p in res.packed_shapes)
        return f"unpack({names}, [{shapes}], {pattern})"
    return f"{res.op}({names}, {pattern}{axes})"


def cost_line(res: EinopsAnalysis) -> Text:
    """``126 FLOPs · read 192 B · write 72 B · 0.48 FLOP/byte (bf16)``."""
    intensity = res.intensity
    if intensity is not None:
        per_byte = translate("Einops", "{intensity} FLOP/byte").format(
            intensity=format_sig(intensity, 3)
        )
    else:
        per_byte = translate("Einops", "no bytes moved")
    return translate(
        "Einops", "{flops} · read {read} · write {written} · {per_byte} ({dtype})"
    ).format(
        flops=format_flops(res.flops),
        read=format_bytes(res.bytes_read),
        written=format_bytes(res.bytes_written),
        per_byte=per_byte,
        dtype=res.dtype,
    )


def view_line(res: EinopsAnalysis) -> Text:
    """Whether the output is a view, and which step copies when it is not."""
    if res.is_view:
        return translate("Einops", "view of the input: no bytes copied (shares its memory)")
    copying = [s for s in res.plan if s.is_view is False]
    if res.op in ("reduce", "einsum", "pack") and not copying:
        return translate("Einops", "new tensor: the result is computed into fresh memory")
    if copying:
        return translate(
            "Einops", "copy: the {step} step cannot be a view of the strided data"
        ).format(step=copying[0].op)
    return translate("Einops", "copy: the output has its own memory")


def strides_line(res: EinopsAnalysis) -> Text:
    """Input and output strides in elements."""
    return translate("Einops", "strides (elements): input {inputs} → output {outputs}").format(
        inputs="; ".join(format_shape(s) for s in res.input_strides),
        outputs="; ".join(format_shape(s) for s in res.output_strides),
    )


def report_text(res: EinopsAnalysis) -> str:
    """The whole analysis as plain text (the CLI's default output)."""
    shapes = "; ".join(format_shape(s) for s in res.input_shapes)
    label = "x" if len(res.input_shapes) == 1 else "shapes"
    lines = [f"{call_text(res)}   with {label}: {shapes}"]
    if not res.valid:
        lines.append("INVALID")
        lines.append(res.error or "")
        return "\n".join(lines)
    outs = "; ".join(format_shape(s) for s in res.output_shapes)
    lines.append(f"valid: output shape {outs}")
    lines.append(view_line(res))
    lines.append(f"cost: {cost_line(res)}")
    lines.append(strides_line(res))
    lines.append("axes:")
    width = max([len(a.name) for a in res.axes] + [4])
    for a in res.axes:
        lines.append(f"  {a.name:<{width}}  {a.length:>12,}  {a.role:<12} {a.note}".rstrip())
    lines.append("plan:")
    for step in res.plan:
        kind = {True: "view", False: "copy", None: ""}[step.is_view]
        lines.append(
            f"  {step.op:<13} {format_shape(step.shape):<22} {kind:<5} {step.detail}".rstrip()
        )
    lines.append("PyTorch:")
    lines.extend("  " + line for line in res.torch_code.splitlines())
    for w in res.warnings:
        lines.append(f"warning: {w}")
    if res.flops:
        lines.append(f"FLOPs: {res.flop_convention}")
    if res.flops_note:
        lines.append(f"note: {res.flops_note}")
    return "\n".join(lines)

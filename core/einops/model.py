"""The result of analysing one einops call: plain data shared by the CLI, the tab and the tests.

Nothing here imports torch or einops; :mod:`core.einops.analysis` fills these records in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.texts import translate

__all__ = [
    "FLOP_CONVENTION",
    "OPS",
    "REDUCTIONS",
    "AxisInfo",
    "EinopsAnalysis",
    "PlanStep",
]

#: The einops functions the analyser understands.
OPS: tuple[str, ...] = ("rearrange", "reduce", "repeat", "einsum", "pack", "unpack")

#: The reductions ``einops.reduce`` accepts by name.
REDUCTIONS: tuple[str, ...] = ("sum", "mean", "max", "min", "prod", "any", "all")

#: How FLOPs are counted (shown next to every FLOP figure).
FLOP_CONVENTION = translate(
    "Einops",
    "A multiply-add counts 2 FLOPs, so a matmul is 2·m·k·n, as on the Roofline tab and in torch's "
    "FlopCounterMode; a sum of n terms is n adds. reduce: one add (compare, multiply) per input "
    "element, plus one divide per output for mean. einsum, evaluated as torch does: an axis in "
    "one input only is summed first (1 add per element), then inputs are contracted pairwise, "
    "left to right: 2 FLOPs per index combination of a step that sums an axis, 1 (a multiply) "
    "of one that does not. rearrange, repeat, pack and unpack move data and count 0 FLOPs. "
    "Zero-length axes give 0. The lecture's exact count (a length-n dot product as 2n − 1) is "
    "shown as a note.",
)


@dataclass(frozen=True)
class AxisInfo:
    """One elementary axis of the call: its display name, inferred length and role.

    ``role`` is one of ``kept``, ``split``, ``merged``, ``split+merged``, ``reduced``,
    ``repeated``, ``broadcast``, ``contracted``, ``summed``, ``packed``, ``ellipsis``.
    """

    name: str
    length: int
    role: str
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form."""
        return {"name": self.name, "length": self.length, "role": self.role, "note": self.note}


@dataclass(frozen=True)
class PlanStep:
    """One step of the plan: what it does, the shape (and axis names) after it, view or copy."""

    op: str
    detail: str
    shape: tuple[int, ...]
    names: tuple[str, ...] = ()
    is_view: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form."""
        return {
            "op": self.op,
            "detail": self.detail,
            "shape": list(self.shape),
            "names": list(self.names),
            "is_view": self.is_view,
        }


@dataclass
class EinopsAnalysis:
    """Everything the analyser found out about one call.

    Attributes
    ----------
    valid
        True when einops itself accepts the call (checked on ``meta`` tensors).
    error
        When not valid: what is wrong (with a caret line under the bad token), the pattern and
        shapes repeated, and what would be valid. ``None`` when valid.
    error_span
        ``(start, end)`` character positions in the pattern the error points at, when known.
    error_kind
        ``"arguments"`` when the inputs themselves are malformed (unknown op or dtype, a bad
        shape, the wrong number of shapes), ``"pattern"`` when einops refused the call.
    error_field
        For argument errors: which input the message is about (``shape``, ``axes``, ...).
    output_shapes
        One shape per output (one for every op except ``unpack``).
    flops, bytes_read, bytes_written
        Cost for :attr:`dtype` under :data:`FLOP_CONVENTION`; bytes are zero for a view.
    flops_note
        The lecture's exact count (a sum of n terms as n − 1 adds) beside :attr:`flops`, or ''.
    is_view
        Whether the output shares the input's memory (no bytes copied).
    """

    op: str
    pattern: str
    input_shapes: list[tuple[int, ...]]
    axes_lengths: dict[str, int] = field(default_factory=dict)
    reduction: str | None = None
    packed_shapes: list[tuple[int, ...]] = field(default_factory=list)
    dtype: str = "fp32"
    valid: bool = False
    error: str | None = None
    error_span: tuple[int, int] | None = None
    error_kind: str | None = None
    error_field: str | None = None
    output_shapes: list[tuple[int, ...]] = field(default_factory=list)
    axes: list[AxisInfo] = field(default_factory=list)
    plan: list[PlanStep] = field(default_factory=list)
    torch_code: str = ""
    flops: float = 0.0
    flops_note: str = ""
    bytes_read: float = 0.0
    bytes_written: float = 0.0
    is_view: bool | None = None
    input_strides: list[tuple[int, ...]] = field(default_factory=list)
    output_strides: list[tuple[int, ...]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def output_shape(self) -> tuple[int, ...] | None:
        """The single output's shape (``None`` for ``unpack`` or an invalid call)."""
        if not self.valid or self.op == "unpack" or not self.output_shapes:
            return None
        return self.output_shapes[0]

    @property
    def intensity(self) -> float | None:
        """FLOPs per byte moved, or ``None`` when no bytes move."""
        moved = self.bytes_read + self.bytes_written
        return self.flops / moved if moved > 0 else None

    @property
    def flop_convention(self) -> str:
        """How :attr:`flops` is counted."""
        return FLOP_CONVENTION

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form (the CLI's ``--json`` keys)."""
        if not self.valid:
            output: Any = None
        elif self.op == "unpack":
            output = [list(s) for s in self.output_shapes]
        else:
            output = list(self.output_shapes[0])
        return {
            "op": self.op,
            "pattern": self.pattern,
            "input_shapes": [list(s) for s in self.input_shapes],
            "axes_lengths": dict(self.axes_lengths),
            "reduction": self.reduction,
            "packed_shapes": [list(s) for s in self.packed_shapes],
            "dtype": self.dtype,
            "valid": self.valid,
            "error": self.error,
            "error_span": list(self.error_span) if self.error_span else None,
            "error_kind": self.error_kind,
            "output_shape": output,
            "axes": [a.to_dict() for a in self.axes],
            "plan": [s.to_dict() for s in self.plan],
            "torch_code": self.torch_code,
            "flops": self.flops,
            "bytes_read": self.bytes_read,
            "bytes_written": self.bytes_written,
            "intensity": self.intensity,
            "flop_convention": FLOP_CONVENTION,
            "flops_note": self.flops_note,
            "is_view": self.is_view,
            "input_strides": [list(s) for s in self.input_strides],
            "output_strides": [list(s) for s in self.output_strides],
            "warnings": list(self.warnings),
        }

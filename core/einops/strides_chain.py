"""A chain of layout operations typed as text, applied step by step to ``arange(n).reshape(shape)``.

One syntax serves the CLI (``--op``) and the tab (one step per row):

=====================  =====================================================================
``view 2,6``           ``x.view(2, 6)``; ``-1`` infers one size (also ``reshape``, ``expand``)
``transpose 0 1``      ``x.transpose(0, 1)``; ``permute 1 0``, ``t``, ``contiguous``
``flatten [S [E]]``    ``x.flatten(S, E)``; ``unsqueeze D``, ``squeeze [D]``
``narrow D S L``       ``x.narrow(D, S, L)``; ``select D I``
``[:, 1:3]``           Python indexing: integers and ``start:stop:step`` slices, steps > 0
=====================  =====================================================================

Arguments may be separated by spaces or commas and wrapped in parentheses, and a leading ``x.``
is ignored, so ``x.transpose(0, 1)`` is read as ``transpose 0 1``. Text that is no operation
raises :class:`~core.errors.InputError`; an operation torch would refuse is a step with an error
(the answer, not bad input) that leaves ``x`` as it was, as a failed line in a notebook does: the
next step applies to the tensor before the refused one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from core.echo import brief
from core.einops import strides_ops as ops
from core.einops.strides import Layout, contiguous_strides
from core.errors import InputError
from core.texts import Text, translate

__all__ = [
    "DEFAULT_OPS",
    "DEFAULT_SHAPE",
    "DTYPE_SIZES",
    "OP_NAMES",
    "Op",
    "StepResult",
    "StridesChain",
    "parse_op",
    "run_chain",
    "start_layout",
    "stride_dtype",
]

#: The lecture's example: ``x = torch.arange(12).reshape(3, 4)``.
DEFAULT_SHAPE = (3, 4)
#: The default steps: a transpose is a view, ``view`` then fails, ``contiguous`` copies, and
#: ``view`` of the copy succeeds.
DEFAULT_OPS = ("transpose 0 1", "view 12", "contiguous", "view 12")

#: Bytes per element of the torch dtypes offered (``torch.arange`` makes int64).
DTYPE_SIZES: dict[str, int] = {
    "int64": 8,
    "float64": 8,
    "float32": 4,
    "int32": 4,
    "float16": 2,
    "bfloat16": 2,
    "int16": 2,
    "int8": 1,
    "uint8": 1,
    "bool": 1,
}
_ALIASES = {
    "long": "int64",
    "double": "float64",
    "float": "float32",
    "fp32": "float32",
    "fp64": "float64",
    "int": "int32",
    "half": "float16",
    "fp16": "float16",
    "bf16": "bfloat16",
    "short": "int16",
}

#: Operation names with the arguments they take (shown in errors and tooltips).
OP_NAMES: dict[str, str] = {
    "view": "view SHAPE",
    "reshape": "reshape SHAPE",
    "expand": "expand SIZES",
    "transpose": "transpose DIM0 DIM1",
    "permute": "permute DIMS",
    "t": "t",
    "contiguous": "contiguous",
    "flatten": "flatten [START [END]]",
    "unsqueeze": "unsqueeze DIM",
    "squeeze": "squeeze [DIM]",
    "narrow": "narrow DIM START LENGTH",
    "select": "select DIM INDEX",
    "[": "[I, A:B:C, ...]",
}

_INT = re.compile(r"^[+-]?\d+$")
_NAME = re.compile(r"^([A-Za-z_]+)\s*(.*)$", re.DOTALL)
_MAX_ARG = 2**40


def stride_dtype(text: str) -> str:
    """The torch dtype name for ``text`` (``float32``, ``fp32``, ``torch.half``, …)."""
    key = str(text).strip().lower().removeprefix("torch.")
    key = _ALIASES.get(key, key)
    if key not in DTYPE_SIZES:
        raise InputError(
            translate("Strides", "dtype: unknown {dtype}; allowed: {allowed}").format(
                dtype=brief(text), allowed=", ".join(DTYPE_SIZES)
            ),
            field="dtype",
        )
    return key


def start_layout(shape: Sequence[int], dtype: str = "int64") -> Layout:
    """``torch.arange(n, dtype=dtype).reshape(shape)``: contiguous, offset 0, its own storage."""
    shape = tuple(int(s) for s in shape)
    n = 1
    for s in shape:
        n *= s
    return Layout(shape, contiguous_strides(shape), 0, DTYPE_SIZES[stride_dtype(dtype)], n)


@dataclass(frozen=True)
class Op:
    """A parsed operation: its name, its arguments and how it is written in torch."""

    name: str
    args: tuple[Any, ...]
    text: str

    def code(self) -> str:
        """The call in torch, e.g. ``x.transpose(0, 1)`` or ``x[:, 1:3]``."""
        if self.name == "[":
            return "x[" + ", ".join(_item_text(i) for i in self.args) + "]"
        if self.name in ("view", "reshape", "expand", "permute"):
            return f"x.{self.name}({', '.join(str(a) for a in self.args[0])})"
        return f"x.{self.name}({', '.join(str(a) for a in self.args if a is not None)})"


def _item_text(item: ops.IndexItem) -> str:
    if isinstance(item, int):
        return str(item)
    start, stop, step = item
    text = f"{'' if start is None else start}:{'' if stop is None else stop}"
    return text if step == 1 else f"{text}:{step}"


def _bad(text: str, problem: Text | str) -> InputError:
    return InputError(
        translate("Strides", "operation {op}: {problem}").format(op=brief(text), problem=problem),
        field="op",
    )


def _ints(text: str, rest: str) -> list[int]:
    tokens = [t for t in re.split(r"[\s,]+", rest.strip().strip("()[]").strip()) if t]
    out = []
    for tok in tokens:
        if not _INT.match(tok) or abs(int(tok)) > _MAX_ARG:
            raise _bad(
                text,
                translate(
                    "Strides", "{token} is not an integer; allowed: integers up to 2^40"
                ).format(token=brief(tok)),
            )
        out.append(int(tok))
    return out


def _index_items(text: str, body: str) -> list[ops.IndexItem]:
    parts = [p.strip() for p in body.split(",")]
    if parts == [""]:
        return []
    items: list[ops.IndexItem] = []
    for part in parts:
        if part == "...":
            raise _bad(text, translate("Strides", "'...' is not supported; write one ':' per dim"))
        if ":" not in part:
            items.append(_ints(text, part)[0] if _INT.match(part) else _index_fail(text, part))
            continue
        bits = part.split(":")
        if len(bits) > 3 or any(b.strip() and not _INT.match(b.strip()) for b in bits):
            _index_fail(text, part)
        nums = [int(b) if b.strip() else None for b in bits] + [None] * (3 - len(bits))
        items.append((nums[0], nums[1], 1 if nums[2] is None else nums[2]))
    return items


def _index_fail(text: str, part: str) -> int:
    raise _bad(
        text,
        translate(
            "Strides", "{item} is not an index; allowed: an integer or start:stop:step slice"
        ).format(item=brief(part)),
    )


def _count(text: str, name: str, args: list[int], allowed: Sequence[int]) -> None:
    if len(args) not in allowed:
        raise _bad(
            text,
            translate("Strides", "takes {usage}; got {count} numbers").format(
                usage=OP_NAMES[name], count=len(args)
            ),
        )


def parse_op(text: str) -> Op:
    """Read one operation; raises :class:`~core.errors.InputError` naming what is wrong."""
    raw = str(text).strip()
    body = raw.removeprefix("x").lstrip() if raw.startswith(("x.", "x[")) else raw
    body = body.removeprefix(".").strip()
    if not body:
        raise _bad(raw, translate("Strides", "empty; allowed: {ops}").format(ops=_allowed()))
    if body.startswith("["):
        if not body.endswith("]"):
            raise _bad(raw, translate("Strides", "an index must end with ]"))
        return Op("[", tuple(_index_items(raw, body[1:-1])), raw)
    match = _NAME.match(body)
    name = match.group(1).lower() if match else ""
    if name not in OP_NAMES:
        raise _bad(
            raw,
            translate("Strides", "unknown operation {name}; allowed: {ops}").format(
                name=brief(name or body), ops=_allowed()
            ),
        )
    rest = match.group(2) if match else ""
    args = _ints(raw, rest)
    if name in ("view", "reshape", "expand", "permute"):
        empty = rest.replace(" ", "") in ("()", "[]", "((),)")  # a 0-d shape, written out
        if name != "permute" and not args and not empty:
            raise _bad(
                raw, translate("Strides", "takes a shape, e.g. {usage} 2,6").format(usage=name)
            )
        return Op(name, (tuple(args),), raw)
    counts = {"transpose": (2,), "t": (0,), "contiguous": (0,), "flatten": (0, 1, 2),
              "unsqueeze": (1,), "squeeze": (0, 1), "narrow": (3,), "select": (2,)}  # fmt: skip
    _count(raw, name, args, counts[name])
    return Op(name, tuple(args), raw)


def _allowed() -> str:
    return ", ".join(OP_NAMES[n] for n in OP_NAMES)


_APPLY: dict[str, Callable[..., ops.Outcome]] = {
    "view": ops.view,
    "reshape": ops.reshape,
    "expand": ops.expand,
    "transpose": ops.transpose,
    "permute": ops.permute,
    "t": ops.t,
    "contiguous": ops.contiguous,
    "flatten": ops.flatten,
    "unsqueeze": ops.unsqueeze,
    "squeeze": ops.squeeze,
    "narrow": ops.narrow,
    "select": ops.select,
}


def apply_op(layout: Layout, op: Op) -> ops.Outcome:
    """``op`` applied to ``layout``; raises :class:`~core.einops.strides_ops.TorchWouldRaise`."""
    if op.name == "[":
        return ops.index(layout, op.args)
    return _APPLY[op.name](layout, *op.args)


@dataclass(frozen=True)
class StepResult:
    """One step: the layout it gives, view or copy and bytes copied, or torch's error and why."""

    op: Op
    layout: Layout | None
    view: bool | None
    bytes_copied: int
    error: Text | None = None
    why: Text | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON keys of ``napkinlab strides``."""
        out: dict[str, Any] = {"op": self.op.text, "code": self.op.code()}
        if self.layout is not None:
            lay = self.layout
            out.update(
                shape=list(lay.shape),
                stride=list(lay.stride),
                offset=lay.offset,
                contiguous=lay.contiguous,
                view=self.view,
                bytes_copied=self.bytes_copied,
                storage=lay.storage_id,
                storage_elements=lay.storage_size,
            )
        else:
            out["error"] = str(self.error)
            if self.why is not None:
                out["why"] = str(self.why)
        return out


@dataclass(frozen=True)
class StridesChain:
    """The start tensor and every step applied to it."""

    start: Layout
    dtype: str
    steps: tuple[StepResult, ...]

    @property
    def bytes_copied(self) -> int:
        """Bytes all the steps' copies wrote."""
        return sum(s.bytes_copied for s in self.steps)

    def to_dict(self) -> dict[str, Any]:
        """JSON of ``napkinlab strides --json``."""
        lay = self.start
        return {
            "start": {
                "code": f"torch.arange({lay.numel}, dtype=torch.{self.dtype})"
                f".reshape({', '.join(str(s) for s in lay.shape)})",
                "shape": list(lay.shape),
                "stride": list(lay.stride),
                "offset": lay.offset,
                "contiguous": lay.contiguous,
                "element_size": lay.itemsize,
                "storage_elements": lay.storage_size,
            },
            "steps": [s.to_dict() for s in self.steps],
            "bytes_copied": self.bytes_copied,
        }


def run_ops(start: Layout, parsed: Sequence[Op | None]) -> list[StepResult]:
    """Apply operations in turn; a refused one leaves the tensor as it was for the next, and a
    ``None`` (a row that is no operation) is skipped the same way."""
    results: list[StepResult] = []
    layout = start
    for op in parsed:
        if op is None:
            continue
        try:
            outcome = apply_op(layout, op)
        except ops.TorchWouldRaise as exc:
            results.append(StepResult(op, None, None, 0, exc.reason, exc.why))
            continue
        layout = outcome.layout
        results.append(StepResult(op, layout, outcome.view, outcome.bytes_copied))
    return results


def run_chain(shape: Sequence[int], dtype: str, texts: Sequence[str]) -> StridesChain:
    """Parse every operation (malformed text raises), then apply them to ``arange``."""
    dtype = stride_dtype(dtype)
    parsed = [parse_op(t) for t in texts]
    start = start_layout(shape, dtype)
    return StridesChain(start, dtype, tuple(run_ops(start, parsed)))

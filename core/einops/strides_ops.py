"""Torch's layout operations on a :class:`~core.einops.strides.Layout`: view or copy, and why.

Each function takes a layout and the operation's arguments and returns an :class:`Outcome`: the
new layout, whether it is a view of the same storage, and the bytes a copy wrote. Where torch
raises, they raise :class:`TorchWouldRaise` with a message that says what torch says and why
(the meaning of torch's own error text; the tab can also show torch's exact words).

The rules, as ATen implements them (``aten/src/ATen/native/TensorShape.cpp``):

- ``view`` shares storage when :func:`~core.einops.strides.view_strides` finds strides, else
  raises; ``reshape`` is that view when it exists, else a contiguous copy then a view.
- ``contiguous`` returns the tensor itself when it is contiguous, else a row-major copy.
- ``transpose``/``permute``/``t`` reorder sizes and strides; ``expand`` gives new or broadcast
  dimensions stride 0; ``unsqueeze`` inserts a size-1 dimension with stride ``size·stride`` of the
  dimension it lands before (1 at the end); ``squeeze`` drops size-1 dimensions.
- Indexing ``[a:b:c, i]`` and ``narrow``/``select`` move the offset by ``start·stride`` and
  multiply the stride by the step; an integer index drops its dimension.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from core.einops.strides import (
    Layout,
    contiguous_strides,
    format_dims,
    infer_shape,
    view_chunks,
    view_strides,
)
from core.texts import Text, join_texts, translate

__all__ = [
    "IndexItem",
    "Outcome",
    "TorchWouldRaise",
    "contiguous",
    "expand",
    "flatten",
    "index",
    "narrow",
    "permute",
    "reshape",
    "select",
    "squeeze",
    "t",
    "transpose",
    "unsqueeze",
    "view",
]


class TorchWouldRaise(Exception):
    """The operation is well formed but torch refuses it; ``reason`` is a translatable message."""

    def __init__(self, reason: Text, why: Text | None = None) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.why = why


@dataclass(frozen=True)
class Outcome:
    """One operation's result: the layout, view or copy, and the bytes written by a copy."""

    layout: Layout
    view: bool
    bytes_copied: int


def _view_of(layout: Layout, shape: Sequence[int], stride: Sequence[int], offset: int) -> Outcome:
    return Outcome(
        replace(layout, shape=tuple(shape), stride=tuple(stride), offset=offset), True, 0
    )


def _copy(layout: Layout, shape: Sequence[int] | None = None) -> Outcome:
    """A fresh contiguous tensor holding ``layout``'s elements in row-major order."""
    new_shape = tuple(layout.shape if shape is None else shape)
    fresh = Layout(
        shape=new_shape,
        stride=contiguous_strides(new_shape),
        offset=0,
        itemsize=layout.itemsize,
        storage_size=layout.numel,
        storage_id=layout.storage_id + 1,
        filled_from=layout,
    )
    return Outcome(fresh, False, layout.nbytes)


def wrap_dim(dim: int, ndim: int) -> int:
    """``dim`` counted from 0 (negative counts from the end), as torch's ``maybe_wrap_dim``."""
    top = max(ndim, 1)
    if not -top <= dim < top:
        raise TorchWouldRaise(
            translate(
                "Strides",
                "Dimension out of range (expected to be in range of [{low}, {high}], but got {dim})",
            ).format(low=-top, high=top - 1, dim=dim)
        )
    return dim + top if dim < 0 else dim


def _shape(layout: Layout, shape: Sequence[int]) -> tuple[int, ...]:
    try:
        return infer_shape(shape, layout.numel)
    except ValueError as exc:
        reason = exc.args[0]
        raise TorchWouldRaise(
            reason if isinstance(reason, Text) else Text("", str(reason), {})
        ) from None


def _block(layout: Layout, dims: Sequence[int]) -> Text:
    n = 1
    for d in dims:
        n *= layout.shape[d]
    stride = layout.stride[dims[-1]]
    if len(dims) == 1:
        return translate("Strides", "dim {dim} ({n} × stride {stride})").format(
            dim=dims[0], n=n, stride=stride
        )
    return translate("Strides", "dims {first}–{last} ({n} × stride {stride})").format(
        first=dims[0], last=dims[-1], n=n, stride=stride
    )


def _why_not_a_view(layout: Layout, new_shape: Sequence[int]) -> Text:
    blocks = join_texts([_block(layout, c) for c in view_chunks(layout.shape, layout.stride)], "; ")
    return translate(
        "Strides",
        "strides {stride} space the elements evenly only within blocks: {blocks}. Shape "
        "{shape} needs a dimension across two blocks, which no single stride describes; "
        "reshape() or contiguous() copies instead.",
    ).format(stride=format_dims(layout.stride), blocks=blocks, shape=format_dims(new_shape))


def view(layout: Layout, shape: Sequence[int]) -> Outcome:
    """``x.view(shape)``: the same storage, or :class:`TorchWouldRaise`."""
    new_shape = _shape(layout, shape)
    strides = view_strides(layout.shape, layout.stride, new_shape)
    if strides is None:
        raise TorchWouldRaise(
            translate(
                "Strides",
                "view size is not compatible with input tensor's size and stride (at least one "
                "dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
            ),
            _why_not_a_view(layout, new_shape),
        )
    return _view_of(layout, new_shape, strides, layout.offset)


def reshape(layout: Layout, shape: Sequence[int]) -> Outcome:
    """``x.reshape(shape)``: a view when one exists, else a contiguous copy."""
    new_shape = _shape(layout, shape)
    strides = view_strides(layout.shape, layout.stride, new_shape)
    if strides is not None:
        return _view_of(layout, new_shape, strides, layout.offset)
    return _copy(layout, new_shape)


def contiguous(layout: Layout) -> Outcome:
    """``x.contiguous()``: itself when contiguous, else a row-major copy."""
    if layout.contiguous:
        return Outcome(layout, True, 0)
    return _copy(layout)


def transpose(layout: Layout, dim0: int, dim1: int) -> Outcome:
    """``x.transpose(dim0, dim1)``: two sizes and strides swapped."""
    a, b = wrap_dim(dim0, layout.ndim), wrap_dim(dim1, layout.ndim)
    if layout.ndim == 0:
        return Outcome(layout, True, 0)
    shape, stride = list(layout.shape), list(layout.stride)
    shape[a], shape[b] = shape[b], shape[a]
    stride[a], stride[b] = stride[b], stride[a]
    return _view_of(layout, shape, stride, layout.offset)


def t(layout: Layout) -> Outcome:
    """``x.t()``: transpose of a tensor of at most 2 dimensions."""
    if layout.ndim > 2:
        raise TorchWouldRaise(
            translate(
                "Strides", "t() expects a tensor with <= 2 dimensions, but self is {ndim}D"
            ).format(ndim=layout.ndim)
        )
    if layout.ndim < 2:
        return Outcome(layout, True, 0)
    return transpose(layout, 0, 1)


def permute(layout: Layout, dims: Sequence[int]) -> Outcome:
    """``x.permute(dims)``: sizes and strides in the order ``dims`` names."""
    if len(dims) != layout.ndim:
        raise TorchWouldRaise(
            translate(
                "Strides",
                "permute(): the number of dims ({given}) does not match the tensor's dimensions "
                "({ndim}); name each dimension once",
            ).format(given=len(dims), ndim=layout.ndim)
        )
    wrapped = [wrap_dim(d, layout.ndim) for d in dims]
    if len(set(wrapped)) != len(wrapped):
        raise TorchWouldRaise(translate("Strides", "permute(): duplicate dims are not allowed."))
    return _view_of(
        layout,
        [layout.shape[d] for d in wrapped],
        [layout.stride[d] for d in wrapped],
        layout.offset,
    )


def expand(layout: Layout, sizes: Sequence[int]) -> Outcome:
    """``x.expand(sizes)``: broadcast size-1 and new leading dimensions with stride 0."""
    n, ndim = len(sizes), layout.ndim
    if n < ndim:
        raise TorchWouldRaise(
            translate(
                "Strides",
                "expand: the number of sizes provided ({given}) must be greater or equal to the "
                "number of dimensions in the tensor ({ndim})",
            ).format(given=n, ndim=ndim)
        )
    shape, stride = [0] * n, [0] * n
    for i in range(n - 1, -1, -1):
        dim = ndim - 1 - (n - 1 - i)
        size = layout.shape[dim] if dim >= 0 else 1
        # a new leading dimension continues the one after it (a 0-d tensor's last gets 0, as in
        # torch 2.x)
        st = layout.stride[dim] if dim >= 0 else (shape[i + 1] * stride[i + 1] if i < n - 1 else 0)
        target = sizes[i]
        if target == -1:
            if dim < 0:
                raise TorchWouldRaise(
                    translate(
                        "Strides",
                        "The expanded size of the tensor (-1) isn't allowed in a leading, "
                        "non-existing dimension {dim}",
                    ).format(dim=i)
                )
            target = size
        elif target < 0:
            raise TorchWouldRaise(
                translate(
                    "Strides",
                    "expand: size {size} is negative; allowed: sizes from 0, or -1 to keep one",
                ).format(size=target)
            )
        if size != target:
            if size != 1:
                raise TorchWouldRaise(
                    translate(
                        "Strides",
                        "The expanded size of the tensor ({target}) must match the existing size "
                        "({size}) at non-singleton dimension {dim}.  Target sizes: {sizes}.  "
                        "Tensor sizes: {shape}",
                    ).format(
                        target=target,
                        size=size,
                        dim=i,
                        sizes=format_dims(sizes),
                        shape=format_dims(layout.shape),
                    )
                )
            size, st = target, 0
        shape[i], stride[i] = size, st
    return _view_of(layout, shape, stride, layout.offset)


def unsqueeze(layout: Layout, dim: int) -> Outcome:
    """``x.unsqueeze(dim)``: a size-1 dimension inserted before ``dim``."""
    d = wrap_dim(dim, layout.ndim + 1)
    st = 1 if d >= layout.ndim else layout.shape[d] * layout.stride[d]
    shape = [*layout.shape[:d], 1, *layout.shape[d:]]
    stride = [*layout.stride[:d], st, *layout.stride[d:]]
    return _view_of(layout, shape, stride, layout.offset)


def squeeze(layout: Layout, dim: int | None = None) -> Outcome:
    """``x.squeeze()`` (every size-1 dimension) or ``x.squeeze(dim)`` (that one, if size 1)."""
    if dim is None:
        keep = [d for d in range(layout.ndim) if layout.shape[d] != 1]
    else:
        d = wrap_dim(dim, layout.ndim)
        keep = [i for i in range(layout.ndim) if not (i == d and layout.shape[i] == 1)]
    return _view_of(
        layout, [layout.shape[d] for d in keep], [layout.stride[d] for d in keep], layout.offset
    )


def flatten(layout: Layout, start: int = 0, end: int = -1) -> Outcome:
    """``x.flatten(start, end)``: a reshape merging dimensions ``start`` to ``end``."""
    a, b = wrap_dim(start, layout.ndim), wrap_dim(end, layout.ndim)
    if layout.ndim == 0:
        return reshape(layout, [1])
    if a > b:
        raise TorchWouldRaise(
            translate("Strides", "flatten() has invalid args: start_dim cannot come after end_dim")
        )
    if a == b:
        return Outcome(layout, True, 0)
    merged = 1
    for s in layout.shape[a : b + 1]:
        merged *= s
    return reshape(layout, [*layout.shape[:a], merged, *layout.shape[b + 1 :]])


def _slice(layout: Layout, d: int, start: int | None, stop: int | None, step: int) -> Layout:
    size = layout.shape[d]
    lo = 0 if start is None else start
    hi = size if stop is None else stop
    if lo < 0:
        lo += size
    if hi < 0:
        hi += size
    lo = min(max(lo, 0), size)
    hi = min(max(hi, lo), size)
    shape, stride = list(layout.shape), list(layout.stride)
    shape[d] = (hi - lo + step - 1) // step
    stride[d] *= step
    return replace(
        layout,
        shape=tuple(shape),
        stride=tuple(stride),
        offset=layout.offset + lo * layout.stride[d],
    )


def _select(layout: Layout, d: int, i: int, shown: int | None = None) -> Layout:
    size = layout.shape[d]
    if not -size <= i < size:
        raise TorchWouldRaise(
            translate(
                "Strides", "index {index} is out of bounds for dimension {dim} with size {size}"
            ).format(index=i, dim=d if shown is None else shown, size=size)
        )
    i = i + size if i < 0 else i
    return replace(
        layout,
        shape=layout.shape[:d] + layout.shape[d + 1 :],
        stride=layout.stride[:d] + layout.stride[d + 1 :],
        offset=layout.offset + i * layout.stride[d],
    )


def narrow(layout: Layout, dim: int, start: int, length: int) -> Outcome:
    """``x.narrow(dim, start, length)``: ``length`` elements of ``dim`` from ``start``."""
    if layout.ndim == 0:
        raise TorchWouldRaise(translate("Strides", "narrow() cannot be applied to a 0-dim tensor."))
    d = wrap_dim(dim, layout.ndim)
    size = layout.shape[d]
    if not -size <= start <= size:
        raise TorchWouldRaise(
            translate(
                "Strides",
                "start out of range (expected to be in range of [{low}, {high}], but got {start})",
            ).format(low=-size, high=size, start=start)
        )
    start = start + size if start < 0 else start
    if length < 0 or start + length > size:
        raise TorchWouldRaise(
            translate(
                "Strides", "start ({start}) + length ({length}) exceeds dimension size ({size})."
            ).format(start=start, length=length, size=size)
        )
    return Outcome(_slice(layout, d, start, start + length, 1), True, 0)


def select(layout: Layout, dim: int, i: int) -> Outcome:
    """``x.select(dim, i)``: element ``i`` of ``dim``, which is dropped."""
    if layout.ndim == 0:
        raise TorchWouldRaise(translate("Strides", "select() cannot be applied to a 0-dim tensor."))
    d = wrap_dim(dim, layout.ndim)
    if not -layout.shape[d] <= i < layout.shape[d]:
        raise TorchWouldRaise(
            translate(
                "Strides",
                "select(): index {index} out of range for tensor of size {shape} at dimension "
                "{dim}",
            ).format(index=i, shape=format_dims(layout.shape), dim=d)
        )
    return Outcome(_select(layout, d, i), True, 0)


#: One item of an index: an integer, or a slice ``(start, stop, step)`` with ``None`` for omitted.
IndexItem = int | tuple[int | None, int | None, int]


def index(layout: Layout, items: Sequence[IndexItem]) -> Outcome:
    """``x[items]`` with integers and slices (missing trailing dimensions are kept whole)."""
    if len(items) > layout.ndim:
        raise TorchWouldRaise(
            translate(
                "Strides",
                "too many indices for tensor of dimension {ndim} (got {given})",
            ).format(ndim=layout.ndim, given=len(items))
        )
    out, d = layout, 0
    for position, item in enumerate(items):
        if isinstance(item, int):
            out = _select(out, d, item, position)
            continue
        start, stop, step = item
        if step <= 0:
            raise TorchWouldRaise(translate("Strides", "step must be greater than zero"))
        out = _slice(out, d, start, stop, step)
        d += 1
    return Outcome(out, True, 0)

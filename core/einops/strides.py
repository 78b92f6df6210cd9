"""A tensor as a view of storage: shape, strides and storage offset, and the rules torch applies.

This answers the lecture's "a tensor is a view of storage" without torch: a :class:`Layout` holds
what ``x.shape``, ``x.stride()``, ``x.storage_offset()`` and ``x.element_size()`` return, plus the
storage it points into. The functions here are torch's own layout rules, written out:

- :func:`view_strides` is ATen's ``computeStride`` (``aten/src/ATen/TensorUtils.cpp``): a view's
  new strides exist when every dimension of the new shape lies inside one *chunk* of the old
  tensor, a run of dimensions that are contiguous with one another (``stride[d] ==
  stride[d+1] * size[d+1]``; dimensions of size 1 never break a chunk). A 0-element tensor can
  always be viewed: its old strides are kept when the shape is unchanged, otherwise the new
  strides are those of a fresh tensor (sizes of 0 counted as 1).
- :func:`is_contiguous` is ``TensorImpl::compute_contiguous``: row-major strides, ignoring
  dimensions of size 1; every 0-element tensor is contiguous.
- :func:`infer_shape` is ``infer_size``: one ``-1`` may stand for the rest of the elements.

Counting convention: a copy moves ``numel × element size`` bytes (each element read once and
written once; "bytes copied" counts the bytes written). A view copies none.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from core.texts import Text, translate

__all__ = [
    "Layout",
    "contiguous_strides",
    "format_dims",
    "infer_shape",
    "is_contiguous",
    "view_chunks",
    "view_strides",
]


def format_dims(dims: Sequence[int]) -> str:
    """``[3, 4]``: a shape or strides as torch prints them in its messages."""
    return "[" + ", ".join(str(d) for d in dims) + "]"


def contiguous_strides(shape: Sequence[int]) -> tuple[int, ...]:
    """Row-major strides of a fresh tensor of ``shape`` (sizes of 0 count as 1, as in torch)."""
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * max(shape[d + 1], 1)
    return tuple(strides)


def _numel(shape: Sequence[int]) -> int:
    n = 1
    for s in shape:
        n *= s
    return n


def is_contiguous(shape: Sequence[int], stride: Sequence[int]) -> bool:
    """Whether ``shape``/``stride`` is row-major contiguous, as ``Tensor.is_contiguous()`` says."""
    if _numel(shape) == 0:
        return True
    expected = 1
    for size, st in zip(reversed(shape), reversed(stride), strict=True):
        if size == 1:
            continue
        if st != expected:
            return False
        expected *= size
    return True


def infer_shape(shape: Sequence[int], numel: int) -> tuple[int, ...]:
    """``shape`` with its ``-1`` filled in for a tensor of ``numel`` elements (torch's
    ``infer_size``); raises ``ValueError`` with a :class:`~core.texts.Text` saying why not."""
    shown = format_dims(shape)
    infer: int | None = None
    known = 1
    for i, size in enumerate(shape):
        if size == -1:
            if infer is not None:
                raise ValueError(translate("Strides", "only one dimension can be inferred"))
            infer = i
        elif size >= 0:
            known *= size
        else:
            raise ValueError(
                translate("Strides", "invalid shape dimension {size}").format(size=size)
            )
    if numel == known or (infer is not None and known > 0 and numel % known == 0):
        out = list(shape)
        if infer is not None:
            if known == 0:
                raise ValueError(
                    translate(
                        "Strides",
                        "cannot reshape tensor of 0 elements into shape {shape} because the "
                        "unspecified dimension size -1 can be any value and is ambiguous",
                    ).format(shape=shown)
                )
            out[infer] = numel // known
        return tuple(out)
    raise ValueError(
        translate("Strides", "shape '{shape}' is invalid for input of size {numel}").format(
            shape=shown, numel=numel
        )
    )


def view_strides(
    old_shape: Sequence[int], old_stride: Sequence[int], new_shape: Sequence[int]
) -> tuple[int, ...] | None:
    """The strides a ``view`` to ``new_shape`` gets, or ``None`` when torch refuses the view.

    ``new_shape`` has no ``-1`` left (see :func:`infer_shape`) and the same element count. This
    follows ATen's ``computeStride`` step for step: walk the old dimensions from the last, close a
    chunk wherever the next dimension is not contiguous with it, and give the new dimensions of
    the same element count the chunk's strides.
    """
    if not old_shape:
        return (1,) * len(new_shape)
    numel = _numel(old_shape)
    if numel == 0:
        if tuple(old_shape) == tuple(new_shape):
            return tuple(old_stride)
        return contiguous_strides(new_shape)
    new_stride = [0] * len(new_shape)
    view_d = len(new_shape) - 1
    chunk_base = old_stride[-1]
    tensor_numel = 1
    view_numel = 1
    for tensor_d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[tensor_d]
        if tensor_d == 0 or (
            old_shape[tensor_d - 1] != 1 and old_stride[tensor_d - 1] != tensor_numel * chunk_base
        ):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_stride[view_d] = view_numel * chunk_base
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base = old_stride[tensor_d - 1]
                tensor_numel = 1
                view_numel = 1
    if view_d != -1:
        return None
    return tuple(new_stride)


def view_chunks(shape: Sequence[int], stride: Sequence[int]) -> list[tuple[int, ...]]:
    """The dimensions grouped into chunks a view may regroup but never cross (first to last).

    Dimensions ``d`` and ``d+1`` share a chunk when ``stride[d] == stride[d+1] * size[d+1]`` or
    ``size[d] == 1`` (the same test as :func:`view_strides`). Used to say why a view fails.
    """
    if not shape:
        return []
    chunks: list[list[int]] = [[len(shape) - 1]]
    chunk_base = stride[-1]
    numel = shape[-1]
    for d in range(len(shape) - 2, -1, -1):
        if shape[d] != 1 and stride[d] != numel * chunk_base:
            chunks.insert(0, [d])
            chunk_base = stride[d]
            numel = shape[d]
        else:
            chunks[0].insert(0, d)
            numel *= shape[d]
    return [tuple(c) for c in chunks]


@dataclass(frozen=True)
class Layout:
    """What torch knows about a strided tensor: its place in its storage.

    Attributes
    ----------
    shape, stride
        ``x.shape`` and ``x.stride()``, in elements.
    offset
        ``x.storage_offset()``: the storage element that holds ``x[0, 0, ...]``.
    itemsize
        ``x.element_size()``, bytes per element.
    storage_size
        Elements in the storage (``x.untyped_storage().nbytes() // itemsize``).
    storage_id
        0 for the first tensor's storage; each copy gets a new number.
    filled_from
        For a storage made by a copy: the layout whose elements, read in row-major order, it
        holds (``None`` for the first storage, which holds 0, 1, 2, …: ``torch.arange``).
    """

    shape: tuple[int, ...]
    stride: tuple[int, ...]
    offset: int
    itemsize: int
    storage_size: int
    storage_id: int = 0
    filled_from: Layout | None = field(default=None, repr=False, compare=False)

    @property
    def ndim(self) -> int:
        """Number of dimensions."""
        return len(self.shape)

    @property
    def numel(self) -> int:
        """Number of elements."""
        return _numel(self.shape)

    @property
    def nbytes(self) -> int:
        """Bytes of its elements (``numel × itemsize``), what a copy of it writes."""
        return self.numel * self.itemsize

    @property
    def contiguous(self) -> bool:
        """``x.is_contiguous()``."""
        return is_contiguous(self.shape, self.stride)

    def indices(self) -> Iterator[tuple[int, ...]]:
        """Every logical index, in row-major order."""
        if self.numel == 0:
            return
        index = [0] * self.ndim
        while True:
            yield tuple(index)
            d = self.ndim - 1
            while d >= 0:
                index[d] += 1
                if index[d] < self.shape[d]:
                    break
                index[d] = 0
                d -= 1
            if d < 0:
                return

    def address(self, index: Sequence[int]) -> int:
        """The storage element holding ``x[index]``: offset + Σ index·stride."""
        return self.offset + sum(i * s for i, s in zip(index, self.stride, strict=True))

    def addresses(self) -> list[int]:
        """The storage element of every logical element, in row-major order."""
        return [self.address(i) for i in self.indices()]

    def storage_values(self) -> list[int]:
        """What each storage element holds, as the value of the first tensor's ``arange``."""
        if self.filled_from is None:
            return list(range(self.storage_size))
        source = self.filled_from.storage_values()
        return [source[a] for a in self.filled_from.addresses()]

    def describe(self) -> Text:
        """``shape [3, 4], stride [4, 1], offset 0, contiguous``."""
        template = (
            translate("Strides", "shape {shape}, stride {stride}, offset {offset}, contiguous")
            if self.contiguous
            else translate(
                "Strides", "shape {shape}, stride {stride}, offset {offset}, not contiguous"
            )
        )
        return template.format(
            shape=format_dims(self.shape), stride=format_dims(self.stride), offset=self.offset
        )

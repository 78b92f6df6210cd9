"""FLOPs of a traced step by torch's registered formulas, counted inside the memory tracker's dispatch.

The count is ``FlopCounterMode``'s, without a mode of its own: the same formulas
(:data:`torch.utils.flop_counter.flop_registry`, a multiply-add counts 2) looked up by the op's
overload packet, with :func:`flop_mapping`'s attention formulas in place of torch's (CPU flash
attention has none there; torch before 2.12 rejects grouped-query shapes). As in
``FlopCounterMode``, an op that has a ``CompositeImplicitAutograd`` kernel is decomposed and its
parts are counted (and tracked) instead. Ops without a formula (elementwise, copies) count 0.

Why not ``FlopCounterMode`` itself: it is one more dispatch mode that every op of the step (and
every ``prim.device`` query of the autograd engine) passes through, with a module tracker of its
own; that doubled the Python work of a trace for one number.
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["FlopCount", "flop_mapping", "formula_flops", "sdpa_backward_flops", "sdpa_flops"]


def sdpa_flops(q: Any, k: Any, v: Any) -> int:
    """Forward FLOPs of attention, ``QKᵀ`` and ``A·V``: ``2·b·h·s_q·s_k·(d_q + d_v)``.

    Grouped-query attention (fewer key/value heads) counts the query's heads. Written here
    because torch before 2.12 asserts equal heads in its own formula (a traced GQA model failed).
    """
    b, h, s_q, d_q = (int(x) for x in q)
    s_k, d_v = int(k[-2]), int(v[-1])
    return 2 * b * h * s_q * s_k * (d_q + d_v)


def sdpa_backward_flops(q: Any, k: Any, v: Any) -> int:
    """Backward FLOPs: the scores recomputed plus four gradient matmuls (``2.5 ×`` forward)."""
    b, h, s_q, d_q = (int(x) for x in q)
    s_k, d_v = int(k[-2]), int(v[-1])
    return 2 * b * h * s_q * s_k * (2 * d_q + 3 * d_v)


def flop_mapping() -> dict[Any, Any]:
    """FLOP formulas (on shapes) for every fused attention op, GQA included.

    ``FlopCounterMode`` maps CPU flash attention to nothing, and torch before 2.12 rejects
    grouped-query shapes in the CUDA ops' formulas; one formula here serves every op. Pass it as
    ``FlopCounterMode(custom_mapping=flop_mapping())`` for the same count as :class:`FlopCount`.
    """
    import torch

    aten = torch.ops.aten
    mapping: dict[Any, Any] = {}

    def fwd_flops(q: Any, k: Any, v: Any, *args: Any, out_shape: Any = None, **kw: Any) -> int:
        return sdpa_flops(q, k, v)

    def bwd_flops(go: Any, q: Any, k: Any, v: Any, *args: Any, out_shape: Any = None,
                  **kw: Any) -> int:  # fmt: skip
        return sdpa_backward_flops(q, k, v)

    for name in ("_scaled_dot_product_flash_attention_for_cpu",
                 "_scaled_dot_product_efficient_attention",
                 "_scaled_dot_product_flash_attention",
                 "_scaled_dot_product_cudnn_attention"):  # fmt: skip
        op = getattr(aten, name, None)
        if op is not None:
            mapping[op] = fwd_flops
        op = getattr(aten, name + "_backward", None)
        if op is not None:
            mapping[op] = bwd_flops
    return mapping


@functools.cache
def _formulas() -> dict[Any, Any]:
    """torch's registry with :func:`flop_mapping` over it, as ``FlopCounterMode`` merges them."""
    from torch.utils.flop_counter import flop_registry, shape_wrapper

    return {**flop_registry, **{k: shape_wrapper(v) for k, v in flop_mapping().items()}}


class FlopCount:
    """The running FLOP total of the ops passed to :meth:`add` (see the module docstring)."""

    def __init__(self) -> None:
        self.total = 0
        self._formulas = _formulas()
        #: ``id(op) -> (op, decomposes, formula)``: an op's hash is a Python call, an id is not.
        self._ops: dict[int, tuple[Any, bool, Any]] = {}

    def facts(self, func: Any) -> tuple[bool, Any]:
        """``(decomposes, formula)`` of an op, worked out once per op: whether
        ``FlopCounterMode`` would run it as its decomposition, and its FLOP formula (or ``None``)."""
        found = self._ops.get(id(func))
        if found is None or found[0] is not func:
            formula = self._formulas.get(getattr(func, "_overloadpacket", None))
            found = self._ops[id(func)] = (func, _has_composite_kernel(func), formula)
        return found[1], found[2]

    def decomposes(self, func: Any) -> bool:
        """Whether ``FlopCounterMode`` would run ``func`` as its decomposition (cached per op)."""
        return self.facts(func)[0]

    def add(self, func: Any, args: Any, kwargs: Any, out: Any) -> None:
        """Count one op that ran (``out`` is its result)."""
        formula = self.facts(func)[1]
        if formula is not None:
            self.total += formula_flops(formula, args, kwargs, out)


#: ``formula(*args, **kwargs, out_val=out)`` per formula and argument shapes (a step repeats the
#: same few matmul shapes once per layer; the formulas see shapes only).
_BY_SHAPES: dict[Any, int] = {}


def formula_flops(formula: Any, args: Any, kwargs: Any, out: Any) -> int:
    """``formula(*args, **kwargs, out_val=out)`` of a registered FLOP formula, cached by shapes.

    torch's formulas (``shape_wrapper``) turn every tensor into its shape before counting, so the
    result depends on the shapes and the other arguments only: those are the key.
    """
    try:
        key = (formula, _shape_key(args), _shape_key(kwargs), _shape_key(out))
        found = _BY_SHAPES.get(key)
    except TypeError:  # an argument that cannot be a key: count without the cache
        return formula(*args, **kwargs, out_val=out)
    if found is None:
        if len(_BY_SHAPES) > 4096:
            _BY_SHAPES.clear()
        found = _BY_SHAPES[key] = formula(*args, **kwargs, out_val=out)
    return found


def _shape_key(obj: Any) -> Any:
    import torch

    if isinstance(obj, torch.Tensor):
        return (_TENSOR, tuple(obj.shape))
    if isinstance(obj, list | tuple):
        return (type(obj), *(_shape_key(item) for item in obj))
    if isinstance(obj, dict):
        return (dict, *((k, _shape_key(v)) for k, v in obj.items()))
    hash(obj)
    return (type(obj), obj)  # True and 1 are equal keys otherwise


_TENSOR = object()  # marks a tensor's shape in a key (a tuple of ints could be an argument)


def _has_composite_kernel(func: Any) -> bool:
    import torch
    from torch._C import DispatchKey

    if not isinstance(func, torch._ops.OpOverload) or func is torch.ops.prim.device.default:
        return False
    key = DispatchKey.CompositeImplicitAutograd
    has_kernel = torch._C._dispatch_has_kernel_for_dispatch_key
    return key in func.py_kernels or has_kernel(func.name(), key)

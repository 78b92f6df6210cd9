"""What one dispatched aten op costs: its kind, FLOPs, bytes read and bytes written.

The counting conventions are those of :mod:`core.roofline.ops` (one convention across tabs):

* **Matmuls and attention**: the formulas torch's ``FlopCounterMode`` registers
  (:data:`torch.utils.flop_counter.flop_registry`: a multiply-add counts 2, so ``mm(m, k, n)`` is
  ``2·m·k·n``). Attention on CPU dispatches ``_scaled_dot_product_flash_attention_for_cpu`` (and its
  backward), which the registry lacks (it would count 0): the registry's own SDPA shape formulas are
  used for them (full ``s²``, no causal halving; backward 2.5× forward).
* **Per element** (of the output, or of the tensor updated in place; of the input for reductions):
  1 FLOP for an ordinary pointwise op (add, mul, exp and other transcendentals count 1); GELU and
  its backward 20 (the lecture's count for the tanh formula); SiLU 4, its backward 6; sigmoid 3;
  ``addcmul``/``addcdiv``/``lerp`` 3; softmax and log-softmax 5 (max, subtract, exp, sum, divide),
  their backward 4; layer norm 7 (forward) and 14 (backward), RMS norm 4 and 8; a reduction 1 per
  input element; the embedding backward 1 per gradient element (an indexed add); the negative
  log-likelihood 1 per row; fused Adam/AdamW 14 per parameter element (decay 1, first moment 3,
  second moment 4, ``√v/bc + ε`` 3, update 3); a ``_foreach_`` op counts as its single-tensor op
  over every tensor of its list. Copies, layout changes, factories and host syncs count 0.
* **Bytes** are the minimum traffic: every tensor argument read once (a tensor passed twice is read
  once), every output written once, with each tensor's own element size. Views (``view``,
  ``transpose``, ``expand``, ``detach``, ``_unsafe_view`` …) are free. An in-place op writes the
  tensors it mutates (``add_``, ``_foreach_mul_``, ``_fused_adamw_``, which return nothing); ops that
  overwrite without reading (``copy_``, ``fill_``, ``zero_``) do not read their destination, and
  ``empty`` writes nothing. Caches and re-reads are ignored, so intensities are upper bounds.

Nothing here raises on an op it does not know: it falls back to the pointwise rule and the caller
records what went wrong on the op.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from core.memory.flops import formula_flops

__all__ = ["KINDS", "classify", "dtype_id", "flat_tensors", "op_cost", "sdpa_flops"]

#: Op kinds, in the order tables list them.
KINDS: tuple[str, ...] = (
    "matmul",
    "attention",
    "pointwise",
    "norm",
    "softmax/loss",
    "reduction",
    "embedding",
    "copy/layout",
    "optimizer",
    "host sync",
)

_MATMUL = {
    "mm", "addmm", "bmm", "baddbmm", "matmul", "linear", "_scaled_mm", "convolution",
    "convolution_backward", "addbmm", "addmv", "mv", "dot", "_int_mm",
}  # fmt: skip
_NORM = {
    "native_layer_norm", "native_layer_norm_backward", "_fused_rms_norm",
    "_fused_rms_norm_backward", "rms_norm", "layer_norm", "native_batch_norm",
    "native_batch_norm_backward", "native_group_norm", "native_group_norm_backward",
}  # fmt: skip
_SOFTMAX = {
    "_softmax", "_log_softmax", "_softmax_backward_data", "_log_softmax_backward_data",
    "nll_loss_forward", "nll_loss_backward", "nll_loss2d_forward", "nll_loss2d_backward",
    "cross_entropy_loss", "mse_loss", "mse_loss_backward", "binary_cross_entropy",
}  # fmt: skip
_EMBEDDING = {"embedding", "embedding_dense_backward", "embedding_backward"}
_REDUCTION = {
    "sum", "mean", "amax", "amin", "max", "min", "prod", "var", "std", "var_mean",
    "linalg_vector_norm", "norm", "argmax", "argmin", "all", "any", "logsumexp",
}  # fmt: skip
_HOST = {"_local_scalar_dense", "item", "is_nonzero", "equal"}
_FACTORY = {
    "zeros", "ones", "full", "empty", "empty_like", "zeros_like", "ones_like", "full_like",
    "new_zeros", "new_ones", "new_full", "new_empty", "new_empty_strided", "empty_strided",
    "arange", "scalar_tensor", "randint", "randn", "rand", "rand_like", "randn_like",
    "randint_like", "normal", "uniform",
}  # fmt: skip
_COPY = {
    "copy_", "_to_copy", "clone", "cat", "stack", "contiguous", "repeat", "repeat_interleave",
    "index_select", "gather", "scatter", "scatter_add", "index", "index_put", "index_put_",
    "slice_backward", "select_backward", "constant_pad_nd", "fill_", "zero_", "masked_fill",
    "triu", "tril", "flip", "roll", "_unsafe_view", "lift_fresh_copy", "index_add", "split",
    "split_with_sizes", "unbind", "chunk", "where", "masked_scatter", "new_empty",
}  # fmt: skip
#: Ops that overwrite their destination without reading it.
_NO_READ_DEST = {"copy_", "fill_", "zero_", "normal_", "uniform_", "random_", "bernoulli_"}
#: Ops whose outputs alias their input although the schema does not say so.
_ALIAS = {"_unsafe_view", "lift_fresh", "alias", "detach", "_reshape_alias"}
#: Arguments a schema marks as written that a plain step leaves alone (unscaled only with a scaler).
_NOT_WRITTEN = {"_fused_adamw_": {"grads"}, "_fused_adam_": {"grads"}, "_fused_sgd_": {"grads"}}

_PER_ELEMENT = {
    "gelu": 20, "gelu_backward": 20, "silu": 4, "silu_backward": 6, "sigmoid": 3,
    "addcmul": 3, "addcdiv": 3, "lerp": 3,
    "_softmax": 5, "_log_softmax": 5, "_softmax_backward_data": 4, "_log_softmax_backward_data": 4,
    "native_layer_norm": 7, "layer_norm": 7, "native_layer_norm_backward": 14,
    "_fused_rms_norm": 4, "rms_norm": 4, "_fused_rms_norm_backward": 8,
    "_fused_adamw": 14, "_fused_adam": 14, "_fused_sgd": 2,
}  # fmt: skip
_ZERO_FLOPS_KINDS = {"copy/layout", "host sync"}

_DTYPE_IDS = {
    "torch.float32": "fp32", "torch.bfloat16": "bf16", "torch.float16": "fp16",
    "torch.float64": "fp64", "torch.float8_e4m3fn": "fp8", "torch.float8_e5m2": "fp8",
    "torch.int8": "int8", "torch.int64": "int64", "torch.int32": "int32", "torch.bool": "bool",
    "torch.uint8": "uint8",
}  # fmt: skip


_DTYPE_CACHE: dict[Any, str] = {}


def dtype_id(dtype: Any) -> str:
    """``torch.bfloat16`` → ``bf16`` (the ids of :mod:`core.roofline.hardware`); others by name."""
    found = _DTYPE_CACHE.get(dtype)
    if found is None:
        text = str(dtype)
        found = _DTYPE_CACHE[dtype] = _DTYPE_IDS.get(text, text.removeprefix("torch."))
    return found


def base_name(func: Any) -> str:
    """``aten.add_.Tensor`` → ``add_``."""
    return str(func.overloadpacket.__name__)


def classify(name: str, func: Any, phase: str) -> str:
    """The kind of an op named ``name`` (see :data:`KINDS`)."""
    plain = name.removeprefix("_foreach_").rstrip("_") if name.startswith("_foreach_") else name
    if name in _MATMUL:
        return "matmul"
    if "scaled_dot_product" in name or "flash_attention" in name or "efficient_attention" in name:
        return "attention"
    if name in _HOST:
        return "host sync"
    if phase == "optimizer":
        return "optimizer"
    if name in _NORM:
        return "norm"
    if name in _SOFTMAX:
        return "softmax/loss"
    if name in _EMBEDDING:
        return "embedding"
    if plain in _REDUCTION:
        return "reduction"
    if name in _COPY or name in _FACTORY or func.is_view or name in _ALIAS:
        return "copy/layout"
    return "pointwise"


def sdpa_flops(func_name: str, args: tuple[Any, ...]) -> int:
    """FLOPs of CPU flash attention (forward or backward) by the registry's SDPA shape formulas."""
    backward = func_name.endswith("_backward")
    shapes = tuple(tuple(t.shape) for t in args[: 4 if backward else 3])
    return _sdpa_flops(backward, shapes)


@functools.lru_cache(maxsize=256)
def _sdpa_flops(backward: bool, shapes: tuple[tuple[int, ...], ...]) -> int:
    """The formula per shapes (every layer of a step repeats its attention's shapes)."""
    from torch.utils import flop_counter as fc

    if backward:
        return int(fc.sdpa_backward_flop_count(*shapes))
    return int(fc.sdpa_flop_count(*shapes))


def flat_tensors(obj: Any, out: list[Any]) -> None:
    """Append every tensor in ``obj`` (a tensor, or lists, tuples and dicts of them) to ``out``."""
    import torch

    _walk(obj, out, torch.Tensor)


def _walk(obj: Any, out: list[Any], tensor: type) -> None:
    if isinstance(obj, tensor):
        out.append(obj)
    elif isinstance(obj, list | tuple):
        for item in obj:
            if isinstance(item, tensor):
                out.append(item)
            elif isinstance(item, list | tuple | dict):
                _walk(item, out, tensor)
    elif isinstance(obj, dict):
        for item in obj.values():
            _walk(item, out, tensor)


@dataclass(frozen=True, slots=True)
class _OpInfo:
    """What one op overload's schema and name decide, worked out once per overload."""

    free: bool  # a view or an alias: no FLOPs, no bytes
    written: tuple[tuple[int, str], ...]  # (position, name) of the arguments the op writes
    no_read_dest: bool  # overwrites its destination without reading it
    writes_outputs: bool  # False for ``empty``-like factories
    formula: Any  # torch's registered FLOP formula, or None
    plain: str  # the name without ``_foreach_`` and the trailing ``_``
    per: int  # FLOPs per element by the module's conventions


#: ``id(op) -> (op, info)``: an op overload's hash is a Python call, its id is not.
_INFO: dict[int, tuple[Any, _OpInfo]] = {}


def _info(func: Any, name: str) -> _OpInfo:
    found = _INFO.get(id(func))
    if found is None or found[0] is not func:
        found = _INFO[id(func)] = (func, _make_info(func, name))
    return found[1]


def _make_info(func: Any, name: str) -> _OpInfo:
    from torch.utils import flop_counter as fc

    skip = _NOT_WRITTEN.get(name, set())
    written = tuple(
        (i, arg.name)
        for i, arg in enumerate(func._schema.arguments)
        if arg.alias_info is not None and arg.alias_info.is_write and arg.name not in skip
    )
    plain = name.removeprefix("_foreach_").rstrip("_")
    return _OpInfo(
        free=bool(func.is_view) or name in _ALIAS,
        written=written,
        no_read_dest=name in _NO_READ_DEST,
        writes_outputs=not name.startswith(("empty", "new_empty")),
        formula=fc.flop_registry.get(func.overloadpacket),
        plain=plain,
        per=_PER_ELEMENT.get(plain, _PER_ELEMENT.get(name, 1)),
    )


def _written_args(info: _OpInfo, args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Any]:
    found: list[Any] = []
    for i, arg_name in info.written:
        value = args[i] if i < len(args) else kwargs.get(arg_name)
        flat_tensors(value, found)
    return found


def op_cost(
    func: Any,
    name: str,
    kind: str,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    out: Any,
    arg_tensors: list[Any] | None = None,
) -> tuple[int, int, int]:
    """``(flops, bytes_read, bytes_written)`` of one dispatched op, by the module's conventions.

    ``arg_tensors``: the tensors of ``args`` in order, when the caller has them already.
    """
    info = _info(func, name)
    if info.free:
        return 0, 0, 0
    if arg_tensors is None:
        inputs: list[Any] = []
        flat_tensors(args, inputs)
    else:
        inputs = arg_tensors
    if kwargs:
        inputs = list(inputs)
        flat_tensors(kwargs, inputs)
    written = _written_args(info, args, kwargs) if info.written else []
    outputs: list[Any] = []
    flat_tensors(out, outputs)
    seen: set[int] = set()
    read = 0
    no_read = {id(t) for t in written} if info.no_read_dest else ()
    for t in inputs:
        key = id(t)
        if key not in seen and key not in no_read:
            seen.add(key)
            read += t.nbytes  # numel × element size
    done: set[int] = set()
    wrote = 0
    mutated = {id(w) for w in written} if written else ()
    if info.writes_outputs:
        for t in [*written, *outputs] if written else outputs:
            key = id(t)
            if key not in done and (key not in seen or key in mutated):
                done.add(key)
                wrote += t.nbytes
    return _flops(info, name, kind, args, kwargs, out, inputs, written, outputs), read, wrote


def _flops(
    info: _OpInfo,
    name: str,
    kind: str,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    out: Any,
    inputs: list[Any],
    written: list[Any],
    outputs: list[Any],
) -> int:
    if info.formula is not None:
        return int(formula_flops(info.formula, args, kwargs, out))
    if "flash_attention_for_cpu" in name:
        return sdpa_flops(name, args)
    if kind in _ZERO_FLOPS_KINDS or (kind == "embedding" and name == "embedding"):
        return 0
    if kind == "matmul" or kind == "attention":
        return 0
    plain, per = info.plain, info.per
    if kind == "reduction" or (kind == "optimizer" and plain in _REDUCTION):
        return per * sum(int(t.numel()) for t in inputs[:1])
    if plain in ("nll_loss_forward", "nll_loss_backward", "nll_loss2d_forward"):
        target = args[1] if len(args) > 1 else None
        return int(target.numel()) if target is not None and hasattr(target, "numel") else 0
    if plain.startswith("_fused_"):
        return per * sum(int(t.numel()) for t in _first_list(args))
    targets = written or outputs
    if kind == "norm" and outputs:
        targets = outputs[:1]
    return per * sum(int(t.numel()) for t in targets)


def _first_list(args: tuple[Any, ...]) -> list[Any]:
    found: list[Any] = []
    if args:
        flat_tensors(args[0], found)
    return found
